//! The project's definitions, the same for every project: two layers (the entities over the terrain),
//! an entity definition per [`Kind`], four enums, two tilesets and the level fields.
//!
//! The terrain is an `IntGrid` (value `i + 1` is terrain kind `TERRAINS[i]`) whose values each have
//! their tile of the terrain tileset, and whose one auto-layer rule per value lays that tile: LDtk
//! shows the tiles, and an engine that renders auto-layer tiles (every maintained importer) draws the
//! map without a rule of its own.

use image::RgbaImage;
use ldtk2::{
    AutoLayerRuleDefinition, AutoLayerRuleGroup, Checker, Definitions, EntityDefinition,
    EnumDefinition, EnumValueDefinition, IntGridValueDefinition, LayerDefinition, LimitBehavior,
    LimitScope, RenderMode, TileMode, TileRenderMode, TilesetDefinition, TilesetRectangle, Type,
};

use super::fields::{field_def, level_fields};
use super::ids::{
    AXIS, ENTITY_LAYER, GRID, ROOM_KIND, STATION_KIND, STATION_ROLE, TERRAIN_LAYER, TERRAIN_RULES,
    TERRAIN_TILESET, THINGS_TILESET, enum_name,
};
use super::kinds::{Kind, THINGS, THINGS_IMAGE};
use crate::io::export::tiled::{
    ROOM_KINDS, SHARED_TILESET_IMAGE, TERRAINS, TILE, room_class, terrain_name,
};
use crate::io::export::tiled_objects::{axis, station_kind, station_role};
use crate::model::{Axis, StationKind, StationRole};

fn enum_values(uid: i64) -> Vec<&'static str> {
    match uid {
        ROOM_KIND => ROOM_KINDS.into_iter().map(room_class).collect(),
        STATION_KIND => [
            StationKind::Window,
            StationKind::Loot,
            StationKind::Chair,
            StationKind::IntoRoom,
        ]
        .map(station_kind)
        .to_vec(),
        STATION_ROLE => [StationRole::Head, StationRole::Tail, StationRole::SideTrip]
            .map(station_role)
            .to_vec(),
        _ => [Axis::NS, Axis::EW].map(axis).to_vec(),
    }
}

fn enum_def(uid: i64) -> EnumDefinition {
    let values = enum_values(uid)
        .into_iter()
        .enumerate()
        .map(|(i, id)| EnumValueDefinition {
            tile_src_rect: None,
            color: 0x0040_80C0 + 0x10_0000 * i as i64,
            id: id.to_string(),
            tile_id: None,
            tile_rect: None,
        })
        .collect();
    EnumDefinition {
        external_file_checksum: None,
        external_rel_path: None,
        icon_tileset_uid: None,
        identifier: enum_name(uid).to_string(),
        tags: Vec::new(),
        uid,
        values,
    }
}

/// `#RRGGBB`.
pub(super) fn colour(rgb: [u8; 3]) -> String {
    format!("#{:02X}{:02X}{:02X}", rgb[0], rgb[1], rgb[2])
}

/// Tile `index` of a one-row tileset.
pub(super) fn tile_rect(tileset: i64, index: usize) -> TilesetRectangle {
    TilesetRectangle {
        h: GRID,
        tileset_uid: tileset,
        w: GRID,
        x: index as i64 * GRID,
        y: 0,
    }
}

/// The mean colour of tile `index`'s visible pixels: what LDtk tints a definition with.
fn tile_colour(image: &RgbaImage, index: usize) -> String {
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    for y in 0..TILE {
        for x in 0..TILE {
            let p = image.get_pixel(index as u32 * TILE + x, y).0;
            if p[3] > 0 {
                for c in 0..3 {
                    sum[c] += u64::from(p[c]);
                }
                n += 1;
            }
        }
    }
    let mean = |c: usize| sum[c].checked_div(n).unwrap_or(128) as u8;
    colour([mean(0), mean(1), mean(2)])
}

