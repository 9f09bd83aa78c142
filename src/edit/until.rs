//! Regenerate-until: generate the unlocked rooms again with one seed after another, keeping the locks
//! and hand edits, until the mansion meets some conditions (`difficulty between 0.3 and 0.5`), at most a
//! given number of tries. `regenerate --until` and the editor's Playtest section both run it.
//!
//! A condition may name a figure of `stats` (`rooms`, `guards`, …) or of the playtest (`difficulty`,
//! `greedy_caught`, …; [`crate::survey::playtest_keys`]); only the bots the conditions name are played,
//! so a band on the greedy thief costs a fifth of one on the difficulty. Each try is deterministic, so the
//! seed found, written into the recipe, rebuilds the same mansion.

use crate::analysis::stats::{LevelStats, level_stats};
use crate::analysis::stealth::Cancel;
use crate::survey::{
    Condition, ConditionError, Figures, PlaytestColumns, bots_named, playtest_keys, survey_plan,
};

use super::{Command, Document};

/// What regenerate-until looks for.
#[derive(Clone, Copy, Debug)]
pub struct Target<'a> {
    /// Every one must hold.
    pub conditions: &'a [Condition],
    /// The rules the thieves play by (`None`: the level's own).
    pub rules: Option<&'a str>,
    /// Runs per bot of each try's playtest.
    pub runs: usize,
}

/// One seed tried.
#[derive(Clone, Debug, PartialEq)]
pub struct Try {
    /// The recipe seed.
    pub seed: u64,
    /// The conditions' figures, in their order; `None` when no mansion with this seed keeps the locks.
    /// A figure the mansion has no number for is NaN.
    pub figures: Option<Vec<f64>>,
}

/// What the tries came to.
#[derive(Debug)]
pub struct Outcome {
    /// The document regenerated with the first seed that met every condition; `None` when none did
    /// within the tries (or the search was cancelled).
    pub found: Option<Document>,
    /// Every seed tried, in order, the one found last.
    pub tries: Vec<Try>,
}

impl Outcome {
    /// What the tries measured, condition by condition, for a message when none met them:
    /// `difficulty ranged 0.10–0.28 over 50 mansions`.
    pub fn measured(&self, conditions: &[Condition]) -> String {
        let built: Vec<&Vec<f64>> = self
            .tries
            .iter()
            .filter_map(|t| t.figures.as_ref())
            .collect();
        if built.is_empty() {
            return "no seed kept the locks".to_string();
        }
        let ranges: Vec<String> = conditions
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let values = built.iter().map(|f| f[k]).filter(|v| v.is_finite());
                let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(v), hi.max(v))
                });
                if low > high {
                    format!("{} had no figure", c.key)
                } else {
                    format!("{} ranged {low:.2}–{high:.2}", c.key)
                }
            })
            .collect();
        format!("{} over {} mansions", ranges.join(", "), built.len())
    }
}

/// A try's figures: the level's `stats` and its playtest.
struct Measured {
    stats: LevelStats,
    playtest: Option<PlaytestColumns>,
}

impl Figures for Measured {
    fn number(&self, key: &str) -> Option<f64> {
        self.stats
            .number(key)
            .or_else(|| self.playtest.as_ref().and_then(|p| p.number(key)))
    }
}

/// Checks that every condition names a figure a try of `doc` measures: a key of `stats` or of the
/// playtest.
pub fn check_conditions(conditions: &[Condition], doc: &Document) -> Result<(), ConditionError> {
    let keys: Vec<String> = level_stats(&doc.level, doc.recipe.seed)
        .entries()
        .iter()
        .map(|(key, _)| key.to_string())
        .chain(playtest_keys())
        .collect();
    conditions.iter().try_for_each(|c| c.check_key(&keys))
}

