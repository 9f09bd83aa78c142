//! The Tiled map both Tiled exports are written from: one description, two encodings (`tmx` for the XML
//! `.tmx` that Tiled and most engines read, `tmj` for the JSON `.tmj`), so the two cannot drift apart.
//! The description itself is private to the export; what is public here is the tileset, which tests and
//! tools need to read an exported map back.
//!
//! Tiled's y axis points down, the model's up: tile row 0 and pixel y 0 are the map's north edge
//! (`y = height − 1`). Objects are in pixels, [`TILE`] per cell; points sit at cell centres.
//!
//! What the objects are for an engine importer (which works by class): rooms are polygons along their
//! cells (see `outline.rs`), items have their kind as class (`coin`, `torch_lit`, …), a guard
//! (`guard` or `guard_torch`) points at its patrol polyline by an `object` property, and stations, split
//! points, the entrance and the exit are point objects of their own.

use image::RgbaImage;

use crate::model::{Axis, Cell, Dir, ItemKind, RoomKind, Terrain};
use crate::paint;

/// Tile size in pixels, in the map and in the tileset image.
pub const TILE: u32 = 16;

/// The terrain tileset's image ([`tileset_image`]): one per folder, which every Tiled map and LDtk
/// project exported there refers to.
pub const SHARED_TILESET_IMAGE: &str = "terrain.png";

/// Every terrain kind, in tileset order: tile id `i` draws `TERRAINS[i]`. New kinds go at the end, so
/// the ids of maps exported before stay.
pub const TERRAINS: [Terrain; 21] = [
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
    Terrain::VaultFloor,
    Terrain::TreasureFloor,
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
    /// Another object of the map, by its id (Tiled's `object` property type).
    Object(u32),
}

impl Value {
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Str(_) => "string",
            Value::Object(_) => "object",
        }
    }
}

/// A named custom property of the map or of an object (a room's kind, a guard's route, …).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Property {
    pub name: &'static str,
    pub value: Value,
}

pub(super) fn prop(name: &'static str, value: Value) -> Property {
    Property { name, value }
}

/// The geometry of an object: a room's rectangle or polygon, an item's point or a patrol's polyline.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Shape {
    Rect {
        width: f32,
        height: f32,
    },
    Point,
    /// Points relative to the object's position.
    Polyline(Vec<(f32, f32)>),
    /// A closed outline, points relative to the object's position.
    Polygon(Vec<(f32, f32)>),
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

/// Where a map finds its tileset.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum TilesetRef {
    /// Written into the map, with this image file (relative to the map).
    Embedded(String),
    /// An external `.tsx` file (relative to the map), shared by the maps of a campaign.
    External(String),
}

/// A whole map: a terrain tile layer (layer id 1) and the object layers.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TiledMap {
    pub width: u32,
    pub height: u32,
    /// Global tile ids (tile id + 1), row-major from the north row.
    pub terrain: Vec<u32>,
    pub tileset: TilesetRef,
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

/// Makes the objects of one map: numbered from 1 in the order they are made (Tiled wants ids unique
/// across layers), and placed in Tiled's pixels.
pub(super) struct Objects {
    /// The id of the last object made.
    pub next_id: u32,
    /// The map's height in cells, to turn the model's y (north up) into Tiled's (down).
    pub height: i32,
}

impl Objects {
    /// The pixel position of a cell's centre.
    pub fn centre(&self, c: Cell) -> (f32, f32) {
        let tile = TILE as f32;
        (
            (c.x as f32 + 0.5) * tile,
            ((self.height - 1 - c.y) as f32 + 0.5) * tile,
        )
    }

    /// The tile row of a model row (row 0 is the north edge).
    pub fn row(&self, y: i32) -> i32 {
        self.height - 1 - y
    }

    /// The next object, at pixel position `(x, y)`.
    pub fn make(
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

/// Every item kind, one of each class (LDtk's `ItemKind` enum, the Tiled project's item classes): their
/// [`item_class`] names a door or portcullis of either axis alike. A new kind is a line here beside its
/// line in [`item_class`].
pub const ITEM_KINDS: [ItemKind; 24] = [
    ItemKind::Chair,
    ItemKind::Table,
    ItemKind::Bush,
    ItemKind::Coin,
    ItemKind::Door(Axis::NS),
    ItemKind::Door(Axis::EW),
    ItemKind::Portcullis(Axis::NS),
    ItemKind::Portcullis(Axis::EW),
    ItemKind::TorchUnlit,
    ItemKind::TorchLit,
    ItemKind::LockedDoor(Axis::NS),
    ItemKind::Health,
    ItemKind::BedLeft,
    ItemKind::BedRight,
    ItemKind::DrawersShort,
    ItemKind::DrawersTall,
    ItemKind::Bookshelf,
    ItemKind::Shelf,
    ItemKind::Stove,
    ItemKind::VaultBox,
    ItemKind::Plinth,
    ItemKind::Note,
    ItemKind::TreasureLock,
    ItemKind::Treasure(0),
];

/// Every room kind but the exterior, which is not exported.
pub const ROOM_KINDS: [RoomKind; 4] = [
    RoomKind::Courtyard,
    RoomKind::Room,
    RoomKind::Hall,
    RoomKind::Corridor,
];

/// The class of an item in exported maps: its kind in snake case. The one list of item names, so a
/// new kind is one line here.
pub fn item_class(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Chair => "chair",
        ItemKind::Table => "table",
        ItemKind::Bush => "bush",
        ItemKind::Coin => "coin",
        ItemKind::Door(_) => "door",
        ItemKind::Portcullis(_) => "portcullis",
        ItemKind::TorchUnlit => "torch_unlit",
        ItemKind::TorchLit => "torch_lit",
        ItemKind::LockedDoor(_) => "locked_door",
        ItemKind::Health => "health",
        ItemKind::BedLeft => "bed_left",
        ItemKind::BedRight => "bed_right",
        ItemKind::DrawersShort => "drawers_short",
        ItemKind::DrawersTall => "drawers_tall",
        ItemKind::Bookshelf => "bookshelf",
        ItemKind::Shelf => "shelf",
        ItemKind::Stove => "stove",
        ItemKind::VaultBox => "vault_box",
        ItemKind::Plinth => "plinth",
        ItemKind::Note => "note",
        ItemKind::TreasureLock => "treasure_lock",
        ItemKind::Treasure(_) => "treasure",
    }
}

/// The class of a room in exported maps: its kind in snake case.
pub fn room_class(kind: RoomKind) -> &'static str {
    match kind {
        RoomKind::Exterior => "exterior",
        RoomKind::Courtyard => "courtyard",
        RoomKind::Room => "room",
        RoomKind::Hall => "hall",
        RoomKind::Corridor => "corridor",
    }
}

/// The class of a guard in exported maps: whether it carries a torch is what an engine draws.
pub fn guard_class(carries_torch: bool) -> &'static str {
    if carries_torch {
        "guard_torch"
    } else {
        "guard"
    }
}
