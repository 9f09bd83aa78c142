//! Step 7 of the spec's pipeline (`connectRooms`, §7.6): doors that connect every room, then the front
//! gate, sometimes a back gate and side doors, all chosen from the shuffled adjacency list.

use super::plan::LevelType;
use super::rooms::{DoorType, Graph, RoomId, RoomType, WallId};
use crate::model::SeedRandom;

/// Whether exactly one side of a wall is outdoors: the walls that make the building's outline.
fn on_outline(graph: &Graph, w: WallId) -> bool {
    let (l, r) = graph.types(w);
    (l == RoomType::Exterior) != (r == RoomType::Exterior)
}

/// The listed rooms of each connectivity group, by group label (a label is the id of the room it
/// started as), so joining two groups relabels the rooms of one instead of scanning every room.
struct Groups {
    members: Vec<Vec<RoomId>>,
}

impl Groups {
    fn new(graph: &Graph) -> Self {
        let mut members = vec![Vec::new(); graph.rooms.len()];
        for &r in &graph.room_list {
            members[graph.rooms[r].group].push(r);
        }
        Groups { members }
    }

    /// Every listed room of group `from` joins group `to`, taking its label, as the game relabels them.
    fn join(&mut self, graph: &mut Graph, from: usize, to: usize) {
        if from == to {
            return;
        }
        let moved = std::mem::take(&mut self.members[from]);
        for &r in &moved {
            graph.rooms[r].group = to;
        }
        self.members[to].extend(moved);
    }
}

/// Walks the list once per symmetry ring, testing only the first member met (`connectRoomsMatching`):
/// when the test passes every member without a door gets a standard door and its rooms' groups join.
fn connect_matching(
    graph: &mut Graph,
    groups: &mut Groups,
    rng: &mut SeedRandom,
    mut accept: impl FnMut(&Graph, WallId, &mut SeedRandom) -> bool,
) {
    let mut handled = vec![false; graph.walls.len()];
    let mut ring = Vec::new();
    for at in 0..graph.wall_list.len() {
        let w = graph.wall_list[at];
        if handled[w] {
            continue;
        }
        for m in graph.ring_members(w) {
            handled[m] = true;
        }
        if graph.walls[w].length < 2 || !accept(graph, w, rng) {
            continue;
        }
        ring.clear();
        ring.extend(graph.ring_members(w));
        for &m in &ring {
            if !graph.walls[m].door {
                graph.walls[m].door = true;
                graph.walls[m].door_type = DoorType::Standard;
                let from = graph.rooms[graph.walls[m].left].group;
                let to = graph.rooms[graph.walls[m].right].group;
                groups.join(graph, from, to);
            }
        }
    }
}

/// Whether a wall's two rooms are in different groups (not yet connected).
fn apart(graph: &Graph, w: WallId) -> bool {
    let wall = &graph.walls[w];
    graph.rooms[wall.left].group != graph.rooms[wall.right].group
}

/// Step `doors` (after the list shuffle the step includes): the connecting doors, the front gate, the
/// back gate and the side doors, with the game's draws (§8 item 7).
pub fn connect_rooms(graph: &mut Graph, level: u32, level_type: LevelType, rng: &mut SeedRandom) {
    use RoomType::{Exterior, PublicCourtyard, PublicRoom};
    let mut groups = Groups::new(graph);
    connect_matching(graph, &mut groups, rng, |g, w, _| {
        g.types(w) == (Exterior, Exterior)
    });
    connect_matching(graph, &mut groups, rng, |g, w, _| {
        g.types(w) == (PublicCourtyard, PublicCourtyard)
    });
    if level_type == LevelType::Fortress {
        connect_matching(graph, &mut groups, rng, |g, w, _| {
            let (l, r) = g.types(w);
            l != Exterior && r != Exterior && apart(g, w)
        });
    } else {
        connect_matching(graph, &mut groups, rng, |g, w, rng| {
            g.types(w) == (PublicRoom, PublicRoom) && (apart(g, w) || rng.chance(0.4))
        });
        connect_matching(graph, &mut groups, rng, |g, w, rng| {
            let (l, r) = g.types(w);
            l != Exterior && r != Exterior && l != r && (apart(g, w) || rng.chance(0.4))
        });
    }
    let perimeter: i32 = graph
        .wall_list
        .iter()
        .filter(|&&w| on_outline(graph, w))
        .map(|&w| graph.walls[w].length)
        .sum();
    if let Some(w) = front_gate(graph) {
        graph.walls[w].door = true;
        graph.walls[w].door_type = DoorType::GateFront;
        graph.ungroup(w);
    }
    if (perimeter > 80 || rng.chance(0.2))
        && let Some(w) = back_gate(graph)
    {
        graph.walls[w].door = true;
        let gate = level_type != LevelType::Fortress && (level < 3 || rng.chance(0.5));
        graph.walls[w].door_type = if gate {
            DoorType::GateBack
        } else {
            DoorType::Locked
        };
        graph.ungroup(w);
    }
    if perimeter > 120 || rng.chance(0.2) {
        let door_type = if level_type != LevelType::Fortress && level < 3 {
            DoorType::GateBack
        } else {
            DoorType::Locked
        };
        for west in [true, false] {
            if let Some(w) = side_door(graph, west) {
                for m in graph.ring(w) {
                    graph.walls[m].door = true;
                    graph.walls[m].door_type = door_type;
                }
            }
        }
    }
}

