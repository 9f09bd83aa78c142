//! The dense patrol routes of levels 2–9 (`placePatrolRoutesDense`, spec §7.17): door walls between
//! patrollable rooms, shuffled, grow routes of room visits edge by edge under a cap of `26 − 2L` visits;
//! joining a chain's two ends makes a loop; unvisited rooms and two-visit routes are stitched in; at
//! L ≥ 8 a visit-every-room route is added.

use super::patrols::{self, Node};
use super::rooms::{Graph, RoomId, RoomType, WallId};
use crate::generate::passes::fence::Fence;
use crate::model::SeedRandom;

/// A room visit while routes are built: links are cut when its route is deleted.
#[derive(Clone, Copy, Debug)]
struct Visit {
    room: RoomId,
    next: Option<usize>,
    prev: Option<usize>,
    visited: bool,
}

/// The visits, the game's node list (its order decides the routes' order) and each room's visits.
struct Routes {
    visits: Vec<Visit>,
    list: Vec<usize>,
    by_room: Vec<Vec<usize>>,
}

/// `removeByValue`, with the game's behaviour when the value is absent (the last element goes).
fn remove_value(list: &mut Vec<usize>, value: usize) {
    let at = list
        .iter()
        .position(|&v| v == value)
        .unwrap_or(list.len().saturating_sub(1));
    if at < list.len() {
        list.remove(at);
    }
}

impl Routes {
    /// A new visit of `room`, added to the lists.
    fn add(&mut self, room: RoomId) -> usize {
        let id = self.visits.len();
        self.visits.push(Visit {
            room,
            next: None,
            prev: None,
            visited: false,
        });
        self.list.push(id);
        self.by_room[room].push(id);
        id
    }

    /// Links `a → b`.
    fn link(&mut self, a: usize, b: usize) {
        self.visits[a].next = Some(b);
        self.visits[b].prev = Some(a);
    }

    /// `deadEndPatrolNode`: the room's first visit whose neighbours on its route are in one room.
    fn dead_end(&self, room: RoomId) -> Option<usize> {
        self.by_room[room].iter().copied().find(|&n| {
            let v = &self.visits[n];
            match (v.next, v.prev) {
                (Some(a), Some(b)) => self.visits[a].room == self.visits[b].room,
                _ => false,
            }
        })
    }

    /// The visits of `start`'s route from `start` on (`loopingPatrolRouteLength` counts them).
    fn route(&self, start: usize) -> Vec<usize> {
        self.walk(start).collect()
    }

    /// The visits of `start`'s route from `start` on, without gathering them (the route searches ask
    /// for lengths and membership thousands of times per level).
    fn walk(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(start), move |&at| {
            self.visits[at].next.filter(|&next| next != start)
        })
    }

    /// The number of visits on `start`'s route.
    fn route_len(&self, start: usize) -> usize {
        self.walk(start).count()
    }

    /// `nodesAreConnected`: whether `b` is on `a`'s route.
    fn connected(&self, a: usize, b: usize) -> bool {
        self.walk(a).any(|n| n == b)
    }

    /// `isSimpleChain`: walking both ways from `a` meets the same rooms pairwise until the walks meet,
    /// and they meet at `b`.
    fn simple_chain(&self, a: usize, b: usize) -> bool {
        let (mut back, mut fore) = (self.visits[a].prev, self.visits[a].next);
        loop {
            if back == fore {
                return back == Some(b);
            }
            let (Some(p), Some(n)) = (back, fore) else {
                return false;
            };
            if p == a || n == a || self.visits[p].room != self.visits[n].room {
                return false;
            }
            back = self.visits[p].prev;
            fore = self.visits[n].next;
        }
    }

    /// `canJoinNodes`: two dead ends may be joined — on one route only if it is a plain chain longer
    /// than 4 visits, on two routes only within the cap.
    fn can_join(&self, a: usize, b: usize, cap: usize) -> bool {
        if self.connected(a, b) {
            self.simple_chain(a, b) && self.route_len(a) > 4
        } else {
            self.route_len(a) + self.route_len(b) + 2 <= cap
        }
    }

    /// `deletePatrolRoute`: removes every visit of `start`'s route from the lists.
    fn delete(&mut self, start: usize) {
        let Some(prev) = self.visits[start].prev else {
            return;
        };
        self.visits[prev].next = None;
        let mut at = start;
        loop {
            let next = self.visits[at].next;
            self.visits[at].next = None;
            self.visits[at].prev = None;
            remove_value(&mut self.list, at);
            let room = self.visits[at].room;
            remove_value(&mut self.by_room[room], at);
            match next {
                Some(n) => at = n,
                None => break,
            }
        }
    }

    /// `markLoopingPatrolRouteVisited`.
    fn mark(&mut self, start: usize) {
        for n in self.route(start) {
            self.visits[n].visited = true;
        }
    }

    /// A new two-visit route `a ⇄ b`.
    fn pair(&mut self, a: RoomId, b: RoomId) {
        let (x, y) = (self.add(a), self.add(b));
        self.link(x, y);
        self.link(y, x);
    }

    /// `shortestPatrolRoute`: the room's visit on the shortest route (the first on ties).
    fn shortest(&self, room: RoomId) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for &n in &self.by_room[room] {
            let len = self.route_len(n);
            if best.is_none_or(|(_, l)| len < l) {
                best = Some((n, len));
            }
        }
        best.map(|(n, _)| n)
    }
}

