//! The objects of an exported Tiled map, one builder per layer. Classes are what an engine importer
//! (YATI, `SuperTiled2Unity`, `bevy_ecs_tiled`) picks a scene or prefab by, so each kind of thing has its
//! own: an item's kind, a room's kind, `guard` or `guard_torch`, `station`, `split`, `entrance`, `exit`.

use std::collections::BTreeSet;

use super::outline::{self, Ring};
use super::tiled::{
    Object, ObjectLayer, Objects, Property, Shape, TILE, TiledMap, TilesetRef, Value, guard_class,
    item_class, prop, room_class, tile_id,
};
use crate::model::{Axis, Cell, ItemKind, Level, RoomKind, StationKind, StationRole};

/// Builds the description of `level`, with its tileset found as `tileset` says.
pub(super) fn describe(level: &Level, tileset: TilesetRef) -> TiledMap {
    let (w, h) = (level.width.max(0), level.height.max(0));
    let mut terrain = Vec::with_capacity((w * h) as usize);
    for y in (0..h).rev() {
        for x in 0..w {
            terrain.push(1 + tile_id(level.terrain(Cell::new(x, y))));
        }
    }
    let mut made = Objects {
        next_id: 0,
        height: h,
    };
    // Made in this order, which is the order of the object ids: patrols before the guards that refer
    // to them.
    let rooms = rooms(level, &mut made);
    let doors = doors(level, &mut made);
    let items = items(level, &mut made);
    let (patrols, patrol_ids) = patrols(level, &mut made);
    let guards = guards(level, &patrol_ids, &mut made);
    let stations = stations(level, &patrol_ids, &mut made);
    let splits = splits(level, &mut made);
    let start = ways_in_and_out(level, &mut made);
    let layers = [
        ("rooms", rooms),
        ("doors", doors),
        ("items", items),
        ("guards", guards),
        ("patrols", patrols),
        ("stations", stations),
        ("splits", splits),
        ("start", start),
    ];
    TiledMap {
        width: w as u32,
        height: h as u32,
        terrain,
        tileset,
        object_layers: layers
            .into_iter()
            .enumerate()
            .map(|(i, (name, objects))| ObjectLayer {
                id: 2 + i as u32,
                name,
                objects,
            })
            .collect(),
        properties: vec![
            prop("generator", Value::Str(level.generator.clone())),
            prop("level", Value::Int(i64::from(level.level))),
            // As a string: Tiled's int properties do not hold a full 64-bit seed.
            prop("seed", Value::Str(level.seed.to_string())),
        ],
    }
}

pub(super) fn station_kind(kind: StationKind) -> &'static str {
    match kind {
        StationKind::Window => "window",
        StationKind::Loot => "loot",
        StationKind::Chair => "chair",
        StationKind::IntoRoom => "into_room",
    }
}

pub(super) fn station_role(role: StationRole) -> &'static str {
    match role {
        StationRole::Head => "head",
        StationRole::Tail => "tail",
        StationRole::SideTrip => "side_trip",
    }
}

pub(super) fn axis(a: Axis) -> &'static str {
    match a {
        Axis::NS => "ns",
        Axis::EW => "ew",
    }
}

/// The rooms (not the exterior) as the outlines of their cells: a rectangle when the room is one, else
/// one polygon per piece. Tiled polygons have no holes, so a hole in a room is a polygon of its own with
/// class `room_hole` and the same `room` property: the room's cells are those inside its pieces and
/// outside its holes.
pub(super) fn rooms(level: &Level, made: &mut Objects) -> Vec<Object> {
    let tile = TILE as f32;
    let mut objects = Vec::new();
    for (id, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let cells: BTreeSet<(i32, i32)> = room.cells.iter().map(|c| (c.x, made.row(c.y))).collect();
        let kind = room_class(room.kind);
        let rings = outline::rings(&cells);
        let pieces = rings.iter().filter(|r| !r.hole).count();
        for (n, Ring { corners, hole }) in rings.iter().enumerate() {
            let Some(&(x0, r0)) = corners.first() else {
                continue;
            };
            let origin = (x0 as f32 * tile, r0 as f32 * tile);
            let corners: Vec<(i32, i32)> = corners.iter().map(|&(x, r)| (x - x0, r - r0)).collect();
            let points: Vec<(f32, f32)> = corners
                .iter()
                .map(|&(x, r)| (x as f32 * tile, r as f32 * tile))
                .collect();
            let shape = match corners[..] {
                // The walk starts at the north-west corner and turns clockwise.
                [_, (x1, 0), (x2, r1), (0, r2)] if !hole && pieces == 1 && x1 == x2 && r1 == r2 => {
                    Shape::Rect {
                        width: x1 as f32 * tile,
                        height: r1 as f32 * tile,
                    }
                }
                _ => Shape::Polygon(points),
            };
            let name = if rings.len() == 1 {
                format!("room {id}")
            } else {
                format!("room {id} ({})", n + 1)
            };
            objects.push(made.make(
                name,
                if *hole { "room_hole" } else { kind },
                origin,
                shape,
                vec![
                    prop("room", Value::Int(id as i64)),
                    prop("kind", Value::Str(kind.to_string())),
                    prop("depth", Value::Int(i64::from(room.depth))),
                    prop("private", Value::Bool(room.private)),
                ],
            ));
        }
    }
    objects
}

