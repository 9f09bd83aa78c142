//! LDtk projects (`.ldtk`, the JSON format of ldtk.io, version [`JSON_VERSION`]), which LDtk opens and
//! its maintained importers for Godot, Unity and Bevy read. One level per mansion, so a campaign is one
//! project with ten levels.
//!
//! Each level has two layers: `Terrain`, an `IntGrid` whose value `i + 1` is the terrain
//! [`TERRAINS`]`[i]`, and `Entities`: an `Item` per item, a cell's bottom first (its kind from the
//! `ItemKind` enum, the same snake-case names as the Tiled classes, with a door's `axis` and a treasure's
//! `variant`), a `Guard` per guard (its patrol as a point-array field in walking order; a 2025 guard's
//! `purse` and `key`, which the game's hash reads), a `Room` per room except the exterior (its bounding rectangle, with its kind from the
//! `RoomKind` enum, depth and privacy), and the player's `Start`, the `Entrance` and, on the Rogue grid,
//! the `Exit`. Every key the schema requires is written; ids (`uid`, `iid`) are numbered in a fixed
//! order, so the same levels give the same bytes.

use serde_json::{Value, json};

mod entities;
mod fields;
use entities::{Iids, each_entity, entity_count, write_entities};
use fields::{
    ENTITIES, ENTITY_LAYER, FIRST_LEVEL_UID, FieldValue, GRID, ITEM_ENUM, ROOM_ENUM, TERRAIN_LAYER,
    entity_uid, field_def, field_instance, fields_of, level_fields,
};

use super::tiled::{
    ITEM_KINDS, ROOM_KINDS, TERRAINS, TILE, item_class, room_class, terrain_name, tileset_image,
};
use crate::model::{Cell, Level};

/// The LDtk file format version written (the JSON schema kept in `tests/data/ldtk/`).
pub const JSON_VERSION: &str = "1.5.3";

fn colour(rgb: [u8; 3]) -> String {
    format!("#{:02X}{:02X}{:02X}", rgb[0], rgb[1], rgb[2])
}

fn entity_def(name: &'static str) -> Value {
    let (width, height, pivot, colour, shape) = match name {
        "Room" => (GRID, GRID, 0.0, "#94D9B3", "Rectangle"),
        "Guard" => (GRID, GRID, 0.5, "#E04040", "Ellipse"),
        "Item" => (GRID, GRID, 0.5, "#F0C040", "Ellipse"),
        _ => (GRID, GRID, 0.5, "#40A0F0", "Cross"),
    };
    let resizable = name == "Room";
    let fields: Vec<Value> = fields_of(name).iter().map(field_def).collect();
    json!({
        "identifier": name, "uid": entity_uid(name), "tags": [], "exportToToc": false,
        "allowOutOfBounds": false, "doc": null, "width": width, "height": height,
        "resizableX": resizable, "resizableY": resizable, "minWidth": null, "maxWidth": null,
        "minHeight": null, "maxHeight": null, "keepAspectRatio": false, "tileOpacity": 1,
        "fillOpacity": if resizable { 0.08 } else { 1.0 }, "lineOpacity": 1, "hollow": resizable,
        "color": colour, "renderMode": shape, "showName": true, "tilesetId": null,
        "tileRenderMode": "FitInside", "tileRect": null, "uiTileRect": null,
        "nineSliceBorders": [], "maxCount": 0, "limitScope": "PerLevel",
        "limitBehavior": "MoveLastOne", "pivotX": pivot, "pivotY": pivot, "fieldDefs": fields,
    })
}

fn enum_def(uid: i64, name: &str, values: &[&str]) -> Value {
    let values: Vec<Value> = values
        .iter()
        .enumerate()
        .map(|(i, id)| {
            json!({
                "id": id, "tileRect": null, "tileId": null, "__tileSrcRect": null,
                "color": 0x0040_80C0 + 0x10_0000 * i as i64,
            })
        })
        .collect();
    json!({
        "identifier": name, "uid": uid, "values": values, "iconTilesetUid": null,
        "externalRelPath": null, "externalFileChecksum": null, "tags": [],
    })
}

