//! The guards after many undisturbed turns, without walking each one: undisturbed guards draw nothing
//! at random, so their turn is a function of where they stand and which torches burn. Once that repeats,
//! the turns that follow repeat with it, and a far turn is reached by skipping whole cycles.
//!
//! The repeat is found with Brent's cycle search: one copy of the guards, taken at turns 1, 2, 4, 8, …,
//! compared with the guards after each turn; memory stays one copy and the turns walked are at most
//! about twice the settling time plus the cycle. A cycle longer than the turns asked for is never
//! found, and then every turn is simply walked. `tests/play_guards.rs` checks that skipping ends where
//! walking every turn does.

use crate::model::Level;

use super::guards::Guards;
use super::state::TorchRules;

impl Guards {
    /// Whether the guards stand, face, walk and relight exactly as `other`'s, torches included: then
    /// every turn after is the same.
    pub fn same_as(&self, other: &Guards) -> bool {
        self.states == other.states && self.torches == other.torches
    }

    /// Plays `turns` undisturbed turns (numbered from 1), skipping whole cycles once the guards repeat:
    /// the guards end as [`Guards::play_turn`] called `turns` times would leave them.
    pub fn walk_undisturbed(&mut self, rules: &TorchRules, level: &Level, turns: usize) {
        let mut played = 0;
        let mut mark = self.clone();
        let mut since_mark = 0usize;
        let mut span = 1usize;
        while played < turns {
            self.play_turn(rules, level, played + 1);
            played += 1;
            since_mark += 1;
            if self.same_as(&mark) {
                // The guards after `played` turns are those after `played - since_mark`: a cycle of
                // `since_mark` turns, which the turns left cross as often as they can.
                let left = (turns - played) % since_mark;
                for _ in 0..left {
                    self.play_turn(rules, level, played + 1);
                    played += 1;
                }
                return;
            }
            if since_mark == span {
                mark.clone_from(self);
                since_mark = 0;
                span *= 2;
            }
        }
    }
}
