//! Topology of a level: the room graph, depth from the front, the private-room rule, dead ends, which
//! room owns each cell, and what moving through each cell costs.
//!
//! These are facts about a level that the generators build on (depth decides privacy, door counts decide
//! where loot goes, move costs drive patrol paths) and that the analysis reports. They live in the level
//! core so that `generate` and `analysis` both stand on them without importing each other: a change in how
//! the analysis presents a figure can never change what a generator builds.

use super::cell::Cell;
use super::grid::Grid;
use super::level::Level;
use super::parts::{Adjacency, AdjacencyId, RoomId, RoomKind};
use super::terrain::{ItemKind, Terrain};

/// Door edges of the room graph: for each room, its door neighbours with the adjacency that joins them,
/// in adjacency order. The lists share one allocation: generation builds the graph in hot passes.
#[derive(Clone, Debug, Default)]
pub struct RoomGraph {
    /// Where each room's edges start in `edges`; one more entry closes the last room's.
    starts: Vec<usize>,
    edges: Vec<(RoomId, AdjacencyId)>,
}

impl RoomGraph {
    /// The graph of the door-flagged `adjacencies` among `rooms` rooms; an adjacency naming a room
    /// beyond them (only a broken file has one) is left out. Generators call this on their segments
    /// before they are the level's adjacencies.
    pub fn from_adjacencies(rooms: usize, adjacencies: &[Adjacency]) -> Self {
        let doors = || {
            adjacencies
                .iter()
                .enumerate()
                .filter(|(_, a)| a.door && a.left < rooms && a.right < rooms)
        };
        let mut starts = vec![0; rooms + 1];
        for (_, adj) in doors() {
            starts[adj.left + 1] += 1;
            starts[adj.right + 1] += 1;
        }
        for r in 0..rooms {
            starts[r + 1] += starts[r];
        }
        let mut next = starts.clone();
        let mut edges = vec![(0, 0); starts[rooms]];
        for (id, adj) in doors() {
            for (from, to) in [(adj.left, adj.right), (adj.right, adj.left)] {
                edges[next[from]] = (to, id);
                next[from] += 1;
            }
        }
        RoomGraph { starts, edges }
    }

    /// The door neighbours of `room`, each with the adjacency joining them; none for a room the graph
    /// does not have.
    pub fn neighbours(&self, room: RoomId) -> &[(RoomId, AdjacencyId)] {
        match (self.starts.get(room), self.starts.get(room + 1)) {
            (Some(&a), Some(&b)) => &self.edges[a..b],
            _ => &[],
        }
    }

    /// How many doors `room` has: the number of its door neighbours, counted once per adjacency.
    pub fn degree(&self, room: RoomId) -> usize {
        self.neighbours(room).len()
    }
}

/// The room graph: an edge per door-flagged adjacency (the front door and courtyard links included).
pub fn room_graph(level: &Level) -> RoomGraph {
    RoomGraph::from_adjacencies(level.rooms.len(), &level.adjacencies)
}

