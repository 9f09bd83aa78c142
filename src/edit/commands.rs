//! Hand edits as commands. Each edit is plain data (so presets can store and replay them) and applies to
//! a level in one step; rooms an edit touches are locked by the document so a regeneration keeps the fix.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::generate::passes::patrols::emit_route;
use crate::generate::rng::Stream;
use crate::model::{
    AdjacencyId, Axis, Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, RoomId, RoomKind,
    Terrain, limits,
};

/// One hand edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edit {
    /// Paints one cell's terrain (wall, floors, door, window, grass, …).
    PaintTerrain { cell: Cell, terrain: Terrain },
    /// Paints many cells at once: a brush stroke, a rectangle or a fill is one undo step.
    PaintCells { cells: Vec<(Cell, Terrain)> },
    /// Pastes copied cells: each gets its terrain and exactly its item (or none), as one undo step.
    Paste {
        cells: Vec<(Cell, Terrain, Option<ItemKind>)>,
    },
    /// Takes the items off these cells, as one undo step (what Cut leaves behind).
    ClearItems { cells: Vec<Cell> },
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
    /// Moves room `room` from the route that visits it to route `route`, which takes it as a side trip
    /// from a neighbouring room it visits (or as its new end); both routes are walked anew.
    MoveRoomToRoute { room: RoomId, route: usize },
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
    }
}

