//! Guard sight (`stealth-rules.md` §3): facing, the relaxed sight test and line of sight.
//!
//! A relaxed guard sees the thief in front of it (the closed half-plane), at `d² < 40` on a lit cell or
//! `d² < 3` on a dark one, with a clear line and the thief not hidden (§3.3). The cells a guard at one
//! cell and facing could see if they were lit depend on nothing else, so they are computed once per
//! (cell, facing) as a [`Cone`] and reused at every time step the guard stands there so.

use std::sync::OnceLock;

use super::cells::{CellRules, CellSet};
use super::patch::{self, Patch};
use crate::model::{Cell, Dir, Shape};

/// Relaxed sight reaches `d² < 40` on a lit cell.
pub const LIT_CUTOFF: i32 = 40;
/// Relaxed sight reaches `d² < 3` (the 8 neighbours) on a dark cell.
pub const DARK_CUTOFF: i32 = 3;

/// The new facing after turning toward offset `(vx, vy)` (§3.2): the compass direction nearest to it, an
/// exact diagonal keeping the current axis (forward kept, backward reversed); no offset keeps it.
pub fn turn(dir: Dir, (vx, vy): (i32, i32)) -> Dir {
    let (dx, dy) = dir.delta();
    let forward = dx * vx + dy * vy;
    let (lx, ly) = dir.left().delta();
    let left = lx * vx + ly * vy;
    if forward.abs() >= left.abs() {
        if forward >= 0 { dir } else { dir.opposite() }
    } else if left > 0 {
        dir.left()
    } else {
        dir.left().opposite()
    }
}

/// The cells strictly between guard `g` and thief `p` on the line of sight (§3.4): a 4-connected
/// staircase, stepping in x first on an exact corner. It depends only on `p − g`. Public because the
/// turn loop (`crate::play`) tests the torch-spotting variant of the line (§3.8) on the same cells.
pub fn staircase(g: Cell, p: Cell) -> impl Iterator<Item = Cell> {
    let (a, b) = ((p.x - g.x).abs(), (p.y - g.y).abs());
    let (sx, sy) = (
        if p.x > g.x { 1 } else { -1 },
        if p.y > g.y { 1 } else { -1 },
    );
    let (mut e, mut x, mut y) = (b - a, g.x, g.y);
    (1..a + b).map(move |_| {
        if e > 0 {
            y += sy;
            e -= 2 * a;
        } else {
            x += sx;
            e += 2 * b;
        }
        Cell::new(x, y)
    })
}

/// Whether the line from guard `g` to thief `p` is clear (§3.4). Evaluated from the guard: it is not
/// symmetric.
pub fn line_of_sight(rules: &CellRules, g: Cell, p: Cell) -> bool {
    staircase(g, p).all(|c| !rules.blocks_sight.contains(c))
}

/// Whether `p` is in the field of view of a guard at `g` facing `dir`: the closed half-plane in front,
/// `dir · (p − g) ≥ 0` (§3.3 step 1). Public because the turn loop's sight test (`crate::play`) starts
/// with the same half-plane, relaxed or alert.
pub fn in_front(g: Cell, dir: Dir, p: Cell) -> bool {
    let (fx, fy) = dir.delta();
    fx * (p.x - g.x) + fy * (p.y - g.y) >= 0
}

/// The relaxed sight test of a guard at `g` facing `dir` against a thief at `p` (§3.3).
pub fn sees(rules: &CellRules, g: Cell, dir: Dir, p: Cell, lit: bool, hidden: bool) -> bool {
    if !in_front(g, dir, p) {
        return false;
    }
    let (dx, dy) = (p.x - g.x, p.y - g.y);
    let cutoff = if lit { LIT_CUTOFF } else { DARK_CUTOFF };
    dx * dx + dy * dy < cutoff && !hidden && line_of_sight(rules, g, p)
}

/// Offsets within sight range (`d² < 40`, so at most 6 cells away), the shadow each cell between them
/// and the centre casts, and the masks of the half-planes in front of each facing: the same for every
/// cell, so made once. Offsets are window positions of a [`Patch`] centred on the guard.
struct SightTable {
    /// The targets' rows: the offsets with `d² < 40`.
    targets: [u32; patch::SIDE],
    /// Per window position (`row * SIDE + bit`), the targets whose line of sight passes through it:
    /// what a sight blocker there hides. A guard's surroundings hold far fewer blockers than the lines
    /// hold cells, so adding up the blockers' shadows costs less than testing every line.
    shadows: Vec<[u32; patch::SIDE]>,
    /// Per row, the positions that lie strictly between the centre and some target (cast a shadow).
    casts_shadow: [u32; patch::SIDE],
    /// Per facing (in [`CellRules::index_of`] order), the offsets in front within `d² < 40`.
    front: [Patch; 4],
    /// Offsets with `d² < 3`: seen lit or dark.
    near: Patch,
}

