//! The guards' move costs and the room-local distance fields the patrol routes walk down
//! (`cacheCellInfo`, `computeDistancesToPositionSubrect`, `pathBetweenPointsInRoom`).
//!
//! Half of a mansion's generation time went into these fields, so they are made the cheap way: every
//! step costs a small whole number (2 or 3 plus the entered cell's 0, 10, 32 or 64), so a bucket queue
//! settles the cells in distance order without a heap, over a copy of the room's rectangle framed by
//! blocked cells (a neighbour is an index offset), and a search stops once the walk's start is settled
//! (the walk never needs a farther cell). The settled distances of an exact shortest-path search do
//! not depend on the order cells are relaxed or ties settled in, so the fields, and the routes walked
//! down them, are the game's: the 340 vector levels and the 2,000-game statistics check it.

use super::map::{IMPASSABLE, Map};
use super::rooms::{Graph, RoomId};

/// Guard move costs of every cell (`cacheCellInfo`), read off the map once before the patrols: each
/// cell's cost is its bucket-queue weight.
pub struct Costs {
    w: i32,
    h: i32,
    weights: Vec<u8>,
}

impl Costs {
    /// The move costs of the map as it stands (walls, windows, water, furniture).
    pub fn new(map: &Map) -> Self {
        Costs {
            w: map.w,
            h: map.h,
            weights: map.move_costs(),
        }
    }

    /// Whether entering (x, y) costs nothing (the game's `cost == 0`); off the map it is infinite, as
    /// the game's empty cell.
    pub fn is_free(&self, x: i32, y: i32) -> bool {
        self.weight(x, y) == Some(0)
    }

    /// Whether a guard may enter (x, y) at all (its cost is finite).
    pub fn is_passable(&self, x: i32, y: i32) -> bool {
        self.weight(x, y).is_some_and(|w| w != BLOCKED)
    }

    /// The weight of (x, y), `None` off the map.
    fn weight(&self, x: i32, y: i32) -> Option<u8> {
        (x >= 0 && y >= 0 && x < self.w && y < self.h)
            .then(|| self.weights[(y * self.w + x) as usize])
    }
}

/// The weight of a cell no guard may enter.
const BLOCKED: u8 = IMPASSABLE;

/// A diagonal step is refused past an orthogonal cell of this cost or more (`guardMoveCost`).
const SQUEEZE: u8 = 64;

/// Bucket-queue slots: more than the costliest step (3 + 64), a power of two for the wrap.
const BUCKETS: usize = 128;

/// A cell no search reached.
const UNREACHED: u32 = u32::MAX;

/// A room's rectangle `[x0, x0 + w) × [y0, y0 + h)` with a frame of one blocked cell: the weight of
/// every cell, stored with stride `w + 2` so a neighbour's index is an offset.
struct Patch {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    stride: i32,
    weights: Vec<u8>,
}

impl Patch {
    /// The weights of `[x0, x1) × [y0, y1)` (on the map) with a blocked frame around them.
    fn of(costs: &Costs, (x0, y0, x1, y1): (i32, i32, i32, i32)) -> Self {
        let (w, h) = ((x1 - x0).max(0), (y1 - y0).max(0));
        let stride = w + 2;
        let mut weights = vec![BLOCKED; (stride * (h + 2)) as usize];
        for y in 0..h {
            let from = ((y0 + y) * costs.w + x0) as usize;
            let to = ((y + 1) * stride + 1) as usize;
            weights[to..to + w as usize].copy_from_slice(&costs.weights[from..from + w as usize]);
        }
        Patch {
            x0,
            y0,
            w,
            h,
            stride,
            weights,
        }
    }

