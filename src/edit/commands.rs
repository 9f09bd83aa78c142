//! Hand edits as commands. Each edit is plain data (so presets can store and replay them) and applies to
//! a level in one step; rooms an edit touches are locked by the document so a regeneration keeps the fix.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{AdjacencyId, Cell, ItemKind, Level, RoomId, RoomKind, Terrain};

/// One hand edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edit {
    /// Paints one cell's terrain (wall, floors, door, window, grass, …).
    PaintTerrain {
        /// The cell to paint; it must be on the map.
        cell: Cell,
        /// What it becomes.
        terrain: Terrain,
    },
    /// Paints many cells at once: a brush stroke, a rectangle or a fill is one undo step.
    PaintCells {
        /// Each cell with the terrain it becomes, painted in order; all must be on the map.
        cells: Vec<(Cell, Terrain)>,
    },
    /// Pastes copied cells: each gets its terrain and exactly its item (or none), as one undo step.
    Paste {
        /// Each cell with its new terrain and the item it holds afterwards (`None`: no item).
        cells: Vec<(Cell, Terrain, Option<ItemKind>)>,
    },
    /// Takes the items off these cells, as one undo step (what Cut leaves behind).
    ClearItems {
        /// The cells to empty; cells without an item are left as they are.
        cells: Vec<Cell>,
    },
    /// Puts an item on a cell (replacing what was there), or clears the cell with `None`.
    SetItem {
        /// The cell to change.
        cell: Cell,
        /// The item it holds afterwards; `None` takes away what is there.
        item: Option<ItemKind>,
    },
    /// Puts an item on top of what `cell` holds (a coin on a chair, as the 2025 game stacks them); on
    /// an empty cell, the cell's only item.
    PutOnTop {
        /// The cell whose stack grows.
        cell: Cell,
        /// The item put on top.
        item: ItemKind,
    },
    /// Takes away the top item of the stack on `cell` (the only one, on a cell without a stack).
    TakeTopItem {
        /// The cell whose top item goes.
        cell: Cell,
    },
    /// Moves the items on `from` (the whole stack, in its order) to the free cell `to`.
    MoveItem {
        /// The cell holding the item.
        from: Cell,
        /// Where it goes; it must hold no item.
        to: Cell,
    },
    /// Opens (a door with a door item at the segment's middle) or closes (solid wall) a wall segment.
    SetDoor {
        /// The adjacency whose wall segment gets or loses the door; corridors have none to change.
        adjacency: AdjacencyId,
        /// True to open a door, false to wall it up.
        open: bool,
    },
    /// Changes a room's kind and privacy; its floor follows (grass, wood or marble).
    SetRoomKind {
        /// The room to change; never the exterior.
        room: RoomId,
        /// Its new kind; never [`RoomKind::Exterior`].
        kind: RoomKind,
        /// Its new privacy flag: private floors are marble, public ones wood (courtyards stay grass).
        private: bool,
    },
    /// Moves waypoint `index` of patrol route `route` to `to`.
    MoveWaypoint {
        /// Index into the level's patrols.
        route: usize,
        /// Index into that route's cells.
        index: usize,
        /// The waypoint's new cell.
        to: Cell,
    },
    /// Moves room `room` from the route that visits it to route `route`, which takes it as a side trip
    /// from a neighbouring room it visits (or as its new end); both routes are walked anew.
    MoveRoomToRoute {
        /// The room to hand over.
        room: RoomId,
        /// Index into the level's patrols of the route that takes it.
        route: usize,
    },
    /// Adds a guard standing watch on `cell` (a route that pauses there).
    AddGuard {
        /// Where the new guard stands and waits.
        cell: Cell,
    },
    /// Removes guard `guard` and its route.
    RemoveGuard {
        /// Index into the level's guards; the guards after it move down by one, and its route goes too
        /// unless another guard walks it.
        guard: usize,
    },
    /// Moves the player start.
    MovePlayerStart {
        /// The new start cell.
        to: Cell,
    },
    /// Locks a room: regenerations keep it.
    Lock {
        /// The room to lock (an id of the current level; the lock keeps it by origin).
        room: RoomId,
    },
    /// Unlocks a room.
    Unlock {
        /// The room to unlock, whoever locked it.
        room: RoomId,
    },
    /// Lets new patrols into a locked room, or keeps them out again
    /// ([`LockedRoom::allow_patrols`](crate::model::LockedRoom::allow_patrols)); the level is unchanged
    /// until the next regeneration. Refused for a room that is not locked.
    AllowPatrols {
        /// The locked room.
        room: RoomId,
        /// Whether new patrols may enter it.
        allow: bool,
    },
}

/// A terrain as a designer names it in a history label.
fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::Ground => "ground",
        Terrain::Grass => "grass",
        Terrain::Water => "water",
        Terrain::Marble => "marble",
        Terrain::Wood => "wood",
        Terrain::WoodCreaky => "creaky wood",
        Terrain::Wall => "wall",
        Terrain::Window(_) => "window",
        Terrain::Portcullis(_) => "portcullis",
        Terrain::Door(_) => "door",
        Terrain::GardenDoor(_) => "garden gate",
        Terrain::Void => "void",
        Terrain::Floor => "floor",
        Terrain::VaultFloor => "vault floor",
        Terrain::TreasureFloor => "treasure plinth",
    }
}

