//! Step 5–6 of the spec's pipeline (§7.4–7.5): the room records and the adjacencies (wall runs between
//! two rooms, corner to corner) with their symmetry rings. Rooms and walls live in arenas with stable ids;
//! the game's lists (which merges shrink and shuffles reorder) are kept as id lists beside them.

use super::layout::{Mirrors, Offsets, SlotGrid, Table};
use super::plan::LevelType;

/// The 16 room types, in the game's enum order (§5.3): the model's own list, so a converted level
/// keeps the type the generator chose without a translation.
pub use crate::model::RoomType2025 as RoomType;

impl RoomType {
    /// The courtyard types (open grass, walls between them not drawn).
    pub fn is_courtyard(self) -> bool {
        matches!(
            self,
            RoomType::PublicCourtyard
                | RoomType::PrivateCourtyard
                | RoomType::TreasureCourtyard
                | RoomType::LockedTreasureCourtyard
        )
    }
}

/// A wall's door kind, ordered as the game orders them (a joined wall keeps the larger).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DoorType {
    /// An ordinary door (or doorway, or garden door).
    Standard,
    /// The front portcullis.
    GateFront,
    /// A back or side portcullis.
    GateBack,
    /// A locked door: the key guard carries its key.
    Locked,
}

/// Index of a room in [`Graph::rooms`]; 0 is the outside.
pub type RoomId = usize;
/// Index of a wall in [`Graph::walls`].
pub type WallId = usize;

/// A room record (§5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its type.
    pub room_type: RoomType,
    /// Connectivity label while doors are made.
    pub group: usize,
    /// Door hops from the outside.
    pub depth: usize,
    /// Set when made private and never cleared: decides floors, door items and book titles.
    pub private: bool,
    /// South-west interior cell (inclusive).
    pub min: (i32, i32),
    /// North-east corner (exclusive: the east and north wall lines).
    pub max: (i32, i32),
    /// Its walls, in creation order (merges append the absorbed room's).
    pub edges: Vec<WallId>,
}

/// An adjacency (§5.4): cells `origin + k·dir` for `k = 0…length`, the two ends being corner posts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// The origin corner.
    pub origin: (i32, i32),
    /// Runs north (+y) when true, east (+x) when false.
    pub vertical: bool,
    /// Cells from corner to corner, minus one.
    pub length: i32,
    /// North of a horizontal run, west of a vertical one.
    pub left: RoomId,
    /// South of a horizontal run, east of a vertical one.
    pub right: RoomId,
    /// The next wall in its symmetry ring (itself when alone).
    pub next: WallId,
    /// Whether the wall has a door.
    pub door: bool,
    /// The door's kind.
    pub door_type: DoorType,
}

impl Wall {
    /// The corner at the far end (`origin + length·dir`).
    pub fn end(&self) -> (i32, i32) {
        if self.vertical {
            (self.origin.0, self.origin.1 + self.length)
        } else {
            (self.origin.0 + self.length, self.origin.1)
        }
    }
}

/// The rooms and walls of a level with the game's list orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Every room ever made, by id.
    pub rooms: Vec<Room>,
    /// The game's room list (merges remove absorbed rooms; later rooms shift down).
    pub room_list: Vec<RoomId>,
    /// Every wall ever made, by id.
    pub walls: Vec<Wall>,
    /// The game's adjacency list, in its current (shuffled) order.
    pub wall_list: Vec<WallId>,
}

impl Graph {
    /// The last wall of `w`'s ring before it comes round again (`tailAdjacency`).
    fn tail(&self, w: WallId) -> WallId {
        let mut t = w;
        while self.walls[t].next != w {
            t = self.walls[t].next;
        }
        t
    }

    /// Joins the rings of two walls into one (`groupAdjacencies`); a wall joined with itself stays alone.
    fn group(&mut self, a: WallId, b: WallId) {
        let ta = self.tail(a);
        self.walls[ta].next = b;
        let tb = self.tail(b);
        self.walls[tb].next = a;
    }

    /// Takes a wall out of its ring (`removeFromAdjacencyGroup`).
    pub fn ungroup(&mut self, w: WallId) {
        let t = self.tail(w);
        self.walls[t].next = self.walls[w].next;
        self.walls[w].next = w;
    }

    /// The members of `w`'s ring, starting with `w`.
    pub fn ring(&self, w: WallId) -> Vec<WallId> {
        self.ring_members(w).collect()
    }

