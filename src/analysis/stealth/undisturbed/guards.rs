//! The undisturbed guards' turn: each relaxed guard's action (§4.2–§4.5) and what it does after its
//! sight test (§3.8, §3.2 (3)), in list order (§4.6).

use std::sync::Arc;

use crate::analysis::stealth::cells::{CellRules, CellSet};
use crate::analysis::stealth::sight::turn;
use crate::analysis::stealth::timeline::route_index;
use crate::model::{Cell, Dir, ItemKind, Level, PatrolRoute};

use super::kept::Legs;
use super::rejoin::RouteIndex;
use super::spot::{Spotting, Unlit};
use super::state::{GuardState, Mode, Relight, Torch, TorchRules};
use super::walk::{Goal, Ground, Standing, Stepped, Walker, advance};

/// Every guard with a route and every torch, as they stand between two turns, plus what the rules of
/// movement need from the level (its guard step costs and sight blockers), computed once.
#[derive(Clone, Debug)]
pub struct Guards {
    /// The guards with a route, in list order; a guard without one (only in a hostile file) is left
    /// out, as the analysis leaves it out.
    pub states: Vec<GuardState>,
    /// Every torch item, in item order.
    pub torches: Vec<Torch>,
    /// Step costs and sight blockers, for every step taken.
    pub ground: Ground,
    /// The torches each cell looked from can spot, for the torch spotting after every turn.
    pub(super) spotting: Spotting,
    /// Every patrol route's cells with their indices, per map cell, to find where a guard off its
    /// route rejoins it after every step (§4.4). Shared by the copies.
    routes_by_cell: Arc<RouteIndex>,
    /// The cells of the guards that have acted, kept between turns for its allocation only, and the
    /// same cells marked in a set, so that a step's test does not search a list of every guard.
    acted: (Vec<Cell>, CellSet),
    /// The preferences of the blocks along the routes. Shared by the copies.
    legs: Arc<Legs>,
    /// Per patrol route, whether it loops: read on every step, where the route's two ends would
    /// be two more reads from memory.
    loops: Arc<Vec<bool>>,
}

/// What one relaxed guard's action did (§4.6 c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Acted {
    /// Whether it moved, stood or bumped the thief.
    pub stepped: Stepped,
    /// The torch (index into [`Guards::torches`]) it finished relighting, lit or already burning.
    pub relit: Option<usize>,
}

impl GuardState {
    fn walker(&self) -> Walker {
        Walker {
            cell: self.cell,
            facing: self.facing,
        }
    }

    fn walked(&mut self, walker: Walker) {
        self.cell = walker.cell;
        self.facing = walker.facing;
    }
}

impl Guards {
    /// The guards of `level` at turn 0: on the first cell of their routes, index 0, facing their first
    /// step (§3.2 (1), §4.1); torches as placed.
    pub fn new(level: &Level) -> Self {
        Guards::with_rules(level, CellRules::new(level))
    }

    /// [`Guards::new`] with the cell rules of `level` already made (the stealth analysis has them).
    pub fn with_rules(level: &Level, rules: CellRules) -> Self {
        let states: Vec<GuardState> = level
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
        let routes_by_cell = RouteIndex::new(level.shape(), &level.patrols);
        let legs = Legs::new(level.patrols.iter().map(|p| p.cells.len()));
        let loops = level.patrols.iter().map(PatrolRoute::loops).collect();
        Guards {
            states,
            torches,
            routes_by_cell: Arc::new(routes_by_cell),
            legs: Arc::new(legs),
            loops: Arc::new(loops),
            ground: Ground::new(level, rules),
            spotting: Spotting::default(),
            acted: (Vec::new(), CellSet::empty(level.shape())),
        }
    }

    /// Plays one undisturbed turn (`turn_no`, counted from 1) for every guard in list order (§4.6 step 4
    /// with no thief): the mode's action, then, for a guard in Patrol, torch spotting or, if it stood
    /// still, window facing. Returns the torches lit this turn. Two guards may go for the same torch;
    /// the second finishes its stand all the same and recasts the light, as the original does, but
    /// only the first lights it.
    pub fn play_turn(&mut self, rules: &TorchRules, level: &Level, turn_no: usize) -> Vec<Relight> {
        let mut relit = Vec::new();
        let mut light = None;
        // The cells of the guards that have acted this turn, each added once it has.
        let (mut listed, mut acted) = std::mem::take(&mut self.acted);
        for c in listed.drain(..) {
            acted.remove(c);
        }
        // The unlit torches, for the guards' torch spotting; a torch lit this turn leaves them.
        let mut unlit = Unlit::of(&self.torches);
        for g in 0..self.states.len() {
            let prev = self.states[g].cell;
            let done = self.relaxed_action(g, rules, level, &acted, None);
            if let Some(torch) = done.relit {
                light = Some(g + 1);
                if !self.torches[torch].lit {
                    self.torches[torch].lit = true;
                    unlit.remove(torch);
                    relit.push(Relight {
                        turn: turn_no,
                        item: self.torches[torch].item,
                        cell: self.torches[torch].cell,
                        guard: self.states[g].guard,
                    });
                }
            }
            let state = &mut self.states[g];
            // Where it ends the turn: looking around turns a guard, never moves it.
            let cell = state.cell;
            if level.guards[state.guard].carries_torch && cell != prev {
                light = Some(g + 1);
            }
            state.looked = state.facing;
            state.light = light;
            // Looking around does nothing for a guard that moved while every torch burns: the
            // common case on a level whose torches are lit, tested here without the call.
            if state.mode == Mode::Patrol && (cell == prev || !unlit.none()) {
                self.look_around_among(g, *rules, level, prev, &unlit);
            }
            listed.push(cell);
            acted.insert(cell);
        }
        self.acted = (listed, acted);
        relit
    }