/// A point per door cell (two for a corridor), with the adjacency and the rooms it joins.
pub(super) fn doors(level: &Level, made: &mut Objects) -> Vec<Object> {
    let mut doors = Vec::new();
    for (id, adj) in level.adjacencies.iter().enumerate() {
        for &cell in &adj.door_cells {
            let at = made.centre(cell);
            doors.push(made.make(
                format!("door {id}"),
                "doorway",
                at,
                Shape::Point,
                vec![
                    prop("adjacency", Value::Int(id as i64)),
                    prop("left", Value::Int(adj.left as i64)),
                    prop("right", Value::Int(adj.right as i64)),
                    prop("corridor", Value::Bool(adj.segment.is_none())),
                ],
            ));
        }
    }
    doors
}

/// A point per item, its class its kind, and the `kind` property the class name too; doors, locked
/// doors and portcullises also say their wall's axis (`axis`), a treasure which one it is (`index`).
pub(super) fn items(level: &Level, made: &mut Objects) -> Vec<Object> {
    let mut items = Vec::new();
    for item in &level.items {
        let class = item_class(item.kind);
        let mut properties = vec![prop("kind", Value::Str(class.to_string()))];
        match item.kind {
            ItemKind::Door(a) | ItemKind::Portcullis(a) | ItemKind::LockedDoor(a) => {
                properties.push(prop("axis", Value::Str(axis(a).to_string())));
            }
            ItemKind::Treasure(index) => properties.push(prop("index", Value::Int(index.into()))),
            _ => {}
        }
        let at = made.centre(item.cell);
        items.push(made.make(class.to_string(), class, at, Shape::Point, properties));
    }
    items
}

/// A polyline per patrol route with cells, through its cells' centres from the first one, with the
/// rooms it visits in order (`visits`, room ids); also each route's object id (`None` for a route
/// without cells, which has no polyline).
pub(super) fn patrols(level: &Level, made: &mut Objects) -> (Vec<Object>, Vec<Option<u32>>) {
    let mut patrols = Vec::new();
    let mut ids = Vec::with_capacity(level.patrols.len());
    for (id, route) in level.patrols.iter().enumerate() {
        let Some(&first) = route.cells.first() else {
            ids.push(None);
            continue;
        };
        let origin = made.centre(first);
        let points = route
            .cells
            .iter()
            .map(|&c| {
                let (x, y) = made.centre(c);
                (x - origin.0, y - origin.1)
            })
            .collect();
        let visits: Vec<String> = route.visits.iter().map(ToString::to_string).collect();
        let object = made.make(
            format!("patrol {id}"),
            "patrol",
            origin,
            Shape::Polyline(points),
            vec![
                prop("route", Value::Int(id as i64)),
                prop("loop", Value::Bool(route.loops())),
                prop("outside", Value::Bool(route.outside)),
                prop("visits", Value::Str(visits.join(","))),
            ],
        );
        ids.push(Some(object.id));
        patrols.push(object);
    }
    (patrols, ids)
}

/// The `patrol` object property of something on route `route`, when the route has a polyline.
fn patrol_ref(patrol_ids: &[Option<u32>], route: usize) -> Option<Property> {
    let id = patrol_ids.get(route).copied().flatten()?;
    Some(prop("patrol", Value::Object(id)))
}

