//! Step 18 of the spec's pipeline (§7.17): patrol routes as circular lists of room visits, turned into
//! cells down room-local distance fields (`field`), stations at windows or chairs, each route rotated
//! to a random start and the list shuffled. Level 1's visit-every-room route is made here; the dense
//! routes' visits of levels 2–9 come from `dense`.

use super::exterior::{pos_beside_door, pos_in_door};
use super::fenced::Fenced;
use super::field::{Costs, Fields, path_in_room};
use super::map::{ItemKind, Map, Terrain};
use super::rooms::{Graph, RoomId, RoomType};
pub use super::visits::Node;
use crate::generate::passes::fence::Fence;
use crate::model::SeedRandom;

/// Where a route's turnaround stop is (`generatePatrolPathsFromNodes`' station choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopKind {
    /// A cell looking out of a one-way window.
    Window,
    /// A chair (no window station in the room).
    Chair,
    /// The cell beside the door it came in by (neither in the room).
    BesideDoor,
}

/// A patrol route: its cells (walked cyclically), the depth range of its rooms, and what its nodes were:
/// the rooms visited in order, the turnaround stops' kinds, and whether it is a visit-every-room route.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Route {
    /// Cells, the guard starting on the first.
    pub path: Vec<(i32, i32)>,
    /// Smallest depth of a room on the route.
    pub min_depth: usize,
    /// Largest depth of a room on the route.
    pub max_depth: usize,
    /// One of the two routes round the outside of the building (L ≥ 6).
    pub outside: bool,
    /// The rooms of its visits (nodes) in walk order, closed cyclically (empty for one-cell and outside
    /// routes).
    pub visits: Vec<RoomId>,
    /// The kinds of its turnaround stops, in walk order.
    pub stops: Vec<StopKind>,
    /// Made by `visit_every_room` (level 1's route, the extra route at L ≥ 8).
    pub sweep: bool,
}

/// `activityStationPositions`: free cells just inside the room's windows (by x: south then north; by
/// y: west then east), else the room's chairs in item order.
fn stations(graph: &Graph, map: &Map, costs: &Costs, room: RoomId) -> Vec<(i32, i32)> {
    let r = &graph.rooms[room];
    let mut found = Vec::new();
    let mut window = |wx: i32, wy: i32, kind: Terrain, cell: (i32, i32)| {
        if map.at(wx, wy) == kind && costs.is_free(cell.0, cell.1) {
            found.push(cell);
        }
    };
    for x in r.min.0..r.max.0 {
        if r.min.1 > 0 {
            window(x, r.min.1 - 1, Terrain::OneWayWindowS, (x, r.min.1));
        }
        if r.max.1 < map.h {
            window(x, r.max.1, Terrain::OneWayWindowN, (x, r.max.1 - 1));
        }
    }
    for y in r.min.1..r.max.1 {
        if r.min.0 > 0 {
            window(r.min.0 - 1, y, Terrain::OneWayWindowW, (r.min.0, y));
        }
        if r.max.0 < map.w {
            window(r.max.0, y, Terrain::OneWayWindowE, (r.max.0 - 1, y));
        }
    }
    if found.is_empty() {
        let inside = |x: i32, y: i32| x >= r.min.0 && y >= r.min.1 && x < r.max.0 && y < r.max.1;
        found = map
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Chair && inside(i.x, i.y))
            .map(|i| (i.x, i.y))
            .collect();
    }
    found
}

/// What stands on every cell, as the stops ask it: a chair, or something a seated guard looks at (a
/// table or a torch). Made once per set of routes; the items do not change while routes are made.
struct Seats {
    w: i32,
    h: i32,
    cells: Vec<u8>,
}

/// A chair stands on the cell.
const CHAIR: u8 = 1;
/// A table or a torch stands on the cell.
const LOOKABLE: u8 = 2;

impl Seats {
    fn new(map: &Map) -> Self {
        let mut cells = vec![0; (map.w * map.h).max(0) as usize];
        for i in &map.items {
            let flag = match i.kind {
                ItemKind::Chair => CHAIR,
                ItemKind::Table | ItemKind::TorchLit | ItemKind::TorchUnlit => LOOKABLE,
                _ => continue,
            };
            if map.contains(i.x, i.y) {
                cells[(i.y * map.w + i.x) as usize] |= flag;
            }
        }
        Seats {
            w: map.w,
            h: map.h,
            cells,
        }
    }

    /// Whether something of `flag`'s kind stands on (x, y).
    fn has(&self, (x, y): (i32, i32), flag: u8) -> bool {
        x >= 0
            && y >= 0
            && x < self.w
            && y < self.h
            && self.cells[(y * self.w + x) as usize] & flag != 0
    }
}

/// `tryGetPosLookAt` without doors: a window beside the cell (W, E, S, N), else, on a chair, a table
/// or torch beside it (W, E, S, N).
fn look_at(map: &Map, seats: &Seats, (x, y): (i32, i32)) -> Option<(i32, i32)> {
    let windows = [
        (-1, 0, Terrain::OneWayWindowW),
        (1, 0, Terrain::OneWayWindowE),
        (0, -1, Terrain::OneWayWindowS),
        (0, 1, Terrain::OneWayWindowN),
    ];
    for (dx, dy, kind) in windows {
        if map.contains(x + dx, y + dy) && map.at(x + dx, y + dy) == kind {
            return Some((x + dx, y + dy));
        }
    }
    if !seats.has((x, y), CHAIR) {
        return None;
    }
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .find(|&p| seats.has(p, LOOKABLE))
}

/// `willNeedToRotate`: walking back over the path's last steps, whether the guard arrives facing away
/// from `look` (a step against or across it before one along it).
fn will_need_to_rotate(look: (i32, i32), path: &[(i32, i32)]) -> bool {
    for pair in path.windows(2).rev() {
        let step = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
        if step == look {
            return false;
        }
        if step.0 * look.0 + step.1 * look.1 <= 0 {
            return true;
        }
    }
    false
}

