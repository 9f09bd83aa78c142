//! How a guard takes one step (`stealth-rules.md` §1.3, §4.2–§4.4): the guards' distance field, the
//! choice of the next cell, the patrol index, and torch spotting (§3.8). Shared by the undisturbed
//! replay and the turn loop (`crate::play`), whose alert guards walk by the same field.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::analysis::stealth::cells::CellRules;
use crate::analysis::stealth::sight::{staircase, turn};
use crate::analysis::stealth::timeline::window_facing;
use crate::model::topology::{INFINITE, move_costs};
use crate::model::{Cell, Dir, Grid, Level, Shape, Terrain};

use super::state::Torch;

/// What came of one step (`MoveResult` of the original, §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// The best cell was the guard's own.
    StoodStill,
    /// It moved onto the chosen cell.
    Moved,
    /// The chosen cell held the thief: the guard turned toward it but did not move.
    BumpedThief,
}

/// A guard on the move: its cell and facing, which are all a step changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    /// The cell it stands on.
    pub cell: Cell,
    /// Which way it faces (§3.2).
    pub facing: Dir,
}

/// What the guards' movement needs from a level, computed once: step costs and sight blockers.
#[derive(Clone, Debug)]
pub struct Ground {
    costs: Grid<u32>,
    /// Per cell (row-major, as `costs`), what a step onto it or a guard standing on it asks of the
    /// level: [`FINITE`], [`ENTERABLE`] and the window bits of [`WINDOWS`]. A step is tested every
    /// turn for every guard, and the cost grid and terrain would each be looked up for it.
    flags: Vec<u8>,
    cells: CellRules,
}

/// [`Ground::flags`]: the guard step cost is finite (§1.3).
const FINITE: u8 = 1;
/// [`Ground::flags`]: finite and not water, which the step chooser never picks (§4.3).
const ENTERABLE: u8 = 2;
/// [`Ground::flags`]: per direction, in the order a standing guard checks them (§3.2 (3)), the bit
/// set when the neighbour that way is a window facing that way.
const WINDOWS: [(Dir, u8); 4] = [(Dir::W, 4), (Dir::E, 8), (Dir::S, 16), (Dir::N, 32)];

/// [`Ground::best_next`]'s field and queue, kept by each thread between calls: a field across the map
/// on every step would cost a map-sized fill each time, while a step settles only a few cells.
#[derive(Default)]
struct Field {
    /// Per cell of the map (row-major), the field value; [`INFINITE`] between calls.
    values: Vec<u32>,
    /// The cells given a value this call, to reset after it.
    settled: Vec<usize>,
    /// The A* queue, empty between calls.
    heap: BinaryHeap<Reverse<(u32, u32, i32, i32)>>,
}

