//! Small cell sets around one cell.
//!
//! Everything a guard or a torch touches is local: a cone reaches 6 cells, a placed torch 7 with its
//! spill, a creak 8. Keeping those sets as a 17 × 17 window of bits (one `u32` per row) makes them cheap
//! to store for every cell and facing, and cheap to add into a map-wide [`CellSet`], where full-map sets
//! would cost a whole map of words each.

use super::cells::CellSet;
use crate::model::{Cell, Shape};

/// Cells a patch reaches from its centre in x and y.
pub const REACH: i32 = 8;
/// Rows (and bits per row) of a patch.
pub const SIDE: usize = 2 * REACH as usize + 1;
/// The bits of one row that lie in the window.
const ROW_MASK: u32 = (1 << SIDE) - 1;

/// The cells of a `SIDE × SIDE` window centred on one cell: bit `i` of row `j` is the cell
/// `(centre.x − REACH + i, centre.y − REACH + j)`. Cells may lie off the map; [`Patch::add_to`] drops
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patch {
    centre: Cell,
    rows: [u32; SIDE],
}

impl Patch {
    /// No cell, in the window around `centre`.
    pub fn empty(centre: Cell) -> Self {
        Patch {
            centre,
            rows: [0; SIDE],
        }
    }

    /// The window of `set` around `centre`.
    pub fn from_set(set: &CellSet, centre: Cell) -> Self {
        let (x0, y0) = Patch::empty(centre).origin();
        Patch::from_rows(centre, set.window_rows(y0, x0))
    }

    /// The window's cells that lie on a map of `shape`.
    pub fn on_map(shape: Shape, centre: Cell) -> Self {
        let mut patch = Patch::empty(centre);
        let (x0, y0) = patch.origin();
        let first = (-x0).clamp(0, SIDE as i32);
        let end = (shape.width() - x0).clamp(0, SIDE as i32);
        let bits = if end > first {
            (ROW_MASK >> (SIDE as i32 - (end - first))) << first
        } else {
            0
        };
        for (j, row) in patch.rows.iter_mut().enumerate() {
            let y = y0 + j as i32;
            if (0..shape.height()).contains(&y) {
                *row = bits;
            }
        }
        patch
    }

    /// A patch with the given rows.
    pub fn from_rows(centre: Cell, rows: [u32; SIDE]) -> Self {
        Patch {
            centre,
            rows: rows.map(|r| r & ROW_MASK),
        }
    }

    /// The same offsets from another centre: patches built around `(0, 0)` serve as masks of offsets.
    #[must_use]
    pub fn moved_to(&self, centre: Cell) -> Self {
        Patch { centre, ..*self }
    }

    /// The cell the window is centred on: offset `(0, 0)` is bit `REACH` of row `REACH`.
    pub fn centre(&self) -> Cell {
        self.centre
    }

    /// The window's top-left cell.
    fn origin(&self) -> (i32, i32) {
        (self.centre.x - REACH, self.centre.y - REACH)
    }

    /// The window position of `c`, if inside.
    fn slot(&self, c: Cell) -> Option<(usize, u32)> {
        let (i, j) = (c.x - self.centre.x + REACH, c.y - self.centre.y + REACH);
        ((0..SIDE as i32).contains(&i) && (0..SIDE as i32).contains(&j))
            .then(|| (j as usize, 1 << i))
    }

    /// Adds `c`; cells outside the window are ignored.
    pub fn insert(&mut self, c: Cell) {
        if let Some((j, bit)) = self.slot(c) {
            self.rows[j] |= bit;
        }
    }

    /// Whether `c` is in the patch; `false` for cells outside the window.
    pub fn contains(&self, c: Cell) -> bool {
        self.slot(c).is_some_and(|(j, bit)| self.rows[j] & bit != 0)
    }

    /// The window's rows as bits, south to north (row `j` is `y = centre.y − REACH + j`, bit `i` is
    /// `x = centre.x − REACH + i`); bits past `SIDE` are always 0.
    pub fn rows(&self) -> &[u32; SIDE] {
        &self.rows
    }

    /// Every row combined with the same row of `other` (same centre) by `f`.
    #[must_use]
    pub fn zip_with(&self, other: &Patch, f: impl Fn(u32, u32) -> u32) -> Patch {
        debug_assert_eq!(self.centre, other.centre);
        Patch {
            centre: self.centre,
            rows: std::array::from_fn(|j| f(self.rows[j], other.rows[j])),
        }
    }

    /// Row `j` as two words of a map-wide [`CellSet`] of `shape`, `(word index, bits)`: the row's
    /// cells on the map shifted into place (zero bits where there are none: the row is off the map, or
    /// does not reach the next word). Two patches with one centre give the same word indices.
    pub fn row_words(&self, shape: Shape, j: usize) -> [(u32, u64); 2] {
        self.row_place(shape, j)
            .map_or([(0, 0); 2], |place| place.words(self.rows[j]))
    }

