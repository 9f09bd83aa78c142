//! Hand edits as commands. Each edit is plain data (so presets can store and replay them) and applies to
//! a level in one step; rooms an edit touches are locked by the document so a regeneration keeps the fix.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{
    AdjacencyId, Axis, Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, RoomId, RoomKind,
    Terrain,
};

/// One hand edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edit {
    /// Paints one cell's terrain (wall, floors, door, window, grass, …).
    PaintTerrain { cell: Cell, terrain: Terrain },
    /// Puts an item on a cell (replacing what was there), or clears the cell with `None`.
    SetItem { cell: Cell, item: Option<ItemKind> },
    /// Moves the item on `from` to the free cell `to`.
    MoveItem { from: Cell, to: Cell },
    /// Opens (a door with a door item at the segment's middle) or closes (solid wall) a wall segment.
    SetDoor { adjacency: AdjacencyId, open: bool },
    /// Changes a room's kind and privacy; its floor follows (grass, wood or marble).
    SetRoomKind {
        room: RoomId,
        kind: RoomKind,
        private: bool,
    },
    /// Moves waypoint `index` of patrol route `route` to `to`.
    MoveWaypoint {
        route: usize,
        index: usize,
        to: Cell,
    },
    /// Adds a guard standing watch on `cell` (a route that pauses there).
    AddGuard { cell: Cell },
    /// Removes guard `guard` and its route.
    RemoveGuard { guard: usize },
    /// Moves the player start.
    MovePlayerStart { to: Cell },
    /// Locks a room: regenerations keep it.
    Lock { room: RoomId },
    /// Unlocks a room.
    Unlock { room: RoomId },
}

/// Why an edit cannot apply; the level is left unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum EditError {
    #[error("cell ({}, {}) is outside the map", .0.x, .0.y)]
    OutOfMap(Cell),
    #[error("there is no room {0}")]
    NoRoom(RoomId),
    #[error("there is no wall segment {0}")]
    NoSegment(AdjacencyId),
    #[error("there is no patrol waypoint {1} on route {0}")]
    NoWaypoint(usize, usize),
    #[error("there is no guard {0}")]
    NoGuard(usize),
    #[error("there is no item on ({}, {})", .0.x, .0.y)]
    NoItem(Cell),
    #[error("cell ({}, {}) already holds an item", .0.x, .0.y)]
    Occupied(Cell),
    #[error("the exterior cannot be {0}")]
    Exterior(&'static str),
}

impl Edit {
    /// A short description for the history list and menus.
    pub fn label(&self) -> String {
        match self {
            Edit::PaintTerrain { cell, terrain } => {
                format!("Paint {terrain:?} at ({}, {})", cell.x, cell.y)
            }
            Edit::SetItem {
                cell,
                item: Some(kind),
            } => format!("Place {kind:?} at ({}, {})", cell.x, cell.y),
            Edit::SetItem { cell, item: None } => format!("Clear item at ({}, {})", cell.x, cell.y),
            Edit::MoveItem { from, to } => {
                format!("Move item ({}, {}) → ({}, {})", from.x, from.y, to.x, to.y)
            }
            Edit::SetDoor {
                adjacency,
                open: true,
            } => format!("Open door on segment {adjacency}"),
            Edit::SetDoor {
                adjacency,
                open: false,
            } => format!("Close segment {adjacency}"),
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
            Edit::AddGuard { cell } => format!("Add guard at ({}, {})", cell.x, cell.y),
            Edit::RemoveGuard { guard } => format!("Remove guard {guard}"),
            Edit::MovePlayerStart { to } => format!("Move start → ({}, {})", to.x, to.y),
            Edit::Lock { room } => format!("Lock room {room}"),
            Edit::Unlock { room } => format!("Unlock room {room}"),
        }
    }

