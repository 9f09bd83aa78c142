//! The exact 2023 mode: the mansions the original 2023 generator makes when its `Math.random` is
//! mulberry32 of the game seed for the whole game (the project's convention,
//! `tests/data/lll2023-exact/README.md`). One stream gives the campaign plan first (50 draws), then
//! levels 0, 1, … in order, so level `L` depends on every draw of the levels before it; nothing can be
//! re-rolled or locked alone, which is what the normal mode's per-step streams are for.

use crate::generate::campaign::{self, LEVELS};
use crate::generate::declare::ExactMansion;
use crate::generate::rng::Stream;
use crate::generate::siheyuan;
use crate::model::{Level, Plan};

/// One mansion of an exact game with the draw counts the vectors record, so a port can be checked step
/// by step.
#[derive(Clone, Debug)]
pub struct ExactLevel {
    /// The mansion.
    pub level: Level,
    /// Its plan (room grid and loot), drawn at the start of the game.
    pub plan: Plan,
    /// Draws made in this game before this mansion (the plan included).
    pub draws_before: u64,
    /// Each generation step's name with this mansion's cumulative draws at its end.
    pub draws_by_step: Vec<(&'static str, u64)>,
}

impl ExactLevel {
    /// Draws this mansion made.
    pub fn draws(&self) -> u64 {
        self.draws_by_step.last().map_or(0, |&(_, n)| n)
    }
}

/// Levels `0..=last` of game `game_seed` (at most the campaign's ten), in one pass over its stream.
pub fn game_levels(game_seed: u32, last: u32) -> Vec<ExactLevel> {
    let mut stream = Stream::mulberry32(game_seed);
    let plans = campaign::draw_plans(&mut stream);
    let mut out = Vec::new();
    for (index, plan) in (0..=last).zip(plans) {
        let draws_before = stream.draws();
        let (level, draws_by_step) =
            siheyuan::generate_from(plan, index, u64::from(game_seed), &mut stream);
        out.push(ExactLevel {
            level,
            plan,
            draws_before,
            draws_by_step,
        });
    }
    out
}

/// The game seed as mulberry32's 32-bit state, or why it does not fit.
fn state(game_seed: u64) -> Result<u32, String> {
    u32::try_from(game_seed)
        .map_err(|_| format!("exact 2023 game seed {game_seed} is above {}", u32::MAX))
}

/// Whether a game seed has an exact run: it must fit mulberry32's 32-bit state.
pub(super) fn check_seed(game_seed: u64) -> Result<(), String> {
    state(game_seed).map(|_| ())
}

/// Mansions `0..=last` of game `game_seed` as the declaration's exact stream hands them out.
pub(super) fn mansions(game_seed: u64, last: u32) -> Result<Vec<ExactMansion>, String> {
    let game_seed = state(game_seed)?;
    Ok(game_levels(game_seed, last)
        .into_iter()
        .map(|exact| ExactMansion {
            level: exact.level,
            draws_by_step: exact.draws_by_step,
        })
        .collect())
}

/// All ten mansions of game `game_seed`, in one pass over its stream.
pub fn game(game_seed: u32) -> Vec<Level> {
    game_levels(game_seed, LEVELS as u32 - 1)
        .into_iter()
        .map(|e| e.level)
        .collect()
}

/// Mansion `level` (0–9) of game `game_seed`; the levels before it are generated too, as their draws
/// come first in the stream.
pub fn level(game_seed: u32, level: u32) -> Option<Level> {
    if level as usize >= LEVELS {
        return None;
    }
    game_levels(game_seed, level).pop().map(|e| e.level)
}
