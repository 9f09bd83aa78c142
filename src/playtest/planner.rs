//! A thief's way to its goals ([`Planner`]): the distance field to the nearest goal, worked out again
//! only when the goals or what the thief knows change, and the cells it found it could not get onto
//! (a guard in the way, loot the rules would not give), left alone for a while. Also the goals every
//! planning thief shares at the end: see the rest of the mansion, then step off the map.

use super::course::Course;
use super::nerve::Nerve;
use super::walk::{Field, Walk};
use crate::model::{Cell, Dir, Shape};
use crate::play::{Move, Session};

/// Turns a thief leaves a cell alone after its moves onto it were refused.
const BLOCKED_FOR: usize = 12;
/// Refused moves in a row onto one cell before the thief leaves it alone.
const REFUSALS: usize = 2;

/// A distance field and what it was made for.
#[derive(Clone, Debug)]
struct Plan {
    goals: Vec<Cell>,
    /// The knowledge stamp.
    stamp: usize,
    /// [`Planner::blocked_changes`] then.
    blocked_changes: usize,
    field: Field,
}

/// The plan of a thief that walks to goals.
#[derive(Clone, Debug, Default)]
pub(crate) struct Planner {
    /// The current plan, and the one before it: a thief asks for its loot and, finding none it
    /// reaches, for the way on, turn after turn, and each field is made once for both.
    plans: [Option<Plan>; 2],
    /// Whether the current plan may be followed again for the same goals and stamp: not once a
    /// cell was newly left alone (a plan kept while a cell stops being left alone is still followed).
    current_holds: bool,
    /// Cells left alone, until the turn given.
    blocked: Vec<(Cell, usize)>,
    /// How often `blocked` changed: the plan before the current one is followed again only if
    /// made with the same cells left alone, so it is the field that would be made now.
    blocked_changes: usize,
    /// The last move the thief chose that was not a wait: from where, and where to.
    last: Option<(Cell, Cell)>,
    refused: usize,
    /// Per cell: the thief has stood on it (looking from there again shows nothing new).
    visited: Vec<bool>,
    /// Per cell: the thief has seen it.
    seen: Vec<bool>,
    /// How many cells the thief has seen.
    seen_count: usize,
    /// The cells next to unseen ones, as of `seen_count` cells seen.
    edge: Option<(usize, Vec<Cell>)>,
    shape: Option<Shape>,
}

impl Planner {
    /// Notes where the thief stands now, after the move it chose last: a move that left it in place
    /// without taking loot was refused, and a cell refused twice running is left alone a while.
    pub fn observe(&mut self, game: &dyn Session, turn: usize) {
        let blocked = self.blocked.len();
        self.blocked.retain(|&(_, until)| until > turn);
        if self.blocked.len() != blocked {
            self.blocked_changes += 1;
        }
        let shape = *self.shape.get_or_insert_with(|| game.level().shape());
        self.visited.resize(shape.len(), false);
        self.seen.resize(shape.len(), false);
        if let Some(i) = shape.index(game.thief()) {
            self.visited[i] = true;
        }
        // Seen cells stay seen: the same count as last turn is the same cells.
        let count = game.seen_count();
        if count != self.seen_count {
            for (i, seen) in self.seen.iter_mut().enumerate() {
                *seen = *seen || game.has_seen(shape.cell(i));
            }
            self.seen_count = count;
        }
        let Some((from, to)) = self.last.take() else {
            return;
        };
        if game.thief() != from || game.has_taken(to) {
            self.refused = 0;
            return;
        }
        self.refused += 1;
        if self.refused >= REFUSALS {
            self.refused = 0;
            self.blocked.push((to, turn + BLOCKED_FOR));
            self.blocked_changes += 1;
            self.current_holds = false;
        }
    }

    /// Whether the thief has stood on `cell`.
    pub fn visited(&self, cell: Cell) -> bool {
        self.shape
            .and_then(|shape| shape.index(cell))
            .is_some_and(|i| self.visited[i])
    }

    /// Whether the thief has seen `cell` (as of the last [`Planner::observe`]).
    pub fn seen(&self, cell: Cell) -> bool {
        self.shape
            .and_then(|shape| shape.index(cell))
            .is_some_and(|i| self.seen[i])
    }

    /// Per cell (row-major), whether the thief has seen it.
    pub fn seen_cells(&self) -> &[bool] {
        &self.seen
    }

    /// How many cells the thief has seen: a stamp for plans made from what it knows.
    pub fn seen_count(&self) -> usize {
        self.seen_count
    }

    /// Whether the thief leaves `cell` alone now.
    pub fn is_blocked(&self, cell: Cell) -> bool {
        self.blocked.iter().any(|&(c, _)| c == cell)
    }

