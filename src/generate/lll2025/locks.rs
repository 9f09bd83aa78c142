//! Locked rooms on 2025 levels. The game draws walls, rooms, doors and room types from the one stream
//! that then furnishes them, and a room's walls are its neighbours' walls, so a locked room can only be
//! kept by keeping that layout: a regeneration around locks keeps the layout of the level it started
//! from (the parameters' `layout_seed`) and draws everything after it — furniture, grounds, patrols,
//! loot, guards — from the new seed. The locked rooms' floors and items go back into the map right after
//! the furniture, so the patrols and the loot see them, and again on the finished level (the loot and
//! treasure passes may have put something there).

use super::map::{ItemKind as GameItem, Terrain as GameTerrain};
use super::model_map::{game_item, game_terrain};
use super::patrols::Node;
use super::rooms::{Graph, RoomId, RoomType};
use crate::generate::passes::fence::Fence;
use crate::model::{LockedRoom, RoomOrigin, Terrain};

/// A locked floor cell to put back into the map: its floor and its items, in the game's kinds.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptCell {
    /// The cell, in the game's (and the model's) coordinates.
    pub at: (i32, i32),
    /// Its floor.
    pub floor: GameTerrain,
    /// Its items, in order.
    pub items: Vec<GameItem>,
}

/// The game's floor for the model's, when it is one (walls, openings and the void are never a room's
/// floor).
fn game_floor(t: Terrain) -> Option<GameTerrain> {
    Some(game_terrain(t)).filter(|g| t != Terrain::Void && !g.is_wall_or_better())
}

/// The locked rooms' floor cells with their floors and items, in the game's kinds.
pub fn kept_cells(locks: &[LockedRoom]) -> Vec<KeptCell> {
    let mut kept = Vec::new();
    for lock in locks {
        for &(cell, terrain) in &lock.terrain {
            let Some(floor) = game_floor(terrain) else {
                continue;
            };
            if lock.room.cells.binary_search(&cell).is_err() {
                continue;
            }
            let items = lock
                .items
                .iter()
                .filter(|i| i.cell == cell)
                .map(|i| game_item(i.kind))
                .collect();
            kept.push(KeptCell {
                at: (cell.x, cell.y),
                floor,
                items,
            });
        }
    }
    kept
}

/// Puts the kept cells back into the map: their floors, and their items instead of whatever the
/// furniture pass put there.
pub fn put_back(map: &mut super::map::Map, kept: &[KeptCell]) {
    if kept.is_empty() {
        return;
    }
    map.items
        .retain(|i| !kept.iter().any(|k| k.at == (i.x, i.y)));
    for cell in kept {
        map.set(cell.at.0, cell.at.1, cell.floor);
        for &kind in &cell.items {
            map.place(cell.at.0, cell.at.1, kind);
        }
    }
}

/// Checks every lock names a room of this layout with the same floor: a lock of another layout (other
/// parameters, another level type) cannot be kept, and the message says which.
pub fn check_fit(graph: &Graph, locks: &[LockedRoom]) -> Result<(), String> {
    for lock in locks {
        let RoomOrigin::Corner2025 { x, y } = lock.room.origin else {
            return Err(format!(
                "a lock of a {} is not a room of a 2025 level",
                lock.room
                    .origin
                    .kind()
                    .map_or("exterior", crate::model::OriginKind::name)
            ));
        };
        let i = lock.room.interior;
        let same = graph
            .room_list
            .iter()
            .map(|&r| &graph.rooms[r])
            .any(|r| r.min == (x, y) && r.max == (i.x1, i.y1));
        if !same {
            return Err(format!(
                "the locked room at ({x}, {y}) is not a room of this layout; 2025 levels keep \
                 their layout when regenerated around locks, so change the level type or size \
                 only with every room unlocked"
            ));
        }
    }
    Ok(())
}

/// The corners of the rooms whose locks keep new guards out ([`LockedRoom::allow_patrols`] off), as
/// the game names a room by its corner: what [`super::Variation::fenced`] holds.
pub fn fenced_corners(locks: &[LockedRoom]) -> Vec<(i32, i32)> {
    locks
        .iter()
        .filter(|l| !l.allow_patrols)
        .filter_map(|l| match l.room.origin {
            RoomOrigin::Corner2025 { x, y } => Some((x, y)),
            _ => None,
        })
        .collect()
}

