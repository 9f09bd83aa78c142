//! Grids over the map: the one place where a cell becomes a flat index.
//!
//! Every per-cell table (terrain, room ownership, move costs, reachability, …) is row-major with index
//! `y * width + x`. Writing that formula by hand at each use is how a cell off the map (from a hostile file
//! or an edit) turns into a panic or a wrong cell; here the only way in is [`Shape::index`], which says
//! `None` for any cell outside the map, and the arithmetic is done in `usize` after the bounds check, so
//! coordinates near the `i32` limits cannot overflow.

use serde::{Deserialize, Serialize};

use super::cell::Cell;

/// The size of a map in cells. Negative sizes (only a broken file has them) read as empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    width: i32,
    height: i32,
}

impl Shape {
    /// A map of `width × height` cells; a negative side is taken as 0.
    pub fn new(width: i32, height: i32) -> Self {
        Shape {
            width: width.max(0),
            height: height.max(0),
        }
    }

    /// Columns, never negative.
    pub fn width(self) -> i32 {
        self.width
    }

    /// Rows, never negative.
    pub fn height(self) -> i32 {
        self.height
    }

    /// Cells in the map.
    pub fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// A map without a single cell (a side of 0): nothing has an index on it.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether `c` lies on the map, i.e. has an [`index`](Shape::index).
    pub fn contains(self, c: Cell) -> bool {
        c.x >= 0 && c.y >= 0 && c.x < self.width && c.y < self.height
    }

    /// The flat index of `c`, or `None` when `c` lies off the map.
    pub fn index(self, c: Cell) -> Option<usize> {
        self.contains(c)
            .then(|| c.y as usize * self.width as usize + c.x as usize)
    }

    /// The cell at flat index `i` (which must be below [`Shape::len`] to name a cell of the map).
    pub fn cell(self, i: usize) -> Cell {
        let w = self.width.max(1) as usize;
        Cell::new((i % w) as i32, (i / w) as i32)
    }
}

/// A value per cell of a map, reached only through checked cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    shape: Shape,
    values: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid of `shape` with every cell set to `fill`.
    pub fn new(shape: Shape, fill: T) -> Self {
        Grid {
            shape,
            values: vec![fill; shape.len()],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from row-major values; `None` when their count does not match the shape.
    pub fn from_values(shape: Shape, values: Vec<T>) -> Option<Self> {
        (values.len() == shape.len()).then_some(Grid { shape, values })
    }

    /// The map this grid covers.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The flat index of `c`, or `None` off the map.
    pub fn index(&self, c: Cell) -> Option<usize> {
        self.shape.index(c)
    }

    /// The value at `c`, or `None` off the map.
    pub fn get(&self, c: Cell) -> Option<&T> {
        self.index(c).and_then(|i| self.values.get(i))
    }

    /// The value at `c` to change in place, or `None` off the map.
    pub fn get_mut(&mut self, c: Cell) -> Option<&mut T> {
        self.index(c).and_then(|i| self.values.get_mut(i))
    }

    /// Sets the value at `c`; returns whether `c` is on the map.
    pub fn set(&mut self, c: Cell, value: T) -> bool {
        match self.get_mut(c) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// The values in row-major order.
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// Mutable values in row-major order (for whole-map passes that keep their own flat indices).
    pub fn values_mut(&mut self) -> &mut [T] {
        &mut self.values
    }
}

impl<T: Copy + Default> Grid<T> {
    /// The value at `c`, or the default off the map.
    pub fn at(&self, c: Cell) -> T {
        self.get(c).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_off_the_map_have_no_index() {
        let shape = Shape::new(4, 3);
        assert_eq!(shape.index(Cell::new(3, 2)), Some(11));
        assert_eq!(shape.index(Cell::new(0, 0)), Some(0));
        for off in [
            Cell::new(4, 0),
            Cell::new(0, 3),
            Cell::new(-1, 0),
            Cell::new(i32::MAX, i32::MAX),
            Cell::new(i32::MIN, 1),
        ] {
            assert_eq!(shape.index(off), None, "{off:?}");
        }
    }

    #[test]
    fn index_and_cell_are_inverse() {
        let shape = Shape::new(5, 7);
        for i in 0..shape.len() {
            assert_eq!(shape.index(shape.cell(i)), Some(i));
        }
    }

    #[test]
    fn negative_sizes_read_as_empty() {
        let shape = Shape::new(-5, i32::MIN);
        assert!(shape.is_empty());
        assert_eq!(shape.index(Cell::new(0, 0)), None);
    }

    #[test]
    fn a_grid_ignores_writes_off_the_map() {
        let mut grid = Grid::new(Shape::new(2, 2), 0u8);
        assert!(grid.set(Cell::new(1, 1), 7));
        assert!(!grid.set(Cell::new(2, 1), 9));
        assert_eq!(grid.at(Cell::new(1, 1)), 7);
        assert_eq!(grid.at(Cell::new(-1, 1)), 0);
        assert_eq!(grid.values(), &[0, 0, 0, 7]);
        assert!(Grid::from_values(Shape::new(2, 2), vec![1, 2, 3]).is_none());
    }
}
