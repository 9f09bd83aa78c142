//! Every route the stealth analysis finds, played again in the 2025 game with the thief on it
//! ([`RouteCheck`]): the analysis trusts a route only once the game has played it unnoticed.
//!
//! The routes of one level share much of their way: the routes to the coins leave by the same cells,
//! and a route searched again after a slip keeps the turns before it. So the player keeps games part
//! way along the routes it played (every [`KEEP_EVERY`] turns, the last [`KEPT_GAMES`] of them) and
//! plays a route on from the longest one it starts with: the game is deterministic (its random stream
//! is part of the state copied), so where it resumes never changes what a route gives, only how soon.

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::analysis::stealth::{Route, RouteCheck, Slip};

use super::super::moves::{Move, route_move};
use super::event::Event;
use super::game::Game2025;

/// Turns between two games kept along a route.
const KEEP_EVERY: usize = 8;
/// Games kept at most; the oldest goes first. A level-9 mansion's routes play some 1,500 turns, so this
/// holds the shared stretches of most of them.
const KEPT_GAMES: usize = 96;

/// The 2025 game of one level from its start, to play the analysis's routes in.
pub struct RoutePlayer {
    /// The game at its start; every route is played in a copy of it or of a kept game, so all of
    /// them share what the guards' planning and the light have worked out.
    start: Game2025,
    kept: Mutex<VecDeque<Kept>>,
}

/// A game part way along a route that played as the route has it.
struct Kept {
    /// The moves played to get there: they, not the cells, say what the game is (a turn spent in
    /// place may be a wait or a bump that takes loot).
    moves: Vec<Move>,
    /// Whether no guard noticed or heard the thief on the way, so that a strict check may go on from it.
    unnoticed: bool,
    game: Game2025,
}

impl RouteCheck for RoutePlayer {
    fn verify(&self, route: &Route) -> Result<(), Slip> {
        self.play(route, true)
    }

    fn unchased(&self, route: &Route) -> Result<(), Slip> {
        self.play(route, false)
    }
}

impl RoutePlayer {
    /// A player of routes in `start`, a game at its start.
    pub(super) fn new(start: Game2025) -> RoutePlayer {
        RoutePlayer {
            start,
            kept: Mutex::new(VecDeque::new()),
        }
    }

    /// Plays `route` from the start: the first turn where a move is not played as the route has it,
    /// a guard gives chase, or (when `strict`) a guard notices the thief or hears it; or, at the end,
    /// no loot taken.
    fn play(&self, route: &Route, strict: bool) -> Result<(), Slip> {
        let moves: Vec<Move> = (1..route.path.len())
            .map_while(|t| route_move(route, t))
            .collect();
        let (mut game, from) = self.resume(&moves, strict);
        for (t, pair) in route.path.windows(2).enumerate().skip(from) {
            let slip = Slip {
                turn: t + 1,
                cell: pair[1],
            };
            let &mv = moves.get(t).ok_or(slip)?;
            let outcome = game.play(mv);
            let heard = outcome
                .events
                .iter()
                .any(|e| matches!(e, Event::Noise { heard_by, .. } if *heard_by > 0));
            let noticed = strict && (heard || game.noticed());
            if !outcome.turn_passed
                || noticed
                || game.spotted()
                || game.world().player.pos != pair[1]
            {
                return Err(slip);
            }
            if (t + 1) % KEEP_EVERY == 0 {
                self.keep(&moves[..=t], strict, &game);
            }
        }
        if game.world().player.loot == 0 {
            let end = route.path.len().saturating_sub(1);
            return Err(Slip {
                turn: end.max(1),
                cell: route.path[end],
            });
        }
        Ok(())
    }

    /// The game furthest along `moves` that a check (`strict` or not) may go on from, and the turns it
    /// has played; a new game when none is kept.
    fn resume(&self, moves: &[Move], strict: bool) -> (Game2025, usize) {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.iter()
            .filter(|k| (k.unnoticed || !strict) && moves.starts_with(&k.moves))
            .max_by_key(|k| k.moves.len())
            .map_or_else(
                || (self.start.clone(), 0),
                |k| (k.game.clone(), k.moves.len()),
            )
    }

    /// Keeps `game`, which has played `moves` (unnoticed when `strict`), unless a game is kept there.
    fn keep(&self, moves: &[Move], strict: bool, game: &Game2025) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept
            .iter()
            .any(|k| k.moves == moves && (k.unnoticed || !strict))
        {
            return;
        }
        if kept.len() == KEPT_GAMES {
            kept.pop_front();
        }
        kept.push_back(Kept {
            moves: moves.to_vec(),
            unnoticed: strict,
            game: game.clone(),
        });
    }
}
