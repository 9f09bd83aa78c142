//! Cell sets as bits, and what each cell is for the stealth rules (`stealth-rules.md` §1).
//!
//! Every per-time quantity of the analysis (lit cells, watched cells, where the thief can be) is a set of
//! cells, and the ghost search moves whole sets at once: a step east of every reachable cell is one shift.
//! Rows are whole words so that a shift in y is a change of row and a shift in x stays within its row.

use crate::model::{Cell, Dir, ItemKind, Level, Shape, Terrain};

/// A set of cells of one map, one bit per cell, rows padded to whole 64-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellSet {
    shape: Shape,
    words_per_row: usize,
    words: Vec<u64>,
}

/// The set of a map without cells: a placeholder that holds no memory.
impl Default for CellSet {
    fn default() -> Self {
        CellSet::empty(Shape::new(0, 0))
    }
}

impl CellSet {
    /// No cell of a map of `shape`; the sets of one analysis all share its level's shape, which the
    /// set operations below rely on (they pair words up one to one).
    pub fn empty(shape: Shape) -> Self {
        let words_per_row = (shape.width() as usize).div_ceil(64);
        CellSet {
            shape,
            words_per_row,
            words: vec![0; words_per_row * shape.height() as usize],
        }
    }

    /// The map the set belongs to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn slot(&self, c: Cell) -> Option<(usize, u64)> {
        self.shape.contains(c).then(|| {
            let x = c.x as usize;
            (c.y as usize * self.words_per_row + x / 64, 1u64 << (x % 64))
        })
    }

    /// Adds `c`; cells off the map are ignored.
    pub fn insert(&mut self, c: Cell) {
        if let Some((w, bit)) = self.slot(c) {
            self.words[w] |= bit;
        }
    }

    /// Takes `c` out; cells off the map are ignored.
    pub fn remove(&mut self, c: Cell) {
        if let Some((w, bit)) = self.slot(c) {
            self.words[w] &= !bit;
        }
    }

    /// Whether `c` is in the set; `false` for cells off the map.
    pub fn contains(&self, c: Cell) -> bool {
        self.slot(c)
            .is_some_and(|(w, bit)| self.words[w] & bit != 0)
    }

    /// The number of cells in the set (a population count, not a stored length).
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Removes every cell, keeping the storage for reuse.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Adds every cell of `other` (same shape).
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Keeps only the cells `other` (same shape) also holds.
    pub fn intersect_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// Removes every cell of `other` (same shape).
    pub fn subtract(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }

    /// Whether the two sets (same shape) share a cell, without building the intersection.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The cells, row by row (y, then x, ascending).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let per_row = self.words_per_row;
        self.words.iter().enumerate().flat_map(move |(i, &word)| {
            let (y, base) = ((i / per_row) as i32, ((i % per_row) * 64) as i32);
            BitIter(word).map(move |b| Cell::new(base + b as i32, y))
        })
    }

    /// Every cell moved by `(dx, dy)` with `|dx| < 64`; cells moved off the map are dropped.
    #[must_use]
    pub fn shifted(&self, dx: i32, dy: i32) -> CellSet {
        let mut out = CellSet::empty(self.shape);
        self.shift_into(dx, dy, &mut out);
        out
    }

    /// [`CellSet::shifted`] into `out` (of the same shape), reusing its storage.
    pub fn shift_into(&self, dx: i32, dy: i32, out: &mut CellSet) {
        out.words.fill(0);
        let height = self.shape.height();
        let per_row = self.words_per_row;
        for y in 0..height {
            let from = y - dy;
            if from < 0 || from >= height {
                continue;
            }
            let src = &self.words[from as usize * per_row..][..per_row];
            let dst = &mut out.words[y as usize * per_row..][..per_row];
            shift_row(src, dst, dx);
        }
        out.mask_tail();
    }

    /// Adds `a ∩ b`.
    pub fn union_with_both(&mut self, a: &CellSet, b: &CellSet) {
        for ((out, x), y) in self.words.iter_mut().zip(&a.words).zip(&b.words) {
            *out |= x & y;
        }
    }

    /// Rows `y0..y0 + N`, each as the 32 cells from `x0` on (bit `i` is cell `x0 + i`); cells off the
    /// map are 0. The word indices and the shift are the same for every row, so they are found once
    /// (windows around a cell are cut by the tens of thousands per mansion).
    pub fn window_rows<const N: usize>(&self, y0: i32, x0: i32) -> [u32; N] {
        let mut rows = [0u32; N];
        let per_row = self.words_per_row;
        let column = |i: i32| usize::try_from(i).ok().filter(|&i| i < per_row);
        let (low, high) = (column(x0.div_euclid(64)), column(x0.div_euclid(64) + 1));
        let offset = x0.rem_euclid(64);
        let end = y0.saturating_add(N as i32).min(self.shape.height());
        // Rows above the map stay 0; the first row on it is `skip` rows into the window.
        let skip = usize::try_from(y0.saturating_neg()).map_or(0, |s| s.min(N));
        for (y, row) in (y0.max(0)..end).zip(&mut rows[skip..]) {
            let base = y as usize * per_row;
            let word = |i: Option<usize>| i.map_or(0, |i| self.words[base + i]);
            *row = ((u128::from(word(low)) | u128::from(word(high)) << 64) >> offset) as u32;
        }
        rows
    }

    /// The words, row by row (rows padded to whole words): for code that adds precomputed words.
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// The words to write, laid out as in [`CellSet::words`]; bits past the map's width must stay 0.
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Words per row of the map: `width / 64`, rounded up.
    pub(crate) fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// Makes this set a copy of `other` (of the same shape) without allocating.
    pub fn copy_from(&mut self, other: &CellSet) {
        self.words.copy_from_slice(&other.words);
    }

    /// Clears the padding bits past the map's width.
    fn mask_tail(&mut self) {
        let extra = self.words_per_row * 64 - self.shape.width() as usize;
        if extra == 0 || self.words_per_row == 0 {
            return;
        }
        let keep = u64::MAX >> extra;
        for row in self.words.chunks_exact_mut(self.words_per_row) {
            if let Some(last) = row.last_mut() {
                *last &= keep;
            }
        }
    }
}

