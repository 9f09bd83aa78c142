//! Step 5.4: regions (exterior plus one per slot, column-major) and the wall segments between them, with
//! their mirror partners. No randomness.

use super::layout::Layout;
use crate::model::{Adjacency, Cell, Dir, Rect, Room, RoomId, RoomKind, RoomOrigin, Segment};

/// The exterior is always region 0 in the siheyuan generator.
pub const EXTERIOR: RoomId = 0;

/// `index(rx, ry) = 1 + rx · Ry + ry` (quirk 17: column-major).
pub fn slot_region(layout: &Layout, rx: i32, ry: i32) -> RoomId {
    (1 + rx * layout.rooms_y + ry) as RoomId
}

/// The exterior and one region per slot, in index order.
pub fn build_regions(layout: &Layout) -> Vec<Room> {
    let mut rooms = vec![Room {
        kind: RoomKind::Exterior,
        private: false,
        depth: 0,
        interior: Rect {
            x0: 0,
            y0: 0,
            x1: layout.width,
            y1: layout.height,
        },
        cells: Vec::new(),
        origin: RoomOrigin::Exterior,
    }];
    for rx in 0..layout.rooms_x {
        for ry in 0..layout.rooms_y {
            let interior = Rect {
                x0: layout.x(rx, ry) + 1,
                y0: layout.y(rx, ry) + 1,
                x1: layout.x(rx + 1, ry),
                y1: layout.y(rx, ry + 1),
            };
            let kind = if layout.is_inside(rx, ry) {
                RoomKind::Room
            } else {
                RoomKind::Courtyard
            };
            rooms.push(Room {
                kind,
                private: false,
                depth: 0,
                interior,
                cells: interior.cells().collect(),
                origin: RoomOrigin::Slot { rx, ry },
            });
        }
    }
    rooms
}

fn segment(origin: Cell, dir: Dir, len: i32, left: RoomId, right: RoomId) -> Adjacency {
    Adjacency {
        left,
        right,
        segment: Some(Segment { origin, dir, len }),
        mirror: None,
        door: false,
        door_cells: Vec::new(),
        via: Vec::new(),
    }
}

/// All segments in id order (horizontal lines south to north, then vertical lines west to east), with
/// mirror partners set and the eastern member of each horizontal pair re-oriented.
pub fn build_segments(layout: &Layout) -> Vec<Adjacency> {
    // One segment per slot side, and offset pieces beside some of them.
    let (sx, sy) = (
        layout.rooms_x.max(0) as usize,
        layout.rooms_y.max(0) as usize,
    );
    let sides = sx * (sy + 1) + sy * (sx + 1);
    let mut segs: Vec<Adjacency> = Vec::with_capacity(sides + sides / 2);
    let horizontal_lines = horizontal_segments(layout, &mut segs);
    let vertical_lines = vertical_segments(layout, &mut segs);
    pair_mirrors(&mut segs, &horizontal_lines, &vertical_lines);
    segs
}

/// The segments of the horizontal wall lines, south to north, pushed onto `segs`; returns their ids line
/// by line, west to east. Where a line steps between two slot columns (the jitter moved it), the step
/// leaves an offset piece between a slot and its diagonal neighbour.
fn horizontal_segments(layout: &Layout, segs: &mut Vec<Adjacency>) -> Vec<Vec<usize>> {
    let (nx, ny) = (layout.rooms_x, layout.rooms_y);
    let slot = |rx: i32, ry: i32| slot_region(layout, rx, ry);
    let (sx, sy) = (nx.max(0) as usize, ny.max(0) as usize);
    let mut horizontal_lines: Vec<Vec<usize>> = Vec::with_capacity(sy + 1);
    let mut line = Vec::with_capacity(sx);
    for rx in 0..nx {
        let (x0, x1, y) = (layout.x(rx, 0), layout.x(rx + 1, 0), layout.y(rx, 0));
        line.push(segs.len());
        segs.push(segment(
            Cell::new(x0 + 1, y),
            Dir::E,
            x1 - x0 - 1,
            slot(rx, 0),
            EXTERIOR,
        ));
    }
    horizontal_lines.push(line);
    for j in 1..ny {
        let mut line = Vec::with_capacity(3 * sx);
        for rx in 0..nx {
            let (a, b) = (layout.x(rx, j - 1), layout.x(rx, j));
            let (c, d) = (layout.x(rx + 1, j - 1), layout.x(rx + 1, j));
            let y = layout.y(rx, j);
            if rx > 0 && a - b >= 2 {
                line.push(segs.len());
                segs.push(segment(
                    Cell::new(b + 1, y),
                    Dir::E,
                    a - b - 1,
                    slot(rx, j),
                    slot(rx - 1, j - 1),
                ));
            }
            let (lo, hi) = (a.max(b), c.min(d));
            line.push(segs.len());
            segs.push(segment(
                Cell::new(lo + 1, y),
                Dir::E,
                hi - lo - 1,
                slot(rx, j),
                slot(rx, j - 1),
            ));
            if rx < nx - 1 && d - c >= 2 {
                line.push(segs.len());
                segs.push(segment(
                    Cell::new(c + 1, y),
                    Dir::E,
                    d - c - 1,
                    slot(rx, j),
                    slot(rx + 1, j - 1),
                ));
            }
        }
        horizontal_lines.push(line);
    }
    let mut line = Vec::with_capacity(sx);
    for rx in 0..nx {
        let (x0, x1, y) = (
            layout.x(rx, ny - 1),
            layout.x(rx + 1, ny - 1),
            layout.y(rx, ny),
        );
        line.push(segs.len());
        segs.push(segment(
            Cell::new(x0 + 1, y),
            Dir::E,
            x1 - x0 - 1,
            EXTERIOR,
            slot(rx, ny - 1),
        ));
    }
    horizontal_lines.push(line);
    horizontal_lines
}

