//! LDtk projects (`.ldtk`, the JSON format of ldtk.io, version [`JSON_VERSION`]), written through the
//! `ldtk2` crate's typed structs (generated from LDtk's schema) and made for engine importers, which
//! spawn a prefab or scene per entity identifier. One level per mansion: a campaign is one project
//! whose world lays its ten levels out, five to a row.
//!
//! Each level has two layers:
//! - `Terrain`, an `IntGrid` whose value `i + 1` is the terrain `TERRAINS[i]`, with that terrain's
//!   tile from `terrain.png` laid by the layer's auto-layer rules (so the tiles are in the file);
//! - `Entities`: an entity per item, its definition the item's class in `PascalCase` (`Coin`,
//!   `TorchLit`, `LockedDoor`) with its tile from `things.png` and its fields (a door's `axis`, a
//!   treasure's `index`, a coin's `loot`); an entity per guard, its definition its kind
//!   (`PatrollingGuard`, `TorchGuard`, `StationaryGuard`, `KeyCarrier`), with its patrol as a path of
//!   points, references to its route's `Station`s, and a 2025 guard's `purse` and `key`; a `Room` per
//!   piece of each room (a `RoomHole` per hole) whose `outline` is its exact polygon; the player's
//!   `Start`, the `Entrance` and, on the Rogue grid, the `Exit`.
//!
//! Definition uids are fixed and instance iids are UUIDs named by the levels (see `ids.rs`), so the
//! same levels give the same bytes and other levels other ids.

use ldtk2::{
    Definitions, FieldInstance, IdentifierStyle, ImageExportMode, LayerInstance, LdtkJson,
    Level as LdtkLevel, Type, WorldLayout,
};
use serde_json::{Value, json};

mod defs;
mod entities;
mod fields;
mod ids;
mod kinds;
pub use kinds::{THINGS_IMAGE, things_image};

use defs::{definitions, name_of};
use entities::{Place, each_entity, each_tile, write_array};
use fields::{FieldValue, field_instance, level_fields};
use ids::{ENTITY_LAYER, FIRST_LEVEL, GRID, Iids, TERRAIN_LAYER, TERRAIN_TILESET};

use super::tiled::{SHARED_TILESET_IMAGE, tile_id, tileset_image};
use crate::model::{Cell, Level};

/// The LDtk file format version written (the JSON schema kept in `tests/data/ldtk/`).
pub const JSON_VERSION: &str = "1.5.3";

/// Levels per row of the world.
const PER_ROW: usize = 5;
/// The gap between levels in the world, in cells.
const GAP: i64 = 4;

/// Where each level sits in the world, in pixels: five to a row, rows one under another, a gap of
/// [`GAP`] cells between them.
fn world_layout(levels: &[&Level]) -> Vec<(i64, i64)> {
    let size = |level: &Level| {
        (
            i64::from(level.width.max(0)) * GRID,
            i64::from(level.height.max(0)) * GRID,
        )
    };
    let mut places = Vec::with_capacity(levels.len());
    let mut y = 0;
    for row in levels.chunks(PER_ROW) {
        let mut x = 0;
        for level in row {
            places.push((x, y));
            x += size(level).0 + GAP * GRID;
        }
        y += row.iter().map(|l| size(l).1).max().unwrap_or(0) + GAP * GRID;
    }
    places
}

#[expect(
    clippy::too_many_arguments,
    reason = "a layer instance's identity: what it is, where, and of which level"
)]
fn layer(
    iids: &Iids,
    number: usize,
    uid: i64,
    kind: &Type,
    identifier: &str,
    level_uid: i64,
    (w, h): (i64, i64),
    csv: Vec<i64>,
) -> LayerInstance {
    let tiles = matches!(kind, Type::IntGrid);
    LayerInstance {
        c_hei: h,
        c_wid: w,
        grid_size: GRID,
        identifier: identifier.to_string(),
        opacity: 1.0,
        px_total_offset_x: 0,
        px_total_offset_y: 0,
        tileset_def_uid: tiles.then_some(TERRAIN_TILESET),
        tileset_rel_path: tiles.then(|| SHARED_TILESET_IMAGE.to_string()),
        layer_instance_type: name_of(kind).to_string(),
        auto_layer_tiles: Vec::new(),
        entity_instances: Vec::new(),
        grid_tiles: Vec::new(),
        iid: iids.layer(number, uid),
        int_grid: None,
        int_grid_csv: csv,
        layer_def_uid: uid,
        level_id: level_uid,
        optional_rules: Vec::new(),
        override_tileset_uid: None,
        px_offset_x: 0,
        px_offset_y: 0,
        seed: 0,
        visible: true,
    }
}