    /// The move toward the nearest of `goals` over cells `known` allows (a field made again when the
    /// goals or `stamp`, which counts what the thief knows, changed) and where it lands; `None` when
    /// no goal is reached or the thief stands on one.
    pub fn toward(
        &mut self,
        walk: &Walk,
        at: Cell,
        goals: Vec<Cell>,
        stamp: usize,
        known: impl Fn(usize) -> bool,
    ) -> Option<(Move, Cell)> {
        let goals: Vec<Cell> = goals.into_iter().filter(|&c| !self.is_blocked(c)).collect();
        let made_for = |plan: &Option<Plan>| {
            plan.as_ref()
                .is_some_and(|p| p.goals == goals && p.stamp == stamp)
        };
        let before_holds = self.plans[1]
            .as_ref()
            .is_some_and(|p| p.blocked_changes == self.blocked_changes);
        let current = self.current_holds && made_for(&self.plans[0]);
        if current {
            // Followed again as it is.
        } else if before_holds && made_for(&self.plans[1]) {
            self.plans.swap(0, 1);
        } else {
            let shape = walk.shape();
            let field = walk.field(&goals, |i| known(i) && !self.is_blocked(shape.cell(i)));
            self.plans.swap(0, 1);
            self.plans[0] = Some(Plan {
                goals,
                stamp,
                blocked_changes: self.blocked_changes,
                field,
            });
        }
        self.current_holds = true;
        walk.toward(&self.plans[0].as_ref()?.field, at)
    }

    /// The goal the current plan leads to from `at`, if any.
    pub fn goal_from(&self, walk: &Walk, mut at: Cell) -> Option<Cell> {
        let field = &self.plans[0].as_ref()?.field;
        while let Some((_, next)) = walk.toward(field, at) {
            at = next;
        }
        (field.at(walk.shape(), at) == Some(0)).then_some(at)
    }

    /// Notes the move chosen from `from` toward `to` (a wait notes nothing).
    pub fn chose(&mut self, from: Cell, mv: Move, to: Cell) {
        if mv != Move::Wait {
            self.last = Some((from, to));
        }
    }
}

/// The cells the thief may stand on and has not stood on, among those `known` allows, with a cell it
/// has not seen in the eight around them or one move away: where to look next. The cells next to
/// unseen ones are worked out again only when the thief has seen more, and then among the last ones
/// alone: seen cells stay seen, so a cell once off the edge stays off.
pub(crate) fn frontier(
    walk: &Walk,
    planner: &mut Planner,
    known: impl Fn(Cell) -> bool,
) -> Vec<Cell> {
    let stamp = planner.seen_count;
    if planner.edge.as_ref().is_none_or(|(at, _)| *at != stamp) {
        let shape = walk.shape();
        let last = planner.edge.take();
        let unseen = |c: Cell| shape.contains(c) && !planner.seen(c);
        let on_edge = |c: Cell| {
            (-1..=1).any(|dy| (-1..=1).any(|dx| unseen(c.offset(dx, dy))))
                || walk.moves_from(c).any(|(_, to)| unseen(to))
        };
        let edge = match last {
            Some((_, mut edge)) => {
                edge.retain(|&c| on_edge(c));
                edge
            }
            None => (0..shape.len())
                .map(|i| shape.cell(i))
                .filter(|&c| walk.standable(c) && on_edge(c))
                .collect(),
        };
        planner.edge = Some((stamp, edge));
    }
    let edge = planner.edge.as_ref().map_or(&[][..], |(_, e)| e);
    edge.iter()
        .copied()
        .filter(|&c| known(c) && !planner.visited(c))
        .collect()
}

/// The goals of a thief done with the loot that wants out: the ways off the map when the rules let it
/// leave; else, while some cell is unseen, the cells to look from; else (rules that want all the loot)
/// the loot left.
fn leaving_goals(
    course: &Course,
    game: &dyn Session,
    planner: &mut Planner,
    known: impl Fn(Cell) -> bool,
) -> Vec<Cell> {
    if game.may_leave() {
        return course.exits().to_vec();
    }
    if !game.fully_mapped() {
        return frontier(course.walk(), planner, known);
    }
    course
        .coins()
        .iter()
        .copied()
        .filter(|&c| !game.has_taken(c))
        .collect()
}

/// The step off the map from `at`, when the thief may leave and stands on the border.
fn step_out(course: &Course, game: &dyn Session, at: Cell) -> Option<Move> {
    let dir: Dir = course.walk().exit_dir(at)?;
    game.may_leave().then_some(Move::Step(dir))
}

/// The end of every planning thief's turn: the `planned` move, or, with no goal reached, the way out (a
/// step off the map where the thief may leave from where it stands, else a move toward what leaving
/// still wants, over the cells `known` allows), taken as the thief's `nerve` takes it, and noted.
/// `None` when there is nothing left to do.
pub(crate) fn step_on(
    planner: &mut Planner,
    nerve: &mut Nerve,
    (course, game): (&Course, &dyn Session),
    planned: Option<(Move, Cell)>,
    known: impl Fn(Cell) -> bool,
) -> Option<Move> {
    let walk = course.walk();
    let at = game.thief();
    let planned = if let Some(planned) = planned {
        planned
    } else {
        if let Some(out) = step_out(course, game, at) {
            return Some(out);
        }
        let shape = walk.shape();
        let out = leaving_goals(course, game, planner, &known);
        let stamp = planner.seen_count();
        planner.toward(walk, at, out, stamp, |i| known(shape.cell(i)))?
    };
    let mv = nerve.step(game, walk, at, planned);
    planner.chose(at, mv, planned.1);
    Some(mv)
}
