//! Steps 15–16 of the spec's pipeline (§7.14–7.15): the player's start outside the front gate, the path
//! that hugs the building (also the outside guards' route), the gravel and bushes of the grounds, and the
//! front pillars.

use super::layout::{BORDER, Table};
use super::map::{ItemKind, Map, Terrain};
use super::rooms::{Graph, RoomId, RoomType, Wall};
use crate::model::SeedRandom;

/// Rows of gravel along the south edge (`outerBorderBottom`).
const FRONT_ROWS: i32 = 3;

/// The cell `k` steps from a wall's origin.
fn cell(wall: &Wall, k: i32) -> (i32, i32) {
    if wall.vertical {
        (wall.origin.0, wall.origin.1 + k)
    } else {
        (wall.origin.0 + k, wall.origin.1)
    }
}

/// `posInDoor`: on the first wall in `a`'s edges joining `a` and `b`, the first inner cell with door-like
/// terrain, else the first floor cell, else the middle; (0, 0) when they share no wall.
pub fn pos_in_door(graph: &Graph, map: &Map, a: RoomId, b: RoomId) -> (i32, i32) {
    let joins = |w: &&usize| {
        let wall = &graph.walls[**w];
        (wall.left == a && wall.right == b) || (wall.left == b && wall.right == a)
    };
    let Some(&w) = graph.rooms[a].edges.iter().find(joins) else {
        return (0, 0);
    };
    let wall = &graph.walls[w];
    let inner = || (1..wall.length).map(|k| cell(wall, k));
    inner()
        .find(|&(x, y)| (Terrain::PortcullisNS..=Terrain::GardenDoorEW).contains(&map.at(x, y)))
        .or_else(|| inner().find(|&(x, y)| map.at(x, y) <= Terrain::GroundTreasure))
        .unwrap_or_else(|| cell(wall, wall.length / 2))
}

/// `posBesideDoor`: two cells into `room` from its door to `next` when `free` says that cell costs
/// nothing to enter, else one; (0, 0) when they share no wall.
pub fn pos_beside_door(
    graph: &Graph,
    map: &Map,
    room: RoomId,
    next: RoomId,
    free: impl Fn(i32, i32) -> bool,
) -> (i32, i32) {
    for &w in &graph.rooms[room].edges {
        let wall = &graph.walls[w];
        // Into `room`: to the left of the wall's direction when `room` is its left side.
        let sign = if wall.left == room && wall.right == next {
            1
        } else if wall.left == next && wall.right == room {
            -1
        } else {
            continue;
        };
        let (cx, cy) = if wall.vertical { (-sign, 0) } else { (0, sign) };
        let (dx, dy) = pos_in_door(graph, map, room, next);
        let two = (dx + 2 * cx, dy + 2 * cy);
        return if free(two.0, two.1) {
            two
        } else {
            (dx + cx, dy + cy)
        };
    }
    (0, 0)
}

/// `playerStartPositionFrontDoor`: the cell outside the southernmost door with a room north and the
/// outdoors south (the front gate; the later wall on ties). Move costs are not computed yet when the
/// game asks, so its two-cells-out test always fails and the start is one cell out (§13 quirk 4).
pub fn front_door_start(graph: &Graph, map: &Map) -> (i32, i32) {
    let mut best: Option<usize> = None;
    for &w in &graph.wall_list {
        let wall = &graph.walls[w];
        let (l, r) = graph.types(w);
        if !wall.door || wall.vertical || l == RoomType::Exterior || r != RoomType::Exterior {
            continue;
        }
        if best.is_some_and(|b| wall.origin.1 > graph.walls[b].origin.1) {
            continue;
        }
        best = Some(w);
    }
    let Some(w) = best else { return (0, 0) };
    let (inside, outside) = (graph.walls[w].left, graph.walls[w].right);
    pos_beside_door(graph, map, outside, inside, |_, _| false)
}

/// `playerStartPosition`: the front-door start, moved down and west at level 0 for the movement tutorial.
pub fn player_start(graph: &Graph, map: &Map, level: u32) -> (i32, i32) {
    let (mut x, mut y) = front_door_start(graph, map);
    if level == 0 {
        x -= 0.max(4 - y);
        y = 0.max(y - 4);
    }
    (x, y)
}