/// `isPatrolledRoom`: every room but the outdoors and the vault — and, around locks, but the fenced
/// rooms new routes may not even cross ([`Fence::enterable`]).
fn patrolled(graph: &Graph, fence: &Fence, r: RoomId) -> bool {
    !matches!(
        graph.rooms[r].room_type,
        RoomType::Exterior | RoomType::Vault
    ) && fence.enterable(r)
}

/// A door wall between two patrollable rooms.
fn patrol_wall(graph: &Graph, fence: &Fence, w: WallId) -> bool {
    let wall = &graph.walls[w];
    wall.door && patrolled(graph, fence, wall.left) && patrolled(graph, fence, wall.right)
}

/// Adds one wall `a`–`b` to the routes (§7.17 cases 1–4).
fn add_wall(routes: &mut Routes, a: RoomId, b: RoomId, cap: usize, rng: &mut SeedRandom) {
    match (routes.dead_end(a), routes.dead_end(b)) {
        (Some(da), Some(db)) => {
            if !routes.can_join(da, db, cap) {
                return;
            }
            let (na, nb) = (routes.add(a), routes.add(b));
            let (next_a, next_b) = (routes.visits[da].next, routes.visits[db].next);
            routes.link(da, nb);
            if let Some(n) = next_b {
                routes.link(nb, n);
            }
            routes.link(db, na);
            if let Some(n) = next_a {
                routes.link(na, n);
            }
            if !routes.connected(da, db) {
                let gone = if rng.chance(0.5) { da } else { db };
                routes.delete(gone);
            }
        }
        (Some(d), None) | (None, Some(d)) => {
            if routes.route_len(d) + 2 > cap {
                return;
            }
            let (here, there) = if routes.visits[d].room == a {
                (a, b)
            } else {
                (b, a)
            };
            let (n_here, n_there) = (routes.add(here), routes.add(there));
            let next = routes.visits[d].next;
            routes.link(d, n_there);
            routes.link(n_there, n_here);
            if let Some(n) = next {
                routes.link(n_here, n);
            }
        }
        (None, None) => routes.pair(a, b),
    }
}