fn tileset(uid: i64, identifier: &str, image: &str, tiles: usize) -> TilesetDefinition {
    TilesetDefinition {
        c_hei: 1,
        c_wid: tiles as i64,
        cached_pixel_data: None,
        custom_data: Vec::new(),
        embed_atlas: None,
        enum_tags: Vec::new(),
        identifier: identifier.to_string(),
        padding: 0,
        px_hei: GRID,
        px_wid: tiles as i64 * GRID,
        rel_path: Some(image.to_string()),
        saved_selections: Vec::new(),
        spacing: 0,
        tags: Vec::new(),
        tags_source_enum_uid: None,
        tile_grid_size: GRID,
        uid,
    }
}

fn entity_def(kind: Kind, things: &RgbaImage) -> EntityDefinition {
    let area = matches!(kind, Kind::Room | Kind::RoomHole);
    let tile = kind.tile().map(|i| tile_rect(THINGS_TILESET, i));
    let (render_mode, colour) = match (kind, kind.tile()) {
        (_, Some(i)) => (RenderMode::Tile, tile_colour(things, i)),
        (Kind::Room, _) => (RenderMode::Rectangle, "#94D9B3".into()),
        (Kind::RoomHole, _) => (RenderMode::Rectangle, "#5A6B73".into()),
        (Kind::Station, _) => (RenderMode::Ellipse, "#C080FF".into()),
        (Kind::Start, _) => (RenderMode::Ellipse, "#1EC8DC".into()),
        _ => (RenderMode::Cross, "#40A0F0".into()),
    };
    let pivot = if area { 0.0 } else { 0.5 };
    EntityDefinition {
        allow_out_of_bounds: false,
        color: colour,
        doc: None,
        export_to_toc: false,
        field_defs: kind.fields().iter().map(field_def).collect(),
        fill_opacity: if area { 0.08 } else { 1.0 },
        height: GRID,
        hollow: area,
        identifier: kind.identifier(),
        keep_aspect_ratio: false,
        limit_behavior: LimitBehavior::MoveLastOne,
        limit_scope: LimitScope::PerLevel,
        line_opacity: 1.0,
        max_count: 0,
        max_height: None,
        max_width: None,
        min_height: None,
        min_width: None,
        nine_slice_borders: Vec::new(),
        pivot_x: pivot,
        pivot_y: pivot,
        render_mode,
        resizable_x: area,
        resizable_y: area,
        show_name: !matches!(kind, Kind::Item(_)),
        tags: kind.tags(),
        tile_id: None,
        tile_opacity: 1.0,
        tile_rect: tile.clone(),
        tile_render_mode: TileRenderMode::FitInside,
        tileset_id: tile.is_some().then_some(THINGS_TILESET),
        uid: kind.uid(),
        ui_tile_rect: tile,
        width: GRID,
    }
}

/// The uid of the auto-layer rule that lays terrain tile `index`.
pub(super) fn rule_uid(index: usize) -> i64 {
    TERRAIN_RULES + 1 + index as i64
}

fn terrain_rule(index: usize) -> AutoLayerRuleDefinition {
    AutoLayerRuleDefinition {
        active: true,
        alpha: 1.0,
        break_on_match: true,
        chance: 1.0,
        checker: Checker::None,
        flip_x: false,
        flip_y: false,
        invalidated: false,
        out_of_bounds_value: None,
        pattern: vec![index as i64 + 1],
        perlin_active: false,
        perlin_octaves: 2.0,
        perlin_scale: 0.2,
        perlin_seed: 0.0,
        pivot_x: 0.0,
        pivot_y: 0.0,
        size: 1,
        // Deprecated by `tileRectsIds`, and still read by older loaders.
        tile_ids: Some(vec![index as i64]),
        tile_mode: TileMode::Single,
        tile_random_x_max: 0,
        tile_random_x_min: 0,
        tile_random_y_max: 0,
        tile_random_y_min: 0,
        tile_rects_ids: vec![vec![index as i64]],
        tile_x_offset: 0,
        tile_y_offset: 0,
        uid: rule_uid(index),
        x_modulo: 1,
        x_offset: 0,
        y_modulo: 1,
        y_offset: 0,
    }
}

