//! Locks as plain data: what a locked room keeps through a regeneration, who locked it, and the patrols
//! that lie wholly within the locked rooms. Generators receive these as constraints; the `edit` module
//! makes and keeps them; presets store them.
//!
//! Rooms are named here by their [`RoomOrigin`] (slot, modules, placement, grid cell), never by id: ids
//! are renumbered when the rest of the mansion is regenerated, while a locked room keeps its origin.

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::grid::{Grid, Shape};
use super::level::Level;
use super::numbers::NumberedCoin;
use super::parts::{
    Guard, PatrolRoute, Room, RoomId, RoomOrigin, Station, StationKind, StationRole,
};
use super::rect::Rect;
use super::terrain::{Item, Terrain};

/// Who locked a room. Both kinds keep the room alike; the editor shows them apart, so a designer can
/// tell the rooms they pinned from those pinned to keep a hand edit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LockOrigin {
    /// The designer locked the room. Locks from presets saved before locks recorded their origin read
    /// as this: such a preset cannot tell, and a designer lock is the stronger claim — nothing may
    /// release it on the designer's behalf, whereas an edit lock is only a side effect.
    #[default]
    Designer,
    /// A hand edit touched the room and locked it, so that a regeneration keeps the edit.
    Edit,
}

/// A locked room: everything a regeneration must keep byte-identical, captured from the level it was
/// locked in (`siheyuan-mansion.md` §11, `other-generators.md` §0.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockedRoom {
    /// The room as it was: kind, private flag, depth, interior, cells and origin (slot, modules, …).
    pub room: Room,
    /// Terrain of the room's floor cells and of its wall ring (doors and windows included), x outer, y inner.
    pub terrain: Vec<(Cell, Terrain)>,
    /// Items on those cells, in their original order.
    pub items: Vec<Item>,
    /// The rooms around it when it was locked (origin and interior), so a generator can keep the walls
    /// that meet its corners where they were and its wall segments — and their doors — unchanged.
    #[serde(default)]
    pub neighbours: Vec<(RoomOrigin, Rect)>,
    /// Who locked it; generators ignore this.
    #[serde(default)]
    pub by: LockOrigin,
    /// The patrols that step on this room's cells and lie wholly within the cells of all the locks
    /// taken with it. A patrol through several locked rooms is listed by each of them, so it survives
    /// as long as every room it needs is still locked, whichever locks a preset or a rebuild has.
    #[serde(default)]
    pub patrols: Vec<KeptPatrol>,
    /// Whether new patrols may enter the room as they would any other. Off (a new lock's choice): a
    /// regeneration plans no new guard that starts, stands or turns in the room, and a new route
    /// crosses it only to reach rooms no other way leads to — a designer who locks a room expects its
    /// guards to stay as they are, not to gain new ones. Presets saved before the choice existed were
    /// built with patrols let in, so they read as on and rebuild to the level they always did.
    #[serde(default = "patrols_were_allowed")]
    pub allow_patrols: bool,
    /// The loot numbers of the coins among [`LockedRoom::items`], by cell, so the coins keep them
    /// through a regeneration (see [`Level::loot_number`]); empty in presets saved before coins
    /// kept their numbers, whose coins then take the plain ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot_numbers: Vec<NumberedCoin>,
}

/// What a lock read from a preset without [`LockedRoom::allow_patrols`] says: patrols were let in.
fn patrols_were_allowed() -> bool {
    true
}

/// A patrol route kept by locks, with the guards who walk it: everything the level's [`PatrolRoute`]
/// and [`Guard`]s say, with rooms named by origin.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KeptPatrol {
    /// The route's cells in walking order, as [`PatrolRoute::cells`] (cells do not move with a
    /// regeneration, since the locked rooms keep their place).
    pub cells: Vec<Cell>,
    /// The room visits in order, as [`PatrolRoute::visits`], each room named by its origin.
    pub visits: Vec<RoomOrigin>,
    /// Where guards pause, as [`PatrolRoute::stations`].
    pub stations: Vec<KeptStation>,
    /// A route around the outside of the house, as [`PatrolRoute::outside`].
    pub outside: bool,
    /// The guards on this route (one for a generated route; none below level 1).
    pub guards: Vec<KeptGuard>,
}