/// A point per guard where it starts, pointing at its patrol polyline.
pub(super) fn guards(level: &Level, patrol_ids: &[Option<u32>], made: &mut Objects) -> Vec<Object> {
    let mut guards = Vec::new();
    for (id, guard) in level.guards.iter().enumerate() {
        let at = made.centre(guard.start);
        let mut properties = vec![
            prop("route", Value::Int(guard.route as i64)),
            prop("torch", Value::Bool(guard.carries_torch)),
        ];
        // What a 2025 guard carries, which the game's hash of the level reads too.
        if let Some(extras) = level.extension().and_then(|slot| slot.guard_loads(id)) {
            properties.push(prop("purse", Value::Bool(extras.purse)));
            properties.push(prop("key", Value::Bool(extras.key)));
        }
        properties.extend(patrol_ref(patrol_ids, guard.route));
        guards.push(made.make(
            format!("guard {id}"),
            guard_class(guard.carries_torch),
            at,
            Shape::Point,
            properties,
        ));
    }
    guards
}

/// The turns a guard waits at `cell` the first time its route stops there: the repeats of the cell in
/// a row (a route repeats a cell for each turn of waiting).
fn wait_turns(cells: &[Cell], at: Cell) -> usize {
    cells
        .iter()
        .skip_while(|&&c| c != at)
        .take_while(|&&c| c == at)
        .count()
        .saturating_sub(1)
}

/// A point per patrol station (a pause): its route, what the guard waits by, the station's role and the
/// turns waited there.
pub(super) fn stations(
    level: &Level,
    patrol_ids: &[Option<u32>],
    made: &mut Objects,
) -> Vec<Object> {
    let mut stations = Vec::new();
    for (route_id, route) in level.patrols.iter().enumerate() {
        for (n, station) in route.stations.iter().enumerate() {
            let at = made.centre(station.cell);
            let mut properties = vec![
                prop("route", Value::Int(route_id as i64)),
                prop("room", Value::Int(station.room as i64)),
                prop("kind", Value::Str(station_kind(station.kind).to_string())),
                prop("role", Value::Str(station_role(station.role).to_string())),
                prop(
                    "wait",
                    Value::Int(wait_turns(&route.cells, station.cell) as i64),
                ),
            ];
            properties.extend(patrol_ref(patrol_ids, route_id));
            stations.push(made.make(
                format!("station {route_id}.{n}"),
                "station",
                at,
                Shape::Point,
                properties,
            ));
        }
    }
    stations
}

/// A point per split point (where a long patrol chain was cut), on the door joining its two rooms, or
/// on the first cell of the room after the cut when no door joins them.
pub(super) fn splits(level: &Level, made: &mut Objects) -> Vec<Object> {
    let mut splits = Vec::new();
    for (id, split) in level.split_points.iter().enumerate() {
        let door = level
            .adjacencies
            .iter()
            .filter(|a| a.door && a.touches(split.before) && a.touches(split.after))
            .find_map(|a| a.door_cell_for(split.before));
        let cell = door.or_else(|| level.rooms.get(split.after)?.cells.first().copied());
        let Some(cell) = cell else {
            continue;
        };
        let at = made.centre(cell);
        splits.push(made.make(
            format!("split {id}"),
            "split",
            at,
            Shape::Point,
            vec![
                prop("before", Value::Int(split.before as i64)),
                prop("after", Value::Int(split.after as i64)),
            ],
        ));
    }
    splits
}

/// The player's start, the entrance (front door or up-stairs) and, on the Rogue grid, the exit.
pub(super) fn ways_in_and_out(level: &Level, made: &mut Objects) -> Vec<Object> {
    let start = made.centre(level.player_start);
    let mut objects = vec![made.make(
        "player start".to_string(),
        "start",
        start,
        Shape::Point,
        Vec::new(),
    )];
    let entrance = made.centre(level.entrance.cell);
    objects.push(made.make(
        "entrance".to_string(),
        "entrance",
        entrance,
        Shape::Point,
        vec![prop("room", Value::Int(level.entrance.room as i64))],
    ));
    if let Some(exit) = level.entrance.exit_cell {
        let at = made.centre(exit);
        objects.push(made.make("exit".to_string(), "exit", at, Shape::Point, Vec::new()));
    }
    objects
}
