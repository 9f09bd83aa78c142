//! An LDtk level's entities and terrain tiles, made and written one at a time: a level with an item
//! on every cell makes a quarter of a million entities, which as one JSON tree held gigabytes.
//! [`each_entity`] and [`each_tile`] make them in the project's order and [`write_array`] writes them
//! where `serde_json`'s pretty printer would.

use std::collections::BTreeSet;

use ldtk2::{EntityInstance, TileInstance};
use serde::Serialize;

use super::defs::{rule_uid, tile_rect};
use super::fields::{EntityRef, FieldValue, field_instance};
use super::ids::{ENTITY_LAYER, GRID, Iids, THINGS_TILESET};
use super::kinds::{GuardKind, Kind, item_tile};
use crate::io::export::outline::{self, Ring};
use crate::io::export::tiled::{room_class, tile_id};
use crate::io::export::tiled_objects::{axis, station_kind, station_role};
use crate::model::{Cell, ItemKind, Level, PatrolRoute, RoomKind};

/// Where a level's entities go: its number in the project, its place in the world, and the ids a
/// reference to one of them names.
pub(super) struct Place<'a> {
    pub(super) iids: &'a Iids,
    pub(super) number: usize,
    pub(super) world: (i64, i64),
}

impl Place<'_> {
    fn iid(&self, name: &str) -> String {
        self.iids.named(&format!("{}/{name}", self.number))
    }

    /// A reference to the entity named `name` on this level's entity layer.
    fn reference(&self, name: &str) -> EntityRef {
        EntityRef {
            entity: self.iid(name),
            layer: self.iids.layer(self.number, ENTITY_LAYER),
            level: self.iids.level(self.number),
            world: self.iids.world(),
        }
    }
}

/// One level's grid: LDtk's cells count from the north-west corner, y down.
fn row(level: &Level, y: i32) -> i64 {
    i64::from(level.height - 1 - y)
}

fn grid_cell(level: &Level, c: Cell) -> (i64, i64) {
    (i64::from(c.x), row(level, c.y))
}

/// What [`each_entity`] hands over, one at a time.
pub(super) type Sink<'s, T> = dyn FnMut(T) -> Result<(), serde_json::Error> + 's;

/// An entity instance of kind `kind`, named `name` in its level (its iid's name), its top-left cell
/// at `cell` (a point entity's pivot is that cell's centre), `cells` wide and high.
fn entity(
    place: &Place<'_>,
    kind: Kind,
    name: &str,
    (cx, cy): (i64, i64),
    (w, h): (i64, i64),
    tile: Option<usize>,
    values: Vec<FieldValue>,
) -> EntityInstance {
    let fields = kind
        .fields()
        .iter()
        .zip(values)
        .map(|(f, v)| field_instance(f, v))
        .collect();
    let half = if matches!(kind, Kind::Room | Kind::RoomHole) {
        0.0
    } else {
        0.5
    };
    let px = [
        cx * GRID + (GRID as f64 * half) as i64,
        cy * GRID + (GRID as f64 * half) as i64,
    ];
    EntityInstance {
        grid: vec![cx, cy],
        identifier: kind.identifier(),
        pivot: vec![half, half],
        smart_color: "#FFFFFF".to_string(),
        tags: kind.tags(),
        tile: tile.map(|i| tile_rect(THINGS_TILESET, i)),
        world_x: Some(place.world.0 + px[0]),
        world_y: Some(place.world.1 + px[1]),
        def_uid: kind.uid(),
        field_instances: fields,
        height: h * GRID,
        iid: place.iid(name),
        px: px.to_vec(),
        width: w * GRID,
    }
}

/// An item's field values, as its kind's definition lists them.
fn item_values(kind: ItemKind) -> Vec<FieldValue> {
    match kind {
        ItemKind::Door(a) | ItemKind::Portcullis(a) | ItemKind::LockedDoor(a) => {
            vec![FieldValue::Enum(axis(a))]
        }
        ItemKind::Treasure(n) => vec![FieldValue::Int(i64::from(n))],
        ItemKind::Coin => vec![FieldValue::Int(1)],
        _ => Vec::new(),
    }
}

