//! Guards' distance fields and the other searches over the map (`game-map.ts:967-1257`, `1335-1377`).
//!
//! The game runs Dijkstra with its own binary heap and, for a guard's next step, stops as soon as every
//! enterable cell of the guard's 3×3 block is settled. Which other cells are settled by then depends on
//! how the heap breaks ties, and an earshot lists guards in the order their cells leave the heap, so
//! the heap here is the game's, push for push and pop for pop. The fields live in scratch arrays reset
//! by a generation stamp, so a search touches only the cells it reaches, not the whole map.
//!
//! A guard's step needs the field only on its 3×3 block, and there the game's field holds the exact
//! shortest distances (or none, for a cell no path reaches): the stop rule only cuts the rest. So a
//! step is searched with A* toward the block's cells instead, which settles the same distances without
//! flooding every cell nearer the goal than a table beside the guard (a table costs 64). Only a goal
//! no guard may enter lying in the block makes the game stop one cell early (it counts that goal), and
//! then the game's own search runs.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::{Arc, PoisonError, RwLock};

use crate::model::{Cell, Rect};

use super::map::{INF, Map};

/// The eight moves and their step costs, in the game's order (`game-map.ts:500-509`).
const ADJACENT_MOVES: [(i32, i32, u32); 8] = [
    (1, 0, 2),
    (-1, 0, 2),
    (0, 1, 2),
    (0, -1, 2),
    (-1, -1, 3),
    (1, -1, 3),
    (-1, 1, 3),
    (1, 1, 3),
];

/// The game's priority queue (`priorityQueuePush` / `priorityQueuePop`, `game-map.ts:1341-1377`): a
/// binary min-heap of (priority, cell index) whose ties fall out of its sifting.
#[derive(Default)]
struct Heap {
    items: Vec<(u32, usize)>,
}

impl Heap {
    fn push(&mut self, item: (u32, usize)) {
        let q = &mut self.items;
        q.push(item);
        let mut i = q.len() - 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if q[i].0 >= q[parent].0 {
                break;
            }
            q.swap(i, parent);
            i = parent;
        }
    }

    /// The root; the last element takes its place and sinks, preferring the left child on ties.
    fn pop(&mut self) -> Option<(u32, usize)> {
        let q = &mut self.items;
        let last = q.pop()?;
        let Some(&top) = q.first() else {
            return Some(last);
        };
        q[0] = last;
        let mut i = 0;
        loop {
            let mut child = i;
            let left = 2 * i + 1;
            if left < q.len() && q[left].0 < q[child].0 {
                child = left;
            }
            if left + 1 < q.len() && q[left + 1].0 < q[child].0 {
                child = left + 1;
            }
            if child == i {
                break;
            }
            q.swap(i, child);
            i = child;
        }
        Some(top)
    }
}

/// A distance per cell, [`INF`] where the last search did not settle it.
#[derive(Default)]
pub(super) struct Field {
    dist: Vec<u32>,
    stamp: Vec<u32>,
    /// The stamp of the search that settled each cell (A* only).
    closed: Vec<u32>,
    generation: u32,
}

impl Field {
    /// Forgets every distance, in constant time (a stamp per cell says which search wrote it).
    fn reset(&mut self, len: usize) {
        if self.stamp.len() != len {
            self.dist = vec![INF; len];
            self.stamp = vec![0; len];
            self.closed = vec![0; len];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.closed.fill(0);
            self.generation = 1;
        }
    }

    /// The distance of the cell at index `i`.
    pub fn get(&self, i: usize) -> u32 {
        if self.stamp[i] == self.generation {
            self.dist[i]
        } else {
            INF
        }
    }

    fn set(&mut self, i: usize, d: u32) {
        self.dist[i] = d;
        self.stamp[i] = self.generation;
    }

    fn is_closed(&self, i: usize) -> bool {
        self.closed[i] == self.generation
    }

    fn close(&mut self, i: usize) {
        self.closed[i] = self.generation;
    }
}

