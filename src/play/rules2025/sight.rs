//! What a guard sees (`guard.ts:642-707`, `1044-1067`, `1096-1207`): facing, the two lines of sight,
//! the cutoffs and the sight test.

use crate::model::Cell;

use super::guard::Guard;
use super::kinds::GuardMode;
use super::map::Map;

/// The staircase walk both lines of sight share (`guard.ts:1096-1147`, `1161-1207`): the cells strictly
/// between `from` and `to`, stepping y while the error is positive, else x. On an exact corner
/// (error 0) the cell the y step would have entered is tested too before stepping x. `blocks` is asked
/// of each tested cell with the number of steps left (`n`, counting down from `first`).
fn staircase(from: Cell, to: Cell, mut blocks: impl FnMut(Cell, i32, i32) -> bool) -> bool {
    let (mut x, mut y) = (from.x, from.y);
    let (dx, dy) = (to.x - x, to.y - y);
    let (ax, ay) = (dx.abs(), dy.abs());
    let x_inc = if dx > 0 { 1 } else { -1 };
    let y_inc = if dy > 0 { 1 } else { -1 };
    let mut error = ay - ax;
    let first = ax + ay - 1;
    let mut n = first;
    while n > 0 {
        if error > 0 {
            y += y_inc;
            error -= 2 * ax;
        } else {
            if error == 0 && blocks(Cell::new(x, y + y_inc), n, first) {
                return false;
            }
            x += x_inc;
            error += 2 * ay;
        }
        if blocks(Cell::new(x, y), n, first) {
            return false;
        }
        n -= 1;
    }
    true
}

/// `lineOfSight` (`guard.ts:1096-1147`): blockers stop it, and so does a window, unless the window is
/// one of the first two cells tested from the guard or the last one, next to the target.
pub(super) fn line_of_sight(map: &Map, from: Cell, to: Cell) -> bool {
    staircase(from, to, |c, n, first| {
        let cell = map.cell(c);
        cell.blocks_sight || (cell.terrain.is_window() && n > 1 && n < first - 1)
    })
}

/// `lineOfSightToPosition` (`guard.ts:1161-1207`): for seeing places (torches, treasures), every
/// window blocks.
pub(super) fn line_of_sight_to_position(map: &Map, from: Cell, to: Cell) -> bool {
    staircase(from, to, |c, _, _| {
        let cell = map.cell(c);
        cell.blocks_sight || cell.terrain.is_window()
    })
}

/// Which line of sight a look uses.
#[derive(Clone, Copy)]
pub(super) enum Line {
    /// At an actor: [`line_of_sight`].
    ToActor,
    /// At a place: [`line_of_sight_to_position`].
    ToPosition,
}

/// `sightCutoff` (`guard.ts:699-707`): the squared distance a guard sees to, lit or dark.
fn sight_cutoff(guard: &Guard, lit: bool) -> i32 {
    match (guard.mode, lit) {
        (GuardMode::ChaseVisibleTarget, true) => 75,
        (GuardMode::ChaseVisibleTarget, false) => 33,
        (mode, true) if !mode.is_relaxed() || guard.angry => 75,
        (mode, false) if !mode.is_relaxed() || guard.angry => 15,
        (_, true) => 40,
        (_, false) => 3,
    }
}

/// `seesPositionInternal` (`guard.ts:650-689`). Outside a chase the target must lie in the front
/// half-plane, or strictly ahead of it by `offset` (a guard about to move ignores cells level with it,
/// `guard.ts:207-208`). It must be within the cutoff for its light, except the cell two steps straight
/// ahead. A relaxed calm guard, or any guard at a distance, needs a clear line and an unhidden target;
/// an alert or angry guard sees an adjacent target even hidden, unless diagonally past a blocker.
pub(super) fn sees(
    map: &Map,
    guard: &Guard,
    pos: Cell,
    hidden: bool,
    line: Line,
    offset: i32,
) -> bool {
    let d = (pos.x - guard.pos.x, pos.y - guard.pos.y);
    let dir = guard.dir;
    if guard.mode != GuardMode::ChaseVisibleTarget && dir.0 * d.0 + dir.1 * d.1 < offset {
        return false;
    }
    let lit = map.lit_at(pos) > 0.0;
    let d2 = d.0 * d.0 + d.1 * d.1;
    if d2 >= sight_cutoff(guard, lit) && d != (2 * dir.0, 2 * dir.1) {
        return false;
    }
    if (guard.mode.is_relaxed() && !guard.angry) || d.0.abs() >= 2 || d.1.abs() >= 2 {
        let clear = match line {
            Line::ToActor => line_of_sight(map, guard.pos, pos),
            Line::ToPosition => line_of_sight_to_position(map, guard.pos, pos),
        };
        !hidden && clear
    } else {
        !(guard.pos.x != pos.x
            && guard.pos.y != pos.y
            && (map.cell(Cell::new(guard.pos.x, pos.y)).blocks_sight
                || map.cell(Cell::new(pos.x, guard.pos.y)).blocks_sight))
    }
}

#[cfg(test)]
mod tests {
    use super::super::kinds::TerrainType;
    use super::*;

    fn floor_with(blockers: &[(i32, i32, TerrainType)]) -> Map {
        let (w, h) = (9, 9);
        let mut terrain = vec![TerrainType::GroundWood; (w * h) as usize];
        for &(x, y, t) in blockers {
            terrain[(y * w + x) as usize] = t;
        }
        Map::new(w, h, &terrain, Vec::new(), Vec::new())
    }

    #[test]
    fn an_exact_corner_is_blocked_by_either_cell() {
        let wall = TerrainType::Wall(0);
        let from = Cell::new(2, 2);
        let to = Cell::new(3, 3);
        assert!(line_of_sight(&floor_with(&[]), from, to));
        assert!(!line_of_sight(&floor_with(&[(2, 3, wall)]), from, to));
        assert!(!line_of_sight(&floor_with(&[(3, 2, wall)]), from, to));
        // A longer diagonal through the corner of (3, 4) and (4, 3).
        assert!(!line_of_sight(
            &floor_with(&[(3, 4, wall)]),
            from,
            Cell::new(5, 5)
        ));
    }

    #[test]
    fn a_window_blocks_only_away_from_both_ends() {
        let window = TerrainType::OneWayWindowE;
        let from = Cell::new(0, 4);
        assert!(line_of_sight(
            &floor_with(&[(1, 4, window)]),
            from,
            Cell::new(6, 4)
        ));
        assert!(!line_of_sight(
            &floor_with(&[(3, 4, window)]),
            from,
            Cell::new(6, 4)
        ));
        assert!(line_of_sight(
            &floor_with(&[(5, 4, window)]),
            from,
            Cell::new(6, 4)
        ));
        assert!(!line_of_sight_to_position(
            &floor_with(&[(1, 4, window)]),
            from,
            Cell::new(6, 4)
        ));
    }
}
