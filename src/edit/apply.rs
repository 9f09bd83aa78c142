//! How each hand edit changes a level: one function per kind of [`Edit`](super::Edit), each checking
//! what it names (cells on the map, rooms, routes and guards that exist, the limits) before it changes
//! anything, so a refused edit leaves the level as it was. Kept apart from the edits themselves, which
//! are plain data with their labels.

use super::commands::{Edit, EditError};
use crate::generate::passes::patrols::emit_route;
use crate::generate::rng::Stream;
use crate::model::{
    AdjacencyId, Axis, Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, RoomId, RoomKind,
    Terrain, limits,
};

impl Edit {
    /// Applies the edit to the level (locks are the document's business). Returns the cells it changed,
    /// so the document can lock the rooms around them.
    pub fn apply(&self, level: &mut Level) -> Result<Vec<Cell>, EditError> {
        // The coins' numbers, read as where a moved stack goes, so each coin keeps its own.
        let mut coins = level.numbered_coins();
        if let Edit::MoveItem { from, to } = *self {
            for (cell, _) in coins.iter_mut().filter(|(c, _)| *c == from) {
                *cell = to;
            }
        }
        let changed = self.apply_to_lists(level)?;
        level.number_coins_after_edit(&coins);
        Ok(changed)
    }

    /// [`Edit::apply`] without the coins' numbers.
    fn apply_to_lists(&self, level: &mut Level) -> Result<Vec<Cell>, EditError> {
        match *self {
            Edit::PaintTerrain { cell, terrain } => paint_cells(level, &[(cell, terrain)]),
            Edit::PaintCells { ref cells } => paint_cells(level, cells),
            Edit::Paste { ref cells } => paste(level, cells),
            Edit::ClearItems { ref cells } => clear_items(level, cells),
            Edit::SetItem { cell, item } => set_item(level, cell, item),
            Edit::PutOnTop { cell, item } => put_on_top(level, cell, item),
            Edit::TakeTopItem { cell } => take_top_item(level, cell),
            Edit::MoveItem { from, to } => move_item(level, from, to),
            Edit::SetDoor { adjacency, open } => set_door(level, adjacency, open),
            Edit::SetRoomKind {
                room,
                kind,
                private,
            } => set_room_kind(level, room, kind, private),
            Edit::MoveWaypoint { route, index, to } => move_waypoint(level, (route, index), to),
            Edit::MoveRoomToRoute { room, route } => move_room_to_route(level, room, route),
            Edit::AddGuard { cell } => add_guard(level, cell),
            Edit::RemoveGuard { guard } => remove_guard(level, guard),
            Edit::MovePlayerStart { to } => {
                inside(level, to)?;
                level.player_start = to;
                Ok(Vec::new())
            }
            Edit::Lock { room } | Edit::Unlock { room } | Edit::AllowPatrols { room, .. } => {
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

/// `Ok` when `c` is on the map.
pub(super) fn inside(level: &Level, c: Cell) -> Result<(), EditError> {
    if level.in_bounds(c) {
        Ok(())
    } else {
        Err(EditError::OutOfMap(c))
    }
}

/// Paints each cell its terrain, in order; nothing is painted when one cell is off the map.
pub(super) fn paint_cells(
    level: &mut Level,
    cells: &[(Cell, Terrain)],
) -> Result<Vec<Cell>, EditError> {
    if let Some(&(outside, _)) = cells.iter().find(|(c, _)| !level.in_bounds(*c)) {
        return Err(EditError::OutOfMap(outside));
    }
    for &(cell, terrain) in cells {
        level.set_terrain(cell, terrain);
    }
    Ok(cells.iter().map(|&(c, _)| c).collect())
}

/// Gives each cell its terrain and exactly its item (or none); nothing changes when one cell is off the
/// map.
pub(super) fn paste(
    level: &mut Level,
    cells: &[(Cell, Terrain, Option<ItemKind>)],
) -> Result<Vec<Cell>, EditError> {
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
    Ok(cells.iter().map(|&(c, _, _)| c).collect())
}

/// Takes the items off `cells`; nothing changes when one cell is off the map.
pub(super) fn clear_items(level: &mut Level, cells: &[Cell]) -> Result<Vec<Cell>, EditError> {
    if let Some(&outside) = cells.iter().find(|c| !level.in_bounds(**c)) {
        return Err(EditError::OutOfMap(outside));
    }
    level.items.retain(|i| !cells.contains(&i.cell));
    Ok(cells.to_vec())
}

/// Puts `item` on `cell` in place of what was there, or empties the cell.
pub(super) fn set_item(
    level: &mut Level,
    cell: Cell,
    item: Option<ItemKind>,
) -> Result<Vec<Cell>, EditError> {
    inside(level, cell)?;
    level.items.retain(|i| i.cell != cell);
    if let Some(kind) = item {
        level.items.push(Item { kind, cell });
    }
    Ok(vec![cell])
}

/// Puts `kind` on top of the stack on `cell`: after every item of the list on it, as the list keeps a
/// cell's items bottom first.
pub(super) fn put_on_top(
    level: &mut Level,
    cell: Cell,
    kind: ItemKind,
) -> Result<Vec<Cell>, EditError> {
    inside(level, cell)?;
    level.items.push(Item { kind, cell });
    Ok(vec![cell])
}

/// Takes away the last item of the list on `cell`: the top of its stack.
pub(super) fn take_top_item(level: &mut Level, cell: Cell) -> Result<Vec<Cell>, EditError> {
    inside(level, cell)?;
    let top = level
        .items
        .iter()
        .rposition(|i| i.cell == cell)
        .ok_or(EditError::NoItem(cell))?;
    level.items.remove(top);
    Ok(vec![cell])
}

/// Moves the items on `from` (a whole stack keeps its order: a coin stays on its chair) to `to`, which
/// must hold none.
pub(super) fn move_item(level: &mut Level, from: Cell, to: Cell) -> Result<Vec<Cell>, EditError> {
    inside(level, from)?;
    inside(level, to)?;
    if level.item_at(to).is_some() {
        return Err(EditError::Occupied(to));
    }
    let mut moved = false;
    for item in level.items.iter_mut().filter(|i| i.cell == from) {
        item.cell = to;
        moved = true;
    }
    if !moved {
        return Err(EditError::NoItem(from));
    }
    Ok(vec![from, to])
}

/// Moves waypoint `index` of route `route` to `to`; the guards of the route start there when it is the
/// first. Returns the whole hand-fixed route: locking its rooms keeps it through a regeneration.
pub(super) fn move_waypoint(
    level: &mut Level,
    (route, index): (usize, usize),
    to: Cell,
) -> Result<Vec<Cell>, EditError> {
    inside(level, to)?;
    let cell = level
        .patrols
        .get_mut(route)
        .and_then(|r| r.cells.get_mut(index))
        .ok_or(EditError::NoWaypoint(route, index))?;
    let was = std::mem::replace(cell, to);
    if index == 0 {
        // A guard posted off its route stays at its post.
        for guard in level
            .guards
            .iter_mut()
            .filter(|g| g.route == route && g.start == was)
        {
            guard.start = to;
        }
    }
    Ok(level.patrols[route].cells.clone())
}

/// Posts a new guard on `cell` with a route of its own, unless that takes the level past the guard or
/// patrol-turn limits.
pub(super) fn add_guard(level: &mut Level, cell: Cell) -> Result<Vec<Cell>, EditError> {
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
    // The room the guard stands in counts as visited, so the inspector and the validation say it is
    // patrolled as the map's tooltip does (both read the route's cells and its visits).
    let room = level
        .rooms
        .iter()
        .position(|r| r.kind != RoomKind::Exterior && r.cells.contains(&cell));
    level.patrols.push(PatrolRoute {
        cells: vec![cell; 3],
        visits: room.into_iter().collect(),
        stations: Vec::new(),
        outside: false,
    });
    level.guards.push(Guard {
        start: cell,
        route: level.patrols.len() - 1,
        carries_torch: false,
    });
    // A 2025 level lists each guard's loads by index: the new guard patrols, empty-handed.
    if let Some(slot) = level.extension.as_deref_mut() {
        slot.guard_added();
    }
    level.number_added_guard();
    Ok(vec![cell])
}

/// Removes guard `guard`, and its route when no other guard walks it (the later routes are renumbered).
pub(super) fn remove_guard(level: &mut Level, guard: usize) -> Result<Vec<Cell>, EditError> {
    let removed = *level.guards.get(guard).ok_or(EditError::NoGuard(guard))?;
    level.guards.remove(guard);
    if let Some(slot) = level.extension.as_deref_mut() {
        slot.guard_removed(guard);
    }
    level.number_removed_guard(guard);
    if level.guards.iter().all(|g| g.route != removed.route) {
        level.patrols.remove(removed.route);
        for g in level.guards.iter_mut().filter(|g| g.route > removed.route) {
            g.route -= 1;
        }
    }
    Ok(Vec::new())
}

/// Opens a door in the middle of wall segment `id` (where its old door was, if any) or walls it up.
pub(super) fn set_door(
    level: &mut Level,
    id: AdjacencyId,
    open: bool,
) -> Result<Vec<Cell>, EditError> {
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

/// Gives room `room` a new kind and privacy, and its floor the matching material.
pub(super) fn set_room_kind(
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
/// Returns the cells of both routes as walked anew.
pub(super) fn move_room_to_route(
    level: &mut Level,
    room: RoomId,
    to: usize,
) -> Result<Vec<Cell>, EditError> {
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
        let after_host = host + 1;
        visits.splice(after_host..after_host, [room, visits[host]]);
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
    let was_first: Vec<Option<Cell>> = level
        .patrols
        .iter()
        .map(|p| p.cells.first().copied())
        .collect();
    level.patrols[to] = rebuilt;
    if let Some((f, route)) = rebuilt_old {
        changed.extend_from_slice(&route.cells);
        level.patrols[f] = route;
    }
    // Guards on a rebuilt route start on its first cell; one posted off its route stays at its post.
    for guard in &mut level.guards {
        if let Some(&start) = level.patrols.get(guard.route).and_then(|p| p.cells.first())
            && was_first.get(guard.route) == Some(&Some(guard.start))
        {
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