/// What a guard's steps are planned toward (`chooseMoveTowardPosition` or
/// `chooseMoveTowardAdjacentToPosition`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Toward {
    /// The goal cell itself.
    Cell,
    /// An enterable orthogonal neighbour of the goal.
    Beside,
}

/// How many planned steps [`Search::steps`] keeps before it starts again: a level-9 mansion's
/// patrols pass a few hundred (goal, cell) pairs, so this holds every lap with room to spare.
const KEPT_STEPS: usize = 8_192;

/// Steps by (what they go toward, goal, the guard's cell), shared by every copy of one game.
type KeptSteps = Arc<RwLock<HashMap<(Toward, Cell, Cell), Steps>>>;

/// The searches' reusable memory: one field, its heap, the earshot's list of guards, and the
/// steps already planned, which every copy of the game shares.
#[derive(Default)]
pub(super) struct Search {
    pub field: Field,
    heap: Heap,
    /// A*'s open list: (estimate, distance, cell index).
    open: BinaryHeap<Reverse<(u32, u32, usize)>>,
    pub heard: Vec<usize>,
    /// Steps by (what they go toward, goal, the guard's cell). They depend on nothing else: the
    /// field on a guard's block is a function of the move costs, which the game caches once per map
    /// (`cacheCellInfo`) and never changes while it is played. A patrol walks the same pairs every
    /// lap, so its guards search only on their first, and a copy of the game (the analysis plays
    /// many) plans with what the original has planned.
    steps: KeptSteps,
}

/// The scratch memory is read back only within the search that wrote it, so a copy starts with its
/// own; the planned steps hold for every game of the map, so a copy shares them.
impl Clone for Search {
    fn clone(&self) -> Search {
        Search {
            steps: Arc::clone(&self.steps),
            ..Search::default()
        }
    }
}

/// Up to nine cells a guard may step to, best first (the game's `goals`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Steps {
    cells: [Cell; 9],
    len: u8,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps {
            cells: [Cell::new(0, 0); 9],
            len: 0,
        }
    }
}

impl Steps {
    /// The first nine of `cells`.
    pub fn from_cells(cells: impl Iterator<Item = Cell>) -> Steps {
        let mut steps = Steps::default();
        for c in cells.take(9) {
            steps.cells[usize::from(steps.len)] = c;
            steps.len += 1;
        }
        steps
    }

    /// The planned cells, best first.
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..usize::from(self.len)]
    }

    /// The planned next cell.
    pub fn first(&self) -> Option<Cell> {
        self.as_slice().first().copied()
    }
}

/// A*'s estimate from `c`: the octile step cost (2 straight, 3 diagonal) to the nearest unsettled
/// target plus that target's own cost, which every path into it pays.
fn estimate(targets: &[(Cell, u32)], c: Cell) -> u32 {
    targets
        .iter()
        .map(|&(t, cost)| {
            let (dx, dy) = ((c.x - t.x).unsigned_abs(), (c.y - t.y).unsigned_abs());
            2 * dx.max(dy) + dx.min(dy) + if c == t { 0 } else { cost }
        })
        .min()
        .unwrap_or(0)
}

impl Search {
    /// `computeDistanceField` (`game-map.ts:1087-1136`) from `seeds` (distance, cell). With a query
    /// rectangle it stops once as many cells inside it have been settled as it has enterable cells
    /// (`1098`, `1108-1114`); a seed that no guard may enter counts too, so it can stop one short.
    fn distance_field(&mut self, map: &Map, seeds: &[(u32, Cell)], query: Option<Rect>) {
        self.start_field(map, seeds);
        let mut to_visit = query.map_or(1, |r| {
            r.cells().filter(|&c| map.cell(c).move_cost != INF).count()
        });
        while to_visit > 0 {
            let Some(i) = self.settle_next(map) else {
                break;
            };
            if query.is_some_and(|r| r.contains(map.cell_at(i))) {
                to_visit -= 1;
            }
        }
    }

