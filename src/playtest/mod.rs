//! Simulated playtesters (issue 45): thieves that play a level through the game's own turn loop
//! ([`crate::play`]), with the guards' random draws, so a designer learns how often a kind of player is
//! seen or caught and how much loot it takes.
//!
//! A thief is a [`Thief`]: each turn it looks at the game as a [`Session`](crate::play::Session) shows it and picks a move.
//! [`run`] plays one game to its end or a turn budget and says what happened ([`RunResult`]). Both are
//! pure and deterministic: the same level, thief and guards' seed give the same run.

mod greedy;
mod thief;

pub use greedy::Greedy;
pub use thief::{RunResult, Thief};

use crate::model::Level;
use crate::play::{Ending, Event, Move, rule_sets};

/// Plays `level` with `thief` from the player's start under the level's own rules, the guards drawing
/// from `seed`, until the game ends or `max_turns` have passed.
pub fn run(level: &Level, thief: &mut dyn Thief, seed: u32, max_turns: usize) -> RunResult {
    let rules = rule_sets::of_level(level);
    let mut game = rules.start(level.clone(), seed, level.player_start, 0);
    let mut result = RunResult::default();
    while game.turn() < max_turns && game.over().is_none() {
        let Some(wanted) = thief.next_move(game.as_ref()) else {
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
        result.seen |= report
            .events
            .iter()
            .any(|e| matches!(e, Event::Seen { .. }));
    }
    let now = game.snapshot();
    result.caught = now.over == Some(Ending::Caught);
    result.loot = now.loot;
    result.turns = now.turn;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;

    #[test]
    fn with_no_guard_the_greedy_thief_takes_every_coin() {
        let level = Recipe::campaign_level(1, 0).build().expect("builds");
        assert!(level.guards.is_empty(), "the first mansion has no guard");
        let coins = level
            .items
            .iter()
            .filter(|i| i.kind == crate::model::ItemKind::Coin)
            .count();
        assert!(coins > 0);
        let result = run(&level, &mut Greedy::default(), 1, 2000);
        assert!(!result.caught && !result.seen);
        assert_eq!(result.loot, coins, "{result:?}");
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let level = Recipe::campaign_level(1, 6).build().expect("builds");
        let first = run(&level, &mut Greedy::default(), 7, 400);
        let again = run(&level, &mut Greedy::default(), 7, 400);
        assert_eq!(first, again);
        assert!(first.turns > 0);
    }
}
