//! The greedy thief: knows the whole map and goes for the nearest loot it has not taken by the
//! shortest way, leaping portcullises and windows. It waits while its next cell is watched, slips
//! out of a guard's sight, and after being seen gives up the loot it was after for a while and goes
//! for other loot. With the loot taken it maps what it has not seen and leaves. It does not model
//! hiding under furniture, torches, or running from a guard that chases it.

use super::course::Course;
use super::nerve::Nerve;
use super::planner::{Planner, step_on};
use super::thief::Thief;
use crate::model::Cell;
use crate::play::{Event, Move, Session};

/// Turns the greedy thief leaves loot alone after being seen on its way there.
const SHUN_FOR: usize = 20;

/// The greedy thief and what it remembers between turns.
#[derive(Clone, Debug)]
pub struct Greedy<'a> {
    course: &'a Course,
    nerve: Nerve,
    planner: Planner,
    /// Loot left alone after being seen going there, until the turn given.
    shunned: Vec<(Cell, usize)>,
}

impl<'a> Greedy<'a> {
    /// A greedy thief on `course` that waits up to `patience` turns, takes a chance with probability
    /// `risk`, and draws from `seed`.
    pub fn new(course: &'a Course, patience: usize, risk: f64, seed: u32) -> Self {
        Greedy {
            course,
            nerve: Nerve::new(patience, risk, false, seed),
            planner: Planner::default(),
            shunned: Vec::new(),
        }
    }
}

impl Thief for Greedy<'_> {
    fn next_move(&mut self, game: &dyn Session) -> Option<Move> {
        let (course, walk) = (self.course, self.course.walk());
        let (at, turn) = (game.thief(), game.turn());
        self.planner.observe(game, turn);
        self.shunned.retain(|&(_, until)| until > turn);
        let seen = game
            .last()
            .is_some_and(|r| r.events.iter().any(|e| matches!(e, Event::Seen { .. })));
        if seen && let Some(goal) = self.planner.goal_from(walk, at) {
            self.shunned.retain(|&(c, _)| c != goal);
            self.shunned.push((goal, turn + SHUN_FOR));
        }
        let untaken: Vec<Cell> = course
            .coins()
            .iter()
            .copied()
            .filter(|&c| !game.has_taken(c) && !self.planner.is_blocked(c))
            .collect();
        let shunned = |c: &Cell| self.shunned.iter().any(|(s, _)| s == c);
        let mut goals: Vec<Cell> = untaken.iter().copied().filter(|c| !shunned(c)).collect();
        if goals.is_empty() {
            goals = untaken;
        }
        let planned = self.planner.toward(walk, at, goals, 0, |_| true);
        step_on(
            &mut self.planner,
            &mut self.nerve,
            (course, game),
            planned,
            |_| true,
        )
    }
}
