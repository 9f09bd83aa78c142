//! The `stats` figures of one mansion, with exactly the keys of the original's measurements
//! (`shared/reference/original-stats.json`), so the fidelity test compares like with like.

use serde::{Deserialize, Serialize};

use super::{LootClass, door_counts, loot_entries, patrol_metrics};
use crate::model::{ItemKind, Level, RoomKind, Terrain};

/// One mansion's figures. Field order is the output key order of `mansion-forge stats`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelStats {
    pub seed: u64,
    pub level: u32,
    pub width: i32,
    pub height: i32,
    /// All regions except the exterior, courtyards included.
    pub rooms: usize,
    pub public_rooms: usize,
    pub private_rooms: usize,
    pub public_courtyards: usize,
    pub private_courtyards: usize,
    pub courtyards: usize,
    /// Regions with exactly one door connection (front door and courtyard links count).
    pub dead_ends: usize,
    /// Door connections, front door and courtyard links included.
    pub doors: usize,
    /// Deepest region, front row = 1.
    pub max_depth: u32,
    pub loot: usize,
    pub loot_dead_end: usize,
    /// Loot in private rooms that are not dead ends.
    pub loot_private: usize,
    pub loot_other: usize,
    /// All guards, outside ones included.
    pub guards: usize,
    pub outside_guards: usize,
    /// Interior routes (counted at level 0 too, where no guard walks them).
    pub patrol_routes: usize,
    pub route_loops: usize,
    pub unpatrolled_rooms: usize,
    pub windows: usize,
    pub torches_lit: usize,
    pub torches_unlit: usize,
    pub chairs: usize,
    pub tables: usize,
    pub creaky_cells: usize,
}

impl LevelStats {
    /// The figure named `key` (a key of the printed line), without building the line: `search` and the
    /// seed browser test every mansion's figures against their conditions.
    pub fn number(&self, key: &str) -> Option<f64> {
        let n = |v: usize| Some(v as f64);
        match key {
            "seed" => Some(self.seed as f64),
            "level" => Some(f64::from(self.level)),
            "width" => Some(f64::from(self.width)),
            "height" => Some(f64::from(self.height)),
            "rooms" => n(self.rooms),
            "public_rooms" => n(self.public_rooms),
            "private_rooms" => n(self.private_rooms),
            "public_courtyards" => n(self.public_courtyards),
            "private_courtyards" => n(self.private_courtyards),
            "courtyards" => n(self.courtyards),
            "dead_ends" => n(self.dead_ends),
            "doors" => n(self.doors),
            "max_depth" => Some(f64::from(self.max_depth)),
            "loot" => n(self.loot),
            "loot_dead_end" => n(self.loot_dead_end),
            "loot_private" => n(self.loot_private),
            "loot_other" => n(self.loot_other),
            "guards" => n(self.guards),
            "outside_guards" => n(self.outside_guards),
            "patrol_routes" => n(self.patrol_routes),
            "route_loops" => n(self.route_loops),
            "unpatrolled_rooms" => n(self.unpatrolled_rooms),
            "windows" => n(self.windows),
            "torches_lit" => n(self.torches_lit),
            "torches_unlit" => n(self.torches_unlit),
            "chairs" => n(self.chairs),
            "tables" => n(self.tables),
            "creaky_cells" => n(self.creaky_cells),
            _ => None,
        }
    }
}

/// The figures of one level; `seed` is the game seed it came from.
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
