//! Lock snapshots: what a locked room must keep through a regeneration, and the patrols the locks keep.

use crate::model::{
    Cell, Grid, KeptPatrol, Level, LockOrigin, LockedRoom, NumberedCoin, Rect, RoomId, RoomKind,
    lock,
};

/// The cells a lock covers: the room's floor and its ring (every cell 8-adjacent to the floor that is not
/// floor of another room), x outer and y inner.
pub fn covered_cells(level: &Level, room: RoomId) -> Vec<Cell> {
    let Some(r) = level.rooms.get(room) else {
        return Vec::new();
    };
    let i = r.interior;
    let mut cells: Vec<Cell> = (i.x0 - 1..=i.x1)
        .flat_map(|x| (i.y0 - 1..=i.y1).map(move |y| Cell::new(x, y)))
        .filter(|c| level.in_bounds(*c))
        .filter(|c| r.cells.contains(c) || r.cells.iter().any(|f| f.chebyshev_adjacent(*c)))
        .collect();
    cells.dedup();
    cells
}

/// Snapshot of room `room` for locking; `None` for the exterior or an unknown id.
pub fn snapshot(level: &Level, room: RoomId) -> Option<LockedRoom> {
    let r = level.rooms.get(room)?;
    if r.kind == RoomKind::Exterior {
        return None;
    }
    let cells = covered_cells(level, room);
    let terrain = cells.iter().map(|&c| (c, level.terrain(c))).collect();
    let items = level
        .items
        .iter()
        .filter(|it| cells.contains(&it.cell))
        .copied()
        .collect();
    let reach = |rect: &Rect, by: i32| Rect {
        x0: rect.x0 - by,
        y0: rect.y0 - by,
        x1: rect.x1 + by,
        y1: rect.y1 + by,
    };
    let around = reach(&r.interior, 2);
    let neighbours = (0..level.rooms.len())
        .filter(|&n| n != room && level.rooms[n].kind != RoomKind::Exterior)
        .map(|n| &level.rooms[n])
        .filter(|n| {
            let near = reach(&n.interior, 1);
            near.x0 < around.x1 && around.x0 < near.x1 && near.y0 < around.y1 && around.y0 < near.y1
        })
        .map(|n| (n.origin.clone(), n.interior))
        .collect();
    Some(LockedRoom {
        room: r.clone(),
        terrain,
        items,
        neighbours,
        by: LockOrigin::Designer,
        patrols: Vec::new(),
        allow_patrols: false,
        loot_numbers: level
            .numbered_coins()
            .into_iter()
            .filter(|(c, _)| cells.contains(c))
            .collect(),
    })
}

/// Gives the guards and coins that `locks` kept through a regeneration the numbers they went by, and
/// the new ones numbers none of those has (see [`Level::number_kept`]).
pub fn keep_numbers(level: &mut Level, locks: &[LockedRoom]) {
    let guards: Vec<(Cell, &[Cell], u32)> = locks
        .iter()
        .flat_map(|l| &l.patrols)
        .flat_map(|p| {
            p.guards
                .iter()
                .filter_map(|g| Some((g.start, p.cells.as_slice(), g.number?)))
        })
        .collect();
    let coins: Vec<NumberedCoin> = locks
        .iter()
        .flat_map(|l| l.loot_numbers.iter().copied())
        .collect();
    level.number_kept(&guards, &coins);
}

/// Whether route `route` of `level` lies wholly within the cells `covered` by the locks and every room
/// it names is locked: then a regeneration can keep it.
fn keepable(level: &Level, locks: &[LockedRoom], covered: &Grid<bool>, route: usize) -> bool {
    let Some(patrol) = level.patrols.get(route) else {
        return false;
    };
    let locked = |r: RoomId| {
        level
            .rooms
            .get(r)
            .is_some_and(|room| locks.iter().any(|l| l.room.origin == room.origin))
    };
    !patrol.cells.is_empty()
        && patrol.cells.iter().all(|&c| covered.at(c))
        && patrol.visits.iter().all(|&r| locked(r))
        && patrol.stations.iter().all(|s| locked(s.room))
}

