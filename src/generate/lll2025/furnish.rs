//! Step 13 of the spec's pipeline (`renderRooms`, §7.12): each room's floor, its type's furniture, and
//! creaky boards, room by room in list order with the game's draws. The vault and bedroom packers, which
//! keep every free cell reachable, are in [`super::packed`].

use super::map::{ItemKind, Map, Terrain, random_torch as torch};
use super::rooms::{Graph, Room, RoomId, RoomType};
use super::{packed, room_types};
use crate::model::SeedRandom;

/// A room's floor (§5.3).
fn floor(room: &Room) -> Terrain {
    let by_flag = if room.private {
        Terrain::GroundMarble
    } else {
        Terrain::GroundWood
    };
    match room.room_type {
        RoomType::Exterior
        | RoomType::PublicCourtyard
        | RoomType::PrivateCourtyard
        | RoomType::TreasureCourtyard
        | RoomType::LockedTreasureCourtyard => Terrain::GroundGrass,
        RoomType::PublicRoom
        | RoomType::PublicLibrary
        | RoomType::Kitchen
        | RoomType::ThroneRoom => Terrain::GroundWood,
        RoomType::PrivateRoom | RoomType::Bedroom | RoomType::PrivateLibrary => {
            Terrain::GroundMarble
        }
        RoomType::Vault => Terrain::GroundVault,
        RoomType::Dining | RoomType::Treasure | RoomType::LockedTreasure => by_flag,
    }
}

/// Step `furniture` (after the walls): every room but the outside in list order.
pub fn render_rooms(graph: &Graph, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    for &r in &graph.room_list[1..] {
        let room = &graph.rooms[r];
        let ground = floor(room);
        map.fill(room.min.0, room.min.1, room.max.0, room.max.1, ground);
        match room.room_type {
            RoomType::PublicCourtyard | RoomType::PrivateCourtyard => {
                courtyard(room, level, map, rng);
            }
            RoomType::PublicRoom | RoomType::PrivateRoom => generic(room, level, map, rng),
            RoomType::Vault => packed::vault(graph, r, map, rng),
            RoomType::Bedroom => packed::bedroom(room, level, map, rng),
            RoomType::Dining => dining(room, level, map, rng),
            RoomType::Kitchen => kitchen(graph, r, map, rng),
            RoomType::Treasure | RoomType::LockedTreasure => treasure(room, level, map, rng, false),
            RoomType::TreasureCourtyard | RoomType::LockedTreasureCourtyard => {
                treasure(room, level, map, rng, true);
            }
            RoomType::PublicLibrary | RoomType::PrivateLibrary => library(room, level, map, rng),
            RoomType::ThroneRoom => throne_room(graph, r, map),
            RoomType::Exterior => {}
        }
        if ground == Terrain::GroundWood && level > 3 {
            creaky_boards(room, map, rng);
        }
    }
}

/// Interior width and height.
fn size(room: &Room) -> (i32, i32) {
    (room.max.0 - room.min.0, room.max.1 - room.min.1)
}

/// Courtyard: a pool when at least 5×5, else bushes (and a torch when over 2×2) in the corners.
fn courtyard(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (dx, dy) = size(room);
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    if dx >= 5 && dy >= 5 {
        map.fill(x0 + 1, y0 + 1, x1 - 1, y1 - 1, Terrain::GroundWater);
    } else if dx >= 2 && dy >= 2 {
        let mut kinds = vec![ItemKind::Bush; 4];
        if dx > 2 && dy > 2 {
            kinds.push(torch(level, rng));
        }
        rng.shuffle(&mut kinds);
        let corners = [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)];
        for (&(x, y), &kind) in corners.iter().zip(&kinds) {
            if map.at(x, y) == Terrain::GroundGrass {
                map.try_place(x, y, kind);
            }
        }
    }
}

/// A pillar hall's end piece: a table with p 0.25, else a torch.
fn end_piece(level: u32, rng: &mut SeedRandom) -> ItemKind {
    if rng.chance(0.25) {
        ItemKind::Table
    } else {
        torch(level, rng)
    }
}