/// Regenerates `doc` with the seeds `first_seed`, `first_seed + 1`, … (at most `tries` of them) until
/// its level meets `target`; `tried` hears of each try as it ends. Stops early, with nothing found, when
/// `cancel` is set.
pub fn regenerate_until(
    doc: &Document,
    (first_seed, tries): (u64, usize),
    target: &Target,
    cancel: &Cancel,
    tried: &dyn Fn(&Try),
) -> Result<Outcome, ConditionError> {
    check_conditions(target.conditions, doc)?;
    let bots = bots_named(target.conditions.iter().map(|c| c.key.as_str()));
    let plan = survey_plan(&bots, target.runs);
    let mut outcome = Outcome {
        found: None,
        tries: Vec::new(),
    };
    for k in 0..tries {
        if cancel.is_cancelled() {
            break;
        }
        let seed = first_seed.wrapping_add(k as u64);
        let mut candidate = doc.clone();
        let measured = candidate
            .execute(&Command::Regenerate { seed })
            .ok()
            .map(|_| Measured {
                stats: level_stats(&candidate.level, seed),
                playtest: if bots.is_empty() {
                    None
                } else {
                    PlaytestColumns::measure(&candidate.level, target.rules, &plan, cancel)
                },
            });
        if cancel.is_cancelled() {
            break;
        }
        let attempt = Try {
            seed,
            figures: measured.as_ref().map(|m| {
                target
                    .conditions
                    .iter()
                    .map(|c| m.number(&c.key).unwrap_or(f64::NAN))
                    .collect()
            }),
        };
        tried(&attempt);
        outcome.tries.push(attempt);
        if measured.is_some_and(|m| target.conditions.iter().all(|c| c.holds(&m))) {
            outcome.found = Some(candidate);
            break;
        }
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Edit;
    use crate::edit::locks::covered_cells;
    use crate::generate::recipe::Recipe;
    use crate::model::RoomKind;

    fn conditions(texts: &[&str]) -> Vec<Condition> {
        texts
            .iter()
            .map(|t| Condition::parse(t).expect("a condition"))
            .collect()
    }

    /// The seed found meets the band, keeps the locked room cell for cell, and the seeds before it did
    /// not meet it; a band nothing meets tries exactly the bound.
    #[test]
    fn the_first_seed_in_the_band_is_kept_with_the_locks() {
        let mut doc = Document::new(Recipe::campaign_level(2, 6)).expect("generates");
        let room = doc
            .level
            .rooms
            .iter()
            .position(|r| r.kind == RoomKind::Room)
            .expect("a chamber");
        doc.apply(Edit::Lock { room }).expect("lockable");
        let before: Vec<_> = covered_cells(&doc.level, room)
            .into_iter()
            .map(|c| (c, doc.level.terrain(c)))
            .collect();
        let band = conditions(&["greedy_caught between 0.2 and 0.8"]);
        let target = Target {
            conditions: &band,
            rules: None,
            runs: 10,
        };
        let outcome =
            regenerate_until(&doc, (100, 30), &target, &Cancel::new(), &|_| {}).expect("valid");
        let found = outcome.found.expect("a seed within 30 tries");
        let last = outcome.tries.last().expect("tried");
        assert_eq!(found.recipe.seed, last.seed);
        let figure = last.figures.as_ref().expect("built")[0];
        assert!((0.2..=0.8).contains(&figure), "{figure}");
        for earlier in &outcome.tries[..outcome.tries.len() - 1] {
            let met = earlier
                .figures
                .as_ref()
                .is_some_and(|f| (0.2..=0.8).contains(&f[0]));
            assert!(!met, "{earlier:?} met the band first");
        }
        let after: Vec<_> = covered_cells(&found.level, room)
            .into_iter()
            .map(|c| (c, found.level.terrain(c)))
            .collect();
        assert_eq!(after, before, "the locked room is kept");
        let mut again = doc.clone();
        again
            .execute(&Command::Regenerate { seed: last.seed })
            .expect("rebuilds");
        assert_eq!(again.level, found.level, "the seed rebuilds the mansion");

        let impossible = conditions(&["rooms > 1000"]);
        let target = Target {
            conditions: &impossible,
            ..target
        };
        let outcome =
            regenerate_until(&doc, (100, 4), &target, &Cancel::new(), &|_| {}).expect("valid");
        assert!(outcome.found.is_none());
        assert_eq!(outcome.tries.len(), 4);
        let rooms: Vec<f64> = outcome
            .tries
            .iter()
            .map(|t| t.figures.as_ref().expect("built")[0])
            .collect();
        let (low, high) = (
            rooms.iter().copied().fold(f64::INFINITY, f64::min),
            rooms.iter().copied().fold(0.0, f64::max),
        );
        assert_eq!(
            outcome.measured(&impossible),
            format!("rooms ranged {low:.2}–{high:.2} over 4 mansions")
        );
    }

    #[test]
    fn an_unknown_key_is_refused_before_any_try() {
        let doc = Document::new(Recipe::campaign_level(2, 1)).expect("generates");
        let wrong = conditions(&["greedy_cought < 0.5"]);
        let target = Target {
            conditions: &wrong,
            rules: None,
            runs: 1,
        };
        let result = regenerate_until(&doc, (0, 3), &target, &Cancel::new(), &|_| {});
        assert!(matches!(result, Err(ConditionError::UnknownKey { .. })));
    }
}
