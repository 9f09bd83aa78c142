//! Building a recipe with locks: the one place where a generation is retried.
//!
//! A generator makes one attempt per request and meets its invariants by construction. Locks are the
//! exception: a pinned room can leave the rest of the mansion no valid arrangement for a given seed (a
//! door that cannot be placed, a route that cannot avoid a locked wall). Then the recipe is built again
//! with seeds derived from its own, and the first attempt whose every playability error and generator note
//! lies inside what the locks keep is taken. The retry sits here, above both `generate` and `analysis`,
//! so the generators never depend on the validator; and because a change to the validator can change
//! which attempt is taken, presets record the generator version and a fingerprint of the level they
//! rebuild to (see `io::preset`), so such a change is reported instead of silently giving another level.

use super::locks;
use crate::analysis::validate::{FindingKind, validate};
use crate::generate::recipe::Recipe;
use crate::generate::rng::mix64;
use crate::generate::{GenerateError, Request};
use crate::model::{Diagnostic, Level, LockedRoom, limits};

/// Attempts with derived seeds before a lock set is declared impossible.
pub const LOCK_ATTEMPTS: u64 = 48;

/// The seed of attempt `attempt` (0 is the recipe's own seed).
pub fn attempt_seed(seed: u64, attempt: u64) -> u64 {
    if attempt == 0 {
        seed
    } else {
        mix64(seed ^ mix64(attempt))
    }
}

/// Builds `recipe` keeping `locks`. Without locks this is the generator's single attempt. With locks,
/// attempts run until one is playable and has no generator note outside the locked rooms; its level keeps the recipe's seed and
/// notes the attempt in its diagnostics.
pub fn build(recipe: &Recipe, locks: &[LockedRoom]) -> Result<Level, GenerateError> {
    let mut level = build_attempts(recipe, locks)?;
    // What the locks kept goes by the numbers it had; the new guards and coins by the others.
    locks::keep_numbers(&mut level, locks);
    // Kept patrols and newly planned ones together may pass what the analysis is bounded by.
    limits::check_patrols(&level).map_err(|why| {
        GenerateError::LocksUnsatisfiable(format!("the kept and the new patrols together: {why}"))
    })?;
    Ok(level)
}

fn build_attempts(recipe: &Recipe, locks: &[LockedRoom]) -> Result<Level, GenerateError> {
    if recipe.exact {
        if !locks.is_empty() {
            return Err(GenerateError::Exact(
                "locks need the normal mode's per-step streams".to_string(),
            ));
        }
        return recipe.build();
    }
    let generator = recipe.generator.generator();
    let request = |seed| Request {
        level: recipe.level,
        seed,
        locks,
        rerolls: recipe.rerolls,
    };
    if locks.is_empty() {
        return generator.generate(&request(recipe.seed));
    }
    let mut last_reason = String::new();
    for attempt in 0..LOCK_ATTEMPTS {
        let mut level = match generator.generate(&request(attempt_seed(recipe.seed, attempt))) {
            Ok(level) => level,
            Err(GenerateError::LocksUnsatisfiable(reason)) => {
                last_reason = reason;
                continue;
            }
            Err(other @ GenerateError::Exact(_)) => return Err(other),
        };
        let outside_locks = validate(&level).into_iter().find(|v| {
            v.kind == FindingKind::Playability
                || !generator.lock_covers(&level, locks, v.room, v.cell)
        });
        match outside_locks {
            None => {
                level.seed = recipe.seed;
                if attempt > 0 {
                    level.diagnostics.push(Diagnostic::LocksHonoured {
                        attempt: attempt + 1,
                    });
                }
                return Ok(level);
            }
            Some(v) => last_reason = v.to_string(),
        }
    }
    Err(GenerateError::LocksUnsatisfiable(last_reason))
}