    /// Whether map cell (x, y) lies in the rectangle (not its frame).
    fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x0 && y >= self.y0 && x < self.x0 + self.w && y < self.y0 + self.h
    }

    /// The index of map cell (x, y), which must lie in the rectangle.
    fn index(&self, x: i32, y: i32) -> usize {
        ((y - self.y0 + 1) * self.stride + (x - self.x0 + 1)) as usize
    }

    /// Whether a guard may step from index `from` by (dx, dy) (`guardMoveCost` is finite): the
    /// entered cell is not blocked and a diagonal does not squeeze past a costly cell.
    fn can_step(&self, from: usize, dx: i32, dy: i32) -> bool {
        self.weights[offset(from, dy * self.stride + dx)] != BLOCKED
            && (dx == 0
                || dy == 0
                || self.weights[offset(from, dy * self.stride)] < SQUEEZE
                    && self.weights[offset(from, dx)] < SQUEEZE)
    }

    /// `computeDistancesToPositionSubrect`: the distance to `goal` of every cell of the rectangle, a
    /// step costing 2 or 3 plus the entered cell's weight; all unreached when the goal lies outside.
    ///
    /// The search stops once the cell `until` (when given) is settled: a walk from there only ever moves to cells
    /// no farther than where it stands, and every cell up to `until`'s distance is exact by then (a
    /// cell left farther holds a value at least its true distance, so it is never chosen). Returns the
    /// distances and that bound (`UNREACHED` when the search ran to the end).
    fn distances_to(
        &self,
        goal: (i32, i32),
        until: Option<usize>,
        buckets: &mut Buckets,
    ) -> Partial {
        let mut dist = vec![UNREACHED; self.weights.len()];
        if !self.contains(goal.0, goal.1) {
            return Partial {
                dist,
                exact_to: UNREACHED,
            };
        }
        let start = self.index(goal.0, goal.1);
        dist[start] = 0;
        buckets.push(0, start);
        let stride = self.stride as usize;
        let weights = &self.weights;
        let mut d = 0u32;
        while let Some(at) = buckets.pop(&mut d) {
            if dist[at] != d {
                continue;
            }
            if Some(at) == until {
                buckets.clear();
                return Partial { dist, exact_to: d };
            }
            // The straight steps cost 2, the diagonals 3, each plus the entered cell's weight; a
            // diagonal may not squeeze past a straight neighbour of weight 64 or more. The order
            // cells are relaxed in does not change the settled distances.
            let (east, west, north, south) = (at + 1, at - 1, at + stride, at - stride);
            let [we, ww, wn, ws] = [east, west, north, south].map(|c| weights[c]);
            let mut relax = |to: usize, weight: u8, step: u32| {
                let next = d + step + u32::from(weight);
                if weight != BLOCKED && next < dist[to] {
                    dist[to] = next;
                    buckets.push(next, to);
                }
            };
            relax(east, we, 2);
            relax(west, ww, 2);
            relax(north, wn, 2);
            relax(south, ws, 2);
            for (corner, beside) in [
                (south - 1, ww.max(ws)),
                (south + 1, we.max(ws)),
                (north - 1, ww.max(wn)),
                (north + 1, we.max(wn)),
            ] {
                if beside < SQUEEZE {
                    relax(corner, weights[corner], 3);
                }
            }
        }
        buckets.clear();
        Partial {
            dist,
            exact_to: UNREACHED,
        }
    }
}

/// A field made for one walk: exact for every cell up to `exact_to` (all of it when `UNREACHED`).
struct Partial {
    dist: Vec<u32>,
    exact_to: u32,
}

impl Partial {
    /// Whether a walk from index `from` can use this field: it stands on an exact cell, which a field
    /// that ran to the end always is, or it needs every cell and the field has them.
    fn serves(&self, from: usize, needs_all: bool) -> bool {
        self.exact_to == UNREACHED || !needs_all && self.dist[from] <= self.exact_to
    }
}

/// The bucket queue (Dial's): one list of cell indices per distance modulo [`BUCKETS`], which the
/// costliest step cannot wrap round; kept empty between searches. The lists are linked through one
/// arena of entries (each holding the entry below it), so a search allocates nothing once the arena
/// has grown to its largest search; a list is taken from its top, as a stack.
struct Buckets {
    /// Per bucket, its top entry in `entries`.
    tops: [u32; BUCKETS],
    /// `(entry below, cell index)` of every entry pushed in this search.
    entries: Vec<(u32, u32)>,
    queued: usize,
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets {
            tops: [EMPTY; BUCKETS],
            entries: Vec::new(),
            queued: 0,
        }
    }
}

/// The end of a bucket's list.
const EMPTY: u32 = u32::MAX;

