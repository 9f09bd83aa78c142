//! A validated level: the only way a level from outside (a file, a dropped path, a recovered autosave)
//! reaches the rest of the program.
//!
//! [`ValidLevel`] can only be made by [`ValidLevel::new`], which checks every size, index and cell of the
//! level against [`super::limits`] first. Past that point the analysis, the editor and the exports may
//! index the terrain, follow room ids and allocate per-cell tables without guarding each access. Whether a
//! valid level is *playable* (reachable rooms, a front door, …) is a different question, answered by the
//! validator in `analysis`; this is only about the level being safe to read.

use std::fmt;
use std::ops::Deref;

use thiserror::Error;

use super::cell::Cell;
use super::level::Level;
use super::limits::{
    MAX_GENERATOR_ID_CHARS, MAX_GUARDS, MAX_LEVEL, MAX_ROUTE_CELLS, MAX_SIDE, quote,
};
use super::lock::LockedRoom;
use super::parts::{OriginKind, Segment};
use super::rect::Rect;
use super::terrain::{ItemKind, Terrain};

/// Why a level is not safe to read: what is wrong and where.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct ShapeError(
    /// The message, in a designer's words, naming the part of the level and the limit it breaks.
    pub String,
);

/// A level whose sizes, ids and cells have all been checked; read it through `Deref`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidLevel(Level);

impl ValidLevel {
    /// Checks `level` and wraps it, or says what is out of range.
    pub fn new(level: Level) -> Result<Self, ShapeError> {
        check(&level)?;
        Ok(ValidLevel(level))
    }

    /// The level itself, to edit or regenerate; once changed it must be checked again to be valid.
    pub fn into_level(self) -> Level {
        self.0
    }
}

impl Deref for ValidLevel {
    type Target = Level;

    fn deref(&self) -> &Level {
        &self.0
    }
}

impl fmt::Display for ValidLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} level {}", self.0.generator, self.0.level)
    }
}

fn fail<T>(message: String) -> Result<T, ShapeError> {
    Err(ShapeError(message))
}

/// Every check [`ValidLevel::new`] makes, for code that holds a plain level (a document being edited, a
/// level about to be saved) and must know it would load again.
pub fn check(level: &Level) -> Result<(), ShapeError> {
    check_header(level)?;
    check_size(level)?;
    let on_map = |what: &str, c: Cell| {
        if level.in_bounds(c) {
            Ok(())
        } else {
            fail(format!(
                "{what} at ({}, {}) is off the {}×{} map",
                c.x, c.y, level.width, level.height
            ))
        }
    };
    let rooms = level.rooms.len();
    let room_ok = |what: &str, r: usize| {
        if r < rooms {
            Ok(())
        } else {
            fail(format!(
                "{what} names room {r}, but the level has {rooms} rooms"
            ))
        }
    };
    let cells = level.shape().len();
    if rooms > cells {
        return fail(format!("{rooms} rooms on a map of {cells} cells"));
    }
    for (r, room) in level.rooms.iter().enumerate() {
        check_rect(level, &format!("room {r}'s interior"), room.interior)?;
        if room.cells.len() > cells {
            return fail(format!("room {r} has more cells than the map"));
        }
        for &c in &room.cells {
            on_map(&format!("a floor cell of room {r}"), c)?;
        }
    }
    for (i, adj) in level.adjacencies.iter().enumerate() {
        let what = format!("adjacency {i}");
        room_ok(&what, adj.left)?;
        room_ok(&what, adj.right)?;
        if let Some(m) = adj.mirror.filter(|&m| m >= level.adjacencies.len()) {
            return fail(format!("{what} names mirror {m}, which does not exist"));
        }
        if let Some(segment) = adj.segment {
            check_segment(level, &what, segment)?;
        }
        if adj.door_cells.len() > 2 || adj.via.len() > cells {
            return fail(format!("{what} has too many door or corridor cells"));
        }
        for &c in adj.door_cells.iter().chain(&adj.via) {
            on_map(&format!("a door or corridor cell of {what}"), c)?;
        }
    }
    if level.items.len() > cells {
        return fail(format!(
            "{} items on a map of {cells} cells",
            level.items.len()
        ));
    }
    for (i, item) in level.items.iter().enumerate() {
        on_map(&format!("item {i} ({})", item.kind.name()), item.cell)?;
    }
    check_patrols(level, cells, &on_map, &room_ok)?;
    for split in &level.split_points {
        room_ok("a split point", split.before)?;
        room_ok("a split point", split.after)?;
    }
    if let Some(mismatch) = level
        .extension()
        .and_then(|slot| slot.mismatch(level.guards.len()))
    {
        return fail(mismatch);
    }
    let coins = level
        .items
        .iter()
        .filter(|it| it.kind == ItemKind::Coin)
        .count();
    if let Some(mismatch) = level.numbers.mismatch(level.guards.len(), coins) {
        return fail(mismatch);
    }
    on_map("the player start", level.player_start)?;
    let entrance = &level.entrance;
    room_ok("the entrance", entrance.room)?;
    on_map("the entrance", entrance.cell)?;
    if let Some(ext) = entrance.exterior {
        room_ok("the entrance's exterior", ext)?;
    }
    if entrance.depth_seeds.len() > rooms {
        return fail("the entrance has more depth seeds than rooms".to_string());
    }
    for &seed in &entrance.depth_seeds {
        room_ok("the entrance's depth seeds", seed)?;
    }
    if let Some(exit) = entrance.exit_cell {
        on_map("the exit", exit)?;
    }
    Ok(())
}

