//! How far one map is moved to lie over the other (`align` chooses it): a leaf of its own, so that the
//! report, the alignment and the room matching all use it without importing each other.

use crate::model::Cell;

/// How far B is moved to lie over A: B's cell `(x, y)` is compared with A's `(x + dx, y + dy)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Offset {
    pub dx: i32,
    pub dy: i32,
}

impl Offset {
    /// B's cell `c` in A's coordinates.
    pub fn onto_a(self, c: Cell) -> Cell {
        c.offset(self.dx, self.dy)
    }

    /// A's cell `c` in B's coordinates.
    pub fn onto_b(self, c: Cell) -> Cell {
        c.offset(-self.dx, -self.dy)
    }

    /// B's `[x, y]` in A's coordinates.
    pub fn xy_onto_a(self, [x, y]: [i32; 2]) -> [i32; 2] {
        [x + self.dx, y + self.dy]
    }

    /// Whether B stays where it is.
    pub fn is_zero(self) -> bool {
        self == Offset::default()
    }
}
