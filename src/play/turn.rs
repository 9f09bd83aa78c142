//! The guards' part of a turn (`stealth-rules.md` §4.6 step 4, `guardActAll` and `act`): each guard in
//! list order senses, reacts, acts in its mode and senses again, then the shouts spread (§3.7).

use crate::analysis::stealth::CellRules;
use crate::analysis::stealth::sight::turn;
use crate::analysis::stealth::undisturbed::{Goal, Mode, Stepped, Walker};
use crate::model::{Cell, Level};

use super::kept::CellLists;
use super::mind::{Alert, AlertMode, Mind};
use super::report::{Event, GuardMode};
use super::rules::Rules;
use super::senses::{Watcher, hidden, sees, within_earshot};
use super::state::State;

/// What the guards' turn reads and where it writes its events.
pub struct GuardsTurn<'a, R: Rules> {
    /// The level played.
    pub level: &'a Level,
    /// The rule set.
    pub rules: &'a R,
    /// The level's cell rules.
    pub cells: &'a CellRules,
    /// Who hears a shout from each cell, kept per level (`within_earshot` of the shout's reach).
    pub shouts: &'a CellLists,
    /// The turn's events, appended to.
    pub events: &'a mut Vec<Event>,
}

/// `adjacentTo`: within one cell on each axis (its own cell included).
fn adjacent(a: Cell, b: Cell) -> bool {
    (a.x - b.x).abs() < 2 && (a.y - b.y).abs() < 2
}

