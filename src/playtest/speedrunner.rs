//! The speedrunner: takes the nearest loot while its turn budget lasts, barely waiting for the guards,
//! then maps what the rules want seen and leaves by the nearest edge. Under rules that want all the loot
//! taken before leaving, it goes on taking loot after its budget. It models a player racing the clock,
//! who does not stop to run from a guard; it does not model planning a route through the loot or
//! choosing which loot is worth the detour.

use super::course::Course;
use super::nerve::Nerve;
use super::planner::{Planner, leaving_goals, step_out};
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
        if planned.is_none() {
            if let Some(out) = step_out(course, game, at) {
                return Some(out);
            }
            let out = leaving_goals(course, game, &mut self.planner, |_| true);
            let stamp = self.planner.seen_count();
            planned = self.planner.toward(walk, at, out, stamp, |_| true);
        }
        let planned = planned?;
        let mv = self.nerve.step(game, walk, at, planned);
        self.planner.chose(at, mv, planned.1);
        Some(mv)
    }
}
