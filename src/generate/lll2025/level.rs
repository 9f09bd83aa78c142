//! The bridge from a finished [`Build`] to the project's [`Level`], so the painter, overlays, analyses,
//! exports and editor see a 2025 level like any other: terrain and items in the model's kinds, the game's
//! rooms (all its outdoor rooms as the one exterior the model allows), walls with their doors as
//! adjacencies, one patrol route per guard, the front door as the entrance, and what the model's shared
//! records cannot say (room types, level type, what guards carry) in [`Level2025`].
//!
//! The model holds one item per cell where the game may stack two (a plinth under its treasure, loot on
//! a chair or table): the top one, the one the game draws, is kept.

use super::Build;
use super::map::{self, ItemKind as GameItem, Terrain as GameTerrain};
use super::rooms::{DoorType, RoomType};
use crate::generate::build::exterior_of;
use crate::model::topology::{move_costs, room_of_cell};
use crate::model::{
    Adjacency, Axis, Cell, Dir, Entrance, Grid, Guard, GuardExtras2025, Item, ItemKind, Level,
    Level2025, PatrolRoute, Post2025, Rect, Room, RoomId, RoomKind, RoomOrigin, RoomType2025,
    Segment, Terrain,
};

/// The generator's id in levels and on the command line.
pub const GENERATOR: &str = "lll2025";

/// The model's terrain for the game's.
fn terrain(t: GameTerrain) -> Terrain {
    use GameTerrain as G;
    match t {
        G::GroundNormal => Terrain::Ground,
        G::GroundGrass => Terrain::Grass,
        G::GroundWater => Terrain::Water,
        G::GroundMarble => Terrain::Marble,
        G::GroundWood => Terrain::Wood,
        G::GroundWoodCreaky => Terrain::WoodCreaky,
        G::GroundVault => Terrain::VaultFloor,
        G::GroundTreasure => Terrain::TreasureFloor,
        G::Wall(_) => Terrain::Wall,
        G::OneWayWindowE => Terrain::Window(Dir::E),
        G::OneWayWindowW => Terrain::Window(Dir::W),
        G::OneWayWindowN => Terrain::Window(Dir::N),
        G::OneWayWindowS => Terrain::Window(Dir::S),
        G::PortcullisNS => Terrain::Portcullis(Axis::NS),
        G::PortcullisEW => Terrain::Portcullis(Axis::EW),
        G::DoorNS => Terrain::Door(Axis::NS),
        G::DoorEW => Terrain::Door(Axis::EW),
        G::GardenDoorNS => Terrain::GardenDoor(Axis::NS),
        G::GardenDoorEW => Terrain::GardenDoor(Axis::EW),
    }
}

/// The model's item for the game's; `None` for the plinth (its cell's [`Terrain::TreasureFloor`] shows
/// it) and the runtime-only kinds, which never lie on a generated map.
fn item(k: GameItem) -> Option<ItemKind> {
    use GameItem as G;
    Some(match k {
        G::Chair => ItemKind::Chair,
        G::Table => ItemKind::Table,
        G::BedL => ItemKind::BedLeft,
        G::BedR => ItemKind::BedRight,
        G::DrawersShort => ItemKind::DrawersShort,
        G::DrawersTall => ItemKind::DrawersTall,
        G::Bookshelf => ItemKind::Bookshelf,
        G::Shelf => ItemKind::Shelf,
        G::Stove => ItemKind::Stove,
        G::Bush => ItemKind::Bush,
        G::Coin => ItemKind::Coin,
        G::Health => ItemKind::Health,
        G::DoorNS => ItemKind::Door(Axis::NS),
        G::DoorEW => ItemKind::Door(Axis::EW),
        G::LockedDoorNS => ItemKind::LockedDoor(Axis::NS),
        G::LockedDoorEW => ItemKind::LockedDoor(Axis::EW),
        G::PortcullisNS => ItemKind::Portcullis(Axis::NS),
        G::PortcullisEW => ItemKind::Portcullis(Axis::EW),
        G::TorchUnlit => ItemKind::TorchUnlit,
        G::TorchLit => ItemKind::TorchLit,
        G::VaultTreasureBox => ItemKind::VaultBox,
        G::Note => ItemKind::Note,
        G::TreasureLock => ItemKind::TreasureLock,
        G::TreasureA => ItemKind::Treasure(0),
        G::TreasureB => ItemKind::Treasure(1),
        G::TreasureC => ItemKind::Treasure(2),
        G::TreasureD => ItemKind::Treasure(3),
        G::TreasureE => ItemKind::Treasure(4),
        G::TreasurePlinth
        | G::TorchCarry
        | G::PurseCarry
        | G::Key
        | G::KeyCarry
        | G::EmptyVaultTreasureBox
        | G::LootedVaultTreasureBox => return None,
    })
}