/// An item as a designer names it in a history label.
fn item_word(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Chair => "chair",
        ItemKind::Table => "table",
        ItemKind::Bush => "bush",
        ItemKind::Coin => "coin",
        ItemKind::Door(_) => "door",
        ItemKind::Portcullis(_) => "portcullis",
        ItemKind::TorchUnlit => "unlit torch",
        ItemKind::TorchLit => "lit torch",
    }
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
    #[error("room {room} cannot join route {route}: {why}")]
    RouteChange {
        room: RoomId,
        route: usize,
        why: &'static str,
    },
    #[error("there is no guard {0}")]
    NoGuard(usize),
    #[error("there is no item on ({}, {})", .0.x, .0.y)]
    NoItem(Cell),
    #[error("cell ({}, {}) already holds an item", .0.x, .0.y)]
    Occupied(Cell),
    #[error("the exterior cannot be {0}")]
    Exterior(&'static str),
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
            } => format!("Place {} at ({}, {})", item_word(*kind), cell.x, cell.y),
            Edit::SetItem { cell, item: None } => format!("Clear item at ({}, {})", cell.x, cell.y),
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
        if let Edit::PaintCells { cells } = self {
            if let Some(&(outside, _)) = cells.iter().find(|(c, _)| !level.in_bounds(*c)) {
                return Err(EditError::OutOfMap(outside));
            }
            for &(cell, terrain) in cells {
                level.set_terrain(cell, terrain);
            }
            return Ok(cells.iter().map(|&(c, _)| c).collect());
        }
        if let Edit::Paste { cells } = self {
            if let Some(&(outside, _, _)) = cells.iter().find(|(c, _, _)| !level.in_bounds(*c)) {
                return Err(EditError::OutOfMap(outside));
            }
            for &(cell, terrain, item) in cells {
                level.set_terrain(cell, terrain);
                level.items.retain(|i| i.cell != cell);
                if let Some(kind) = item {
                    level.items.push(Item { kind, cell });
                }
            }
            return Ok(cells.iter().map(|&(c, _, _)| c).collect());
        }
        if let Edit::ClearItems { cells } = self {
            if let Some(&outside) = cells.iter().find(|c| !level.in_bounds(**c)) {
                return Err(EditError::OutOfMap(outside));
            }
            level.items.retain(|i| !cells.contains(&i.cell));
            return Ok(cells.clone());
        }
        match *self {
            Edit::PaintCells { .. } | Edit::Paste { .. } | Edit::ClearItems { .. } => {
                Ok(Vec::new())
            }
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
                // The whole hand-fixed patrol: locking its rooms keeps it through a regeneration.
                Ok(level.patrols[route].cells.clone())
            }
            Edit::MoveRoomToRoute { room, route } => move_room_to_route(level, room, route),
            Edit::AddGuard { cell } => {
                inside(level, cell)?;
                // A guard posted on a cell paces it: a route of three repeated cells, four turns a cycle.
                let turns = limits::patrol_turns(level) + limits::route_period(3, false);
                if level.guards.len() >= limits::MAX_GUARDS {
                    return Err(EditError::OverLimit(format!(
                        "the level already has {} guards, the most a level may have",
                        level.guards.len()
                    )));
                }
                if turns > limits::MAX_PATROL_TURNS {
                    return Err(EditError::OverLimit(format!(
                        "another guard would take the patrols to {turns} turns, more than the {} a \
                         level may have",
                        limits::MAX_PATROL_TURNS
                    )));
                }
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
                Ok(vec![cell])
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

/// Takes `room` out of the route that visits it and gives it to route `to`: as a side trip from a room of
/// `to` it has a door to, or as `to`'s new end when it borders an end. The room may leave its old route
/// only from an end, or where its neighbours on that route have a door between them (otherwise the old
/// route would fall apart). Both routes are walked anew with the patrol pass's own path finding.
/// Hands `room` to route `to`; returns the cells of both routes as walked anew.
fn move_room_to_route(level: &mut Level, room: RoomId, to: usize) -> Result<Vec<Cell>, EditError> {
    let refuse = |why| EditError::RouteChange {
        room,
        route: to,
        why,
    };
    if room >= level.rooms.len() {
        return Err(EditError::NoRoom(room));
    }
    let target = level
        .patrols
        .get(to)
        .ok_or(refuse("there is no such route"))?;
    if target.outside || target.visits.is_empty() {
        return Err(refuse("it is not a route through rooms"));
    }
    if target.visits.contains(&room) {
        return Err(refuse("the route already visits it"));
    }
    let graph = crate::analysis::room_graph(level);
    let door = |a: RoomId, b: RoomId| graph.neighbours(a).iter().any(|(x, _)| *x == b);
    let looped = target.loops();
    let mut visits = target.visits.clone();
    let (first, last) = (visits[0], visits[visits.len() - 1]);
    if !looped && door(last, room) {
        visits.push(room);
    } else if !looped && door(first, room) {
        visits.insert(0, room);
    } else {
        let host = visits
            .iter()
            .position(|&v| door(v, room))
            .ok_or(refuse("it has no door to a room on that route"))?;
        visits.splice(host + 1..host + 1, [room, visits[host]]);
    }
    let from = level
        .patrols
        .iter()
        .position(|p| !p.outside && p.visits.contains(&room));
    let old_route = match from {
        Some(f) => Some((
            f,
            shrink_route(&level.patrols[f], room, &door)
                .ok_or(refuse("it holds its old route together"))?,
        )),
        None => None,
    };
    let mut rng = Stream::new(level.seed, "edit-patrols");
    let rebuilt = emit_route(level, &visits, looped, &mut rng);
    let rebuilt_old = old_route.map(|(f, (v, l))| (f, emit_route(level, &v, l, &mut rng)));
    let mut after = level.clone();
    after.patrols[to] = rebuilt.clone();
    if let Some((f, route)) = &rebuilt_old {
        after.patrols[*f] = route.clone();
    }
    limits::check_patrols(&after).map_err(EditError::OverLimit)?;
    let mut changed = rebuilt.cells.clone();
    level.patrols[to] = rebuilt;
    if let Some((f, route)) = rebuilt_old {
        changed.extend_from_slice(&route.cells);
        level.patrols[f] = route;
    }
    for guard in level.guards.iter_mut() {
        if let Some(&start) = level.patrols.get(guard.route).and_then(|p| p.cells.first()) {
            guard.start = start;
        }
    }
    Ok(changed)
}

/// The visits of `route` without `room`, and whether it still loops; `None` when removing the room would
/// leave two rooms without a door between them next to each other, or fewer than two visits.
fn shrink_route(
    route: &PatrolRoute,
    room: RoomId,
    door: &dyn Fn(RoomId, RoomId) -> bool,
) -> Option<(Vec<RoomId>, bool)> {
    let looped = route.loops();
    let mut visits = route.visits.clone();
    while let Some(i) = visits.iter().position(|&v| v == room) {
        visits.remove(i);
        // A side trip leaves its host twice in a row; keep one visit.
        if i > 0 && i < visits.len() && visits[i - 1] == visits[i] {
            visits.remove(i);
        }
    }
    let n = visits.len();
    let pairs_joined = visits.windows(2).all(|w| door(w[0], w[1]));
    let loop_closed = !looped || (n > 2 && door(visits[n - 1], visits[0]));
    (n >= 2 && pairs_joined && loop_closed).then_some((visits, looped && n > 2))
}