/// Generic public or private room: the first of the spec's rules G1–G8 that fits.
fn generic(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (dx, dy) = size(room);
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    let public = room.room_type == RoomType::PublicRoom;
    let furniture = if public {
        ItemKind::Table
    } else {
        ItemKind::Chair
    };
    if dx >= 5 && dy >= 5 {
        hall(room, level, map, rng);
    } else if dx == 5 && dy >= 3 && (public || rng.chance(0.33333)) {
        banquet(map, rng, level, dy, |i, j| (x0 + j, y0 + i));
    } else if dy == 5 && dx >= 3 && (public || rng.chance(0.33333)) {
        banquet(map, rng, level, dx, |i, j| (x0 + i, y0 + j));
    } else if dx > dy && dy % 2 == 1 && rng.chance(0.66667) {
        let mut kinds = [torch(level, rng), furniture];
        rng.shuffle(&mut kinds);
        let y = y0 + dy / 2;
        map.try_place(x0 + 1, y, kinds[0]);
        map.try_place(x1 - 2, y, kinds[1]);
    } else if dy > dx && dx % 2 == 1 && rng.chance(0.66667) {
        let mut kinds = [torch(level, rng), furniture];
        rng.shuffle(&mut kinds);
        let x = x0 + dx / 2;
        map.try_place(x, y0 + 1, kinds[0]);
        map.try_place(x, y1 - 2, kinds[1]);
    } else if dx >= 5 && dy == 3 {
        let y = y0 + dy / 2;
        let a = torch(level, rng);
        map.try_place(x0 + 1, y, a);
        let b = torch(level, rng);
        map.try_place(x1 - 2, y, b);
    } else if dy >= 5 && dx == 3 {
        let x = x0 + dx / 2;
        let a = torch(level, rng);
        map.try_place(x, y0 + 1, a);
        let b = torch(level, rng);
        map.try_place(x, y1 - 2, b);
    } else if dx >= 3 && dy >= 3 {
        let mut kinds = [torch(level, rng), furniture, furniture, furniture];
        rng.shuffle(&mut kinds);
        let corners = [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)];
        for ((x, y), kind) in corners.into_iter().zip(kinds) {
            map.try_place(x, y, kind);
        }
    }
}

/// G2/G3: chairs either side of a row of tables and one torch, the centre list shuffled; `at(i, j)` maps
/// the position `i` along the row and `j` = 1, 2, 3 across it to a cell.
fn banquet(
    map: &mut Map,
    rng: &mut SeedRandom,
    level: u32,
    along: i32,
    at: impl Fn(i32, i32) -> (i32, i32),
) {
    let mut centre = vec![ItemKind::Table; (along - 2) as usize];
    centre.push(torch(level, rng));
    rng.shuffle(&mut centre);
    for i in 1..along - 1 {
        for (j, kind) in [
            (1, ItemKind::Chair),
            (2, centre[(i - 1) as usize]),
            (3, ItemKind::Chair),
        ] {
            let (x, y) = at(i, j);
            map.place(x, y, kind);
        }
    }
}

/// G1: a room of at least 5×5 — pools in a private one, chair rows or a 5×5 set in a public one, then
/// pillars and end pieces when a side exceeds 5.
fn hall(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (dx, dy) = size(room);
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    if room.room_type == RoomType::PrivateRoom {
        let water = Terrain::GroundWater;
        if dx > dy {
            if dx > 7 {
                map.fill(x0 + 3, y0 + 1, x1 - 3, y1 - 1, water);
            }
        } else if dy > dx {
            if dy > 7 {
                map.fill(x0 + 1, y0 + 3, x1 - 1, y1 - 3, water);
            }
        } else if dx >= 7 {
            map.fill(x0 + 3, y0 + 1, x1 - 3, y1 - 1, water);
            map.fill(x0 + 1, y0 + 3, x1 - 1, y1 - 3, water);
        } else {
            map.fill(x0 + 1, y0 + 1, x1 - 1, y1 - 1, water);
        }
    } else if dx > dy {
        for x in x0 + 3..x1 - 3 {
            map.place(x, y0 + 1, ItemKind::Chair);
            map.place(x, y1 - 2, ItemKind::Chair);
        }
    } else if dy > dx {
        for y in y0 + 3..y1 - 3 {
            map.place(x0 + 1, y, ItemKind::Chair);
            map.place(x1 - 2, y, ItemKind::Chair);
        }
    } else if dx == 5 && dy == 5 {
        map.place(x0 + 1, y0 + 1, ItemKind::Table);
        map.place(x0 + 2, y0 + 1, ItemKind::Chair);
        map.place(x0 + 1, y0 + 2, ItemKind::Chair);
        let kind = torch(level, rng);
        map.place(x1 - 2, y1 - 2, kind);
    }
    if dx > 5 || dy > 5 {
        for (x, y) in [
            (x0 + 1, y0 + 1),
            (x1 - 2, y0 + 1),
            (x0 + 1, y1 - 2),
            (x1 - 2, y1 - 2),
        ] {
            map.set(x, y, Terrain::Wall(0));
        }
        if dx > dy {
            let d = dy / 2;
            let a = end_piece(level, rng);
            map.place(x0 + 1, y0 + d, a);
            let b = end_piece(level, rng);
            map.place(x1 - 2, y1 - (d + 1), b);
        } else if dy > dx {
            let d = dx / 2;
            let a = end_piece(level, rng);
            map.place(x0 + d, y0 + 1, a);
            let b = end_piece(level, rng);
            map.place(x1 - (d + 1), y1 - 2, b);
        }
    }
}

