//! The original's portal walk of torch light (`stealth-rules.md` §2.2), step by step: from the centre of
//! the source cell, edge to edge through non-blocking cells, plus its diagonal spill. Its own module
//! because the light ([`super::cast`]) and the look-up of carried light ([`super::table`]) both run it.

use crate::analysis::stealth::cells::CellRules;
use crate::analysis::stealth::patch::{self, Patch};
use crate::model::Cell;

/// Radius² of a placed lit torch.
pub const TORCH_RADIUS2: i32 = 45;
/// Radius² of the torch a guard carries.
pub const CARRIED_RADIUS2: i32 = 15;

/// A vector in half-cell units relative to the source cell's centre.
pub(super) type Half = (i32, i32);

/// The cross product of `a` and `b`: positive when `a` is clockwise of `b` (the original's "a right
/// of b", its `clockwise(a, b)`).
fn cross(a: Half, b: Half) -> i32 {
    a.0 * b.1 - a.1 * b.0
}

/// The four edges of a cell in the original's fixed order W, N, E, S: left corner, right corner (as seen
/// leaving the cell through that edge) and the step to the neighbour beyond it.
pub(super) const EDGES: [(Half, Half, (i32, i32)); 4] = [
    ((-1, -1), (-1, 1), (-1, 0)),
    ((-1, 1), (1, 1), (0, 1)),
    ((1, 1), (1, -1), (1, 0)),
    ((1, -1), (-1, -1), (0, -1)),
];

/// The window positions within radius² `radius2` of its centre, row by row.
const fn disc(radius2: i32) -> [u32; patch::SIDE] {
    let mut rows = [0u32; patch::SIDE];
    let mut j = 0;
    while j < patch::SIDE {
        let mut i = 0;
        while i < patch::SIDE {
            let (x, y) = (i as i32 - patch::REACH, j as i32 - patch::REACH);
            if x * x + y * y <= radius2 {
                rows[j] |= 1 << i;
            }
            i += 1;
        }
        j += 1;
    }
    rows
}

/// [`disc`] of the two radii every caller uses, made at compile time.
pub(super) const CARRIED_DISC: [u32; patch::SIDE] = disc(CARRIED_RADIUS2);
const TORCH_DISC: [u32; patch::SIDE] = disc(TORCH_RADIUS2);

const _: () = assert!(TORCH_RADIUS2 < (patch::REACH - 1) * (patch::REACH - 1));

/// The portal walk in offsets from the source, over the rows of the patch around it.
pub(super) struct Walk {
    pub(super) blocks: [u32; patch::SIDE],
    pub(super) on_map: [u32; patch::SIDE],
    /// The cells on the map within the radius: the only ones the walk enters. One bit test stands for
    /// the original's distance test and its bounds test, done before the call instead of in it.
    pub(super) enter: [u32; patch::SIDE],
}

/// A cell's corners in half-cell units from its centre, in the order of [`EDGES`]: edge `e` runs from
/// corner `e` (its left) to corner `e + 1` (its right).
const CORNERS: [Half; 4] = [(-1, -1), (-1, 1), (1, 1), (1, -1)];

const _: () = {
    let mut e = 0;
    while e < 4 {
        let (left, right, _) = EDGES[e];
        let (l, r) = (CORNERS[e], CORNERS[(e + 1) % 4]);
        assert!(left.0 == l.0 && left.1 == l.1 && right.0 == r.0 && right.1 == r.1);
        e += 1;
    }
};

impl Walk {
    /// The walk of a light at `source` with radius² `radius2` (at most [`TORCH_RADIUS2`]); `None` off
    /// the map.
    pub(super) fn around(rules: &CellRules, source: Cell, radius2: i32) -> Option<Walk> {
        if !rules.shape.contains(source) {
            return None;
        }
        let radius2 = radius2.min(TORCH_RADIUS2);
        let disc = match radius2 {
            CARRIED_RADIUS2 => CARRIED_DISC,
            TORCH_RADIUS2 => TORCH_DISC,
            _ => disc(radius2),
        };
        let on_map = *Patch::on_map(rules.shape, source).rows();
        Some(Walk {
            blocks: *Patch::from_set(&rules.blocks_sight, source).rows(),
            enter: std::array::from_fn(|j| disc[j] & on_map[j]),
            on_map,
        })
    }

