//! Keeping the guards of locked rooms (issue 21): a patrol that lies wholly within the locked rooms
//! comes back with its guard, route, stations and torch when the rest is regenerated, because a
//! designer who locks the rooms a guard walks expects that guard to stay.
//!
//! Every generator runs this around its patrol pass, after terrain and items are final:
//! 1. [`KeptPatrols::resolve`] takes the locks' kept patrols (each listed by every lock it touches;
//!    repeats are one patrol) and keeps those whose every cell a present lock still covers, whose rooms
//!    are all in the new level (by origin; their ids change) and whose every step is still walkable —
//!    a ring door to an unlocked neighbour may move onto a route cell. Each one dropped is noted in the
//!    level's diagnostics, in the designer's words.
//! 2. The patrol pass plans the other rooms only: the rooms a kept patrol walks or stands in
//!    ([`KeptPatrols::held`]) take no part, so no new guard patrols a room beside a kept one, and no new
//!    route starts in one.
//! 3. [`KeptPatrols::restore`] adds the kept routes and guards after the planned inside routes and
//!    before the outside ones, which stay last (the siheyuan's invariant 22); the planned guards keep
//!    their torch draws, since the kept ones are added after them.
//!
//! Without locks, or with locks that keep no patrols, nothing changes, so such levels stay
//! byte-identical to what they were before patrols could be kept.

use std::collections::HashSet;

use crate::model::lock::covered;
use crate::model::topology::{INFINITE, move_costs};
use crate::model::{
    Cell, Diagnostic, Grid, Guard, KeptName, KeptPatrol, Level, LockedRoom, NotKept, PatrolRoute,
    Terrain,
};

/// The kept patrols of one generation, resolved against its level.
#[derive(Clone, Debug, Default)]
pub struct KeptPatrols {
    routes: Vec<(PatrolRoute, Vec<Guard>)>,
    held: Vec<bool>,
    notes: Vec<Diagnostic>,
}

impl KeptPatrols {
    /// The kept patrols of `locks` that `level` can take back, and notes on those it cannot.
    pub fn resolve(level: &Level, locks: &[LockedRoom]) -> Self {
        let mut kept = KeptPatrols::default();
        let mut seen = HashSet::new();
        let patrols: Vec<&KeptPatrol> = locks
            .iter()
            .flat_map(|l| &l.patrols)
            .filter(|p| seen.insert(*p))
            .collect();
        if patrols.is_empty() {
            return kept;
        }
        let covered = covered(level.shape(), locks);
        let costs = move_costs(level);
        let mut floor_of = Grid::new(level.shape(), None);
        for (r, room) in level.rooms.iter().enumerate() {
            for &c in &room.cells {
                floor_of.set(c, Some(r));
            }
        }
        kept.held = vec![false; level.rooms.len()];
        for patrol in patrols {
            let route = match check(level, &covered, &costs, patrol) {
                Ok(route) => route,
                Err(why) => {
                    kept.notes.push(Diagnostic::PatrolNotKept {
                        patrol: name(patrol),
                        why,
                    });
                    continue;
                }
            };
            let walked = route.cells.iter().filter_map(|&c| floor_of.at(c));
            let rooms = route.visits.iter().copied();
            for r in walked
                .chain(rooms)
                .chain(route.stations.iter().map(|s| s.room))
            {
                kept.held[r] = true;
            }
            let guards = patrol.guards_on(0).collect();
            kept.routes.push((route, guards));
        }
        kept
    }

    /// Per room of the level: whether a kept patrol walks or stands in it, so the patrol pass leaves it
    /// out. Empty when nothing is kept.
    pub fn held(&self) -> &[bool] {
        &self.held
    }

    /// Adds the kept routes and their guards to `level`, whose patrols and guards are planned, and the
    /// notes on patrols that could not be kept to its diagnostics.
    pub fn restore(self, level: &mut Level) {
        let at = level
            .patrols
            .iter()
            .position(|p| p.outside)
            .unwrap_or(level.patrols.len());
        let added = self.routes.len();
        for guard in level.guards.iter_mut().filter(|g| g.route >= at) {
            guard.route += added;
        }
        let mut guard_at = level
            .guards
            .iter()
            .position(|g| g.route >= at + added)
            .unwrap_or(level.guards.len());
        for (n, (route, guards)) in self.routes.into_iter().enumerate() {
            level.patrols.insert(at + n, route);
            for mut guard in guards {
                guard.route = at + n;
                level.guards.insert(guard_at, guard);
                guard_at += 1;
            }
        }
        level.diagnostics.extend(self.notes);
    }
}

/// How a note names a kept patrol: by its guard (or by its route's start below level 1, where routes
/// have no guards).
fn name(patrol: &KeptPatrol) -> KeptName {
    match (patrol.guards.first(), patrol.cells.first()) {
        (Some(g), _) => KeptName::Guard(g.start),
        (None, Some(&c)) => KeptName::Patrol(c),
        (None, None) => KeptName::Empty,
    }
}

/// The patrol as a route of `level`, or why it cannot be kept there. A kept route must pass the
/// validator's route checks (invariants 21 and 23) as generated routes do, or the level would be
/// unplayable.
fn check(
    level: &Level,
    covered: &Grid<bool>,
    costs: &Grid<u32>,
    patrol: &KeptPatrol,
) -> Result<PatrolRoute, NotKept> {
    let cells = &patrol.cells;
    if cells.is_empty() {
        return Err(NotKept::NoRoute);
    }
    if let Some(&c) = cells
        .iter()
        .find(|&&c| !covered.get(c).copied().unwrap_or(false))
    {
        return Err(NotKept::LeavesLocks(c));
    }
    let route = patrol.route_in(level).ok_or(NotKept::RoomGone)?;
    let blocked = |c: Cell| costs.get(c).is_none_or(|&v| v == INFINITE);
    if let Some(&c) = cells
        .iter()
        .find(|&&c| blocked(c) || level.terrain(c) == Terrain::Water)
    {
        return Err(NotKept::NotWalkable(c));
    }
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let corner = a.x != b.x && a.y != b.y;
        if (a != b && !a.chebyshev_adjacent(b))
            || (corner && (blocked(Cell::new(a.x, b.y)) || blocked(Cell::new(b.x, a.y))))
        {
            return Err(NotKept::CannotStep { from: a, to: b });
        }
    }
    if patrol.guards.iter().any(|g| g.start != cells[0]) {
        return Err(NotKept::GuardOffStart);
    }
    Ok(route)
}