fn layer_def(uid: i64, name: &str, kind: &str, int_grid_values: Vec<Value>) -> Value {
    json!({
        "__type": kind, "identifier": name, "type": kind, "uid": uid, "doc": null,
        "uiColor": null, "gridSize": GRID, "guideGridWid": 0, "guideGridHei": 0,
        "displayOpacity": 1, "inactiveOpacity": 0.6, "hideInList": false,
        "hideFieldsWhenInactive": true, "canSelectWhenInactive": true, "renderInWorldView": true,
        "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0,
        "parallaxScaling": true, "requiredTags": [], "excludedTags": [],
        "autoTilesKilledByOtherLayerUid": null, "uiFilterTags": [], "useAsyncRender": false,
        "intGridValues": Value::from(int_grid_values), "intGridValuesGroups": [], "autoRuleGroups": [],
        "autoSourceLayerDefUid": null, "tilesetDefUid": null, "tilePivotX": 0, "tilePivotY": 0,
        "biomeFieldUid": null,
    })
}

fn definitions() -> Value {
    let tiles = tileset_image();
    let half = TILE / 2;
    let terrain_values: Vec<Value> = TERRAINS
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let p = tiles.get_pixel(i as u32 * TILE + half, half).0;
            json!({
                "value": i + 1, "identifier": terrain_name(t).replace('(', "_").replace(')', ""),
                "color": colour([p[0], p[1], p[2]]), "tile": null, "groupUid": 0,
            })
        })
        .collect();
    let mut item_values: Vec<&str> = Vec::new();
    for kind in ITEM_KINDS {
        if !item_values.contains(&item_class(kind)) {
            item_values.push(item_class(kind));
        }
    }
    let room_values: Vec<&str> = ROOM_KINDS.into_iter().map(room_class).collect();
    json!({
        "layers": [
            layer_def(ENTITY_LAYER, "Entities", "Entities", Vec::new()),
            layer_def(TERRAIN_LAYER, "Terrain", "IntGrid", terrain_values),
        ],
        "entities": ENTITIES.map(entity_def),
        "tilesets": [],
        "enums": [
            enum_def(ITEM_ENUM, "ItemKind", &item_values),
            enum_def(ROOM_ENUM, "RoomKind", &room_values),
        ],
        "externalEnums": [],
        "levelFields": level_fields().iter().map(field_def).collect::<Vec<_>>(),
    })
}

#[expect(
    clippy::too_many_arguments,
    reason = "a layer instance's identity: what it is, where, and of which level"
)]
fn layer(
    iids: &mut Iids,
    name: &str,
    kind: &str,
    uid: i64,
    level_uid: i64,
    (w, h): (i64, i64),
    csv: Vec<u32>,
    entities: &Value,
) -> Value {
    json!({
        "__identifier": name, "__type": kind, "__cWid": w, "__cHei": h, "__gridSize": GRID,
        "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": null,
        "__tilesetRelPath": null, "iid": iids.next(), "levelId": level_uid, "layerDefUid": uid,
        "pxOffsetX": 0, "pxOffsetY": 0, "visible": true, "optionalRules": [],
        "intGridCsv": Value::from(csv), "autoLayerTiles": [], "seed": 0, "overrideTilesetUid": null,
        "gridTiles": [], "entityInstances": entities,
    })
}

/// Level `number`'s JSON, its entities left out: in their place the string [`entities_mark`] of
/// `number`, which [`project`] replaces with the entities it makes then, numbered from the iid this
/// returns beside the JSON.
fn level_json(level: &Level, number: usize, iids: &mut Iids, world_x: i64) -> (Value, Iids) {
    let uid = FIRST_LEVEL_UID + number as i64;
    let (w, h) = (
        i64::from(level.width.max(0)),
        i64::from(level.height.max(0)),
    );
    let mut csv = Vec::with_capacity((w * h) as usize);
    for y in (0..level.height).rev() {
        for x in 0..level.width {
            csv.push(1 + super::tiled::tile_id(level.terrain(Cell::new(x, y))));
        }
    }
    let level_iid = iids.next();
    let entity_iids = Iids(iids.0);
    iids.0 += entity_count(level) as u64;
    let layers = vec![
        layer(
            iids,
            "Entities",
            "Entities",
            ENTITY_LAYER,
            uid,
            (w, h),
            Vec::new(),
            &Value::from(entities_mark(number)),
        ),
        layer(
            iids,
            "Terrain",
            "IntGrid",
            TERRAIN_LAYER,
            uid,
            (w, h),
            csv,
            &Value::from(Vec::<Value>::new()),
        ),
    ];
    let fields = level_fields();
    let values = [
        FieldValue::Str(level.generator.clone()),
        FieldValue::Int(i64::from(level.level)),
        // As a string: LDtk's integers are doubles in its editor and do not hold a 64-bit seed.
        FieldValue::Str(level.seed.to_string()),
    ];
    let field_instances: Vec<Value> = fields
        .iter()
        .zip(values)
        .map(|(f, v)| field_instance(f, &v))
        .collect();
    let json = json!({
        "identifier": format!("Level_{number}"), "iid": level_iid, "uid": uid,
        "worldX": world_x, "worldY": 0, "worldDepth": 0, "pxWid": w * GRID, "pxHei": h * GRID,
        "__bgColor": "#1E1E24", "bgColor": null, "useAutoIdentifier": false, "bgRelPath": null,
        "bgPos": null, "bgPivotX": 0.5, "bgPivotY": 0.5, "__smartColor": "#ADADB5",
        "__bgPos": null, "externalRelPath": null, "fieldInstances": field_instances,
        "layerInstances": layers, "__neighbours": [],
    });
    (json, entity_iids)
}

