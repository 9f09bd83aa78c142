//! The guards' turn when nobody disturbs them (`stealth-rules.md` §7 Step 0): patrol steps (§4.2–§4.3),
//! rejoining the route (§4.4), torch spotting (§3.8) and relighting (§4.5), one guard at a time in list
//! order (§4.6), with the window facing of a standing guard (§3.2 (3)).
//!
//! With no thief in the game no relaxed guard sees, hears or bumps anyone, so the sight test of §4.6 e
//! never fires and the `lit` grid never changes what a guard does: the turn needs only which torches
//! are lit. The light each guard's sight test would use is still recorded, as the moment it was last
//! cast (§2.3: a relight, a torch carrier's move, the end of a turn), for the senses to come; and
//! [`GuardReplay::light_at`] casts it with the analysis's light.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::analysis::stealth::light::{CARRIED_RADIUS2, cast, torch_light};
use crate::analysis::stealth::sight::{staircase, turn};
use crate::analysis::stealth::timeline::{route_index, window_facing};
use crate::analysis::stealth::{CellRules, CellSet};
use crate::model::topology::{INFINITE, move_costs};
use crate::model::{Cell, Dir, Grid, ItemKind, Level, Terrain};

use super::rules::Rules;

/// What a relaxed guard is doing (§3.1): only the three relaxed modes occur when nobody disturbs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Walking its route, or back to it (§4.2–§4.4).
    Patrol,
    /// On its way to stand next to an unlit torch (§4.5).
    RelightTorch {
        /// Index into [`Guards::torches`].
        torch: usize,
        /// Turns without moving left before it gives up.
        timeout: u8,
    },
    /// Standing next to the torch, lighting it (§4.5).
    PostRelightTorch {
        /// Index into [`Guards::torches`].
        torch: usize,
        /// Turns left until the torch is lit.
        turns: u8,
    },
}

/// One guard's relaxed state between turns: what the original keeps per guard apart from its senses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardState {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// The cell it stands on.
    pub cell: Cell,
    /// Which way it faces now (§3.2).
    pub facing: Dir,
    /// Which way it faced at this turn's sight test (§4.6 e): a standing guard may turn to a window
    /// after it (§3.2 (3)), which only the next turn's test sees.
    pub looked: Dir,
    /// The route index it walks toward or stands at (§4.1).
    pub index: usize,
    /// Whether it walks its ping-pong route backward (§4.2).
    pub reverse: bool,
    /// What it is doing.
    pub mode: Mode,
    /// Which light its sight test this turn used (§2.3): see [`GuardSteps::light`].
    pub light: Option<usize>,
}

/// A torch item and whether it burns: the only part of the map undisturbed guards change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torch {
    /// Index into `Level::items`, which is also the order torches are compared in (§3.8 ties).
    pub item: usize,
    /// Where it stands.
    pub cell: Cell,
    /// Whether it is lit now.
    pub lit: bool,
}

/// A torch lit by a guard, for the light to be recast from that turn on (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relight {
    /// The turn at whose guard step it was lit (turn 1 is the first turn played).
    pub turn: usize,
    /// Index into `Level::items`.
    pub item: usize,
    /// Where the torch stands.
    pub cell: Cell,
    /// Index into `Level::guards` of the guard who lit it.
    pub guard: usize,
}

/// Every guard with a route and every torch, as they stand between two turns, plus what the rules of
/// movement need from the level (its guard step costs and sight blockers), computed once.
#[derive(Clone, Debug)]
pub struct Guards {
    /// The guards with a route, in list order; a guard without one (only in a hostile file) is left
    /// out, as the analysis leaves it out.
    pub states: Vec<GuardState>,
    /// Every torch item, in item order.
    pub torches: Vec<Torch>,
    costs: Grid<u32>,
    cells: CellRules,
}

/// One guard's record in a [`GuardReplay`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardSteps {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// `steps[t]`: its cell after turn `t` and its facing at that turn's sight test, turn 0 the start —
    /// the layout of the analysis's `GuardTimeline::steps`, so that the two can be compared.
    pub steps: Vec<(Cell, Dir)>,
    /// `light[t]`: which light its sight test of turn `t` used, since the original recomputes lighting
    /// only at certain moments (§2.3): `Some(k)` the light cast right after the first `k` guards of
    /// [`Guards::states`] had acted in turn `t` (a torch carrier that moved, or a guard that relit a
    /// torch, recasts it), `None` the light of the end of turn `t − 1` (of generation for `t` ≤ 1).
    /// [`GuardReplay::light_at`] casts it.
    pub light: Vec<Option<usize>>,
}

