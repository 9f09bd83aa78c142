//! Steps 5.12 and 5.13 j: guard movement costs and the original's path finding — a distance field built by
//! Dijkstra outward from the target, then a greedy walk down it from the start.
//!
//! This is the hot loop of generation (a mansion asks for about 25 short paths), so the field's queue
//! is a bucket queue: steps cost 2 or 3 plus at most 10 for furniture, so every key but a step into
//! water (4096) lands within [`RING`] of the current distance. The distances, and so the settled cells
//! and the walk, are those of any Dijkstra: they are unique whatever order equal keys leave the queue.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::topology::INFINITE;
use crate::model::{Cell, Level, Terrain};

/// Step costs: orthogonal and diagonal.
const ORTHOGONAL_STEP: u32 = 2;
const DIAGONAL_STEP: u32 = 3;
/// A walk longer than this is cut off; the original could in theory oscillate forever (spec §5.13 j).
const MAX_WALK: usize = 4096;

/// Buckets of the ring: more than the dearest step that is not into water (3 + 10).
const RING: u32 = 16;

/// A monotone priority queue of cell indices by distance (Dial's algorithm): a ring of [`RING`] buckets
/// from the current distance on, and a binary heap for the rare keys beyond (steps into water).
#[derive(Default)]
struct BucketQueue {
    ring: [Vec<u32>; RING as usize],
    /// The distance of the bucket being emptied; no key below it is ever pushed.
    current: u32,
    in_ring: usize,
    far: BinaryHeap<Reverse<(u32, u32)>>,
}

impl BucketQueue {
    fn clear(&mut self) {
        self.ring.iter_mut().for_each(Vec::clear);
        self.current = 0;
        self.in_ring = 0;
        self.far.clear();
    }

    fn push(&mut self, dist: u32, index: u32) {
        if dist - self.current < RING {
            self.ring[(dist % RING) as usize].push(index);
            self.in_ring += 1;
        } else {
            self.far.push(Reverse((dist, index)));
        }
    }

    /// The next `(distance, index)`, by increasing distance.
    fn pop(&mut self) -> Option<(u32, u32)> {
        loop {
            if let Some(index) = self.ring[(self.current % RING) as usize].pop() {
                self.in_ring -= 1;
                return Some((self.current, index));
            }
            if self.in_ring == 0 {
                self.current = self.far.peek()?.0.0;
            } else {
                self.current += 1;
            }
            while let Some(&Reverse((dist, index))) = self.far.peek()
                && dist == self.current
            {
                self.far.pop();
                self.ring[(dist % RING) as usize].push(index);
                self.in_ring += 1;
            }
        }
    }
}

/// A cell's moves not worked out yet (a real set of moves fits in the low 8 bits).
const MOVES_UNKNOWN: u16 = u16::MAX;

/// The walk's candidates in the original's order (x outer, y inner, each from −1 to 1): the move bit
/// of each neighbour (see [`PathFinder::steps`]), `None` for the cell the walk stands on.
const WALK_ORDER: [Option<usize>; 9] = [
    Some(4),
    Some(0),
    Some(5),
    Some(2),
    None,
    Some(3),
    Some(6),
    Some(1),
    Some(7),
];

/// Reusable buffers for the original's path finding over one level.
pub struct PathFinder<'a> {
    level: &'a Level,
    costs: &'a [u32],
    dist: Vec<u32>,
    settled: Vec<bool>,
    /// Per cell, one bit per allowed step (see [`PathFinder::moves`]), worked out on the cell's first
    /// settle and kept for the level's later fields: a mansion asks for about 25 fields that overlap.
    moves: Vec<u16>,
    /// Index offset and step cost of each move bit: W, E, S, N, SW, NW, SE, NE.
    steps: [(isize, u32); 8],
    touched: Vec<usize>,
    queue: BucketQueue,
}

impl<'a> PathFinder<'a> {
    pub fn new(level: &'a Level, costs: &'a [u32]) -> Self {
        let n = costs.len();
        let w = level.width as isize;
        PathFinder {
            level,
            costs,
            dist: vec![INFINITE; n],
            settled: vec![false; n],
            moves: vec![MOVES_UNKNOWN; n],
            steps: [
                (-1, ORTHOGONAL_STEP),
                (1, ORTHOGONAL_STEP),
                (-w, ORTHOGONAL_STEP),
                (w, ORTHOGONAL_STEP),
                (-w - 1, DIAGONAL_STEP),
                (w - 1, DIAGONAL_STEP),
                (-w + 1, DIAGONAL_STEP),
                (w + 1, DIAGONAL_STEP),
            ],
            touched: Vec::new(),
            queue: BucketQueue::default(),
        }
    }

