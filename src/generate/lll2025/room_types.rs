//! Steps 9–11 of the spec's pipeline (§7.8–7.10): room depths, the vault, a Fortress's extra doors, and
//! the room types (private rooms, courtyards, bedrooms, throne room, kitchen, dining, libraries, treasure).

use super::plan::LevelType;
use super::rooms::{DoorType, Graph, Room, RoomId, RoomType};
use crate::model::SeedRandom;

/// A room's interior width and height.
fn size(room: &Room) -> (i32, i32) {
    (room.max.0 - room.min.0, room.max.1 - room.min.1)
}

/// The room across wall `w` from `room`.
fn across(graph: &Graph, w: usize, room: RoomId) -> RoomId {
    let wall = &graph.walls[w];
    if wall.left == room {
        wall.right
    } else {
        wall.left
    }
}

/// Door-flagged walls of a room (a wall listed twice counts twice, as in the game).
fn doors(graph: &Graph, room: RoomId) -> usize {
    graph.rooms[room]
        .edges
        .iter()
        .filter(|&&w| graph.walls[w].door)
        .count()
}

/// Whether a room has a door to an outdoor room; `locked_too` false skips locked doors (`hasExteriorDoor`
/// for depths), true counts them (`roomHasExteriorDoor` for room types).
fn exterior_door(graph: &Graph, room: RoomId, locked_too: bool) -> bool {
    graph.rooms[room].edges.iter().any(|&w| {
        let wall = &graph.walls[w];
        wall.door
            && (locked_too || wall.door_type != DoorType::Locked)
            && graph.rooms[across(graph, w, room)].room_type == RoomType::Exterior
    })
}

/// `computeRoomDepths`: outdoor rooms 0, rooms with an unlocked door outdoors 1, then breadth first
/// through every door (locked ones too) in room-list order; unreached rooms keep the room count.
pub fn compute_depths(graph: &mut Graph) {
    let count = graph.room_list.len();
    let mut queue = Vec::new();
    for &r in &graph.room_list {
        let depth = if graph.rooms[r].room_type == RoomType::Exterior {
            0
        } else if exterior_door(graph, r, false) {
            queue.push(r);
            1
        } else {
            count
        };
        graph.rooms[r].depth = depth;
    }
    let mut at = 0;
    while at < queue.len() {
        let room = queue[at];
        at += 1;
        let next = graph.rooms[room].depth + 1;
        for e in 0..graph.rooms[room].edges.len() {
            let w = graph.rooms[room].edges[e];
            if !graph.walls[w].door {
                continue;
            }
            let other = across(graph, w, room);
            if graph.rooms[other].depth > next {
                graph.rooms[other].depth = next;
                queue.push(other);
            }
        }
    }
}

/// `assignVaultRoom`: among dead ends (≤ 1 door; depth ≥ 3 at L ≥ 8; no courtyard in a Fortress), shuffled
/// and stable-sorted by area, the smallest becomes the vault and all its doors are locked.
pub fn assign_vault(graph: &mut Graph, level: u32, level_type: LevelType, rng: &mut SeedRandom) {
    let mut dead_ends: Vec<RoomId> = graph
        .room_list
        .iter()
        .copied()
        .filter(|&r| {
            let room = &graph.rooms[r];
            room.room_type != RoomType::Exterior
                && !(level >= 8 && room.depth < 3)
                && !(level_type == LevelType::Fortress && room.room_type.is_courtyard())
                && doors(graph, r) <= 1
        })
        .collect();
    if dead_ends.is_empty() {
        return;
    }
    rng.shuffle(&mut dead_ends);
    dead_ends.sort_by_key(|&r| {
        let (w, h) = size(&graph.rooms[r]);
        w * h
    });
    let vault = dead_ends[0];
    graph.rooms[vault].room_type = RoomType::Vault;
    for w in graph.rooms[vault].edges.clone() {
        if graph.walls[w].door {
            graph.walls[w].door_type = DoorType::Locked;
        }
    }
}