/// The result of [`replay`]: where each guard was and which way it looked, turn by turn, which light it
/// looked in, and when each torch was lit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardReplay {
    /// Per guard with a route, in list order (as [`Guards::states`]).
    pub guards: Vec<GuardSteps>,
    /// The torches lit by guards, in the order they were lit.
    pub relit: Vec<Relight>,
}

impl GuardReplay {
    /// The lit cells as the original had them cast in turn `turn` after the first `acted` guards had
    /// acted (`None`: at the end of turn `turn − 1`), with the `lit` flag's sources of §2.1: every lit
    /// torch (placed lit, or relit by then) and every torch carrier at its cell of that moment. `turn`
    /// must be within the replayed turns.
    pub fn light_at(&self, level: &Level, turn: usize, acted: Option<usize>) -> CellSet {
        let (turn, acted) = match acted {
            Some(k) => (turn, k),
            None => (turn.saturating_sub(1), self.guards.len()),
        };
        let rank = |guard: usize| self.guards.iter().position(|g| g.guard == guard);
        let relit_by_then = |item: usize| {
            self.relit.iter().any(|r| {
                r.item == item && (r.turn < turn || (r.turn == turn && rank(r.guard) < Some(acted)))
            })
        };
        let torches: Vec<Cell> = level
            .items
            .iter()
            .enumerate()
            .filter(|(i, it)| it.kind == ItemKind::TorchLit || relit_by_then(*i))
            .map(|(_, it)| it.cell)
            .collect();
        let rules = CellRules::new(level);
        let mut lit = torch_light(&rules, &torches);
        for (k, g) in self.guards.iter().enumerate() {
            if level.guards[g.guard].carries_torch {
                let when = if k < acted {
                    turn
                } else {
                    turn.saturating_sub(1)
                };
                cast(&rules, g.steps[when].0, CARRIED_RADIUS2).add_to(&mut lit);
            }
        }
        lit
    }
}

