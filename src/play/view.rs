//! What the thief sees (`stealth-rules.md` §2.5): the fog of war, and whether the mansion is fully
//! mapped, which leaving the level needs (§5.8).
//!
//! The same portal walk as light (§2.2) with the thief's own blockers and reach: walls and door items
//! block (bushes, portcullises and windows do not), the reach is `d² ≤ 400`, the walk starts on the
//! thief's own cell (so standing in a doorway with a door shows nothing from there) and is repeated
//! from each orthogonal neighbour that does not block ("peeking", `game-map.ts:410-421`). Seen cells
//! stay seen. The light module's walk is bounded to a 17 × 17 patch; this one reaches 20 cells, so it
//! walks the map's own cells.

use crate::analysis::stealth::CellSet;
use crate::model::{Cell, Dir, ItemKind, Level, Terrain};

/// Doubled offsets beyond this squared length end the walk (`d² ≤ 400`).
const REACH_DOUBLED2: i32 = 1600;

/// A vector in half-cell units relative to the viewer's centre.
type Half = (i32, i32);

/// The original's portals in its order W, N, E, S: left and right corner in half cells, and the step to
/// the neighbour beyond.
const PORTALS: [(Half, Half, (i32, i32)); 4] = [
    ((-1, -1), (-1, 1), (-1, 0)),
    ((-1, 1), (1, 1), (0, 1)),
    ((1, 1), (1, -1), (1, 0)),
    ((1, -1), (-1, -1), (0, -1)),
];

/// `aRightOfB`: `a` is clockwise of `b`.
fn right_of(a: Half, b: Half) -> bool {
    a.0 * b.1 > a.1 * b.0
}

/// The cells that block the thief's sight: walls (and the void) and door items.
pub fn thief_sight_blockers(level: &Level) -> CellSet {
    let mut blocks = CellSet::empty(level.shape());
    for (i, &terrain) in level.terrain_cells().iter().enumerate() {
        if matches!(terrain, Terrain::Wall | Terrain::Void) {
            blocks.insert(level.shape().cell(i));
        }
    }
    for item in &level.items {
        if matches!(item.kind, ItemKind::Door(_)) && level.in_bounds(item.cell) {
            blocks.insert(item.cell);
        }
    }
    blocks
}

/// Marks in `seen` every cell the thief at `viewer` sees, peeking from its four neighbours too.
/// `walked` holds the cells already walked from: seen cells stay seen and the walls never move, so a
/// walk from the same cell adds nothing, and is skipped (most of a thief's viewpoints were its
/// viewpoints the turn before). A viewpoint off the map sees nothing.
pub fn look(blocks: &CellSet, viewer: Cell, seen: &mut CellSet, walked: &mut CellSet) {
    let shape = blocks.shape();
    let peeks = [Dir::N, Dir::S, Dir::E, Dir::W]
        .into_iter()
        .filter_map(|dir| {
            let (dx, dy) = dir.delta();
            let next = viewer.offset(dx, dy);
            (shape.contains(next) && !blocks.contains(next)).then_some(next)
        });
    for from in std::iter::once(viewer).chain(peeks) {
        if shape.contains(from) && !walked.contains(from) {
            walked.insert(from);
            walk_from(blocks, from, seen);
        }
    }
}

/// `recomputeVisibilityFromPos`: the walk from `viewer`'s cell through each of its four portals.
fn walk_from(blocks: &CellSet, viewer: Cell, seen: &mut CellSet) {
    for (left, right, _) in PORTALS {
        visit(blocks, viewer, viewer, left, right, seen);
    }
}

/// `computeVisibility` for `target`, with the frustum's left and right edges relative to the viewer.
fn visit(
    blocks: &CellSet,
    viewer: Cell,
    target: Cell,
    left: Half,
    right: Half,
    seen: &mut CellSet,
) {
    let shape = blocks.shape();
    if !shape.contains(target) {
        return;
    }
    let (dx, dy) = (2 * (target.x - viewer.x), 2 * (target.y - viewer.y));
    if dx * dx + dy * dy > REACH_DOUBLED2 {
        return;
    }
    seen.insert(target);
    if blocks.contains(target) {
        return;
    }
    for (ox, oy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let corner = (dx + ox, dy + oy);
        let diagonal = target.offset(ox, oy);
        if shape.contains(diagonal) && !right_of(left, corner) && !right_of(corner, right) {
            seen.insert(diagonal);
        }
    }
    for (portal_left, portal_right, step) in PORTALS {
        let pl = (dx + portal_left.0, dy + portal_left.1);
        let pr = (dx + portal_right.0, dy + portal_right.1);
        let clipped_left = if right_of(left, pl) { left } else { pl };
        let clipped_right = if right_of(right, pr) { pr } else { right };
        if right_of(clipped_right, clipped_left) {
            let next = target.offset(step.0, step.1);
            visit(blocks, viewer, next, clipped_left, clipped_right, seen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Level;

    fn open_room(w: i32, h: i32) -> Level {
        let mut level = Level::blank("test", 1, 0, (w, h), Terrain::Marble);
        for x in 0..w {
            level.set_terrain(Cell::new(x, 0), Terrain::Wall);
            level.set_terrain(Cell::new(x, h - 1), Terrain::Wall);
        }
        for y in 0..h {
            level.set_terrain(Cell::new(0, y), Terrain::Wall);
            level.set_terrain(Cell::new(w - 1, y), Terrain::Wall);
        }
        level
    }

    /// §2.5: in a closed room the thief sees the whole room and its walls, and nothing beyond a wall.
    #[test]
    fn a_closed_room_is_seen_to_its_walls_and_no_further() {
        let mut level = open_room(12, 8);
        for y in 0..8 {
            level.set_terrain(Cell::new(8, y), Terrain::Wall);
        }
        let blocks = thief_sight_blockers(&level);
        let mut seen = CellSet::empty(level.shape());
        let mut walked = CellSet::empty(level.shape());
        look(&blocks, Cell::new(3, 3), &mut seen, &mut walked);
        for y in 0..8 {
            for x in 0..=8 {
                assert!(seen.contains(Cell::new(x, y)), "({x},{y}) is in the room");
            }
            for x in 10..12 {
                assert!(
                    !seen.contains(Cell::new(x, y)),
                    "({x},{y}) is behind the wall"
                );
            }
        }
    }

    /// §2.5: the reach is `d² ≤ 400`; a cell 20 away straight ahead is seen, 21 is not.
    #[test]
    fn the_thief_sees_twenty_cells_and_no_more() {
        let level = open_room(30, 5);
        let blocks = thief_sight_blockers(&level);
        let mut seen = CellSet::empty(level.shape());
        walk_from(&blocks, Cell::new(2, 2), &mut seen);
        assert!(seen.contains(Cell::new(22, 2)));
        assert!(!seen.contains(Cell::new(23, 2)));
    }
}
