//! Cell-space geometry: a cell, the four compass directions and the two wall axes.
//!
//! Kept apart from the level so that the grids, rectangles, locks and checks of the model (and the level
//! itself) can all name a cell without going through the model's root, which re-exports them.

use serde::{Deserialize, Serialize};

/// A cell position in cell space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Self {
        Cell { x, y }
    }

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
    N,
    S,
    E,
    W,
}

impl Dir {
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::S => (0, -1),
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::E => Dir::W,
            Dir::W => Dir::E,
        }
    }

    /// The counter-clockwise normal: the side a segment calls "left".
    pub fn left(self) -> Dir {
        match self {
            Dir::E => Dir::N,
            Dir::N => Dir::W,
            Dir::W => Dir::S,
            Dir::S => Dir::E,
        }
    }

    /// The mirror image across a vertical axis (E ↔ W).
    pub fn mirrored_x(self) -> Dir {
        match self {
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            other => other,
        }
    }

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
    NS,
    EW,
}
