//! The per-mansion figures of the 2025 reference statistics (`lll-2025-mansion.md` §12,
//! `tests/data/lll2025-stats.json`'s `figure_keys`), computed from a [`Build`] alone (the route
//! figures from the guards' route nodes: visits, stops and the sweep flag). Every figure of the reference
//! is computed ([`super::figure_keys`] lists them). `stats --generator
//! lll2025` prints them ([`super::declaration`]); `tests/lll2025_stats.rs` checks every one against the
//! reference over games 1–2000.

use std::collections::{BTreeMap, BTreeSet};

use super::Build;
use super::figure_keys::{KEYS, REAL};
use super::map::{ItemKind, Terrain};
use super::patrols::StopKind;
use super::plan::LevelType;
use super::rooms::{DoorType, RoomId, RoomType};
use crate::generate::figures::{Figure, GeneratorFigures};

/// [`figures`] as `stats` prints them: every key of [`KEYS`] in order, counts as integers.
pub fn generator_figures(build: &Build) -> GeneratorFigures {
    let values = figures(build);
    GeneratorFigures(
        KEYS.iter()
            .filter_map(|&key| {
                let v = *values.get(key)?;
                let figure = if REAL.contains(&key) || v.fract() != 0.0 || v < 0.0 {
                    Figure::Real(v)
                } else {
                    Figure::Count(v as usize)
                };
                Some((key, figure))
            })
            .collect(),
    )
}

/// The rooms of a level and which room holds each cell.
struct Rooms<'a> {
    /// The build.
    build: &'a Build,
    /// The room (by id) of each cell, row-major; 0 (the outside) where no room lies.
    cell_room: Vec<RoomId>,
}

impl<'a> Rooms<'a> {
    fn new(build: &'a Build) -> Self {
        let (w, h) = (build.map.w, build.map.h);
        let mut cell_room = vec![0; (w * h) as usize];
        for &r in &build.graph.room_list {
            if r == 0 {
                continue;
            }
            let room = &build.graph.rooms[r];
            for y in room.min.1..room.max.1 {
                for x in room.min.0..room.max.0 {
                    cell_room[(y * w + x) as usize] = r;
                }
            }
        }
        Rooms { build, cell_room }
    }

    /// The room holding cell (x, y).
    fn at(&self, x: i32, y: i32) -> RoomId {
        self.cell_room[(y * self.build.map.w + x) as usize]
    }

    fn kind(&self, r: RoomId) -> RoomType {
        self.build.graph.rooms[r].room_type
    }

    /// Whether a room is outdoors: the outside or a Mansion's outdoor slot.
    fn outdoor(&self, r: RoomId) -> bool {
        r == 0 || self.kind(r) == RoomType::Exterior
    }

    /// The door-flagged walls of the level (in the game's list).
    fn doors(&self) -> impl Iterator<Item = usize> + '_ {
        let g = &self.build.graph;
        g.wall_list.iter().copied().filter(|&w| g.walls[w].door)
    }

    /// The number of door-flagged walls of room `r`.
    fn door_count(&self, r: RoomId) -> usize {
        let g = &self.build.graph;
        self.doors()
            .filter(|&w| g.walls[w].left == r || g.walls[w].right == r)
            .count()
    }

    /// The rooms of the figures: not the outside, not Exterior.
    fn counted(&self) -> Vec<RoomId> {
        self.build
            .graph
            .room_list
            .iter()
            .copied()
            .filter(|&r| !self.outdoor(r))
            .collect()
    }
}

