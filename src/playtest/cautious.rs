//! The cautious thief: knows only what it has seen (the fog of war, `stealth-rules.md` §2.5). It goes
//! for the nearest loot it has seen by a way over cells it has seen, and when it knows of no loot it
//! can reach it walks to the nearest edge of what it knows to look further; with nothing left to see or
//! take it leaves. It waits long for a watched cell to clear, never takes a chance unless told to, and
//! runs from a guard that is after it.
//! It does not model remembering where the guards walk, or hearing them: it reacts to sight alone.

use super::course::Course;
use super::nerve::Nerve;
use super::planner::{Planner, frontier, step_on};
use super::thief::Thief;
use crate::model::Cell;
use crate::play::{Move, Session};

/// The cautious thief and what it remembers between turns.
#[derive(Clone, Debug)]
pub struct Cautious<'a> {
    course: &'a Course,
    nerve: Nerve,
    planner: Planner,
    /// What the thief knew when it last planned: per cell whether it has seen it, and how many.
    known: (usize, Vec<bool>),
}

impl<'a> Cautious<'a> {
    /// A cautious thief on `course` that waits up to `patience` turns, takes a chance with
    /// probability `risk`, and draws from `seed`.
    pub fn new(course: &'a Course, patience: usize, risk: f64, seed: u32) -> Self {
        Cautious {
            course,
            nerve: Nerve::new(patience, risk, true, seed),
            planner: Planner::default(),
            known: (0, Vec::new()),
        }
    }
}

impl Thief for Cautious<'_> {
    fn next_move(&mut self, game: &dyn Session) -> Option<Move> {
        let (course, walk) = (self.course, self.course.walk());
        let (at, turn) = (game.thief(), game.turn());
        let planner = &mut self.planner;
        planner.observe(game, turn);
        let shape = walk.shape();
        let stamp = planner.seen_count();
        let coins: Vec<Cell> = course
            .coins()
            .iter()
            .copied()
            .filter(|&c| planner.seen(c) && !game.has_taken(c))
            .collect();
        // What the thief knows, copied (when it learnt more) so the plan can read it while the
        // planner is borrowed.
        if self.known.0 != stamp || self.known.1.len() != shape.len() {
            self.known.1.clear();
            self.known.1.extend_from_slice(planner.seen_cells());
            self.known.0 = stamp;
        }
        let known = &self.known.1;
        let knows = |c: Cell| shape.index(c).is_some_and(|i| known[i]);
        let mut planned = planner.toward(walk, at, coins, stamp, |i| known[i]);
        if planned.is_none() {
            let unknown = frontier(walk, planner, knows);
            planned = planner.toward(walk, at, unknown, stamp, |i| known[i]);
        }
        step_on(
            &mut self.planner,
            &mut self.nerve,
            (course, game),
            planned,
            knows,
        )
    }
}