/// Makes `level`'s entities one at a time, in the project's order (rooms, stations, items bottom of a
/// stack first, guards, then the start, the entrance and the exit), handing each to `out`.
pub(super) fn each_entity(
    level: &Level,
    place: &Place<'_>,
    out: &mut Sink<'_, EntityInstance>,
) -> Result<(), serde_json::Error> {
    rooms(level, place, out)?;
    for (r, route) in level.patrols.iter().enumerate() {
        for (i, station) in route.stations.iter().enumerate() {
            let values = vec![
                FieldValue::Int(r as i64),
                FieldValue::Int(station.room as i64),
                FieldValue::Enum(station_kind(station.kind)),
                FieldValue::Enum(station_role(station.role)),
            ];
            let cell = grid_cell(level, station.cell);
            let name = format!("station/{r}/{i}");
            out(entity(
                place,
                Kind::Station,
                &name,
                cell,
                (1, 1),
                None,
                values,
            ))?;
        }
    }
    for (i, item) in level.items.iter().enumerate() {
        let cell = grid_cell(level, item.cell);
        let tile = Some(item_tile(item.kind));
        let kind = Kind::item(item.kind);
        let values = item_values(item.kind);
        out(entity(
            place,
            kind,
            &format!("item/{i}"),
            cell,
            (1, 1),
            tile,
            values,
        ))?;
    }
    for id in 0..level.guards.len() {
        out(guard_entity(level, place, id))?;
    }
    let start = grid_cell(level, level.player_start);
    out(entity(
        place,
        Kind::Start,
        "start",
        start,
        (1, 1),
        None,
        Vec::new(),
    ))?;
    let room = vec![FieldValue::Int(level.entrance.room as i64)];
    let entrance = grid_cell(level, level.entrance.cell);
    out(entity(
        place,
        Kind::Entrance,
        "entrance",
        entrance,
        (1, 1),
        None,
        room,
    ))?;
    if let Some(exit) = level.entrance.exit_cell {
        let exit = grid_cell(level, exit);
        out(entity(
            place,
            Kind::Exit,
            "exit",
            exit,
            (1, 1),
            None,
            Vec::new(),
        ))?;
    }
    Ok(())
}

/// Guard `id`: its kind, its patrol as a path of cells, and references to its route's stations.
fn guard_entity(level: &Level, place: &Place<'_>, id: usize) -> EntityInstance {
    let guard = level.guards[id];
    let route = level.patrols.get(guard.route);
    // What a 2025 guard carries (null for the other generators' guards).
    let extras = level.extension().and_then(|slot| slot.guard_loads(id));
    let carries = |has: fn(&crate::model::GuardExtras2025) -> bool| {
        extras.map_or(FieldValue::Null, |e| FieldValue::Bool(has(e)))
    };
    let cells = route.map_or(&[][..], |r| &r.cells[..]);
    let distinct: BTreeSet<Cell> = cells.iter().copied().collect();
    let kind = GuardKind::of(guard.carries_torch, distinct.len(), extras);
    let stations = route.map_or_else(Vec::new, |r| {
        (0..r.stations.len())
            .map(|i| place.reference(&format!("station/{}/{i}", guard.route)))
            .collect()
    });
    let values = vec![
        FieldValue::Int(id as i64),
        FieldValue::Int(guard.route as i64),
        FieldValue::Bool(guard.carries_torch),
        FieldValue::Bool(route.is_some_and(|r| r.outside)),
        FieldValue::Bool(route.is_some_and(PatrolRoute::loops)),
        FieldValue::Points(cells.iter().map(|&c| grid_cell(level, c)).collect()),
        FieldValue::Refs(stations),
        carries(|e| e.purse),
        carries(|e| e.key),
    ];
    let kind = Kind::Guard(kind);
    let cell = grid_cell(level, guard.start);
    let tile = kind.tile();
    entity(
        place,
        kind,
        &format!("guard/{id}"),
        cell,
        (1, 1),
        tile,
        values,
    )
}