/// Records in each lock the patrols of `level` it keeps: those that lie wholly within the cells of all
/// `locks` (floor and wall ring) and name only locked rooms, listed by every lock whose cells they step
/// on. A regeneration with these locks brings such patrols back with their guards.
pub fn keep_patrols(level: &Level, locks: &mut [LockedRoom]) {
    let covered = lock::covered(level.shape(), locks);
    let kept: Vec<KeptPatrol> = (0..level.patrols.len())
        .filter(|&route| keepable(level, locks, &covered, route))
        .filter_map(|route| KeptPatrol::capture(level, route))
        .collect();
    for l in locks.iter_mut() {
        let mut own: Vec<Cell> = l.terrain.iter().map(|&(c, _)| c).collect();
        own.sort_unstable();
        l.patrols = kept
            .iter()
            .filter(|p| p.cells.iter().any(|c| own.binary_search(c).is_ok()))
            .cloned()
            .collect();
    }
}

/// The guards of `level` whose patrols step into the locked rooms but that `locks` cannot keep,
/// because the route also leaves them (or names a room that is not locked): a regeneration plans
/// those anew. In guard order.
pub fn unkept_guards(level: &Level, locks: &[LockedRoom]) -> Vec<usize> {
    let covered = lock::covered(level.shape(), locks);
    (0..level.guards.len())
        .filter(|&g| {
            let route = level.guards[g].route;
            let touches = level
                .patrols
                .get(route)
                .is_some_and(|p| p.cells.iter().any(|&c| covered.at(c)));
            touches && !keepable(level, locks, &covered, route)
        })
        .collect()
}

/// The rooms (not the exterior) whose lock would cover `cell`: the room it is floor of, or the rooms whose
/// wall ring it belongs to.
pub fn rooms_covering(level: &Level, cell: Cell) -> Vec<RoomId> {
    (0..level.rooms.len())
        .filter(|&r| level.rooms[r].kind != RoomKind::Exterior)
        .filter(|&r| {
            let i = level.rooms[r].interior;
            cell.x >= i.x0 - 1 && cell.x <= i.x1 && cell.y >= i.y0 - 1 && cell.y <= i.y1
        })
        .filter(|&r| covered_cells(level, r).contains(&cell))
        .collect()
}

/// The rooms (not the exterior) whose lock would cover any of `cells`, in room order. Each room's
/// covered cells are listed once however many cells an edit changed, so a long hand-fixed patrol costs
/// no more than the rooms it crosses.
pub fn rooms_touched(level: &Level, cells: &[Cell]) -> Vec<RoomId> {
    let mut changed = Grid::new(level.shape(), false);
    let (mut low, mut high) = (Cell::new(i32::MAX, i32::MAX), Cell::new(i32::MIN, i32::MIN));
    for &c in cells.iter().filter(|&&c| level.in_bounds(c)) {
        changed.set(c, true);
        (low.x, low.y) = (low.x.min(c.x), low.y.min(c.y));
        (high.x, high.y) = (high.x.max(c.x), high.y.max(c.y));
    }
    (0..level.rooms.len())
        .filter(|&r| level.rooms[r].kind != RoomKind::Exterior)
        .filter(|&r| {
            let i = level.rooms[r].interior;
            i.x0 - 1 <= high.x && low.x <= i.x1 && i.y0 - 1 <= high.y && low.y <= i.y1
        })
        .filter(|&r| covered_cells(level, r).iter().any(|&c| changed.at(c)))
        .collect()
}

/// Whether a lock is on the same room as `room` of `level` (same origin: slot, modules, …).
pub fn same_room(lock: &LockedRoom, level: &Level, room: RoomId) -> bool {
    level
        .rooms
        .get(room)
        .is_some_and(|r| r.origin == lock.room.origin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;

    #[test]
    fn rooms_touched_are_the_rooms_covering_any_of_the_cells() {
        let level = Recipe::campaign_level(3, 8).build().expect("generates");
        let all: Vec<Cell> = level.all_cells().collect();
        for (k, cells) in all.chunks(97).enumerate() {
            let picked: Vec<Cell> = cells.iter().copied().step_by(1 + k % 5).collect();
            let mut expected: Vec<RoomId> = picked
                .iter()
                .flat_map(|&c| rooms_covering(&level, c))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(rooms_touched(&level, &picked), expected, "chunk {k}");
        }
        assert!(rooms_touched(&level, &[]).is_empty());
        assert!(rooms_touched(&level, &[Cell::new(-5, 9999)]).is_empty());
    }
}