thread_local! {
    static FIELD: RefCell<Field> = RefCell::default();
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

/// The index a patrol moves to from `i` (§4.2), and the new `reverse` flag. A one-cell route stays put
/// (the original would index before the route's start; no generated route has one cell).
pub fn advance(n: usize, loops: bool, i: usize, reverse: bool) -> (usize, bool) {
    if n <= 1 {
        (0, reverse)
    } else if reverse {
        match (i, loops) {
            (0, true) => (n - 1, true),
            (0, false) => (1, false),
            _ => (i - 1, true),
        }
    } else if i >= n - 1 {
        if loops { (0, false) } else { (n - 2, true) }
    } else {
        (i + 1, false)
    }
}

/// `findPatrolPathIndex` (§4.4): the first route index holding `here`, searched from `index` to the
/// end, then from `index − 1` back to the start.
pub fn rejoin_index(route: &[Cell], index: usize, here: Cell) -> Option<usize> {
    let forward = (index..route.len()).find(|&i| route[i] == here);
    forward.or_else(|| {
        (0..index.min(route.len()))
            .rev()
            .find(|&i| route[i] == here)
    })
}

impl Ground {
    /// The ground of `level`, whose cell rules `cells` the caller has already made.
    pub fn new(level: &Level, cells: CellRules) -> Self {
        let costs = move_costs(level);
        let shape = costs.shape();
        let terrain = level.terrain_cells();
        let mut flags: Vec<u8> = costs
            .values()
            .iter()
            .zip(terrain)
            .map(|(&cost, &t)| match (cost, t) {
                (INFINITE, _) => 0,
                (_, Terrain::Water) => FINITE,
                _ => FINITE | ENTERABLE,
            })
            .collect();
        for (i, &t) in terrain.iter().enumerate() {
            if let Terrain::Window(d) = t {
                let (dx, dy) = d.delta();
                let inside = shape.index(shape.cell(i).offset(-dx, -dy));
                if let (Some(j), Some(&(_, bit))) = (inside, WINDOWS.iter().find(|w| w.0 == d)) {
                    flags[j] |= bit;
                }
            }
        }
        Ground {
            costs,
            flags,
            cells,
        }
    }

    /// The [`Ground::flags`] of `c`: none off the map, where the cost is infinite.
    #[inline]
    fn flag(&self, c: Cell) -> u8 {
        self.costs
            .index(c)
            .and_then(|i| self.flags.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// `window_facing` (§3.2 (3)): the window a guard standing at `c` turns to look out of.
    pub fn window_facing(&self, level: &Level, c: Cell) -> Option<Dir> {
        if !self.costs.shape().contains(c) {
            return window_facing(level, c);
        }
        let flag = self.flag(c);
        WINDOWS
            .iter()
            .find(|&&(_, bit)| flag & bit != 0)
            .map(|&(d, _)| d)
    }

    /// The guard step cost of `c` (§1.3): infinite off the map.
    pub fn cost(&self, c: Cell) -> u32 {
        self.costs.get(c).copied().unwrap_or(INFINITE)
    }

    /// A single goal cell seeded at 0: `computeDistancesToPosition`.
    pub fn toward(goal: Cell) -> [(Cell, u32); 1] {
        [(goal, 0)]
    }

    /// Every route cell seeded at its own cost (§4.4): `computeDistancesToPatrolPath`.
    pub fn toward_route(&self, route: &[Cell]) -> Vec<(Cell, u32)> {
        route.iter().map(|&c| (c, self.cost(c))).collect()
    }

    /// The orthogonal neighbours of a torch a guard may stand on, each seeded at its own cost (§4.5):
    /// `computeDistancesToAdjacentToPosition`.
    pub fn beside(&self, at: Cell) -> Vec<(Cell, u32)> {
        [Dir::N, Dir::S, Dir::E, Dir::W]
            .into_iter()
            .map(|d| {
                let (dx, dy) = d.delta();
                at.offset(dx, dy)
            })
            .map(|c| (c, self.cost(c)))
            .filter(|&(_, cost)| cost != INFINITE)
            .collect()
    }

    /// The cost of a guard's move from `a` to the neighbour `b` (§1.3): `b`'s cost, infinite when a
    /// diagonal would cut a corner.
    fn move_cost(&self, a: Cell, b: Cell) -> u32 {
        let cost = self.cost(b);
        if cost != INFINITE
            && a.x != b.x
            && a.y != b.y
            && (self.cost(Cell::new(a.x, b.y)) == INFINITE
                || self.cost(Cell::new(b.x, a.y)) == INFINITE)
        {
            return INFINITE;
        }
        cost
    }

    /// Whether a guard at `from` may step to `to` this turn (§4.3): enterable, not water, and not held
    /// by a guard that has already acted.
    #[inline]
    pub(super) fn may_enter(&self, from: Cell, to: Cell, acted: &[Cell]) -> bool {
        self.flag(to) & ENTERABLE != 0
            && (from.x == to.x
                || from.y == to.y
                || self.flag(Cell::new(from.x, to.y)) & self.flag(Cell::new(to.x, from.y)) & FINITE
                    != 0)
            && !acted.contains(&to)
    }

    /// One step down the distance field seeded with `seeds` (§4.3), turning toward the cell chosen. A
    /// goal that is the guard's own cell or a free neighbour is taken directly, as the field would (its
    /// value 0 is the only minimum); anything else runs the field. `acted` are the cells of the guards
    /// that have acted this turn; a chosen cell holding `thief` is bumped, not entered.
    #[inline]
    pub fn step(
        &self,
        walker: &mut Walker,
        seeds: &[(Cell, u32)],
        acted: &[Cell],
        thief: Option<Cell>,
    ) -> Stepped {
        let from = walker.cell;
        let next = match seeds {
            [(goal, 0)] if *goal == from && self.may_enter(from, from, acted) => from,
            [(goal, 0)] if from.chebyshev_adjacent(*goal) && self.may_enter(from, *goal, acted) => {
                *goal
            }
            _ => self.best_next(from, seeds, acted),
        };
        if next == from {
            return Stepped::StoodStill;
        }
        walker.facing = turn(walker.facing, (next.x - from.x, next.y - from.y));
        if thief == Some(next) {
            return Stepped::BumpedThief;
        }
        walker.cell = next;
        Stepped::Moved
    }

    /// `posNextBest` (§4.3): among the 3 × 3 block around `from`, its own cell included, scanned x then
    /// y ascending, the first cell of strictly smallest field value the guard may enter; `from` when
    /// there is none. The field is grown from the seeds toward the block only (A* with the cheapest
    /// possible cost to reach the block as its estimate, which never overestimates and drops by at most
    /// a step's cost per step, so every cell is settled at its exact field value), and only until every
    /// cell whose estimate reaches the block's smallest value is settled: the same cell as the whole
    /// field picks, without computing the field across the map.
    #[inline(never)]
    fn best_next(&self, from: Cell, seeds: &[(Cell, u32)], acted: &[Cell]) -> Cell {
        let mut block = Vec::with_capacity(9);
        for x in from.x - 1..=from.x + 1 {
            for y in from.y - 1..=from.y + 1 {
                let c = Cell::new(x, y);
                if self.may_enter(from, c, acted) {
                    block.push(c);
                }
            }
        }
        if block.is_empty() {
            return from;
        }
        let estimate = |c: Cell| {
            let dx = ((c.x - from.x).abs() - 1).max(0).unsigned_abs();
            let dy = ((c.y - from.y).abs() - 1).max(0).unsigned_abs();
            2 * dx.max(dy) + dx.min(dy)
        };
        FIELD.with_borrow_mut(
            |Field {
                 values,
                 settled,
                 heap,
             }| {
                let shape = self.costs.shape();
                if values.len() < shape.len() {
                    values.resize(shape.len(), INFINITE);
                }
                heap.extend(
                    seeds
                        .iter()
                        .map(|&(c, d)| Reverse((d.saturating_add(estimate(c)), d, c.x, c.y))),
                );
                let mut bound = INFINITE;
                while let Some(Reverse((f, d, x, y))) = heap.pop() {
                    if f > bound {
                        break;
                    }
                    let c = Cell::new(x, y);
                    match shape.index(c) {
                        Some(i) if d < values[i] => {
                            if values[i] == INFINITE {
                                settled.push(i);
                            }
                            values[i] = d;
                        }
                        _ => continue,
                    }
                    if block.contains(&c) {
                        bound = bound.min(d);
                    }
                    for (dx, dy) in NEIGHBOURS {
                        let n = c.offset(dx, dy);
                        let cost = self.move_cost(c, n);
                        if cost == INFINITE {
                            continue;
                        }
                        let step = if dx != 0 && dy != 0 { 3 } else { 2 };
                        let nd = d + cost + step;
                        if shape.index(n).is_some_and(|i| nd < values[i]) {
                            heap.push(Reverse((nd.saturating_add(estimate(n)), nd, n.x, n.y)));
                        }
                    }
                }
                let best = block
                    .into_iter()
                    .find(|&c| {
                        bound != INFINITE && shape.index(c).map(|i| values[i]) == Some(bound)
                    })
                    .unwrap_or(from);
                heap.clear();
                for i in settled.drain(..) {
                    values[i] = INFINITE;
                }
                best
            },
        )
    }

    /// §3.8: the nearest unlit torch with `d² < cutoff` and a clear torch line (sight blockers and
    /// windows block), the first in item order on a tie. No facing test applies. `unlit` are the
    /// indices of the unlit torches, ascending: the caller keeps them over a turn, so that the lit
    /// ones, most of them once the guards have relit, are not passed over guard by guard.
    pub fn spot_torch(
        &self,
        level: &Level,
        torches: &[Torch],
        unlit: impl IntoIterator<Item = usize>,
        from: Cell,
        cutoff: i32,
    ) -> Option<usize> {
        let mut best = (cutoff, None);
        for i in unlit {
            let torch = &torches[i];
            let (dx, dy) = (torch.cell.x - from.x, torch.cell.y - from.y);
            let d2 = dx * dx + dy * dy;
            if d2 < best.0 && self.torch_line(level, from, torch.cell) {
                best = (d2, Some(i));
            }
        }
        best.1
    }

    /// Whether a guard at `from` may spot a torch at `torch` (§3.8): `d² < cutoff` and a clear torch
    /// line.
    pub(super) fn in_torch_range(
        &self,
        level: &Level,
        from: Cell,
        torch: Cell,
        cutoff: i32,
    ) -> bool {
        let (dx, dy) = (torch.x - from.x, torch.y - from.y);
        dx * dx + dy * dy < cutoff && self.torch_line(level, from, torch)
    }

    /// The torch line of §3.4's variant: clear of sight blockers and of windows.
    fn torch_line(&self, level: &Level, from: Cell, torch: Cell) -> bool {
        staircase(from, torch).all(|c| {
            !self.cells.blocks_sight.contains(c) && !matches!(level.terrain(c), Terrain::Window(_))
        })
    }

    /// The map this ground covers.
    pub(super) fn shape(&self) -> Shape {
        self.costs.shape()
    }
}
