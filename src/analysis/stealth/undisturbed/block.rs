//! The guards' distance field around one guard (`posNextBest`, §4.3), as the order in which the guard
//! prefers the cells of its 3 × 3 block.
//!
//! A guard that cannot take its goal directly steps to the cell of its block with the smallest field
//! value. The field depends only on the level and the goal, never on where the other guards stand, so
//! a block's order of preference is grown once per goal and cell and kept (`super::kept`): on a
//! crowded level most guards are blocked on most turns, and growing the field each time was nearly all
//! of a long replay's cost (`tests/play_guards.rs` checks the replay against the game's walking).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::topology::INFINITE;
use crate::model::{Cell, Shape};

/// The nine cells of the block around `from`, in the order a guard scans them (x, then y, ascending).
pub fn block(from: Cell) -> impl Iterator<Item = Cell> {
    (from.x - 1..=from.x + 1)
        .flat_map(move |x| (from.y - 1..=from.y + 1).map(move |y| Cell::new(x, y)))
}

/// What a field is grown toward: a goal cell, a patrol route (by its index in the level), or the
/// cells beside a torch. With the level, it fixes the seeds and so the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldKey {
    /// One cell, seeded at 0.
    Cell(Cell),
    /// Every cell of a patrol route, each seeded at its own step cost.
    Route(usize),
    /// The orthogonal neighbours of a torch, each seeded at its own step cost.
    Beside(Cell),
}

/// The cells of a block in the order a guard prefers them: by field value, then in [`block`]'s order,
/// the cells the field does not reach (or the guard may never enter, which are not grown) left out. A
/// guard takes the first that no guard who has acted holds, which is the cell of smallest value it may
/// enter, the first scanned on a tie, as `posNextBest` picks. Packed in a word: the
/// count in the low 4 bits, then a 4-bit block index per cell, so that a cache of them stays small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference(pub(super) u64);

impl Preference {
    /// The preference of a block whose field values (in [`block`]'s order) are `values`.
    pub fn of(values: [u32; 9]) -> Self {
        let mut order: Vec<usize> = (0..9).filter(|&k| values[k] != INFINITE).collect();
        order.sort_by_key(|&k| (values[k], k));
        let packed = order
            .iter()
            .enumerate()
            .fold(order.len() as u64, |word, (rank, &k)| {
                word | (k as u64) << (4 + 4 * rank)
            });
        Preference(packed)
    }

    /// The block indices, most preferred first.
    pub fn ranked(self) -> impl Iterator<Item = usize> {
        let count = (self.0 & 15) as usize;
        (0..count).map(move |rank| ((self.0 >> (4 + 4 * rank)) & 15) as usize)
    }
}

/// The field's search buffers, kept by each thread between calls: a field across the map on every
/// block would cost a map-sized fill each time, while a block settles only a few cells.
#[derive(Default)]
struct Buffers {
    /// Per cell of the map (row-major), the field value; [`INFINITE`] between calls.
    values: Vec<u32>,
    /// The cells given a value this call, to reset after it.
    settled: Vec<usize>,
    /// The A* queue, empty between calls.
    heap: BinaryHeap<Reverse<(u32, u32, i32, i32)>>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::default();
}

/// The eight neighbour offsets of the distance field.
const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// The neighbours a field grows to from `c`, whose value is `d`: each with its value (an orthogonal step
/// adds 2, a diagonal one 3, on top of the cost of the cell stepped on), barred steps left out.
/// Saturating: a hostile level's step costs may add up past any field value, which is then none.
#[inline]
fn steps(
    c: Cell,
    d: u32,
    move_cost: &impl Fn(Cell, Cell) -> u32,
) -> impl Iterator<Item = (Cell, u32)> {
    NEIGHBOURS.iter().filter_map(move |&(dx, dy)| {
        let n = c.offset(dx, dy);
        let cost = move_cost(c, n);
        if cost == INFINITE {
            return None;
        }
        let step = if dx != 0 && dy != 0 { 3 } else { 2 };
        let nd = d.saturating_add(cost).saturating_add(step);
        (nd != INFINITE).then_some((n, nd))
    })
}