    /// The members of `w`'s ring, starting with `w`, without collecting them (rings are walked for
    /// every wall of every level).
    pub fn ring_members(&self, w: WallId) -> impl Iterator<Item = WallId> + '_ {
        std::iter::successors(Some(w), move |&at| {
            let next = self.walls[at].next;
            (next != w).then_some(next)
        })
    }

    /// The type of a wall's rooms.
    pub fn types(&self, w: WallId) -> (RoomType, RoomType) {
        let wall = &self.walls[w];
        (
            self.rooms[wall.left].room_type,
            self.rooms[wall.right].room_type,
        )
    }

    /// Adds a wall between `left` and `right` (dropped if it has no length), alone in its ring.
    fn add(
        &mut self,
        row: &mut Vec<WallId>,
        origin: (i32, i32),
        vertical: bool,
        length: i32,
        left: RoomId,
        right: RoomId,
    ) {
        if length <= 0 {
            return;
        }
        let id = self.walls.len();
        self.walls.push(Wall {
            origin,
            vertical,
            length,
            left,
            right,
            next: id,
            door: false,
            door_type: DoorType::Standard,
        });
        row.push(id);
        self.wall_list.push(id);
    }
}

/// Step 5 (`createRooms`): room 0 is the outside; then one room per slot in column-major order, inside
/// slots public rooms, the others courtyards (outdoor Exterior slots on a Mansion).
pub fn create_rooms(
    inside: &SlotGrid,
    offsets: &Offsets,
    level_type: LevelType,
) -> (Graph, Table<RoomId>) {
    let outside = Room {
        room_type: RoomType::Exterior,
        group: 0,
        depth: 0,
        private: false,
        min: (0, 0),
        max: (0, 0),
        edges: Vec::new(),
    };
    let open = if level_type == LevelType::Mansion {
        RoomType::Exterior
    } else {
        RoomType::PublicCourtyard
    };
    let mut rooms = vec![outside];
    let mut index = Table::new(inside.nx, inside.ny, 0);
    for rx in 0..inside.nx {
        for ry in 0..inside.ny {
            index.set(rx, ry, rooms.len());
            rooms.push(Room {
                room_type: if inside.get(rx, ry) {
                    RoomType::PublicRoom
                } else {
                    open
                },
                group: rooms.len(),
                depth: 0,
                private: false,
                min: (offsets.x.get(rx, ry) + 1, offsets.y.get(rx, ry) + 1),
                max: (offsets.x.get(rx + 1, ry), offsets.y.get(rx, ry + 1)),
                edges: Vec::new(),
            });
        }
    }
    let room_list = (0..rooms.len()).collect();
    (
        Graph {
            rooms,
            room_list,
            walls: Vec::new(),
            wall_list: Vec::new(),
        },
        index,
    )
}

/// One axis of the adjacency sweep, so the horizontal and vertical runs share one merge of breakpoints.
struct Axis<'a> {
    /// Breakpoints along the lines: `along.get(i, s)` for breakpoint `i` in slot row/column `s`.
    along: &'a Table<i32>,
    /// Line positions across: `across.get(s, j)` for slot `s` and line `j`.
    across: &'a Table<i32>,
    /// Whether these runs are vertical (the tables then read transposed).
    vertical: bool,
}

impl Axis<'_> {
    /// Breakpoint `i` of slot row (column) `s`.
    fn at(&self, i: usize, s: usize) -> i32 {
        if self.vertical {
            self.along.get(s, i)
        } else {
            self.along.get(i, s)
        }
    }
    /// The line position of slot column (row) `s` on line `j`.
    fn line(&self, s: usize, j: usize) -> i32 {
        if self.vertical {
            self.across.get(j, s)
        } else {
            self.across.get(s, j)
        }
    }
    /// A point from (along, across) coordinates.
    fn point(&self, a: i32, c: i32) -> (i32, i32) {
        if self.vertical { (c, a) } else { (a, c) }
    }
}

