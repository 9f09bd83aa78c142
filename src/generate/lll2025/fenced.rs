//! The rooms of a 2025 layout that new guards keep out of: the locked rooms whose locks do not let
//! patrols in ([`crate::model::LockedRoom::allow_patrols`]), found by the corners the game names rooms
//! by. The patrol and guard passes ask it; with no such room every question answers as in the game.

use super::rooms::{Graph, RoomId, RoomType};
use super::visits::Node;
use crate::generate::passes::fence::Fence;

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