/// The segments of the vertical wall lines, west to east, pushed onto `segs` after the horizontal ones;
/// returns their ids line by line, south to north, with offset pieces as for the horizontal lines.
fn vertical_segments(layout: &Layout, segs: &mut Vec<Adjacency>) -> Vec<Vec<usize>> {
    let (nx, ny) = (layout.rooms_x, layout.rooms_y);
    let slot = |rx: i32, ry: i32| slot_region(layout, rx, ry);
    let (sx, sy) = (nx.max(0) as usize, ny.max(0) as usize);
    let mut vertical_lines: Vec<Vec<usize>> = Vec::with_capacity(sx + 1);
    let mut line = Vec::with_capacity(sy);
    for ry in 0..ny {
        let (y0, y1, x) = (layout.y(0, ry), layout.y(0, ry + 1), layout.x(0, ry));
        line.push(segs.len());
        segs.push(segment(
            Cell::new(x, y0 + 1),
            Dir::N,
            y1 - y0 - 1,
            EXTERIOR,
            slot(0, ry),
        ));
    }
    vertical_lines.push(line);
    for i in 1..nx {
        let mut line = Vec::with_capacity(3 * sy);
        for ry in 0..ny {
            let (a, b) = (layout.y(i - 1, ry), layout.y(i, ry));
            let (c, d) = (layout.y(i - 1, ry + 1), layout.y(i, ry + 1));
            let x = layout.x(i, ry);
            if ry > 0 && a - b >= 2 {
                line.push(segs.len());
                segs.push(segment(
                    Cell::new(x, b + 1),
                    Dir::N,
                    a - b - 1,
                    slot(i - 1, ry - 1),
                    slot(i, ry),
                ));
            }
            let (lo, hi) = (a.max(b), c.min(d));
            line.push(segs.len());
            segs.push(segment(
                Cell::new(x, lo + 1),
                Dir::N,
                hi - lo - 1,
                slot(i - 1, ry),
                slot(i, ry),
            ));
            if ry < ny - 1 && d - c >= 2 {
                line.push(segs.len());
                segs.push(segment(
                    Cell::new(x, c + 1),
                    Dir::N,
                    d - c - 1,
                    slot(i - 1, ry + 1),
                    slot(i, ry),
                ));
            }
        }
        vertical_lines.push(line);
    }
    let mut line = Vec::with_capacity(sy);
    for ry in 0..ny {
        let (y0, y1, x) = (
            layout.y(nx - 1, ry),
            layout.y(nx - 1, ry + 1),
            layout.x(nx, ry),
        );
        line.push(segs.len());
        segs.push(segment(
            Cell::new(x, y0 + 1),
            Dir::N,
            y1 - y0 - 1,
            slot(nx - 1, ry),
            EXTERIOR,
        ));
    }
    vertical_lines.push(line);
    vertical_lines
}

/// Mirror partners across the vertical axis: each segment starts as its own partner; on a horizontal
/// line the k-th segment from the west pairs with the k-th from the east (which is re-oriented), and
/// vertical line `i` pairs with line `nx − i` segment by segment. The middle segment of a line with an
/// odd count, and the middle vertical line when the slot count across is even, stay self-partnered.
fn pair_mirrors(
    segs: &mut [Adjacency],
    horizontal_lines: &[Vec<usize>],
    vertical_lines: &[Vec<usize>],
) {
    for (id, seg) in segs.iter_mut().enumerate() {
        seg.mirror = Some(id);
    }
    for line in horizontal_lines {
        let n = line.len();
        for p in 0..n / 2 {
            let (west, east) = (line[p], line[n - 1 - p]);
            segs[west].mirror = Some(east);
            segs[east].mirror = Some(west);
            reorient(&mut segs[east]);
        }
    }
    let lines = vertical_lines.len();
    for i in 0..lines / 2 {
        let (west, east) = (&vertical_lines[i], &vertical_lines[lines - 1 - i]);
        for (&a, &b) in west.iter().zip(east.iter()) {
            segs[a].mirror = Some(b);
            segs[b].mirror = Some(a);
        }
    }
}

/// Moves the origin to the far end, reverses the direction and swaps the sides, so "left" stays the
/// counter-clockwise side and cell `k` of both partners is an exact mirror pair.
fn reorient(adj: &mut Adjacency) {
    if let Some(seg) = adj.segment.as_mut() {
        seg.origin = seg.cell(seg.len - 1);
        seg.dir = seg.dir.opposite();
    }
    std::mem::swap(&mut adj.left, &mut adj.right);
}

/// An edge set: a pair of mirror partners (lower id first) or a single self-partnered segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeSet {
    ids: [usize; 2],
    len: usize,
}

impl EdgeSet {
    /// The segment ids of the set, lower first.
    pub fn members(&self) -> &[usize] {
        &self.ids[..self.len]
    }
}

/// Edge sets in ascending order of their lower id.
pub fn edge_sets(segs: &[Adjacency]) -> Vec<EdgeSet> {
    let mut sets = Vec::new();
    for (i, seg) in segs.iter().enumerate() {
        let j = seg.mirror.unwrap_or(i);
        if j > i {
            sets.push(EdgeSet {
                ids: [i, j],
                len: 2,
            });
        } else if j == i {
            sets.push(EdgeSet {
                ids: [i, i],
                len: 1,
            });
        }
    }
    sets
}
