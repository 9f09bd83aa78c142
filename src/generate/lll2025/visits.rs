//! A route's visits to rooms as the 2025 game plans them: a circular list linked both ways, which the
//! patrol passes build and the fence around locked rooms prunes.

use super::rooms::RoomId;

/// One visit of a route to a room, linked both ways into a circular list (indices into the node list).
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The room visited.
    pub room: RoomId,
    /// The next visit.
    pub next: usize,
    /// The previous visit.
    pub prev: usize,
}