/// Bit `x` of `src` goes to bit `x + dx` of `dst`, across word boundaries.
fn shift_row(src: &[u64], dst: &mut [u64], dx: i32) {
    let n = src.len();
    let k = dx.unsigned_abs();
    match dx.cmp(&0) {
        std::cmp::Ordering::Equal => dst.copy_from_slice(src),
        std::cmp::Ordering::Greater => {
            for i in 0..n {
                let carry = if i > 0 { src[i - 1] >> (64 - k) } else { 0 };
                dst[i] = (src[i] << k) | carry;
            }
        }
        std::cmp::Ordering::Less => {
            for i in 0..n {
                let carry = if i + 1 < n { src[i + 1] << (64 - k) } else { 0 };
                dst[i] = (src[i] >> k) | carry;
            }
        }
    }
}

struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            b
        })
    }
}

/// The four player directions, in a fixed order.
pub const DIRS: [Dir; 4] = [Dir::N, Dir::S, Dir::E, Dir::W];

/// What every cell is to the stealth rules, computed once per level from terrain and items (§1.1: the
/// original computes these flags once at generation and never again).
#[derive(Clone, Debug)]
pub struct CellRules {
    /// The level's map shape, which every set below shares.
    pub shape: Shape,
    /// Walls (and unbuilt rock): block movement, sight, light and sound.
    pub wall: CellSet,
    /// Block guards' sight and light: walls, door items, portcullis items, bushes.
    pub blocks_sight: CellSet,
    /// A Table or a Bush: the thief standing here is hidden from relaxed guards.
    pub hides: CellSet,
    /// Where the thief may end a move: not a wall, window, portcullis or torch.
    pub standable: CellSet,
    /// Where a move in each direction of [`DIRS`] may pass (a leap's middle): not a wall, and a window
    /// only in its own direction.
    pub passable: [CellSet; 4],
    /// Per direction of [`DIRS`], where a leap in that direction may land: standable, and the cell
    /// before it passable in that direction.
    pub leap_landing: [CellSet; 4],
    /// Creaky boards: ending a move on one is heard (§3.6).
    pub creaky: CellSet,
    /// Cells the thief cannot enter whose loot it takes by bumping them from a cardinal neighbour: it
    /// stays put and the turn passes (the 2025 game's drawers, plinths and shelves; none in 2023).
    pub taken_by_bump: CellSet,
    /// Where a leap may start, when not wherever the thief stands (the 2025 game makes a leap out of
    /// water a step).
    pub leap_from: Option<CellSet>,
    /// Placed lit torches.
    pub torches_lit: Vec<Cell>,
    /// Placed unlit torches.
    pub torches_unlit: Vec<Cell>,
}

