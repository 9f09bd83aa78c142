//! The `stats` figures of one mansion, with exactly the keys of the original's measurements
//! (`shared/reference/original-stats.json`), so the fidelity test compares like with like.

use serde::{Deserialize, Serialize};

use super::{LootClass, door_counts, loot_entries, patrol_metrics};
use crate::model::{ItemKind, Level, RoomKind, Terrain};

/// One mansion's figures. Field order is the output key order of `mansion-forge stats`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelStats {
    /// The game seed the campaign was generated from (the level's own RNG is derived from it).
    pub seed: u64,
    /// The level number within the campaign, 0 for the first.
    pub level: u32,
    /// Map width in cells, exterior band included.
    pub width: i32,
    /// Map height in cells, exterior band included.
    pub height: i32,
    /// All regions except the exterior, courtyards included.
    pub rooms: usize,
    /// Rooms (not courtyards) shallower than the private threshold depth (siheyuan spec §5.6).
    pub public_rooms: usize,
    /// Rooms (not courtyards) at or beyond the private threshold depth: in a siheyuan, at least
    /// `floor(Rx·Ry/4)` of them.
    pub private_rooms: usize,
    /// Courtyards in a public cluster.
    pub public_courtyards: usize,
    /// Courtyards that are deep enough or touch a private courtyard (spec §5.6 c).
    pub private_courtyards: usize,
    /// All courtyards, public and private.
    pub courtyards: usize,
    /// Regions with exactly one door connection (front door and courtyard links count).
    pub dead_ends: usize,
    /// Door connections, front door and courtyard links included.
    pub doors: usize,
    /// Deepest region, front row = 1.
    pub max_depth: u32,
    /// Coins on the map: the plan's loot for this level.
    pub loot: usize,
    /// Coins in dead-end rooms (loot pass 1).
    pub loot_dead_end: usize,
    /// Loot in private rooms that are not dead ends.
    pub loot_private: usize,
    /// Coins anywhere else: the top-up pass, or a hand edit.
    pub loot_other: usize,
    /// All guards, outside ones included.
    pub guards: usize,
    /// Guards walking a ring around the outside of the house.
    pub outside_guards: usize,
    /// Interior routes (counted at level 0 too, where no guard walks them).
    pub patrol_routes: usize,
    /// Interior routes that loop back to their start instead of walking back and forth.
    pub route_loops: usize,
    /// Non-exterior regions no interior route visits.
    pub unpatrolled_rooms: usize,
    /// One-way window cells, all directions.
    pub windows: usize,
    /// Torches burning at the start: light sources of radius² 45 (stealth rules §2.1).
    pub torches_lit: usize,
    /// Unlit torches: no light, but guards may walk over to relight them (stealth rules §4.5).
    pub torches_unlit: usize,
    /// Chairs: cost guards 4 to cross and hide nobody.
    pub chairs: usize,
    /// Tables: hiding places for the player, cost guards 10 to cross.
    pub tables: usize,
    /// Creaky wooden floor cells: ending a move on one makes noise guards can hear (stealth rules §3.6).
    pub creaky_cells: usize,
}

impl LevelStats {
    /// Every figure as (key, value), in the printed line's order (the fields' order).
    pub fn entries(&self) -> [(&'static str, i128); 28] {
        let n = |v: usize| v as i128;
        [
            ("seed", i128::from(self.seed)),
            ("level", i128::from(self.level)),
            ("width", i128::from(self.width)),
            ("height", i128::from(self.height)),
            ("rooms", n(self.rooms)),
            ("public_rooms", n(self.public_rooms)),
            ("private_rooms", n(self.private_rooms)),
            ("public_courtyards", n(self.public_courtyards)),
            ("private_courtyards", n(self.private_courtyards)),
            ("courtyards", n(self.courtyards)),
            ("dead_ends", n(self.dead_ends)),
            ("doors", n(self.doors)),
            ("max_depth", i128::from(self.max_depth)),
            ("loot", n(self.loot)),
            ("loot_dead_end", n(self.loot_dead_end)),
            ("loot_private", n(self.loot_private)),
            ("loot_other", n(self.loot_other)),
            ("guards", n(self.guards)),
            ("outside_guards", n(self.outside_guards)),
            ("patrol_routes", n(self.patrol_routes)),
            ("route_loops", n(self.route_loops)),
            ("unpatrolled_rooms", n(self.unpatrolled_rooms)),
            ("windows", n(self.windows)),
            ("torches_lit", n(self.torches_lit)),
            ("torches_unlit", n(self.torches_unlit)),
            ("chairs", n(self.chairs)),
            ("tables", n(self.tables)),
            ("creaky_cells", n(self.creaky_cells)),
        ]
    }

    /// The figure named `key` (a key of the printed line), without building the line: `search` and the
    /// seed browser test every mansion's figures against their conditions.
    pub fn number(&self, key: &str) -> Option<f64> {
        self.entries()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v as f64)
    }
}

