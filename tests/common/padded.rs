//! A level on a larger map, for the tests of comparisons between maps of different sizes: the same
//! mansion with void columns and rows around it, everything on it moved with its cells.

use mansion_forge::model::{Cell, Level, Terrain};

/// `level` with `left` and `bottom` void columns and rows before it, `right` and `top` after it.
pub fn padded(level: &Level, (left, bottom): (i32, i32), (right, top): (i32, i32)) -> Level {
    let size = (level.width + left + right, level.height + bottom + top);
    let mut out = Level::blank(
        &level.generator,
        level.level,
        level.seed,
        size,
        Terrain::Void,
    );
    let moved = |c: Cell| c.offset(left, bottom);
    for c in level.all_cells() {
        out.set_terrain(moved(c), level.terrain(c));
    }
    out.rooms.clone_from(&level.rooms);
    for room in &mut out.rooms {
        room.cells.iter_mut().for_each(|c| *c = moved(*c));
    }
    out.items.clone_from(&level.items);
    out.items.iter_mut().for_each(|i| i.cell = moved(i.cell));
    out.patrols.clone_from(&level.patrols);
    for route in &mut out.patrols {
        route.cells.iter_mut().for_each(|c| *c = moved(*c));
    }
    out.guards.clone_from(&level.guards);
    out.guards.iter_mut().for_each(|g| g.start = moved(g.start));
    out.player_start = moved(level.player_start);
    out.entrance = level.entrance.clone();
    out.entrance.cell = moved(level.entrance.cell);
    out
}