/// Door-flagged adjacencies per room; the front door and open archways count. The degrees of
/// [`room_graph`], counted without building it (the loot pass and `stats` ask for them).
pub fn door_counts(level: &Level) -> Vec<usize> {
    let mut counts = vec![0; level.rooms.len()];
    for adj in level.adjacencies.iter().filter(|a| a.door) {
        if adj.left < counts.len() && adj.right < counts.len() {
            counts[adj.left] += 1;
            counts[adj.right] += 1;
        }
    }
    counts
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
        for &(n, _) in graph.neighbours(r) {
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

/// The room whose floor holds each cell, as [`room_of_cell`] finds it: four bytes a cell, since the
/// loot pass and the `stats` figures build one per mansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomOwners {
    owners: Grid<u32>,
}

impl RoomOwners {
    /// No room.
    const NONE: u32 = u32::MAX;

    /// The room whose floor holds `c`; `None` off the map and for cells of no room.
    pub fn at(&self, c: Cell) -> Option<RoomId> {
        self.owners
            .get(c)
            .filter(|&&r| r != Self::NONE)
            .map(|&r| r as RoomId)
    }
}

/// The room whose floor holds each cell; `None` for walls, unassigned cells and cells of no room. A
/// cell listed by several rooms (only a broken file has one) belongs to the last.
pub fn room_of_cell(level: &Level) -> RoomOwners {
    let shape = level.shape();
    let mut owners = Grid::new(shape, RoomOwners::NONE);
    let values = owners.values_mut();
    for (r, room) in level.rooms.iter().enumerate() {
        // Room ids beyond u32 cannot be told from "none"; no valid level has four billion rooms.
        let id = u32::try_from(r).unwrap_or(RoomOwners::NONE);
        for &c in &room.cells {
            if let Some(i) = shape.index(c) {
                values[i] = id;
            }
        }
    }
    RoomOwners { owners }
}

/// The move cost of an impassable cell (walls, windows, void, torches): path searches never step on it.
pub const INFINITE: u32 = u32::MAX;
/// Cost of entering water.
const WATER_COST: u32 = 4096;

/// What an item adds to the cost of its cell for a walking guard (spec §5.12).
fn item_cost(kind: ItemKind) -> u32 {
    match kind {
        ItemKind::Chair => 4,
        // The 2025 game's guards pay twice a table's cost for a bed (`guardMoveCostForItemType`).
        ItemKind::Table | ItemKind::Bush | ItemKind::BedLeft | ItemKind::BedRight => 10,
        // Guards carry the key, so a locked door costs them nothing; the thief's rules block it.
        ItemKind::Coin
        | ItemKind::Door(_)
        | ItemKind::Portcullis(_)
        | ItemKind::LockedDoor(_)
        | ItemKind::Health
        | ItemKind::Note => 0,
        ItemKind::TorchLit
        | ItemKind::TorchUnlit
        | ItemKind::DrawersShort
        | ItemKind::DrawersTall
        | ItemKind::Bookshelf
        | ItemKind::Shelf
        | ItemKind::Stove
        | ItemKind::VaultBox
        | ItemKind::Plinth
        | ItemKind::TreasureLock
        | ItemKind::Treasure(_) => INFINITE,
    }
}

/// Per-cell movement cost (spec §5.12): blocking terrain ∞, water 4096, else 0, raised to the cost of the
/// item on the cell.
pub fn move_costs(level: &Level) -> Grid<u32> {
    let mut costs = Grid::new(level.shape(), INFINITE);
    for (cost, terrain) in costs.values_mut().iter_mut().zip(level.terrain_cells()) {
        *cost = match terrain {
            t if t.is_blocking() => INFINITE,
            Terrain::Water => WATER_COST,
            _ => 0,
        };
    }
    for item in &level.items {
        if let Some(cost) = costs.get_mut(item.cell) {
            *cost = (*cost).max(item_cost(item.kind));
        }
    }
    costs
}

/// Whether a guard starting on `start` gets onto its `route`: it starts on the route's first cell, or
/// elsewhere with a walk onto it ([`walk_to_nearest`]; a cell of the route is a walk of one cell).
pub fn starts_onto_route(start: Cell, route: &[Cell], costs: &Grid<u32>) -> bool {
    route.first() == Some(&start) || walk_to_nearest(start, route, costs).is_some()
}

/// The shortest walk (8 directions, no corner cutting, no water) from `from` to the nearest of
/// `targets`, both ends included, on the costs of [`move_costs`]: how a guard posted off its route
/// (the 2025 game's level-1 guard, inside the front gate) gets onto it.
pub fn walk_to_nearest(from: Cell, targets: &[Cell], costs: &Grid<u32>) -> Option<Vec<Cell>> {
    let open = |c: Cell| costs.get(c).is_some_and(|&v| v < WATER_COST);
    if !open(from) {
        return None;
    }
    let mut came_from: Grid<Option<Cell>> = Grid::new(costs.shape(), None);
    let mut queue = std::collections::VecDeque::from([from]);
    came_from.set(from, Some(from));
    while let Some(c) = queue.pop_front() {
        if targets.contains(&c) {
            let mut walk = vec![c];
            let mut at = c;
            while at != from {
                at = came_from.at(at)?;
                walk.push(at);
            }
            walk.reverse();
            return Some(walk);
        }
        let around = (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)));
        for n in around
            .filter(|&d| d != (0, 0))
            .map(|(dx, dy)| c.offset(dx, dy))
        {
            let straight = |d: Cell| open(d) || d == c;
            let corner_free = straight(Cell::new(c.x, n.y)) && straight(Cell::new(n.x, c.y));
            if open(n) && corner_free && came_from.get(n) == Some(&None) {
                came_from.set(n, Some(c));
                queue.push_back(n);
            }
        }
    }
    None
}