/// Why an edit cannot apply; the level is left unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum EditError {
    /// The edit names a cell off the map.
    #[error("cell ({}, {}) is outside the map", .0.x, .0.y)]
    OutOfMap(Cell),
    /// The edit names a room id the level does not have.
    #[error("there is no room {0}")]
    NoRoom(RoomId),
    /// The adjacency does not exist, or is a corridor with no wall segment to put a door in.
    #[error("there is no wall segment {0}")]
    NoSegment(AdjacencyId),
    /// The route, or the waypoint index on it (route first, then index), does not exist.
    #[error("there is no patrol waypoint {1} on route {0}")]
    NoWaypoint(usize, usize),
    /// A room cannot be handed to another route.
    #[error("room {room} cannot join route {route}: {why}")]
    RouteChange {
        /// The room that was to move.
        room: RoomId,
        /// The route that was to take it.
        route: usize,
        /// Why not, in a designer's words.
        why: &'static str,
    },
    /// The guard index is past the level's guards.
    #[error("there is no guard {0}")]
    NoGuard(usize),
    /// There is nothing on the cell to move.
    #[error("there is no item on ({}, {})", .0.x, .0.y)]
    NoItem(Cell),
    /// The destination cell already holds an item, and a cell holds at most one.
    #[error("cell ({}, {}) already holds an item", .0.x, .0.y)]
    Occupied(Cell),
    /// The exterior cannot be changed this way (locked, or given another kind); the text says how.
    #[error("the exterior cannot be {0}")]
    Exterior(&'static str),
    /// The edit is about a room's lock, and the room is not locked.
    #[error("room {0} is not locked")]
    NotLocked(RoomId),
    /// The edit would take the level past a limit of `model::limits` (its words say which).
    #[error("{0}")]
    OverLimit(String),
}

impl Edit {
    /// A short description for the history list and menus, in a designer's words; `level` (before the
    /// edit) names the door of a wall segment by its cell.
    pub fn describe(&self, level: &Level) -> String {
        match self {
            Edit::SetDoor { adjacency, open } => {
                let cell = level.adjacencies.get(*adjacency).and_then(|a| {
                    a.door_cells
                        .first()
                        .copied()
                        .or_else(|| a.segment.map(|s| s.cell(s.len / 2)))
                });
                let verb = if *open { "Open door" } else { "Close door" };
                match cell {
                    Some(c) => format!("{verb} at ({}, {})", c.x, c.y),
                    None => format!("{verb} on wall {adjacency}"),
                }
            }
            other => other.label(),
        }
    }

    /// A short description for the history list and menus.
    pub fn label(&self) -> String {
        match self {
            Edit::PaintTerrain { cell, terrain } => {
                format!(
                    "Paint {} at ({}, {})",
                    terrain_word(*terrain),
                    cell.x,
                    cell.y
                )
            }
            Edit::PaintCells { cells } => match cells.as_slice() {
                [(cell, terrain)] => {
                    format!(
                        "Paint {} at ({}, {})",
                        terrain_word(*terrain),
                        cell.x,
                        cell.y
                    )
                }
                [(_, first), rest @ ..]
                    if rest
                        .iter()
                        .all(|(_, t)| terrain_word(*t) == terrain_word(*first)) =>
                {
                    format!("Paint {} cells {}", cells.len(), terrain_word(*first))
                }
                _ => format!("Paint {} cells", cells.len()),
            },
            Edit::Paste { cells } => match cells.iter().map(|c| c.0).min() {
                Some(corner) => format!(
                    "Paste {} cells at ({}, {})",
                    cells.len(),
                    corner.x,
                    corner.y
                ),
                None => "Paste nothing".to_string(),
            },
            Edit::ClearItems { cells } => match cells.len() {
                1 => "Take away 1 item".to_string(),
                n => format!("Take away {n} items"),
            },
            Edit::SetItem {
                cell,
                item: Some(kind),
            } => format!("Place {} at ({}, {})", kind.name(), cell.x, cell.y),
            Edit::SetItem { cell, item: None } => format!("Clear item at ({}, {})", cell.x, cell.y),
            Edit::PutOnTop { cell, item } => {
                format!("Put {} on top at ({}, {})", item.name(), cell.x, cell.y)
            }
            Edit::TakeTopItem { cell } => format!("Take the top item at ({}, {})", cell.x, cell.y),
            Edit::MoveItem { from, to } => {
                format!("Move item ({}, {}) → ({}, {})", from.x, from.y, to.x, to.y)
            }
            Edit::SetDoor {
                adjacency,
                open: true,
            } => format!("Open door on wall {adjacency}"),
            Edit::SetDoor {
                adjacency,
                open: false,
            } => format!("Close door on wall {adjacency}"),
            Edit::SetRoomKind {
                room,
                kind,
                private,
            } => {
                format!(
                    "Room {room} → {} {kind:?}",
                    if *private { "private" } else { "public" }
                )
            }
            Edit::MoveWaypoint { route, index, to } => format!(
                "Move waypoint {index} of route {route} → ({}, {})",
                to.x, to.y
            ),
            Edit::MoveRoomToRoute { room, route } => format!("Move room {room} to route {route}"),
            Edit::AddGuard { cell } => format!("Add guard at ({}, {})", cell.x, cell.y),
            Edit::RemoveGuard { guard } => format!("Remove guard {guard}"),
            Edit::MovePlayerStart { to } => format!("Move start → ({}, {})", to.x, to.y),
            Edit::Lock { room } => format!("Lock room {room}"),
            Edit::Unlock { room } => format!("Unlock room {room}"),
            Edit::AllowPatrols { room, allow: true } => format!("Let patrols into room {room}"),
            Edit::AllowPatrols { room, allow: false } => {
                format!("Keep new patrols out of room {room}")
            }
        }
    }
}