/// The generator id is a plain id (whether this build knows it is checked where files are read, against
/// the generator registry), the level number is 0–9 and a plan, if any, is buildable.
fn check_header(level: &Level) -> Result<(), ShapeError> {
    let id = level.generator.as_str();
    let plain = !id.is_empty()
        && id.chars().count() <= MAX_GENERATOR_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !plain {
        return fail(format!(
            "unknown generator `{}` (a generator id is a lowercase word)",
            quote(id)
        ));
    }
    if level.level > MAX_LEVEL {
        return fail(format!("level {} is not 0–{MAX_LEVEL}", level.level));
    }
    match level.plan {
        Some(plan) => plan.check().map_err(|m| ShapeError(format!("plan: {m}"))),
        None => Ok(()),
    }
}

fn check_size(level: &Level) -> Result<(), ShapeError> {
    let (w, h) = (level.width, level.height);
    if w < 1 || h < 1 {
        return fail(format!("map size {w}×{h} is not positive"));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return fail(format!(
            "map size {w}×{h} is above the {MAX_SIDE}×{MAX_SIDE} limit"
        ));
    }
    let cells = level.shape().len();
    if level.terrain_cells().len() != cells {
        return fail(format!(
            "terrain has {} cells but the map is {w}×{h} = {cells}",
            level.terrain_cells().len()
        ));
    }
    Ok(())
}

/// A rectangle lies on the map, corners in order (a room's interior may be empty, never inverted).
fn check_rect(level: &Level, what: &str, r: Rect) -> Result<(), ShapeError> {
    let ok = 0 <= r.x0 && r.x0 <= r.x1 && r.x1 <= level.width && 0 <= r.y0 && r.y0 <= r.y1;
    if ok && r.y1 <= level.height {
        Ok(())
    } else {
        fail(format!(
            "{what} [{}, {}) × [{}, {}) is not on the {}×{} map",
            r.x0, r.x1, r.y0, r.y1, level.width, level.height
        ))
    }
}

/// Both ends of a wall run lie on the map (and so every cell between them).
fn check_segment(level: &Level, what: &str, s: Segment) -> Result<(), ShapeError> {
    let fits = (0..=MAX_SIDE).contains(&s.len)
        && level.in_bounds(s.origin)
        && (s.len == 0 || level.in_bounds(s.cell(s.len - 1)));
    if fits {
        Ok(())
    } else {
        fail(format!(
            "{what}'s wall run from ({}, {}) over {} cells leaves the map",
            s.origin.x, s.origin.y, s.len
        ))
    }
}

fn check_patrols(
    level: &Level,
    cells: usize,
    on_map: &dyn Fn(&str, Cell) -> Result<(), ShapeError>,
    room_ok: &dyn Fn(&str, usize) -> Result<(), ShapeError>,
) -> Result<(), ShapeError> {
    if level.patrols.len() > cells {
        return fail("more patrol routes than map cells".to_string());
    }
    super::limits::check_patrols(level).map_err(ShapeError)?;
    for (i, route) in level.patrols.iter().enumerate() {
        let what = format!("patrol {i}");
        if route.visits.len() > MAX_ROUTE_CELLS {
            return fail(format!(
                "{what} visits rooms more than {MAX_ROUTE_CELLS} times"
            ));
        }
        for &c in &route.cells {
            on_map(&format!("a cell of {what}"), c)?;
        }
        for &r in &route.visits {
            room_ok(&what, r)?;
        }
        if route.stations.len() > MAX_ROUTE_CELLS {
            return fail(format!("{what} has more than {MAX_ROUTE_CELLS} stations"));
        }
        for station in &route.stations {
            room_ok(&format!("a station of {what}"), station.room)?;
            on_map(&format!("a station of {what}"), station.cell)?;
        }
    }
    for (i, guard) in level.guards.iter().enumerate() {
        if guard.route >= level.patrols.len() {
            return fail(format!(
                "guard {i} walks route {}, but the level has {} routes",
                guard.route,
                level.patrols.len()
            ));
        }
        on_map(&format!("guard {i}"), guard.start)?;
    }
    Ok(())
}

