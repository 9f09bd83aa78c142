//! Analysis: pure, fast functions over a level — the room graph, depth from the front, private rooms,
//! dead ends, loot priority, patrol metrics, statistics and validation. The editor, the CLI and the tests
//! all call these, so every overlay and figure means the same thing everywhere.

pub mod diff;
pub mod reachability;
pub mod stats;
pub mod stealth;
pub mod validate;

use serde::{Deserialize, Serialize};

pub use crate::model::topology::{
    RoomGraph, RoomOwners, dead_ends, depths, door_counts, private_rooms, room_graph, room_of_cell,
};
use crate::model::{Cell, ItemKind, Level, RoomId, RoomKind};

/// The analysis overlays, in the order of their keys `1`–`6`. The editor draws them, the PNG export
/// draws them too, and the command line names them (`--overlay room-graph`). The last two show the
/// stealth analysis ([`stealth`]): guard sight and the routes to the loot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    RoomGraph,
    Distances,
    Loot,
    Patrols,
    Sight,
    Routes,
}

impl Overlay {
    pub const ALL: [Overlay; 6] = [
        Overlay::RoomGraph,
        Overlay::Distances,
        Overlay::Loot,
        Overlay::Patrols,
        Overlay::Sight,
        Overlay::Routes,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::RoomGraph => "room-graph",
            Overlay::Distances => "distances",
            Overlay::Loot => "loot",
            Overlay::Patrols => "patrols",
            Overlay::Sight => "sight",
            Overlay::Routes => "routes",
        }
    }

    pub fn from_name(name: &str) -> Option<Overlay> {
        Overlay::ALL.into_iter().find(|o| o.name() == name)
    }

    /// Whether the overlay draws the stealth analysis (which pictures then have to compute).
    pub fn needs_stealth(self) -> bool {
        matches!(self, Overlay::Sight | Overlay::Routes)
    }
}

/// Loot priority class of a room: where the loot passes look first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LootClass {
    DeadEnd,
    Private,
    Anywhere,
}

impl LootClass {
    pub fn label(self) -> &'static str {
        match self {
            LootClass::DeadEnd => "dead end",
            LootClass::Private => "private",
            LootClass::Anywhere => "anywhere",
        }
    }
}

/// The loot class of every room; `None` for rooms that take no loot (courtyards, corridors, the exterior).
pub fn loot_classes(level: &Level) -> Vec<Option<LootClass>> {
    let dead = dead_ends(level);
    level
        .rooms
        .iter()
        .enumerate()
        .map(|(r, room)| match room.kind {
            RoomKind::Room if dead[r] => Some(LootClass::DeadEnd),
            RoomKind::Room | RoomKind::Hall if room.private => Some(LootClass::Private),
            RoomKind::Room | RoomKind::Hall => Some(LootClass::Anywhere),
            _ => None,
        })
        .collect()
}

/// One coin with where it lies and why: in placement order, which is the order the loot passes assigned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootEntry {
    pub order: usize,
    pub cell: Cell,
    pub room: Option<RoomId>,
    pub class: Option<LootClass>,
}

/// Every coin in assignment order with its room and that room's priority class.
pub fn loot_entries(level: &Level) -> Vec<LootEntry> {
    let owner = room_of_cell(level);
    let classes = loot_classes(level);
    level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .enumerate()
        .map(|(order, item)| {
            let room = owner.at(item.cell);
            LootEntry {
                order,
                cell: item.cell,
                room,
                class: room.and_then(|r| classes[r]),
            }
        })
        .collect()
}

/// Patrol figures: which rooms a guard visits and how routes are shaped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatrolMetrics {
    /// Interior routes (outside rings excluded).
    pub routes: usize,
    /// Interior routes that loop.
    pub loops: usize,
    pub outside_routes: usize,
    /// Room visits per interior route.
    pub visits_per_route: Vec<usize>,
    /// For each room, the routes that visit it.
    pub routes_of_room: Vec<Vec<usize>>,
    /// Non-exterior rooms that no route visits.
    pub unpatrolled: Vec<RoomId>,
}

pub fn patrol_metrics(level: &Level) -> PatrolMetrics {
    let mut metrics = PatrolMetrics {
        routes_of_room: vec![Vec::new(); level.rooms.len()],
        ..Default::default()
    };
    for (i, route) in level.patrols.iter().enumerate() {
        if route.outside {
            metrics.outside_routes += 1;
            continue;
        }
        metrics.routes += 1;
        metrics.loops += usize::from(route.loops());
        metrics.visits_per_route.push(route.visits.len());
        for &r in &route.visits {
            if let Some(list) = metrics.routes_of_room.get_mut(r)
                && !list.contains(&i)
            {
                list.push(i);
            }
        }
    }
    metrics.unpatrolled = (0..level.rooms.len())
        .filter(|&r| {
            level.rooms[r].kind != RoomKind::Exterior && metrics.routes_of_room[r].is_empty()
        })
        .collect();
    metrics
}

/// Wall glyph bits of a wall cell (N = 8, S = 4, E = 2, W = 1) from its glyph-wall 4-neighbours (§5.11).
pub fn wall_glyph_bits(level: &Level, c: Cell) -> u8 {
    let wall = |dx: i32, dy: i32| {
        let n = c.offset(dx, dy);
        level.in_bounds(n) && level.terrain(n).is_glyph_wall()
    };
    (u8::from(wall(0, 1)) << 3)
        | (u8::from(wall(0, -1)) << 2)
        | (u8::from(wall(1, 0)) << 1)
        | u8::from(wall(-1, 0))
}
