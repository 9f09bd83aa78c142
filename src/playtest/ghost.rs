//! The ghost: plays the analysis's loot routes move by move, waiting where a route waits. The run's
//! seed picks its first route among the ghost routes (or among the least-noticed routes where the level
//! has none). When a route is done it walks back to the start and plays the next route whose coin it
//! has not taken, but only if that walk and route, played first on a copy of the game, go unnoticed:
//! the analysis's routes start at turn 0, and later the guards stand elsewhere. So on a level without
//! guards it takes every coin with a route, and elsewhere it never improvises into a guard's view. It
//! models a player who knows every patrol by heart; it does not leave the level (leaving needs the whole
//! mansion seen).

use std::collections::VecDeque;

use super::course::{Course, PlannedRoute};
use super::thief::Thief;
use super::walk::Walk;
use crate::model::Cell;
use crate::play::{Move, Session};

/// The ghost and what it has still to play.
#[derive(Clone, Debug)]
pub struct Ghost<'a> {
    course: &'a Course,
    /// The routes it may play, in the order it tries them.
    pool: Vec<&'a PlannedRoute>,
    /// The moves it has still to play.
    queue: VecDeque<Move>,
}

impl<'a> Ghost<'a> {
    /// The ghost of run `seed` among `routes` (as [`Course::routes`] orders them: ghost routes first):
    /// `None` when there is no route at all.
    pub fn new(course: &'a Course, routes: &'a [PlannedRoute], seed: u32) -> Option<Self> {
        let ghosts = routes.iter().take_while(|r| r.ghost).count();
        let pool = if ghosts > 0 {
            &routes[..ghosts]
        } else {
            routes
        };
        let first = seed as usize % pool.len().max(1);
        let mut pool: Vec<&PlannedRoute> = pool.iter().collect();
        pool.rotate_left(first);
        let queue = pool.first()?.moves.iter().copied().collect();
        Some(Ghost {
            course,
            pool: pool.split_off(1),
            queue,
        })
    }

    /// The next route that still holds from where the game stands: a walk back to the start and the
    /// route, unnoticed when played on a copy of the game.
    fn next_route(&mut self, game: &dyn Session) -> Option<VecDeque<Move>> {
        let walk = self.course.walk();
        let start = self.course.level().player_start;
        let back = walk_to(walk, game.thief(), start)?;
        while !self.pool.is_empty() {
            let route = self.pool.remove(0);
            if game.has_taken(route.coin) {
                continue;
            }
            let moves: VecDeque<Move> = back.iter().chain(&route.moves).copied().collect();
            if unnoticed(game, &moves) {
                return Some(moves);
            }
        }
        None
    }
}

/// The moves of a shortest walk from `from` to `to`, empty when they are one cell.
fn walk_to(walk: &Walk, from: Cell, to: Cell) -> Option<Vec<Move>> {
    let field = walk.field(&[to], |_| true);
    let mut moves = Vec::new();
    let mut at = from;
    while at != to {
        let (mv, next) = walk.toward(&field, at)?;
        moves.push(mv);
        at = next;
    }
    Some(moves)
}

/// Whether `moves`, played on a copy of `game`, pass without a guard noticing the thief.
fn unnoticed(game: &dyn Session, moves: &VecDeque<Move>) -> bool {
    let mut trial = game.boxed_clone();
    moves
        .iter()
        .all(|&mv| trial.play(mv).is_ok_and(|report| !report.noticed()))
}

impl Thief for Ghost<'_> {
    fn next_move(&mut self, game: &dyn Session) -> Option<Move> {
        if self.queue.is_empty() {
            self.queue = self.next_route(game)?;
        }
        self.queue.pop_front()
    }
}