/// The cell of a game coordinate pair.
fn cell((x, y): (i32, i32)) -> Cell {
    Cell::new(x, y)
}

/// The terrain of the game's map, cell for cell.
fn blank_with_terrain(b: &Build, seed: u64) -> Level {
    let m = &b.map;
    let mut level = Level::blank(GENERATOR, b.plan.level, seed, (m.w, m.h), Terrain::Grass);
    for y in 0..m.h {
        for x in 0..m.w {
            level.set_terrain(Cell::new(x, y), terrain(m.at(x, y)));
        }
    }
    level
}

/// The items, one per cell: the last the game placed on each (the one it draws), in placement order.
fn items(m: &map::Map) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(m.items.len());
    for it in &m.items {
        let Some(kind) = item(it.kind) else { continue };
        let c = Cell::new(it.x, it.y);
        out.retain(|o| o.cell != c);
        out.push(Item { kind, cell: c });
    }
    out
}

/// The model's rooms: the exterior first (every outdoor room of the game), then the game's indoor rooms
/// in list order; with the map from game room ids to model ids and each model room's type.
fn rooms(b: &Build, level: &Level) -> (Vec<Room>, Vec<Option<RoomId>>, Vec<RoomType2025>) {
    let mut ids = vec![None; b.graph.rooms.len()];
    let mut out = Vec::new();
    let mut types = vec![RoomType2025::Exterior];
    let mut owned = crate::model::Grid::new(level.shape(), false);
    for r in b.indoor_rooms() {
        let g = &b.graph.rooms[r];
        ids[r] = Some(out.len() + 1);
        let interior = Rect {
            x0: g.min.0,
            y0: g.min.1,
            x1: g.max.0,
            y1: g.max.1,
        };
        let cells: Vec<Cell> = interior.cells().collect();
        for &c in &cells {
            owned.set(c, true);
        }
        let kind = if g.room_type.is_courtyard() {
            RoomKind::Courtyard
        } else {
            RoomKind::Room
        };
        types.push(g.room_type);
        out.push(Room {
            kind,
            private: g.private,
            depth: g.depth as u32,
            interior,
            cells,
            origin: RoomOrigin::Corner2025 {
                x: g.min.0,
                y: g.min.1,
            },
        });
    }
    for &r in &b.graph.room_list {
        if b.graph.rooms[r].room_type == RoomType::Exterior {
            ids[r] = Some(0);
        }
    }
    let outside: Vec<Cell> = level
        .all_cells()
        .filter(|&c| {
            !owned.at(c) && !level.terrain(c).is_blocking() && !level.terrain(c).is_door_like()
        })
        .collect();
    let exterior = exterior_of(level, outside);
    out.insert(0, exterior);
    (out, ids, types)
}

/// One adjacency per wall between two different model rooms, its run without the corner posts, its door
/// cell where the game drew one.
fn adjacencies(b: &Build, level: &Level, ids: &[Option<RoomId>]) -> Vec<Adjacency> {
    let mut out = Vec::new();
    for &w in &b.graph.wall_list {
        let wall = &b.graph.walls[w];
        let (Some(left), Some(right)) = (ids[wall.left], ids[wall.right]) else {
            continue;
        };
        if left == right || wall.length < 2 {
            continue;
        }
        let dir = if wall.vertical { Dir::N } else { Dir::E };
        let (dx, dy) = dir.delta();
        let segment = Segment {
            origin: cell(wall.origin).offset(dx, dy),
            dir,
            len: wall.length - 1,
        };
        let door_cells: Vec<Cell> = if wall.door {
            segment
                .cells()
                .filter(|&c| level.terrain(c).is_door_like())
                .take(1)
                .collect()
        } else {
            Vec::new()
        };
        out.push(Adjacency {
            left,
            right,
            segment: Some(segment),
            mirror: None,
            door: wall.door && !door_cells.is_empty(),
            door_cells,
            via: Vec::new(),
        });
    }
    out
}

/// How the game's guard keeps its post: a one-cell route is a stationary guard, seated when a chair
/// stands on its cell.
fn post(b: &Build, g: &super::ascii::GuardRecord) -> Post2025 {
    let on_chair = b
        .map
        .items
        .iter()
        .any(|i| i.kind == GameItem::Chair && (i.x, i.y) == g.pos);
    match (g.path.len() == 1, on_chair) {
        (false, _) => Post2025::Patrolling,
        (true, false) => Post2025::Standing,
        (true, true) => Post2025::Seated,
    }
}