fn sight_table() -> &'static SightTable {
    static TABLE: OnceLock<SightTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let origin = Cell::new(0, 0);
        let local = |c: Cell| ((c.y + patch::REACH) as usize, (c.x + patch::REACH) as usize);
        let mut table = SightTable {
            targets: [0; patch::SIDE],
            shadows: vec![[0; patch::SIDE]; patch::SIDE * patch::SIDE],
            casts_shadow: [0; patch::SIDE],
            front: [Patch::empty(origin); 4],
            near: Patch::empty(origin),
        };
        for dy in -6..=6i32 {
            for dx in -6..=6i32 {
                let d2 = dx * dx + dy * dy;
                let target = Cell::new(dx, dy);
                if d2 >= LIT_CUTOFF {
                    continue;
                }
                let (row, bit) = local(target);
                for (j, i) in staircase(origin, target).map(local) {
                    table.shadows[j * patch::SIDE + i][row] |= 1 << bit;
                    table.casts_shadow[j] |= 1 << i;
                }
                table.targets[row] |= 1 << bit;
                for dir in [Dir::N, Dir::S, Dir::E, Dir::W] {
                    let (fx, fy) = dir.delta();
                    if fx * dx + fy * dy >= 0 {
                        table.front[CellRules::index_of(dir)].insert(target);
                    }
                }
                if d2 < DARK_CUTOFF {
                    table.near.insert(target);
                }
            }
        }
        table
    })
}

/// The cells a guard at `g` could see in any facing if they were lit: within `d² < 40`, on the map,
/// not a hiding place, with a clear line of sight.
pub fn visible(rules: &CellRules, g: Cell) -> Patch {
    let table = sight_table();
    let blocks = *Patch::from_set(&rules.blocks_sight, g).rows();
    let open =
        Patch::on_map(rules.shape, g).zip_with(&Patch::from_set(&rules.hides, g), |m, h| m & !h);
    let open = open.rows();
    // A target is hidden when a sight blocker lies on its line: the union of the blockers' shadows.
    let mut hidden = [0u32; patch::SIDE];
    for (j, (&row, &casts)) in blocks.iter().zip(&table.casts_shadow).enumerate() {
        let mut bits = row & casts;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for (h, s) in hidden.iter_mut().zip(&table.shadows[j * patch::SIDE + i]) {
                *h |= s;
            }
        }
    }
    let seen: [u32; patch::SIDE] = std::array::from_fn(|j| table.targets[j] & open[j] & !hidden[j]);
    Patch::from_rows(g, seen)
}

/// What a relaxed guard at one cell and facing sees, as words of a map-wide [`CellSet`]:
/// `(word index, seen if lit, seen lit or dark)`. Cells seen when lit are in front, `d² < 40`, with a
/// clear line and not a hiding place; those seen lit or dark are the ones among them with `d² < 3` (the
/// guard's own cell included).
#[derive(Clone, Debug)]
pub struct Cone {
    words: Vec<(u32, u64, u64)>,
}

impl Cone {
    /// The cone of a relaxed guard standing at `g` and facing `dir`, computing its line of sight
    /// afresh; [`Cone::facing`] reuses a [`visible`] patch for the four facings of one cell.
    pub fn new(rules: &CellRules, g: Cell, dir: Dir) -> Self {
        Cone::facing(rules.shape, &visible(rules, g), dir)
    }

