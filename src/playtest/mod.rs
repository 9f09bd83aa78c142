//! Simulated playtesters (issue 45): thieves that play a level through the game's own turn loop
//! ([`crate::play`]), with the guards' random draws, so a designer learns how often a kind of player is
//! seen or caught, where, and how much loot it takes.
//!
//! A thief is a [`Thief`]: each turn it looks at the game as a [`Session`] shows it and picks a move.
//! The kinds ([`Bot`]: ghost, greedy, cautious, speedrunner) each live in their own file and share how
//! they plan (`planner`, `walk`) and how they step under the guards' eyes (`nerve`). A level is made
//! ready once ([`Course`]); [`run`] plays one game to its end or a turn budget ([`RunResult`]);
//! [`playtest`] plays many, in parallel, and adds them up per bot ([`Tally`], [`Report`]). All of it
//! is deterministic: the same level, bots, seeds and budget give the same figures on every machine.

mod bots;
mod cautious;
mod course;
mod ghost;
mod greedy;
mod nerve;
mod planner;
mod speedrunner;
mod tally;
mod thief;
mod walk;

pub use bots::{Bot, BotSpec, MAX_SETTING};
pub use cautious::Cautious;
pub use course::{Course, PlannedRoute};
pub use ghost::Ghost;
pub use greedy::Greedy;
pub use speedrunner::Speedrunner;
pub use tally::{Share, Tally};
pub use thief::{RunResult, Thief};

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::analysis::stealth::Cancel;
use crate::model::Grid;
use crate::play::{Ending, Event, Move, Session};

/// The turns a run may last unless told otherwise: enough for a cautious thief to map a level-9
/// mansion, short enough that a thief stuck behind a guard does not hold up the figures.
pub const DEFAULT_MAX_TURNS: usize = 1500;

/// The most runs per bot one playtest plays.
pub const MAX_RUNS: usize = 100_000;

/// Plays `game` with `thief` until the game ends, the thief stops or `max_turns` have passed.
pub fn play_out(game: &mut dyn Session, thief: &mut dyn Thief, max_turns: usize) -> RunResult {
    let mut result = RunResult::default();
    while game.turn() < max_turns && game.over().is_none() {
        let Some(wanted) = thief.next_move(game) else {
            break;
        };
        let report = match game.play(wanted) {
            Ok(report) => report,
            Err(_) => match game.play(Move::Wait) {
                Ok(report) => report,
                // A game that cannot even wait is over for the thief.
                Err(_) => break,
            },
        };
        if result.first_seen.is_none() {
            result.first_seen = report.events.iter().find_map(|e| match e {
                Event::Seen { thief, .. } => Some(*thief),
                _ => None,
            });
        }
    }
    result.seen = result.first_seen.is_some();
    result.turns = game.turn();
    match game.over() {
        Some(Ending::Caught) => {
            result.caught = true;
            result.caught_at = Some(game.thief());
        }
        Some(Ending::LeftLevel) => result.left = true,
        None => {}
    }
    result.loot = game.snapshot().loot;
    result
}

/// One game of `spec`'s thief on `course`, the guards and the thief drawing from `seed`: the game as
/// it ended (to replay its moves) and what it came to. `None` for a ghost on a level without routes, or
/// when `cancel` stopped the analysis the ghost needs.
pub fn run(
    course: &Course,
    spec: &BotSpec,
    seed: u32,
    max_turns: usize,
    cancel: &Cancel,
) -> Option<(Box<dyn Session>, RunResult)> {
    let mut thief = spec.thief(course, seed, cancel)?;
    let mut game = course.game(seed);
    let result = play_out(game.as_mut(), thief.as_mut(), max_turns);
    Some((game, result))
}

/// What a playtest plays: which bots, how many runs each, from which seed, for how long.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The bots, each run `runs` times.
    pub bots: Vec<BotSpec>,
    /// Runs per bot (seeds `first_seed`, `first_seed + 1`, …).
    pub runs: usize,
    /// The first run's seed.
    pub first_seed: u32,
    /// Turns a run may last.
    pub max_turns: usize,
}

impl Plan {
    /// Every bot with its usual settings, `runs` runs each from seed 1.
    pub fn every_bot(runs: usize) -> Plan {
        Plan {
            bots: Bot::ALL.iter().map(|b| b.spec()).collect(),
            runs,
            first_seed: 1,
            max_turns: DEFAULT_MAX_TURNS,
        }
    }

    /// Runs in all.
    pub fn total(&self) -> usize {
        self.bots.len() * self.runs.min(MAX_RUNS)
    }
}

/// A playtest's figures: one tally per bot, in the plan's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Per bot.
    pub tallies: Vec<Tally>,
    /// Loot on the level.
    pub coins: usize,
}