impl Buckets {
    /// Queues cell `at` at distance `d`.
    fn push(&mut self, d: u32, at: usize) {
        let top = &mut self.tops[d as usize % BUCKETS];
        self.entries.push((*top, at as u32));
        *top = (self.entries.len() - 1) as u32;
        self.queued += 1;
    }

    /// The next queued cell at distance `*d` or beyond, moving `*d` to its distance.
    fn pop(&mut self, d: &mut u32) -> Option<usize> {
        while self.queued > 0 {
            let top = &mut self.tops[*d as usize % BUCKETS];
            if let Some(&(below, at)) = self.entries.get(*top as usize) {
                *top = below;
                self.queued -= 1;
                return Some(at as usize);
            }
            *d += 1;
        }
        None
    }

    /// Drops whatever is still queued, and the entries of the search.
    fn clear(&mut self) {
        self.tops = [EMPTY; BUCKETS];
        self.entries.clear();
        self.queued = 0;
    }
}

/// `index + delta` for a neighbour inside the framed patch (the frame keeps it in range).
fn offset(index: usize, delta: i32) -> usize {
    index.wrapping_add_signed(delta as isize)
}

/// A room's patch and the fields made in it, by goal (a handful per room, so a list).
type RoomFields = (Patch, Vec<((i32, i32), Partial)>);

/// The fields of one level's routes, each made once per room and goal (the costs do not change while
/// routes are made), with each room's patch and the bucket queue's buffers shared by all of them.
#[derive(Default)]
pub struct Fields {
    /// Per room (indexed by its id): its patch and its fields by goal.
    rooms: Vec<Option<RoomFields>>,
    buckets: Buckets,
}

/// `pathBetweenPointsInRoom`: the cells from `from` (included) towards `to` (excluded), each step to the
/// first strictly nearest reachable cell of the 3×3 block (x outer, y inner), over a field limited to the
/// room's rectangle grown by one; stops early if stuck. The cells are appended to `path`.
pub fn path_in_room(
    path: &mut Vec<(i32, i32)>,
    graph: &Graph,
    costs: &Costs,
    fields: &mut Fields,
    room: RoomId,
    from: (i32, i32),
    to: (i32, i32),
) {
    let r = &graph.rooms[room];
    let rect = (
        (r.min.0 - 1).max(0),
        (r.min.1 - 1).max(0),
        (r.max.0 + 1).min(costs.w),
        (r.max.1 + 1).min(costs.h),
    );
    if fields.rooms.len() <= room {
        fields.rooms.resize_with(room + 1, || None);
    }
    let (patch, made) =
        fields.rooms[room].get_or_insert_with(|| (Patch::of(costs, rect), Vec::new()));
    if from == to {
        return;
    }
    if !patch.contains(from.0, from.1) {
        // Routes start in a door or at a station of the room, so inside its grown rectangle.
        path.push(from);
        return;
    }
    let start = patch.index(from.0, from.1);
    // A walk from a blocked cell does not count its own cell, so it may climb: it needs every cell.
    let needs_all = patch.weights[start] == BLOCKED;
    let until = (!needs_all).then_some(start);
    let known = made.iter().position(|(goal, _)| *goal == to);
    let field = match known {
        Some(at) if made[at].1.serves(start, needs_all) => &made[at].1,
        _ => {
            let made_now = patch.distances_to(to, until, &mut fields.buckets);
            let at = known.unwrap_or(made.len());
            if at == made.len() {
                made.push((to, made_now));
            } else {
                made[at].1 = made_now;
            }
            &made[at].1
        }
    };
    let dist = &field.dist;
    let mut pos = from;
    while pos != to {
        path.push(pos);
        let here = patch.index(pos.0, pos.1);
        let mut best = (UNREACHED, pos);
        for dx in -1..=1 {
            for dy in -1..=1 {
                let d = dist[offset(here, dy * patch.stride + dx)];
                if d < best.0 && patch.can_step(here, dx, dy) {
                    best = (d, (pos.0 + dx, pos.1 + dy));
                }
            }
        }
        if best.1 == pos {
            break;
        }
        pos = best.1;
    }
}