    /// Applies the edit to the level (locks are the document's business). Returns the cells it changed,
    /// so the document can lock the rooms around them.
    pub fn apply(&self, level: &mut Level) -> Result<Vec<Cell>, EditError> {
        let inside = |level: &Level, c: Cell| {
            if level.in_bounds(c) {
                Ok(())
            } else {
                Err(EditError::OutOfMap(c))
            }
        };
        match *self {
            Edit::PaintTerrain { cell, terrain } => {
                inside(level, cell)?;
                level.set_terrain(cell, terrain);
                Ok(vec![cell])
            }
            Edit::SetItem { cell, item } => {
                inside(level, cell)?;
                level.items.retain(|i| i.cell != cell);
                if let Some(kind) = item {
                    level.items.push(Item { kind, cell });
                }
                Ok(vec![cell])
            }
            Edit::MoveItem { from, to } => {
                inside(level, from)?;
                inside(level, to)?;
                if level.item_at(to).is_some() {
                    return Err(EditError::Occupied(to));
                }
                let item = level
                    .items
                    .iter_mut()
                    .find(|i| i.cell == from)
                    .ok_or(EditError::NoItem(from))?;
                item.cell = to;
                Ok(vec![from, to])
            }
            Edit::SetDoor { adjacency, open } => set_door(level, adjacency, open),
            Edit::SetRoomKind {
                room,
                kind,
                private,
            } => set_room_kind(level, room, kind, private),
            Edit::MoveWaypoint { route, index, to } => {
                inside(level, to)?;
                let cell = level
                    .patrols
                    .get_mut(route)
                    .and_then(|r| r.cells.get_mut(index))
                    .ok_or(EditError::NoWaypoint(route, index))?;
                *cell = to;
                if index == 0 {
                    for guard in level.guards.iter_mut().filter(|g| g.route == route) {
                        guard.start = to;
                    }
                }
                Ok(Vec::new())
            }
            Edit::AddGuard { cell } => {
                inside(level, cell)?;
                level.patrols.push(PatrolRoute {
                    cells: vec![cell; 3],
                    visits: Vec::new(),
                    stations: Vec::new(),
                    outside: false,
                });
                level.guards.push(Guard {
                    start: cell,
                    route: level.patrols.len() - 1,
                    carries_torch: false,
                });
                Ok(Vec::new())
            }
            Edit::RemoveGuard { guard } => {
                let removed = *level.guards.get(guard).ok_or(EditError::NoGuard(guard))?;
                level.guards.remove(guard);
                if level.guards.iter().all(|g| g.route != removed.route) {
                    level.patrols.remove(removed.route);
                    for g in level.guards.iter_mut().filter(|g| g.route > removed.route) {
                        g.route -= 1;
                    }
                }
                Ok(Vec::new())
            }
            Edit::MovePlayerStart { to } => {
                inside(level, to)?;
                level.player_start = to;
                Ok(Vec::new())
            }
            Edit::Lock { room } | Edit::Unlock { room } => {
                if room >= level.rooms.len() {
                    return Err(EditError::NoRoom(room));
                }
                if level.rooms[room].kind == RoomKind::Exterior {
                    return Err(EditError::Exterior("locked"));
                }
                Ok(Vec::new())
            }
        }
    }
}

fn set_door(level: &mut Level, id: AdjacencyId, open: bool) -> Result<Vec<Cell>, EditError> {
    let adj = level.adjacencies.get(id).ok_or(EditError::NoSegment(id))?;
    let seg = adj.segment.ok_or(EditError::NoSegment(id))?;
    let cells: Vec<Cell> = seg.cells().collect();
    let old_doors = adj.door_cells.clone();
    for c in &old_doors {
        level.items.retain(|i| {
            i.cell != *c || !matches!(i.kind, ItemKind::Door(_) | ItemKind::Portcullis(_))
        });
        level.set_terrain(*c, Terrain::Wall);
    }
    let adj = &mut level.adjacencies[id];
    adj.door = open;
    adj.door_cells.clear();
    if open {
        let cell = old_doors
            .first()
            .copied()
            .unwrap_or_else(|| seg.cell(seg.len / 2));
        let axis = if matches!(seg.dir, Dir::N | Dir::S) {
            Axis::NS
        } else {
            Axis::EW
        };
        adj.door_cells.push(cell);
        level.items.retain(|i| i.cell != cell);
        level.set_terrain(cell, Terrain::Door(axis));
        level.items.push(Item {
            kind: ItemKind::Door(axis),
            cell,
        });
    }
    Ok(cells)
}

fn set_room_kind(
    level: &mut Level,
    room: RoomId,
    kind: RoomKind,
    private: bool,
) -> Result<Vec<Cell>, EditError> {
    let r = level.rooms.get(room).ok_or(EditError::NoRoom(room))?;
    if r.kind == RoomKind::Exterior || kind == RoomKind::Exterior {
        return Err(EditError::Exterior("changed"));
    }
    let floor = match (kind, private) {
        (RoomKind::Courtyard, _) => Terrain::Grass,
        (_, true) => Terrain::Marble,
        (_, false) => Terrain::Wood,
    };
    let cells = r.cells.clone();
    for &c in &cells {
        if matches!(
            level.terrain(c),
            Terrain::Wood | Terrain::WoodCreaky | Terrain::Marble | Terrain::Grass | Terrain::Floor
        ) {
            level.set_terrain(c, floor);
        }
    }
    let r = &mut level.rooms[room];
    r.kind = kind;
    r.private = private;
    Ok(cells)
}
