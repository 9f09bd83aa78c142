//! Steps 5.13–5.14: guard patrol routes — the chains and loops over the door graph that the
//! `patrol_chains` module plans, walked into cells with activity stations at the ends — then outside
//! patrols and guards. Shared by every generator: it reads room kinds and rectangles, door adjacencies,
//! terrain and items; around locks, it keeps new guards out of fenced rooms ([`super::fence`]).

use super::fence::Fence;
use super::pathfind::PathFinder;
use super::patrol_chains::{
    add_detours, add_side_trips, assemble_chains, piece_length, split_chains, trim_fenced,
};
use crate::generate::rng::Stream;
use crate::model::lock::fenced_rooms;
use crate::model::topology::{RoomGraph, move_costs, room_graph};
use crate::model::{
    Cell, Diagnostic, Guard, Item, ItemKind, Level, LockedRoom, PatrolRoute, RoomId, RoomKind,
    Station, StationKind, StationRole, Terrain,
};

/// How many times a chain's end cells repeat: the guard's pause.
const END_DWELL: usize = 3;

/// Turns node links into cell routes (5.13 g–j).
struct Emitter<'a> {
    level: &'a Level,
    finder: PathFinder<'a>,
    /// For each room, its door neighbours with the door adjacencies joining them; a short list per room
    /// is faster than hashing pairs in this hot pass.
    doors: RoomGraph,
    /// The coins and chairs among the level's items, in item order: the only items stations look at.
    station_items: Vec<Item>,
    /// The rooms locks keep new guards out of: no station on their floor, even where another room's
    /// rectangle reaches over it (rooms of the newer generators need not be rectangles).
    fenced: Vec<RoomId>,
}

impl<'a> Emitter<'a> {
    fn new(level: &'a Level, costs: &'a [u32]) -> Self {
        Emitter {
            level,
            finder: PathFinder::new(level, costs),
            doors: room_graph(level),
            station_items: level
                .items
                .iter()
                .filter(|i| matches!(i.kind, ItemKind::Coin | ItemKind::Chair))
                .copied()
                .collect(),
            fenced: Vec::new(),
        }
    }

    /// Whether a guard may stand on `c`: it is not the floor of a fenced room.
    fn open(&self, c: Cell) -> bool {
        let rooms = &self.level.rooms;
        !self
            .fenced
            .iter()
            .any(|&f| rooms[f].cells.binary_search(&c).is_ok())
    }

    /// The first door adjacency joining `r` and `q`.
    fn door_between(&self, r: RoomId, q: RoomId) -> Option<usize> {
        self.doors
            .neighbours(r)
            .iter()
            .find(|(n, _)| *n == q)
            .map(|(_, id)| *id)
    }

    /// The door cell on `r`'s side of the door adjacency joining `r` and `q`.
    fn door(&self, r: RoomId, q: RoomId) -> Option<Cell> {
        let id = self.door_between(r, q)?;
        self.level.adjacencies[id].door_cell_for(r)
    }

    /// 5.13 i: two cells into `r` from its door toward `q`, or one when the second is not free.
    fn beside_door(&self, r: RoomId, q: RoomId) -> Option<Cell> {
        let id = self.door_between(r, q)?;
        let adj = &self.level.adjacencies[id];
        let door = adj.door_cell_for(r)?;
        let Some(seg) = adj.segment else {
            return self.step_into_room(r, door);
        };
        let normal = if adj.left == r {
            seg.dir.left()
        } else {
            seg.dir.left().opposite()
        };
        let (dx, dy) = normal.delta();
        let two = door.offset(2 * dx, 2 * dy);
        Some(if self.finder.cost(two) == 0 {
            two
        } else {
            door.offset(dx, dy)
        })
    }

    /// For a corridor end without a wall segment: the first floor cell of `r` next to the door.
    fn step_into_room(&self, r: RoomId, door: Cell) -> Option<Cell> {
        let room = &self.level.rooms[r];
        door.neighbours4()
            .into_iter()
            .find(|c| room.interior.contains(*c) && self.finder.cost(*c) == 0)
            .or(Some(door))
    }

