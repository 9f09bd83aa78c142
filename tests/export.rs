//! The export formats read back by other programs' parsers: Tiled's own loader for `.tmx`, `serde_json` for
//! `.tmj` (with every key Tiled requires), the `image` decoder for PNG, whose picture is the editor's map
//! painter in its palette.

use std::path::{Path, PathBuf};

use egui::Color32;
use image::RgbaImage;
use mansion_forge::app::{CellToScreen, EditorState};
use mansion_forge::generate::campaign;
use mansion_forge::io::export::tiled::{TERRAINS, tile_id};
use mansion_forge::io::export::{self, Format, Overlay};
use mansion_forge::model::{Cell, ItemKind, Level, Room, RoomKind, Terrain};
use mansion_forge::paint::{self, MapFacts, palette};
use tiled::{LayerType, Loader, ObjectShape, PropertyValue, TileLayer};

fn sample() -> Level {
    campaign::plan(1).generate(9).expect("level 9 exists")
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("export-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn rooms_without_exterior(level: &Level) -> usize {
    level
        .rooms
        .iter()
        .filter(|r| r.kind != RoomKind::Exterior)
        .count()
}

#[test]
fn tmx_reads_back_with_tiled() {
    let level = sample();
    let dir = scratch("tmx");
    let path = dir.join("mansion.tmx");
    let written = export::write(&path, &level, Format::Tmx, &[], &[]).expect("writes");
    // One tileset image per folder, shared by every map exported there.
    assert_eq!(written, vec![dir.join("terrain.png"), path.clone()]);
    let tileset = image::open(dir.join("terrain.png")).expect("tileset decodes");
    assert_eq!(tileset.width(), 16 * TERRAINS.len() as u32);

    let map = Loader::new()
        .load_tmx_map(&path)
        .expect("tiled loads the map");
    assert_eq!(
        (map.width, map.height),
        (level.width as u32, level.height as u32)
    );
    let set = &map.tilesets()[0];
    assert_eq!(set.tilecount as usize, TERRAINS.len());
    let source = &set.image.as_ref().expect("tileset image").source;
    assert!(source.ends_with("terrain.png"), "{source:?}");

    let names: Vec<String> = map.layers().map(|l| l.name.clone()).collect();
    assert_eq!(
        names,
        [
            "terrain", "rooms", "doors", "items", "guards", "patrols", "stations", "splits",
            "start"
        ]
    );
    for layer in map.layers() {
        match layer.layer_type() {
            LayerType::Tiles(TileLayer::Finite(tiles)) => {
                // Row 0 is the north edge.
                for (x, y) in [
                    (0, 0),
                    (level.width / 2, level.height / 2),
                    (3, level.height - 1),
                ] {
                    let t = level.terrain(Cell::new(x, y));
                    let row = level.height - 1 - y;
                    let got = tiles.get_tile(x, row).expect("a tile").id();
                    assert_eq!(got, tile_id(t), "cell ({x}, {y})");
                }
            }
            LayerType::Objects(objects) => {
                let list: Vec<_> = objects.objects().collect();
                let expected = match layer.name.as_str() {
                    // Level 9 of game 1 is a siheyuan: every room is one rectangle.
                    "rooms" => rooms_without_exterior(&level),
                    "stations" => level.patrols.iter().map(|p| p.stations.len()).sum(),
                    "splits" => level.split_points.len(),
                    "items" => level.items.len(),
                    "guards" => level.guards.len(),
                    "patrols" => level.patrols.iter().filter(|p| !p.cells.is_empty()).count(),
                    "doors" => level.adjacencies.iter().map(|a| a.door_cells.len()).sum(),
                    "start" => 2 + usize::from(level.entrance.exit_cell.is_some()),
                    other => panic!("unexpected layer {other}"),
                };
                assert_eq!(list.len(), expected, "layer {}", layer.name);
                for o in &list {
                    check_object(&level, &layer.name, o);
                }
            }
            _ => panic!("unexpected layer type in {}", layer.name),
        }
    }
    assert!(
        level.patrols.iter().any(|p| p.outside),
        "level 9 has an outside patrol to check"
    );
}

/// The properties and geometry of object `o` of the Tiled layer named `layer` agree with `level`.
#[expect(
    clippy::float_cmp,
    reason = "object positions are whole multiples of the 16-pixel tile, which f32 holds exactly"
)]
fn check_object(level: &Level, layer: &str, o: &tiled::Object<'_>) {
    match layer {
        "rooms" => {
            assert!(matches!(o.shape, ObjectShape::Rect { .. }));
            let Some(PropertyValue::IntValue(id)) = o.properties.get("room") else {
                panic!("room id missing");
            };
            let room = &level.rooms[*id as usize];
            assert_eq!(
                o.properties.get("depth"),
                Some(&PropertyValue::IntValue(room.depth as i32))
            );
            assert_eq!(
                o.properties.get("private"),
                Some(&PropertyValue::BoolValue(room.private))
            );
            assert_eq!(o.user_type, format!("{:?}", room.kind).to_lowercase());
            assert_eq!(
                room.cells.len(),
                room.interior.cells().count(),
                "a rectangle"
            );
            // North-west corner in pixels, y down.
            assert_eq!(o.x, room.interior.x0 as f32 * 16.0);
            assert_eq!(o.y, (level.height - room.interior.y1) as f32 * 16.0);
        }
        "guards" => {
            assert!(matches!(
                o.properties.get("torch"),
                Some(PropertyValue::BoolValue(_))
            ));
            assert!(matches!(
                o.properties.get("route"),
                Some(PropertyValue::IntValue(_))
            ));
        }
        "patrols" => {
            let ObjectShape::Polyline { points } = &o.shape else {
                panic!("patrols are polylines");
            };
            let Some(PropertyValue::IntValue(r)) = o.properties.get("route") else {
                panic!("route index missing");
            };
            let route = &level.patrols[*r as usize];
            assert_eq!(points.len(), route.cells.len());
            assert_eq!(
                o.properties.get("loop"),
                Some(&PropertyValue::BoolValue(route.loops()))
            );
            assert_eq!(
                o.properties.get("outside"),
                Some(&PropertyValue::BoolValue(route.outside))
            );
        }
        "items" => {
            assert!(matches!(
                o.properties.get("kind"),
                Some(PropertyValue::StringValue(_))
            ));
        }
        _ => {}
    }
}

