//! Steps 5.5 and 5.6: doors and connectivity (courtyard links, room–room and room–courtyard doors, the
//! front door and the player start), then depth from the front row and the public/private kinds.

use super::layout::{Layout, OUTER_BORDER};
use super::locks::DoorPins;
use super::regions::{EXTERIOR, EdgeSet, slot_region};
use crate::generate::rng::Stream;
use crate::model::topology::RoomGraph;
use crate::model::{Adjacency, Cell, Dir, Room, RoomKind};

/// Probability of a door between regions that are already connected.
const EXTRA_DOOR_CHANCE: f64 = 0.4;

/// Union–find over region groups.
struct Groups(Vec<usize>);

impl Groups {
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra] = rb;
        }
    }
}

/// 5.5 a–d: shuffles the edge sets (returned, in shuffled order), opens courtyard links and adds room–room
/// and room–courtyard doors until everything is connected, with extra doors by chance.
/// Sets with a member in `pins` (a locked ring) keep the pinned decision and are skipped by the random passes.
pub fn connect_regions(
    rooms: &[Room],
    segs: &mut [Adjacency],
    mut sets: Vec<EdgeSet>,
    pins: &DoorPins,
    rng: &mut Stream,
) -> Vec<EdgeSet> {
    rng.shuffle(&mut sets);
    let mut groups = Groups((0..rooms.len()).collect());
    let kind = |r: usize| rooms[r].kind;
    let pinned = |set: &[usize]| set.iter().any(|id| pins.contains_key(id));
    for set in sets.iter().map(EdgeSet::members).filter(|s| pinned(s)) {
        let door = set.iter().any(|id| matches!(pins.get(id), Some(Some(_))));
        let outside = |id: usize| {
            kind(segs[id].left) == RoomKind::Exterior || kind(segs[id].right) == RoomKind::Exterior
        };
        if door && !set.iter().any(|&id| outside(id)) {
            for &id in set {
                segs[id].door = true;
                groups.join(segs[id].left, segs[id].right);
            }
        }
    }

    for (id, seg) in segs.iter_mut().enumerate() {
        if pins.contains_key(&id) {
            continue;
        }
        if kind(seg.left) == RoomKind::Courtyard && kind(seg.right) == RoomKind::Courtyard {
            seg.door = true;
            groups.join(seg.left, seg.right);
        }
    }
    let room_room = |a: RoomKind, b: RoomKind| a == RoomKind::Room && b == RoomKind::Room;
    let room_courtyard =
        |a: RoomKind, b: RoomKind| a != b && a != RoomKind::Exterior && b != RoomKind::Exterior;
    for qualifies in [
        &room_room as &dyn Fn(RoomKind, RoomKind) -> bool,
        &room_courtyard,
    ] {
        for set in sets.iter().map(EdgeSet::members) {
            let first = &segs[set[0]];
            if pinned(set) || !qualifies(kind(first.left), kind(first.right)) {
                continue;
            }
            let separate = groups.find(first.left) != groups.find(first.right);
            if separate || rng.chance(EXTRA_DOOR_CHANCE) {
                for &id in set {
                    segs[id].door = true;
                    groups.join(segs[id].left, segs[id].right);
                }
            }
        }
    }
    sets
}

/// 5.5 e: the first south-wall edge set in shuffled order gets the front door, on its eastern member (or
/// the middle piece); the door's segment and its former partner become self-partnered (quirk 1).
/// Returns the front-door segment and the player start. A south-wall door pinned by a locked ring is
/// chosen outright; pinned shut walls are passed over.
pub fn place_front_door(
    segs: &mut [Adjacency],
    shuffled_sets: &[EdgeSet],
    pins: &DoorPins,
) -> Option<(usize, Cell)> {
    let candidate = |i: usize| {
        let seg = &segs[i];
        let horizontal = matches!(seg.segment.map(|s| s.dir), Some(Dir::E | Dir::W));
        let partner = seg.mirror.unwrap_or(i);
        if !horizontal || partner > i {
            return false;
        }
        let outer_side = if partner == i { seg.right } else { seg.left };
        outer_side == EXTERIOR
    };
    let in_order = || {
        shuffled_sets
            .iter()
            .flat_map(EdgeSet::members)
            .copied()
            .filter(|&i| candidate(i))
    };
    let pinned_open = in_order().find(|i| matches!(pins.get(i), Some(Some(_))));
    let chosen = pinned_open.or_else(|| in_order().find(|i| !pins.contains_key(i)))?;
    let partner = segs[chosen].mirror.unwrap_or(chosen);
    segs[chosen].mirror = Some(chosen);
    segs[partner].mirror = Some(partner);
    segs[chosen].door = true;
    let seg = segs[chosen].segment?;
    let door = seg.cell(seg.len / 2);
    Some((chosen, Cell::new(door.x, OUTER_BORDER - 1)))
}

/// The depth of a room no door path from the front reaches (a bug in a generated level; a hand edit can
/// make one): never private, and left out of the depth layers.
const UNVISITED: u32 = u32::MAX;

