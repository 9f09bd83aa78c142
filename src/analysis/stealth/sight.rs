//! Guard sight (`stealth-rules.md` §3): facing, the relaxed sight test and line of sight.
//!
//! A relaxed guard sees the thief in front of it (the closed half-plane), at `d² < 40` on a lit cell or
//! `d² < 3` on a dark one, with a clear line and the thief not hidden (§3.3). The cells a guard at one
//! cell and facing could see if they were lit depend on nothing else, so they are computed once per
//! (cell, facing) as a [`Cone`] and reused at every time step the guard stands there so.

use super::cells::{CellRules, CellSet};
use crate::model::{Cell, Dir};

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

/// Whether the line from guard `g` to thief `p` is clear (§3.4): a 4-connected staircase strictly between
/// the two cells, stepping in x first on an exact corner. Evaluated from the guard: it is not symmetric.
pub fn line_of_sight(rules: &CellRules, g: Cell, p: Cell) -> bool {
    let (a, b) = ((p.x - g.x).abs(), (p.y - g.y).abs());
    let (sx, sy) = (
        if p.x > g.x { 1 } else { -1 },
        if p.y > g.y { 1 } else { -1 },
    );
    let mut e = b - a;
    let (mut x, mut y) = (g.x, g.y);
    for _ in 1..a + b {
        if e > 0 {
            y += sy;
            e -= 2 * a;
        } else {
            x += sx;
            e += 2 * b;
        }
        if rules.blocks_sight.contains(Cell::new(x, y)) {
            return false;
        }
    }
    true
}

/// The relaxed sight test of a guard at `g` facing `dir` against a thief at `p` (§3.3).
pub fn sees(rules: &CellRules, g: Cell, dir: Dir, p: Cell, lit: bool, hidden: bool) -> bool {
    let (dx, dy) = (p.x - g.x, p.y - g.y);
    let (fx, fy) = dir.delta();
    if fx * dx + fy * dy < 0 {
        return false;
    }
    let cutoff = if lit { LIT_CUTOFF } else { DARK_CUTOFF };
    dx * dx + dy * dy < cutoff && !hidden && line_of_sight(rules, g, p)
}

/// What a relaxed guard at one cell and facing sees, split by light.
#[derive(Clone, Debug)]
pub struct Cone {
    /// Cells it sees when they are lit: in front, `d² < 40`, clear line, not a hiding place.
    pub if_lit: CellSet,
    /// Cells it sees lit or dark: those of `if_lit` with `d² < 3` (its own cell included).
    pub always: CellSet,
}

impl Cone {
    pub fn new(rules: &CellRules, g: Cell, dir: Dir) -> Self {
        let mut cone = Cone {
            if_lit: CellSet::empty(rules.shape),
            always: CellSet::empty(rules.shape),
        };
        let (fx, fy) = dir.delta();
        // d² < 40 means |dx|, |dy| ≤ 6; only the half-plane in front needs a line of sight.
        for dy in -6..=6i32 {
            for dx in -6..=6i32 {
                let d2 = dx * dx + dy * dy;
                if d2 >= LIT_CUTOFF || fx * dx + fy * dy < 0 {
                    continue;
                }
                let p = g.offset(dx, dy);
                if !rules.shape.contains(p)
                    || rules.hides.contains(p)
                    || !line_of_sight(rules, g, p)
                {
                    continue;
                }
                cone.if_lit.insert(p);
                if d2 < DARK_CUTOFF {
                    cone.always.insert(p);
                }
            }
        }
        cone
    }

    /// The cells watched under the lit cells `lit`.
    pub fn watched(&self, lit: &CellSet) -> CellSet {
        let mut w = self.if_lit.clone();
        w.intersect_with(lit);
        w.union_with(&self.always);
        w
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
}
