//! A guard's state and its planned steps (`Guard`, `guard.ts:37-194`, `714-762`).
//!
//! Before the thief acts, every guard lists the cells it would like to step to, best first
//! (`chooseMoves`); when it acts it takes the first of them still free (`bestAvailableMove`). The thief
//! reads the plan too: it may step into a guard only if the guard means to leave the cell, and not
//! toward the thief (`allowsMoveOntoFrom`).

use crate::model::Cell;

use super::facing::update_dir;
use super::field::{Search, Steps, Toward};
use super::kinds::GuardMode;
use super::map::{INF, Map};

/// `isGuardAtVec` (`game-map.ts:940-942`): a guard that has already acted this turn stands on `c`.
pub(super) fn moved_guard_at(guards: &[Guard], c: Cell) -> bool {
    guards.iter().any(|g| g.has_moved && g.pos == c)
}

/// The guard that hears what is heard on `c` (its place in `guards`): the last awake one there, as
/// the game's map from cell to guard keeps the last (`game-map.ts:1205-1211`).
pub(super) fn hearer_at(guards: &[Guard], c: Cell) -> Option<usize> {
    guards
        .iter()
        .rposition(|g| g.mode != GuardMode::Unconscious && g.pos == c)
}

/// One guard (`guard.ts:37-67`). `index` is its place in the setup's list; the game re-sorts its list
/// every turn, and the route lives in the game's table of routes under the same index.
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    clippy::struct_field_names,
    reason = "the game's own flags, each set and read by name in its own rule"
)]
pub(super) struct Guard {
    pub index: usize,
    pub pos: Cell,
    pub dir: (i32, i32),
    pub mode: GuardMode,
    pub mode_prev: GuardMode,
    pub angry: bool,
    pub has_torch: bool,
    pub has_purse: bool,
    pub has_key: bool,
    /// Has acted this turn: only such guards stand in another guard's way (`game-map.ts:936-942`).
    pub has_moved: bool,
    pub heard_thief: bool,
    pub heard_thief_closest: bool,
    pub heard_alarm: bool,
    /// Heard a shout this turn; becomes `heard_guard` at the start of the next.
    pub hearing_guard: bool,
    pub heard_guard: bool,
    pub heard_guard_pos: Cell,
    pub goals: Steps,
    pub goal: Cell,
    pub timeout: i32,
    pub route_index: usize,
}

impl Guard {
    /// A guard at `pos` facing `dir` on route index `route_index`, patrolling (`guard.ts:69-78`; the
    /// setup gives the facing the constructor and the level-1 placement left).
    pub fn new(index: usize, pos: Cell, dir: (i32, i32), route_index: usize) -> Guard {
        Guard {
            index,
            pos,
            dir,
            mode: GuardMode::Patrol,
            mode_prev: GuardMode::Patrol,
            angry: false,
            has_torch: false,
            has_purse: false,
            has_key: false,
            has_moved: false,
            heard_thief: false,
            heard_thief_closest: false,
            heard_alarm: false,
            hearing_guard: false,
            heard_guard: false,
            heard_guard_pos: Cell::new(0, 0),
            goals: Steps::default(),
            goal: pos,
            timeout: 0,
            route_index,
        }
    }

    /// `allowsMoveOntoFrom` (`guard.ts:101-129`): the thief at `from` may step into this guard's cell
    /// only if the guard plans to leave it, and neither onto `from` nor the cell between them.
    pub fn allows_move_onto_from(&self, from: Cell) -> bool {
        let Some(next) = self.goals.first() else {
            return true;
        };
        let mid = Cell::new(
            (self.pos.x + from.x).div_euclid(2),
            (self.pos.y + from.y).div_euclid(2),
        );
        next != self.pos && next != from && next != mid
    }

    /// `moving` (`guard.ts:131-138`): plans to leave its cell.
    pub fn moving(&self) -> bool {
        self.goals.first().is_some_and(|next| next != self.pos)
    }

