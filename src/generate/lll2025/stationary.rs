//! Steps 18b–19 of the spec's pipeline (§7.17 outside routes, §7.18): the two outside guards' routes
//! along the building's perimeter at L ≥ 6, and the one stationary guard of L ≥ 2 — at a window or on a
//! chair by a table, or, at L ≥ 8 with a vault, outside the vault's locked door.

use super::fenced::Fenced;
use super::field::Costs;
use super::map::{ItemKind, Map, Terrain};
use super::patrols::Route;
use super::rooms::{DoorType, Graph, RoomType};
use crate::model::SeedRandom;

/// `appendOutsidePatrolRoutes`: the perimeter path twice, rotated to a quarter and three quarters.
pub fn add_outside_routes(perimeter: &[(i32, i32)], routes: &mut Vec<Route>) {
    let n = perimeter.len();
    for start in [n / 4, n * 3 / 4] {
        let mut path = perimeter.to_vec();
        path.rotate_left(start.min(n));
        routes.push(Route {
            path,
            min_depth: 0,
            max_depth: 0,
            outside: true,
            ..Route::default()
        });
    }
}

/// `addStationaryPatrols`: nothing below level 2; the vault guard at L ≥ 8 when there is a vault,
/// else a seated or window guard. Around locks, never on a cell of a `fenced` room.
pub fn add_stationary_guard(
    graph: &Graph,
    map: &Map,
    costs: &Costs,
    level: u32,
    fenced: &Fenced,
    routes: &mut Vec<Route>,
    rng: &mut SeedRandom,
) {
    if level < 2 {
        return;
    }
    let vault = graph
        .room_list
        .iter()
        .copied()
        .find(|&r| graph.rooms[r].room_type == RoomType::Vault);
    match vault {
        Some(v) if level >= 8 => vault_guard(graph, map, v, fenced, routes),
        _ => seated_guard(graph, map, costs, level, fenced, routes, rng),
    }
}

/// The vault guard: on the first door cell of the vault's locked walls, the first neighbour across the
/// wall (west/south first) with grass, marble or wood floor; appended after every other route.
fn vault_guard(graph: &Graph, map: &Map, vault: usize, fenced: &Fenced, routes: &mut Vec<Route>) {
    let floors = [
        Terrain::GroundGrass,
        Terrain::GroundMarble,
        Terrain::GroundWood,
    ];
    for &w in &graph.rooms[vault].edges {
        let wall = &graph.walls[w];
        if wall.door_type != DoorType::Locked {
            continue;
        }
        let outside = if graph.rooms[wall.left].room_type == RoomType::Vault {
            wall.right
        } else {
            wall.left
        };
        let depth = graph.rooms[outside].depth;
        for i in 0..wall.length {
            let (x, y) = if wall.vertical {
                (wall.origin.0, wall.origin.1 + i)
            } else {
                (wall.origin.0 + i, wall.origin.1)
            };
            if !matches!(map.at(x, y), Terrain::DoorEW | Terrain::DoorNS) {
                continue;
            }
            let across: [(i32, i32); 2] = if wall.vertical {
                [(x - 1, y), (x + 1, y)]
            } else {
                [(x, y - 1), (x, y + 1)]
            };
            if let Some(&cell) = across
                .iter()
                .find(|&&(a, b)| floors.contains(&map.at(a, b)) && !fenced.holds((a, b)))
            {
                routes.push(Route {
                    path: vec![cell],
                    min_depth: depth,
                    max_depth: depth,
                    outside: false,
                    ..Route::default()
                });
                return;
            }
        }
    }
}

/// `addSeatedGuard`: a random free chair beside a table (L ≥ 4), or a free cell just inside a window
/// with room to stand behind; the one-cell route is inserted at a random index of the route list.
fn seated_guard(
    graph: &Graph,
    map: &Map,
    costs: &Costs,
    level: u32,
    fenced: &Fenced,
    routes: &mut Vec<Route>,
    rng: &mut SeedRandom,
) {
    // Cells on a route or holding loot, marked once: the candidates are many and so are route cells.
    let mut marked = vec![false; (map.w * map.h).max(0) as usize];
    let mut mark = |x: i32, y: i32| {
        if map.contains(x, y) {
            marked[(y * map.w + x) as usize] = true;
        }
    };
    for &(x, y) in routes.iter().flat_map(|r| &r.path) {
        mark(x, y);
    }
    for i in &map.items {
        if matches!(i.kind, ItemKind::Coin | ItemKind::Health | ItemKind::Note)
            || i.kind >= ItemKind::TreasureA
        {
            mark(i.x, i.y);
        }
    }
    let taken = |x: i32, y: i32| {
        (map.contains(x, y) && marked[(y * map.w + x) as usize]) || fenced.holds((x, y))
    };
    let mut cells: Vec<(i32, i32)> = Vec::new();
    if level >= 4 {
        let tables = map.cells_of(ItemKind::Table);
        for chair in map.items.iter().filter(|i| i.kind == ItemKind::Chair) {
            let by_table = tables
                .iter()
                .any(|&(tx, ty)| (tx - chair.x).abs() + (ty - chair.y).abs() == 1);
            if !taken(chair.x, chair.y) && by_table {
                cells.push((chair.x, chair.y));
            }
        }
    }
    for &r in &graph.room_list {
        let room = &graph.rooms[r];
        let mut window = |wx: i32, wy: i32, kind: Terrain, cell: (i32, i32), behind: (i32, i32)| {
            if map.at(wx, wy) == kind
                && costs.is_free(cell.0, cell.1)
                && costs.is_passable(behind.0, behind.1)
                && !taken(cell.0, cell.1)
            {
                cells.push(cell);
            }
        };
        let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
        for x in x0..x1 {
            if y0 > 0 {
                window(x, y0 - 1, Terrain::OneWayWindowS, (x, y0), (x, y0 + 1));
            }
            if y1 < map.h {
                window(x, y1, Terrain::OneWayWindowN, (x, y1 - 1), (x, y1 - 2));
            }
        }
        for y in y0..y1 {
            if x0 > 0 {
                window(x0 - 1, y, Terrain::OneWayWindowW, (x0, y), (x0 + 1, y));
            }
            if x1 < map.w {
                window(x1, y, Terrain::OneWayWindowE, (x1 - 1, y), (x1 - 2, y));
            }
        }
    }
    if cells.is_empty() {
        return;
    }
    let (x, y) = cells[rng.below(cells.len())];
    let room = graph
        .room_list
        .iter()
        .map(|&r| &graph.rooms[r])
        .find(|r| x >= r.min.0 && y >= r.min.1 && x < r.max.0 && y < r.max.1);
    if let Some(room) = room {
        let at = rng.below(routes.len() + 1);
        routes.insert(
            at,
            Route {
                path: vec![(x, y)],
                min_depth: room.depth,
                max_depth: room.depth,
                outside: false,
                ..Route::default()
            },
        );
    }
}