impl Report {
    /// The mansion's difficulty, 0 to 1: the share of runs caught over every bot but the ghost (which
    /// only says whether a perfect player gets through), or the ghost's where it ran alone; `None`
    /// before any run.
    pub fn difficulty(&self) -> Option<f64> {
        let players: Vec<&Tally> = self
            .tallies
            .iter()
            .filter(|t| t.spec.bot != Bot::Ghost && t.runs > 0)
            .collect();
        let counted = if players.is_empty() {
            self.tallies.iter().filter(|t| t.runs > 0).collect()
        } else {
            players
        };
        let runs: usize = counted.iter().map(|t| t.runs).sum();
        let caught: usize = counted.iter().map(|t| t.caught).sum();
        (runs > 0).then(|| caught as f64 / runs as f64)
    }

    /// Where thieves of every bot were first seen and where they were caught, run counts per cell.
    pub fn heat(&self) -> Option<(Grid<u32>, Grid<u32>)> {
        let first = self.tallies.first()?;
        let (mut seen, mut caught) = (first.first_seen.clone(), first.caught_at.clone());
        for tally in &self.tallies[1..] {
            add(&mut seen, &tally.first_seen);
            add(&mut caught, &tally.caught_at);
        }
        Some((seen, caught))
    }
}

fn add(into: &mut Grid<u32>, other: &Grid<u32>) {
    for (a, b) in into.values_mut().iter_mut().zip(other.values()) {
        *a += b;
    }
}

/// Plays `plan` on `course`, runs spread over the cores, `done` told the runs finished so far (any
/// thread may call it). The same plan gives the same report whatever the cores. `None` when `cancel`
/// is set meanwhile.
pub fn playtest(
    course: &Course,
    plan: &Plan,
    cancel: &Cancel,
    done: &(dyn Fn(usize) + Sync),
) -> Option<Report> {
    let runs = plan.runs.min(MAX_RUNS);
    let finished = AtomicUsize::new(0);
    let results: Vec<Option<RunResult>> = (0..plan.bots.len() * runs)
        .into_par_iter()
        .map(|k| {
            if cancel.is_cancelled() {
                return None;
            }
            let seed = plan.first_seed.wrapping_add((k % runs) as u32);
            let played = run(course, &plan.bots[k / runs], seed, plan.max_turns, cancel);
            done(finished.fetch_add(1, Ordering::Relaxed) + 1);
            played.map(|(_, result)| result)
        })
        .collect();
    if cancel.is_cancelled() {
        return None;
    }
    let shape = course.level().shape();
    let mut tallies: Vec<Tally> = plan.bots.iter().map(|&s| Tally::new(s, shape)).collect();
    for (k, result) in results.iter().enumerate() {
        if let Some(result) = result {
            tallies[k / runs].add(result);
        }
    }
    Some(Report {
        tallies,
        coins: course.coins().len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;
    use crate::play::rule_sets;

    #[test]
    fn with_no_guard_every_planning_thief_takes_every_coin() {
        let level = Recipe::campaign_level(1, 0).build().expect("builds");
        assert!(level.guards.is_empty(), "the first mansion has no guard");
        let course = Course::new(level.clone(), rule_sets::of_level(&level));
        assert!(!course.coins().is_empty());
        for bot in [Bot::Greedy, Bot::Cautious, Bot::Speedrunner] {
            let (_, result) = run(&course, &bot.spec(), 1, 3000, &Cancel::new()).expect("runs");
            assert!(!result.caught && !result.seen, "{bot}: {result:?}");
            assert_eq!(result.loot, course.coins().len(), "{bot}: {result:?}");
            assert!(result.left, "{bot} leaves: {result:?}");
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let level = Recipe::campaign_level(1, 6).build().expect("builds");
        let course = Course::new(level.clone(), rule_sets::of_level(&level));
        let plan = Plan::every_bot(3);
        let first = playtest(&course, &plan, &Cancel::new(), &|_| {}).expect("not cancelled");
        let again = playtest(&course, &plan, &Cancel::new(), &|_| {}).expect("not cancelled");
        assert_eq!(first, again);
        assert!(first.tallies.iter().all(|t| t.runs == 3 && t.turns > 0));
    }

    #[test]
    fn a_cancelled_playtest_says_so() {
        let level = Recipe::campaign_level(1, 2).build().expect("builds");
        let course = Course::new(level.clone(), rule_sets::of_level(&level));
        let cancel = Cancel::new();
        cancel.cancel();
        assert!(playtest(&course, &Plan::every_bot(2), &cancel, &|_| {}).is_none());
    }
}
