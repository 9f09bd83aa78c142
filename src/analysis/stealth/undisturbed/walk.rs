//! How a guard takes one step (`stealth-rules.md` §1.3, §4.2–§4.4): the guards' distance field, the
//! choice of the next cell, the patrol index, and torch spotting (§3.8). Shared by the undisturbed
//! replay and the turn loop (`crate::play`), whose alert guards walk by the same field.

use crate::analysis::stealth::cells::{CellRules, CellSet};
use crate::analysis::stealth::sight::{staircase, turn};
use crate::analysis::stealth::timeline::window_facing;
use crate::model::topology::{INFINITE, move_costs};
use crate::model::{Cell, Dir, Grid, Level, Shape, Terrain};

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use super::block::{FieldKey, Preference, block, grow, whole};
use super::fields::{Fields, block_values};
use super::kept::{BlockCache, Legs};
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
    /// The level's, unchanged by any step: shared by the copies (a game keeps a copy of its guards
    /// every few turns), as are the two caches below.
    costs: Arc<Grid<u32>>,
    /// Per cell (row-major, as `costs`), what a step onto it or a guard standing on it asks of the
    /// level: [`FINITE`], [`ENTERABLE`] and the window bits of [`WINDOWS`]. A step is tested every
    /// turn for every guard, and the cost grid and terrain would each be looked up for it.
    flags: Arc<[u8]>,
    cells: Arc<CellRules>,
    /// The field values near the guards, grown once per goal and cell.
    blocks: BlockCache,
    /// The whole fields those are read off, grown once per goal.
    fields: Arc<Fields>,
}

/// [`Ground::flags`]: the guard step cost is finite (§1.3).
const FINITE: u8 = 1;
/// [`Ground::flags`]: finite and not water, which the step chooser never picks (§4.3).
const ENTERABLE: u8 = 2;
/// [`Ground::flags`]: per direction, in the order a standing guard checks them (§3.2 (3)), the bit
/// set when the neighbour that way is a window facing that way.
const WINDOWS: [(Dir, u8); 4] = [(Dir::W, 4), (Dir::E, 8), (Dir::S, 16), (Dir::N, 32)];

/// Where the guards that have acted this turn stand: a step may not end there (§4.3). The turn loop
/// lists them; the undisturbed replay, with up to hundreds of guards and a step test for each, marks
/// them in a cell set.
pub trait Standing {
    /// Whether a guard that has acted stands on `c`.
    fn holds(&self, c: Cell) -> bool;
}

impl Standing for [Cell] {
    fn holds(&self, c: Cell) -> bool {
        self.contains(&c)
    }
}

impl Standing for CellSet {
    fn holds(&self, c: Cell) -> bool {
        self.contains(c)
    }
}