/// What stands for level `number`'s entities in the JSON until they are written: a string no level
/// writes (generator ids are lowercase words; every other string of the project is the program's).
fn entities_mark(number: usize) -> String {
    format!("\u{1}entities of level {number}\u{1}")
}

/// The project of `levels` (one LDtk level each, side by side in its world) as `.ldtk` bytes.
pub fn project(levels: &[&Level]) -> Result<Vec<u8>, serde_json::Error> {
    let mut iids = Iids(0);
    let project_iid = iids.next();
    let world_iid = iids.next();
    let mut world_x = 0;
    let mut level_list = Vec::with_capacity(levels.len());
    let mut entity_iids = Vec::with_capacity(levels.len());
    for (number, level) in levels.iter().enumerate() {
        let (json, iids_of_entities) = level_json(level, number, &mut iids, world_x);
        level_list.push(json);
        entity_iids.push((iids_of_entities, world_x));
        // A gap of four cells between levels in the world view.
        world_x += (i64::from(level.width.max(0)) + 4) * GRID;
    }
    let root = json!({
        "__header__": {
            "fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
            "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Mansion Forge",
            "appVersion": JSON_VERSION, "url": "https://ldtk.io",
        },
        "iid": project_iid, "jsonVersion": JSON_VERSION, "appBuildId": 473_703,
        "nextUid": FIRST_LEVEL_UID + levels.len() as i64, "identifierStyle": "Capitalize",
        "toc": [], "worldLayout": "Free", "worldGridWidth": 256, "worldGridHeight": 256,
        "defaultLevelWidth": 256, "defaultLevelHeight": 256, "defaultPivotX": 0,
        "defaultPivotY": 0, "defaultGridSize": GRID, "defaultEntityWidth": GRID,
        "defaultEntityHeight": GRID, "bgColor": "#40465B", "defaultLevelBgColor": "#1E1E24",
        "minifyJson": false, "externalLevels": false, "exportTiled": false,
        "simplifiedExport": false, "imageExportMode": "None", "exportLevelBg": true,
        "pngFilePattern": null, "backupOnSave": false, "backupLimit": 10, "backupRelPath": null,
        "levelNamePattern": "Level_%idx", "tutorialDesc": null, "customCommands": [],
        "flags": [], "defs": definitions(), "levels": level_list, "worlds": [],
        "dummyWorldIid": world_iid, "jsonStyle": "Full",
    });
    let skeleton = serde_json::to_vec_pretty(&root)?;
    drop(root);
    let mut bytes = Vec::with_capacity(skeleton.len());
    let mut rest = &skeleton[..];
    for (number, (level, (mut iids, world_x))) in levels.iter().zip(entity_iids).enumerate() {
        let mark = serde_json::to_vec(&entities_mark(number))?;
        let at = rest
            .windows(mark.len())
            .position(|w| w == mark.as_slice())
            .ok_or_else(|| serde::ser::Error::custom("a level's entities have no place"))?;
        bytes.extend_from_slice(&rest[..at]);
        let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let indent = bytes[line_start..]
            .iter()
            .take_while(|&&b| b == b' ')
            .count();
        write_entities(&mut bytes, indent, |out| {
            each_entity(level, &mut iids, (world_x, 0), out)
        })?;
        rest = &rest[at + mark.len()..];
    }
    bytes.extend_from_slice(rest);
    bytes.push(b'\n');
    Ok(bytes)
}