    /// 5.13 h: windows looking out, else cells next to loot, else chairs.
    fn stations(&self, r: RoomId) -> (Vec<Cell>, StationKind) {
        let rect = self.level.rooms[r].interior;
        let free = |c: Cell| self.finder.cost(c) == 0 && self.open(c);
        let t = |c: Cell| self.level.terrain(c);
        let mut windows = Vec::new();
        for x in rect.x0..rect.x1 {
            if t(Cell::new(x, rect.y0 - 1)) == Terrain::Window(crate::model::Dir::S)
                && free(Cell::new(x, rect.y0))
            {
                windows.push(Cell::new(x, rect.y0));
            }
            if t(Cell::new(x, rect.y1)) == Terrain::Window(crate::model::Dir::N)
                && free(Cell::new(x, rect.y1 - 1))
            {
                windows.push(Cell::new(x, rect.y1 - 1));
            }
        }
        for y in rect.y0..rect.y1 {
            if t(Cell::new(rect.x0 - 1, y)) == Terrain::Window(crate::model::Dir::W)
                && free(Cell::new(rect.x0, y))
            {
                windows.push(Cell::new(rect.x0, y));
            }
            if t(Cell::new(rect.x1, y)) == Terrain::Window(crate::model::Dir::E)
                && free(Cell::new(rect.x1 - 1, y))
            {
                windows.push(Cell::new(rect.x1 - 1, y));
            }
        }
        if !windows.is_empty() {
            return (windows, StationKind::Window);
        }
        let mut loot = Vec::new();
        for coin in self
            .station_items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin && rect.contains(i.cell))
        {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let c = coin.cell.offset(dx, dy);
                if rect.contains(c) && free(c) {
                    loot.push(c);
                }
            }
        }
        if !loot.is_empty() {
            return (loot, StationKind::Loot);
        }
        let chairs = self
            .station_items
            .iter()
            .filter(|i| i.kind == ItemKind::Chair && rect.contains(i.cell));
        let chairs = chairs.map(|i| i.cell).filter(|&c| self.open(c));
        (chairs.collect(), StationKind::Chair)
    }

    /// A station of `r` (one draw when the list is non-empty), else the beside-door cell toward `q`.
    fn pick_station(
        &self,
        r: RoomId,
        q: RoomId,
        role: StationRole,
        rng: &mut Stream,
    ) -> Option<Station> {
        let (list, kind) = self.stations(r);
        if list.is_empty() {
            let cell = self.beside_door(r, q)?;
            return Some(Station {
                cell,
                room: r,
                kind: StationKind::IntoRoom,
                role,
            });
        }
        Some(Station {
            cell: list[rng.below(list.len())],
            room: r,
            kind,
            role,
        })
    }

    /// Crossing from `r` to `q` along a corridor: the corridor cells from `r`'s end up to, not including,
    /// `q`'s end, where `q`'s part of the route starts. Nothing for a door in a shared wall.
    fn walk_corridor(&self, r: RoomId, q: RoomId, out: &mut Vec<Cell>) {
        let Some(id) = self.door_between(r, q) else {
            return;
        };
        let adj = &self.level.adjacencies[id];
        let Some((_, rest)) = adj.via.split_last() else {
            return;
        };
        if adj.left == r {
            out.extend_from_slice(rest);
        } else {
            out.extend(adj.via[1..].iter().rev());
        }
    }

    fn path(&mut self, from: Option<Cell>, to: Option<Cell>, out: &mut Vec<Cell>) {
        if let (Some(a), Some(b)) = (from, to) {
            self.finder.append_path(a, b, out);
        }
    }

    /// Appends the cells of one node of a route.
    fn emit_node(
        &mut self,
        r: RoomId,
        p: Option<RoomId>,
        s: Option<RoomId>,
        route: &mut PatrolRoute,
        rng: &mut Stream,
    ) {
        let cells = &mut route.cells;
        match (p, s) {
            (None, Some(s)) => {
                let Some(start) = self.pick_station(r, s, StationRole::Head, rng) else {
                    return;
                };
                route.stations.push(start);
                cells.extend([start.cell, start.cell]);
                let door = self.door(r, s);
                self.path(Some(start.cell), door, cells);
            }
            (Some(p), None) => {
                let Some(end) = self.pick_station(r, p, StationRole::Tail, rng) else {
                    return;
                };
                route.stations.push(end);
                let door = self.door(r, p);
                self.path(door, Some(end.cell), cells);
                cells.extend([end.cell; END_DWELL]);
            }
            (Some(p), Some(s)) if p == s => {
                let door = self.door(r, p);
                let Some(end) = self.pick_station(r, p, StationRole::SideTrip, rng) else {
                    return;
                };
                route.stations.push(end);
                self.path(door, Some(end.cell), cells);
                cells.extend([end.cell; END_DWELL]);
                self.path(Some(end.cell), door, cells);
            }
            (Some(p), Some(s)) => {
                let (from, to) = (self.door(r, p), self.door(r, s));
                self.path(from, to, cells);
            }
            (None, None) => {}
        }
    }
}

