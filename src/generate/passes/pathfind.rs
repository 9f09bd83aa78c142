//! Steps 5.12 and 5.13 j: guard movement costs and the original's path finding — a distance field built by
//! Dijkstra outward from the target, then a greedy walk down it from the start.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::model::topology::INFINITE;
use crate::model::{Cell, Level, Terrain};

/// Step costs: orthogonal and diagonal.
const ORTHOGONAL_STEP: u32 = 2;
const DIAGONAL_STEP: u32 = 3;
/// A walk longer than this is cut off; the original could in theory oscillate forever (spec §5.13 j).
const MAX_WALK: usize = 4096;

/// Reusable buffers for the original's path finding over one level.
pub struct PathFinder<'a> {
    level: &'a Level,
    costs: &'a [u32],
    dist: Vec<u32>,
    settled: Vec<bool>,
    touched: Vec<usize>,
    heap: BinaryHeap<Reverse<u64>>,
}

impl<'a> PathFinder<'a> {
    pub fn new(level: &'a Level, costs: &'a [u32]) -> Self {
        let n = costs.len();
        PathFinder {
            level,
            costs,
            dist: vec![INFINITE; n],
            settled: vec![false; n],
            touched: Vec::new(),
            heap: BinaryHeap::new(),
        }
    }

    pub fn cost(&self, c: Cell) -> u32 {
        self.level
            .index(c)
            .and_then(|i| self.costs.get(i))
            .copied()
            .unwrap_or(INFINITE)
    }

    /// A step from `from` to its 8-neighbour `to` is allowed when `to` has finite cost and, for a diagonal,
    /// neither orthogonal cell between them has infinite cost.
    fn can_step(&self, from: Cell, to: Cell) -> bool {
        if self.cost(to) == INFINITE {
            return false;
        }
        if from.x != to.x && from.y != to.y {
            return self.cost(Cell::new(from.x, to.y)) != INFINITE
                && self.cost(Cell::new(to.x, from.y)) != INFINITE;
        }
        true
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.dist[i] = INFINITE;
            self.settled[i] = false;
        }
        self.touched.clear();
        self.heap.clear();
    }

    /// Dijkstra from `target`, stopping once every cell no farther than `start` is settled: the walk only
    /// ever compares cells at most as far as the one it stands on, so the rest of the field is never read.
    /// This is the hot loop of generation, so it works on flat indices and packs `(distance, index)` into
    /// one heap key; the distances are those of the plain algorithm.
    fn build_field(&mut self, target: Cell, start: Cell) {
        self.reset();
        let Some(t) = self.level.index(target) else {
            return;
        };
        let (w, h) = (self.level.width as usize, self.level.height as usize);
        let costs = self.costs;
        let open = |j: usize| costs[j] != INFINITE;
        self.dist[t] = 0;
        self.touched.push(t);
        self.heap.push(Reverse(t as u64));
        let start_index = self.level.index(start);
        while let Some(Reverse(key)) = self.heap.pop() {
            let (d, i) = ((key >> 32) as u32, (key & 0xffff_ffff) as usize);
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
            let (x, y) = (i % w, i / w);
            let west = (x > 0).then(|| i - 1).filter(|&j| open(j));
            let east = (x + 1 < w).then(|| i + 1).filter(|&j| open(j));
            let south = (y > 0).then(|| i - w).filter(|&j| open(j));
            let north = (y + 1 < h).then(|| i + w).filter(|&j| open(j));
            let diagonal = |a: Option<usize>, b: Option<usize>, j: usize| {
                (a.is_some() && b.is_some() && open(j)).then_some(j)
            };
            let steps = [
                (west, ORTHOGONAL_STEP),
                (east, ORTHOGONAL_STEP),
                (south, ORTHOGONAL_STEP),
                (north, ORTHOGONAL_STEP),
                (diagonal(west, south, i.wrapping_sub(w + 1)), DIAGONAL_STEP),
                (
                    diagonal(west, north, (i + w).wrapping_sub(1)),
                    DIAGONAL_STEP,
                ),
                (
                    diagonal(east, south, i.wrapping_sub(w).wrapping_add(1)),
                    DIAGONAL_STEP,
                ),
                (diagonal(east, north, i + w + 1), DIAGONAL_STEP),
            ];
            for (next, step) in steps {
                let Some(j) = next else { continue };
                let nd = d.saturating_add(step).saturating_add(costs[j]);
                if nd < self.dist[j] {
                    if self.dist[j] == INFINITE {
                        self.touched.push(j);
                    }
                    self.dist[j] = nd;
                    self.heap.push(Reverse((u64::from(nd) << 32) | j as u64));
                }
            }
        }
    }

    fn settled_dist(&self, c: Cell) -> u32 {
        match self.level.index(c) {
            Some(i) if self.settled[i] => self.dist[i],
            _ => INFINITE,
        }
    }

    /// Appends the path `start → target` (start included, target excluded) to `out`.
    pub fn append_path(&mut self, start: Cell, target: Cell, out: &mut Vec<Cell>) {
        if start == target {
            return;
        }
        self.build_field(target, start);
        let mut current = start;
        for _ in 0..MAX_WALK {
            if current == target {
                return;
            }
            out.push(current);
            let mut best: Option<(u32, Cell)> = None;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let c = current.offset(dx, dy);
                    if !self.level.in_bounds(c) || self.level.terrain(c) == Terrain::Water {
                        continue;
                    }
                    if c != current && !self.can_step(current, c) {
                        continue;
                    }
                    let d = self.settled_dist(c);
                    if d != INFINITE && best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, c));
                    }
                }
            }
            match best {
                Some((_, c)) if c != current => current = c,
                _ => return,
            }
        }
    }
}
