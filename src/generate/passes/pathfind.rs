//! Steps 5.12 and 5.13 j: guard movement costs and the original's path finding — a distance field built by
//! Dijkstra outward from the target, then a greedy walk down it from the start.
//!
//! This is the hot loop of generation (a mansion asks for about 25 short paths), so the field is not
//! built whole. The walk only ever compares the distances of a cell's neighbours with the cell's own,
//! so the field is grown by A* toward the start (the octile distance to it is a consistent lower
//! bound), just far enough that every neighbour the walk looks at is either settled, with its exact
//! distance, or provably farther than the cell the walk stands on. The walk, its ties included, is
//! then exactly that of the original over the whole field; a test compares the two on many mansions.
//!
//! The queue is a bucket queue (`bucket_queue`), since the keys grow by small steps.

use super::bucket_queue::BucketQueue;
use crate::model::topology::INFINITE;
use crate::model::{Cell, Level, Terrain};

/// Step costs: orthogonal and diagonal.
const ORTHOGONAL_STEP: u32 = 2;
const DIAGONAL_STEP: u32 = 3;
/// A walk longer than this is cut off; the original could in theory oscillate forever (spec §5.13 j).
const MAX_WALK: usize = 4096;

/// A cell's moves not worked out yet (a real set of moves fits in the low 8 bits).
const MOVES_UNKNOWN: u16 = u16::MAX;

/// The bit that stands for the cell the walk stands on, next to the eight move bits.
const STAND: usize = 8;

/// The walk's candidates in the original's order (x outer, y inner, each from −1 to 1): the move bit
/// of each neighbour (see [`PathFinder::steps`]), [`STAND`] for the cell the walk stands on.
const WALK_ORDER: [usize; 9] = [4, 0, 5, 2, STAND, 3, 6, 1, 7];

/// Cell offsets of the move bits, in the order of [`PathFinder::steps`]: W, E, S, N, SW, NW, SE, NE.
const STEP_DELTAS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// The most the heuristic changes over one step (a diagonal one).
const MAX_HEURISTIC_STEP: u32 = 3;

/// A lower bound on the cost of going `dx` by `dy` cells: diagonal steps for the shorter side, straight
/// ones for the rest. Consistent: one step changes it by at most that step's cost.
fn octile(dx: i32, dy: i32) -> u32 {
    let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
    let (long, short) = if a > b { (a, b) } else { (b, a) };
    2 * long + short
}

/// A queue entry: the cell's flat index with its coordinates, so settling needs no division.
fn entry(i: usize, cell: Cell) -> u64 {
    (i as u64) | (u64::from(cell.x as u16) << 32) | (u64::from(cell.y as u16) << 48)
}

/// The flat index and cell of a queue entry.
fn unpack(entry: u64) -> (usize, Cell) {
    let i = (entry & 0xffff_ffff) as usize;
    let cell = Cell::new(
        i32::from((entry >> 32) as u16),
        i32::from((entry >> 48) as u16),
    );
    (i, cell)
}

/// Reusable buffers for the original's path finding over one level.
pub struct PathFinder<'a> {
    level: &'a Level,
    costs: &'a [u32],
    width: u32,
    /// Distance to the current field's target: exact for settled cells, an upper bound for cells in
    /// the queue, [`INFINITE`] for cells the field has not reached.
    dist: Vec<u32>,
    /// Per cell, one bit per allowed step (see [`PathFinder::moves_of`]), worked out on the cell's first
    /// settle and kept for the level's later fields: a mansion asks for about 25 fields that overlap.
    moves: Vec<u16>,
    /// Index offset and step cost of each move bit, in the order of [`STEP_DELTAS`].
    steps: [(isize, u32); 8],
    /// The walk's candidates in [`WALK_ORDER`]: the bit to find among a cell's moves, and the offset.
    walk: [(u16, isize); 9],
    /// Cells whose distance the current field set, to clear before the next.
    touched: Vec<u32>,
    queue: BucketQueue,
    /// The current field's goal (the walk's start), which the heuristic aims at.
    goal: Cell,
}

impl<'a> PathFinder<'a> {
    /// A path finder over `level` with its per-cell move costs `costs` (see
    /// [`move_costs`](crate::model::topology::move_costs)), row-major like the level's terrain.
    pub fn new(level: &'a Level, costs: &'a [u32]) -> Self {
        let n = costs.len();
        let w = level.width as isize;
        let steps = STEP_DELTAS.map(|(dx, dy)| {
            let cost = if dx != 0 && dy != 0 {
                DIAGONAL_STEP
            } else {
                ORTHOGONAL_STEP
            };
            (dx as isize + dy as isize * w, cost)
        });
        let walk = WALK_ORDER.map(|bit| match steps.get(bit) {
            Some(&(offset, _)) => (1 << bit, offset),
            None => (1 << STAND, 0),
        });
        PathFinder {
            level,
            costs,
            width: level.width.max(1) as u32,
            dist: vec![INFINITE; n],
            moves: vec![MOVES_UNKNOWN; n],
            steps,
            walk,
            touched: Vec::with_capacity(64),
            queue: BucketQueue::default(),
            goal: Cell::new(0, 0),
        }
    }

