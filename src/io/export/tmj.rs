//! Tiled's JSON map format (`.tmj`): the same map as [`super::tmx`], for tools that read JSON. Every key
//! Tiled requires of a map, layer, object and embedded tileset is written, even where it holds a default.

use serde_json::{Value as Json, json};

use super::tiled::{
    FORMAT_VERSION, Object, Property, Shape, TERRAINS, TILE, TILED_VERSION, TiledMap, Value,
    terrain_name,
};

fn properties(props: &[Property]) -> Json {
    Json::Array(
        props
            .iter()
            .map(|p| {
                let value = match &p.value {
                    Value::Bool(b) => json!(b),
                    Value::Int(i) => json!(i),
                    Value::Str(s) => json!(s),
                };
                json!({"name": p.name, "type": p.value.type_name(), "value": value})
            })
            .collect(),
    )
}

fn object(o: &Object) -> Json {
    let (width, height) = match o.shape {
        Shape::Rect { width, height } => (width, height),
        _ => (0.0, 0.0),
    };
    let mut obj = json!({
        "id": o.id,
        "name": o.name,
        "type": o.class,
        "x": o.x,
        "y": o.y,
        "width": width,
        "height": height,
        "rotation": 0,
        "visible": true,
        "properties": properties(&o.properties),
    });
    if let Some(map) = obj.as_object_mut() {
        match &o.shape {
            Shape::Rect { .. } => {}
            Shape::Point => {
                map.insert("point".into(), json!(true));
            }
            Shape::Polyline(points) => {
                let list: Vec<Json> = points
                    .iter()
                    .map(|(x, y)| json!({"x": x, "y": y}))
                    .collect();
                map.insert("polyline".into(), Json::Array(list));
            }
        }
    }
    obj
}

/// The map as a JSON value.
pub fn to_json(map: &TiledMap) -> Json {
    let count = TERRAINS.len();
    let tiles: Vec<Json> = TERRAINS
        .iter()
        .enumerate()
        .map(|(id, &t)| {
            json!({"id": id, "properties": [{"name": "terrain", "type": "string", "value": terrain_name(t)}]})
        })
        .collect();
    let mut layers = vec![json!({
        "id": 1,
        "name": "terrain",
        "type": "tilelayer",
        "width": map.width,
        "height": map.height,
        "x": 0,
        "y": 0,
        "opacity": 1,
        "visible": true,
        "data": map.terrain,
    })];
    for layer in &map.object_layers {
        layers.push(json!({
            "id": layer.id,
            "name": layer.name,
            "type": "objectgroup",
            "draworder": "topdown",
            "x": 0,
            "y": 0,
            "opacity": 1,
            "visible": true,
            "objects": layer.objects.iter().map(object).collect::<Vec<_>>(),
        }));
    }
    json!({
        "type": "map",
        "version": FORMAT_VERSION,
        "tiledversion": TILED_VERSION,
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "width": map.width,
        "height": map.height,
        "tilewidth": TILE,
        "tileheight": TILE,
        "infinite": false,
        "compressionlevel": -1,
        "nextlayerid": map.next_layer_id(),
        "nextobjectid": map.next_object_id(),
        "properties": properties(&map.properties),
        "layers": layers,
        "tilesets": [{
            "firstgid": 1,
            "name": "terrain",
            "tilewidth": TILE,
            "tileheight": TILE,
            "tilecount": count,
            "columns": count,
            "margin": 0,
            "spacing": 0,
            "image": map.tileset_image,
            "imagewidth": TILE as usize * count,
            "imageheight": TILE,
            "tiles": tiles,
        }],
    })
}

/// The map as pretty-printed `.tmj` text.
pub fn to_string(map: &TiledMap) -> String {
    let mut text = serde_json::to_string_pretty(&to_json(map)).unwrap_or_default();
    text.push('\n');
    text
}