/// `addAdditionalFortressDoors`: in list order, each door-less wall of length ≥ 2 between two rooms that
/// are neither outdoors nor the vault, unless both already have two doors, gets a door with p 0.4 —
/// locked when the depths differ by 2 or more (and not both courtyards). Symmetry is ignored. Returns
/// how many doors it added.
pub fn add_fortress_doors(graph: &mut Graph, rng: &mut SeedRandom) -> usize {
    let mut added = 0;
    for w in graph.wall_list.clone() {
        let wall = &graph.walls[w];
        if wall.door || wall.length < 2 {
            continue;
        }
        let (a, b) = (wall.left, wall.right);
        let blocked = |t: RoomType| matches!(t, RoomType::Exterior | RoomType::Vault);
        let (ta, tb) = (graph.rooms[a].room_type, graph.rooms[b].room_type);
        if blocked(ta) || blocked(tb) || (doors(graph, a) > 1 && doors(graph, b) > 1) {
            continue;
        }
        if !rng.chance(0.4) {
            continue;
        }
        let gap = graph.rooms[a].depth.abs_diff(graph.rooms[b].depth);
        let open = (ta.is_courtyard() && tb.is_courtyard()) || gap < 2;
        graph.walls[w].door = true;
        graph.walls[w].door_type = if open {
            DoorType::Standard
        } else {
            DoorType::Locked
        };
        added += 1;
    }
    added
}

/// `chooseRooms`: the rooms passing `test` in list order, shuffled (even when 0 or 1 pass), the first `k`.
fn choose(
    graph: &Graph,
    rng: &mut SeedRandom,
    k: usize,
    test: impl Fn(&Graph, RoomId) -> bool,
) -> Vec<RoomId> {
    let mut found: Vec<RoomId> = graph
        .room_list
        .iter()
        .copied()
        .filter(|&r| test(graph, r))
        .collect();
    rng.shuffle(&mut found);
    found.truncate(k);
    found
}

/// Doors in the room's wall facing outward direction `(dx, dy)` (`numDoorsInWall`).
pub fn doors_facing(graph: &Graph, room: RoomId, dx: i32, dy: i32) -> usize {
    let facing = |w: usize| {
        let wall = &graph.walls[w];
        let (mut fx, mut fy) = if wall.vertical { (-1, 0) } else { (0, 1) };
        if wall.left == room {
            (fx, fy) = (-fx, -fy);
        }
        (fx, fy) == (dx, dy)
    };
    graph.rooms[room]
        .edges
        .iter()
        .filter(|&&w| graph.walls[w].door && facing(w))
        .count()
}

/// `roomCanBeThroneRoom`: a room of depth ≥ 2 without a door outdoors, at least 3×3 and not smaller than
/// 4×5 either way, with a door-free short wall (any door-free wall when square).
fn throne_fits(graph: &Graph, r: RoomId) -> bool {
    let room = &graph.rooms[r];
    let (w, h) = size(room);
    let both = |a: (i32, i32), b: (i32, i32)| {
        doors_facing(graph, r, a.0, a.1) > 0 && doors_facing(graph, r, b.0, b.1) > 0
    };
    let ends_blocked = match w.cmp(&h) {
        std::cmp::Ordering::Less => both((0, -1), (0, 1)),
        std::cmp::Ordering::Greater => both((-1, 0), (1, 0)),
        std::cmp::Ordering::Equal => both((0, -1), (0, 1)) && both((-1, 0), (1, 0)),
    };
    matches!(room.room_type, RoomType::PublicRoom | RoomType::PrivateRoom)
        && room.depth >= 2
        && !exterior_door(graph, r, true)
        && w >= 3
        && h >= 3
        && !(w < 4 && h < 5)
        && !(w < 5 && h < 4)
        && !ends_blocked
}

/// Whether a room is still a plain public or private room.
fn plain(room: &Room) -> bool {
    matches!(room.room_type, RoomType::PublicRoom | RoomType::PrivateRoom)
}

/// A library's shape: short side ≥ 4 and long side ≥ 5.
fn library_shape(room: &Room) -> bool {
    let (w, h) = size(room);
    w.min(h) >= 4 && w.max(h) >= 5
}

/// A treasure room's place: depth ≥ 2, a plain room, courtyard or bedroom with both sides odd in 3…7.
fn treasure_fits(room: &Room) -> bool {
    let (w, h) = size(room);
    let odd = |v: i32| v % 2 == 1 && (3..=7).contains(&v);
    room.depth >= 2
        && matches!(
            room.room_type,
            RoomType::PublicRoom
                | RoomType::PrivateRoom
                | RoomType::PublicCourtyard
                | RoomType::PrivateCourtyard
                | RoomType::Bedroom
        )
        && odd(w)
        && odd(h)
}