    /// A new field with `seeds` (distance, cell) on the heap and nothing settled.
    fn start_field(&mut self, map: &Map, seeds: &[(u32, Cell)]) {
        self.field.reset(map.cells.len());
        self.heap.items.clear();
        for &(d, c) in seeds {
            if let Some(i) = map.index(c) {
                self.heap.push((d, i));
            }
        }
    }

    /// Dijkstra's next step: the nearest unsettled cell on the heap is settled and its neighbours
    /// pushed. Returns that cell's index, or `None` when the heap is empty.
    fn settle_next(&mut self, map: &Map) -> Option<usize> {
        loop {
            let (d, i) = self.heap.pop()?;
            if d >= self.field.get(i) {
                continue;
            }
            self.field.set(i, d);
            let from = map.cell_at(i);
            for (dx, dy, step) in ADJACENT_MOVES {
                let to = from.offset(dx, dy);
                let Some(j) = map.index(to) else {
                    continue;
                };
                let cost = map.guard_move_cost(from, to);
                if cost == INF {
                    continue;
                }
                let d_new = d + cost + step;
                if d_new < self.field.get(j) {
                    self.heap.push((d_new, j));
                }
            }
            return Some(i);
        }
    }

    /// Goes on with the field until every cell of `block` that a full flood would reach is settled:
    /// the enterable cells of the seed's `region` (a full flood, if the seed has none). Settled
    /// distances are exact whenever the flood stops, so what the game reads there is the same.
    fn settle_block(&mut self, map: &Map, block: Rect, region: Option<u32>) {
        let needed = |i: usize| region.is_none_or(|r| map.region[i] == r);
        let mut unsettled = block
            .cells()
            .filter_map(|c| map.index(c))
            .filter(|&i| needed(i) && self.field.get(i) == INF)
            .count();
        while unsettled > 0 {
            let Some(i) = self.settle_next(map) else {
                break;
            };
            if block.contains(map.cell_at(i)) && needed(i) {
                unsettled -= 1;
            }
        }
    }

    /// The distances the game's field holds on `block` for `seeds` (see the module's doc): by A*,
    /// unless a seed no guard may enter lies in the block.
    fn block_field(&mut self, map: &Map, seeds: &[(u32, Cell)], block: Rect) {
        if seeds
            .iter()
            .any(|&(_, c)| block.contains(c) && map.cell(c).move_cost == INF)
        {
            self.distance_field(map, seeds, Some(block));
        } else {
            self.block_distances(map, seeds, block);
        }
    }

    /// A* from `seeds` until every enterable cell of `block` is settled or nothing is left. The
    /// estimate is the octile step cost (2 straight, 3 diagonal) to the nearest block cell plus that
    /// cell's own cost, which every path into it pays: consistent, so each cell's distance is exact
    /// when it is settled.
    fn block_distances(&mut self, map: &Map, seeds: &[(u32, Cell)], block: Rect) {
        self.field.reset(map.cells.len());
        self.open.clear();
        // The regions a path from the seeds can enter: a block cell elsewhere stays unreached, and
        // leaving it out spares the search from flooding the seeds' whole region to learn that.
        let mut regions = [INF; 36];
        let mut r = 0;
        for &(_, s) in seeds {
            for to in map.around(s).cells() {
                if let Some(j) = map.index(to)
                    && (to == s || map.guard_move_cost(s, to) != INF)
                    && r < regions.len()
                {
                    regions[r] = map.region[j];
                    r += 1;
                }
            }
        }
        let regions = &regions[..r];
        let mut targets = [(Cell::new(0, 0), 0); 9];
        let mut n = 0;
        for c in block.cells() {
            let cost = map.cell(c).move_cost;
            let reachable = map
                .index(c)
                .is_some_and(|i| regions.contains(&map.region[i]));
            if cost != INF && reachable && n < targets.len() {
                targets[n] = (c, cost);
                n += 1;
            }
        }
        let mut targets = &mut targets[..n];
        for &(d, c) in seeds {
            if let Some(i) = map.index(c)
                && d < self.field.get(i)
            {
                self.field.set(i, d);
                self.open.push(Reverse((d + estimate(targets, c), d, i)));
            }
        }
        while !targets.is_empty() {
            let Some(Reverse((_, d, i))) = self.open.pop() else {
                break;
            };
            if self.field.is_closed(i) || d > self.field.get(i) {
                continue;
            }
            self.field.close(i);
            let from = map.cell_at(i);
            if let Some(k) = targets.iter().position(|&(t, _)| t == from) {
                // A settled target leaves the estimate, which only grows (and stays consistent for
                // the rest), so the open list is keyed again; settled cells keep their exact distances.
                let last = targets.len() - 1;
                targets.swap(k, last);
                targets = &mut targets[..last];
                if targets.is_empty() {
                    break;
                }
                let open = std::mem::take(&mut self.open).into_vec();
                self.open.extend(open.into_iter().map(|Reverse((_, d, j))| {
                    Reverse((d + estimate(targets, map.cell_at(j)), d, j))
                }));
            }
            for (dx, dy, step) in ADJACENT_MOVES {
                let to = from.offset(dx, dy);
                let Some(j) = map.index(to) else {
                    continue;
                };
                let cost = map.guard_move_cost(from, to);
                if cost == INF || self.field.is_closed(j) {
                    continue;
                }
                let d_new = d + cost + step;
                if d_new < self.field.get(j) {
                    self.field.set(j, d_new);
                    self.open
                        .push(Reverse((d_new + estimate(targets, to), d_new, j)));
                }
            }
        }
    }