    /// The move cost of cell `c` (0 for clear floor, [`INFINITE`] for blocking terrain and off the
    /// map).
    pub fn cost(&self, c: Cell) -> u32 {
        self.level
            .index(c)
            .and_then(|i| self.costs.get(i))
            .copied()
            .unwrap_or(INFINITE)
    }

    /// The cell at flat index `i` (in 32 bits: a map has at most 512 × 512 cells).
    fn cell(&self, i: usize) -> Cell {
        let (i, w) = (i as u32, self.width);
        Cell::new((i % w) as i32, (i / w) as i32)
    }

    /// The heuristic at `c`: a lower bound on the distance from `c` to the goal.
    fn heuristic(&self, c: Cell) -> u32 {
        octile(c.x - self.goal.x, c.y - self.goal.y)
    }

    /// The moves out of `cell` (at flat index `i`), worked out once per level.
    #[expect(
        clippy::inline_always,
        reason = "the A* inner loop runs this for every settled cell; it is forced inline so the common \
                  case compiles into the loop, and the rare case stays out of line in `learn_moves`"
    )]
    #[inline(always)]
    fn moves_at(&mut self, i: usize, cell: Cell) -> u16 {
        let known = self.moves[i];
        if known != MOVES_UNKNOWN {
            return known;
        }
        self.learn_moves(i, cell)
    }

    /// Works out and keeps the moves of a cell seen for the first time (kept out of line, so the
    /// common case above stays small).
    #[inline(never)]
    fn learn_moves(&mut self, i: usize, cell: Cell) -> u16 {
        let moves = self.moves_of(i, cell);
        self.moves[i] = moves;
        moves
    }

    /// Starts a field from cell `t` aimed at `goal`.
    fn begin_field(&mut self, t: usize, goal: Cell) {
        for &i in &self.touched {
            self.dist[i as usize] = INFINITE;
        }
        self.touched.clear();
        self.queue.clear();
        self.goal = goal;
        self.dist[t] = 0;
        self.touched.push(t as u32);
        let cell = self.cell(t);
        self.queue.push(self.heuristic(cell), entry(t, cell));
    }

    /// Settles the next cell of the field (A*: by distance plus heuristic) and relaxes its moves.
    /// Returns the cell, or `None` when the queue is dry. A popped entry is current exactly when its
    /// key is the cell's distance plus heuristic: a cell is pushed only when its distance drops, and a
    /// consistent heuristic never lets a settled cell's distance drop again.
    #[expect(
        clippy::inline_always,
        reason = "called once per settled cell from the two loops that grow a field; forced inline so \
                  each loop and its per-cell work compile into one function"
    )]
    #[inline(always)]
    fn settle_next(&mut self) -> Option<usize> {
        loop {
            let (key, popped) = self.queue.pop()?;
            let (i, here) = unpack(popped);
            let d = self.dist[i];
            if d.saturating_add(self.heuristic(here)) != key {
                continue;
            }
            let mut moves = self.moves_at(i, here);
            while moves != 0 {
                let bit = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let (offset, step) = self.steps[bit];
                // In range: the move's bit is set only for a neighbour on the map, of finite cost.
                let j = i.wrapping_add_signed(offset);
                let nd = d.saturating_add(step).saturating_add(self.costs[j]);
                let old = self.dist[j];
                if nd < old {
                    if old == INFINITE {
                        self.touched.push(j as u32);
                    }
                    self.dist[j] = nd;
                    let (dx, dy) = STEP_DELTAS[bit];
                    let next = Cell::new(here.x + dx, here.y + dy);
                    let key = nd.saturating_add(self.heuristic(next));
                    self.queue.push(key, entry(j, next));
                }
            }
            return Some(i);
        }
    }

    /// Grows the field until every cell whose distance plus heuristic is at most `bound` is settled:
    /// any cell still unsettled then has a distance above `bound` minus its heuristic.
    fn settle_up_to(&mut self, bound: u32) {
        while self.queue.min_key().is_some_and(|key| key <= bound) {
            self.settle_next();
        }
    }

    /// The steps a guard may take out of `cell` (at flat index `i`), one bit each in the order of
    /// [`PathFinder::steps`]: onto a neighbour of finite cost, and diagonally only when both cells beside
    /// the step are too.
    fn moves_of(&self, i: usize, cell: Cell) -> u16 {
        let (w, h) = (self.level.width as usize, self.level.height as usize);
        let (x, y) = (cell.x as usize, cell.y as usize);
        let open = |cost: u32| u16::from(cost != INFINITE);
        // The 3 × 3 block around the cell, row by row from the south, 1 where a guard may stand.
        let block: [[u16; 3]; 3] = if x > 0 && y > 0 && x + 1 < w && y + 1 < h {
            // Away from the map's edge: three row slices, one bounds check each.
            let row = |j: usize| {
                let r = &self.costs[j - 1..j + 2];
                [open(r[0]), open(r[1]), open(r[2])]
            };
            [row(i - w), row(i), row(i + w)]
        } else {
            let at = |dx: isize, dy: isize| {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                let inside = nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h;
                if inside {
                    open(self.costs[ny as usize * w + nx as usize])
                } else {
                    0
                }
            };
            [-1, 0, 1].map(|dy| [at(-1, dy), at(0, dy), at(1, dy)])
        };
        let [south_row, row, north_row] = block;
        let (west, east, south, north) = (row[0], row[2], south_row[1], north_row[1]);
        west | east << 1
            | south << 2
            | north << 3
            | (west & south & south_row[0]) << 4
            | (west & north & north_row[0]) << 5
            | (east & south & south_row[2]) << 6
            | (east & north & north_row[2]) << 7
    }

    /// Appends the path `start → target` (start included, target excluded) to `out`: from `start`, the
    /// walk steps to the allowed neighbour (not water) nearest the target, the first in
    /// `WALK_ORDER` on a tie, until it reaches the target or no neighbour is nearer than where it
    /// stands. Only cells no farther from the target than the start count as known, as in the
    /// original, whose field stops there. A start off the map has no path.
    pub fn append_path(&mut self, start: Cell, target: Cell, out: &mut Vec<Cell>) {
        let Some(mut current) = self.level.index(start) else {
            return;
        };
        let Some(target) = self.level.index(target) else {
            // No field: the walk stands on the start and finds nothing nearer.
            out.push(start);
            return;
        };
        if current == target {
            return;
        }
        self.begin_field(target, start);
        // The start's own distance is the limit of what counts as known.
        let limit = loop {
            match self.settle_next() {
                Some(i) if i == current => break self.dist[current],
                Some(_) => {}
                None => break INFINITE - 1,
            }
        };
        let terrain = self.level.terrain_cells();
        let walkable = |j: usize| matches!(terrain.get(j), Some(t) if *t != Terrain::Water);
        for _ in 0..MAX_WALK {
            if current == target {
                return;
            }
            let here = self.cell(current);
            out.push(here);
            // The walk compares the neighbours with this cell, or with the limit when this cell is no
            // candidate (water): a neighbour not settled below `bound` is farther than that, so it
            // can neither win nor tie.
            let reference = if walkable(current) {
                self.dist[current]
            } else {
                limit
            };
            let bound = reference.saturating_add(self.heuristic(here) + MAX_HEURISTIC_STEP);
            self.settle_up_to(bound);
            let moves = self.moves_at(current, here);
            let mut best: Option<(u32, usize)> = None;
            let candidates = moves | 1 << STAND;
            for &(bit, offset) in &self.walk {
                if candidates & bit == 0 {
                    continue;
                }
                let j = current.wrapping_add_signed(offset);
                let d = self.dist[j];
                if d > limit || !walkable(j) {
                    continue;
                }
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
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::*;
    use crate::generate::Rerolls;
    use crate::generate::campaign;
    use crate::generate::recipe::Recipe;
    use crate::model::topology::move_costs;

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

    /// Levels of all four generators at several levels: siheyuan pools, tile-growth and packed-mansion
    /// rooms of other shapes, Rogue-grid corridors.
    fn sample_levels() -> Vec<Level> {
        let mut levels = Vec::new();
        for seed in 0..6 {
            for level_index in [2, 5, 9] {
                levels.push(campaign::plan(seed).generate(level_index).expect("a level"));
            }
        }
        for seed in 0..3 {
            let others = crate::generate::registry::BUILT_IN
                .iter()
                .filter(|kind| !kind.follows_campaign());
            for generator in others.map(|kind| kind.defaults()) {
                let recipe = Recipe {
                    generator,
                    level: 3 + 3 * seed as u32,
                    seed: 1000 + seed,
                    rerolls: Rerolls::default(),
                    exact: false,
                };
                levels.push(recipe.build().expect("a level"));
            }
        }
        levels
    }

    /// The fast path finder (A* grown just far enough, bucket queue, move masks kept between calls)
    /// walks exactly the plain one's paths over many levels and pairs of cells near and far: floor,
    /// furniture, water and walls, in one finder per level so the kept masks are exercised.
    #[test]
    fn paths_are_those_of_the_plain_algorithm() {
        let mut compared = 0;
        let mut through_water = 0;
        for (n, level) in sample_levels().iter().enumerate() {
            let costs = move_costs(level);
            let mut finder = PathFinder::new(level, costs.values());
            let cells: Vec<Cell> = level.all_cells().collect();
            let walkable: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| finder.cost(c) != INFINITE)
                .collect();
            for k in 0..60 {
                // Mostly walkable pairs; every fifth start anywhere, walls and water included.
                let start = if k % 5 == 4 {
                    cells[(k * 131 + n * 17) % cells.len()]
                } else {
                    walkable[(k * 37 + n) % walkable.len()]
                };
                let target = walkable[(k * 91 + 7 * n) % walkable.len()];
                let mut fast = Vec::new();
                finder.append_path(start, target, &mut fast);
                let plain = plain_path(level, costs.values(), start, target);
                through_water += usize::from(plain.iter().any(|&c| finder.cost(c) >= 4096));
                assert_eq!(fast, plain, "level {n}: {start:?} to {target:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 27 * 60);
        assert!(through_water > 0, "some walks start on water");
    }
}
