//! The thief's field of view (`recomputeVisibility`, `game-map.ts:657-781`) and the cells it knows
//! from the start (`markExteriorAsSeen`, `create-map.ts:6973-6997`).
//!
//! The same portal walk as the light, with the four edge portals only, radius² 400, the thief's own
//! blockers (walls but lone pillars, doors), and the corner spill the light no longer has: a diagonal
//! neighbour is seen when the frustum holds the shared corner. The walk runs from the thief's cell and
//! again from each orthogonal neighbour it can see into, so it sees around a door jamb it stands by.

use crate::model::Cell;

use super::light::{Portal, right_of};
use super::map::Map;

/// The four edge portals (`portals`, `game-map.ts:472-477`): left corner, right corner, step.
const PORTALS: [Portal; 4] = [
    ((-1, -1), (-1, 1), (-1, 0)),
    ((-1, 1), (1, 1), (0, 1)),
    ((1, 1), (1, -1), (1, 0)),
    ((1, -1), (-1, -1), (0, -1)),
];

/// How far the thief sees: `d² ≤ 400` (`game-map.ts:722`).
const SIGHT_RADIUS2: i32 = 400;

/// `computeVisibility` (`game-map.ts:699-781`) from `viewer`.
fn visit(map: &mut Map, viewer: Cell, x: i32, y: i32, left: (i32, i32), right: (i32, i32)) {
    let Some(i) = map.index(Cell::new(x, y)) else {
        return;
    };
    let (dx, dy) = (x - viewer.x, y - viewer.y);
    if dx * dx + dy * dy > SIGHT_RADIUS2 {
        return;
    }
    let (dx, dy) = (2 * dx, 2 * dy);
    map.seen[i] = true;
    if map.cells[i].blocks_player_sight {
        return;
    }
    for (ox, oy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let corner = (dx + ox, dy + oy);
        if !right_of(left, corner)
            && !right_of(corner, right)
            && let Some(j) = map.index(Cell::new(x + ox, y + oy))
        {
            map.seen[j] = true;
        }
    }
    for (l, r, (nx, ny)) in PORTALS {
        let pl = (dx + l.0, dy + l.1);
        let pr = (dx + r.0, dy + r.1);
        let cl = if right_of(left, pl) { left } else { pl };
        let cr = if right_of(right, pr) { pr } else { right };
        if right_of(cr, cl) {
            visit(map, viewer, x + nx, y + ny, cl, cr);
        }
    }
}

/// `recomputeVisibilityFromPos` (`game-map.ts:670-680`).
fn see_from(map: &mut Map, viewer: Cell) {
    for (l, r, _) in PORTALS {
        visit(map, viewer, viewer.x, viewer.y, l, r);
    }
}

/// `recomputeVisibility` (`game-map.ts:657-668`): from the thief's cell, then from each orthogonal
/// neighbour on the map that does not block its sight, W, E, S, N. Seeing only adds to `seen` and
/// the thief's blockers are fixed, so a cell viewed from before is skipped.
pub(super) fn recompute_visibility(map: &mut Map, viewer: Cell) {
    if let Some(i) = map.index(viewer) {
        if map.viewed_from[i] {
            return;
        }
        map.viewed_from[i] = true;
    }
    see_from(map, viewer);
    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let next = viewer.offset(dx, dy);
        if map.contains(next) && !map.cell(next).blocks_player_sight {
            see_from(map, next);
        }
    }
}

/// `markExteriorAsSeen` (`create-map.ts:6973-6997`): the 8-connected flood from the thief's start,
/// stopping after (not before) each cell of a wall line. Returns how many cells it revealed.
pub(super) fn reveal_exterior(map: &mut Map, start: Cell) -> usize {
    let mut visited = vec![false; map.cells.len()];
    let mut to_visit = vec![start];
    let mut revealed = 0;
    while let Some(p) = to_visit.pop() {
        let Some(i) = map.index(p) else {
            continue;
        };
        if visited[i] {
            continue;
        }
        visited[i] = true;
        map.seen[i] = true;
        revealed += 1;
        if map.cells[i].terrain.in_wall_line() {
            continue;
        }
        for dx in -1..=1 {
            for dy in -1..=1 {
                let next = p.offset(dx, dy);
                if map.index(next).is_some_and(|j| !visited[j]) {
                    to_visit.push(next);
                }
            }
        }
    }
    revealed
}

#[cfg(test)]
mod tests {
    use super::super::kinds::TerrainType;
    use super::*;

    #[test]
    fn the_thief_sees_a_room_but_not_past_its_walls() {
        // 9 × 5: a wall column at x = 4 with a doorway at (4, 2).
        let (w, h) = (9, 5);
        let mut terrain = vec![TerrainType::GroundWood; (w * h) as usize];
        for y in 0..h {
            terrain[(y * w + 4) as usize] = TerrainType::Wall(12);
        }
        terrain[(2 * w + 4) as usize] = TerrainType::DoorNS;
        let mut map = Map::new(w, h, &terrain, Vec::new(), Vec::new());
        recompute_visibility(&mut map, Cell::new(1, 0));
        let seen = |x, y| map.seen[map.index(Cell::new(x, y)).unwrap()];
        assert!(seen(0, 4) && seen(3, 4) && seen(4, 0) && seen(4, 2));
        // Through the open doorway the thief sees a wedge of the far side, not its corner behind the wall.
        assert!(seen(5, 2) && !seen(5, 0));
        assert_eq!(reveal_exterior(&mut map, Cell::new(0, 0)), 5 * 4 + 5);
    }
}
