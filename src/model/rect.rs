//! Rectangles of cells: room interiors, map regions, and the order the original scans them in.

use serde::{Deserialize, Serialize};

use super::cell::Cell;

/// A half-open rectangle `[x0, x1) × [y0, y1)` in cell space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// The westmost column inside.
    pub x0: i32,
    /// The southmost (frontmost) row inside.
    pub y0: i32,
    /// One past the eastmost column inside; `x1 == x0` is an empty rectangle.
    pub x1: i32,
    /// One past the northmost row inside.
    pub y1: i32,
}

impl Rect {
    /// Columns inside; negative for an inverted rectangle (only a broken file has one).
    pub fn width(&self) -> i32 {
        self.x1 - self.x0
    }

    /// Rows inside; negative for an inverted rectangle.
    pub fn height(&self) -> i32 {
        self.y1 - self.y0
    }

    /// Whether `c` lies inside; the far edges `x1` and `y1` are outside.
    pub fn contains(&self, c: Cell) -> bool {
        c.x >= self.x0 && c.x < self.x1 && c.y >= self.y0 && c.y < self.y1
    }

    /// Cells with x as the outer loop and y as the inner loop, as the original scans.
    pub fn cells(&self) -> RectCells {
        RectCells {
            rect: *self,
            next: Cell::new(self.x0, self.y0),
        }
    }

    /// The geometric centre in cell units, where the editor's camera centres on a room (a 2-wide
    /// rectangle from 0 centres on 1.0, the line between its two columns).
    pub fn centre(&self) -> (f32, f32) {
        (
            (self.x0 + self.x1) as f32 / 2.0,
            (self.y0 + self.y1) as f32 / 2.0,
        )
    }
}

/// The cells of a [`Rect`], x outer and y inner. It knows its length, so collecting the cells of a room
/// allocates once.
#[derive(Clone, Debug)]
pub struct RectCells {
    rect: Rect,
    /// The next cell to hand out; past the last column when done.
    next: Cell,
}

impl RectCells {
    fn remaining(&self) -> usize {
        let r = &self.rect;
        if r.y1 <= r.y0 || self.next.x >= r.x1 {
            return 0;
        }
        let columns = i64::from(r.x1) - i64::from(self.next.x);
        let rest = columns * i64::from(r.height()) - (i64::from(self.next.y) - i64::from(r.y0));
        usize::try_from(rest).unwrap_or(usize::MAX)
    }
}

impl Iterator for RectCells {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        let r = &self.rect;
        if self.next.x >= r.x1 || r.y1 <= r.y0 {
            return None;
        }
        let cell = self.next;
        if cell.y + 1 < r.y1 {
            self.next.y += 1;
        } else {
            self.next = Cell::new(cell.x + 1, r.y0);
        }
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.remaining();
        (n, Some(n))
    }
}

impl ExactSizeIterator for RectCells {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of the plain nested loops, x outer and y inner.
    fn nested(r: Rect) -> Vec<Cell> {
        (r.x0..r.x1)
            .flat_map(|x| (r.y0..r.y1).map(move |y| Cell::new(x, y)))
            .collect()
    }

    #[test]
    fn cells_come_x_outer_and_know_how_many_are_left() {
        for (x0, y0, x1, y1) in [
            (0, 0, 3, 2),
            (-2, 5, 1, 9),
            (4, 4, 5, 5),
            (0, 0, 0, 4),
            (0, 0, 4, 0),
            (3, 3, 1, 1),
            (2, 7, 6, 3),
        ] {
            let rect = Rect { x0, y0, x1, y1 };
            let mut cells = rect.cells();
            let want = nested(rect);
            for (k, &c) in want.iter().enumerate() {
                assert_eq!(cells.len(), want.len() - k, "{rect:?}");
                assert_eq!(cells.next(), Some(c), "{rect:?}");
            }
            assert_eq!(cells.len(), 0);
            assert_eq!(cells.next(), None);
            assert_eq!(rect.cells().collect::<Vec<_>>(), want);
        }
    }
}