/// Dining: a long table with chairs through the middle line, torches at its ends or its centre.
fn dining(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (rx, ry) = size(room);
    let (x0, y0) = room.min;
    // Along the long axis: `at(a, c)` maps position `a` along it and offset `c` across the middle line.
    let wide = rx >= ry;
    let (len, origin, mid) = if wide {
        (rx, x0, y0 + ry / 2)
    } else {
        (ry, y0, x0 + rx / 2)
    };
    let at = |a: i32, c: i32| if wide { (a, mid + c) } else { (mid + c, a) };
    let set = |map: &mut Map, a: i32| {
        for (c, kind) in [
            (-1, ItemKind::Chair),
            (0, ItemKind::Table),
            (1, ItemKind::Chair),
        ] {
            let (x, y) = at(a, c);
            map.place(x, y, kind);
        }
    };
    if len % 2 == 0 {
        for a in [origin + 1, origin + len - 2] {
            let kind = torch(level, rng);
            let (x, y) = at(a, 0);
            map.try_place(x, y, kind);
        }
        for a in origin + 2..origin + len - 2 {
            set(map, a);
        }
    } else {
        let centre = origin + (len - 1) / 2;
        let kind = torch(level, rng);
        let (x, y) = at(centre, 0);
        map.try_place(x, y, kind);
        for a in (origin + 1..centre).chain(centre + 1..origin + len - 1) {
            set(map, a);
        }
    }
}

/// Door-flagged walls of a room running one way (`numExitsNS` for horizontal walls, `numExitsEW`).
fn exits(graph: &Graph, r: RoomId, vertical: bool) -> usize {
    graph.rooms[r]
        .edges
        .iter()
        .filter(|&&w| graph.walls[w].door && graph.walls[w].vertical == vertical)
        .count()
}

/// `numberToIntegral`: stochastic rounding with one draw.
fn round(n: f64, rng: &mut SeedRandom) -> i32 {
    let whole = n.floor();
    whole as i32 + i32::from(rng.chance(n - whole))
}