/// A patrol station of a kept route: a [`Station`] with its room named by origin.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KeptStation {
    /// Where the guard pauses.
    pub cell: Cell,
    /// The room the station belongs to, by origin (its id changes in a regeneration).
    pub room: RoomOrigin,
    /// Why the guard pauses there.
    pub kind: StationKind,
    /// Its place in the route.
    pub role: StationRole,
}

/// A guard of a kept route: a [`Guard`] without the route index, which a regeneration renumbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KeptGuard {
    /// The cell the guard starts on, as [`Guard::start`].
    pub start: Cell,
    /// Whether the guard carries a torch, as [`Guard::carries_torch`].
    pub carries_torch: bool,
    /// The number the guard went by ([`Level::guard_number`]), which it keeps through a
    /// regeneration; `None` in presets saved before guards kept their numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
}

impl KeptPatrol {
    /// Route `route` of `level` with its guards; `None` when the route or a room it names is not there.
    pub fn capture(level: &Level, route: usize) -> Option<KeptPatrol> {
        let patrol = level.patrols.get(route)?;
        let origin = |r: RoomId| level.rooms.get(r).map(|room| room.origin.clone());
        let visits = patrol
            .visits
            .iter()
            .map(|&r| origin(r))
            .collect::<Option<_>>()?;
        let stations = patrol
            .stations
            .iter()
            .map(|s| {
                Some(KeptStation {
                    cell: s.cell,
                    room: origin(s.room)?,
                    kind: s.kind,
                    role: s.role,
                })
            })
            .collect::<Option<_>>()?;
        let guards = level
            .guards
            .iter()
            .enumerate()
            .filter(|(_, g)| g.route == route)
            .map(|(i, g)| KeptGuard {
                start: g.start,
                carries_torch: g.carries_torch,
                number: u32::try_from(level.guard_number(i)).ok(),
            })
            .collect();
        Some(KeptPatrol {
            cells: patrol.cells.clone(),
            visits,
            stations,
            outside: patrol.outside,
            guards,
        })
    }

    /// The route in `level`'s room ids; `None` when a room it names has no room of that origin there.
    pub fn route_in(&self, level: &Level) -> Option<PatrolRoute> {
        let id = |origin: &RoomOrigin| level.rooms.iter().position(|r| r.origin == *origin);
        let visits = self.visits.iter().map(id).collect::<Option<_>>()?;
        let stations = self
            .stations
            .iter()
            .map(|s| {
                Some(Station {
                    cell: s.cell,
                    room: id(&s.room)?,
                    kind: s.kind,
                    role: s.role,
                })
            })
            .collect::<Option<_>>()?;
        Some(PatrolRoute {
            cells: self.cells.clone(),
            visits,
            stations,
            outside: self.outside,
        })
    }

    /// The guards, walking route number `route`.
    pub fn guards_on(&self, route: usize) -> impl Iterator<Item = Guard> + '_ {
        self.guards.iter().map(move |g| Guard {
            start: g.start,
            route,
            carries_torch: g.carries_torch,
        })
    }
}

/// Per room of `level`: whether a lock keeps new guards out of it (the room is locked, by origin, and
/// its lock does not [allow patrols](LockedRoom::allow_patrols)). Empty when no lock does, so a
/// generation without such locks can skip every check.
pub fn fenced_rooms(level: &Level, locks: &[LockedRoom]) -> Vec<bool> {
    let fenced: Vec<&RoomOrigin> = locks
        .iter()
        .filter(|l| !l.allow_patrols)
        .map(|l| &l.room.origin)
        .collect();
    if fenced.is_empty() {
        return Vec::new();
    }
    level
        .rooms
        .iter()
        .map(|r| fenced.contains(&&r.origin))
        .collect()
}

/// The cells `locks` cover on a map of `shape` — each locked room's floor and wall ring, as its
/// snapshot recorded them. Cells off the map are left out.
pub fn covered(shape: Shape, locks: &[LockedRoom]) -> Grid<bool> {
    let mut grid = Grid::new(shape, false);
    for &(cell, _) in locks.iter().flat_map(|l| &l.terrain) {
        grid.set(cell, true);
    }
    grid
}
