//! The bridge from a finished [`Build`] to the project's [`Level`], so the painter, overlays, analyses,
//! exports and editor see a 2025 level like any other: terrain and items in the model's kinds, the game's
//! rooms (all its outdoor rooms as the one exterior the model allows), walls with their doors as
//! adjacencies, one patrol route per guard, the front door as the entrance, and what the model's shared
//! records cannot say (room types, level type, what guards carry) in [`Level2025`].
//!
//! The items keep the game's list order, so a cell's items stack as the game's do (a plinth under its
//! treasure under its lock, loot on a chair or table), and the spec-§14 hash can be read off the model.

use super::Build;
use super::map::{self, ItemKind as GameItem, Terrain as GameTerrain};
use super::rooms::{DoorType, RoomType};
use crate::generate::build::exterior_of;
use crate::model::topology::room_of_cell;
use crate::model::{
    Adjacency, Axis, Cell, Dir, Entrance, Extension, Guard, GuardExtras2025, Item, ItemKind, Level,
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

/// The model's item for the game's; `None` for the runtime-only kinds, which never lie on a generated
/// map.
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
        G::TreasurePlinth => ItemKind::Plinth,
        G::TorchCarry
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

/// Every item the game placed, in its list order, so that the items on one cell stack bottom to top as
/// the game draws them (a coin on a chair, a treasure on its plinth under its lock).
fn items(m: &map::Map) -> Vec<Item> {
    m.items
        .iter()
        .filter_map(|it| {
            item(it.kind).map(|kind| Item {
                kind,
                cell: Cell::new(it.x, it.y),
            })
        })
        .collect()
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

/// One route per guard, the game's path (which starts where the guard stands but at level 1), and the
/// guards with their loads.
fn guards(b: &Build) -> (Vec<PatrolRoute>, Vec<Guard>, Vec<GuardExtras2025>) {
    let (mut routes, mut guards, mut extras) = (Vec::new(), Vec::new(), Vec::new());
    for g in &b.guards {
        let cells: Vec<Cell> = g.path.iter().copied().map(cell).collect();
        // Level 1's guard waits off its route, inside the front gate (§7.23): the route stays the
        // game's path, and the rules walk the guard onto it.
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
    level.extension = Some(Box::new(Extension::Lll2025(Level2025 {
        level_type: b.plan.level_type,
        room_types,
        guards: guard_extras,
    })));
    level
}
