//! Step 5.13 a–f: the patrol graph — a greedy random cover of the door graph by chains and loops of
//! room visits, long chains cut for guard density, left-over rooms hung on as side trips — which
//! [`super::patrols`] then walks into cells. Kept apart from the walking so that each stays small: this
//! part knows rooms and doors only, never a cell.

use super::fence::Fence;
use crate::model::{Level, RoomId, SplitPoint};

#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) region: RoomId,
    pub(super) next: Option<usize>,
    pub(super) prev: Option<usize>,
}

impl Node {
    pub(super) fn unlinked(&self) -> bool {
        self.next.is_none() && self.prev.is_none()
    }
}

/// The patrol graph under construction: one home node per region, then side-trip copies.
pub(super) struct Chains {
    pub(super) nodes: Vec<Node>,
}

impl Chains {
    fn link(&mut self, a: usize, b: usize) {
        self.nodes[a].next = Some(b);
        self.nodes[b].prev = Some(a);
    }

    /// Reverses the chain that contains `from`, walking along `step` to collect it.
    fn reverse_chain(&mut self, from: usize, toward_head: bool) {
        let mut chain = vec![from];
        let mut cur = from;
        while let Some(n) = if toward_head {
            self.nodes[cur].prev
        } else {
            self.nodes[cur].next
        } {
            chain.push(n);
            cur = n;
        }
        for i in chain {
            let node = &mut self.nodes[i];
            std::mem::swap(&mut node.next, &mut node.prev);
        }
    }

    /// Where a new guard starts walking the route through `node`: the chain head, or on a loop the
    /// first node from `node` on whose room is not fenced ([`trim_fenced`] leaves no chain head and no
    /// loop wholly in fenced rooms).
    pub(super) fn walk_start(&self, node: usize, fence: &Fence) -> usize {
        let (mut start, is_loop) = self.route_start(node);
        if is_loop {
            while fence.fenced(self.nodes[start].region) {
                match self.nodes[start].next {
                    Some(next) if next != node => start = next,
                    _ => break,
                }
            }
        }
        start
    }

    /// The nodes of the loop through `node`, or `None` when `node` lies on a chain.
    fn cycle(&self, node: usize) -> Option<Vec<usize>> {
        let mut nodes = vec![node];
        let mut cur = self.nodes[node].next?;
        while cur != node {
            nodes.push(cur);
            cur = self.nodes[cur].next?;
        }
        Some(nodes)
    }

    /// The route's first node: the chain head, or `node` itself when it lies on a loop.
    pub(super) fn route_start(&self, node: usize) -> (usize, bool) {
        let mut cur = node;
        while let Some(p) = self.nodes[cur].prev {
            if p == node {
                return (node, true);
            }
            cur = p;
        }
        (cur, false)
    }
}

/// Guard density: chains of at least `2P` nodes are cut into pieces of `P` (the last `P … 2P−1`).
pub(super) fn piece_length(level_index: u32) -> usize {
    (10i64 - i64::from(level_index)).max(3) as usize
}

/// 5.13 a–d: a greedy random cover of the door graph by paths and cycles.
pub(super) fn assemble_chains(level: &Level, order: &[usize], participates: &[bool]) -> Chains {
    let nodes = (0..level.rooms.len())
        .map(|region| Node {
            region,
            next: None,
            prev: None,
        })
        .collect();
    let mut chains = Chains { nodes };
    for &id in order {
        let adj = &level.adjacencies[id];
        if !adj.door || !participates[adj.left] || !participates[adj.right] {
            continue;
        }
        let (a, b) = (adj.left, adj.right);
        let (na, nb) = (chains.nodes[a], chains.nodes[b]);
        // A second door between two linked regions would close a loop of two rooms, which a guard
        // can only walk as a back-and-forth through one door. The siheyuan's regions share at most one
        // wall segment; other generators' rooms can share two.
        if na.next == Some(b) || na.prev == Some(b) {
            continue;
        }
        if na.next.is_none() && nb.prev.is_none() {
            chains.link(a, b);
        } else if nb.next.is_none() && na.prev.is_none() {
            chains.link(b, a);
        } else if na.next.is_none() && nb.next.is_none() {
            chains.reverse_chain(b, true);
            chains.link(a, b);
        } else if na.prev.is_none() && nb.prev.is_none() {
            chains.reverse_chain(a, false);
            chains.link(a, b);
        }
    }
    chains
}

