//! The Tiled map both Tiled exports are written from: one description, two encodings (`tmx` for the XML
//! `.tmx` that Tiled and most engines read, `tmj` for the JSON `.tmj`), so the two cannot drift apart.
//! The description itself is private to the export; what is public here is the tileset, which tests and
//! tools need to read an exported map back.
//!
//! Tiled's y axis points down, the model's up: tile row 0 and pixel y 0 are the map's north edge
//! (`y = height − 1`). Objects are in pixels, [`TILE`] per cell; points sit at cell centres.

use image::RgbaImage;

use crate::model::{Axis, Cell, Dir, Level, Rect, RoomKind, Terrain};
use crate::paint;

/// Tile size in pixels, in the map and in the tileset image.
pub const TILE: u32 = 16;

/// Every terrain kind, in tileset order: tile id `i` draws `TERRAINS[i]`.
pub const TERRAINS: [Terrain; 19] = [
    Terrain::Ground,
    Terrain::Grass,
    Terrain::Water,
    Terrain::Marble,
    Terrain::Wood,
    Terrain::WoodCreaky,
    Terrain::Wall,
    Terrain::Window(Dir::N),
    Terrain::Window(Dir::S),
    Terrain::Window(Dir::E),
    Terrain::Window(Dir::W),
    Terrain::Portcullis(Axis::NS),
    Terrain::Portcullis(Axis::EW),
    Terrain::Door(Axis::NS),
    Terrain::Door(Axis::EW),
    Terrain::GardenDoor(Axis::NS),
    Terrain::GardenDoor(Axis::EW),
    Terrain::Void,
    Terrain::Floor,
];

/// The tileset's tile id of a terrain kind.
pub fn tile_id(t: Terrain) -> u32 {
    TERRAINS.iter().position(|&k| k == t).unwrap_or(0) as u32
}

/// The terrain's name as in level files (`Window(N)`, `Door(EW)`, …), for tile properties.
pub fn terrain_name(t: Terrain) -> String {
    format!("{t:?}")
}

/// The tileset image: one [`TILE`]² tile per terrain kind in one row, each drawn by the map painter in
/// the editor's palette (a door tile shows the open archway; door items are objects).
pub fn tileset_image() -> RgbaImage {
    let mut image = RgbaImage::new(TILE * TERRAINS.len() as u32, TILE);
    let tile = TILE as f32;
    let shapes = TERRAINS
        .iter()
        .enumerate()
        .flat_map(|(i, &t)| {
            let rect = egui::Rect::from_min_size(
                egui::pos2(i as f32 * tile, 0.0),
                egui::Vec2::splat(tile),
            );
            paint::terrain_tile(rect, t)
        })
        .collect();
    let fonts = paint::picture_fonts();
    paint::raster::draw_shapes(&mut image, shapes, fonts.texture_atlas());
    image
}

/// A custom property value; the type names are Tiled's.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    Bool(bool),
    Int(i64),
    Str(String),
}

impl Value {
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Str(_) => "string",
        }
    }
}

/// A named custom property of the map or of an object (a room's kind, a guard's route, …).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Property {
    pub name: &'static str,
    pub value: Value,
}

fn prop(name: &'static str, value: Value) -> Property {
    Property { name, value }
}

/// The geometry of an object: a room's rectangle, an item's point or a patrol's polyline.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Shape {
    Rect {
        width: f32,
        height: f32,
    },
    Point,
    /// Points relative to the object's position.
    Polyline(Vec<(f32, f32)>),
}

/// One object of an object layer, positioned in pixels from the map's north-west corner.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Object {
    pub id: u32,
    pub name: String,
    /// Tiled's class (saved as `type`, which Tiled 1.8 and later all read).
    pub class: String,
    pub x: f32,
    pub y: f32,
    pub shape: Shape,
    pub properties: Vec<Property>,
}

/// A named layer of objects (rooms, items, patrols, …).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ObjectLayer {
    pub id: u32,
    pub name: &'static str,
    pub objects: Vec<Object>,
}

/// A whole map: a terrain tile layer (layer id 1) and the object layers.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TiledMap {
    pub width: u32,
    pub height: u32,
    /// Global tile ids (tile id + 1), row-major from the north row.
    pub terrain: Vec<u32>,
    /// The tileset image's file name, relative to the map.
    pub tileset_image: String,
    pub object_layers: Vec<ObjectLayer>,
    pub properties: Vec<Property>,
}

impl TiledMap {
    pub fn next_layer_id(&self) -> u32 {
        2 + self.object_layers.len() as u32
    }

    pub fn next_object_id(&self) -> u32 {
        1 + self
            .object_layers
            .iter()
            .flat_map(|l| &l.objects)
            .map(|o| o.id)
            .max()
            .unwrap_or(0)
    }
}

/// The Tiled version the exports claim; the format features used all exist since 1.8.
pub(super) const FORMAT_VERSION: &str = "1.10";
/// The Tiled release the exports name as their writer.
pub(super) const TILED_VERSION: &str = "1.10.2";