fn layer_def(uid: i64, terrain: Option<&RgbaImage>) -> LayerDefinition {
    let (name, kind) = match terrain {
        Some(_) => ("Terrain", Type::IntGrid),
        None => ("Entities", Type::Entities),
    };
    let half = TILE / 2;
    let int_grid_values = terrain.map_or_else(Vec::new, |tiles| {
        TERRAINS
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let p = tiles.get_pixel(i as u32 * TILE + half, half).0;
                IntGridValueDefinition {
                    color: colour([p[0], p[1], p[2]]),
                    group_uid: 0,
                    identifier: Some(terrain_name(t).replace('(', "_").replace(')', "")),
                    tile: Some(tile_rect(TERRAIN_TILESET, i)),
                    value: i as i64 + 1,
                }
            })
            .collect()
    });
    let rules = terrain.map_or_else(Vec::new, |_| {
        vec![AutoLayerRuleGroup {
            active: true,
            biome_requirement_mode: 0,
            collapsed: Some(false),
            color: None,
            icon: None,
            is_optional: false,
            name: "Terrain tiles".to_string(),
            required_biome_values: Vec::new(),
            rules: (0..TERRAINS.len()).map(terrain_rule).collect(),
            uid: TERRAIN_RULES,
            uses_wizard: false,
        }]
    });
    let tileset = terrain.map(|_| TERRAIN_TILESET);
    LayerDefinition {
        layer_definition_type: name_of(&kind).to_string(),
        auto_rule_groups: rules,
        auto_source_layer_def_uid: None,
        auto_tileset_def_uid: tileset,
        auto_tiles_killed_by_other_layer_uid: None,
        biome_field_uid: None,
        can_select_when_inactive: true,
        display_opacity: 1.0,
        doc: None,
        excluded_tags: Vec::new(),
        grid_size: GRID,
        guide_grid_hei: 0,
        guide_grid_wid: 0,
        hide_fields_when_inactive: true,
        hide_in_list: false,
        identifier: name.to_string(),
        inactive_opacity: 0.6,
        int_grid_values,
        int_grid_values_groups: Vec::new(),
        parallax_factor_x: 0.0,
        parallax_factor_y: 0.0,
        parallax_scaling: true,
        px_offset_x: 0,
        px_offset_y: 0,
        render_in_world_view: true,
        required_tags: Vec::new(),
        tile_pivot_x: 0.0,
        tile_pivot_y: 0.0,
        tileset_def_uid: tileset,
        purple_type: kind,
        ui_color: None,
        uid,
        ui_filter_tags: Vec::new(),
        use_async_render: false,
    }
}

/// A layer type's name as LDtk writes it in `__type`.
pub(super) fn name_of(kind: &Type) -> &'static str {
    match kind {
        Type::AutoLayer => "AutoLayer",
        Type::Entities => "Entities",
        Type::IntGrid => "IntGrid",
        Type::Tiles => "Tiles",
    }
}

/// The definitions, with colours and tiles from the two tilesets' pictures.
pub(super) fn definitions(terrain: &RgbaImage, things: &RgbaImage) -> Definitions {
    Definitions {
        entities: Kind::all().iter().map(|&k| entity_def(k, things)).collect(),
        enums: [ROOM_KIND, STATION_KIND, STATION_ROLE, AXIS]
            .map(enum_def)
            .to_vec(),
        external_enums: Vec::new(),
        layers: vec![
            layer_def(ENTITY_LAYER, None),
            layer_def(TERRAIN_LAYER, Some(terrain)),
        ],
        level_fields: level_fields().iter().map(field_def).collect(),
        tilesets: vec![
            tileset(
                TERRAIN_TILESET,
                "Terrain",
                SHARED_TILESET_IMAGE,
                TERRAINS.len(),
            ),
            tileset(THINGS_TILESET, "Things", THINGS_IMAGE, THINGS),
        ],
    }
}