/// The rooms of this layout new guards keep out of ([`Fence`]), found by their corners, and the floor
/// they cover. Empty without fenced corners, and then every question answers as in the game.
#[derive(Clone, Debug, Default)]
pub struct Fenced {
    /// The fence over the layout's room ids.
    pub fence: Fence,
    /// The fenced rooms' floors, each as its corners `min` (inclusive) and `max` (exclusive).
    floors: Vec<((i32, i32), (i32, i32))>,
}

impl Fenced {
    /// The fence of `graph` around the rooms cornered at `corners`; patrols never enter the outside or
    /// the vault, so those are no way around a fenced room.
    pub fn new(graph: &Graph, corners: &[(i32, i32)]) -> Self {
        if corners.is_empty() {
            return Fenced::default();
        }
        let n = graph.rooms.len();
        let live = |r: RoomId| graph.room_list.contains(&r);
        let fenced: Vec<bool> = (0..n)
            .map(|r| live(r) && corners.contains(&graph.rooms[r].min))
            .collect();
        let patrolled: Vec<bool> = (0..n)
            .map(|r| {
                live(r)
                    && !matches!(
                        graph.rooms[r].room_type,
                        RoomType::Exterior | RoomType::Vault
                    )
            })
            .collect();
        let floors = (0..n)
            .filter(|&r| fenced[r])
            .map(|r| (graph.rooms[r].min, graph.rooms[r].max))
            .collect();
        let doors = graph
            .wall_list
            .iter()
            .map(|&w| &graph.walls[w])
            .filter(|w| w.door)
            .map(|w| (w.left, w.right));
        Fenced {
            fence: Fence::new(n, doors, fenced, &patrolled),
            floors,
        }
    }

    /// Whether cell `(x, y)` is the floor of a fenced room: no new guard may start or stand there.
    pub fn holds(&self, (x, y): (i32, i32)) -> bool {
        self.floors
            .iter()
            .any(|&(min, max)| x >= min.0 && y >= min.1 && x < max.0 && y < max.1)
    }

    /// The circular visit lists `nodes` without a turn in a fenced room: a visit that enters a fenced
    /// room and comes back out the way it went in (`X L X`) is cut to `X`, again and again, and a route
    /// left with one visit, or with fenced rooms only, is dropped. What stays crosses a fenced room only
    /// between two other rooms. `sweep_from` (where the visit-every-room route's nodes begin) moves with
    /// the nodes before it.
    pub fn prune(&self, nodes: Vec<Node>, sweep_from: usize) -> (Vec<Node>, usize) {
        if self.fence.is_empty() {
            return (nodes, sweep_from);
        }
        let mut nodes = nodes;
        let mut alive = vec![true; nodes.len()];
        let fenced = |nodes: &[Node], i: usize| self.fence.fenced(nodes[i].room);
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..nodes.len() {
                if !alive[i] {
                    continue;
                }
                let cycle = cycle(&nodes, i);
                if cycle.len() < 2 || cycle.iter().all(|&m| fenced(&nodes, m)) {
                    for &m in &cycle {
                        alive[m] = false;
                    }
                    changed = true;
                    continue;
                }
                let (p, q) = (nodes[i].prev, nodes[i].next);
                if !fenced(&nodes, i) || nodes[p].room != nodes[q].room {
                    continue;
                }
                if p == q {
                    // X L and round again: X alone is no route.
                    for &m in &cycle {
                        alive[m] = false;
                    }
                    changed = true;
                    continue;
                }
                // X L X: L and the second X go; the first X leads on to what followed them.
                let after = nodes[q].next;
                nodes[p].next = after;
                nodes[after].prev = p;
                alive[i] = false;
                alive[q] = false;
                changed = true;
            }
        }
        let mut index = vec![usize::MAX; nodes.len()];
        for (count, i) in (0..nodes.len()).filter(|&i| alive[i]).enumerate() {
            index[i] = count;
        }
        let sweep = (0..sweep_from.min(nodes.len()))
            .filter(|&i| alive[i])
            .count();
        let kept = (0..nodes.len())
            .filter(|&i| alive[i])
            .map(|i| Node {
                room: nodes[i].room,
                next: index[nodes[i].next],
                prev: index[nodes[i].prev],
            })
            .collect();
        (kept, sweep)
    }
}

/// The nodes of the circular list through `start`, in walking order.
fn cycle(nodes: &[Node], start: usize) -> Vec<usize> {
    let mut cycle = vec![start];
    let mut at = nodes[start].next;
    while at != start && cycle.len() <= nodes.len() {
        cycle.push(at);
        at = nodes[at].next;
    }
    cycle
}