/// Builds the description of `level`, with the tileset image at `tileset_image` (relative to the map).
pub(super) fn describe(level: &Level, tileset_image: &str) -> TiledMap {
    let (w, h) = (level.width.max(0), level.height.max(0));
    let mut terrain = Vec::with_capacity((w * h) as usize);
    for y in (0..h).rev() {
        for x in 0..w {
            terrain.push(1 + tile_id(level.terrain(Cell::new(x, y))));
        }
    }
    let mut objects = Objects {
        next_id: 0,
        height: h,
    };
    // In this order, which is also the order of the object ids.
    let layers = [
        ("rooms", room_objects(level, &mut objects)),
        ("doors", door_objects(level, &mut objects)),
        ("items", item_objects(level, &mut objects)),
        ("guards", guard_objects(level, &mut objects)),
        ("patrols", patrol_objects(level, &mut objects)),
        ("start", {
            let at = objects.centre(level.player_start);
            vec![objects.make(
                "player start".to_string(),
                "start",
                at,
                Shape::Point,
                Vec::new(),
            )]
        }),
    ];
    TiledMap {
        width: w as u32,
        height: h as u32,
        terrain,
        tileset_image: tileset_image.to_string(),
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

/// Makes the objects of one map: numbered from 1 in the order they are made (Tiled wants ids unique
/// across layers), and placed in Tiled's pixels.
struct Objects {
    /// The id of the last object made.
    next_id: u32,
    /// The map's height in cells, to turn the model's y (north up) into Tiled's (down).
    height: i32,
}

impl Objects {
    /// The pixel position of a cell's centre.
    fn centre(&self, c: Cell) -> (f32, f32) {
        let tile = TILE as f32;
        (
            (c.x as f32 + 0.5) * tile,
            ((self.height - 1 - c.y) as f32 + 0.5) * tile,
        )
    }

    /// The next object, at pixel position `(x, y)`.
    fn make(
        &mut self,
        name: String,
        class: &str,
        (x, y): (f32, f32),
        shape: Shape,
        properties: Vec<Property>,
    ) -> Object {
        self.next_id += 1;
        Object {
            id: self.next_id,
            name,
            class: class.to_string(),
            x,
            y,
            shape,
            properties,
        }
    }
}

/// A rectangle per room (not the exterior), from its interior's north-west corner.
fn room_objects(level: &Level, objects: &mut Objects) -> Vec<Object> {
    let tile = TILE as f32;
    let mut rooms = Vec::new();
    for (id, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let Rect { x0, y0, x1, y1 } = room.interior;
        let kind = kind_name(room.kind);
        rooms.push(objects.make(
            format!("room {id}"),
            kind,
            (x0 as f32 * tile, (objects.height - y1) as f32 * tile),
            Shape::Rect {
                width: (x1 - x0).max(0) as f32 * tile,
                height: (y1 - y0).max(0) as f32 * tile,
            },
            vec![
                prop("room", Value::Int(id as i64)),
                prop("kind", Value::Str(kind.to_string())),
                prop("depth", Value::Int(i64::from(room.depth))),
                prop("private", Value::Bool(room.private)),
            ],
        ));
    }
    rooms
}

/// A point per door cell (two for a corridor), with the adjacency and the rooms it joins.
fn door_objects(level: &Level, objects: &mut Objects) -> Vec<Object> {
    let mut doors = Vec::new();
    for (id, adj) in level.adjacencies.iter().enumerate() {
        for &cell in &adj.door_cells {
            let at = objects.centre(cell);
            doors.push(objects.make(
                format!("door {id}"),
                "door",
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

/// A point per item, named by its kind.
fn item_objects(level: &Level, objects: &mut Objects) -> Vec<Object> {
    let mut items = Vec::new();
    for item in &level.items {
        let kind = format!("{:?}", item.kind);
        let at = objects.centre(item.cell);
        items.push(objects.make(
            kind.clone(),
            "item",
            at,
            Shape::Point,
            vec![prop("kind", Value::Str(kind))],
        ));
    }
    items
}

/// A point per guard where it starts, with its route and torch.
fn guard_objects(level: &Level, objects: &mut Objects) -> Vec<Object> {
    let mut guards = Vec::new();
    for (id, guard) in level.guards.iter().enumerate() {
        let at = objects.centre(guard.start);
        guards.push(objects.make(
            format!("guard {id}"),
            "guard",
            at,
            Shape::Point,
            vec![
                prop("route", Value::Int(guard.route as i64)),
                prop("torch", Value::Bool(guard.carries_torch)),
            ],
        ));
    }
    guards
}

/// A polyline per patrol route with cells, through its cells' centres from the first one.
fn patrol_objects(level: &Level, objects: &mut Objects) -> Vec<Object> {
    let mut patrols = Vec::new();
    for (id, route) in level.patrols.iter().enumerate() {
        let Some(&first) = route.cells.first() else {
            continue;
        };
        let origin = objects.centre(first);
        let points = route
            .cells
            .iter()
            .map(|&c| {
                let (x, y) = objects.centre(c);
                (x - origin.0, y - origin.1)
            })
            .collect();
        patrols.push(objects.make(
            format!("patrol {id}"),
            "patrol",
            origin,
            Shape::Polyline(points),
            vec![
                prop("route", Value::Int(id as i64)),
                prop("loop", Value::Bool(route.loops())),
                prop("outside", Value::Bool(route.outside)),
            ],
        ));
    }
    patrols
}

fn kind_name(kind: RoomKind) -> &'static str {
    match kind {
        RoomKind::Exterior => "exterior",
        RoomKind::Courtyard => "courtyard",
        RoomKind::Room => "room",
        RoomKind::Hall => "hall",
        RoomKind::Corridor => "corridor",
    }
}
