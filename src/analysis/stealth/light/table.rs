//! A carried torch's light by look-up instead of the portal walk.
//!
//! Guards carry torches of radius² [`super::CARRIED_RADIUS2`], and the analysis casts one at every cell a
//! carrier's route passes — thousands per mansion, and the walk was the costliest step of making the
//! route cells' views. The walk from the source splits into four independent walks, one through each
//! edge of the source cell (a *wedge*), and a wedge's outcome depends on nothing but which of the few
//! cells it may enter block sight: with blockers the walk's calls are the open walk's minus pruned
//! branches, so the cells the open walk enters are the only ones whose blocking is ever read. Those are
//! 13 cells per wedge, so a wedge has at most 8,192 outcomes: each is walked the first time it is met and
//! kept for the rest of the process. The outcome is the walk's own, so the light is the same bit for bit
//! (the tests compare the two over many random neighbourhoods).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::walk::{CARRIED_DISC, EDGES, Half, Walk};
use crate::analysis::stealth::patch::SIDE;

type Rows = [u32; SIDE];

/// Marks a kept outcome (an outcome that lights nothing is still kept: the marker keeps it nonzero).
const KEPT: u64 = 1 << 63;

/// Adds the light of `walk` (a carried torch's) to `lit`, as the walk through the four edges of the
/// source cell would.
///
/// Near the map's edge the walk does not enter the cells off the map. Taking them as blockers instead
/// changes only what is lit off the map: a blocker is lit but stops the walk, and so does a cell not
/// entered (without being lit); the spill lights nothing off the map either way. So the outcomes are
/// kept for a map without edges, keyed with the cells off the map as blockers, and what they light is
/// cut to the map.
pub(super) fn light(walk: &Walk, lit: &mut Rows) {
    for wedge in wedges() {
        wedge.light(walk, lit);
    }
}

/// The four wedges in the order of [`EDGES`], laid out at first use.
fn wedges() -> &'static [Wedge; 4] {
    static WEDGES: OnceLock<[Wedge; 4]> = OnceLock::new();
    WEDGES.get_or_init(|| std::array::from_fn(Wedge::new))
}

/// The walk through one edge of the source cell, with the outcomes met so far.
struct Wedge {
    /// The edge, one of [`EDGES`]: left corner, right corner, step.
    edge: (Half, Half, (i32, i32)),
    /// The cells whose blocking decides the walk, as runs of one row: `(row, first bit, mask of the run
    /// shifted down, where the run goes in the key)`.
    runs: Vec<(usize, u32, u32, u32)>,
    /// The box of window cells the walk can ever light: first row, rows, first bit, bits per row.
    first_row: usize,
    rows: usize,
    first_bit: u32,
    width: u32,
    /// Per key: 0 until met, else [`KEPT`] and the lit cells of the box, row after row.
    outcomes: Box<[AtomicU64]>,
}

impl Wedge {
    /// The layout of the wedge through edge `edge`, from its walk with nothing blocking.
    fn new(edge: usize) -> Self {
        let (left, right, step) = EDGES[edge];
        let open = |on_map: Rows| {
            let walk = Walk {
                blocks: [0; SIDE],
                on_map,
                enter: CARRIED_DISC,
            };
            let mut lit = [0; SIDE];
            walk.visit(step, left, right, &mut lit);
            lit
        };
        // With nothing on the map the spill lights nothing: what is lit is what the walk enters.
        let entered = open([0; SIDE]);
        let reached = open([u32::MAX; SIDE]);
        let mut runs = Vec::new();
        let mut key_bits = 0;
        for (j, &row) in entered.iter().enumerate() {
            let mut rest = row;
            while rest != 0 {
                let first = rest.trailing_zeros();
                let len = (rest >> first).trailing_ones();
                let mask = if len == 32 { u32::MAX } else { (1 << len) - 1 };
                runs.push((j, first, mask, key_bits));
                key_bits += len;
                rest &= !(mask << first);
            }
        }
        let used: Vec<usize> = (0..SIDE).filter(|&j| reached[j] != 0).collect();
        let (first_row, rows) = (used[0], used.len());
        let any = reached.iter().fold(0, |a, &r| a | r);
        let (first_bit, width) = (
            any.trailing_zeros(),
            32 - any.leading_zeros() - any.trailing_zeros(),
        );
        assert!(
            rows * width as usize <= 63 && key_bits <= 16,
            "a carried light's wedge fits the table"
        );
        Wedge {
            edge: EDGES[edge],
            runs,
            first_row,
            rows,
            first_bit,
            width,
            outcomes: (0..1usize << key_bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Adds this wedge's light under `walk`'s blockers to `lit`, walking it if not met before.
    fn light(&self, walk: &Walk, lit: &mut Rows) {
        let blocks = |j: usize| walk.blocks[j] | !walk.on_map[j];
        let key = self.runs.iter().fold(0u32, |key, &(j, first, mask, at)| {
            key | ((blocks(j) >> first) & mask) << at
        });
        let slot = &self.outcomes[key as usize];
        // Two threads meeting the same new outcome walk it both and store the same value.
        let mut outcome = slot.load(Ordering::Relaxed);
        if outcome == 0 {
            let without_edges = Walk {
                blocks: std::array::from_fn(blocks),
                on_map: [u32::MAX; SIDE],
                enter: CARRIED_DISC,
            };
            let (left, right, step) = self.edge;
            let mut rows = [0; SIDE];
            without_edges.visit(step, left, right, &mut rows);
            outcome = KEPT | self.pack(&rows);
            slot.store(outcome, Ordering::Relaxed);
        }
        let row_mask = (1u64 << self.width) - 1;
        for (r, j) in (self.first_row..self.first_row + self.rows).enumerate() {
            let bits = (outcome >> (r as u32 * self.width)) & row_mask;
            lit[j] |= ((bits as u32) << self.first_bit) & walk.on_map[j];
        }
    }

    /// The lit cells of the box, row after row.
    fn pack(&self, rows: &Rows) -> u64 {
        rows[self.first_row..self.first_row + self.rows]
            .iter()
            .enumerate()
            .fold(0, |packed, (r, &row)| {
                packed | u64::from(row >> self.first_bit) << (r as u32 * self.width)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wedge_keys_on_thirteen_cells_and_its_box_fits_a_word() {
        for wedge in wedges() {
            let bits: u32 = wedge.runs.iter().map(|r| r.2.count_ones()).sum();
            assert_eq!(bits, 13);
            assert!(wedge.rows * wedge.width as usize <= 63);
        }
    }
}
