//! Analysis: pure, fast functions over a level — the room graph, depth from the front, private rooms,
//! dead ends, loot priority, patrol metrics, statistics and validation. The editor, the CLI and the tests
//! all call these, so every overlay and figure means the same thing everywhere.

pub mod generator_stats;
pub mod reachability;
pub mod stats;
pub mod validate;

use serde::{Deserialize, Serialize};

use crate::model::{AdjacencyId, Cell, ItemKind, Level, RoomId, RoomKind};

/// The four analysis overlays, in the order of their keys `1`–`4`. The editor draws them, the PNG export
/// draws them too, and the command line names them (`--overlay room-graph`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    RoomGraph,
    Distances,
    Loot,
    Patrols,
}

impl Overlay {
    pub const ALL: [Overlay; 4] = [
        Overlay::RoomGraph,
        Overlay::Distances,
        Overlay::Loot,
        Overlay::Patrols,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::RoomGraph => "room-graph",
            Overlay::Distances => "distances",
            Overlay::Loot => "loot",
            Overlay::Patrols => "patrols",
        }
    }

    pub fn from_name(name: &str) -> Option<Overlay> {
        Overlay::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// Door edges of the room graph: for each room, its door neighbours with the adjacency that joins them.
#[derive(Clone, Debug, Default)]
pub struct RoomGraph {
    pub neighbours: Vec<Vec<(RoomId, AdjacencyId)>>,
}

impl RoomGraph {
    pub fn degree(&self, room: RoomId) -> usize {
        self.neighbours.get(room).map_or(0, Vec::len)
    }
}

/// The room graph: an edge per door-flagged adjacency (the front door and courtyard links included).
pub fn room_graph(level: &Level) -> RoomGraph {
    let mut neighbours = vec![Vec::new(); level.rooms.len()];
    for (id, adj) in level.adjacencies.iter().enumerate().filter(|(_, a)| a.door) {
        if adj.left < neighbours.len() && adj.right < neighbours.len() {
            neighbours[adj.left].push((adj.right, id));
            neighbours[adj.right].push((adj.left, id));
        }
    }
    RoomGraph { neighbours }
}

/// Door-flagged adjacencies per room; the front door and open archways count.
pub fn door_counts(level: &Level) -> Vec<usize> {
    let graph = room_graph(level);
    (0..level.rooms.len()).map(|r| graph.degree(r)).collect()
}

/// Depth from the front (shared contract §0.2): the exterior 0, the depth seeds 1, every other room one
/// more than its nearest door neighbour. The exterior is never walked through. `None`: unreachable.
pub fn depths(level: &Level) -> Vec<Option<u32>> {
    let graph = room_graph(level);
    let mut depth = vec![None; level.rooms.len()];
    if let Some(ext) = level.exterior().filter(|&e| e < depth.len()) {
        depth[ext] = Some(0);
    }
    let mut queue: Vec<RoomId> = Vec::new();
    for &seed in &level.entrance.depth_seeds {
        if seed < depth.len() && depth[seed].is_none() {
            depth[seed] = Some(1);
            queue.push(seed);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let r = queue[head];
        head += 1;
        let d = depth[r].unwrap_or(0);
        for &(n, _) in &graph.neighbours[r] {
            if depth[n].is_none() {
                depth[n] = Some(d + 1);
                queue.push(n);
            }
        }
    }
    depth
}

/// The shared private-room rule (spec §5.6 b–c): whole depth layers from the back become private until at
/// least `target` chambers are private; then circulation rooms touching private circulation turn private.
/// Returns the private flags and the threshold depth.
pub fn private_rooms(level: &Level, depth: &[Option<u32>], target: usize) -> (Vec<bool>, u32) {
    let mut private = vec![false; level.rooms.len()];
    let max_depth = depth.iter().flatten().copied().max().unwrap_or(0);
    let mut count = 0;
    let mut threshold = max_depth + 1;
    let mut d = max_depth;
    while d > 0 {
        for (r, room) in level.rooms.iter().enumerate() {
            if depth[r] == Some(d) && room.kind != RoomKind::Exterior {
                private[r] = true;
                count += usize::from(room.kind.is_chamber());
            }
        }
        threshold = d;
        if count >= target {
            break;
        }
        d -= 1;
    }
    loop {
        let mut changed = false;
        for adj in &level.adjacencies {
            let (a, b) = (adj.left, adj.right);
            if a >= private.len() || b >= private.len() {
                continue;
            }
            let (ka, kb) = (level.rooms[a].kind, level.rooms[b].kind);
            if ka.is_circulation() && kb.is_circulation() && private[a] != private[b] {
                private[a] = true;
                private[b] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (private, threshold)
}

/// Dead end: a chamber with fewer than two door connections (the loot rule of spec §5.10).
pub fn dead_ends(level: &Level) -> Vec<bool> {
    let doors = door_counts(level);
    level
        .rooms
        .iter()
        .enumerate()
        .map(|(r, room)| room.kind.is_chamber() && doors[r] < 2)
        .collect()
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

/// The room whose floor holds each cell (row-major), `None` for walls and unassigned cells.
pub fn room_of_cell(level: &Level) -> Vec<Option<RoomId>> {
    let mut owner = vec![None; (level.width.max(0) * level.height.max(0)) as usize];
    for (r, room) in level.rooms.iter().enumerate() {
        for c in &room.cells {
            if level.in_bounds(*c) {
                owner[(c.y * level.width + c.x) as usize] = Some(r);
            }
        }
    }
    owner
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
            let room = level
                .in_bounds(item.cell)
                .then(|| owner[(item.cell.y * level.width + item.cell.x) as usize])
                .flatten();
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