    /// A guard's planned steps from `from` toward `goal` (`guard.ts:746-762`): the field on its
    /// block, then `nextPositions`; planned once per (toward, goal, from) and kept.
    pub fn steps(&mut self, map: &Map, toward: Toward, goal: Cell, from: Cell) -> Steps {
        let key = (toward, goal, from);
        let kept = self
            .steps
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .copied();
        if let Some(steps) = kept {
            return steps;
        }
        let block = map.around(from);
        match toward {
            Toward::Cell => self.toward_cell(map, goal, block),
            Toward::Beside => self.beside_cell(map, goal, block),
        }
        let steps = self.next_positions(map, from);
        let mut kept = self.steps.write().unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= KEPT_STEPS {
            kept.clear();
        }
        kept.insert(key, steps);
        steps
    }

    /// `computeDistancesToPosition` (`game-map.ts:1054-1061`) on a guard's block.
    fn toward_cell(&mut self, map: &Map, goal: Cell, block: Rect) {
        self.block_field(map, &[(0, goal)], block);
    }

    /// `computeDistancesToAdjacentToPosition` (`game-map.ts:1072-1085`): seeded with the enterable
    /// orthogonal neighbours of `goal`, each at its own move cost.
    fn beside_cell(&mut self, map: &Map, goal: Cell, query: Rect) {
        let mut seeds = [(0, goal); 4];
        let mut n = 0;
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let c = goal.offset(dx, dy);
            if map.contains(c) && map.cell(c).move_cost != INF {
                seeds[n] = (map.cell(c).move_cost, c);
                n += 1;
            }
        }
        self.block_field(map, &seeds[..n], query);
    }

    fn at(&self, map: &Map, c: Cell) -> u32 {
        map.index(c).map_or(INF, |i| self.field.get(i))
    }

    /// `nextPositions` (`game-map.ts:1000-1027`): the enterable cells of the 3×3 block around `from`
    /// that the field reached, nearest first, then the shorter step (a stable sort over x-major order).
    fn next_positions(&self, map: &Map, from: Cell) -> Steps {
        let mut found: [(u32, i32, Cell); 9] = [(0, 0, from); 9];
        let mut n = 0;
        for c in map.around(from).cells() {
            let cost = self.at(map, c);
            if cost == INF || map.guard_move_cost(from, c) == INF {
                continue;
            }
            let step = (from.x - c.x).abs() + (from.y - c.y).abs();
            found[n] = (cost, step, c);
            n += 1;
        }
        let found = &mut found[..n];
        found.sort_by_key(|&(cost, step, _)| (cost, step));
        Steps::from_cells(found.iter().map(|&(_, _, c)| c))
    }

    /// `posNextBest` (`game-map.ts:967-998`): the cell of the 3×3 block with the strictly smallest
    /// field value that can be entered and is not `occupied` (by a guard that has acted this turn);
    /// `from` if none.
    pub fn next_best(&self, map: &Map, from: Cell, occupied: &impl Fn(Cell) -> bool) -> Cell {
        let mut best = (INF, from);
        for c in map.around(from).cells() {
            let cost = self.at(map, c);
            if cost == INF || map.guard_move_cost(from, c) == INF || occupied(c) {
                continue;
            }
            if cost < best.0 {
                best = (cost, c);
            }
        }
        best.1
    }

    /// `patrolPathIndexForResume` (`game-map.ts:1029-1052`): from the current index on, the first
    /// route index whose step into its cell points the way a guard coming from `pos` would arrive;
    /// `occupied` says where a guard that has acted this turn stands. The game floods the whole map
    /// from `pos` (`computeDistancesToPosition` without a query rectangle); the look usually stops at
    /// the first route cell or two, so the flood here goes only as far as the cells it reads.
    pub fn resume_index(
        &mut self,
        map: &Map,
        route: &[Cell],
        current: usize,
        pos: Cell,
        occupied: impl Fn(Cell) -> bool,
    ) -> usize {
        self.start_field(map, &[(0, pos)]);
        let region = map.index(pos).map(|i| map.region[i]).filter(|&r| r != INF);
        let n = route.len();
        let mut best = current;
        for _ in 0..n {
            let here = route[best];
            self.settle_block(map, map.around(here), region);
            let came_from = self.next_best(map, here, &occupied);
            let before = route[(best + n - 1) % n];
            let guard_dir = (here.x - came_from.x, here.y - came_from.y);
            let route_dir = (here.x - before.x, here.y - before.y);
            if guard_dir.0 * route_dir.0 + guard_dir.1 * route_dir.1 > 0 {
                break;
            }
            best = (best + 1) % n;
        }
        best
    }

    /// `guardsInEarshot` (`game-map.ts:1200-1257`): the guards `hearer_at` names (their places in the
    /// list) on cells a sound at `source` reaches within `cutoff`, walls stopping it and corners not,
    /// in the order their cells leave the heap.
    pub fn earshot(
        &mut self,
        map: &Map,
        source: Cell,
        cutoff: u32,
        hearer_at: impl Fn(Cell) -> Option<usize>,
    ) {
        self.heard.clear();
        self.field.reset(map.cells.len());
        self.heap.items.clear();
        let Some(start) = map.index(source) else {
            return;
        };
        self.heap.push((0, start));
        while let Some((d, i)) = self.heap.pop() {
            if d >= self.field.get(i) {
                continue;
            }
            self.field.set(i, d);
            let here = map.cell_at(i);
            if let Some(g) = hearer_at(here) {
                self.heard.push(g);
            }
            for (dx, dy, step) in ADJACENT_MOVES {
                let to = here.offset(dx, dy);
                let Some(j) = map.index(to) else {
                    continue;
                };
                let d_new = d + step;
                if d_new > cutoff || map.cells[j].blocks_sound || d_new >= self.field.get(j) {
                    continue;
                }
                self.heap.push((d_new, j));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_pops_in_priority_order_and_breaks_ties_like_the_game() {
        let mut heap = Heap::default();
        for (p, c) in [(5, 0), (3, 1), (3, 2), (1, 3), (3, 4)] {
            heap.push((p, c));
        }
        let order: Vec<(u32, usize)> = std::iter::from_fn(|| heap.pop()).collect();
        // Worked by hand through the game's sift-up and sift-down: the last-pushed 3 moves to the
        // root when the 1 leaves and nothing smaller sinks it, so the three 3s leave as 4, 1, 2.
        assert_eq!(order, [(1, 3), (3, 4), (3, 1), (3, 2), (5, 0)]);
    }
}