/// `estimateBacktracking` (§9): door-hop distances between every two rooms of the list (outside
/// included), then a nearest-neighbour tour from the first room; total over `rooms − 1`.
///
/// The game runs Floyd–Warshall over the rooms; every hop costs one, so a breadth-first search from
/// each room gives the same distances in `O(n·(n + doors))` instead of `O(n³)` (the figure was a tenth
/// of `stats --generator lll2025`'s time).
pub fn backtracking(build: &Build) -> f64 {
    /// No path.
    const FAR: u32 = u32::MAX;
    let g = &build.graph;
    let n = g.room_list.len();
    let mut index = vec![usize::MAX; g.rooms.len()];
    for (i, &r) in g.room_list.iter().enumerate() {
        index[r] = i;
    }
    let mut next_to: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &w in &g.wall_list {
        let wall = &g.walls[w];
        if wall.door {
            let (a, b) = (index[wall.left], index[wall.right]);
            if a != usize::MAX && b != usize::MAX {
                next_to[a].push(b);
                next_to[b].push(a);
            }
        }
    }
    let mut d = vec![FAR; n * n];
    let mut queue = std::collections::VecDeque::with_capacity(n);
    for from in 0..n {
        let row = &mut d[from * n..(from + 1) * n];
        row[from] = 0;
        queue.push_back(from);
        while let Some(at) = queue.pop_front() {
            for &to in &next_to[at] {
                if row[to] == FAR {
                    row[to] = row[at] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    let mut seen = vec![false; n];
    seen[0] = true;
    let (mut at, mut total) = (0, 0);
    loop {
        let next = (0..n)
            .filter(|&j| !seen[j] && d[at * n + j] < FAR)
            .min_by_key(|&j| (d[at * n + j], j));
        let Some(j) = next else { break };
        total += d[at * n + j];
        seen[j] = true;
        at = j;
    }
    f64::from(total) / (n - 1) as f64
}

/// `markExteriorAsSeen` (§9): cells reached from the start by an 8-neighbour flood over cells below
/// Wall0000, plus the walls (and windows, doors) it touches.
fn pre_revealed(build: &Build) -> usize {
    let m = &build.map;
    let mut seen = vec![false; (m.w * m.h) as usize];
    let mut stack = vec![build.start];
    seen[(build.start.1 * m.w + build.start.0) as usize] = true;
    while let Some((x, y)) = stack.pop() {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if !m.contains(nx, ny) || seen[(ny * m.w + nx) as usize] {
                    continue;
                }
                seen[(ny * m.w + nx) as usize] = true;
                if !m.at(nx, ny).is_wall_or_better() {
                    stack.push((nx, ny));
                }
            }
        }
    }
    seen.iter().filter(|&&s| s).count()
}

/// Par time in turns (`game.ts:464-473`, §9).
pub fn par_turns(build: &Build) -> f64 {
    let cells = (build.map.w * build.map.h) as usize;
    let d = (cells - pre_revealed(build)) as f64;
    let t = d * backtracking(build);
    let g = build.guards.len() as f64;
    10.0 * ((t / 3.5 + 8.0 * g + 1000.0 * g / t) / 10.0).ceil()
}

/// Floor cells (not wall or window) not 4-connected to the start through anything but walls and windows.
pub fn unreachable_floor_cells(build: &Build) -> usize {
    build.map.cut_off_from(build.start).len()
}

/// Every figure of [`figures`]' keys for one mansion.
#[allow(
    clippy::too_many_lines,
    reason = "one flat list of figures reads best beside the spec's §12"
)]
pub fn figures(build: &Build) -> BTreeMap<&'static str, f64> {
    use ItemKind as I;
    let rooms = Rooms::new(build);
    let g = &build.graph;
    let m = &build.map;
    let mut f: BTreeMap<&'static str, f64> = BTreeMap::new();
    let mut put = |k: &'static str, v: f64| {
        f.insert(k, v);
    };
    let b = |v: bool| f64::from(u8::from(v));
    let plan = &build.plan;
    put("rooms_x", f64::from(plan.rooms_x));
    put("rooms_y", f64::from(plan.rooms_y));
    put("plan_loot", f64::from(plan.loot));
    put("width", f64::from(m.w));
    put("height", f64::from(m.h));
    put("mirror_x", b(build.mirrors.x));
    put("mirror_y", b(build.mirrors.y));
    // Doors mirrored in effect: the draw, on a level whose walls are mirrored at all.
    put(
        "mirror_doors",
        b(build.mirror_doors && (build.mirrors.x || build.mirrors.y)),
    );
    put("straight_outside_walls", b(build.offsets.straight));
    put("fortress_extra_doors", build.fortress_extra_doors as f64);
    let mut outside_slots = 0;
    for x in 0..build.inside.nx {
        for y in 0..build.inside.ny {
            outside_slots += usize::from(!build.inside.get(x, y));
        }
    }
    put("courtyard_slots", outside_slots as f64);
    put("merges", (g.rooms.len() - g.room_list.len()) as f64);
    // `connectRooms`' perimeter (§7.6 item 4): the walls with exactly one Exterior side.
    let perimeter: i32 = g
        .wall_list
        .iter()
        .map(|&w| &g.walls[w])
        .filter(|w| {
            (g.rooms[w.left].room_type == RoomType::Exterior)
                != (g.rooms[w.right].room_type == RoomType::Exterior)
        })
        .map(|w| w.length)
        .sum();
    put("perimeter", f64::from(perimeter));
    let fortress = plan.level_type == LevelType::Fortress;
    let ring = fortress && {
        let (nx, ny) = (build.inside.nx, build.inside.ny);
        !(0..nx).any(|x| {
            (0..ny).any(|y| {
                let d = x.min(nx - 1 - x).min(y.min(ny - 1 - y));
                d == 1 && build.inside.get(x, y)
            })
        })
    };
    put("fortress_ring", b(ring));

    let counted = rooms.counted();
    let courtyards = counted
        .iter()
        .filter(|&&r| rooms.kind(r).is_courtyard())
        .count();
    put("rooms", counted.len() as f64);
    put("indoor_rooms", (counted.len() - courtyards) as f64);
    put("courtyards", courtyards as f64);
    let indoor_cells: i32 = counted
        .iter()
        .filter(|&&r| !rooms.kind(r).is_courtyard())
        .map(|&r| {
            let room = &g.rooms[r];
            (room.max.0 - room.min.0) * (room.max.1 - room.min.1)
        })
        .sum();
    put("indoor_cells", f64::from(indoor_cells));
    let type_count = |t: RoomType| {
        g.room_list
            .iter()
            .filter(|&&r| r != 0 && rooms.kind(r) == t)
            .count() as f64
    };
    for (key, t) in [
        ("rt_exterior", RoomType::Exterior),
        ("rt_public_courtyard", RoomType::PublicCourtyard),
        ("rt_public_room", RoomType::PublicRoom),
        ("rt_private_courtyard", RoomType::PrivateCourtyard),
        ("rt_private_room", RoomType::PrivateRoom),
        ("rt_vault", RoomType::Vault),
        ("rt_bedroom", RoomType::Bedroom),
        ("rt_dining", RoomType::Dining),
        ("rt_public_library", RoomType::PublicLibrary),
        ("rt_private_library", RoomType::PrivateLibrary),
        ("rt_kitchen", RoomType::Kitchen),
        ("rt_treasure", RoomType::Treasure),
        ("rt_treasure_courtyard", RoomType::TreasureCourtyard),
        ("rt_locked_treasure", RoomType::LockedTreasure),
        (
            "rt_locked_treasure_courtyard",
            RoomType::LockedTreasureCourtyard,
        ),
        ("rt_throne_room", RoomType::ThroneRoom),
    ] {
        put(key, type_count(t));
    }
    let private = counted
        .iter()
        .filter(|&&r| !rooms.kind(r).is_courtyard() && g.rooms[r].private)
        .count();
    put("private_rooms", private as f64);
    let dead_ends = counted
        .iter()
        .filter(|&&r| rooms.door_count(r) == 1)
        .count();
    put("dead_ends", dead_ends as f64);
    let max_depth = counted.iter().map(|&r| g.rooms[r].depth).max().unwrap_or(0);
    put("max_depth", max_depth as f64);
    put("backtracking", backtracking(build));

    // Doors by wall.
    let (mut doors, mut standard, mut front, mut back, mut locked) = (0, 0, 0, 0, 0);
    let (mut locked_ext, mut locked_vault, mut locked_int) = (0, 0, 0);
    let (mut ext_back, mut ext_side) = (0, 0);
    for w in rooms.doors() {
        let wall = &g.walls[w];
        if rooms.outdoor(wall.left) && rooms.outdoor(wall.right) {
            continue;
        }
        doors += 1;
        // Outside: an Exterior room (the map's outside or a Mansion's outdoor slot) on one side.
        let to_outside = rooms.kind(wall.left) == RoomType::Exterior
            || rooms.kind(wall.right) == RoomType::Exterior;
        match wall.door_type {
            DoorType::Standard => standard += 1,
            DoorType::GateFront => front += 1,
            DoorType::GateBack => back += 1,
            DoorType::Locked => {
                locked += 1;
                if to_outside {
                    locked_ext += 1;
                } else if rooms.kind(wall.left) == RoomType::Vault
                    || rooms.kind(wall.right) == RoomType::Vault
                {
                    locked_vault += 1;
                } else {
                    locked_int += 1;
                }
            }
        }
        if to_outside && wall.door_type != DoorType::GateFront {
            if !wall.vertical && rooms.kind(wall.left) == RoomType::Exterior {
                ext_back += 1;
            } else {
                ext_side += 1;
            }
        }
    }
    put("doors", f64::from(doors));
    put("door_standard", f64::from(standard));
    put("door_front_gate", f64::from(front));
    put("door_back_gate", f64::from(back));
    put("door_locked", f64::from(locked));
    put("door_locked_exterior", f64::from(locked_ext));
    put("door_locked_vault", f64::from(locked_vault));
    put("door_locked_interior", f64::from(locked_int));
    put("exterior_doors_back", f64::from(ext_back));
    put("exterior_doors_side", f64::from(ext_side));
    put(
        "fortress_extra_locked",
        if fortress { f64::from(locked_int) } else { 0.0 },
    );

    // Cells and items.
    let items_at = |x: i32, y: i32| m.items.iter().filter(move |i| (i.x, i.y) == (x, y));
    let (mut windows, mut open, mut portcullises, mut garden) = (0, 0, 0, 0);
    let (mut creaky, mut water, mut vault_floor) = (0, 0, 0);
    for y in 0..m.h {
        for x in 0..m.w {
            let t = m.at(x, y);
            windows += usize::from(t.is_window());
            match t {
                Terrain::DoorNS | Terrain::DoorEW => {
                    open += usize::from(!items_at(x, y).any(|i| {
                        matches!(
                            i.kind,
                            ItemKind::DoorNS
                                | ItemKind::DoorEW
                                | ItemKind::LockedDoorNS
                                | ItemKind::LockedDoorEW
                        )
                    }));
                }
                Terrain::PortcullisNS | Terrain::PortcullisEW => portcullises += 1,
                Terrain::GardenDoorNS | Terrain::GardenDoorEW => garden += 1,
                Terrain::GroundWoodCreaky => creaky += 1,
                Terrain::GroundWater => water += 1,
                Terrain::GroundVault => vault_floor += 1,
                _ => {}
            }
        }
    }
    put("windows", windows as f64);
    put("open_doorways", open as f64);
    put("portcullises", f64::from(portcullises));
    put("garden_doors", f64::from(garden));
    put("creaky_cells", f64::from(creaky));
    put("water_cells", f64::from(water));
    put("vault_floor_cells", f64::from(vault_floor));
    let count =
        |kinds: &[ItemKind]| m.items.iter().filter(|i| kinds.contains(&i.kind)).count() as f64;
    put("door_items", count(&[I::DoorNS, I::DoorEW]));
    put(
        "locked_door_items",
        count(&[I::LockedDoorNS, I::LockedDoorEW]),
    );
    put("torches_lit", count(&[I::TorchLit]));
    put("torches_unlit", count(&[I::TorchUnlit]));
    put("chairs", count(&[I::Chair]));
    put("tables", count(&[I::Table]));
    put("beds", count(&[I::BedL]));
    put("drawers_short", count(&[I::DrawersShort]));
    put("drawers_tall", count(&[I::DrawersTall]));
    put("bookshelves", count(&[I::Bookshelf]));
    put("shelves", count(&[I::Shelf]));
    put("stoves", count(&[I::Stove]));
    put("items", m.items.len() as f64);
    let treasure_kinds = [
        I::TreasureA,
        I::TreasureB,
        I::TreasureC,
        I::TreasureD,
        I::TreasureE,
    ];
    put("treasures", count(&treasure_kinds));
    put("treasures_locked", count(&[I::TreasureLock]));
    put("treasure_notes", count(&[I::Note]));
    put("treasure_switches", build.switches.len() as f64);
    put("vault_boxes", count(&[I::VaultTreasureBox]));
    put("health", count(&[I::Health]));
    let (mut bushes_ext, mut bushes_court) = (0, 0);
    for i in m.items.iter().filter(|i| i.kind == I::Bush) {
        if rooms.kind(rooms.at(i.x, i.y)).is_courtyard() {
            bushes_court += 1;
        } else {
            bushes_ext += 1;
        }
    }
    put("bushes_exterior", f64::from(bushes_ext));
    put("bushes_courtyard", f64::from(bushes_court));

    // Loot.
    let purses = build.guards.iter().filter(|g| g.flags & 2 != 0).count();
    let coins: Vec<_> = m.items.iter().filter(|i| i.kind == I::Coin).collect();
    put("loot", (coins.len() + purses) as f64);
    put("loot_coins", coins.len() as f64);
    put("loot_purses", purses as f64);
    let (mut furniture, mut vault, mut throne, mut dead_end, mut master, mut other, mut court) =
        (0, 0, 0, 0, 0, 0, 0);
    for c in &coins {
        furniture += usize::from(items_at(c.x, c.y).any(|i| i.kind != I::Coin));
        let r = rooms.at(c.x, c.y);
        let kind = rooms.kind(r);
        court += usize::from(kind.is_courtyard());
        if kind == RoomType::Vault {
            vault += 1;
        } else if kind == RoomType::ThroneRoom {
            throne += 1;
        } else if rooms.door_count(r) < 2 {
            dead_end += 1;
        } else if matches!(kind, RoomType::PrivateRoom | RoomType::Bedroom) {
            master += 1;
        } else {
            other += 1;
        }
    }
    put("loot_on_furniture", furniture as f64);
    put("loot_vault", f64::from(vault));
    put("loot_throne", f64::from(throne));
    put("loot_dead_end", f64::from(dead_end));
    put("loot_master", f64::from(master));
    put("loot_other", f64::from(other));
    put("loot_in_courtyards", court as f64);

    // Guards and routes.
    let guards = &build.guards;
    let by_letter = |letters: &[char]| {
        guards
            .iter()
            .filter(|g| letters.contains(&g.letter))
            .count() as f64
    };
    put("guards", guards.len() as f64);
    let walkers: Vec<_> = guards
        .iter()
        .filter(|g| g.path.len() > 1 && g.letter != 'O')
        .collect();
    put("guards_patrolling", walkers.len() as f64);
    put("patrol_routes", walkers.len() as f64);
    put(
        "guards_stationary",
        guards.iter().filter(|g| g.path.len() == 1).count() as f64,
    );
    put("guards_window", by_letter(&['W']));
    put("guards_seated", by_letter(&['C']));
    put("guards_vault", by_letter(&['Y']));
    put("guards_outside", by_letter(&['O']));
    put(
        "guards_torch",
        guards.iter().filter(|g| g.flags & 1 != 0).count() as f64,
    );
    put(
        "key_guards",
        guards.iter().filter(|g| g.flags & 4 != 0).count() as f64,
    );
    put(
        "needs_key",
        b(m.items
            .iter()
            .any(|i| matches!(i.kind, I::LockedDoorNS | I::LockedDoorEW))),
    );
    let patrollable: Vec<RoomId> = counted
        .iter()
        .copied()
        .filter(|&r| rooms.kind(r) != RoomType::Vault)
        .collect();
    let mut on_routes: BTreeMap<RoomId, usize> = BTreeMap::new();
    let (mut loops, mut out_back, mut sweepers) = (0, 0, 0);
    let (mut cells, mut visits, mut distinct, mut visits_max) = (0.0, 0.0, 0.0, 0usize);
    let (mut st_window, mut st_chair, mut st_door) = (0, 0, 0);
    for guard in &walkers {
        let walk = &guard.visits;
        let set: BTreeSet<RoomId> = walk.iter().copied().collect();
        for &r in &set {
            *on_routes.entry(r).or_default() += 1;
        }
        // The route contains a cycle of the room graph when its distinct door pairs (consecutive
        // visits, cyclically) are at least as many as its distinct rooms.
        let pairs: BTreeSet<(RoomId, RoomId)> = (0..walk.len())
            .map(|i| {
                let (a, c) = (walk[i], walk[(i + 1) % walk.len()]);
                (a.min(c), a.max(c))
            })
            .collect();
        if pairs.len() >= set.len() {
            loops += 1;
        } else {
            out_back += 1;
        }
        sweepers += usize::from(guard.sweep);
        for stop in &guard.stops {
            match stop {
                StopKind::Window => st_window += 1,
                StopKind::Chair => st_chair += 1,
                StopKind::BesideDoor => st_door += 1,
            }
        }
        cells += guard.path.len() as f64;
        visits += walk.len() as f64;
        distinct += set.len() as f64;
        visits_max = visits_max.max(walk.len());
    }
    let n = walkers.len().max(1) as f64;
    put("guards_sweeper", sweepers as f64);
    put("route_loops", f64::from(loops));
    put("route_out_and_back", f64::from(out_back));
    // The reference keeps these per-mansion means to two decimals (its minima read 32.71, 5.92, …).
    let round2 = |v: f64| (v * 100.0).round() / 100.0;
    put("route_cells_mean", round2(cells / n));
    put("route_visits_mean", round2(visits / n));
    put("route_rooms_mean", round2(distinct / n));
    put("route_visits_max", visits_max as f64);
    put("stations_window", f64::from(st_window));
    put("stations_chair", f64::from(st_chair));
    put("stations_beside_door", f64::from(st_door));
    put(
        "unpatrolled_rooms",
        patrollable
            .iter()
            .filter(|r| !on_routes.contains_key(r))
            .count() as f64,
    );
    put(
        "multi_patrolled_rooms",
        patrollable
            .iter()
            .filter(|r| on_routes.get(r).is_some_and(|&k| k >= 2))
            .count() as f64,
    );
    put("par_turns", par_turns(build));
    put(
        "unreachable_floor_cells",
        unreachable_floor_cells(build) as f64,
    );
    f
}