/// Step `patrols` at L ≥ 2: the dense routes' visits, ready for [`patrols::routes_from_nodes`], and the
/// index from which the nodes are the extra visit-every-room route's (L ≥ 8; the node count otherwise).
/// Around locks the rooms `fence` bars are left out; the visits still turn in fenced rooms they may
/// cross, which `fenced::Fenced::prune` then cuts.
pub fn dense_routes(
    graph: &Graph,
    level: u32,
    fence: &Fence,
    rng: &mut SeedRandom,
) -> (Vec<Node>, usize) {
    let mut walls: Vec<WallId> = graph
        .wall_list
        .iter()
        .copied()
        .filter(|&w| patrol_wall(graph, fence, w))
        .collect();
    rng.shuffle(&mut walls);
    // A wall adds at most two visits.
    let mut routes = Routes {
        visits: Vec::with_capacity(2 * walls.len()),
        list: Vec::with_capacity(2 * walls.len()),
        by_room: vec![Vec::new(); graph.rooms.len()],
    };
    let cap = 26usize.saturating_sub(2 * level as usize);
    for &w in &walls {
        add_wall(
            &mut routes,
            graph.walls[w].left,
            graph.walls[w].right,
            cap,
            rng,
        );
    }
    for &r in &graph.room_list {
        if !patrolled(graph, fence, r) || !routes.by_room[r].is_empty() {
            continue;
        }
        let options: Vec<WallId> = graph.rooms[r]
            .edges
            .iter()
            .copied()
            .filter(|&w| patrol_wall(graph, fence, w))
            .collect();
        if options.is_empty() {
            continue;
        }
        let w = options[rng.below(options.len())];
        routes.pair(graph.walls[w].left, graph.walls[w].right);
    }
    stitch_pairs(&mut routes, rng);
    for &w in &walls {
        stitch_across(&mut routes, graph.walls[w].left, graph.walls[w].right);
    }
    let mut nodes = as_nodes(&routes);
    let sweep_from = nodes.len();
    if level >= 8 {
        let extra = patrols::visit_every_room(graph, fence, rng);
        let base = nodes.len();
        nodes.extend(extra.into_iter().map(|n| Node {
            room: n.room,
            next: n.next + base,
            prev: n.prev + base,
        }));
    }
    (nodes, sweep_from)
}

/// Step 6 of §7.17: every two-visit route is spliced into a shortest other route through one of its
/// rooms (a random one of the ties), in node-list order.
fn stitch_pairs(routes: &mut Routes, rng: &mut SeedRandom) {
    for &n in &routes.list {
        routes.visits[n].visited = false;
    }
    for i in 0..routes.list.len() {
        let node = routes.list[i];
        if routes.visits[node].visited {
            continue;
        }
        if routes.route_len(node) > 2 {
            routes.mark(node);
            continue;
        }
        let other = routes.visits[node]
            .next
            .expect("a two-visit route is a loop");
        let mut best = usize::MAX;
        let mut joins: Vec<(usize, usize)> = Vec::new();
        for end in [node, other] {
            let room = routes.visits[end].room;
            for &candidate in &routes.by_room[room] {
                if candidate == end {
                    continue;
                }
                let len = routes.route_len(candidate);
                if len > best {
                    continue;
                }
                if len < best {
                    best = len;
                    joins.clear();
                }
                joins.push((end, candidate));
            }
        }
        if !joins.is_empty() {
            let (a, b) = joins[rng.below(joins.len())];
            let (pa, pb) = (
                routes.visits[a].prev.expect("linked"),
                routes.visits[b].prev.expect("linked"),
            );
            routes.link(pa, b);
            routes.link(pb, a);
        }
        routes.mark(node);
    }
}

/// Step 7 of §7.17: across each wall, the shortest routes through its two rooms are spliced together
/// when they differ and one has at most two visits (the door is then crossed twice).
fn stitch_across(routes: &mut Routes, a: RoomId, b: RoomId) {
    let (Some(na), Some(nb)) = (routes.shortest(a), routes.shortest(b)) else {
        return;
    };
    if routes.connected(na, nb) || (routes.route_len(na) > 2 && routes.route_len(nb) > 2) {
        return;
    }
    let (n2, n3) = (routes.add(a), routes.add(b));
    let next_a = routes.visits[na].next.expect("linked");
    let prev_b = routes.visits[nb].prev.expect("linked");
    routes.link(na, nb);
    routes.link(prev_b, n3);
    routes.link(n3, n2);
    routes.link(n2, next_a);
}

/// The live visits in node-list order, re-indexed as circular [`Node`]s.
fn as_nodes(routes: &Routes) -> Vec<Node> {
    let mut index = vec![usize::MAX; routes.visits.len()];
    for (i, &n) in routes.list.iter().enumerate() {
        index[n] = i;
    }
    routes
        .list
        .iter()
        .map(|&n| {
            let v = &routes.visits[n];
            Node {
                room: v.room,
                next: index[v.next.expect("live visits loop")],
                prev: index[v.prev.expect("live visits loop")],
            }
        })
        .collect()
}