/// The siheyuan's outside ring inset: two cells in from the map edge, one outside its walls.
const SIHEYUAN_RING_INSET: i32 = 2;

/// 5.13 k: the ring path `inset` cells in from the map edge, `(i, i)` east, north, west and south again.
/// With the siheyuan's inset 2 this is its ring around the house.
fn outside_ring(width: i32, height: i32, inset: i32) -> Vec<Cell> {
    let i = inset;
    let mut ring = Vec::new();
    ring.extend((i..=width - 2 - i).map(|x| Cell::new(x, i)));
    ring.extend((i..=height - 2 - i).map(|y| Cell::new(width - 1 - i, y)));
    ring.extend(
        (i + 1..=width - 1 - i)
            .rev()
            .map(|x| Cell::new(x, height - 1 - i)),
    );
    ring.extend((i + 1..=height - 1 - i).rev().map(|y| Cell::new(i, y)));
    ring
}

/// Builds every patrol route of the siheyuan level (5.13), drawing from `rng`; rooms marked in `held`
/// (walked by kept patrols, see [`super::kept_patrols`]) are left out, and new guards keep out of the
/// rooms `locks` fence ([`super::fence`]).
pub fn build_patrols(level: &mut Level, rng: &mut Stream, held: &[bool], locks: &[LockedRoom]) {
    build_patrols_with_ring(level, rng, Some(SIHEYUAN_RING_INSET), held, locks);
}

/// Builds every patrol route (5.13), drawing from `rng`. The outside ring (from level 6, only when the
/// level has an outside) runs `ring_inset` cells in from the map edge; `None`, or a ring that would cross
/// anything impassable, means no outside patrols, which the diagnostics then say. Rooms marked in `held`
/// take no part in the chains, as if they had no doors; an empty `held` leaves out none. A room locked
/// without [patrols allowed](LockedRoom::allow_patrols) takes part only as a way through to rooms no
/// other way leads to, and never at a chain's end, where a guard starts or stands ([`super::fence`]).
pub fn build_patrols_with_ring(
    level: &mut Level,
    rng: &mut Stream,
    ring_inset: Option<i32>,
    held: &[bool],
    locks: &[LockedRoom],
) {
    let (participates, fence) = participation(level, held, locks);
    let mut order: Vec<usize> = (0..level.adjacencies.len()).collect();
    rng.shuffle(&mut order);
    let mut chains = assemble_chains(level, &order, &participates);
    let splits = split_chains(&mut chains, &participates, piece_length(level.level));
    add_side_trips(&mut chains, level, &order, &participates, &fence);
    if !fence.is_empty() {
        trim_fenced(&mut chains, &fence);
        // Rooms a cut end left alone hang on as side trips where they can, or through the fenced room.
        add_side_trips(&mut chains, level, &order, &participates, &fence);
        add_detours(&mut chains, level, &order, &participates, &fence);
    }

    let costs = move_costs(level);
    let mut emitter = Emitter::new(level, costs.values());
    emitter.fenced = (0..level.rooms.len())
        .filter(|&r| fence.fenced(r))
        .collect();
    let mut handled = vec![false; chains.nodes.len()];
    let mut routes = Vec::new();
    for n in 0..chains.nodes.len() {
        if handled[n] {
            continue;
        }
        if chains.nodes[n].unlinked() {
            handled[n] = true;
            continue;
        }
        let start = chains.walk_start(n, &fence);
        let mut route = PatrolRoute {
            // Most routes walk a few dozen cells.
            cells: Vec::with_capacity(64),
            visits: Vec::new(),
            stations: Vec::new(),
            outside: false,
        };
        let mut cur = start;
        loop {
            handled[cur] = true;
            let node = chains.nodes[cur];
            let region = |i: Option<usize>| i.map(|i| chains.nodes[i].region);
            route.visits.push(node.region);
            emitter.emit_node(
                node.region,
                region(node.prev),
                region(node.next),
                &mut route,
                rng,
            );
            if let Some(next) = node.next {
                emitter.walk_corridor(node.region, chains.nodes[next].region, &mut route.cells);
            }
            match node.next {
                Some(next) if !handled[next] => cur = next,
                _ => break,
            }
        }
        routes.push(route);
    }
    let mut diagnostics = Vec::new();
    let ring = match ring_inset {
        Some(inset) if level.level >= 6 && level.exterior().is_some() => {
            let ring = outside_ring(level.width, level.height, inset);
            let walkable = |c: &Cell| emitter.finder.cost(*c) == 0;
            if ring.len() >= 4 && ring.iter().all(walkable) {
                Some(ring)
            } else {
                diagnostics.push(Diagnostic::NoOutsideRing);
                None
            }
        }
        _ => None,
    };
    if let Some(ring) = ring {
        let mut rotated = ring.clone();
        rotated.rotate_left(ring.len() / 2);
        for cells in [ring, rotated] {
            routes.push(PatrolRoute {
                cells,
                visits: Vec::new(),
                stations: Vec::new(),
                outside: true,
            });
        }
    }
    level.patrols = routes;
    level.split_points = splits;
    level.diagnostics.extend(diagnostics);
}