/// `outerBuildingPerimeter`: from the front-door start heading east, keep a wall on one side, turning
/// left first, until back at the start, off the map, or stuck; at most W·H cells.
pub fn perimeter(graph: &Graph, map: &Map) -> Vec<(i32, i32)> {
    let start = front_door_start(graph, map);
    let (mut pos, mut dir) = (start, (1, 0));
    let mut path = Vec::new();
    let solid = |x: i32, y: i32| map.at(x, y).is_wall_or_better();
    for _ in 0..map.w * map.h {
        path.push(pos);
        let left = (-dir.1, dir.0);
        let right = (dir.1, -dir.0);
        if solid(pos.0 + dir.0, pos.1 + dir.1) {
            if !solid(pos.0 + left.0, pos.1 + left.1) {
                dir = left;
            } else if !solid(pos.0 + right.0, pos.1 + right.1) {
                dir = right;
            } else {
                break;
            }
        } else if !map.next_to_wall(pos.0, pos.1) {
            if map.next_to_wall(pos.0 + left.0, pos.1 + left.1) {
                dir = left;
            } else if map.next_to_wall(pos.0 + right.0, pos.1 + right.1) {
                dir = right;
            } else {
                break;
            }
        }
        pos = (pos.0 + dir.0, pos.1 + dir.1);
        if pos == start || !map.contains(pos.0, pos.1) {
            break;
        }
    }
    path
}

/// Step `exterior` (`placeExteriorBushes`): gravel on the path and the front rows, then bushes on a third
/// of the outdoor grass reached from the start (shuffled), none within one cell of another.
pub fn grounds(map: &mut Map, path: &[(i32, i32)], start: (i32, i32), rng: &mut SeedRandom) {
    for &(x, y) in path {
        map.set(x, y, Terrain::GroundNormal);
    }
    map.fill(0, 0, map.w, FRONT_ROWS, Terrain::GroundNormal);
    let (w, h) = (map.w as usize, map.h as usize);
    // Breadth first from the start over every non-wall cell; a cell is marked when first queued, which
    // visits the cells in the game's order (it marks them when taken out, queueing some twice, but
    // only a cell's first place in the queue ever counts). The marks have a frame of one cell, marked
    // from the start, so the eight neighbours need no bounds check.
    let stride = w + 2;
    let mut seen = vec![true; stride * (h + 2)];
    for y in 0..h {
        seen[(y + 1) * stride + 1..(y + 1) * stride + 1 + w].fill(false);
    }
    let mark = |x: i32, y: i32| (y + 1) as usize * stride + (x + 1) as usize;
    // The eight neighbours as index offsets (wrapping for the negative ones), in the game's order: x
    // outer, y inner, each from −1 to 1; that order decides the queue's, so the grass cells'.
    let back = |k: usize| 0usize.wrapping_sub(k);
    let neighbours = [
        back(stride + 1),
        back(1),
        stride - 1,
        back(stride),
        stride,
        back(stride - 1),
        1,
        stride + 1,
    ];
    let mut grass = Vec::new();
    // The game reads and marks the start cell without a bounds check; it is always on the map. The
    // queue holds framed indices.
    let mut queue = Vec::with_capacity(w * h);
    if map.contains(start.0, start.1) {
        seen[mark(start.0, start.1)] = true;
        queue.push(mark(start.0, start.1));
    }
    let mut at = 0;
    while at < queue.len() {
        let here = queue[at];
        at += 1;
        let (x, y) = ((here % stride) as i32 - 1, (here / stride) as i32 - 1);
        let terrain = map.at(x, y);
        if terrain.is_wall_or_better() {
            continue;
        }
        if terrain == Terrain::GroundGrass {
            grass.push((x, y));
        }
        for delta in neighbours {
            let there = here.wrapping_add(delta);
            if !seen[there] {
                seen[there] = true;
                queue.push(there);
            }
        }
    }
    rng.shuffle(&mut grass);
    grass.truncate(grass.len() / 3);
    let mut blocked = Table::new(w, h, false);
    for (x, y) in grass {
        if blocked.get(x as usize, y as usize) {
            continue;
        }
        map.place(x, y, ItemKind::Bush);
        for bx in (x - 1).max(0)..(x + 2).min(map.w) {
            for by in (y - 1).max(0)..(y + 2).min(map.h) {
                blocked.set(bx as usize, by as usize, true);
            }
        }
    }
}

/// `placeFrontPillars`: pillars on row 1 every five cells from x = 2, mirrored, short of the middle.
pub fn front_pillars(map: &mut Map) {
    let last = map.w - 1;
    for x in (BORDER..last / 2).step_by(5) {
        map.set(x, 1, Terrain::Wall(0));
        map.set(last - x, 1, Terrain::Wall(0));
    }
}