/// The index a patrol moves to from `i` (§4.2), and the new `reverse` flag. A one-cell route stays put
/// (the original would index before the route's start; no generated route has one cell).
fn advance(n: usize, loops: bool, i: usize, reverse: bool) -> (usize, bool) {
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

impl Guards {
    /// The guards of `level` at turn 0: on the first cell of their routes, index 0, facing their first
    /// step (§3.2 (1), §4.1); torches as placed.
    pub fn new(level: &Level) -> Self {
        let states = level
            .guards
            .iter()
            .enumerate()
            .filter_map(|(guard, g)| {
                let route = level.patrols.get(g.route)?;
                let &first = route.cells.first()?;
                let next = route.cells[route_index(route.cells.len(), route.loops(), 1)];
                let facing = turn(Dir::E, (next.x - first.x, next.y - first.y));
                Some(GuardState {
                    guard,
                    cell: first,
                    facing,
                    looked: facing,
                    index: 0,
                    reverse: false,
                    mode: Mode::Patrol,
                    light: None,
                })
            })
            .collect();
        let torches = level
            .items
            .iter()
            .enumerate()
            .filter_map(|(item, it)| {
                let lit = match it.kind {
                    ItemKind::TorchLit => true,
                    ItemKind::TorchUnlit => false,
                    _ => return None,
                };
                Some(Torch {
                    item,
                    cell: it.cell,
                    lit,
                })
            })
            .collect();
        Guards {
            states,
            torches,
            costs: move_costs(level),
            cells: CellRules::new(level),
        }
    }

    /// Plays one undisturbed turn (`turn_no`, counted from 1) for every guard in list order (§4.6 step 4
    /// with no thief): the mode's action, then, for a guard in Patrol, torch spotting or, if it stood
    /// still, window facing. Returns the torches lit this turn. Two guards may go for the same torch;
    /// the second finishes its stand all the same and recasts the light, as the original does, but
    /// only the first lights it.
    pub fn play_turn(&mut self, rules: &impl Rules, level: &Level, turn_no: usize) -> Vec<Relight> {
        let mut relit = Vec::new();
        let mut light = None;
        for g in 0..self.states.len() {
            let acted: Vec<Cell> = self.states[..g].iter().map(|s| s.cell).collect();
            let mut state = self.states[g].clone();
            let prev = state.cell;
            match state.mode {
                Mode::Patrol => self.patrol_step(level, &mut state, &acted),
                Mode::RelightTorch { torch, timeout } => {
                    let at = self.torches[torch].cell;
                    let (dx, dy) = (at.x - state.cell.x, at.y - state.cell.y);
                    if dx.abs() + dy.abs() == 1 {
                        state.facing = turn(state.facing, (dx, dy));
                        state.mode = Mode::PostRelightTorch {
                            torch,
                            turns: rules.relight_turns(),
                        };
                    } else {
                        let seeds = self.beside(at);
                        if !self.step(level, &mut state, &seeds, &acted) {
                            let timeout = timeout.saturating_sub(1);
                            state.mode = if timeout == 0 {
                                Mode::Patrol
                            } else {
                                Mode::RelightTorch { torch, timeout }
                            };
                        }
                    }
                }
                Mode::PostRelightTorch { torch, turns } => {
                    let at = self.torches[torch].cell;
                    state.facing = turn(state.facing, (at.x - state.cell.x, at.y - state.cell.y));
                    let turns = turns.saturating_sub(1);
                    if turns == 0 {
                        if !self.torches[torch].lit {
                            self.torches[torch].lit = true;
                            relit.push(Relight {
                                turn: turn_no,
                                item: self.torches[torch].item,
                                cell: at,
                                guard: state.guard,
                            });
                        }
                        state.mode = Mode::Patrol;
                        light = Some(g + 1);
                    } else {
                        state.mode = Mode::PostRelightTorch { torch, turns };
                    }
                }
            }
            let carries = level.guards[state.guard].carries_torch;
            if carries && state.cell != prev {
                light = Some(g + 1);
            }
            state.looked = state.facing;
            state.light = light;
            if state.mode == Mode::Patrol {
                match self
                    .spot_torch(rules, level, state.cell)
                    .filter(|_| rules.relights(carries))
                {
                    Some(torch) => {
                        state.mode = Mode::RelightTorch {
                            torch,
                            timeout: rules.relight_timeout(),
                        };
                    }
                    None if state.cell == prev => {
                        if let Some(out) = window_facing(level, state.cell) {
                            state.facing = out;
                        }
                    }
                    None => {}
                }
            }
            self.states[g] = state;
        }
        relit
    }

    /// §4.2–§4.4: on the route, advance the index and step toward it; off it, step toward the nearest
    /// route cell and take the index of the cell reached.
    fn patrol_step(&self, level: &Level, state: &mut GuardState, acted: &[Cell]) {
        let route = &level.patrols[level.guards[state.guard].route];
        let (cells, loops) = (&route.cells, route.loops());
        if cells[state.index] == state.cell {
            (state.index, state.reverse) = advance(cells.len(), loops, state.index, state.reverse);
            let goal = cells[state.index];
            self.step(level, state, &[(goal, 0)], acted);
        } else {
            let seeds: Vec<(Cell, u32)> = cells.iter().map(|&c| (c, self.cost(c))).collect();
            self.step(level, state, &seeds, acted);
            let here = state.cell;
            let forward = (state.index..cells.len()).find(|&i| cells[i] == here);
            let backward = || (0..state.index).rev().find(|&i| cells[i] == here);
            if let Some(i) = forward.or_else(backward) {
                state.index = i;
            }
        }
    }

    /// The guard step cost of `c` (§1.3): infinite off the map.
    fn cost(&self, c: Cell) -> u32 {
        self.costs.get(c).copied().unwrap_or(INFINITE)
    }

    /// The orthogonal neighbours of a torch a guard may stand on, each seeded at its own cost (§4.5).
    fn beside(&self, at: Cell) -> Vec<(Cell, u32)> {
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
    fn may_enter(&self, level: &Level, from: Cell, to: Cell, acted: &[Cell]) -> bool {
        self.move_cost(from, to) != INFINITE
            && level.terrain(to) != Terrain::Water
            && !acted.contains(&to)
    }

    /// One step down the distance field seeded with `seeds` (§4.3), turning toward the cell entered;
    /// whether the guard moved. A goal that is the guard's own cell or a free neighbour is taken
    /// directly, as the field would (its value 0 is the only minimum); anything else runs the field.
    fn step(
        &self,
        level: &Level,
        state: &mut GuardState,
        seeds: &[(Cell, u32)],
        acted: &[Cell],
    ) -> bool {
        let from = state.cell;
        let next = match seeds {
            [(goal, 0)] if *goal == from && self.may_enter(level, from, from, acted) => from,
            [(goal, 0)]
                if from.chebyshev_adjacent(*goal) && self.may_enter(level, from, *goal, acted) =>
            {
                *goal
            }
            _ => self.best_next(level, from, seeds, acted),
        };
        if next == from {
            return false;
        }
        state.facing = turn(state.facing, (next.x - from.x, next.y - from.y));
        state.cell = next;
        true
    }

    /// `posNextBest` (§4.3): among the 3 × 3 block around `from`, its own cell included, scanned x then
    /// y ascending, the first cell of strictly smallest field value the guard may enter; `from` when
    /// there is none.
    fn best_next(&self, level: &Level, from: Cell, seeds: &[(Cell, u32)], acted: &[Cell]) -> Cell {
        let field = self.field(seeds);
        let mut best = (INFINITE, from);
        for x in from.x - 1..=from.x + 1 {
            for y in from.y - 1..=from.y + 1 {
                let c = Cell::new(x, y);
                let value = field.get(c).copied().unwrap_or(INFINITE);
                if value != INFINITE && value < best.0 && self.may_enter(level, from, c, acted) {
                    best = (value, c);
                }
            }
        }
        best.1
    }

    /// The guards' distance field (§1.3): Dijkstra outward from the seeds over 8-neighbours, a step
    /// costing 2 orthogonally or 3 diagonally plus the entered cell's cost, under the corner rule.
    fn field(&self, seeds: &[(Cell, u32)]) -> Grid<u32> {
        let mut field = Grid::new(self.costs.shape(), INFINITE);
        let mut heap: BinaryHeap<Reverse<(u32, i32, i32)>> =
            seeds.iter().map(|&(c, d)| Reverse((d, c.x, c.y))).collect();
        while let Some(Reverse((d, x, y))) = heap.pop() {
            let c = Cell::new(x, y);
            match field.get_mut(c) {
                Some(v) if d < *v => *v = d,
                _ => continue,
            }
            for (dx, dy) in NEIGHBOURS {
                let n = c.offset(dx, dy);
                let cost = self.move_cost(c, n);
                if cost == INFINITE {
                    continue;
                }
                let step = if dx != 0 && dy != 0 { 3 } else { 2 };
                let nd = d + cost + step;
                if field.get(n).is_some_and(|&v| nd < v) {
                    heap.push(Reverse((nd, n.x, n.y)));
                }
            }
        }
        field
    }

    /// §3.8: the nearest unlit torch under the rules' cutoff with a clear torch line (sight blockers and
    /// windows block), the first in item order on a tie. No facing test applies.
    fn spot_torch(&self, rules: &impl Rules, level: &Level, from: Cell) -> Option<usize> {
        let mut best = (rules.torch_spotting_cutoff(), None);
        for (i, torch) in self.torches.iter().enumerate() {
            let (dx, dy) = (torch.cell.x - from.x, torch.cell.y - from.y);
            let d2 = dx * dx + dy * dy;
            if torch.lit || d2 >= best.0 {
                continue;
            }
            let clear = staircase(from, torch.cell).all(|c| {
                !self.cells.blocks_sight.contains(c)
                    && !matches!(level.terrain(c), Terrain::Window(_))
            });
            if clear {
                best = (d2, Some(i));
            }
        }
        best.1
    }
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

/// Plays `turns` undisturbed turns of `level` under `rules` and records every guard's cell and facing
/// after each, and every torch relit (§7 Step 0). Deterministic: no random draw is involved (§4.5).
pub fn replay(rules: &impl Rules, level: &Level, turns: usize) -> GuardReplay {
    let mut guards = Guards::new(level);
    let mut records: Vec<GuardSteps> = guards
        .states
        .iter()
        .map(|s| GuardSteps {
            guard: s.guard,
            steps: vec![(s.cell, s.looked)],
            light: vec![None],
        })
        .collect();
    let mut relit = Vec::new();
    for t in 1..=turns {
        relit.extend(guards.play_turn(rules, level, t));
        for (record, s) in records.iter_mut().zip(&guards.states) {
            record.steps.push((s.cell, s.looked));
            record.light.push(s.light);
        }
    }
    GuardReplay {
        guards: records,
        relit,
    }
}
