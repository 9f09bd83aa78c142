//! A game's way back in bounded memory: instead of a copy of every turn, copies of a few turns, from
//! which a turn taken back is played again. The game is deterministic in its moves and seed, so a turn
//! replayed from a copy is the turn that was played.
//!
//! The copies sit at every `spacing`-th move; when there are more than [`MAX_KEPT`] of them, every
//! other one goes and the spacing doubles. So a game of any length holds at most `MAX_KEPT + 1`
//! copies (the start included), and taking a turn back replays fewer than `spacing` turns: about a
//! `MAX_KEPT`-th of the game.
//!
//! A kept copy never changes, so copies of a game share theirs: a game copied to try moves on (a
//! simulated thief's look ahead) copies a list of pointers, not the states.

use std::sync::Arc;

/// The most copies kept besides the start.
pub const MAX_KEPT: usize = 32;

/// Copies of a game's state after some of its moves, the start always among them.
#[derive(Clone, Debug)]
pub struct Checkpoints<T> {
    /// Moves between two copies: a power of two.
    spacing: usize,
    /// `(moves played, the state then)`, in order; the first is the start (0 moves).
    kept: Vec<(usize, Arc<T>)>,
}

impl<T> Checkpoints<T> {
    /// The start alone.
    pub fn new(start: T) -> Self {
        Checkpoints {
            spacing: 1,
            kept: vec![(0, Arc::new(start))],
        }
    }

    /// The state at the start.
    pub fn start(&self) -> &T {
        &self.kept[0].1
    }

    /// Notes the state after `played` moves: kept (made by `state`, called only then) when it is
    /// [wanted](Checkpoints::wants).
    pub fn record(&mut self, played: usize, state: impl FnOnce() -> T) {
        if self.wants(played) {
            self.keep(played, state());
        }
    }

    /// Whether the state after `played` moves is to be kept: `played` falls on the spacing, past the
    /// last copy.
    pub fn wants(&self, played: usize) -> bool {
        played > 0
            && played.is_multiple_of(self.spacing)
            && self.kept.last().is_some_and(|(at, _)| *at < played)
    }

    /// Keeps `state` as the state after `played` moves (which it [wants](Checkpoints::wants)),
    /// thinning the copies out when too many are kept.
    pub fn keep(&mut self, played: usize, state: T) {
        self.kept.push((played, Arc::new(state)));
        if self.kept.len() > MAX_KEPT + 1 {
            self.spacing *= 2;
            let spacing = self.spacing;
            self.kept.retain(|(at, _)| at.is_multiple_of(spacing));
        }
    }

    /// The last copy at or before `played` moves: how many moves it holds, and the state.
    pub fn at_or_before(&self, played: usize) -> (usize, &T) {
        let i = self.kept.partition_point(|(at, _)| *at <= played);
        let (at, state) = &self.kept[i.saturating_sub(1)];
        (*at, &**state)
    }

    /// Forgets the copies after `played` moves (the moves were taken back).
    pub fn forget_after(&mut self, played: usize) {
        self.kept
            .truncate(self.kept.partition_point(|(at, _)| *at <= played).max(1));
    }

    /// How many copies are kept, the start included.
    #[cfg(test)]
    fn count(&self) -> usize {
        self.kept.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_game_keeps_a_bounded_number_of_copies() {
        let mut checkpoints = Checkpoints::new(0usize);
        for played in 1..=100_000 {
            checkpoints.record(played, || played);
            assert!(checkpoints.count() <= MAX_KEPT + 1, "{played}");
        }
        assert_eq!(*checkpoints.start(), 0);
        // The spacing is about a MAX_KEPT-th of the game, so a turn back replays that many at most.
        let (at, state) = checkpoints.at_or_before(99_999);
        assert_eq!(at, *state);
        assert!(99_999 - at < 100_000 / MAX_KEPT * 2, "{at}");
    }

    #[test]
    fn the_copy_before_a_turn_holds_that_many_moves_and_forgetting_keeps_the_start() {
        let mut checkpoints = Checkpoints::new(0usize);
        for played in 1..=10 {
            checkpoints.record(played, || played);
        }
        assert_eq!(checkpoints.at_or_before(7), (7, &7));
        checkpoints.forget_after(4);
        assert_eq!(checkpoints.at_or_before(7), (4, &4));
        checkpoints.forget_after(0);
        assert_eq!(checkpoints.at_or_before(7), (0, &0));
        assert_eq!(checkpoints.count(), 1);
    }
}
