//! Tiled's JSON map format (`.tmj`): the same map as [`super::tmx`], for tools that read JSON. Every key
//! Tiled requires of a map, layer, object and embedded tileset is written, even where it holds a default.
//!
//! The JSON is serialised straight from borrowed, typed views of the [`TiledMap`] (no intermediate
//! `serde_json::Value` tree), so a map with hundreds of thousands of objects costs little more memory
//! than its text.

use std::borrow::Cow;

use serde::{Serialize, Serializer};

use super::tiled::{
    FORMAT_VERSION, Object, ObjectLayer, Property, Shape, TERRAINS, TILE, TILED_VERSION, TiledMap,
    TilesetRef, Value, terrain_name,
};

/// A list serialised item by item from a slice, through a view of each item.
struct Each<'a, T, V>(&'a [T], fn(&'a T) -> V);

impl<T, V: Serialize> Serialize for Each<'_, T, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(self.1))
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum PropertyValue<'a> {
    Bool(bool),
    Int(i64),
    Str(Cow<'a, str>),
    Object(u32),
}

#[derive(Serialize)]
struct PropertyJson<'a> {
    name: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    value: PropertyValue<'a>,
}

fn property(p: &Property) -> PropertyJson<'_> {
    PropertyJson {
        name: p.name,
        kind: p.value.type_name(),
        value: match &p.value {
            Value::Bool(b) => PropertyValue::Bool(*b),
            Value::Int(i) => PropertyValue::Int(*i),
            Value::Str(s) => PropertyValue::Str(Cow::Borrowed(s)),
            Value::Object(id) => PropertyValue::Object(*id),
        },
    }
}

fn properties(props: &[Property]) -> Each<'_, Property, PropertyJson<'_>> {
    Each(props, property)
}

#[derive(Serialize)]
struct Point {
    x: f32,
    y: f32,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "a view for `Each`, which hands each item of the slice by reference"
)]
fn point(&(x, y): &(f32, f32)) -> Point {
    Point { x, y }
}

#[derive(Serialize)]
struct ObjectJson<'a> {
    id: u32,
    name: &'a str,
    #[serde(rename = "type")]
    class: &'a str,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
    rotation: u8,
    visible: bool,
    properties: Each<'a, Property, PropertyJson<'a>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    point: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    polyline: Option<Each<'a, (f32, f32), Point>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    polygon: Option<Each<'a, (f32, f32), Point>>,
}

fn object(o: &Object) -> ObjectJson<'_> {
    let (width, height) = match o.shape {
        Shape::Rect { width, height } => (width, height),
        _ => (0.0, 0.0),
    };
    ObjectJson {
        id: o.id,
        name: &o.name,
        class: &o.class,
        x: o.x,
        y: o.y,
        width,
        height,
        rotation: 0,
        visible: true,
        properties: properties(&o.properties),
        point: matches!(o.shape, Shape::Point),
        polyline: match &o.shape {
            Shape::Polyline(points) => Some(Each(points, point)),
            _ => None,
        },
        polygon: match &o.shape {
            Shape::Polygon(points) => Some(Each(points, point)),
            _ => None,
        },
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Layer<'a> {
    Tiles(TileLayer<'a>),
    Objects(ObjectGroup<'a>),
}

#[derive(Serialize)]
struct TileLayer<'a> {
    id: u32,
    name: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    width: u32,
    height: u32,
    x: u8,
    y: u8,
    opacity: u8,
    visible: bool,
    data: &'a [u32],
}

#[derive(Serialize)]
struct ObjectGroup<'a> {
    id: u32,
    name: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    draworder: &'static str,
    x: u8,
    y: u8,
    opacity: u8,
    visible: bool,
    objects: Each<'a, Object, ObjectJson<'a>>,
}

fn object_group(layer: &ObjectLayer) -> Layer<'_> {
    Layer::Objects(ObjectGroup {
        id: layer.id,
        name: layer.name,
        kind: "objectgroup",
        draworder: "topdown",
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        objects: Each(&layer.objects, object),
    })
}

#[derive(Serialize)]
struct Tile {
    id: usize,
    properties: [PropertyJson<'static>; 1],
}

#[derive(Serialize)]
#[serde(untagged)]
enum TilesetJson<'a> {
    Embedded(Tileset<'a>),
    External { firstgid: u32, source: &'a str },
}

#[derive(Serialize)]
struct Tileset<'a> {
    firstgid: u32,
    name: &'static str,
    tilewidth: u32,
    tileheight: u32,
    tilecount: usize,
    columns: usize,
    margin: u8,
    spacing: u8,
    image: &'a str,
    imagewidth: usize,
    imageheight: u32,
    tiles: Vec<Tile>,
}

#[derive(Serialize)]
struct MapJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: &'static str,
    tiledversion: &'static str,
    orientation: &'static str,
    renderorder: &'static str,
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    infinite: bool,
    compressionlevel: i8,
    nextlayerid: u32,
    nextobjectid: u32,
    properties: Each<'a, Property, PropertyJson<'a>>,
    layers: Vec<Layer<'a>>,
    tilesets: [TilesetJson<'a>; 1],
}

fn map_json(map: &TiledMap) -> MapJson<'_> {
    let count = TERRAINS.len();
    let tiles = TERRAINS
        .iter()
        .enumerate()
        .map(|(id, &t)| Tile {
            id,
            properties: [PropertyJson {
                name: "terrain",
                kind: "string",
                value: PropertyValue::Str(Cow::Owned(terrain_name(t))),
            }],
        })
        .collect();
    let mut layers = vec![Layer::Tiles(TileLayer {
        id: 1,
        name: "terrain",
        kind: "tilelayer",
        width: map.width,
        height: map.height,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data: &map.terrain,
    })];
    layers.extend(map.object_layers.iter().map(object_group));
    MapJson {
        kind: "map",
        version: FORMAT_VERSION,
        tiledversion: TILED_VERSION,
        orientation: "orthogonal",
        renderorder: "right-down",
        width: map.width,
        height: map.height,
        tilewidth: TILE,
        tileheight: TILE,
        infinite: false,
        compressionlevel: -1,
        nextlayerid: map.next_layer_id(),
        nextobjectid: map.next_object_id(),
        properties: properties(&map.properties),
        layers,
        tilesets: [match &map.tileset {
            TilesetRef::Embedded(image) => TilesetJson::Embedded(Tileset {
                firstgid: 1,
                name: "terrain",
                tilewidth: TILE,
                tileheight: TILE,
                tilecount: count,
                columns: count,
                margin: 0,
                spacing: 0,
                image,
                imagewidth: TILE as usize * count,
                imageheight: TILE,
                tiles,
            }),
            TilesetRef::External(source) => TilesetJson::External {
                firstgid: 1,
                source,
            },
        }],
    }
}

/// The map as pretty-printed `.tmj` text.
pub fn to_vec(map: &TiledMap) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(&map_json(map))?;
    bytes.push(b'\n');
    Ok(bytes)
}