/// Runs along one axis (§7.5): the first line (outside on the right for horizontal runs), the interior
/// lines by merging the breakpoints of the slots on either side, the last line; rows of wall ids per line.
fn sweep(
    graph: &mut Graph,
    axis: &Axis,
    slots: usize,
    lines: usize,
    room: &dyn Fn(usize, usize) -> RoomId,
) -> Vec<Vec<WallId>> {
    let mut rows = Vec::with_capacity(lines + 1);
    let breaks = slots + 1;
    // First line: the outside is on the south (right) of horizontal runs and west (left) of vertical ones.
    let mut row = Vec::with_capacity(slots);
    for s in 0..slots {
        let (a0, a1) = (axis.at(s, 0), axis.at(s + 1, 0));
        let (l, r) = if axis.vertical {
            (0, room(s, 0))
        } else {
            (room(s, 0), 0)
        };
        graph.add(
            &mut row,
            axis.point(a0, axis.line(s, 0)),
            axis.vertical,
            a1 - a0,
            l,
            r,
        );
    }
    rows.push(row);
    for j in 1..lines {
        // A line between two rows of slots breaks at both rows' walls.
        let mut row = Vec::with_capacity(2 * breaks);
        // "Upper" is the slot line j (left of a horizontal run), "lower" line j − 1; for vertical runs the
        // west column j − 1 is the left side.
        let (hi, lo) = if axis.vertical {
            (j - 1, j)
        } else {
            (j, j - 1)
        };
        let (mut a, mut b) = (0, 0);
        while a < breaks && b < breaks {
            let xa = axis.at(a, hi);
            let xb = axis.at(b, lo);
            let c = axis.line(a.max(b).saturating_sub(1), j);
            let side = |slot: Option<usize>, line: usize| slot.map_or(0, |s| room(s, line));
            if xa < xb {
                let next = xb.min(if a + 1 < breaks {
                    axis.at(a + 1, hi)
                } else {
                    i32::MAX
                });
                let upper = (a < slots).then_some(a);
                let lower = (b > 0).then(|| b - 1);
                let (l, r) = (side(upper, hi), side(lower, lo));
                graph.add(&mut row, axis.point(xa, c), axis.vertical, next - xa, l, r);
                a += 1;
            } else {
                let next = xa.min(if b + 1 < breaks {
                    axis.at(b + 1, lo)
                } else {
                    i32::MAX
                });
                let upper = (a > 0).then(|| a - 1);
                let lower = (b < slots).then_some(b);
                let (l, r) = (side(upper, hi), side(lower, lo));
                graph.add(&mut row, axis.point(xb, c), axis.vertical, next - xb, l, r);
                b += 1;
            }
        }
        rows.push(row);
    }
    let mut row = Vec::with_capacity(slots);
    for s in 0..slots {
        let (a0, a1) = (axis.at(s, lines - 1), axis.at(s + 1, lines - 1));
        let (l, r) = if axis.vertical {
            (room(s, lines - 1), 0)
        } else {
            (0, room(s, lines - 1))
        };
        graph.add(
            &mut row,
            axis.point(a0, axis.line(s, lines)),
            axis.vertical,
            a1 - a0,
            l,
            r,
        );
    }
    rows.push(row);
    rows
}

/// Pairs each wall of a row with its mirror image across the row (`p` with `n − 1 − p`); with
/// `middle`, the middle wall is paired with itself (a no-op, as in the game).
fn pair_within(graph: &mut Graph, rows: &[Vec<WallId>], middle: bool) {
    for row in rows {
        let n = row.len();
        let half = if middle { n.div_ceil(2) } else { n / 2 };
        for p in 0..half {
            graph.group(row[p], row[n - 1 - p]);
        }
    }
}

/// Pairs row `i` element-wise with row `n − 1 − i` (the mirror line).
fn pair_across(graph: &mut Graph, rows: &[Vec<WallId>]) {
    let n = rows.len();
    for i in 0..n / 2 {
        for (&a, &b) in rows[i].iter().zip(&rows[n - 1 - i]) {
            graph.group(a, b);
        }
    }
}

/// Step 6 (`computeAdjacencies`, `storeAdjacenciesInRooms`): horizontal runs line by line from south to
/// north, then vertical ones from west to east, grouped into mirror rings on the mirrored axes, and added
/// to both rooms' edge lists.
pub fn compute_adjacencies(
    graph: &mut Graph,
    offsets: &Offsets,
    index: &Table<RoomId>,
    mirrors: Mirrors,
) {
    let (nx, ny) = (index.nx, index.ny);
    let horizontal = Axis {
        along: &offsets.x,
        across: &offsets.y,
        vertical: false,
    };
    let rows = sweep(graph, &horizontal, nx, ny, &|s, line| index.get(s, line));
    if mirrors.x {
        pair_within(graph, &rows, true);
    }
    if mirrors.y {
        pair_across(graph, &rows);
    }
    let vertical = Axis {
        along: &offsets.y,
        across: &offsets.x,
        vertical: true,
    };
    let rows = sweep(graph, &vertical, ny, nx, &|s, line| index.get(line, s));
    if mirrors.y {
        pair_within(graph, &rows, false);
    }
    if mirrors.x {
        pair_across(graph, &rows);
    }
    // Each room's edge list is sized once (every mansion builds hundreds of them).
    let mut degree = vec![0usize; graph.rooms.len()];
    for &w in &graph.wall_list {
        degree[graph.walls[w].left] += 1;
        degree[graph.walls[w].right] += 1;
    }
    for (room, &d) in graph.rooms.iter_mut().zip(&degree) {
        room.edges.reserve_exact(d);
    }
    for &w in &graph.wall_list {
        let (l, r) = (graph.walls[w].left, graph.walls[w].right);
        graph.rooms[l].edges.push(w);
        graph.rooms[r].edges.push(w);
    }
}