/// Kitchen: stoves, tables and shelves along the two long walls from the centre out, middle tables.
fn kitchen(graph: &Graph, r: RoomId, map: &mut Map, rng: &mut SeedRandom) {
    let room = &graph.rooms[r];
    let (sx, sy) = size(room);
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    let east_west = sx > sy || (sx == sy && exits(graph, r, false) <= exits(graph, r, true));
    let mut cells: Vec<(i32, i32)> = Vec::new();
    if east_west {
        for x in x0..x1 {
            cells.extend([(x, y0), (x, y1 - 1)]);
        }
        cells.sort_by_key(|&(x, _)| (2 * x - (x0 + x1)).abs());
    } else {
        for y in y0..y1 {
            cells.extend([(x0, y), (x1 - 1, y)]);
        }
        cells.sort_by_key(|&(_, y)| (2 * y - (y0 + y1)).abs());
    }
    cells.retain(|&(x, y)| !map.door_adjacent(x, y) && map.wall_or_window_adjacent(x, y));
    let mut stoves = round(f64::from(sx * sy) / 10.0, rng);
    let mut shelves = round(cells.len() as f64 / 3.0, rng);
    let mut tables = round(cells.len() as f64 / 2.0, rng);
    for (x, y) in cells {
        let kind = if map.window_adjacent(x, y) {
            (tables > 0).then(|| {
                tables -= 1;
                ItemKind::Table
            })
        } else if stoves > 0 {
            stoves -= 1;
            Some(ItemKind::Stove)
        } else if tables > 0 {
            tables -= 1;
            Some(ItemKind::Table)
        } else if shelves > 0 {
            shelves -= 1;
            Some(ItemKind::Shelf)
        } else {
            None
        };
        if let Some(kind) = kind {
            map.place(x, y, kind);
        }
    }
    if east_west && sy >= 5 {
        for x in (x0 + 1..x1 - 1).step_by(2) {
            for y in y0 + 2..y1 - 2 {
                map.place(x, y, ItemKind::Table);
            }
        }
    } else if !east_west && sx >= 5 {
        for y in (y0 + 1..y1 - 1).step_by(2) {
            for x in x0 + 2..x1 - 2 {
                map.place(x, y, ItemKind::Table);
            }
        }
    }
}

/// Treasure room or courtyard: the plinth (and lock) at the centre, corner torches when a side ≥ 5.
fn treasure(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom, courtyard: bool) {
    let (dx, dy) = size(room);
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    let (x, y) = (x0 + (dx - 1) / 2, y0 + (dy - 1) / 2);
    if courtyard && dx > 3 && dy > 3 {
        let (a, b) = ((x0 + 1).max(x - 1), (y0 + 1).max(y - 1));
        map.fill(
            a,
            b,
            (x1 - 1).min(x + 2),
            (y1 - 1).min(y + 2),
            Terrain::GroundVault,
        );
    } else {
        map.set(x, y, Terrain::GroundTreasure);
    }
    map.place(x, y, ItemKind::TreasurePlinth);
    if matches!(
        room.room_type,
        RoomType::LockedTreasure | RoomType::LockedTreasureCourtyard
    ) {
        map.place(x, y, ItemKind::TreasureLock);
    }
    if dx >= 5 || dy >= 5 {
        for (cx, cy) in [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)] {
            let kind = torch(level, rng);
            map.try_place(cx, cy, kind);
        }
    }
}

/// Library: bookshelf columns (rows in a tall room); an even room's centre aisle gets tables and chairs
/// or a torch per line, each pair shuffled.
fn library(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (rx, ry) = size(room);
    let (x0, y0) = room.min;
    let wide = rx >= ry;
    // `at(a, c)`: `a` along the long axis (columns of shelves), `c` across it, relative to the corner.
    let at = |a: i32, c: i32| {
        if wide {
            (x0 + a, y0 + c)
        } else {
            (x0 + c, y0 + a)
        }
    };
    let (long, short) = if wide { (rx, ry) } else { (ry, rx) };
    if long % 2 == 1 {
        for a in (1..long).step_by(2) {
            for c in 1..short - 1 {
                let (x, y) = at(a, c);
                map.place(x, y, ItemKind::Bookshelf);
            }
        }
        return;
    }
    let centre = long / 2 - 1;
    for a in (1..centre).step_by(2) {
        for c in 1..short - 1 {
            let (x, y) = at(a, c);
            map.place(x, y, ItemKind::Bookshelf);
            let (x, y) = at(long - (a + 1), c);
            map.place(x, y, ItemKind::Bookshelf);
        }
    }
    if centre % 2 == 1 {
        for c in 1..short - 1 {
            let mut pair = if c > 1 && (c < short - 2 || short == 4) {
                [Some(ItemKind::Table), Some(ItemKind::Chair)]
            } else {
                [Some(torch(level, rng)), None]
            };
            rng.shuffle(&mut pair);
            for (offset, kind) in pair.into_iter().enumerate() {
                if let Some(kind) = kind {
                    let (x, y) = at(centre + offset as i32, c);
                    map.place(x, y, kind);
                }
            }
        }
    }
}