/// The figures of one level; `seed` is the game seed it came from.
///
/// # Examples
///
/// The figures `mansion-forge stats` prints for a campaign mansion, by field and by key:
///
/// ```
/// use mansion_forge::analysis::stats::level_stats;
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::model::{ItemKind, RoomKind};
///
/// let level = Recipe::campaign_level(8, 5).build().expect("builds");
/// let stats = level_stats(&level, 8);
/// assert_eq!((stats.seed, stats.level), (8, 5));
/// assert_eq!((stats.width, stats.height), (level.width, level.height));
/// let indoor = level.rooms.iter().filter(|r| r.kind != RoomKind::Exterior).count();
/// assert_eq!(stats.rooms, indoor);
/// assert_eq!(stats.courtyards, stats.public_courtyards + stats.private_courtyards);
/// assert_eq!(stats.loot, level.count_items(ItemKind::Coin));
/// assert_eq!(stats.loot, stats.loot_dead_end + stats.loot_private + stats.loot_other);
/// assert_eq!(stats.guards, level.guards.len());
/// assert_eq!(stats.number("guards"), Some(level.guards.len() as f64));
/// assert_eq!(stats.number("no_such_figure"), None);
/// assert_eq!(stats.entries()[0], ("seed", 8));
/// ```
pub fn level_stats(level: &Level, seed: u64) -> LevelStats {
    let regions: Vec<_> = level
        .rooms
        .iter()
        .filter(|r| r.kind != RoomKind::Exterior)
        .collect();
    let count_rooms = |kind: RoomKind, private: bool| {
        regions
            .iter()
            .filter(|r| r.kind == kind && r.private == private)
            .count()
    };
    let doors = door_counts(level);
    let loot = loot_entries(level);
    let loot_in = |class: LootClass| loot.iter().filter(|e| e.class == Some(class)).count();
    let patrols = patrol_metrics(level);
    let outside_guards = level
        .guards
        .iter()
        .filter(|g| level.patrols.get(g.route).is_some_and(|p| p.outside))
        .count();
    // One pass over the map and one over the items for every count of them.
    let (mut windows, mut creaky_cells) = (0, 0);
    for t in level.terrain_cells() {
        match t {
            Terrain::Window(_) => windows += 1,
            Terrain::WoodCreaky => creaky_cells += 1,
            _ => {}
        }
    }
    let mut items = [0usize; 4];
    for item in &level.items {
        let slot = match item.kind {
            ItemKind::TorchLit => 0,
            ItemKind::TorchUnlit => 1,
            ItemKind::Chair => 2,
            ItemKind::Table => 3,
            _ => continue,
        };
        items[slot] += 1;
    }
    let [torches_lit, torches_unlit, chairs, tables] = items;
    let loot_dead_end = loot_in(LootClass::DeadEnd);
    let loot_private = loot_in(LootClass::Private);
    LevelStats {
        seed,
        level: level.level,
        width: level.width,
        height: level.height,
        rooms: regions.len(),
        public_rooms: count_rooms(RoomKind::Room, false),
        private_rooms: count_rooms(RoomKind::Room, true),
        public_courtyards: count_rooms(RoomKind::Courtyard, false),
        private_courtyards: count_rooms(RoomKind::Courtyard, true),
        courtyards: regions
            .iter()
            .filter(|r| r.kind == RoomKind::Courtyard)
            .count(),
        dead_ends: (0..level.rooms.len())
            .filter(|&r| level.rooms[r].kind != RoomKind::Exterior && doors[r] == 1)
            .count(),
        doors: level.adjacencies.iter().filter(|a| a.door).count(),
        max_depth: level.rooms.iter().map(|r| r.depth).max().unwrap_or(0),
        loot: loot.len(),
        loot_dead_end,
        loot_private,
        loot_other: loot.len() - loot_dead_end - loot_private,
        guards: level.guards.len(),
        outside_guards,
        patrol_routes: patrols.routes,
        route_loops: patrols.loops,
        unpatrolled_rooms: patrols.unpatrolled.len(),
        windows,
        torches_lit,
        torches_unlit,
        chairs,
        tables,
        creaky_cells,
    }
}
