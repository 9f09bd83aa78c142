//! Step 8 of the spec's pipeline (`makeDoubleRooms`, §7.7): pairs of same-type rooms that share a whole
//! side become one room, the squarest candidates first.

use super::rooms::{Graph, RoomId, RoomType, WallId};
use crate::model::SeedRandom;

/// The largest merged area the game allows (`5·5·30` cells; never binding).
const MAX_AREA: i32 = 750;

/// Removes the first `value` from `list`; when it is absent the game's `splice(-1, 1)` removes the last
/// element instead (spec §13 quirk 9), kept for fidelity.
fn remove_by_value(list: &mut Vec<usize>, value: usize) {
    let at = list
        .iter()
        .position(|&v| v == value)
        .unwrap_or(list.len().saturating_sub(1));
    if at < list.len() {
        list.remove(at);
    }
}

/// A wall that can be removed to merge its two rooms, with the merged box's aspect ratio; `None` when
/// the wall does not qualify.
fn candidate(graph: &Graph, w: WallId) -> Option<f64> {
    let wall = &graph.walls[w];
    let (a, b) = (&graph.rooms[wall.left], &graph.rooms[wall.right]);
    if !wall.door || a.room_type != b.room_type || wall.left == 0 || wall.right == 0 {
        return None;
    }
    let span = |r: &super::rooms::Room| {
        if wall.vertical {
            r.max.1 - r.min.1
        } else {
            r.max.0 - r.min.0
        }
    };
    if wall.length != 1 + span(a) || wall.length != 1 + span(b) {
        return None;
    }
    let rx = a.max.0.max(b.max.0) - a.min.0.min(b.min.0);
    let ry = a.max.1.max(b.max.1) - a.min.1.min(b.min.1);
    if rx * ry > MAX_AREA {
        return None;
    }
    let aspect = f64::from(rx.max(ry)) / f64::from(rx.min(ry));
    if a.room_type != RoomType::Exterior && aspect > 2.0 {
        return None;
    }
    Some(aspect)
}

/// `removableAdjacency`: the candidates in list order, shuffled, stable-sorted by aspect; the first.
fn removable(graph: &Graph, rng: &mut SeedRandom) -> Option<WallId> {
    let mut found: Vec<(WallId, f64)> = graph
        .wall_list
        .iter()
        .filter_map(|&w| candidate(graph, w).map(|a| (w, a)))
        .collect();
    if found.is_empty() {
        return None;
    }
    rng.shuffle(&mut found);
    found.sort_by(|x, y| x.1.total_cmp(&y.1));
    Some(found[0].0)
}

/// Whether two of a room's walls lie end to end on one line between the same two rooms (either way
/// round), so they can become one wall.
fn mergeable(graph: &Graph, a: WallId, b: WallId) -> bool {
    let (wa, wb) = (&graph.walls[a], &graph.walls[b]);
    if wa.vertical != wb.vertical {
        return false;
    }
    if wa.left == wb.left && wa.right == wb.right {
        wa.end() == wb.origin || wb.end() == wa.origin
    } else if wa.left == wb.right && wa.right == wb.left {
        wa.end() == wb.end() || wa.origin == wb.origin
    } else {
        false
    }
}

/// Joins one pair of collinear walls of `room` (`tryJoinCollinearAdjacencies`); false when none is left.
fn join_collinear(graph: &mut Graph, room: RoomId) -> bool {
    let edges = graph.rooms[room].edges.clone();
    for &a in &edges {
        for &b in &edges {
            if a == b || !mergeable(graph, a, b) {
                continue;
            }
            let (oa, ob) = (graph.walls[a].origin, graph.walls[b].origin);
            let length = graph.walls[a].length + graph.walls[b].length;
            graph.walls[a].origin = (oa.0.min(ob.0), oa.1.min(ob.1));
            graph.walls[a].length = length;
            graph.ungroup(a);
            graph.ungroup(b);
            graph.walls[a].door |= graph.walls[b].door;
            graph.walls[a].door_type = graph.walls[a].door_type.max(graph.walls[b].door_type);
            let other = if graph.walls[a].left == room {
                graph.walls[a].right
            } else {
                graph.walls[a].left
            };
            remove_by_value(&mut graph.rooms[room].edges, b);
            remove_by_value(&mut graph.rooms[other].edges, b);
            remove_by_value(&mut graph.wall_list, b);
            return true;
        }
    }
    false
}

/// `removeAdjacency`: the wall's left room absorbs the right one (edges, rectangle, depth), the wall and
/// the absorbed room leave their lists, then collinear walls of the merged room are joined.
fn merge(graph: &mut Graph, w: WallId) {
    let (keep, gone) = (graph.walls[w].left, graph.walls[w].right);
    for m in graph.rooms[gone].edges.clone() {
        if m == w {
            continue;
        }
        graph.rooms[keep].edges.push(m);
        if graph.walls[m].left == gone {
            graph.walls[m].left = keep;
        } else {
            graph.walls[m].right = keep;
        }
    }
    let (a, b) = (&graph.rooms[keep], &graph.rooms[gone]);
    let min = (a.min.0.min(b.min.0), a.min.1.min(b.min.1));
    let max = (a.max.0.max(b.max.0), a.max.1.max(b.max.1));
    let depth = a.depth.min(b.depth);
    let room = &mut graph.rooms[keep];
    room.min = min;
    room.max = max;
    room.depth = depth;
    graph.ungroup(w);
    remove_by_value(&mut graph.wall_list, w);
    remove_by_value(&mut graph.rooms[keep].edges, w);
    remove_by_value(&mut graph.room_list, gone);
    while join_collinear(graph, keep) {}
}

/// Step `merges`: shuffle the list, then up to `2·floor(rooms/12)` merges (§7.7).
pub fn make_double_rooms(graph: &mut Graph, rng: &mut SeedRandom) {
    rng.shuffle(&mut graph.wall_list);
    for _ in 0..2 * (graph.room_list.len() / 12) {
        let Some(w) = removable(graph, rng) else {
            break;
        };
        merge(graph, w);
    }
}