/// Which rooms take part in the chains — not the outside, not a room in `held`, and a room `locks`
/// fence only as a way through — and the fence itself.
fn participation(level: &Level, held: &[bool], locks: &[LockedRoom]) -> (Vec<bool>, Fence) {
    let patrolled: Vec<bool> = level
        .rooms
        .iter()
        .enumerate()
        .map(|(r, room)| room.kind != RoomKind::Exterior && !held.get(r).copied().unwrap_or(false))
        .collect();
    let doors = level
        .adjacencies
        .iter()
        .filter(|a| a.door)
        .map(|a| (a.left, a.right));
    let fence = Fence::new(
        level.rooms.len(),
        doors,
        fenced_rooms(level, locks),
        &patrolled,
    );
    let participates: Vec<bool> = (0..level.rooms.len())
        .map(|r| patrolled[r] && fence.enterable(r))
        .collect();
    (participates, fence)
}

/// Emits the cells of a route that visits `visits` in order, as the patrol pass would for that chain
/// (stations at the ends, side trips where a room is entered and left through the same neighbour);
/// `looped` closes it into a loop. Hand edits of patrols use this to re-walk a changed route.
pub fn emit_route(level: &Level, visits: &[RoomId], looped: bool, rng: &mut Stream) -> PatrolRoute {
    let costs = move_costs(level);
    let mut emitter = Emitter::new(level, costs.values());
    let mut route = PatrolRoute {
        cells: Vec::new(),
        visits: Vec::new(),
        stations: Vec::new(),
        outside: false,
    };
    let n = visits.len();
    for (i, &room) in visits.iter().enumerate() {
        let prev = if i > 0 {
            Some(visits[i - 1])
        } else {
            looped.then(|| visits[n - 1])
        };
        let next = if i + 1 < n {
            Some(visits[i + 1])
        } else {
            looped.then(|| visits[0])
        };
        route.visits.push(room);
        emitter.emit_node(room, prev, next, &mut route, rng);
        if let Some(next) = next {
            emitter.walk_corridor(room, next, &mut route.cells);
        }
    }
    route
}

/// 5.14: one guard per route from level 1, each carrying a torch with chance `L / (L + 5)` from level 2.
pub fn place_guards(level: &mut Level, rng: &mut Stream) {
    level.guards.clear();
    if level.level == 0 {
        return;
    }
    let l = level.level as usize;
    for (route, patrol) in level.patrols.iter().enumerate() {
        let Some(&start) = patrol.cells.first() else {
            continue;
        };
        let carries_torch = l >= 2 && rng.below(5 + l) < l;
        level.guards.push(Guard {
            start,
            route,
            carries_torch,
        });
    }
}