impl CellRules {
    /// The rules of `level`'s cells as placed: terrain first, then items (a door item blocks sight on a
    /// door cell, a torch makes its cell unstandable), then the leap landings from both.
    pub fn new(level: &Level) -> Self {
        let shape = level.shape();
        let mut rules = CellRules {
            shape,
            wall: CellSet::empty(shape),
            blocks_sight: CellSet::empty(shape),
            hides: CellSet::empty(shape),
            standable: CellSet::empty(shape),
            passable: std::array::from_fn(|_| CellSet::empty(shape)),
            leap_landing: std::array::from_fn(|_| CellSet::empty(shape)),
            creaky: CellSet::empty(shape),
            taken_by_bump: CellSet::empty(shape),
            leap_from: None,
            torches_lit: Vec::new(),
            torches_unlit: Vec::new(),
        };
        // Bits set word by word: every cell of the map passes here, so the per-cell index checks of
        // `insert` are left out (the terrain is one value per cell, row-major, cut to the map).
        let (width, per_row) = (shape.width().max(1) as usize, rules.wall.words_per_row);
        let cells = level.terrain_cells().iter().take(shape.len());
        for (i, &terrain) in cells.enumerate() {
            let (w, bit) = (
                i / width * per_row + i % width / 64,
                1u64 << (i % width % 64),
            );
            if matches!(terrain, Terrain::Wall | Terrain::Void) {
                rules.wall.words[w] |= bit;
                rules.blocks_sight.words[w] |= bit;
                continue;
            }
            for (passable, dir) in rules.passable.iter_mut().zip(DIRS) {
                if !matches!(terrain, Terrain::Window(w) if w != dir) {
                    passable.words[w] |= bit;
                }
            }
            if !matches!(terrain, Terrain::Window(_) | Terrain::Portcullis(_)) {
                rules.standable.words[w] |= bit;
            }
            if terrain == Terrain::WoodCreaky {
                rules.creaky.words[w] |= bit;
            }
        }
        for item in &level.items {
            let c = item.cell;
            match item.kind {
                ItemKind::Door(_) | ItemKind::Portcullis(_) => rules.blocks_sight.insert(c),
                ItemKind::Bush => {
                    rules.blocks_sight.insert(c);
                    rules.hides.insert(c);
                }
                ItemKind::Table | ItemKind::BedLeft | ItemKind::BedRight => rules.hides.insert(c),
                ItemKind::TorchLit => {
                    rules.standable.remove(c);
                    rules.torches_lit.push(c);
                }
                ItemKind::TorchUnlit => {
                    rules.standable.remove(c);
                    rules.torches_unlit.push(c);
                }
                // A locked door is a wall to a thief without its key (the model does not track the key
                // yet), and so is the tall 2025 furniture: neither stood on nor leapt over.
                kind if kind.blocks_movement() => {
                    rules.standable.remove(c);
                    rules.blocks_sight.insert(c);
                    for passable in &mut rules.passable {
                        passable.remove(c);
                    }
                }
                _ => {}
            }
        }
        rules.land_leaps();
        rules
    }