#[test]
fn tmj_has_every_required_key_and_the_same_objects() {
    let level = sample();
    let text = export::render(&level, Format::Tmj, &[], &[], "m-terrain.png").expect("renders");
    let map: serde_json::Value = serde_json::from_slice(&text).expect("valid JSON");
    for key in [
        "type",
        "version",
        "tiledversion",
        "orientation",
        "renderorder",
        "width",
        "height",
        "tilewidth",
        "tileheight",
        "infinite",
        "nextlayerid",
        "nextobjectid",
        "layers",
        "tilesets",
    ] {
        assert!(map.get(key).is_some(), "map key {key} missing");
    }
    assert_eq!(map["type"], "map");
    assert_eq!(map["tilesets"][0]["firstgid"], 1);
    assert_eq!(map["tilesets"][0]["image"], "m-terrain.png");
    let layers = map["layers"].as_array().expect("layers");
    let terrain = &layers[0];
    assert_eq!(terrain["type"], "tilelayer");
    let data = terrain["data"].as_array().expect("data");
    assert_eq!(data.len(), (level.width * level.height) as usize);
    // The first entry is the north-west cell.
    let nw = level.terrain(Cell::new(0, level.height - 1));
    assert_eq!(data[0], 1 + tile_id(nw));
    let count = |name: &str| {
        layers
            .iter()
            .find(|l| l["name"] == name)
            .and_then(|l| l["objects"].as_array())
            .map_or(usize::MAX, Vec::len)
    };
    assert_eq!(count("rooms"), rooms_without_exterior(&level));
    assert_eq!(count("items"), level.items.len());
    assert_eq!(count("guards"), level.guards.len());
    assert_eq!(count("patrols"), level.patrols.len());
    let next = map["nextobjectid"].as_u64().expect("number");
    let max_id = layers
        .iter()
        .filter_map(|l| l["objects"].as_array())
        .flatten()
        .filter_map(|o| o["id"].as_u64())
        .max()
        .unwrap_or(0);
    assert_eq!(next, max_id + 1);
    let patrol = &layers
        .iter()
        .find(|l| l["name"] == "patrols")
        .expect("patrols")["objects"][0];
    assert!(patrol["polyline"].is_array());
    let props: Vec<&str> = patrol["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(
        props.contains(&"loop") && props.contains(&"outside"),
        "{props:?}"
    );
}

/// The centre pixel of a cell in a picture of `s` pixels per cell (north up: row height − 1 − y).
fn centre(img: &RgbaImage, level: &Level, s: u32, c: Cell) -> [u8; 3] {
    pixel(img, level, s, c, (0, 0))
}

/// The pixel `offset` pixels from a cell's centre.
fn pixel(img: &RgbaImage, level: &Level, s: u32, c: Cell, offset: (i32, i32)) -> [u8; 3] {
    let x = (c.x as u32 * s + s / 2).saturating_add_signed(offset.0);
    let y = ((level.height - 1 - c.y) as u32 * s + s / 2).saturating_add_signed(offset.1);
    let [r, g, b, a] = img.get_pixel(x, y).0;
    assert_eq!(a, 255, "pictures are opaque");
    [r, g, b]
}