    /// The cone facing `dir` of the cells [`visible`] from its centre, on a map of `shape`.
    pub fn facing(shape: Shape, visible: &Patch, dir: Dir) -> Self {
        let table = sight_table();
        let centre = visible.centre();
        let if_lit = visible.zip_with(
            &table.front[CellRules::index_of(dir)].moved_to(centre),
            |v, f| v & f,
        );
        let always = if_lit.zip_with(&table.near.moved_to(centre), |v, n| v & n);
        // A cone covers about half the window's rows: the empty ones give no words. Each row gives at
        // most two, so the list is sized once (cones are made by the tens of thousands).
        let rows = (0..patch::SIDE).filter(|&j| if_lit.rows()[j] != 0);
        let mut words = Vec::with_capacity(2 * rows.clone().count());
        for j in rows {
            let Some(place) = if_lit.row_place(shape, j) else {
                continue;
            };
            let lit = place.words(if_lit.rows()[j]);
            // Only the rows next to the guard hold cells seen in the dark.
            let dark = match always.rows()[j] {
                0 => [(0, 0); 2],
                row => place.words(row),
            };
            for ((i, lit), (_, dark)) in lit.into_iter().zip(dark) {
                if lit != 0 {
                    words.push((i, lit, dark));
                }
            }
        }
        Cone { words }
    }

    /// The watched words under the lit cells `lit`: `(word index, watched bits)`.
    pub fn watched_words<'a>(
        &'a self,
        lit: &'a CellSet,
    ) -> impl Iterator<Item = (usize, u64)> + 'a {
        let lit = lit.words();
        self.words
            .iter()
            .map(move |&(i, if_lit, always)| (i as usize, if_lit & (lit[i as usize] | always)))
    }

    /// Per word under the lit cells `lit`: `(word index, watched bits, bits watched only if lit)` —
    /// the cells in range for a lit cell that are dark in `lit`.
    pub fn split_words<'a>(
        &'a self,
        lit: &'a CellSet,
    ) -> impl Iterator<Item = (usize, u64, u64)> + 'a {
        let lit = lit.words();
        self.words.iter().map(move |&(i, if_lit, always)| {
            let shown = lit[i as usize] | always;
            (i as usize, if_lit & shown, if_lit & !shown)
        })
    }

    /// Adds the cells watched under the lit cells `lit` to `out`.
    pub fn add_watched(&self, lit: &CellSet, out: &mut CellSet) {
        let out = out.words_mut();
        for (i, bits) in self.watched_words(lit) {
            out[i] |= bits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_picks_the_nearest_compass_direction_and_keeps_the_axis_on_diagonals() {
        assert_eq!(turn(Dir::E, (0, 1)), Dir::N);
        assert_eq!(turn(Dir::E, (0, -3)), Dir::S);
        assert_eq!(turn(Dir::E, (-2, 1)), Dir::W);
        assert_eq!(
            turn(Dir::E, (1, 1)),
            Dir::E,
            "a diagonal ahead keeps the facing"
        );
        assert_eq!(
            turn(Dir::E, (-1, 1)),
            Dir::W,
            "a diagonal behind reverses it"
        );
        assert_eq!(turn(Dir::N, (1, 1)), Dir::N);
        assert_eq!(turn(Dir::N, (0, 0)), Dir::N);
    }

    #[test]
    fn cones_match_the_sight_test_cell_by_cell() {
        use crate::model::{Item, ItemKind, Level, Terrain};
        let mut level = Level::blank("test", 1, 0, (70, 20), Terrain::Marble);
        let mut state = 7u32;
        let mut roll = |n: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) % n
        };
        for c in level.all_cells().collect::<Vec<_>>() {
            match roll(12) {
                0 => level.set_terrain(c, Terrain::Wall),
                1 => level.items.push(Item {
                    kind: ItemKind::Table,
                    cell: c,
                }),
                2 => level.items.push(Item {
                    kind: ItemKind::Bush,
                    cell: c,
                }),
                _ => {}
            }
        }
        let rules = CellRules::new(&level);
        let mut lit = CellSet::empty(rules.shape);
        for c in level.all_cells().filter(|_| roll(2) == 0) {
            lit.insert(c);
        }
        for g in [
            Cell::new(0, 0),
            Cell::new(33, 9),
            Cell::new(63, 10),
            Cell::new(69, 19),
        ] {
            for dir in [Dir::N, Dir::S, Dir::E, Dir::W] {
                let mut watched = CellSet::empty(rules.shape);
                Cone::new(&rules, g, dir).add_watched(&lit, &mut watched);
                for p in level.all_cells() {
                    let expected =
                        sees(&rules, g, dir, p, lit.contains(p), rules.hides.contains(p));
                    assert_eq!(
                        watched.contains(p),
                        expected,
                        "guard {g:?} {dir:?}, thief {p:?}"
                    );
                }
            }
        }
    }
}