/// Twice the midpoint of the outline's span on one axis (x for `vertical` false): the smallest origin
/// and the largest `origin + length + 1` of the runs along that axis (runs across it add their origin).
fn mid2(graph: &Graph, vertical: bool) -> i64 {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for &w in &graph.wall_list {
        if !on_outline(graph, w) {
            continue;
        }
        let wall = &graph.walls[w];
        let (o, along) = if vertical {
            (wall.origin.1, wall.vertical)
        } else {
            (wall.origin.0, !wall.vertical)
        };
        let o = i64::from(o);
        lo = lo.min(o);
        hi = hi.max(if along {
            o + i64::from(wall.length) + 1
        } else {
            o
        });
    }
    lo + hi
}

/// The front gate's wall: a horizontal run of length ≥ 3 with a room north and outdoors south whose span
/// holds the outline's middle, the southernmost (the later one on ties).
fn front_gate(graph: &Graph) -> Option<WallId> {
    let mid = mid2(graph, false);
    let mut best: Option<WallId> = None;
    for &w in &graph.wall_list {
        let wall = &graph.walls[w];
        let (l, r) = graph.types(w);
        if wall.vertical || wall.length < 3 || l == RoomType::Exterior || r != RoomType::Exterior {
            continue;
        }
        let (x, len) = (i64::from(wall.origin.0), i64::from(wall.length));
        if 2 * x > mid || 2 * (x + len) <= mid {
            continue;
        }
        if best.is_some_and(|b| wall.origin.1 > graph.walls[b].origin.1) {
            continue;
        }
        best = Some(w);
    }
    best
}

/// The back gate's wall: a horizontal run of length ≥ 3 with outdoors north and a room south, nearest
/// the middle (the larger y on ties, then the earlier in the list).
fn back_gate(graph: &Graph) -> Option<WallId> {
    let mid = mid2(graph, false);
    let mut best: Option<(WallId, i64)> = None;
    for &w in &graph.wall_list {
        let wall = &graph.walls[w];
        let (l, r) = graph.types(w);
        if wall.vertical || wall.length < 3 || l != RoomType::Exterior || r == RoomType::Exterior {
            continue;
        }
        let x = i64::from(wall.origin.0);
        let dist = 0
            .max(mid - 2 * (x + i64::from(wall.length)))
            .max(2 * x - mid);
        let better = best.is_none_or(|(b, d)| {
            dist < d || (dist == d && wall.origin.1 > graph.walls[b].origin.1)
        });
        if better {
            best = Some((w, dist));
        }
    }
    best.map(|(w, _)| w)
}

/// A side door's wall: a vertical run of length ≥ 3 with outdoors on the west (`west`) or east side,
/// nearest the outline's vertical middle; ties to the outer x (smaller west, larger east), then smaller y.
fn side_door(graph: &Graph, west: bool) -> Option<WallId> {
    let mid = mid2(graph, true);
    let mut best: Option<(WallId, i64)> = None;
    for &w in &graph.wall_list {
        let wall = &graph.walls[w];
        let (l, r) = graph.types(w);
        let (outside, room) = if west { (l, r) } else { (r, l) };
        if !wall.vertical
            || wall.length < 3
            || outside != RoomType::Exterior
            || room == RoomType::Exterior
        {
            continue;
        }
        let y = i64::from(wall.origin.1);
        let dist = 0
            .max(mid - 2 * (y + i64::from(wall.length) + 1))
            .max(2 * y - mid);
        let better = best.is_none_or(|(b, d)| {
            let other = &graph.walls[b];
            let outer = if west {
                wall.origin.0 < other.origin.0
            } else {
                wall.origin.0 > other.origin.0
            };
            dist < d
                || (dist == d
                    && (outer
                        || (wall.origin.0 == other.origin.0 && wall.origin.1 < other.origin.1)))
        });
        if better {
            best = Some((w, dist));
        }
    }
    best.map(|(w, _)| w)
}