/// Checks a lock read from a file for `generator`, whose rooms carry origins of kind `rooms`: it was
/// taken from such a level, and its cells and sizes are within the map limits.
pub fn check_lock(
    generator: &str,
    rooms: OriginKind,
    index: usize,
    lock: &LockedRoom,
) -> Result<(), ShapeError> {
    let what = format!("lock {index}");
    if let Some(owner) = lock.room.origin.kind().filter(|&k| k != rooms) {
        return fail(format!(
            "{what} is a {} and cannot be kept by `{}`, whose rooms are {}s",
            owner.name(),
            quote(generator),
            rooms.name()
        ));
    }
    let bounds = Level::blank(generator, 0, 0, (MAX_SIDE, MAX_SIDE), Terrain::Void);
    let on_limit_map = |c: Cell| bounds.in_bounds(c);
    let max_cells = bounds.shape().len();
    let counts_ok = lock.room.cells.len() <= max_cells
        && lock.terrain.len() <= max_cells
        && lock.items.len() <= max_cells
        && lock.loot_numbers.len() <= max_cells
        && lock.neighbours.len() <= max_cells;
    if !counts_ok {
        return fail(format!("{what} holds more cells than a map can"));
    }
    let cells_ok = lock.room.cells.iter().all(|&c| on_limit_map(c))
        && lock.terrain.iter().all(|&(c, _)| on_limit_map(c))
        && lock.items.iter().all(|i| on_limit_map(i.cell))
        && lock.loot_numbers.iter().all(|&(c, _)| on_limit_map(c));
    if !cells_ok {
        return fail(format!(
            "{what} has a cell outside the {MAX_SIDE}×{MAX_SIDE} limit"
        ));
    }
    check_rect(&bounds, &format!("{what}'s room"), lock.room.interior)?;
    for (_, rect) in &lock.neighbours {
        check_rect(&bounds, &format!("a neighbour of {what}"), *rect)?;
    }
    check_kept_patrols(generator, rooms, &what, lock, &on_limit_map)
}

/// The patrols a lock keeps: no more than a map's worth, each no longer than a level's route may be,
/// on the limit map, and through rooms of the lock's generator.
fn check_kept_patrols(
    generator: &str,
    rooms: OriginKind,
    what: &str,
    lock: &LockedRoom,
    on_limit_map: &dyn Fn(Cell) -> bool,
) -> Result<(), ShapeError> {
    if lock.patrols.len() > MAX_GUARDS {
        return fail(format!(
            "{what} keeps more patrols than the {MAX_GUARDS} guards a level may have"
        ));
    }
    for (p, patrol) in lock.patrols.iter().enumerate() {
        let patrol_what = format!("kept patrol {p} of {what}");
        let too_long = patrol.cells.len() > MAX_ROUTE_CELLS
            || patrol.visits.len() > MAX_ROUTE_CELLS
            || patrol.stations.len() > MAX_ROUTE_CELLS
            || patrol.guards.len() > MAX_GUARDS;
        if too_long {
            return fail(format!(
                "{patrol_what} is longer than the {MAX_ROUTE_CELLS} cells a route may have"
            ));
        }
        let cells_ok = patrol.cells.iter().all(|&c| on_limit_map(c))
            && patrol.stations.iter().all(|s| on_limit_map(s.cell))
            && patrol.guards.iter().all(|g| on_limit_map(g.start));
        if !cells_ok {
            return fail(format!(
                "{patrol_what} has a cell outside the {MAX_SIDE}×{MAX_SIDE} limit"
            ));
        }
        let walked = patrol
            .visits
            .iter()
            .chain(patrol.stations.iter().map(|s| &s.room));
        for origin in walked {
            if origin.kind() != Some(rooms) {
                return fail(format!(
                    "{patrol_what} walks a room that no `{}` level has",
                    quote(generator)
                ));
            }
        }
    }
    Ok(())
}