/// Level `number` without its entities and tiles, which [`project`] streams into it.
fn level(level: &Level, number: usize, iids: &Iids, world: (i64, i64)) -> LdtkLevel {
    let uid = FIRST_LEVEL + number as i64;
    let size = (
        i64::from(level.width.max(0)),
        i64::from(level.height.max(0)),
    );
    let mut csv = Vec::with_capacity((size.0 * size.1) as usize);
    for y in (0..level.height).rev() {
        for x in 0..level.width {
            csv.push(1 + i64::from(tile_id(level.terrain(Cell::new(x, y)))));
        }
    }
    let values = [
        FieldValue::Str(level.generator.clone()),
        FieldValue::Int(i64::from(level.level)),
        FieldValue::Str(level.seed.to_string()),
    ];
    let fields: Vec<FieldInstance> = level_fields()
        .iter()
        .zip(values)
        .map(|(f, v)| field_instance(f, v))
        .collect();
    let layers = vec![
        layer(
            iids,
            number,
            ENTITY_LAYER,
            &Type::Entities,
            "Entities",
            uid,
            size,
            Vec::new(),
        ),
        layer(
            iids,
            number,
            TERRAIN_LAYER,
            &Type::IntGrid,
            "Terrain",
            uid,
            size,
            csv,
        ),
    ];
    LdtkLevel {
        bg_color: "#1E1E24".to_string(),
        bg_pos: None,
        neighbours: Vec::new(),
        smart_color: "#ADADB5".to_string(),
        level_bg_color: None,
        bg_pivot_x: 0.5,
        bg_pivot_y: 0.5,
        level_bg_pos: None,
        bg_rel_path: None,
        external_rel_path: None,
        field_instances: fields,
        identifier: format!("Level_{number}"),
        iid: iids.level(number),
        layer_instances: Some(layers),
        px_hei: size.1 * GRID,
        px_wid: size.0 * GRID,
        uid,
        use_auto_identifier: false,
        world_depth: 0,
        world_x: world.0,
        world_y: world.1,
    }
}

fn root(defs: Definitions, levels: Vec<LdtkLevel>, iids: &Iids) -> LdtkJson {
    let next_uid = FIRST_LEVEL + levels.len() as i64;
    LdtkJson {
        forced_refs: None,
        app_build_id: 473_703.0,
        backup_limit: 10,
        backup_on_save: false,
        backup_rel_path: None,
        bg_color: "#40465B".to_string(),
        custom_commands: Vec::new(),
        default_entity_height: GRID,
        default_entity_width: GRID,
        default_grid_size: GRID,
        default_level_bg_color: "#1E1E24".to_string(),
        default_level_height: Some(256),
        default_level_width: Some(256),
        default_pivot_x: 0.0,
        default_pivot_y: 0.0,
        defs,
        dummy_world_iid: iids.world(),
        export_level_bg: true,
        export_png: None,
        export_tiled: false,
        external_levels: false,
        flags: Vec::new(),
        identifier_style: IdentifierStyle::Capitalize,
        iid: iids.project(),
        image_export_mode: ImageExportMode::None,
        json_version: JSON_VERSION.to_string(),
        level_name_pattern: "Level_%idx".to_string(),
        levels,
        minify_json: false,
        next_uid,
        png_file_pattern: None,
        simplified_export: false,
        toc: Vec::new(),
        tutorial_desc: None,
        world_grid_height: Some(256),
        world_grid_width: Some(256),
        world_layout: Some(WorldLayout::Free),
        worlds: Vec::new(),
    }
}

/// What stands for something of level `number` (`what`: its entities or its tiles) in the JSON until
/// it is written: a string no level writes (generator ids are lowercase words; every other string of
/// the project is the program's).
fn mark(number: usize, what: &str) -> String {
    format!("\u{1}{what} of level {number}\u{1}")
}

/// The project of `levels` (one LDtk level each, laid out in its world) as `.ldtk` bytes. Its
/// tilesets' pictures, [`tileset_image`] and [`things_image`], are files of their own beside it.
pub fn project(levels: &[&Level]) -> Result<Vec<u8>, serde_json::Error> {
    let (terrain, things) = (tileset_image(), things_image());
    let iids = Iids::of(levels);
    let places = world_layout(levels);
    let ldtk_levels = levels
        .iter()
        .zip(&places)
        .enumerate()
        .map(|(number, (l, &world))| level(l, number, &iids, world))
        .collect();
    let mut tree = serde_json::to_value(root(definitions(&terrain, &things), ldtk_levels, &iids))?;
    if let Some(object) = tree.as_object_mut() {
        // The crate's placeholder for its code generator; LDtk never writes it.
        object.remove("__FORCED_REFS");
        object.insert(
            "__header__".to_string(),
            json!({
                "fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
                "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Mansion Forge",
                "appVersion": JSON_VERSION, "url": "https://ldtk.io",
            }),
        );
    }
    for number in 0..levels.len() {
        let layers = &mut tree["levels"][number]["layerInstances"];
        layers[0]["entityInstances"] = Value::from(mark(number, "entities"));
        layers[1]["autoLayerTiles"] = Value::from(mark(number, "tiles"));
    }
    let skeleton = serde_json::to_vec_pretty(&tree)?;
    drop(tree);
    let mut bytes = Vec::with_capacity(skeleton.len());
    let mut rest = &skeleton[..];
    for (number, (level, &world)) in levels.iter().zip(&places).enumerate() {
        for what in ["entities", "tiles"] {
            let mark = serde_json::to_vec(&mark(number, what))?;
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
            let place = Place {
                iids: &iids,
                number,
                world,
            };
            if what == "entities" {
                write_array(&mut bytes, indent, |out| each_entity(level, &place, out))?;
            } else {
                write_array(&mut bytes, indent, |out| each_tile(level, out))?;
            }
            rest = &rest[at + mark.len()..];
        }
    }
    bytes.extend_from_slice(rest);
    bytes.push(b'\n');
    Ok(bytes)
}