/// A `Room` per piece of each room but the exterior, and a `RoomHole` per hole in one: each an
/// entity over the piece's bounding box whose `outline` is its exact polygon, on the cell grid's
/// corners (point `(cx, cy)` is the top-left corner of cell `(cx, cy)`).
fn rooms(
    level: &Level,
    place: &Place<'_>,
    out: &mut Sink<'_, EntityInstance>,
) -> Result<(), serde_json::Error> {
    for (id, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let cells: BTreeSet<(i32, i32)> = room
            .cells
            .iter()
            .map(|c| (c.x, level.height - 1 - c.y))
            .collect();
        for (n, Ring { corners, hole }) in outline::rings(&cells).into_iter().enumerate() {
            let (Some(x0), Some(r0), Some(x1), Some(r1)) = (
                corners.iter().map(|c| c.0).min(),
                corners.iter().map(|c| c.1).min(),
                corners.iter().map(|c| c.0).max(),
                corners.iter().map(|c| c.1).max(),
            ) else {
                continue;
            };
            let values = vec![
                FieldValue::Int(id as i64),
                FieldValue::Enum(room_class(room.kind)),
                FieldValue::Int(i64::from(room.depth)),
                FieldValue::Bool(room.private),
                FieldValue::Points(
                    corners
                        .iter()
                        .map(|&(x, r)| (i64::from(x), i64::from(r)))
                        .collect(),
                ),
            ];
            let kind = if hole { Kind::RoomHole } else { Kind::Room };
            let at = (i64::from(x0), i64::from(r0));
            let size = (i64::from(x1 - x0).max(1), i64::from(r1 - r0).max(1));
            let name = format!("room/{id}/{n}");
            out(entity(place, kind, &name, at, size, None, values))?;
        }
    }
    Ok(())
}

/// Makes the terrain layer's auto-layer tiles one at a time, row by row from the north-west: each
/// cell's terrain tile, as the layer's rule for its value lays it.
pub(super) fn each_tile(
    level: &Level,
    out: &mut Sink<'_, TileInstance>,
) -> Result<(), serde_json::Error> {
    let width = i64::from(level.width.max(0));
    for y in (0..level.height).rev() {
        for x in 0..level.width {
            let tile = tile_id(level.terrain(Cell::new(x, y))) as usize;
            let (cx, cy) = grid_cell(level, Cell::new(x, y));
            out(TileInstance {
                a: 1.0,
                d: vec![rule_uid(tile), cx + cy * width],
                f: 0,
                px: vec![cx * GRID, cy * GRID],
                src: vec![tile as i64 * GRID, 0],
                t: tile as i64,
            })?;
        }
    }
    Ok(())
}

/// Writes what `make` hands over as a JSON array on `out`, as `serde_json`'s pretty printer writes an
/// array whose line is indented by `indent` spaces: `[]` when empty, else one element after another,
/// each indented two spaces more.
pub(super) fn write_array<T: Serialize>(
    out: &mut Vec<u8>,
    indent: usize,
    make: impl FnOnce(&mut Sink<'_, T>) -> Result<(), serde_json::Error>,
) -> Result<(), serde_json::Error> {
    let inner = " ".repeat(indent + 2);
    let mut any = false;
    out.push(b'[');
    make(&mut |element: T| {
        out.extend_from_slice(if any { b",\n" } else { b"\n" });
        any = true;
        let text = serde_json::to_vec_pretty(&element)?;
        for (i, line) in text.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(inner.as_bytes());
            out.extend_from_slice(line);
        }
        Ok(())
    })?;
    if any {
        out.push(b'\n');
        out.extend_from_slice(" ".repeat(indent).as_bytes());
    }
    out.push(b']');
    Ok(())
}