    /// Where each leap may land, from [`CellRules::passable`] and [`CellRules::standable`].
    fn land_leaps(&mut self) {
        for (d, dir) in DIRS.iter().enumerate() {
            let (dx, dy) = dir.delta();
            self.passable[d].shift_into(dx, dy, &mut self.leap_landing[d]);
            self.leap_landing[d].intersect_with(&self.standable);
        }
    }

    /// Another game's rules for the thief's moves ([`ThiefMoves`]), within these.
    pub fn restrict_moves(&mut self, moves: &ThiefMoves) {
        self.standable.intersect_with(&moves.steps);
        for passable in &mut self.passable {
            passable.subtract(&moves.unleapable);
        }
        self.land_leaps();
        for landing in &mut self.leap_landing {
            landing.intersect_with(&moves.landings);
        }
        self.leap_from = Some(moves.leap_from.clone());
    }

    /// Whether a leap may start from `c`.
    pub fn may_leap_from(&self, c: Cell) -> bool {
        self.leap_from.as_ref().is_none_or(|from| from.contains(c))
    }
}

/// A game's own rules for where the thief's moves go, where they differ from the closed form's.
#[derive(Clone, Debug)]
pub struct ThiefMoves {
    /// Where a step may end (and any move).
    pub steps: CellSet,
    /// Where a leap may land.
    pub landings: CellSet,
    /// What no leap passes over.
    pub unleapable: CellSet,
    /// Where a leap may start.
    pub leap_from: CellSet,
}

impl CellRules {
    /// The position of `dir` in [`DIRS`], which indexes [`CellRules::passable`],
    /// [`CellRules::leap_landing`] and every other per-direction table of the analysis.
    pub fn index_of(dir: Dir) -> usize {
        match dir {
            Dir::N => 0,
            Dir::S => 1,
            Dir::E => 2,
            Dir::W => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_rows_hold_the_cells_of_the_window_and_nothing_off_the_map() {
        for width in [5, 64, 70, 130] {
            let shape = Shape::new(width, 9);
            let mut set = CellSet::empty(shape);
            for (n, c) in (0..width * 9)
                .map(|i| Cell::new(i % width, i / width))
                .enumerate()
            {
                if n % 3 == 0 || n % 7 == 0 {
                    set.insert(c);
                }
            }
            for (x0, y0) in [
                (-40, -40),
                (-9, -3),
                (-1, 0),
                (3, 2),
                (width - 20, 5),
                (width - 1, 8),
                (width + 5, 0),
            ] {
                let rows: [u32; 17] = set.window_rows(y0, x0);
                for (j, row) in rows.iter().enumerate() {
                    for i in 0..32 {
                        let c = Cell::new(x0 + i, y0 + j as i32);
                        let inside = (0..width).contains(&c.x) && (0..9).contains(&c.y);
                        let expected = inside && set.contains(c);
                        assert_eq!(
                            row >> i & 1 == 1,
                            expected,
                            "width {width}, window at ({x0}, {y0}), {c:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn shifts_move_cells_across_words_and_drop_those_leaving_the_map() {
        let shape = Shape::new(130, 3);
        let mut set = CellSet::empty(shape);
        for c in [
            Cell::new(0, 0),
            Cell::new(63, 1),
            Cell::new(64, 1),
            Cell::new(129, 2),
        ] {
            set.insert(c);
        }
        let east: Vec<Cell> = set.shifted(1, 0).cells().collect();
        assert_eq!(east, [Cell::new(1, 0), Cell::new(64, 1), Cell::new(65, 1)]);
        let west: Vec<Cell> = set.shifted(-2, 1).cells().collect();
        assert_eq!(west, [Cell::new(61, 2), Cell::new(62, 2)]);
        let south: Vec<Cell> = set.shifted(0, -1).cells().collect();
        assert_eq!(
            south,
            [Cell::new(63, 0), Cell::new(64, 0), Cell::new(129, 1)]
        );
        assert_eq!(set.len(), 4);
    }
}