/// One route per guard, rotated to start where the guard stands, and the guards with their loads.
fn guards(b: &Build) -> (Vec<PatrolRoute>, Vec<Guard>, Vec<GuardExtras2025>) {
    let (mut routes, mut guards, mut extras) = (Vec::new(), Vec::new(), Vec::new());
    for g in &b.guards {
        let mut cells: Vec<Cell> = g.path.iter().copied().map(cell).collect();
        if let Some(k) = cells.iter().position(|&c| c == cell(g.pos)) {
            cells.rotate_left(k);
        }
        // Off its route, the guard is walked there by `join_post_to_route` once the map's costs are known.
        guards.push(Guard {
            start: cell(g.pos),
            route: routes.len(),
            carries_torch: g.flags & 1 != 0,
        });
        extras.push(GuardExtras2025 {
            purse: g.flags & 2 != 0,
            key: g.flags & 4 != 0,
            post: post(b, g),
        });
        routes.push(PatrolRoute {
            cells,
            visits: Vec::new(),
            stations: Vec::new(),
            outside: g.letter == 'O',
        });
    }
    (routes, guards, extras)
}

/// A guard posted off its route (level 1's tutorial guard waits just inside the gate, then walks to its
/// route, §7.23): the model's routes are closed walks that start where the guard stands, so the route
/// becomes the walk from the post to the nearest route cell, the whole loop from there, and the walk back.
/// The game's guard does not come back to the post after a lap; that one guard is the approximation.
/// A guard on its route, or one with no walk to it, keeps the route as it is.
fn join_post_to_route(cells: &mut Vec<Cell>, post: Cell, costs: &Grid<u32>) {
    if cells.first() == Some(&post) {
        return;
    }
    let loop_cells = &cells[..];
    let Some(lead) = walk_to_any(post, loop_cells, costs) else {
        cells.insert(0, post);
        return;
    };
    let Some(&joined) = lead.last() else {
        return;
    };
    let Some(k) = loop_cells.iter().position(|&c| c == joined) else {
        return;
    };
    let mut route: Vec<Cell> = lead.clone();
    route.extend(loop_cells[k + 1..].iter().chain(&loop_cells[..=k]));
    route.extend(lead.iter().rev().skip(1).take(lead.len().saturating_sub(2)));
    *cells = route;
}

/// The shortest walk (8 directions, no corner cutting, no water) from `from` to the nearest of
/// `targets`, both ends included.
fn walk_to_any(from: Cell, targets: &[Cell], costs: &Grid<u32>) -> Option<Vec<Cell>> {
    let open = |c: Cell| costs.get(c).is_some_and(|&v| v < 4096);
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

/// The rooms a route passes through, in the order it first enters them (cells of no room skipped).
fn visits(cells: &[Cell], room_at: impl Fn(Cell) -> Option<RoomId>) -> Vec<RoomId> {
    let mut rooms: Vec<RoomId> = Vec::new();
    for room in cells.iter().filter_map(|&c| room_at(c)) {
        if !rooms.contains(&room) {
            rooms.push(room);
        }
    }
    rooms
}

/// The model's level of a finished build; `seed` is the model's record of the seed it was built from.
pub fn to_level(b: &Build, seed: u64) -> Level {
    let mut level = blank_with_terrain(b, seed);
    level.items = items(&b.map);
    let (rooms, ids, room_types) = rooms(b, &level);
    level.rooms = rooms;
    level.adjacencies = adjacencies(b, &level, &ids);
    let (mut patrols, guards, guard_extras) = guards(b);
    let costs = move_costs(&level);
    for (route, guard) in patrols.iter_mut().zip(&guards) {
        join_post_to_route(&mut route.cells, guard.start, &costs);
    }
    let owners = room_of_cell(&level);
    for route in &mut patrols {
        route.visits = visits(&route.cells, |c| owners.at(c));
    }
    level.patrols = patrols;
    level.guards = guards;
    level.player_start = cell(b.start);
    let front = b
        .graph
        .wall_list
        .iter()
        .map(|&w| &b.graph.walls[w])
        .find(|w| w.door_type == DoorType::GateFront);
    let front_room = front
        .and_then(|w| ids[w.left].filter(|&r| r != 0).or(ids[w.right]))
        .unwrap_or(0);
    let front_cell = level
        .adjacencies
        .iter()
        .find(|a| a.touches(0) && a.touches(front_room) && a.door)
        .and_then(|a| a.door_cells.first().copied())
        .unwrap_or(level.player_start);
    level.entrance = Entrance {
        room: front_room,
        cell: front_cell,
        exterior: Some(0),
        depth_seeds: (1..level.rooms.len())
            .filter(|&r| level.rooms[r].depth == 1)
            .collect(),
        exit_cell: None,
    };
    level.lll2025 = Some(Box::new(Level2025 {
        level_type: b.plan.level_type,
        room_types,
        guards: guard_extras,
    }));
    level
}
