//! What the thief sees (`stealth-rules.md` §2.5): the fog of war, and whether the mansion is fully
//! mapped, which leaving the level needs (§5.8). The fog starts from the cells the game marks seen
//! when it creates the mansion ([`seen_at_creation`]), which the spec does not mention.
//!
//! The same portal walk as light (§2.2) with the thief's own blockers and reach: walls and door items
//! block (bushes, portcullises and windows do not), the reach is `d² ≤ 400`, the walk starts on the
//! thief's own cell (so standing in a doorway with a door shows nothing from there) and is repeated
//! from each orthogonal neighbour that does not block ("peeking", `game-map.ts:410-421`). Seen cells
//! stay seen. The light module's walk is bounded to a 17 × 17 patch; this one reaches 20 cells, so it
//! walks the map's own cells.

use super::kept::CellLists;
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
fn thief_sight_blockers(level: &Level) -> CellSet {
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

/// `outerBorder` (`create-map.ts:10`): the 2023 generator's ring of ground around the house is this wide.
const OUTER_BORDER: i32 = 3;

/// The cells the 2023 game marks seen when it creates a mansion, before the thief first looks
/// (`createGameMap`, `create-map.ts:95-121`), so that "fully mapped" (`allSeen`, `game.ts:582-588`)
/// asks only for the inside. Read off the finished level, so a pure function of it:
/// - the grass of the outer bands: `placeExteriorBushes` (`create-map.ts:2048-2089`) turns every plain
///   ground cell of the two northmost rows, and of the two westmost and two eastmost columns from row
///   `OUTER_BORDER` up, into grass and marks it seen (at 2060, 2076, 2086). Nothing later lays grass
///   there or changes it, so those cells are the grass cells of the bands;
/// - every cell that is plain ground or has an 8-neighbour that is (`markExteriorAsSeen`,
///   `create-map.ts:2155-2174`, called at 115, after the front pillars, the loot and the guards are
///   placed): the yard, the bands (already marked), the outer wall and the front pillars.
///
/// Both rules are applied to every level the 2023 rules play, whichever generator made it, as the game
/// would apply them to any map it made, rather than to the 2023 generator's levels only. That keeps
/// `play` a function of the level alone (a level edited by hand, or made by another generator, plays
/// by the same rule) and it means there what it means in the game, because in all our generators plain
/// ground ([`Terrain::Ground`]) is the outside: the unbuilt cells that reach the map's edge
/// (`generate::build::split_unbuilt` for tile growth and the packed mansion; the siheyuan's and the 2025
/// generator's yards). So the thief is told the yard and the outer face of the house and maps the
/// inside. Grass on the outer bands is the siheyuan's exterior dressing (its spec §5.9) and, under the
/// 2025 generator, outdoor lawn; tile growth, the packed mansion and the Rogue grid lay grass only in
/// courtyards, inside the outer wall, so the band rule marks nothing of theirs unless a designer paints
/// grass there (then it is marked, as the game would). What the rule leaves out is the thief's to see:
/// a 2025 level's lawn off the bands that touches no plain ground, and on a level with no plain ground
/// at all (a Rogue-grid dungeon, drawn in void) everything, the void between rooms included, which it
/// never sees: such a level is never fully mapped and cannot be left by the map's edge, as in the game
/// given such a map. (Checked on 300 siheyuan, 12 tile-growth, 12 packed-mansion, 12 Rogue-grid and 20
/// 2025 levels: every ground cell, and every grass cell on the bands, is joined to the map's edge
/// through ground and grass.)
pub fn seen_at_creation(level: &Level) -> CellSet {
    let (w, h) = (level.width, level.height);
    let ground = |c: Cell| level.in_bounds(c) && level.terrain(c) == Terrain::Ground;
    // The two northmost rows (`sy - outerBorder + 1 ≤ y`), and from row `outerBorder` up the two
    // westmost (`x < outerBorder - 1`) and eastmost (`sx - outerBorder + 1 ≤ x`) columns.
    let band = |c: Cell| {
        c.y > h - OUTER_BORDER
            || (c.y >= OUTER_BORDER && (c.x < OUTER_BORDER - 1 || c.x > w - OUTER_BORDER))
    };
    let mut seen = CellSet::empty(level.shape());
    for c in level.all_cells() {
        let grass_band = band(c) && level.terrain(c) == Terrain::Grass;
        let near_ground = (-1..=1).any(|dx| (-1..=1).any(|dy| ground(c.offset(dx, dy))));
        if grass_band || near_ground {
            seen.insert(c);
        }
    }
    seen
}

/// The most bytes of viewpoint lists one level's [`ThiefSight`] keeps: a level-9 mansion needs a
/// few MiB; past the bound (only a huge map) a walk is made again each time.
const KEPT_BYTES: usize = 32 << 20;

/// The thief's sight on one level (§2.5): what blocks it, and per viewpoint the cells a walk from
/// there sees, walked the first time the thief stands (or peeks) there and kept for every later look
/// of every game of the level, on any thread: the walls never move, and simulated thieves play the
/// same level hundreds of times.
#[derive(Debug)]
pub struct ThiefSight {
    blocks: CellSet,
    /// Per viewpoint, the cells seen from it.
    from: CellLists,
}

impl ThiefSight {
    /// The sight of `level`, nothing walked yet.
    pub fn new(level: &Level) -> Self {
        Self::with_budget(level, KEPT_BYTES)
    }

    fn with_budget(level: &Level, budget: usize) -> Self {
        ThiefSight {
            blocks: thief_sight_blockers(level),
            from: CellLists::new(level.shape().len(), budget),
        }
    }

    /// Marks in `seen` every cell the thief at `viewer` sees, peeking from its four neighbours too.
    /// `walked` holds the viewpoints already looked from: seen cells stay seen and the walls never
    /// move, so a look from the same cell adds nothing, and is skipped (most of a thief's viewpoints
    /// were its viewpoints the turn before). A viewpoint off the map sees nothing.
    pub fn look(&self, viewer: Cell, seen: &mut CellSet, walked: &mut CellSet) {
        let shape = self.blocks.shape();
        let peeks = [Dir::N, Dir::S, Dir::E, Dir::W]
            .into_iter()
            .filter_map(|dir| {
                let (dx, dy) = dir.delta();
                let next = viewer.offset(dx, dy);
                (shape.contains(next) && !self.blocks.contains(next)).then_some(next)
            });
        for from in std::iter::once(viewer).chain(peeks) {
            if let Some(i) = shape.index(from)
                && !walked.contains(from)
            {
                walked.insert(from);
                let seen_there = self.from.get_or_make(i, || walk_from(&self.blocks, from));
                for &c in seen_there.iter() {
                    seen.insert(c);
                }
            }
        }
    }
}

/// `recomputeVisibilityFromPos`: the cells the walk from `viewer`'s cell through each of its four
/// portals sees, each once.
fn walk_from(blocks: &CellSet, viewer: Cell) -> Vec<Cell> {
    let mut seen = Vec::new();
    for (left, right, _) in PORTALS {
        visit(blocks, viewer, viewer, left, right, &mut seen);
    }
    seen.sort_unstable_by_key(|c| (c.y, c.x));
    seen.dedup();
    seen
}

/// `computeVisibility` for `target`, with the frustum's left and right edges relative to the viewer.
fn visit(
    blocks: &CellSet,
    viewer: Cell,
    target: Cell,
    left: Half,
    right: Half,
    seen: &mut Vec<Cell>,
) {
    let shape = blocks.shape();
    if !shape.contains(target) {
        return;
    }
    let (dx, dy) = (2 * (target.x - viewer.x), 2 * (target.y - viewer.y));
    if dx * dx + dy * dy > REACH_DOUBLED2 {
        return;
    }
    seen.push(target);
    if blocks.contains(target) {
        return;
    }
    for (ox, oy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let corner = (dx + ox, dy + oy);
        let diagonal = target.offset(ox, oy);
        if shape.contains(diagonal) && !right_of(left, corner) && !right_of(corner, right) {
            seen.push(diagonal);
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
        let mut seen = CellSet::empty(level.shape());
        let mut walked = CellSet::empty(level.shape());
        ThiefSight::new(&level).look(Cell::new(3, 3), &mut seen, &mut walked);
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

    /// `createGameMap` (`create-map.ts:95-121`) on a 12 × 10 map laid out as the 2023 generator lays
    /// one: grass bands on the two northmost rows and, from row 3 up, the two outermost columns each side
    /// (`create-map.ts:2048-2089`); plain ground around the house (the yard, a ring one cell wide and the
    /// three southern rows); the house's walls at x 3–8, y 3–6 around a courtyard of grass. Marked: the
    /// band grass, even where no ground is near ((0, 5)), the ground and every cell touching it, the
    /// house's walls included (`create-map.ts:2155-2174`). Not marked: the courtyard, which touches only
    /// walls, and a wall in the band's corner, which touches only grass.
    #[test]
    fn the_game_marks_the_outside_seen_when_it_creates_the_mansion() {
        let mut level = Level::blank("test", 1, 0, (12, 10), Terrain::Ground);
        for c in level.all_cells().collect::<Vec<_>>() {
            let band = c.y >= 8 || (c.y >= 3 && !(2..=9).contains(&c.x));
            let house = (3..=8).contains(&c.x) && (3..=6).contains(&c.y);
            let courtyard = (4..=7).contains(&c.x) && (4..=5).contains(&c.y);
            if band || courtyard {
                level.set_terrain(c, Terrain::Grass);
            } else if house {
                level.set_terrain(c, Terrain::Wall);
            }
        }
        level.set_terrain(Cell::new(0, 9), Terrain::Wall);
        let seen = seen_at_creation(&level);
        let unmarked: Vec<Cell> = level.all_cells().filter(|&c| !seen.contains(c)).collect();
        let mut expected: Vec<Cell> = (4..=7)
            .flat_map(|x| (4..=5).map(move |y| Cell::new(x, y)))
            .collect();
        expected.push(Cell::new(0, 9));
        expected.sort_by_key(|c| (c.x, c.y));
        assert_eq!(unmarked, expected);
        for c in [(0, 5), (11, 3), (5, 9), (2, 5), (3, 3), (8, 6), (6, 0)] {
            assert!(seen.contains(Cell::new(c.0, c.1)), "{c:?}");
        }
        // With no plain ground and no band grass, nothing is marked.
        let marble = Level::blank("test", 1, 0, (12, 10), Terrain::Marble);
        assert!(seen_at_creation(&marble).is_empty());
    }

    /// §2.5: the reach is `d² ≤ 400`; a cell 20 away straight ahead is seen, 21 is not.
    #[test]
    fn the_thief_sees_twenty_cells_and_no_more() {
        let level = open_room(30, 5);
        let seen = walk_from(&thief_sight_blockers(&level), Cell::new(2, 2));
        assert!(seen.contains(&Cell::new(22, 2)));
        assert!(!seen.contains(&Cell::new(23, 2)));
    }

    /// A kept walk is the walk: in rooms split by walls with a doorway and a door, a thief looking
    /// from every open cell in turn sees the same cells, every time, with the walks kept (the second
    /// round reads them all) as with none kept.
    #[test]
    fn kept_walks_see_what_fresh_walks_see() {
        let mut level = open_room(34, 16);
        for y in 0..16 {
            level.set_terrain(Cell::new(12, y), Terrain::Wall);
        }
        for x in 12..34 {
            level.set_terrain(Cell::new(x, 8), Terrain::Wall);
        }
        level.set_terrain(Cell::new(12, 4), Terrain::Marble);
        level.set_terrain(Cell::new(20, 8), Terrain::Door(crate::model::Axis::EW));
        level.items.push(crate::model::Item {
            kind: ItemKind::Door(crate::model::Axis::EW),
            cell: Cell::new(20, 8),
        });
        let kept = ThiefSight::new(&level);
        let fresh = ThiefSight::with_budget(&level, 0);
        let shape = level.shape();
        for round in 0..2 {
            let (mut seen_kept, mut walked_kept) = (CellSet::empty(shape), CellSet::empty(shape));
            let (mut seen_fresh, mut walked_fresh) = (CellSet::empty(shape), CellSet::empty(shape));
            for c in level
                .all_cells()
                .filter(|&c| !level.terrain(c).is_blocking())
            {
                kept.look(c, &mut seen_kept, &mut walked_kept);
                fresh.look(c, &mut seen_fresh, &mut walked_fresh);
                assert_eq!(seen_kept, seen_fresh, "round {round}, from {c:?}");
            }
        }
        assert_eq!(fresh.from.count(), 0, "none kept");
        assert!(kept.from.count() > 0, "some kept");
    }
}