/// 5.13 e: cuts long chains; returns the cut links.
pub(super) fn split_chains(
    chains: &mut Chains,
    participates: &[bool],
    piece: usize,
) -> Vec<SplitPoint> {
    let mut visited = vec![false; chains.nodes.len()];
    let mut splits = Vec::new();
    for r in 0..participates.len() {
        if visited[r] || !participates[r] {
            continue;
        }
        visited[r] = true;
        if chains.nodes[r].unlinked() {
            continue;
        }
        let (start, is_loop) = chains.route_start(r);
        let mut chain = vec![start];
        let mut cur = start;
        while let Some(n) = chains.nodes[cur].next {
            if n == start {
                break;
            }
            chain.push(n);
            cur = n;
        }
        for &n in &chain {
            visited[n] = true;
        }
        if is_loop || chain.len() < 2 * piece {
            continue;
        }
        for cut in 1..chain.len() / piece {
            let (x, y) = (chain[cut * piece - 1], chain[cut * piece]);
            chains.nodes[x].next = None;
            chains.nodes[y].prev = None;
            splits.push(SplitPoint {
                before: chains.nodes[x].region,
                after: chains.nodes[y].region,
            });
        }
    }
    splits
}

/// 5.13 f: a left-over region hangs off an interior chain node or loop node as a side trip.
pub(super) fn add_side_trips(
    chains: &mut Chains,
    level: &Level,
    order: &[usize],
    participates: &[bool],
    fence: &Fence,
) {
    for &id in order {
        let adj = &level.adjacencies[id];
        if !adj.door || !participates[adj.left] || !participates[adj.right] {
            continue;
        }
        let (a, b) = (adj.left, adj.right);
        let both_links = |n: &Node| n.next.is_some() && n.prev.is_some();
        // A side trip turns in its room, which no fenced room may hold.
        let (host, guest) =
            if chains.nodes[a].unlinked() && both_links(&chains.nodes[b]) && !fence.fenced(a) {
                (b, a)
            } else if chains.nodes[b].unlinked() && both_links(&chains.nodes[a]) && !fence.fenced(b)
            {
                (a, b)
            } else {
                continue;
            };
        let old_next = chains.nodes[host].next;
        let copy = chains.nodes.len();
        chains.nodes.push(Node {
            region: chains.nodes[host].region,
            next: old_next,
            prev: Some(guest),
        });
        if let Some(n) = old_next {
            chains.nodes[n].prev = Some(copy);
        }
        chains.link(host, guest);
        chains.nodes[guest].next = Some(copy);
    }
}