/// Where a guard steps toward: its distance field's seeds (§4.3–§4.5), named so that the field's
/// values near the guard can be kept (the ground keeps them).
#[derive(Clone, Copy, Debug)]
pub enum Goal<'a> {
    /// One cell (`computeDistancesToPosition`).
    Cell(Cell),
    /// Back onto a patrol route: its index in the level and its cells
    /// (`computeDistancesToPatrolPath`).
    Route(usize, &'a [Cell]),
    /// Beside a torch at this cell (`computeDistancesToAdjacentToPosition`).
    Beside(Cell),
}

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
            costs: Arc::new(costs),
            flags: flags.into(),
            cells: Arc::new(cells),
            blocks: BlockCache::new(shape),
            fields: Arc::new(Fields::new(shape, level.patrols.len())),
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
    #[inline]
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

    /// The field's seeds toward `goal`: a goal cell at 0, every route cell or every cell beside a
    /// torch a guard may stand on at its own cost.
    fn seeds(&self, goal: Goal) -> Vec<(Cell, u32)> {
        match goal {
            Goal::Cell(c) => vec![(c, 0)],
            Goal::Route(_, route) => route.iter().map(|&c| (c, self.cost(c))).collect(),
            Goal::Beside(at) => [Dir::N, Dir::S, Dir::E, Dir::W]
                .into_iter()
                .map(|d| {
                    let (dx, dy) = d.delta();
                    at.offset(dx, dy)
                })
                .map(|c| (c, self.cost(c)))
                .filter(|&(_, cost)| cost != INFINITE)
                .collect(),
        }
    }

    /// The one cell whose value is 0 when the field has a single seed at 0 (a goal cell, a one-cell
    /// route of zero cost, a torch with one free side of zero cost): a step toward it needs no field.
    #[inline]
    fn single_goal(&self, goal: Goal) -> Option<Cell> {
        match goal {
            Goal::Cell(c) => Some(c),
            Goal::Route(_, &[c]) => (self.cost(c) == 0).then_some(c),
            Goal::Route(..) => None,
            Goal::Beside(_) => self.single_side(goal),
        }
    }

    /// [`Ground::single_goal`] of a torch's sides, which are listed to be counted: apart, so that the
    /// other goals' test, made on every step, stays small enough to inline.
    fn single_side(&self, goal: Goal) -> Option<Cell> {
        match self.seeds(goal).as_slice() {
            &[(c, 0)] => Some(c),
            _ => None,
        }
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
    pub(super) fn may_enter(&self, from: Cell, to: Cell, acted: &(impl Standing + ?Sized)) -> bool {
        self.may_ever_enter(from, to) && !acted.holds(to)
    }

    /// What of [`Ground::may_enter`] depends on the level alone: `to` enterable, not water, and a
    /// diagonal step not cutting a corner.
    #[inline]
    fn may_ever_enter(&self, from: Cell, to: Cell) -> bool {
        self.flag(to) & ENTERABLE != 0
            && (from.x == to.x
                || from.y == to.y
                || self.flag(Cell::new(from.x, to.y)) & self.flag(Cell::new(to.x, from.y)) & FINITE
                    != 0)
    }

    /// One step down the distance field toward `goal` (§4.3), turning toward the cell chosen. A goal
    /// that is the guard's own cell or a free neighbour is taken directly, as the field would (its
    /// value 0 is the only minimum); anything else looks at the field. `acted` are the cells of the
    /// guards that have acted this turn; a chosen cell holding `thief` is bumped, not entered.
    #[inline]
    pub fn step(
        &self,
        walker: &mut Walker,
        goal: Goal,
        acted: &(impl Standing + ?Sized),
        thief: Option<Cell>,
    ) -> Stepped {
        self.step_on_leg(walker, goal, acted, thief, None)
    }

    /// [`Ground::step`] for a guard on its route whose block's preference is kept in `leg` (see
    /// [`Legs`]), when there is one. Always inlined: it is taken for every guard on every turn, and
    /// left to the compiler it stays a call (`play --turn 100000` on the crowd: 1.85 s, inlined 1.72 s).
    #[expect(
        clippy::inline_always,
        reason = "measured: the call costs 7 % of the longest replay, and the compiler keeps it"
    )]
    #[inline(always)]
    pub(super) fn step_on_leg(
        &self,
        walker: &mut Walker,
        goal: Goal,
        acted: &(impl Standing + ?Sized),
        thief: Option<Cell>,
        leg: Option<&AtomicU64>,
    ) -> Stepped {
        let from = walker.cell;
        let next = match self.single_goal(goal) {
            Some(to) if to == from && self.may_enter(from, from, acted) => from,
            Some(to) if from.chebyshev_adjacent(to) && self.may_enter(from, to, acted) => to,
            _ => self.best_next(from, goal, acted, leg),
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
    /// there is none. The block's field values do not depend on the other guards, so they are grown
    /// once per goal and cell ([`grow`]) and kept.
    fn best_next(
        &self,
        from: Cell,
        goal: Goal,
        acted: &(impl Standing + ?Sized),
        leg: Option<&AtomicU64>,
    ) -> Cell {
        let preference = match leg {
            Some(slot) => Legs::get_or_find(slot, || self.preference(from, goal)),
            None => self.preference(from, goal),
        };
        // A preference ranks only cells the guard may ever enter from `from`: what is left to test
        // is whether a guard that has acted stands there.
        preference
            .ranked()
            .map(|k| Cell::new(from.x - 1 + k as i32 / 3, from.y - 1 + k as i32 % 3))
            .find(|&c| !acted.holds(c))
            .unwrap_or(from)
    }

    /// The preference of the block around `from` toward `goal`, from the cache or grown: the cells a
    /// guard may ever enter from `from` ([`Ground::may_ever_enter`]), best first.
    fn preference(&self, from: Cell, goal: Goal) -> Preference {
        let key = match goal {
            Goal::Cell(c) => FieldKey::Cell(c),
            Goal::Route(route, _) => FieldKey::Route(route),
            Goal::Beside(at) => FieldKey::Beside(at),
        };
        self.blocks.get_or_grow(key, from, || {
            let mut wanted = [false; 9];
            for (k, c) in block(from).enumerate() {
                wanted[k] = self.may_ever_enter(from, c);
            }
            let whole_field = self.fields.get_or_grow(key, || {
                whole(self.shape(), &self.seeds(goal), |a, b| self.move_cost(a, b))
            });
            let values = match whole_field {
                Some(field) => block_values(field, self.shape(), from, wanted),
                None => grow(self.shape(), from, &self.seeds(goal), wanted, |a, b| {
                    self.move_cost(a, b)
                }),
            };
            Preference::of(values)
        })
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
