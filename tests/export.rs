//! The export formats read back by other programs' parsers: Tiled's own loader for `.tmx`, serde_json for
//! `.tmj` (with every key Tiled requires), the `image` decoder for PNG.

use std::path::{Path, PathBuf};

use mansion_forge::generate::campaign;
use mansion_forge::io::export::tiled::{TERRAINS, terrain_colour, tile_id};
use mansion_forge::io::export::{self, Format, Overlay};
use mansion_forge::model::{Cell, Level, RoomKind, Terrain};
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
    let written = export::write(&path, &level, Format::Tmx, &[]).expect("writes");
    assert_eq!(written, vec![dir.join("mansion-terrain.png"), path.clone()]);
    let tileset = image::open(dir.join("mansion-terrain.png")).expect("tileset decodes");
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
    assert!(source.ends_with("mansion-terrain.png"), "{source:?}");

    let names: Vec<String> = map.layers().map(|l| l.name.clone()).collect();
    assert_eq!(
        names,
        [
            "terrain", "rooms", "doors", "items", "guards", "patrols", "start"
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
                    "rooms" => rooms_without_exterior(&level),
                    "items" => level.items.len(),
                    "guards" => level.guards.len(),
                    "patrols" => level.patrols.iter().filter(|p| !p.cells.is_empty()).count(),
                    "doors" => level.adjacencies.iter().map(|a| a.door_cells.len()).sum(),
                    "start" => 1,
                    other => panic!("unexpected layer {other}"),
                };
                assert_eq!(list.len(), expected, "layer {}", layer.name);
                for o in &list {
                    match layer.name.as_str() {
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
            }
            _ => panic!("unexpected layer type in {}", layer.name),
        }
    }
    assert!(
        level.patrols.iter().any(|p| p.outside),
        "level 9 has an outside patrol to check"
    );
}

#[test]
fn tmj_has_every_required_key_and_the_same_objects() {
    let level = sample();
    let text = export::render(&level, Format::Tmj, &[], "m-terrain.png").expect("renders");
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

#[test]
fn png_has_one_block_per_cell_in_terrain_colours() {
    let level = sample();
    let bytes = export::render(&level, Format::Png, &[], "").expect("renders");
    let img = image::load_from_memory(&bytes).expect("decodes").to_rgb8();
    let s = export::png::cell_px(level.width, level.height);
    assert_eq!(
        img.dimensions(),
        (level.width as u32 * s, level.height as u32 * s)
    );
    let occupied = |c: Cell| {
        level.item_at(c).is_some()
            || level.guards.iter().any(|g| g.start == c)
            || level.player_start == c
    };
    let mut checked = [false, false];
    for c in level.all_cells().filter(|&c| !occupied(c)) {
        let t = level.terrain(c);
        let slot = match t {
            Terrain::Wall => 0,
            t if t.is_loot_floor() => 1,
            _ => continue,
        };
        // The block's corner pixel: north up, so row (height − 1 − y).
        let px = img.get_pixel(c.x as u32 * s, (level.height - 1 - c.y) as u32 * s);
        assert_eq!(px.0, terrain_colour(t), "cell {c:?} ({t:?})");
        checked[slot] = true;
    }
    assert_eq!(checked, [true, true], "walls and floors both checked");
    let with = export::render(&level, Format::Png, &Overlay::ALL, "").expect("renders");
    assert_ne!(with, bytes, "overlays change the picture");
}

#[test]
fn every_format_renders_and_level_formats_round_trip() {
    let level = sample();
    let dir = scratch("all");
    for format in Format::ALL {
        let path = dir.join(format!("m.{}", format.extension()));
        export::write(&path, &level, format, &[]).expect("writes");
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
