//! An LDtk level's entities, made and written one at a time: a level with an item on every cell makes
//! a quarter of a million of them, which as one JSON tree held gigabytes. [`each_entity`] makes them in
//! the project's order and [`write_entities`] writes them where `serde_json`'s pretty printer would.

use serde_json::{Value, json};

use super::fields::{FieldValue, GRID, entity_uid, field_instance, fields_of};
use crate::io::export::tiled::{item_class, room_class};
use crate::model::{Axis, Cell, ItemKind, Level, RoomKind};

/// How many entities [`each_entity`] makes of `level`.
pub(super) fn entity_count(level: &Level) -> usize {
    let rooms = level
        .rooms
        .iter()
        .filter(|room| room.kind != RoomKind::Exterior)
        .count();
    let exit = usize::from(level.entrance.exit_cell.is_some());
    level.items.len() + level.guards.len() + rooms + 2 + exit
}

/// Makes `level`'s entities one at a time, in the project's order, handing each to `out`: a level
/// with an item on every cell never holds them all at once.
pub(super) fn each_entity(
    level: &Level,
    iids: &mut Iids,
    world: (i64, i64),
    out: &mut dyn FnMut(Value) -> Result<(), serde_json::Error>,
) -> Result<(), serde_json::Error> {
    let grid = Grid {
        height: level.height,
    };
    let one = (1, 1);
    for item in &level.items {
        let values = item_values(item.kind);
        out(entity(
            iids,
            "Item",
            grid.cell(item.cell),
            one,
            world,
            values,
        ))?;
    }
    for (id, guard) in level.guards.iter().enumerate() {
        let route = level.patrols.get(guard.route);
        // What a 2025 guard carries (null for the other generators' guards).
        let extras = level.extension().and_then(|slot| slot.guard_loads(id));
        let carries = |has: fn(&crate::model::GuardExtras2025) -> bool| {
            extras.map_or(FieldValue::Null, |e| FieldValue::Bool(has(e)))
        };
        let patrol = route.map_or_else(Vec::new, |r| {
            r.cells.iter().map(|&c| grid.cell(c)).collect()
        });
        let values = vec![
            FieldValue::Int(guard.route as i64),
            FieldValue::Bool(guard.carries_torch),
            FieldValue::Bool(route.is_some_and(crate::model::PatrolRoute::loops)),
            FieldValue::Points(patrol),
            carries(|e| e.purse),
            carries(|e| e.key),
        ];
        out(entity(
            iids,
            "Guard",
            grid.cell(guard.start),
            one,
            world,
            values,
        ))?;
    }
    for (id, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let r = room.interior;
        let values = vec![
            FieldValue::Int(id as i64),
            FieldValue::Str(room_class(room.kind).to_string()),
            FieldValue::Int(i64::from(room.depth)),
            FieldValue::Bool(room.private),
        ];
        let north_west = Cell::new(r.x0, r.y1 - 1);
        let size = (
            i64::from((r.x1 - r.x0).max(1)),
            i64::from((r.y1 - r.y0).max(1)),
        );
        out(entity(
            iids,
            "Room",
            grid.cell(north_west),
            size,
            world,
            values,
        ))?;
    }
    out(entity(
        iids,
        "Start",
        grid.cell(level.player_start),
        one,
        world,
        Vec::new(),
    ))?;
    let room = FieldValue::Int(level.entrance.room as i64);
    out(entity(
        iids,
        "Entrance",
        grid.cell(level.entrance.cell),
        one,
        world,
        vec![room],
    ))?;
    if let Some(exit) = level.entrance.exit_cell {
        out(entity(
            iids,
            "Exit",
            grid.cell(exit),
            one,
            world,
            Vec::new(),
        ))?;
    }
    Ok(())
}

/// Writes the entities `make` hands over as a JSON array on `out`, as `serde_json`'s pretty printer
/// writes an array whose line is indented by `indent` spaces: `[]` when empty, else one element after
/// another, each indented two spaces more.
pub(super) fn write_entities(
    out: &mut Vec<u8>,
    indent: usize,
    make: impl FnOnce(
        &mut dyn FnMut(Value) -> Result<(), serde_json::Error>,
    ) -> Result<(), serde_json::Error>,
) -> Result<(), serde_json::Error> {
    let inner = " ".repeat(indent + 2);
    let mut any = false;
    out.push(b'[');
    make(&mut |entity: Value| {
        out.extend_from_slice(if any { b",\n" } else { b"\n" });
        any = true;
        let text = serde_json::to_vec_pretty(&entity)?;
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

/// Numbers the instances of a project (`iid`s, unique across it) in the order they are made.
pub(super) struct Iids(pub(super) u64);

impl Iids {
    pub(super) fn next(&mut self) -> String {
        self.0 += 1;
        format!("00000000-0000-4000-8000-{:012x}", self.0)
    }
}

/// One level's grid: LDtk's cells count from the north-west corner, y down.
pub(super) struct Grid {
    pub(super) height: i32,
}

impl Grid {
    pub(super) fn cell(&self, c: Cell) -> (i64, i64) {
        (i64::from(c.x), i64::from(self.height - 1 - c.y))
    }
}

/// An entity instance of definition `name` with its top-left cell at `cell` (a point entity's pivot is
/// that cell's centre), `cells` wide and high.
pub(super) fn entity(
    iids: &mut Iids,
    name: &'static str,
    (cx, cy): (i64, i64),
    (w, h): (i64, i64),
    world: (i64, i64),
    values: Vec<FieldValue>,
) -> Value {
    let fields: Vec<Value> = fields_of(name)
        .iter()
        .zip(values)
        .map(|(f, v)| field_instance(f, &v))
        .collect();
    let pivot = if name == "Room" { 0.0 } else { 0.5 };
    let px = (
        cx * GRID + (pivot * GRID as f64) as i64,
        cy * GRID + (pivot * GRID as f64) as i64,
    );
    json!({
        "__identifier": name, "__grid": [cx, cy], "__pivot": [pivot, pivot], "__tags": [],
        "__tile": null, "__smartColor": "#FFFFFF", "iid": iids.next(), "width": w * GRID,
        "height": h * GRID, "defUid": entity_uid(name), "px": [px.0, px.1],
        "fieldInstances": fields, "__worldX": world.0 + px.0, "__worldY": world.1 + px.1,
    })
}

/// An `Item`'s field values: its class, the axis of a door-like item, which treasure (A–E) a treasure is.
pub(super) fn item_values(kind: ItemKind) -> Vec<FieldValue> {
    let axis = match kind {
        ItemKind::Door(a) | ItemKind::Portcullis(a) | ItemKind::LockedDoor(a) => FieldValue::Str(
            match a {
                Axis::NS => "ns",
                Axis::EW => "ew",
            }
            .to_string(),
        ),
        _ => FieldValue::Null,
    };
    let variant = match kind {
        ItemKind::Treasure(n) => FieldValue::Int(i64::from(n)),
        _ => FieldValue::Null,
    };
    vec![FieldValue::Str(item_class(kind).to_string()), axis, variant]
}