/// Around locks: a room left alone — next to a chain's end that [`trim_fenced`] cut, or behind fenced
/// rooms it is reached through (a dead end behind a locked room) — is walked to, crossing the fenced
/// rooms but never turning in them: a chain ending next to it (or next to those rooms) walks on into it,
/// or a node of a chain next to the fenced rooms takes it as a side trip through them and back.
pub(super) fn add_detours(
    chains: &mut Chains,
    level: &Level,
    order: &[usize],
    participates: &[bool],
    fence: &Fence,
) {
    let mut doors: Vec<Vec<RoomId>> = vec![Vec::new(); level.rooms.len()];
    for adj in order.iter().map(|&id| &level.adjacencies[id]) {
        if adj.door && participates[adj.left] && participates[adj.right] {
            doors[adj.left].push(adj.right);
            doors[adj.right].push(adj.left);
        }
    }
    let lone = (0..level.rooms.len())
        .filter(|&r| participates[r] && !fence.fenced(r) && chains.nodes[r].unlinked());
    for guest in lone.collect::<Vec<_>>() {
        if !chains.nodes[guest].unlinked() {
            continue;
        }
        let Some(path) = way_through_fence(chains, &doors, fence, guest) else {
            continue;
        };
        // `path`: the host (an open room on a chain), the fenced rooms in walking order, the guest.
        let (host, gates) = (path[0], &path[1..path.len() - 1]);
        let node = chains.nodes[host];
        if node.next.is_none() {
            for pair in path.windows(2) {
                chains.link(pair[0], pair[1]);
            }
        } else if node.prev.is_none() {
            for pair in path.windows(2) {
                chains.link(pair[1], pair[0]);
            }
        } else {
            // host → gates → guest → the gates again, backwards → host again → where host went on.
            let mut last = guest;
            for &gate in gates.iter().rev().chain([&host]) {
                let copy = chains.nodes.len();
                chains.nodes.push(Node {
                    region: gate,
                    next: None,
                    prev: Some(last),
                });
                chains.nodes[last].next = Some(copy);
                last = copy;
            }
            chains.nodes[last].next = node.next;
            if let Some(n) = node.next {
                chains.nodes[n].prev = Some(last);
            }
            for pair in path.windows(2) {
                chains.link(pair[0], pair[1]);
            }
        }
    }
}

/// The shortest way from an open room on a chain through unlinked fenced rooms to `guest`: the host
/// first, `guest` last, fenced rooms between (none when the host is a chain's end next to the guest);
/// `None` when there is none.
fn way_through_fence(
    chains: &Chains,
    doors: &[Vec<RoomId>],
    fence: &Fence,
    guest: RoomId,
) -> Option<Vec<RoomId>> {
    let mut came_from: Vec<Option<RoomId>> = vec![None; doors.len()];
    let mut queue = std::collections::VecDeque::from([guest]);
    came_from[guest] = Some(guest);
    while let Some(r) = queue.pop_front() {
        for &n in &doors[r] {
            if came_from[n].is_some() {
                continue;
            }
            // Next to the guest, only a chain's end takes it on (a node inside a chain takes it as a
            // side trip, [`add_side_trips`]); behind fenced rooms, any node of a chain.
            let node = chains.nodes[n];
            let end = node.next.is_none() || node.prev.is_none();
            let open_host = !fence.fenced(n) && !node.unlinked() && (r != guest || end);
            let gate = fence.fenced(n) && chains.nodes[n].unlinked();
            if open_host {
                let mut path = vec![n, r];
                let mut cur = r;
                while let Some(prev) = came_from[cur].filter(|&p| p != cur) {
                    path.push(prev);
                    cur = prev;
                }
                return Some(path);
            }
            if gate {
                came_from[n] = Some(r);
                queue.push_back(n);
            }
        }
    }
    None
}

/// Keeps new guards out of fenced rooms ([`Fence`]): a chain's end stands in its room, so a chain end
/// in a fenced room is cut off, and the next, until both ends are in open rooms; a loop wholly in
/// fenced rooms is taken apart. What is left crosses a fenced room only between two open ones.
pub(super) fn trim_fenced(chains: &mut Chains, fence: &Fence) {
    let fenced = |chains: &Chains, n: usize| fence.fenced(chains.nodes[n].region);
    let mut changed = true;
    while changed {
        changed = false;
        for n in 0..chains.nodes.len() {
            let node = chains.nodes[n];
            if node.unlinked() || !fenced(chains, n) {
                continue;
            }
            match (node.prev, node.next) {
                (None, Some(next)) => chains.nodes[next].prev = None,
                (Some(prev), None) => chains.nodes[prev].next = None,
                _ => {
                    let Some(cycle) = chains.cycle(n) else {
                        continue;
                    };
                    if !cycle.iter().all(|&m| fenced(chains, m)) {
                        continue;
                    }
                    for m in cycle {
                        chains.nodes[m].next = None;
                        chains.nodes[m].prev = None;
                    }
                }
            }
            chains.nodes[n].next = None;
            chains.nodes[n].prev = None;
            changed = true;
        }
    }
}