fn rgb(c: Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

/// Premultiplied `over`: what a translucent tint makes of an opaque colour.
fn over(tint: Color32, base: Color32) -> [u8; 3] {
    let keep = 1.0 - f32::from(tint.a()) / 255.0;
    let mix = |t: u8, b: u8| (f32::from(t) + f32::from(b) * keep).round() as u8;
    [
        mix(tint.r(), base.r()),
        mix(tint.g(), base.g()),
        mix(tint.b(), base.b()),
    ]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 1)
}

fn png(level: &Level, overlays: &[Overlay]) -> RgbaImage {
    let bytes = export::render(level, Format::Png, overlays, &[], "").expect("renders");
    image::load_from_memory(&bytes).expect("decodes").to_rgba8()
}

/// Cells whose centre shows bare terrain: nothing stands on them.
fn bare(level: &Level, c: Cell) -> bool {
    level.item_at(c).is_none()
        && !level.guards.iter().any(|g| g.start == c)
        && level.player_start != c
}

/// Floor cells inside a room, away from its border (where outlines, frames and tags are drawn).
fn room_middles(level: &Level, room: &Room) -> Vec<Cell> {
    let i = &room.interior;
    room.cells
        .iter()
        .copied()
        .filter(|c| c.x > i.x0 && c.x < i.x1 - 1 && c.y > i.y0 && c.y < i.y1 - 1)
        .filter(|&c| bare(level, c) && level.terrain(c).is_loot_floor())
        .collect()
}

#[test]
fn png_is_the_map_in_the_editor_palette() {
    let level = sample();
    let img = png(&level, &[]);
    let s = export::png::cell_px(level.width, level.height);
    assert_eq!(s, export::png::CELL_PX, "level 9 fits at full size");
    assert_eq!(
        img.dimensions(),
        (level.width as u32 * s, level.height as u32 * s)
    );
    let mut checked = [0; 4];
    for c in level.all_cells() {
        let t = level.terrain(c);
        let got = centre(&img, &level, s, c);
        // Walls, pillars included (a pillar is a wall-coloured disc on the floor).
        if t == Terrain::Wall {
            assert_eq!(got, rgb(palette::WALL), "wall {c:?}");
            checked[0] += 1;
        } else if t.is_loot_floor() && bare(&level, c) {
            assert_eq!(got, rgb(palette::terrain(t)), "floor {c:?} ({t:?})");
            checked[1] += 1;
        }
    }
    for item in level.items.iter().filter(|i| i.kind == ItemKind::Coin) {
        assert_eq!(
            centre(&img, &level, s, item.cell),
            rgb(palette::COIN),
            "coin at {:?}",
            item.cell
        );
        checked[2] += 1;
    }
    for guard in &level.guards {
        let outside = level.patrols[guard.route].outside;
        let colour = if outside {
            palette::GUARD_OUTSIDE
        } else {
            palette::GUARD
        };
        // Beside the guard's number, inside the disc or diamond.
        let got = pixel(&img, &level, s, guard.start, (-7, 0));
        assert_eq!(got, rgb(colour), "guard at {:?}", guard.start);
        checked[3] += 1;
    }
    assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
    assert_eq!(
        img.get_pixel(0, 0).0[..3],
        rgb(palette::terrain(
            level.terrain(Cell::new(0, level.height - 1))
        ))
    );
}