/// The exact field values (§4.3) of the block around `from`, in [`block`]'s order, grown from `seeds`
/// over `shape` with `move_cost` (infinite where a step is barred); [`INFINITE`] where the field does
/// not reach or `wanted` is false. A* with the cheapest possible cost to reach the block as its
/// estimate, which never overestimates and drops by at most a step's cost per step, so each cell is
/// settled at its exact value the first time it leaves the queue; it stops once every wanted cell of
/// the block has, so a block near its goal settles a few cells, not the map.
pub fn grow(
    shape: Shape,
    from: Cell,
    seeds: &[(Cell, u32)],
    wanted: [bool; 9],
    move_cost: impl Fn(Cell, Cell) -> u32,
) -> [u32; 9] {
    let slot = |c: Cell| {
        let (dx, dy) = (c.x - from.x, c.y - from.y);
        (dx.abs() <= 1 && dy.abs() <= 1).then(|| ((dx + 1) * 3 + dy + 1) as usize)
    };
    let estimate = |c: Cell| {
        let dx = ((c.x - from.x).abs() - 1).max(0).unsigned_abs();
        let dy = ((c.y - from.y).abs() - 1).max(0).unsigned_abs();
        2 * dx.max(dy) + dx.min(dy)
    };
    let mut out = [INFINITE; 9];
    let mut missing = wanted.iter().filter(|&&w| w).count();
    if missing == 0 {
        return out;
    }
    BUFFERS.with_borrow_mut(
        |Buffers {
             values,
             settled,
             heap,
         }| {
            if values.len() < shape.len() {
                values.resize(shape.len(), INFINITE);
            }
            heap.extend(
                seeds
                    .iter()
                    .map(|&(c, d)| Reverse((d.saturating_add(estimate(c)), d, c.x, c.y))),
            );
            while let Some(Reverse((_, d, x, y))) = heap.pop() {
                let c = Cell::new(x, y);
                match shape.index(c) {
                    Some(i) if values[i] == INFINITE => {
                        settled.push(i);
                        values[i] = d;
                    }
                    _ => continue,
                }
                if let Some(k) = slot(c).filter(|&k| wanted[k]) {
                    out[k] = d;
                    missing -= 1;
                    if missing == 0 {
                        break;
                    }
                }
                for (n, nd) in steps(c, d, &move_cost) {
                    if shape.index(n).is_some_and(|i| values[i] == INFINITE) {
                        heap.push(Reverse((nd.saturating_add(estimate(n)), nd, n.x, n.y)));
                    }
                }
            }
            heap.clear();
            for i in settled.drain(..) {
                values[i] = INFINITE;
            }
        },
    );
    out
}

/// The exact field values (§4.3) of every cell of `shape`, grown from `seeds` with `move_cost`, as
/// [`grow`] gives them block by block ([`INFINITE`] where the field does not reach): Dijkstra, the same
/// steps and saturation, no estimate and no early stop.
pub fn whole(
    shape: Shape,
    seeds: &[(Cell, u32)],
    move_cost: impl Fn(Cell, Cell) -> u32,
) -> Box<[u32]> {
    let mut values = vec![INFINITE; shape.len()].into_boxed_slice();
    let mut heap: BinaryHeap<Reverse<(u32, i32, i32)>> =
        seeds.iter().map(|&(c, d)| Reverse((d, c.x, c.y))).collect();
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let c = Cell::new(x, y);
        match shape.index(c) {
            Some(i) if values[i] == INFINITE => values[i] = d,
            _ => continue,
        }
        for (n, nd) in steps(c, d, &move_cost) {
            if shape.index(n).is_some_and(|i| values[i] == INFINITE) {
                heap.push(Reverse((nd, n.x, n.y)));
            }
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preference_ranks_by_value_then_scan_order_and_leaves_out_the_unreached() {
        let values = [7, INFINITE, 3, 5, 3, INFINITE, 0, 9, 5];
        let ranked: Vec<usize> = Preference::of(values).ranked().collect();
        assert_eq!(ranked, vec![6, 2, 4, 3, 8, 0, 7]);
        assert_eq!(Preference::of([INFINITE; 9]).ranked().count(), 0);
    }

    /// The block around (1, 2) of an open 5 × 5 map whose every cell costs `cost` to step on, grown
    /// from one seed at (4, 2).
    fn open_block(cost: u32) -> [u32; 9] {
        let shape = Shape::new(5, 5);
        grow(
            shape,
            Cell::new(1, 2),
            &[(Cell::new(4, 2), 0)],
            [true; 9],
            |_, b| {
                if shape.contains(b) { cost } else { INFINITE }
            },
        )
    }

    #[test]
    fn the_block_is_grown_to_its_exact_values() {
        // An open 5 × 5 map of zero-cost cells, one seed at (4, 2): orthogonal steps cost 2 and
        // diagonal ones 3, so the block around (1, 2) holds 2·dx + dy (long side first).
        let values = open_block(0);
        let expected: Vec<u32> = block(Cell::new(1, 2))
            .map(|c| {
                let (dx, dy) = ((4 - c.x).unsigned_abs(), (2 - c.y).unsigned_abs());
                2 * dx.max(dy) + dx.min(dy)
            })
            .collect();
        assert_eq!(values.to_vec(), expected);
    }

    #[test]
    fn step_costs_past_any_field_value_leave_the_cell_unreached() {
        // A hostile level's costs (found by the fuzz run): the sums saturate, they do not overflow.
        assert!(open_block(INFINITE - 1).iter().all(|&v| v == INFINITE));
    }

    /// A whole field holds, at every block of the map, exactly what the block's own search grows: on
    /// a map of uneven costs with walls, from two seeds, including a block at the map's edge.
    #[test]
    fn a_whole_field_agrees_with_every_blocks_own_search() {
        let shape = Shape::new(9, 7);
        let cost = |c: Cell| match (c.x * 7 + c.y * 3) % 5 {
            _ if !shape.contains(c) => INFINITE,
            0 if c.x % 3 == 1 => INFINITE,
            k => k as u32,
        };
        let move_cost = |_: Cell, b: Cell| cost(b);
        let seeds = [(Cell::new(8, 6), 0), (Cell::new(0, 3), 4)];
        let field = whole(shape, &seeds, move_cost);
        for i in 0..shape.len() {
            let from = shape.cell(i);
            let grown = grow(shape, from, &seeds, [true; 9], move_cost);
            let read: Vec<u32> = block(from)
                .map(|c| shape.index(c).map_or(INFINITE, |j| field[j]))
                .collect();
            assert_eq!(read, grown.to_vec(), "the block around {from:?}");
        }
    }
}
