//! How a thief with a plan moves under the guards' eyes ([`Nerve`]): it runs from a guard that is after
//! it, waits while the next cell is watched, slips out of sight when a guard looks at it, and sometimes
//! goes anyway. Shared by every thief that plans its own way, so that they differ in what they plan,
//! not in how they step.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::walk::Walk;
use crate::model::Cell;
use crate::play::{Move, Session};

/// How near (in cells, diagonals counting one) a guard that is after the thief makes it run.
const RUN_FROM: i32 = 3;
/// Turns in a row a thief runs before it gives up running and goes its way again for as long: a guard
/// that cannot reach it (across a window) would otherwise hold it in a dance.
const RUN_AT_MOST: usize = 8;

/// A thief's temper: how long it waits and how often it takes a chance.
#[derive(Clone, Debug)]
pub(crate) struct Nerve {
    /// Turns in a row it waits for a watched cell to clear before it goes anyway.
    patience: usize,
    /// The chance, each turn it would wait or hide, that it moves on instead.
    risk: f64,
    waited: usize,
    /// Whether it runs from a guard that is after it (a rushing thief does not).
    runs: bool,
    /// Turns it slipped out of sight since it was last out of sight a while (`patience` turns).
    hid: usize,
    /// Turns in a row out of every guard's sight.
    unseen_for: usize,
    /// Turns run in a row (up to [`RUN_AT_MOST`], then as many turns of not running).
    ran: usize,
    /// The thief's own draws, seeded from the run's seed: a run is still one game per seed.
    draws: ChaCha8Rng,
}

impl Nerve {
    /// A temper waiting up to `patience` turns, taking a chance with probability `risk`, running from
    /// guards that are after it when `runs`, and drawing from `seed`.
    pub fn new(patience: usize, risk: f64, runs: bool, seed: u32) -> Nerve {
        Nerve {
            runs,
            patience,
            risk: risk.clamp(0.0, 1.0),
            waited: 0,
            ran: 0,
            hid: 0,
            unseen_for: 0,
            draws: ChaCha8Rng::seed_from_u64(u64::from(seed)),
        }
    }

    /// The move to play, given the plan's move `planned` from `from` to `next`: away from the guards
    /// that are after the thief when one is near (for a thief that runs); else the planned move when nobody watches `next`
    /// (or patience has run out, or the thief takes its chance), a wait while a guard watches `next`
    /// but not `from`, and a move to an unwatched neighbour when a guard watches `from` itself.
    pub fn step(
        &mut self,
        game: &dyn Session,
        walk: &Walk,
        from: Cell,
        (planned, next): (Move, Cell),
    ) -> Move {
        let watched = |c: Cell| (0..game.level().guards.len()).any(|g| game.guard_sees(g, c));
        if self.runs
            && self.ran < RUN_AT_MOST
            && let Some(away) = run_away(game, walk, from, &watched)
        {
            self.waited = 0;
            self.ran += 1;
            return away;
        }
        self.ran = match self.ran {
            0 => 0,
            n if n >= 2 * RUN_AT_MOST - 1 => 0,
            n if n >= RUN_AT_MOST => n + 1,
            _ => 0,
        };
        let in_sight = watched(from);
        self.unseen_for = if in_sight { 0 } else { self.unseen_for + 1 };
        if self.unseen_for > self.patience {
            self.hid = 0;
        }
        if !watched(next) {
            self.waited = 0;
            return planned;
        }
        if self.waited >= self.patience || self.draws.random_bool(self.risk) {
            self.waited = 0;
            return planned;
        }
        if !in_sight {
            self.waited += 1;
            return Move::Wait;
        }
        // Slipping out of sight, but not for ever: a guard that turns to face it each time would hold
        // the thief in a dance.
        if self.hid < self.patience.max(1)
            && let Some((mv, _)) = walk.moves_from(from).find(|&(_, to)| !watched(to))
        {
            self.hid += 1;
            return mv;
        }
        planned
    }
}

/// The move that takes the thief farthest from the guards near it that are after it (alert, not
/// patrolling), out of sight where two moves are as far; `None` when no such guard is near.
fn run_away(
    game: &dyn Session,
    walk: &Walk,
    from: Cell,
    watched: &impl Fn(Cell) -> bool,
) -> Option<Move> {
    let chasers: Vec<Cell> = game
        .last()?
        .guards
        .iter()
        .filter(|g| !g.mode.relaxed())
        .map(|g| g.cell)
        .filter(|c| (c.x - from.x).abs().max((c.y - from.y).abs()) <= RUN_FROM)
        .collect();
    if chasers.is_empty() {
        return None;
    }
    let farness = |c: Cell| {
        chasers
            .iter()
            .map(|g| (g.x - c.x).abs() + (g.y - c.y).abs())
            .min()
            .unwrap_or(i32::MAX)
    };
    std::iter::once((Move::Wait, from))
        .chain(walk.moves_from(from))
        .filter(|&(_, to)| !chasers.contains(&to))
        .max_by_key(|&(_, to)| (farness(to), !watched(to)))
        .map(|(mv, _)| mv)
}
