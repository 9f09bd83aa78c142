//! The speedrunner: takes the nearest loot while its turn budget lasts, barely waiting for the guards,
//! then maps what the rules want seen and leaves by the nearest edge. Under rules that want all the loot
//! taken before leaving, it goes on taking loot after its budget. It models a player racing the clock,
//! who does not stop to run from a guard; it does not model planning a route through the loot or
//! choosing which loot is worth the detour.

use super::course::Course;
use super::nerve::Nerve;
use super::planner::{Planner, step_on};
use super::thief::Thief;
use crate::play::{Move, Session};

/// The speedrunner and what it remembers between turns.
#[derive(Clone, Debug)]
pub struct Speedrunner<'a> {
    course: &'a Course,
    nerve: Nerve,
    planner: Planner,
    /// Turns it spends on loot before it heads out.
    budget: usize,
}

impl<'a> Speedrunner<'a> {
    /// A speedrunner on `course` with `budget` turns for loot, waiting up to `patience` turns, taking a
    /// chance with probability `risk`, drawing from `seed`.
    pub fn new(course: &'a Course, budget: usize, patience: usize, risk: f64, seed: u32) -> Self {
        Speedrunner {
            course,
            nerve: Nerve::new(patience, risk, false, seed),
            planner: Planner::default(),
            budget,
        }
    }
}

impl Thief for Speedrunner<'_> {
    fn next_move(&mut self, game: &dyn Session) -> Option<Move> {
        let (course, walk) = (self.course, self.course.walk());
        let (at, turn) = (game.thief(), game.turn());
        self.planner.observe(game, turn);
        let untaken = || {
            course
                .coins()
                .iter()
                .copied()
                .filter(|&c| !game.has_taken(c))
        };
        let mut planned = None;
        if turn < self.budget {
            planned = self
                .planner
                .toward(walk, at, untaken().collect(), 0, |_| true);
        }
        step_on(
            &mut self.planner,
            &mut self.nerve,
            (course, game),
            planned,
            |_| true,
        )
    }
}