    /// The action of guard `g` (index into [`Self::states`]) in a relaxed mode (§4.6 c): a patrol step
    /// (§4.2–§4.4), a step toward the torch (§4.5), or a turn of standing by it. `acted` are the cells
    /// of the guards that have acted this turn, `thief` the thief's cell if there is one. A torch the
    /// guard finishes relighting is reported, not lit: the caller lights it (§2.3 recasts the light).
    pub fn relaxed_action(
        &mut self,
        g: usize,
        rules: &TorchRules,
        level: &Level,
        acted: &(impl Standing + ?Sized),
        thief: Option<Cell>,
    ) -> Acted {
        let Guards {
            states,
            torches,
            ground,
            routes_by_cell,
            legs,
            loops,
            ..
        } = self;
        let state = &mut states[g];
        let mut walker = state.walker();
        let mut done = Acted {
            stepped: Stepped::StoodStill,
            relit: None,
        };
        match state.mode {
            Mode::Patrol => {
                let patrol = level.guards[state.guard].route;
                let (cells, loops) = (&level.patrols[patrol].cells, loops[patrol]);
                // On its route it steps to the next cell (its block's preference kept per leg);
                // off it, back toward the route, and then finds where it stands on it (one call to
                // the step for both, which the compiler then inlines).
                let on_route = cells[state.index] == state.cell;
                let (goal, leg) = if on_route {
                    let leg = legs.slot(patrol, state.index, state.reverse);
                    (state.index, state.reverse) =
                        advance(cells.len(), loops, state.index, state.reverse);
                    (Goal::Cell(cells[state.index]), leg)
                } else {
                    (Goal::Route(patrol, cells), None)
                };
                done.stepped = ground.step_on_leg(&mut walker, goal, acted, thief, leg);
                if !on_route
                    && let Some(i) = routes_by_cell.rejoin(patrol, state.index, walker.cell)
                {
                    state.index = i;
                }
            }
            Mode::RelightTorch { torch, timeout } => {
                let at = torches[torch].cell;
                let (dx, dy) = (at.x - state.cell.x, at.y - state.cell.y);
                if dx.abs() + dy.abs() == 1 {
                    walker.facing = turn(walker.facing, (dx, dy));
                    state.mode = Mode::PostRelightTorch {
                        torch,
                        turns: rules.relight_turns,
                    };
                } else {
                    done.stepped = ground.step(&mut walker, Goal::Beside(at), acted, thief);
                    if done.stepped != Stepped::Moved {
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
                let at = torches[torch].cell;
                walker.facing = turn(walker.facing, (at.x - state.cell.x, at.y - state.cell.y));
                let turns = turns.saturating_sub(1);
                if turns == 0 {
                    done.relit = Some(torch);
                    state.mode = Mode::Patrol;
                } else {
                    state.mode = Mode::PostRelightTorch { torch, turns };
                }
            }
        }
        state.walked(walker);
        done
    }

    /// §4.6 f for guard `g` when it did not see the thief: in Patrol, spot an unlit torch (§3.8) and go
    /// to relight it, or, if it stood still since `before`, face out of a window beside it (§3.2 (3)).
    pub fn look_around(&mut self, g: usize, rules: &TorchRules, level: &Level, before: Cell) {
        let unlit = Unlit::of(&self.torches);
        self.look_around_among(g, *rules, level, before, &unlit);
    }

    /// [`Guards::look_around`] with the unlit torches `unlit` (indices, ascending) already listed.
    #[inline]
    fn look_around_among(
        &mut self,
        g: usize,
        rules: TorchRules,
        level: &Level,
        before: Cell,
        unlit: &Unlit,
    ) {
        let state = &self.states[g];
        if state.mode != Mode::Patrol {
            return;
        }
        let spotted = self.spotting.spot(
            &self.ground,
            level,
            &self.torches,
            unlit,
            state.cell,
            rules.spotting_cutoff,
        );
        let state = &mut self.states[g];
        match spotted {
            Some(torch) => {
                state.mode = Mode::RelightTorch {
                    torch,
                    timeout: rules.relight_timeout,
                };
            }
            None if state.cell == before => {
                if let Some(out) = self.ground.window_facing(level, state.cell) {
                    state.facing = out;
                }
            }
            None => {}
        }
    }
}
