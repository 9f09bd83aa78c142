//! Checks every structural generator's level must pass (`other-generators.md` §0, §1.6 item 5, §2.6
//! item 6, §3.5 item 6), and lock snapshots for the lock tests.

#![allow(
    dead_code,
    reason = "each test crate that includes this module uses only some of its checks"
)]

use mansion_forge::analysis::depths;
use mansion_forge::analysis::validate::validate;
use mansion_forge::model::{Cell, Grid, Level, LockedRoom, RoomKind, Terrain};

/// Indoor walkable: not blocking and not the outside ground.
fn indoor(t: Terrain) -> bool {
    !t.is_blocking() && t != Terrain::Ground
}

/// The shared-contract checks; returns the first failure.
pub fn check_level(level: &Level) -> Result<(), String> {
    check_level_with_locks(level, &[])
}

/// The shared-contract checks of a level regenerated around `locks`. Locked rooms keep new guards out
/// (issue 44), so a locked room may be left unpatrolled (invariant 26); every other room is patrolled,
/// through a locked room where nothing else leads to it, and everything else holds everywhere.
pub fn check_level_with_locks(
    level: &Level,
    locks: &[mansion_forge::model::LockedRoom],
) -> Result<(), String> {
    let locked = |room: Option<usize>| {
        room.and_then(|r| level.rooms.get(r))
            .is_some_and(|room| locks.iter().any(|l| l.room.origin == room.origin))
    };
    let violations: Vec<_> = validate(level)
        .into_iter()
        .filter(|v| v.invariant != 26 || !locked(v.room))
        .collect();
    if let Some(first) = violations.first() {
        return Err(format!("validate: {first}"));
    }
    let depth = depths(level);
    for (r, room) in level.rooms.iter().enumerate() {
        if room.kind != RoomKind::Exterior && depth[r].is_none() {
            return Err(format!("room {r} is not reachable from the entrance"));
        }
        if room.kind != RoomKind::Exterior && room.cells.is_empty() {
            return Err(format!("room {r} has no cells"));
        }
    }
    if level.terrain_cells().contains(&Terrain::Floor) {
        return Err(
            "a Floor cell belongs to no room (the finishing pass lays every room floor)".into(),
        );
    }
    let mut owner = Grid::new(level.shape(), None);
    for (r, room) in level.rooms.iter().enumerate() {
        for c in &room.cells {
            let Some(slot) = owner.get_mut(*c) else {
                return Err(format!("room {r} has cell {c:?} off the map"));
            };
            if let Some(other) = *slot {
                return Err(format!("rooms {other} and {r} share cell {c:?}"));
            }
            *slot = Some(r);
        }
    }
    check_indoor_connected(level)?;
    if level.entrance.exterior.is_some() {
        check_sealed(level)?;
    }
    Ok(())
}

/// Every indoor walkable cell is 4-connected to the entrance cell without stepping outside.
fn check_indoor_connected(level: &Level) -> Result<(), String> {
    let start = level.entrance.cell;
    if !indoor(level.terrain(start)) {
        return Err(format!("the entrance cell {start:?} is not walkable"));
    }
    let mut seen = Grid::new(level.shape(), false);
    seen.set(start, true);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if level.in_bounds(n) && indoor(level.terrain(n)) && !seen.at(n) {
                seen.set(n, true);
                stack.push(n);
            }
        }
    }
    match level
        .all_cells()
        .find(|&c| indoor(level.terrain(c)) && !seen.at(c))
    {
        Some(c) => Err(format!(
            "indoor cell {c:?} is not connected to the entrance"
        )),
        None => Ok(()),
    }
}

/// Outside ground touches the building's walkable cells only at the front door.
fn check_sealed(level: &Level) -> Result<(), String> {
    for c in level.all_cells() {
        if level.terrain(c) != Terrain::Ground {
            continue;
        }
        for n in c.neighbours4() {
            if level.in_bounds(n) && indoor(level.terrain(n)) && n != level.entrance.cell {
                return Err(format!(
                    "outside cell {c:?} opens into the building at {n:?}"
                ));
            }
        }
    }
    Ok(())
}

/// The wall ring of a room: 8-neighbours of its cells that are not its cells.
pub fn ring(level: &Level, cells: &[Cell]) -> Vec<Cell> {
    let mut ring: Vec<Cell> = cells
        .iter()
        .flat_map(|c| (-1..=1).flat_map(move |dx| (-1..=1).map(move |dy| c.offset(dx, dy))))
        .filter(|c| level.in_bounds(*c) && cells.binary_search(c).is_err())
        .collect();
    ring.sort();
    ring.dedup();
    ring
}

/// A lock snapshot of room `r`, exactly as the editor takes it.
pub fn lock(level: &Level, r: usize) -> LockedRoom {
    mansion_forge::edit::locks::snapshot(level, r).expect("a room, not the exterior")
}

/// Whether `level` kept the lock: floor terrain and items identical, ring walls identical where both
/// versions have a wall (doors may move, §0.4).
pub fn kept(level: &Level, lock: &LockedRoom) -> Result<(), String> {
    let floor = &lock.room.cells;
    for &(c, t) in &lock.terrain {
        let now = level.terrain(c);
        let on_floor = floor.binary_search(&c).is_ok();
        if on_floor && now != t {
            return Err(format!("floor {c:?} was {t:?}, now {now:?}"));
        }
        if !on_floor && t.is_blocking() && now.is_blocking() && now != t {
            return Err(format!("ring {c:?} was {t:?}, now {now:?}"));
        }
    }
    let items_now: Vec<_> = level
        .items
        .iter()
        .filter(|i| floor.binary_search(&i.cell).is_ok())
        .copied()
        .collect();
    let items_then: Vec<_> = lock
        .items
        .iter()
        .filter(|i| floor.binary_search(&i.cell).is_ok())
        .copied()
        .collect();
    if items_now != items_then {
        return Err(format!("items changed: {items_then:?} → {items_now:?}"));
    }
    Ok(())
}