    /// Where row `j` of any patch with this centre lands in a map-wide set of `shape`; `None` when
    /// it lies off the map. Made once and applied to the same row of several patches.
    pub fn row_place(&self, shape: Shape, j: usize) -> Option<RowPlace> {
        let (x0, y0) = self.origin();
        let y = y0 + j as i32;
        if !(0..shape.height()).contains(&y) {
            return None;
        }
        // Bits left of the map are shifted out, bits right of it masked off.
        let skip = (-x0).max(0);
        let x = x0 + skip;
        let room = shape.width() - x;
        if room <= 0 || skip >= SIDE as i32 {
            return None;
        }
        let per_row = (shape.width() as usize).div_ceil(64);
        let first = (y as usize * per_row + x as usize / 64) as u32;
        Some(RowPlace {
            skip: skip as u32,
            mask: if room < 64 { (1 << room) - 1 } else { u64::MAX },
            first,
            shift: x as u32 % 64,
            spills: x as usize / 64 + 1 < per_row,
        })
    }

    /// The nonzero words of the patch as a map-wide [`CellSet`] of `shape`.
    pub fn map_words(&self, shape: Shape) -> Vec<(u32, u64)> {
        // Sized once: each nonzero row gives at most two words. A plain loop: made by the ten
        // thousand, and a flattening iterator cost several times as much.
        let rows = self.rows.iter().filter(|&&r| r != 0).count();
        let mut words = Vec::with_capacity(2 * rows);
        for j in (0..SIDE).filter(|&j| self.rows[j] != 0) {
            for word in self.row_words(shape, j) {
                if word.1 != 0 {
                    words.push(word);
                }
            }
        }
        words
    }

    /// Adds the cells that lie on `set`'s map to `set`.
    pub fn add_to(&self, set: &mut CellSet) {
        let shape = set.shape();
        let words = set.words_mut();
        for j in (0..SIDE).filter(|&j| self.rows[j] != 0) {
            for (i, bits) in self.row_words(shape, j) {
                words[i as usize] |= bits;
            }
        }
    }

    /// Whether the patch holds no cell.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The number of cells in the patch, off-map cells included.
    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (x0, y0) = self.origin();
        self.rows.iter().enumerate().flat_map(move |(j, &row)| {
            let mut bits = row;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    Cell::new(x0 + i, y0 + j as i32)
                })
            })
        })
    }
}

/// Where one row of a patch lands in a map-wide set ([`Patch::row_place`]).
#[derive(Clone, Copy, Debug)]
pub struct RowPlace {
    /// Window bits left of the map, shifted out.
    skip: u32,
    /// The bits that lie on the map once shifted.
    mask: u64,
    /// The first word the row touches, and the bit its first cell on the map goes to.
    first: u32,
    shift: u32,
    /// Whether the map row has a word after `first` for the bits shifted past it.
    spills: bool,
}

impl RowPlace {
    /// A row's bits as the two words it lands in, `(word index, bits)` (the second `(first, 0)` when
    /// the map row ends in the first).
    pub fn words(&self, row: u32) -> [(u32, u64); 2] {
        let bits = u64::from(row).checked_shr(self.skip).unwrap_or(0) & self.mask;
        let wide = u128::from(bits) << self.shift;
        let next = if self.spills {
            (self.first + 1, (wide >> 64) as u64)
        } else {
            (self.first, 0)
        };
        [(self.first, wide as u64), next]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_read_and_write_map_wide_sets_across_words_and_edges() {
        let shape = Shape::new(100, 20);
        let mut set = CellSet::empty(shape);
        let cells = [
            Cell::new(0, 0),
            Cell::new(60, 5),
            Cell::new(63, 6),
            Cell::new(64, 6),
            Cell::new(70, 13),
            Cell::new(99, 19),
        ];
        for c in cells {
            set.insert(c);
        }
        for centre in [
            Cell::new(0, 0),
            Cell::new(64, 6),
            Cell::new(95, 18),
            Cell::new(-5, 3),
        ] {
            let patch = Patch::from_set(&set, centre);
            let inside: Vec<Cell> = set
                .cells()
                .filter(|c| (c.x - centre.x).abs() <= REACH && (c.y - centre.y).abs() <= REACH)
                .collect();
            assert_eq!(patch.cells().collect::<Vec<_>>(), inside, "{centre:?}");
            let mut back = CellSet::empty(shape);
            patch.add_to(&mut back);
            assert_eq!(back.cells().collect::<Vec<_>>(), inside);
        }
    }

    #[test]
    fn cells_off_the_map_are_dropped_when_added() {
        let shape = Shape::new(10, 10);
        let centre = Cell::new(1, 8);
        let mut patch = Patch::empty(centre);
        for c in [
            Cell::new(-1, 8),
            Cell::new(9, 8),
            Cell::new(10, 8),
            Cell::new(1, 10),
        ] {
            patch.insert(c);
        }
        let mut set = CellSet::empty(shape);
        patch.add_to(&mut set);
        assert_eq!(set.cells().collect::<Vec<_>>(), [Cell::new(9, 8)]);
        let on_map = Patch::on_map(shape, centre);
        assert!(on_map.contains(Cell::new(0, 0)) && on_map.contains(Cell::new(9, 9)));
        assert!(!on_map.contains(Cell::new(-1, 8)) && !on_map.contains(Cell::new(1, 10)));
        assert_eq!(on_map.len(), 10 * 10);
    }
}
