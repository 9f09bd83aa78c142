//! What a simulated player is ([`Thief`]) and what one of its games came to ([`RunResult`]), apart from
//! the thieves and the run loop so each thief imports only this.

use serde::Serialize;

use crate::model::Cell;
use crate::play::{Move, Session};

/// A simulated player: picks the next move of a game.
pub trait Thief {
    /// The move to play now, `None` when the thief wants nothing more (the run ends). A move the rules
    /// refuse is not played: [`run`](super::run) waits a turn instead.
    fn next_move(&mut self, game: &dyn Session) -> Option<Move>;
}

/// What one game of one thief came to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RunResult {
    /// A guard caught the thief.
    pub caught: bool,
    /// A guard saw the thief at least once.
    pub seen: bool,
    /// The thief left the level.
    pub left: bool,
    /// The loot the thief took, as the rules count it.
    pub loot: usize,
    /// Turns played.
    pub turns: usize,
    /// Where the thief stood when a guard first saw it.
    pub first_seen: Option<Cell>,
    /// Where the thief stood when it was caught.
    pub caught_at: Option<Cell>,
}