impl<R: Rules> GuardsTurn<'_, R> {
    /// `guardActAll`: last turn's shouts become heard, every guard acts, then this turn's shouts are
    /// heard by the guards within earshot of each shouter (§3.7).
    pub fn play(&mut self, state: &mut State) {
        for mind in &mut state.minds {
            mind.heard_guard = mind.hearing_guard.take();
        }
        let mut shouts = Vec::new();
        for g in 0..state.guards.states.len() {
            if let Some(at) = self.act(state, g) {
                shouts.push(at);
            }
        }
        for from in shouts {
            let (cells, reach) = (self.cells, self.rules.shout_earshot());
            let at = cells.shape.index(from).unwrap_or(usize::MAX);
            let heard = self
                .shouts
                .get_or_make(at, || within_earshot(cells, from, reach));
            for (g, guard) in state.guards.states.iter().enumerate() {
                if guard.cell != from
                    && heard
                        .binary_search_by_key(&(guard.cell.y, guard.cell.x), |c| (c.y, c.x))
                        .is_ok()
                {
                    state.minds[g].hearing_guard = Some(from);
                    self.events.push(Event::HeardShout {
                        guard: guard.guard,
                        from,
                    });
                }
            }
        }
    }

    /// The guard's mode now.
    fn mode(state: &State, g: usize) -> GuardMode {
        state.minds[g].mode(state.guards.states[g].mode)
    }

    /// The sight test of guard `g` against the thief with the light as last cast (§3.3, §3.5).
    fn sees(&self, state: &State, g: usize) -> bool {
        let guard = &state.guards.states[g];
        let chased = state.minds.iter().any(Mind::chasing);
        let watcher = Watcher {
            cell: guard.cell,
            facing: guard.facing,
            alert: !Self::mode(state, g).relaxed(),
        };
        let hid = hidden(self.cells, self.level, &state.thief, chased);
        sees(
            self.rules,
            self.cells,
            state.is_lit(state.thief.cell),
            watcher,
            state.thief.cell,
            hid,
        )
    }

    /// Puts guard `g` on an alert errand, dropping any relaxed one.
    fn alert(state: &mut State, g: usize, mode: AlertMode, turns: u8, goal: Cell) {
        state.guards.states[g].mode = Mode::Patrol;
        state.minds[g].alert = Some(Alert { mode, turns, goal });
    }

    /// Starts a chase of the thief where it stands.
    fn chase(state: &mut State, g: usize) {
        let goal = state.thief.cell;
        Self::alert(state, g, AlertMode::Chase, 0, goal);
    }

    fn saw(&mut self, state: &State, g: usize) {
        let guard = &state.guards.states[g];
        self.events.push(Event::Seen {
            guard: guard.guard,
            from: guard.cell,
            thief: state.thief.cell,
        });
    }

    /// `act` (§4.6 a–g) for guard `g`; the cell it shouted from, if it started a chase.
    fn act(&mut self, state: &mut State, g: usize) -> Option<Cell> {
        let before = Self::mode(state, g);
        let from = state.guards.states[g].cell;
        self.sense_before(state, g);
        self.react_to_sounds(state, g);
        let moved = self.take_action(state, g, before);
        let carries = self.level.guards[state.guards.states[g].guard].carries_torch;
        if carries && moved {
            state.recast(self.cells, self.level);
        }
        let guard = &mut state.guards.states[g];
        guard.looked = guard.facing;
        self.sense_after(state, g, from);
        state.minds[g].heard_thief = false;
        let after = Self::mode(state, g);
        let guard = state.guards.states[g].guard;
        if after != before {
            self.events.push(Event::Mode {
                guard,
                from: before,
                to: after,
            });
        }
        let started_chase =
            after == GuardMode::ChaseVisibleTarget && before != GuardMode::ChaseVisibleTarget;
        started_chase.then(|| {
            let at = state.guards.states[g].cell;
            self.events.push(Event::Shout { guard, from: at });
            at
        })
    }

    /// §4.6 a: an alert guard tests sight before it moves; seeing chases, losing sight of a chase goes
    /// to the last sighting.
    fn sense_before(&mut self, state: &mut State, g: usize) {
        if Self::mode(state, g).relaxed() {
            return;
        }
        if self.sees(state, g) {
            self.saw(state, g);
            Self::chase(state, g);
        } else if state.minds[g].chasing() {
            let goal = state.thief.cell;
            let turns = self.rules.last_sighting_turns();
            Self::alert(state, g, AlertMode::ToLastSighting, turns, goal);
        }
    }

    /// §4.6 b (`guard.ts:95-116`): a shout heard last turn sends the guard there; a creak heard this
    /// turn chases an adjacent thief, makes a relaxed guard listen (turning to it), or sends an alert
    /// one to the sound. Neither while chasing.
    fn react_to_sounds(&mut self, state: &mut State, g: usize) {
        if state.minds[g].chasing() {
            return;
        }
        if let Some(at) = state.minds[g].heard_guard {
            let turns = self.rules.reaction_turns(&mut state.draws);
            Self::alert(state, g, AlertMode::ToShout, turns, at);
        }
        if !state.minds[g].heard_thief {
            return;
        }
        let thief = state.thief.cell;
        let here = state.guards.states[g].cell;
        if adjacent(here, thief) {
            Self::chase(state, g);
        } else if Self::mode(state, g).relaxed() {
            let turns = self.rules.reaction_turns(&mut state.draws);
            Self::alert(state, g, AlertMode::Listen, turns, thief);
            let guard = &mut state.guards.states[g];
            guard.facing = turn(guard.facing, (thief.x - here.x, thief.y - here.y));
        } else {
            let turns = self.rules.reaction_turns(&mut state.draws);
            Self::alert(state, g, AlertMode::ToLastSound, turns, thief);
        }
    }

    /// §4.6 c: the mode's action; whether the guard moved.
    fn take_action(&mut self, state: &mut State, g: usize, before: GuardMode) -> bool {
        let acted: Vec<Cell> = state.guards.states[..g].iter().map(|s| s.cell).collect();
        let thief = state.thief.cell;
        let Some(mut alert) = state.minds[g].alert else {
            return self.relaxed_action(state, g, &acted);
        };
        let guard = &mut state.guards.states[g];
        let mut walker = Walker {
            cell: guard.cell,
            facing: guard.facing,
        };
        let ground = &state.guards.ground;
        let mut moved = false;
        match alert.mode {
            AlertMode::Look | AlertMode::Listen => alert.turns = alert.turns.saturating_sub(1),
            AlertMode::Chase if adjacent(walker.cell, thief) => {
                let goal = alert.goal;
                walker.facing = turn(
                    walker.facing,
                    (goal.x - walker.cell.x, goal.y - walker.cell.y),
                );
                if before == GuardMode::ChaseVisibleTarget {
                    state.health = state.health.saturating_sub(1);
                    self.events.push(Event::Hit {
                        guard: guard.guard,
                        health: state.health,
                    });
                }
            }
            // `moveTowardPosition`: a chase ignores a stalled step; the errands count it down.
            AlertMode::Chase
            | AlertMode::ToLastSighting
            | AlertMode::ToLastSound
            | AlertMode::ToShout => {
                let step =
                    ground.step(&mut walker, Goal::Cell(alert.goal), &acted[..], Some(thief));
                moved = step == Stepped::Moved;
                if !moved && alert.mode != AlertMode::Chase {
                    alert.turns = alert.turns.saturating_sub(1);
                }
            }
        }
        guard.cell = walker.cell;
        guard.facing = walker.facing;
        let done = alert.mode != AlertMode::Chase && alert.turns == 0;
        state.minds[g].alert = (!done).then_some(alert);
        moved
    }

    /// A relaxed guard's action (the analysis's, §4.2–§4.5), with a bump in Patrol starting a chase
    /// (§4.3) and a finished relight lighting the torch and recasting the light (§2.3).
    fn relaxed_action(&mut self, state: &mut State, g: usize, acted: &[Cell]) -> bool {
        let was_patrolling = state.guards.states[g].mode == Mode::Patrol;
        let from = state.guards.states[g].cell;
        let thief = state.thief.cell;
        let done =
            state
                .guards
                .relaxed_action(g, &self.rules.torches(), self.level, acted, Some(thief));
        if let Some(torch) = done.relit {
            state.guards.torches[torch].lit = true;
            state.recast(self.cells, self.level);
            self.events.push(Event::Relit {
                guard: state.guards.states[g].guard,
                cell: state.guards.torches[torch].cell,
            });
        }
        if was_patrolling && done.stepped == Stepped::BumpedThief {
            self.events.push(Event::Bumped {
                guard: state.guards.states[g].guard,
            });
            Self::chase(state, g);
            let guard = &mut state.guards.states[g];
            guard.facing = turn(guard.facing, (thief.x - from.x, thief.y - from.y));
        }
        done.stepped == Stepped::Moved
    }

    /// §4.6 e–f: the sight test from the new cell and facing. A relaxed guard that sees the thief at a
    /// distance looks; an adjacent thief, or any sighting by an alert guard, is chased. A chase that
    /// lost sight goes to the last sighting; a patrolling guard that saw nothing looks for a torch to
    /// relight or out of a window.
    fn sense_after(&mut self, state: &mut State, g: usize, from: Cell) {
        let thief = state.thief.cell;
        if self.sees(state, g) {
            self.saw(state, g);
            let here = state.guards.states[g].cell;
            if Self::mode(state, g).relaxed() && !adjacent(here, thief) {
                let turns = self.rules.reaction_turns(&mut state.draws);
                let goal = state.minds[g].alert.map_or(here, |a| a.goal);
                Self::alert(state, g, AlertMode::Look, turns, goal);
            } else {
                Self::chase(state, g);
                let guard = &mut state.guards.states[g];
                guard.facing = turn(guard.facing, (thief.x - here.x, thief.y - here.y));
            }
        } else if state.minds[g].chasing() {
            let turns = self.rules.last_sighting_turns();
            Self::alert(state, g, AlertMode::ToLastSighting, turns, thief);
        } else if state.minds[g].alert.is_none() && state.guards.states[g].mode == Mode::Patrol {
            state
                .guards
                .look_around(g, &self.rules.torches(), self.level, from);
        }
    }
}