    /// The walk through each edge of the source cell.
    pub(super) fn through_every_edge(&self, lit: &mut [u32; patch::SIDE]) {
        for (left, right, step) in EDGES {
            if self.may_enter(step) {
                self.visit(step, left, right, lit);
            }
        }
    }

    /// The patch row and bit of offset `u`. Offsets within the radius and one diagonal step past it
    /// lie inside the window (see the assertion after [`TORCH_DISC`]).
    fn at((x, y): (i32, i32)) -> (usize, u32) {
        ((y + patch::REACH) as usize, 1u32 << (x + patch::REACH))
    }

    /// The patch row and bit of offset `u`, if on the map.
    fn slot(&self, u: (i32, i32)) -> Option<(usize, u32)> {
        let (j, bit) = Self::at(u);
        (self.on_map[j] & bit != 0).then_some((j, bit))
    }

    /// Whether the walk enters offset `u`: on the map and within the radius (the original's visit of
    /// any other cell returns at once).
    fn may_enter(&self, u: (i32, i32)) -> bool {
        let (j, bit) = Self::at(u);
        self.enter[j] & bit != 0
    }

    pub(super) fn light(&self, u: (i32, i32), lit: &mut [u32; patch::SIDE]) {
        if let Some((j, bit)) = self.slot(u) {
            lit[j] |= bit;
        }
    }

    /// The original's visit of the cell at offset `u`, entered between the rays `lf` and `rf`.
    ///
    /// Each corner of the cell is tested against each ray once, by the sign of one cross product,
    /// and the spill and the four edges read those signs (the original recomputes them per edge):
    /// `clockwise(lf, p)` is `cross(lf, p) > 0`, `clockwise(p, rf)` is `cross(p, rf) > 0` and
    /// `clockwise(rf, p)` is `cross(p, rf) < 0`. `u` must be one the walk may enter
    /// ([`Walk::may_enter`]); a neighbour it may not is not visited, as the original's visit of it would
    /// return at once.
    pub(super) fn visit(&self, u: (i32, i32), lf: Half, rf: Half, lit: &mut [u32; patch::SIDE]) {
        let (j, bit) = Self::at(u);
        lit[j] |= bit;
        if self.blocks[j] & bit != 0 {
            return;
        }
        let centre = (2 * u.0, 2 * u.1);
        let corners = CORNERS.map(|o| (centre.0 + o.0, centre.1 + o.1));
        let past_left = corners.map(|p| cross(lf, p));
        let past_right = corners.map(|p| cross(p, rf));
        for (k, o) in CORNERS.into_iter().enumerate() {
            if past_left[k] <= 0 && past_right[k] <= 0 {
                // The diagonal spill: no distance test, no blocker test, no recursion (§2.2 step 5).
                self.light((u.0 + o.0, u.1 + o.1), lit);
            }
        }
        for (e, (_, _, step)) in EDGES.into_iter().enumerate() {
            let next = (u.0 + step.0, u.1 + step.1);
            // An edge facing the source (`step · u < 0`) never passes: every ray through the cell
            // crosses it inwards, and the `turn` below comes out negative. Skipped before the tests.
            if step.0 * u.0 + step.1 * u.1 < 0 || !self.may_enter(next) {
                continue;
            }
            let (l, r) = (e, (e + 1) % 4);
            let (pl, pr) = (corners[l], corners[r]);
            let keep_left = past_left[l] > 0;
            let keep_right = past_right[r] >= 0;
            // `cross(new_right, new_left)`, from the products above where one of the pair is a ray.
            let turn = match (keep_left, keep_right) {
                (true, true) => cross(rf, lf),
                (false, true) => -past_right[l],
                (true, false) => -past_left[r],
                (false, false) => cross(pr, pl),
            };
            if turn > 0 {
                let new_left = if keep_left { lf } else { pl };
                let new_right = if keep_right { rf } else { pr };
                self.visit(next, new_left, new_right, lit);
            }
        }
    }
}