    pub fn cost(&self, c: Cell) -> u32 {
        self.level
            .index(c)
            .and_then(|i| self.costs.get(i))
            .copied()
            .unwrap_or(INFINITE)
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.dist[i] = INFINITE;
            self.settled[i] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Dijkstra from `target`, stopping once every cell no farther than `start` is settled: the walk only
    /// ever compares cells at most as far as the one it stands on, so the rest of the field is never read.
    /// It works on flat indices; the distances are those of the plain algorithm.
    fn build_field(&mut self, target: Cell, start: Cell) {
        self.reset();
        let Some(t) = self.level.index(target) else {
            return;
        };
        let costs = self.costs;
        self.dist[t] = 0;
        self.touched.push(t);
        self.queue.push(0, t as u32);
        let start_index = self.level.index(start);
        while let Some((d, i)) = self.queue.pop() {
            let i = i as usize;
            if self.settled[i] {
                continue;
            }
            if let Some(s) = start_index
                && self.settled[s]
                && d > self.dist[s]
            {
                break;
            }
            self.settled[i] = true;
            if self.moves[i] == MOVES_UNKNOWN {
                self.moves[i] = self.moves_of(i);
            }
            let mut moves = self.moves[i];
            while moves != 0 {
                let (offset, step) = self.steps[moves.trailing_zeros() as usize];
                moves &= moves - 1;
                // In range: the move's bit is set only for a neighbour on the map.
                let j = i.wrapping_add_signed(offset);
                let nd = d.saturating_add(step).saturating_add(costs[j]);
                if nd < self.dist[j] {
                    if self.dist[j] == INFINITE {
                        self.touched.push(j);
                    }
                    self.dist[j] = nd;
                    self.queue.push(nd, j as u32);
                }
            }
        }
    }

    /// The steps a guard may take out of cell `i`, one bit each in the order of [`PathFinder::steps`]:
    /// onto a neighbour of finite cost, and diagonally only when both cells beside the step are too.
    fn moves_of(&self, i: usize) -> u16 {
        let (w, h) = (self.level.width as usize, self.level.height as usize);
        let open = |j: usize| self.costs[j] != INFINITE;
        let (x, y) = (i % w, i / w);
        let west = x > 0 && open(i - 1);
        let east = x + 1 < w && open(i + 1);
        let south = y > 0 && open(i - w);
        let north = y + 1 < h && open(i + w);
        let allowed = [
            west,
            east,
            south,
            north,
            west && south && open(i - w - 1),
            west && north && open(i + w - 1),
            east && south && open(i - w + 1),
            east && north && open(i + w + 1),
        ];
        allowed
            .iter()
            .enumerate()
            .fold(0, |bits, (b, &ok)| bits | (u16::from(ok) << b))
    }

    /// Appends the path `start → target` (start included, target excluded) to `out`: from `start`, the
    /// walk steps to the allowed neighbour (not water) nearest the target, the first in
    /// [`WALK_ORDER`] on a tie, until it reaches the target or no neighbour is nearer than where it
    /// stands. A start off the map has no path.
    pub fn append_path(&mut self, start: Cell, target: Cell, out: &mut Vec<Cell>) {
        if start == target {
            return;
        }
        self.build_field(target, start);
        let Some(mut current) = self.level.index(start) else {
            return;
        };
        let shape = self.level.shape();
        let target = self.level.index(target);
        let terrain = self.level.terrain_cells();
        for _ in 0..MAX_WALK {
            if Some(current) == target {
                return;
            }
            out.push(shape.cell(current));
            if self.moves[current] == MOVES_UNKNOWN {
                self.moves[current] = self.moves_of(current);
            }
            let moves = self.moves[current];
            let mut best: Option<(u32, usize)> = None;
            for slot in WALK_ORDER {
                let j = match slot {
                    None => current,
                    Some(bit) if moves & (1 << bit) != 0 => {
                        current.wrapping_add_signed(self.steps[bit].0)
                    }
                    Some(_) => continue,
                };
                if !matches!(terrain.get(j), Some(t) if *t != Terrain::Water) || !self.settled[j] {
                    continue;
                }
                let d = self.dist[j];
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, j));
                }
            }
            match best {
                Some((_, j)) if j != current => current = j,
                _ => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::campaign;
    use crate::model::topology::move_costs;
    use proptest::prelude::*;

    /// The original's path finding written plainly: the whole distance field by Dijkstra from the
    /// target, cells no farther than the start counted as known, then the walk over the 8 neighbours
    /// in x-outer, y-inner order.
    fn plain_path(level: &Level, costs: &[u32], start: Cell, target: Cell) -> Vec<Cell> {
        let cost = |c: Cell| level.index(c).map_or(INFINITE, |i| costs[i]);
        let can_step = |from: Cell, to: Cell| {
            cost(to) != INFINITE
                && (from.x == to.x
                    || from.y == to.y
                    || (cost(Cell::new(from.x, to.y)) != INFINITE
                        && cost(Cell::new(to.x, from.y)) != INFINITE))
        };
        let mut dist = vec![INFINITE; costs.len()];
        let mut heap = BinaryHeap::new();
        if let Some(t) = level.index(target) {
            dist[t] = 0;
            heap.push(Reverse((0, target.x, target.y)));
        }
        while let Some(Reverse((d, x, y))) = heap.pop() {
            let c = Cell::new(x, y);
            if d > dist[level.index(c).expect("on the map")] {
                continue;
            }
            for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                let n = c.offset(dx, dy);
                if n == c || !can_step(c, n) {
                    continue;
                }
                let step = if dx != 0 && dy != 0 { 3 } else { 2 };
                let nd = d + step + cost(n);
                let j = level.index(n).expect("on the map");
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd, n.x, n.y)));
                }
            }
        }
        let limit = level.index(start).map_or(INFINITE, |s| dist[s]);
        let known = |c: Cell| {
            level
                .index(c)
                .map(|i| dist[i])
                .filter(|&d| d <= limit)
                .unwrap_or(INFINITE)
        };
        let mut path = Vec::new();
        let mut current = start;
        while current != target && path.len() < MAX_WALK {
            path.push(current);
            let mut best: Option<(u32, Cell)> = None;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let c = current.offset(dx, dy);
                    if !level.in_bounds(c) || level.terrain(c) == Terrain::Water {
                        continue;
                    }
                    if c != current && !can_step(current, c) {
                        continue;
                    }
                    let d = known(c);
                    if d != INFINITE && best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, c));
                    }
                }
            }
            match best {
                Some((_, c)) if c != current => current = c,
                _ => break,
            }
        }
        path
    }

    /// The fast path finder (bucket queue, early stop, move masks kept between calls) walks exactly
    /// the plain one's paths, over many mansions and pairs of cells near and far, in one finder per
    /// level so the kept masks are exercised.
    #[test]
    fn paths_are_those_of_the_plain_algorithm() {
        let mut compared = 0;
        for seed in 0..6 {
            for level_index in [2, 5, 9] {
                let level = campaign::plan(seed).generate(level_index).expect("a level");
                let costs = move_costs(&level);
                let mut finder = PathFinder::new(&level, costs.values());
                let floor: Vec<Cell> = level
                    .rooms
                    .iter()
                    .flat_map(|r| r.cells.iter().copied())
                    .collect();
                for k in 0..40 {
                    let start = floor[(k * 37 + seed as usize) % floor.len()];
                    let target = floor[(k * 91 + 7 * level_index as usize) % floor.len()];
                    let mut fast = Vec::new();
                    finder.append_path(start, target, &mut fast);
                    assert_eq!(
                        fast,
                        plain_path(&level, costs.values(), start, target),
                        "game {seed} level {level_index}: {start:?} to {target:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 6 * 3 * 40);
    }

    proptest! {
        /// Used as Dijkstra uses it (each key pushed at least 2 above the last one popped, most within a
        /// few steps, some a water step beyond the ring), the bucket queue hands out the same keys in the
        /// same order as a binary heap, and every index pushed comes out once.
        #[test]
        fn the_bucket_queue_pops_as_a_heap_does(
            plan in prop::collection::vec((0u32..4, prop::collection::vec((2u32..14, any::<bool>()), 0..6)), 1..60)
        ) {
            let mut queue = BucketQueue::default();
            let mut heap = BinaryHeap::new();
            let mut next_index = 0u32;
            let mut popped = Vec::new();
            let mut expected = Vec::new();
            queue.push(0, next_index);
            heap.push(Reverse((0u32, next_index)));
            next_index += 1;
            // The key last popped: Dijkstra pushes only above the distance it settles.
            let mut last = 0;
            for (pops, pushes) in plan {
                for _ in 0..=pops {
                    let (Some(got), Some(Reverse(want))) = (queue.pop(), heap.pop()) else {
                        break;
                    };
                    prop_assert_eq!(got.0, want.0, "keys leave in the heap's order");
                    last = got.0;
                    popped.push(got);
                    expected.push(want);
                }
                for &(step, water) in &pushes {
                    let key = last + step + if water { 4096 } else { 0 };
                    queue.push(key, next_index);
                    heap.push(Reverse((key, next_index)));
                    next_index += 1;
                }
            }
            while let (Some(got), Some(Reverse(want))) = (queue.pop(), heap.pop()) {
                prop_assert_eq!(got.0, want.0);
                popped.push(got);
                expected.push(want);
            }
            prop_assert_eq!(queue.pop(), None);
            prop_assert!(heap.is_empty(), "nothing is lost");
            popped.sort_unstable();
            expected.sort_unstable();
            prop_assert_eq!(popped, expected);
        }
    }
}
