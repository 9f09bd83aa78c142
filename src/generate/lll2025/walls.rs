//! Step 12 of the spec's pipeline (`renderWalls`, §7.11): the blank map, then every wall drawn, and per
//! symmetry ring the windows of its door-less members and the doors of the others. No draws.

use super::map::{ItemKind, Map, Terrain};
use super::plan::LevelType;
use super::rooms::{DoorType, Graph, RoomType, Wall, WallId};

/// The cell `k` steps from a wall's origin corner.
fn cell(wall: &Wall, k: i32) -> (i32, i32) {
    if wall.vertical {
        (wall.origin.0, wall.origin.1 + k)
    } else {
        (wall.origin.0 + k, wall.origin.1)
    }
}

/// `createBlankGameMap`: all grass, two cells beyond the furthest room corner.
pub fn blank_map(graph: &Graph) -> Map {
    let rooms = graph.room_list.iter().map(|&r| &graph.rooms[r]);
    let (w, h) = rooms.fold((0, 0), |(w, h), r| (w.max(r.max.0), h.max(r.max.1)));
    Map::new(w + 3, h + 3)
}

/// The window a door-less wall gets, by the direction from the enclosed room to the open side; `None`
/// when the wall gets none (vault walls, two rooms or two courtyards, a Fortress courtyard much deeper).
fn window(graph: &Graph, w: WallId, level_type: LevelType) -> Option<Terrain> {
    let wall = &graph.walls[w];
    let (l, r) = (&graph.rooms[wall.left], &graph.rooms[wall.right]);
    let (tl, tr) = (l.room_type, r.room_type);
    if tl == RoomType::Vault
        || tr == RoomType::Vault
        || (tl == RoomType::Exterior && tr == RoomType::Exterior)
    {
        return None;
    }
    let fortress = level_type == LevelType::Fortress;
    let toward_right = if (tl == RoomType::Exterior) != (tr == RoomType::Exterior) {
        tr == RoomType::Exterior
    } else if tl.is_courtyard() != tr.is_courtyard() {
        if tr.is_courtyard() {
            if fortress && l.depth + 1 < r.depth {
                return None;
            }
            true
        } else {
            if fortress && r.depth + 1 < l.depth {
                return None;
            }
            false
        }
    } else {
        return None;
    };
    // The game's table indexed by `dx + 2·max(0, dy) + 1` of the (maybe negated) wall direction.
    Some(match (wall.vertical, toward_right) {
        (false, false) => Terrain::OneWayWindowN,
        (false, true) => Terrain::OneWayWindowS,
        (true, false) => Terrain::OneWayWindowW,
        (true, true) => Terrain::OneWayWindowE,
    })
}

/// The window cells of a wall (§7.11): one in the middle of an even Fortress outer wall, a parity-placed
/// one on length 5, else pairs from both ends.
fn window_cells(wall: &Wall, fortress_outer: bool) -> Vec<i32> {
    let n = wall.length;
    if fortress_outer {
        return if n > 2 && n % 2 == 0 {
            vec![n / 2]
        } else {
            Vec::new()
        };
    }
    if n == 5 {
        return vec![2 + (wall.origin.0 + wall.origin.1) % 2];
    }
    let end = 1 + n / 2 - n % 2;
    (2..end).step_by(2).flat_map(|k| [k, n - k]).collect()
}

/// The door drawn in a door-flagged wall, at its middle cell.
fn door(graph: &Graph, w: WallId, map: &mut Map) {
    let wall = &graph.walls[w];
    let (l, r) = (&graph.rooms[wall.left], &graph.rooms[wall.right]);
    if l.room_type == RoomType::Exterior && r.room_type == RoomType::Exterior {
        return;
    }
    let (x, y) = cell(wall, wall.length / 2);
    let ns = wall.vertical;
    let pick = |a: Terrain, b: Terrain| if ns { a } else { b };
    let item = |a: ItemKind, b: ItemKind| if ns { a } else { b };
    let (terrain, kind) = match wall.door_type {
        DoorType::GateFront | DoorType::GateBack => (
            pick(Terrain::PortcullisNS, Terrain::PortcullisEW),
            Some(item(ItemKind::PortcullisNS, ItemKind::PortcullisEW)),
        ),
        DoorType::Locked => (
            pick(Terrain::DoorNS, Terrain::DoorEW),
            Some(item(ItemKind::LockedDoorNS, ItemKind::LockedDoorEW)),
        ),
        DoorType::Standard if l.room_type.is_courtyard() && r.room_type.is_courtyard() => {
            (pick(Terrain::GardenDoorNS, Terrain::GardenDoorEW), None)
        }
        DoorType::Standard => {
            let closable = l.room_type.is_courtyard()
                || r.room_type.is_courtyard()
                || !l.private
                || !r.private
                || ((l.room_type == RoomType::Bedroom) != (r.room_type == RoomType::Bedroom));
            (
                pick(Terrain::DoorNS, Terrain::DoorEW),
                closable.then(|| item(ItemKind::DoorNS, ItemKind::DoorEW)),
            )
        }
    };
    map.set(x, y, terrain);
    if let Some(kind) = kind {
        map.place(x, y, kind);
    }
}

/// Step 12: walls (not between two courtyards nor two outdoor rooms), then windows and doors ring by ring.
pub fn render_walls(graph: &Graph, level_type: LevelType, map: &mut Map) {
    for &w in &graph.wall_list {
        let (tl, tr) = graph.types(w);
        if (tl.is_courtyard() && tr.is_courtyard())
            || (tl == RoomType::Exterior && tr == RoomType::Exterior)
        {
            continue;
        }
        let wall = &graph.walls[w];
        for k in 0..=wall.length {
            let (x, y) = cell(wall, k);
            map.set(x, y, Terrain::Wall(0));
        }
    }
    let mut handled = vec![false; graph.walls.len()];
    for &w in &graph.wall_list {
        if handled[w] {
            continue;
        }
        for m in graph.ring_members(w) {
            handled[m] = true;
        }
        for m in graph.ring_members(w).filter(|&m| !graph.walls[m].door) {
            let Some(terrain) = window(graph, m, level_type) else {
                continue;
            };
            let (tl, tr) = graph.types(m);
            let outer = level_type == LevelType::Fortress
                && (tl == RoomType::Exterior || tr == RoomType::Exterior);
            let wall = &graph.walls[m];
            for k in window_cells(wall, outer) {
                let (x, y) = cell(wall, k);
                map.set(x, y, terrain);
            }
        }
        for m in graph.ring_members(w).filter(|&m| graph.walls[m].door) {
            door(graph, m, map);
        }
    }
}