/// `generatePatrolPathsFromNodes`: each circular list of visits becomes the cells door to door through
/// every room, with a station stop at each turnaround; rotated by a random offset; the routes shuffled.
/// The nodes from index `sweep_from` on are the visit-every-room route's. Around locks the offset moves
/// on past the cells of `fenced` rooms, so no guard starts in one.
pub fn routes_from_nodes(
    graph: &Graph,
    map: &Map,
    costs: &Costs,
    nodes: &[Node],
    sweep_from: usize,
    fenced: &Fenced,
    rng: &mut SeedRandom,
) -> Vec<Route> {
    let mut visited = vec![false; nodes.len()];
    let mut routes = Vec::new();
    let mut fields = Fields::default();
    let seats = Seats::new(map);
    for first in 0..nodes.len() {
        if visited[first] {
            continue;
        }
        let mut path: Vec<(i32, i32)> = Vec::with_capacity(128);
        let mut depths = (usize::MAX, 0);
        let mut visits = Vec::new();
        let mut stops = Vec::new();
        let mut at = first;
        while !visited[at] {
            visited[at] = true;
            let node = nodes[at];
            let (room, prev, next) = (node.room, nodes[node.prev].room, nodes[node.next].room);
            let depth = graph.rooms[room].depth;
            depths = (depths.0.min(depth), depths.1.max(depth));
            visits.push(room);
            let mut from = pos_in_door(graph, map, room, prev);
            if next == prev {
                let found = stations(graph, map, costs, room);
                let stop = if found.is_empty() {
                    stops.push(StopKind::BesideDoor);
                    pos_beside_door(graph, map, room, prev, |x, y| costs.is_free(x, y))
                } else {
                    let stop = found[rng.below(found.len())];
                    stops.push(if seats.has(stop, CHAIR) {
                        StopKind::Chair
                    } else {
                        StopKind::Window
                    });
                    stop
                };
                path_in_room(&mut path, graph, costs, &mut fields, room, from, stop);
                path.push(stop);
                if let Some(look) = look_at(map, &seats, stop)
                    && will_need_to_rotate((look.0 - stop.0, look.1 - stop.1), &path)
                {
                    path.push(stop);
                }
                path.extend([stop, stop]);
                from = stop;
            }
            let to = pos_in_door(graph, map, room, next);
            path_in_room(&mut path, graph, costs, &mut fields, room, from, to);
            at = node.next;
        }
        let mut shift = rng.below(path.len());
        for _ in 0..path.len() {
            if !fenced.holds(path[shift]) {
                break;
            }
            shift = (shift + 1) % path.len();
        }
        path.rotate_left(shift);
        routes.push(Route {
            path,
            min_depth: depths.0,
            max_depth: depths.1,
            outside: false,
            visits,
            stops,
            sweep: first >= sweep_from,
        });
    }
    rng.shuffle(&mut routes);
    routes
}

/// The rooms a patrol may enter, in room-list order: all but outdoor rooms and the vault (and, around
/// locks, the fenced rooms it may not cross).
fn patrollable(graph: &Graph, fence: &Fence) -> Vec<RoomId> {
    graph
        .room_list
        .iter()
        .copied()
        .filter(|&r| {
            !matches!(
                graph.rooms[r].room_type,
                RoomType::Exterior | RoomType::Vault
            ) && fence.enterable(r)
        })
        .collect()
}

/// `generatePatrolRouteSingle`: from a random patrollable room, depth first through doors (each room's
/// walls shuffled) to every patrollable room, the room appended again on each return; the last entry is
/// dropped and the list closed into a circle. Around locks, the turns in fenced rooms are cut
/// ([`Fenced::prune`]) by the caller; with no room to patrol there is no route.
pub fn visit_every_room(graph: &Graph, fence: &Fence, rng: &mut SeedRandom) -> Vec<Node> {
    fn visit(
        graph: &Graph,
        room: RoomId,
        valid: &[RoomId],
        seen: &mut Vec<RoomId>,
        seq: &mut Vec<RoomId>,
        rng: &mut SeedRandom,
    ) {
        seq.push(room);
        seen.push(room);
        let mut walls = graph.rooms[room].edges.clone();
        rng.shuffle(&mut walls);
        for w in walls {
            let wall = &graph.walls[w];
            if !wall.door {
                continue;
            }
            let next = if wall.left == room {
                wall.right
            } else {
                wall.left
            };
            if seen.contains(&next) || !valid.contains(&next) {
                continue;
            }
            visit(graph, next, valid, seen, seq, rng);
            seq.push(room);
        }
    }
    let valid = patrollable(graph, fence);
    if valid.is_empty() {
        return Vec::new();
    }
    let start = valid[rng.below(valid.len())];
    let mut seq = Vec::new();
    visit(graph, start, &valid, &mut Vec::new(), &mut seq, rng);
    seq.pop();
    let n = seq.len();
    seq.iter()
        .enumerate()
        .map(|(i, &room)| Node {
            room,
            next: (i + 1) % n,
            prev: (i + n - 1) % n,
        })
        .collect()
}

/// Level 1's patrol (`placePatrolRouteSingle`): one route through every patrollable room.
pub fn single_route(
    graph: &Graph,
    map: &Map,
    costs: &Costs,
    fenced: &Fenced,
    rng: &mut SeedRandom,
) -> Vec<Route> {
    let nodes = visit_every_room(graph, &fenced.fence, rng);
    let (nodes, _) = fenced.prune(nodes, 0);
    routes_from_nodes(graph, map, costs, &nodes, 0, fenced, rng)
}
