//! §3.2 steps 6–8 and §3.3: a room per cell, a gutter Z corridor per link, stairs, and the model records.

use super::links::Links;
use super::params::{ID, Settings};
use crate::generate::GenerateError;
use crate::generate::Request;
use crate::generate::build::room_from_cells;
use crate::generate::rng::Stream;
use crate::model::{Adjacency, Axis, Cell, Level, LockedRoom, Rect, RoomKind, RoomOrigin, Terrain};

/// A room's floor, inclusive bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floor {
    /// West column of the floor.
    pub x0: i32,
    /// Front (south) row of the floor.
    pub y0: i32,
    /// East column of the floor, inclusive.
    pub x1: i32,
    /// Back (north) row of the floor, inclusive.
    pub y1: i32,
}

/// Step 6: a rectangle per cell (row-major), inside the cell and off its gutters. Locked rooms keep
/// their rectangle; the draw is still made so that the other rooms do not move.
pub fn draw_rooms(
    settings: &Settings,
    locks: &[LockedRoom],
    rng: &mut Stream,
) -> Result<Vec<Floor>, GenerateError> {
    let s = settings.cell_size;
    let mut floors = Vec::new();
    for j in 0..settings.cells_y {
        for i in 0..settings.cells_x {
            let w = rng.range_inclusive(settings.room_min, settings.room_max);
            let h = rng.range_inclusive(settings.room_min, settings.room_max);
            let x0 = rng.range_inclusive(i * s + 2, i * s + s - 1 - w);
            let y0 = rng.range_inclusive(j * s + 2, j * s + s - 1 - h);
            let drawn = Floor {
                x0,
                y0,
                x1: x0 + w - 1,
                y1: y0 + h - 1,
            };
            floors.push(locked_floor(settings, locks, (i, j))?.unwrap_or(drawn));
        }
    }
    Ok(floors)
}

/// The floor of a locked room in cell `(i, j)`, checked against the cell's band.
fn locked_floor(
    settings: &Settings,
    locks: &[LockedRoom],
    (i, j): (i32, i32),
) -> Result<Option<Floor>, GenerateError> {
    let s = settings.cell_size;
    let Some(lock) = locks
        .iter()
        .find(|l| l.room.origin == RoomOrigin::GridCell { i, j })
    else {
        return Ok(None);
    };
    let r = lock.room.interior;
    let floor = Floor {
        x0: r.x0,
        y0: r.y0,
        x1: r.x1 - 1,
        y1: r.y1 - 1,
    };
    let fits = floor.x0 >= i * s + 2
        && floor.x1 <= i * s + s - 2
        && floor.y0 >= j * s + 2
        && floor.y1 <= j * s + s - 2
        && floor.x1 - floor.x0 >= 2
        && floor.y1 - floor.y0 >= 2;
    if fits {
        Ok(Some(floor))
    } else {
        Err(GenerateError::LocksUnsatisfiable(format!(
            "locked room in cell ({i}, {j}) does not fit the cell any more (cell size changed)"
        )))
    }
}

/// Appends the straight line `from → to` (both included, `from` only if not already last).
fn push_line(from: Cell, to: Cell, cells: &mut Vec<Cell>) {
    let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let mut c = from;
    loop {
        if cells.last() != Some(&c) {
            cells.push(c);
        }
        if c == to {
            break;
        }
        c = c.offset(dx, dy);
    }
}

/// Step 7: the gutter Z route of one link, from the door in `a`'s wall to the door in `b`'s wall.
fn corridor(
    settings: &Settings,
    a: (i32, i32),
    b: (i32, i32),
    fa: Floor,
    fb: Floor,
    rng: &mut Stream,
) -> Vec<Cell> {
    let s = settings.cell_size;
    let mut cells = Vec::new();
    if a.1 == b.1 {
        let ya = rng.range_inclusive(fa.y0 + 1, fa.y1 - 1);
        let yb = rng.range_inclusive(fb.y0 + 1, fb.y1 - 1);
        let xg = b.0 * s;
        push_line(Cell::new(fa.x1 + 1, ya), Cell::new(xg, ya), &mut cells);
        push_line(Cell::new(xg, ya), Cell::new(xg, yb), &mut cells);
        push_line(Cell::new(xg, yb), Cell::new(fb.x0 - 1, yb), &mut cells);
    } else {
        let xa = rng.range_inclusive(fa.x0 + 1, fa.x1 - 1);
        let xb = rng.range_inclusive(fb.x0 + 1, fb.x1 - 1);
        let yg = b.1 * s;
        push_line(Cell::new(xa, fa.y1 + 1), Cell::new(xa, yg), &mut cells);
        push_line(Cell::new(xa, yg), Cell::new(xb, yg), &mut cells);
        push_line(Cell::new(xb, yg), Cell::new(xb, fb.y0 - 1), &mut cells);
    }
    cells
}

/// Draws rooms and corridors into a level: rooms in row-major cell order, one adjacency per link.
pub fn render(
    settings: &Settings,
    links: &Links,
    floors: &[Floor],
    request: &Request,
    rng: &mut Stream,
) -> crate::model::Level {
    let s = settings.cell_size;
    let size = (settings.cells_x * s + 1, settings.cells_y * s + 1);
    let mut level = Level::blank(ID, request.level, request.seed, size, Terrain::Void);
    let room_of = |(i, j): (i32, i32)| (j * settings.cells_x + i) as usize;
    for (r, f) in floors.iter().enumerate() {
        for x in f.x0 - 1..=f.x1 + 1 {
            for y in f.y0 - 1..=f.y1 + 1 {
                let ring = x < f.x0 || x > f.x1 || y < f.y0 || y > f.y1;
                let t = if ring { Terrain::Wall } else { Terrain::Floor };
                level.set_terrain(Cell::new(x, y), t);
            }
        }
        let r = r as i32;
        let origin = RoomOrigin::GridCell {
            i: r % settings.cells_x,
            j: r / settings.cells_x,
        };
        let rect = Rect {
            x0: f.x0,
            y0: f.y0,
            x1: f.x1 + 1,
            y1: f.y1 + 1,
        };
        level.rooms.push(room_from_cells(
            RoomKind::Room,
            rect.cells().collect(),
            origin,
        ));
    }
    for &(a, b) in &links.links {
        let via = corridor(settings, a, b, floors[room_of(a)], floors[room_of(b)], rng);
        let axis = if a.1 == b.1 { Axis::NS } else { Axis::EW };
        for &c in &via {
            level.set_terrain(c, Terrain::Floor);
        }
        for &c in &via {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if level.terrain(c.offset(dx, dy)) == Terrain::Void {
                        level.set_terrain(c.offset(dx, dy), Terrain::Wall);
                    }
                }
            }
        }
        let ends = [via[0], via[via.len() - 1]];
        for end in ends {
            if rng.chance(settings.door_cell_chance) {
                level.set_terrain(end, Terrain::Door(axis));
            }
        }
        level.adjacencies.push(Adjacency {
            left: room_of(a),
            right: room_of(b),
            segment: None,
            mirror: None,
            door: true,
            door_cells: ends.to_vec(),
            via,
        });
    }
    level
}
