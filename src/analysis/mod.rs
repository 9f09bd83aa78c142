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
use crate::model::{Cell, Level, RoomId, RoomKind};

/// The analysis overlays, in the order of their keys `1`–`6`. The editor draws them, the PNG export
/// draws them too, and the command line names them (`--overlay room-graph`). The last two show the
/// stealth analysis ([`stealth`]): guard sight and the routes to the loot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum Overlay {
    /// Key `1`: one node per room and one edge per door or open courtyard link, so a designer sees how
    /// the mansion hangs together and where the front door leads.
    RoomGraph,
    /// Key `2`: each room shaded by its depth, the number of door hops from the south row (spec §5.6 a);
    /// private rooms are exactly the deepest ones, so this shows where the mansion turns private.
    Distances,
    /// Key `3`: each room's loot priority ([`LootClass`]) and the coins tagged with their loot numbers.
    Loot,
    /// Key `4`: the guards' patrol routes with their direction, stations and starts, and the rooms no
    /// route visits.
    Patrols,
    /// Key `5`: how much of the guards' joint patrol cycle each cell is watched, with the cells no guard
    /// ever watches, torch light and hiding places marked (from the stealth analysis).
    Sight,
    /// Key `6`: a route from the start to each coin and back out, from the stealth analysis: a ghost
    /// route (never noticed) when there is one, else the least-noticed route with its noticed turns.
    Routes,
}

impl Overlay {
    /// Every overlay in key order; the editor's menus and command palette and the command line's
    /// `--overlay all` take them from here, so a new overlay shows up everywhere once it is added.
    pub const ALL: &'static [Overlay] = <Overlay as strum::VariantArray>::VARIANTS;

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

    /// The overlay with command-line name `name` (see [`Overlay::name`]); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Overlay> {
        Overlay::ALL.iter().copied().find(|o| o.name() == name)
    }

    /// Whether the overlay draws the stealth analysis (which pictures then have to compute).
    pub fn needs_stealth(self) -> bool {
        matches!(self, Overlay::Sight | Overlay::Routes)
    }
}

/// Loot priority class of a room: where the loot passes look first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LootClass {
    /// A room with fewer than two doors (the front door and open archways count): loot pass 1 (spec
    /// §5.10) gives each one a coin try before anything else.
    DeadEnd,
    /// A private room or hall that is not a dead end: loot pass 2 tries each, skipping one in five.
    Private,
    /// Any other room or hall: it gets coins only from the top-up pass, drawn over the whole map.
    Anywhere,
}

impl LootClass {
    /// The class as the legend, the tooltips and the statistics print it ("dead end", …).
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
    /// Position among the level's coins, from 0: the order the loot passes assigned it in a level as
    /// generated.
    pub order: usize,
    /// The loot number the coin goes by (`#3` on the map, [`Level::loot_number`]): its place from 1
    /// in a level as generated, kept through edits and regenerations that keep the coin.
    pub number: usize,
    /// The coin's cell.
    pub cell: Cell,
    /// The room whose cells include the coin, `None` when it lies outside every room (a hand-edited level).
    pub room: Option<RoomId>,
    /// That room's loot class, `None` when the coin lies outside every room or in a room that takes no
    /// loot (a courtyard, corridor or the exterior).
    pub class: Option<LootClass>,
}

/// Every coin in assignment order with its room and that room's priority class.
pub fn loot_entries(level: &Level) -> Vec<LootEntry> {
    let owner = room_of_cell(level);
    let classes = loot_classes(level);
    level
        .numbered_coins()
        .into_iter()
        .enumerate()
        .map(|(order, (cell, number))| {
            let room = owner.at(cell);
            LootEntry {
                order,
                number: number as usize,
                cell,
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
    /// Routes that circle the outside of the mansion (the exterior ring), counted apart because they
    /// guard no room.
    pub outside_routes: usize,
    /// Room visits per interior route.
    pub visits_per_route: Vec<usize>,
    /// For each room, the routes that visit it.
    pub routes_of_room: Vec<Vec<usize>>,
    /// Non-exterior rooms that no route visits.
    pub unpatrolled: Vec<RoomId>,
}

/// Counts the level's patrol routes and which rooms each visits; [`PatrolMetrics::unpatrolled`] lists
/// the rooms no guard ever enters.
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