/// Throne room (no draws): thrones on the wall farther from the doors, a rug, drawers, torches, chairs.
fn throne_room(graph: &Graph, r: RoomId, map: &mut Map) {
    let room = &graph.rooms[r];
    let (w, h) = size(room);
    let doors_facing = |dx: i32, dy: i32| room_types::doors_facing(graph, r, dx, dy);
    let distance = |dx: i32, dy: i32| packed::wall_distance_from_door(graph, r, dx, dy);
    // (origin, along-the-wall direction, wall length, depth across)
    let (origin, dir, a, b) = if h < w || (doors_facing(0, -1) != 0 && doors_facing(0, 1) != 0) {
        if distance(-1, 0) > distance(1, 0) {
            ((room.min.0, room.min.1), (0, 1), h, w)
        } else {
            ((room.max.0 - 1, room.max.1 - 1), (0, -1), h, w)
        }
    } else if distance(0, -1) > distance(0, 1) {
        ((room.max.0 - 1, room.min.1), (-1, 0), w, h)
    } else {
        ((room.min.0, room.max.1 - 1), (1, 0), w, h)
    };
    let cross = (dir.1, -dir.0);
    let at = |i: i32, j: i32| {
        (
            origin.0 + dir.0 * i + cross.0 * j,
            origin.1 + dir.1 * i + cross.1 * j,
        )
    };
    let thrones = if a % 2 == 1 { 1 } else { 2 };
    let offset = (a - thrones) / 2;
    for j in 0..b - 1 {
        for t in 0..thrones {
            let (x, y) = at(offset + t, j);
            map.set(x, y, Terrain::GroundMarble);
        }
    }
    for t in 0..thrones {
        let (x, y) = at(offset + t, 0);
        map.place(x, y, ItemKind::Chair);
    }
    for i in [offset - 1, offset + thrones] {
        let (x, y) = at(i, 0);
        map.try_place(x, y, ItemKind::DrawersShort);
    }
    if a > 4 {
        for i in [0, a - 1] {
            let (x, y) = at(i, 0);
            map.try_place(x, y, ItemKind::TorchLit);
        }
    }
    if b > 6 {
        if a >= 5 {
            for j in 2..b - 2 {
                for i in [1, a - 2] {
                    let (x, y) = at(i, j);
                    map.try_place(x, y, ItemKind::Chair);
                }
            }
        } else {
            for (i, facing) in [(0, (-dir.0, -dir.1)), (a - 1, dir)] {
                if doors_facing(facing.0, facing.1) == 0 {
                    for j in 2..b - 2 {
                        let (x, y) = at(i, j);
                        map.try_place(x, y, ItemKind::Chair);
                    }
                }
            }
        }
    }
    for i in [0, a - 1] {
        let (x, y) = at(i, b - 1);
        map.try_place(x, y, ItemKind::TorchLit);
    }
}

/// Creaky boards in a wood room at L ≥ 4: a 0.02 draw per bare wood cell away from doors, kept only if
/// the player can leap it along one axis.
fn creaky_boards(room: &Room, map: &mut Map, rng: &mut SeedRandom) {
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    // What stands on each of the room's cells, gathered in one pass over the items (the cells are
    // asked about many times, every question only inside the room).
    let w = (x1 - x0).max(0);
    let mut furnished = vec![false; (w * (y1 - y0)).max(0) as usize];
    let mut blocking = furnished.clone();
    for i in &map.items {
        if i.x >= x0 && i.y >= y0 && i.x < x1 && i.y < y1 {
            let at = ((i.y - y0) * w + i.x - x0) as usize;
            furnished[at] |= i.kind != ItemKind::Coin;
            blocking[at] |= i.kind.blocks_player();
        }
    }
    let at = |x: i32, y: i32| ((y - y0) * w + x - x0) as usize;
    let wood =
        |map: &Map, x: i32, y: i32| map.at(x, y) == Terrain::GroundWood && !blocking[at(x, y)];
    for x in x0..x1 {
        for y in y0..y1 {
            if map.at(x, y) != Terrain::GroundWood
                || furnished[at(x, y)]
                || map.door_adjacent(x, y)
                || !rng.chance(0.02)
            {
                continue;
            }
            let across = x > x0 && x < x1 - 1 && wood(map, x - 1, y) && wood(map, x + 1, y);
            let along = y > y0 && y < y1 - 1 && wood(map, x, y - 1) && wood(map, x, y + 1);
            if across || along {
                map.set(x, y, Terrain::GroundWoodCreaky);
            }
        }
    }
}