#[test]
fn overlays_tint_the_rooms_they_describe() {
    let level = sample();
    let s = export::png::cell_px(level.width, level.height);
    let facts = MapFacts::new(&level);

    // Private-room distances: every room shaded by its depth on the depth ramp (1 → 0, deepest → 1).
    let img = png(&level, &[Overlay::Distances]);
    let mut shaded = 0;
    for (r, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let depth = facts.depths[r].expect("every room of level 9 is reachable");
        let ramp = (depth - 1) as f32 / (facts.max_depth - 1) as f32;
        let tint = palette::with_alpha(palette::depth_ramp(ramp), 170);
        for c in room_middles(&level, room) {
            let expected = over(tint, palette::terrain(level.terrain(c)));
            let got = centre(&img, &level, s, c);
            assert!(
                close(got, expected),
                "room {r} cell {c:?}: {got:?} ≠ {expected:?}"
            );
            shaded += 1;
        }
    }
    assert!(shaded > 40, "{shaded} cells checked");

    // Loot priority: rooms with a class take its colour; the others (courtyards, the grounds) stay bare
    // away from the coins' rings and order tags.
    let img = png(&level, &[Overlay::Loot]);
    let mut seen = [0, 0];
    for (r, room) in level.rooms.iter().enumerate() {
        // A coin's order tag sits on a cell beside it, so cells next to items are left out.
        let away_from_items =
            |c: &Cell| c.neighbours4().iter().all(|&n| level.item_at(n).is_none());
        let (cells, slot): (Vec<Cell>, usize) = if facts.loot_classes[r].is_some() {
            let middles = room_middles(&level, room).into_iter();
            (middles.filter(away_from_items).collect(), 0)
        } else {
            let quiet = |c: &Cell| {
                bare(&level, *c) && !level.terrain(*c).is_blocking() && away_from_items(c)
            };
            (room.cells.iter().copied().filter(quiet).collect(), 1)
        };
        for c in cells {
            let base = palette::terrain(level.terrain(c));
            let expected = match facts.loot_classes[r] {
                Some(class) => over(palette::with_alpha(palette::loot_class(class), 140), base),
                None => rgb(base),
            };
            let got = centre(&img, &level, s, c);
            assert!(
                close(got, expected),
                "room {r} cell {c:?}: {got:?} ≠ {expected:?}"
            );
            seen[slot] += 1;
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");

    // Lines and nodes draw over the map too.
    let plain = png(&level, &[]);
    for overlay in [Overlay::RoomGraph, Overlay::Patrols] {
        assert_ne!(png(&level, &[overlay]), plain, "{overlay:?}");
    }
}

/// The editor and the export share one painter: the editor's own shapes for its view of the level,
/// rasterised, are the exported picture, and File ▸ Export writes the command line's bytes.
#[test]
fn the_editor_paints_what_the_png_export_writes() {
    let mut state = EditorState::generated(1, 9).expect("generates");
    for &overlay in Overlay::ALL {
        state.view.overlays.set(overlay, true);
    }
    let level = state.level().clone();
    let s = export::png::cell_px(level.width, level.height);
    let t = CellToScreen::whole_map(level.width, level.height, s as f32);
    let mut fonts = paint::picture_fonts();
    let shapes = state.paint_map(
        &t,
        mansion_forge::app::Frames::default(),
        &mut fonts.with_pixels_per_point(1.0),
    );
    let mut editor = RgbaImage::from_pixel(
        level.width as u32 * s,
        level.height as u32 * s,
        image::Rgba(palette::BACKGROUND.to_array()),
    );
    paint::raster::draw_shapes(&mut editor, shapes, fonts.texture_atlas());
    let exported = png(&level, Overlay::ALL);
    assert!(
        editor == exported,
        "the editor's painting differs from the PNG export"
    );

    let dir = scratch("editor-png");
    let path = dir.join("map.png");
    state.export_to(Format::Png, &path);
    let bytes = export::render(&level, Format::Png, Overlay::ALL, &[], "").expect("renders");
    assert_eq!(
        std::fs::read(&path).expect("written"),
        bytes,
        "{:?}",
        state.message
    );
}

#[test]
fn tileset_tiles_are_painted_in_the_palette() {
    let tileset = export::tiled::tileset_image();
    let tile = export::tiled::TILE;
    for (i, &t) in TERRAINS.iter().enumerate() {
        let at = |x: u32, y: u32| {
            let [r, g, b, a] = tileset.get_pixel(i as u32 * tile + x, y).0;
            assert_eq!(a, 255, "{t:?} tile is opaque");
            [r, g, b]
        };
        match t {
            Terrain::Window(_) => assert_eq!(at(tile / 2, tile / 2), rgb(palette::WINDOW_GLASS)),
            Terrain::Door(_) | Terrain::Portcullis(_) | Terrain::GardenDoor(_) => {}
            plain => assert_eq!(at(1, 1), rgb(palette::terrain(plain)), "{t:?}"),
        }
    }
}

#[test]
fn every_format_renders_and_level_formats_round_trip() {
    let level = sample();
    let dir = scratch("all");
    for &format in Format::ALL {
        let path = dir.join(format!("m.{}", format.extension()));
        export::write(&path, &level, format, &[], &[]).expect("writes");
        assert!(
            std::fs::metadata(&path).expect("exists").len() > 0,
            "{format}"
        );
    }
    for name in ["m.ron", "m.json"] {
        let back = mansion_forge::io::level_file::load(&dir.join(name)).expect("loads");
        assert_eq!(*back, level, "{name}");
    }
    let ascii = std::fs::read_to_string(dir.join("m.txt")).expect("text");
    assert!(ascii.starts_with(&mansion_forge::io::ascii::render(&level)));
}