/// Marks the deepest layers private until a quarter of the rooms are (§7.10 step 1), then turns private
/// courtyards touching a public courtyard back to public (step 2; their flag stays set).
fn assign_private(graph: &mut Graph) {
    let target = (graph.room_list.len() - 1) / 4;
    let mut made = 0;
    let mut depth = graph
        .room_list
        .iter()
        .map(|&r| graph.rooms[r].depth)
        .max()
        .unwrap_or(0);
    while depth > 0 {
        for &r in &graph.room_list {
            let room = &mut graph.rooms[r];
            if room.depth != depth {
                continue;
            }
            match room.room_type {
                RoomType::PublicRoom => {
                    room.room_type = RoomType::PrivateRoom;
                    made += 1;
                }
                RoomType::PublicCourtyard => room.room_type = RoomType::PrivateCourtyard,
                _ => continue,
            }
            room.private = true;
        }
        if made >= target {
            break;
        }
        depth -= 1;
    }
    loop {
        let mut changed = false;
        for &r in &graph.room_list {
            if graph.rooms[r].room_type != RoomType::PrivateCourtyard {
                continue;
            }
            let public = graph.rooms[r]
                .edges
                .iter()
                .any(|&w| graph.rooms[across(graph, w, r)].room_type == RoomType::PublicCourtyard);
            if public {
                graph.rooms[r].room_type = RoomType::PublicCourtyard;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Step `room_types` (`assignRoomTypes`, §7.10), in the game's order and with its draws.
pub fn assign_room_types(
    graph: &mut Graph,
    level: u32,
    level_type: LevelType,
    rng: &mut SeedRandom,
) {
    assign_private(graph);
    if level > 4 && level_type != LevelType::Fortress {
        assign_vault(graph, level, level_type, rng);
    }
    for r in graph.room_list.clone() {
        let (w, h) = size(&graph.rooms[r]);
        let small = (w >= 3 || h >= 3) && w * h <= 25;
        if graph.rooms[r].room_type == RoomType::PrivateRoom && small && doors(graph, r) <= 2 {
            graph.rooms[r].room_type = RoomType::Bedroom;
        }
    }
    let set = |graph: &mut Graph, rooms: Vec<RoomId>, t: RoomType| {
        for r in rooms {
            graph.rooms[r].room_type = t;
        }
    };
    if level_type == LevelType::Fortress {
        let thrones = choose(graph, rng, 1, throne_fits);
        set(graph, thrones, RoomType::ThroneRoom);
    }
    let count = graph.room_list.len();
    if count > 8 {
        let kitchens = choose(graph, rng, 1, |g, r| {
            let (w, h) = size(&g.rooms[r]);
            plain(&g.rooms[r]) && w.min(h) >= 3 && w.max(h) <= 7 && !exterior_door(g, r, true)
        });
        set(graph, kitchens, RoomType::Kitchen);
    }
    let dining = choose(graph, rng, count.div_ceil(21), |g, r| {
        let (w, h) = size(&g.rooms[r]);
        plain(&g.rooms[r]) && w >= 5 && h >= 5
    });
    set(graph, dining, RoomType::Dining);
    let libraries = count.div_ceil(42);
    let public = choose(graph, rng, libraries, |g, r| {
        g.rooms[r].room_type == RoomType::PublicRoom && library_shape(&g.rooms[r])
    });
    set(graph, public, RoomType::PublicLibrary);
    let private = choose(graph, rng, libraries, |g, r| {
        g.rooms[r].room_type == RoomType::PrivateRoom && library_shape(&g.rooms[r])
    });
    set(graph, private, RoomType::PrivateLibrary);
    let library_area: i32 = graph
        .room_list
        .iter()
        .map(|&r| &graph.rooms[r])
        .filter(|room| {
            matches!(
                room.room_type,
                RoomType::PublicLibrary | RoomType::PrivateLibrary
            )
        })
        .map(|room| size(room).0 * size(room).1)
        .sum();
    if library_area >= 30 || level == 9 {
        let locked = library_area >= 60;
        let k = if level == 9 { 2 } else { 1 };
        for r in choose(graph, rng, k, |g, r| treasure_fits(&g.rooms[r])) {
            let room = &mut graph.rooms[r];
            room.room_type = match (room.room_type.is_courtyard(), locked) {
                (true, true) => RoomType::LockedTreasureCourtyard,
                (true, false) => RoomType::TreasureCourtyard,
                (false, true) => RoomType::LockedTreasure,
                (false, false) => RoomType::Treasure,
            };
        }
    }
}