/// 5.6: depth by breadth-first search from the whole south row over door segments, then whole depth
/// layers turned private from the back until `floor(Rx·Ry/4)` rooms are private, then courtyard clusters
/// made wholly private when they touch a private courtyard.
///
/// `forced` (empty without locks) holds locked privacy per region: the threshold is lowered so locked
/// private rooms stay private, and the call fails when a locked public room or courtyard would turn private.
pub fn assign_depths_and_kinds(
    layout: &Layout,
    rooms: &mut [Room],
    segs: &[Adjacency],
    forced: &[Option<bool>],
) -> Result<(), String> {
    assign_depths(layout, rooms, segs);
    let target = (layout.rooms_x * layout.rooms_y / 4) as usize;
    let threshold = private_threshold(rooms, forced, target)?;
    let private_now = rooms
        .iter()
        .filter(|r| r.kind == RoomKind::Room && r.depth != UNVISITED && r.depth >= threshold)
        .count();
    if private_now < target {
        return Err(format!(
            "only {private_now} rooms could be private around the locked ones, {target} needed"
        ));
    }
    for room in rooms.iter_mut().filter(|r| r.kind != RoomKind::Exterior) {
        room.private = room.depth != UNVISITED && room.depth >= threshold;
    }
    spread_private_courtyards(rooms, segs);
    keep_forced_privacy(rooms, segs, forced)
}

/// 5.6, first part: door hops from the front, the exterior 0 and the whole south row of slots 1; rooms
/// no door reaches keep [`UNVISITED`].
fn assign_depths(layout: &Layout, rooms: &mut [Room], segs: &[Adjacency]) {
    for room in rooms.iter_mut().skip(1) {
        room.depth = UNVISITED;
    }
    rooms[EXTERIOR].depth = 0;
    let mut queue: Vec<usize> = (0..layout.rooms_x)
        .map(|rx| slot_region(layout, rx, 0))
        .collect();
    for &r in &queue {
        rooms[r].depth = 1;
    }
    let graph = RoomGraph::from_adjacencies(rooms.len(), segs);
    let mut head = 0;
    while head < queue.len() {
        let r = queue[head];
        head += 1;
        for &(n, _) in graph.neighbours(r) {
            if rooms[n].depth == UNVISITED {
                rooms[n].depth = rooms[r].depth + 1;
                queue.push(n);
            }
        }
    }
}

/// 5.6, second part: the shallowest depth from which rooms are private. Whole layers are taken from the
/// back until `target` chambers are private; locked rooms then bound it: at most the shallowest locked
/// private room, above the deepest locked public one. Without locks this is the original's layer rule
/// unchanged. Locked courtyards set their whole courtyard cluster afterwards (only clusters must agree,
/// invariant 14).
fn private_threshold(
    rooms: &[Room],
    forced: &[Option<bool>],
    target: usize,
) -> Result<u32, String> {
    let max_depth = rooms
        .iter()
        .map(|r| r.depth)
        .filter(|&d| d != UNVISITED)
        .max()
        .unwrap_or(0);
    let mut private_rooms = 0;
    let mut depth = max_depth;
    while depth > 0 {
        private_rooms += rooms
            .iter()
            .filter(|r| r.depth == depth && r.kind == RoomKind::Room)
            .count();
        if private_rooms >= target {
            break;
        }
        depth -= 1;
    }
    let locked_depths = |private: bool| -> Vec<u32> {
        (0..rooms.len())
            .filter(|&r| rooms[r].kind == RoomKind::Room && forced_of(forced, r) == Some(private))
            .map(|r| rooms[r].depth)
            .collect()
    };
    let lowest = locked_depths(false)
        .into_iter()
        .max()
        .map_or(1, |d| d.saturating_add(1));
    let highest = locked_depths(true).into_iter().min().unwrap_or(u32::MAX);
    if lowest > highest {
        return Err("a locked public room lies deeper than a locked private one".to_string());
    }
    Ok(depth.max(1).clamp(lowest, highest))
}

/// The locked privacy of region `r`, if a lock holds it.
fn forced_of(forced: &[Option<bool>], r: usize) -> Option<bool> {
    forced.get(r).copied().flatten()
}

/// 5.6, last part: a public courtyard touching a private courtyard turns private, until nothing changes,
/// so each courtyard cluster is wholly public or wholly private.
fn spread_private_courtyards(rooms: &mut [Room], segs: &[Adjacency]) {
    loop {
        let mut changed = false;
        for r in 0..rooms.len() {
            if rooms[r].kind != RoomKind::Courtyard || rooms[r].private {
                continue;
            }
            let touches_private_courtyard = segs.iter().filter(|s| s.touches(r)).any(|s| {
                let other = &rooms[s.other(r)];
                other.kind == RoomKind::Courtyard && other.private
            });
            if touches_private_courtyard {
                rooms[r].private = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Locked courtyards set their clusters' privacy; then every locked region must have its locked privacy,
/// or the locks cannot be kept on this layout.
fn keep_forced_privacy(
    rooms: &mut [Room],
    segs: &[Adjacency],
    forced: &[Option<bool>],
) -> Result<(), String> {
    for r in 0..rooms.len() {
        if let (RoomKind::Courtyard, Some(private)) = (rooms[r].kind, forced_of(forced, r)) {
            set_courtyard_cluster(rooms, segs, r, private);
        }
    }
    for (r, room) in rooms.iter().enumerate() {
        if let Some(private) = forced_of(forced, r)
            && private != room.private
        {
            return Err(format!(
                "locked {} would change privacy at depth {}",
                room.kind_label(),
                room.depth
            ));
        }
    }
    Ok(())
}

/// Sets the privacy of every courtyard joined to `start` through shared segments.
fn set_courtyard_cluster(rooms: &mut [Room], segs: &[Adjacency], start: usize, private: bool) {
    let mut stack = vec![start];
    let mut seen = vec![false; rooms.len()];
    seen[start] = true;
    while let Some(r) = stack.pop() {
        rooms[r].private = private;
        for seg in segs.iter().filter(|s| s.touches(r)) {
            let other = seg.other(r);
            if rooms[other].kind == RoomKind::Courtyard && !seen[other] {
                seen[other] = true;
                stack.push(other);
            }
        }
    }
}