    /// `adjacentTo` (`guard.ts:636-640`): one of the 3×3 block around the guard (its own cell too).
    pub fn adjacent_to(&self, c: Cell) -> bool {
        (c.x - self.pos.x).abs() < 2 && (c.y - self.pos.y).abs() < 2
    }

    /// `cardinallyAdjacentTo` (`guard.ts:630-634`).
    pub fn cardinally_adjacent_to(&self, c: Cell) -> bool {
        (c.x - self.pos.x).abs() + (c.y - self.pos.y).abs() == 1
    }

    /// `overheadIcon() === Alerted` (`guard.ts:80-92`): awake, not chasing, and in an alert mode.
    pub fn alerted(&self) -> bool {
        self.mode != GuardMode::Unconscious
            && self.mode != GuardMode::ChaseVisibleTarget
            && !self.mode.is_relaxed()
    }

    /// `chooseMoveTowardPosition` (`guard.ts:746-753`).
    pub fn steps_toward(&self, map: &Map, search: &mut Search, goal: Cell) -> Steps {
        search.steps(map, Toward::Cell, goal, self.pos)
    }

    /// `chooseMoveTowardAdjacentToPosition` (`guard.ts:755-762`).
    fn steps_beside(&self, map: &Map, search: &mut Search, goal: Cell) -> Steps {
        search.steps(map, Toward::Beside, goal, self.pos)
    }

    /// `chooseMoves` (`guard.ts:140-170`): plan this turn's steps from the mode. A patrolling guard
    /// standing on its route cell first advances its route index (`choosePatrolStep`, `714-720`).
    pub fn choose_moves(&mut self, map: &Map, search: &mut Search, route: &[Cell]) {
        if self.mode == GuardMode::Patrol && self.pos == route[self.route_index] {
            self.route_index = (self.route_index + 1) % route.len();
        }
        self.plan_moves(map, search, route);
    }

    /// The steps of [`Guard::choose_moves`] for the route index as it stands.
    pub fn plan_moves(&mut self, map: &Map, search: &mut Search, route: &[Cell]) {
        use GuardMode as M;
        self.goals = match self.mode {
            M::Patrol => self.steps_toward(map, search, route[self.route_index]),
            M::Look | M::LookAtTorch | M::Listen | M::Unconscious => {
                self.steps_toward(map, search, self.pos)
            }
            M::ChaseVisibleTarget
            | M::MoveToLastSighting
            | M::InvestigateLastSighting
            | M::MoveToGuardShout
            | M::MoveToLastSound => self.steps_toward(map, search, self.goal),
            M::MoveToDownedGuard
            | M::MoveToMissingTreasure
            | M::LookAtMissingTreasure
            | M::WakeGuard
            | M::MoveToTorch
            | M::LightTorch => self.steps_beside(map, search, self.goal),
        };
    }

    /// `makeBestAvailableMove` with `bestAvailableMove` (`guard.ts:172-194`, `722-739`): the first
    /// planned cell that can be entered and holds neither the thief nor a guard that has acted; the
    /// guard turns toward it and moves. A planned cell holding the thief is a bump: the guard chases
    /// and faces the thief. Returns whether it bumped.
    pub fn make_best_move(&mut self, map: &Map, guards: &[Guard], thief: Cell) -> bool {
        let mut bumped = false;
        let mut next = self.pos;
        for &c in self.goals.as_slice() {
            if map.guard_move_cost(self.pos, c) == INF {
                continue;
            }
            if c == thief {
                bumped = true;
                continue;
            }
            if moved_guard_at(guards, c) {
                continue;
            }
            next = c;
            break;
        }
        if next != self.pos {
            self.dir = update_dir(self.dir, self.pos, next);
            self.pos = next;
        }
        if bumped {
            self.mode = GuardMode::ChaseVisibleTarget;
            self.dir = update_dir(self.dir, self.pos, thief);
        }
        bumped
    }
}
