//! Cell-space geometry: a cell, the four compass directions and the two wall axes.
//!
//! Kept apart from the level so that the grids, rectangles, locks and checks of the model (and the level
//! itself) can all name a cell without going through the model's root, which re-exports them.

use serde::{Deserialize, Serialize};

/// A cell position in cell space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Column, growing east; 0 is the map's west edge.
    pub x: i32,
    /// Row, growing **north**; 0 is the front (south) edge of the map, where the entrance is.
    pub y: i32,
}

impl Cell {
    /// The cell at column `x`, row `y`; `const` so that tables of cells can be constants.
    pub const fn new(x: i32, y: i32) -> Self {
        Cell { x, y }
    }

    /// The cell `dx` columns east and `dy` rows north of this one (negative steps go west and south).
    /// Not checked against any map: callers look the result up through [`Shape::index`](super::Shape::index).
    #[must_use]
    pub fn offset(self, dx: i32, dy: i32) -> Self {
        Cell::new(self.x + dx, self.y + dy)
    }

    /// Chebyshev adjacency: the two cells differ and are 8-neighbours.
    pub fn chebyshev_adjacent(self, other: Cell) -> bool {
        self != other && (self.x - other.x).abs() <= 1 && (self.y - other.y).abs() <= 1
    }

    /// The four orthogonal neighbours, in the order N, S, E, W.
    pub fn neighbours4(self) -> [Cell; 4] {
        [
            self.offset(0, 1),
            self.offset(0, -1),
            self.offset(1, 0),
            self.offset(-1, 0),
        ]
    }
}

/// A compass direction; N is +y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// North: toward the back of the mansion, `+y`.
    N,
    /// South: toward the front and the entrance, `-y`.
    S,
    /// East: `+x`.
    E,
    /// West: `-x`.
    W,
}

impl Dir {
    /// The one-cell step `(dx, dy)` this direction takes.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::S => (0, -1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
        }
    }

    /// The direction pointing back the other way (N ↔ S, E ↔ W).
    #[must_use]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::E => Dir::W,
            Dir::W => Dir::E,
        }
    }

    /// The counter-clockwise normal: the side a segment calls "left".
    #[must_use]
    pub fn left(self) -> Dir {
        match self {
            Dir::E => Dir::N,
            Dir::N => Dir::W,
            Dir::W => Dir::S,
            Dir::S => Dir::E,
        }
    }

    /// The mirror image across a vertical axis (E ↔ W).
    #[must_use]
    pub fn mirrored_x(self) -> Dir {
        match self {
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            other => other,
        }
    }

    /// The direction of a one-cell orthogonal step; `None` for a diagonal, a standstill or a longer step.
    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        match (dx, dy) {
            (0, 1) => Some(Dir::N),
            (0, -1) => Some(Dir::S),
            (1, 0) => Some(Dir::E),
            (-1, 0) => Some(Dir::W),
            _ => None,
        }
    }
}

/// Which way a wall line runs. A door in a vertical line (x constant) is `NS`, in a horizontal one `EW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Axis {
    /// A vertical wall line (constant `x`): walking through its door goes east or west.
    NS,
    /// A horizontal wall line (constant `y`): walking through its door goes north or south.
    EW,
}
