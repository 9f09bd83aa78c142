//! Building blocks shared by the structural generators: rooms from cell lists, the outside/void split of
//! unbuilt space, and the exterior room.

use crate::model::{Cell, Grid, Level, Rect, Room, RoomKind, RoomOrigin, Terrain};

/// A room from its floor cells: sorted x outer, y inner, with their bounding box as the interior.
pub fn room_from_cells(kind: RoomKind, mut cells: Vec<Cell>, origin: RoomOrigin) -> Room {
    cells.sort();
    cells.dedup();
    let mut interior = Rect {
        x0: i32::MAX,
        y0: i32::MAX,
        x1: i32::MIN,
        y1: i32::MIN,
    };
    for c in &cells {
        interior.x0 = interior.x0.min(c.x);
        interior.y0 = interior.y0.min(c.y);
        interior.x1 = interior.x1.max(c.x + 1);
        interior.y1 = interior.y1.max(c.y + 1);
    }
    if cells.is_empty() {
        interior = Rect {
            x0: 0,
            y0: 0,
            x1: 0,
            y1: 0,
        };
    }
    Room {
        kind,
        private: false,
        depth: 0,
        interior,
        cells,
        origin,
    }
}

/// Unbuilt cells (`built[i] == false`) that reach the map edge through unbuilt cells become `Ground`
/// (outside); enclosed ones become `Void`, the dead space between rooms.
pub fn split_unbuilt(level: &mut Level, built: &Grid<bool>) {
    let (w, h) = (level.width, level.height);
    let unbuilt = |c: Cell| built.get(c).is_some_and(|b| !b);
    let mut outside = Grid::new(level.shape(), false);
    let mut stack: Vec<Cell> = level
        .all_cells()
        .filter(|c| c.x == 0 || c.y == 0 || c.x == w - 1 || c.y == h - 1)
        .filter(|&c| unbuilt(c))
        .collect();
    for &c in &stack {
        outside.set(c, true);
    }
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if unbuilt(n) && !outside.at(n) {
                outside.set(n, true);
                stack.push(n);
            }
        }
    }
    for c in level.all_cells().collect::<Vec<_>>() {
        if unbuilt(c) {
            let t = if outside.at(c) {
                Terrain::Ground
            } else {
                Terrain::Void
            };
            level.set_terrain(c, t);
        }
    }
}

/// The exterior room: every `Ground` cell, with the whole map as its rectangle.
pub fn exterior_room(level: &Level) -> Room {
    let cells = level
        .all_cells()
        .filter(|&c| level.terrain(c) == Terrain::Ground)
        .collect();
    exterior_of(level, cells)
}

/// The exterior room over the whole map with these floor cells (each generator says which cells are
/// outside).
pub fn exterior_of(level: &Level, cells: Vec<Cell>) -> Room {
    Room {
        kind: RoomKind::Exterior,
        private: false,
        depth: 0,
        interior: Rect {
            x0: 0,
            y0: 0,
            x1: level.width,
            y1: level.height,
        },
        cells,
        origin: RoomOrigin::Exterior,
    }
}
