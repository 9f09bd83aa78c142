//! The LDtk export checked against LDtk's own JSON schema (kept in `tests/data/ldtk/`) and read back
//! through the `ldtk2` crate's typed structs, as an engine importer reads it: an entity definition
//! per item class and guard kind with its tile, exact room shapes, stations referred to by guards, the
//! terrain tileset laid by auto-layer rules, UUID iids, and a campaign world of ten levels.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use ldtk2::{EntityInstance, LayerInstance};
use mansion_forge::generate::campaign;
use mansion_forge::io::export::tiled::{ITEM_KINDS, TERRAINS, TILE, item_class, tile_id};
use mansion_forge::io::export::{self, Format, ldtk};
use mansion_forge::model::{Cell, ItemKind, Level, RoomKind};
use serde_json::Value;

#[path = "common/stacks.rs"]
mod stacks;

fn game(seed: u64) -> Vec<Level> {
    let plan = campaign::plan(seed);
    (0..campaign::LEVELS as u32)
        .map(|n| plan.generate(n).expect("a level"))
        .collect()
}

fn project_of(levels: &[Level]) -> Vec<u8> {
    let refs: Vec<&Level> = levels.iter().collect();
    ldtk::project(&refs).expect("serialises")
}

fn read(bytes: &[u8]) -> ldtk2::Ldtk {
    ldtk2::Ldtk::from_str(std::str::from_utf8(bytes).expect("UTF-8")).expect("ldtk2 reads it")
}

/// LDtk's published schema, as a validator.
fn schema_validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(include_str!("data/ldtk/JSON_SCHEMA.json")).expect("the schema");
    assert_eq!(schema["version"], ldtk::JSON_VERSION);
    jsonschema::draft7::new(&schema).expect("a valid draft-7 schema")
}

/// The first schema errors of `project`, each with where it is.
fn schema_errors(validator: &jsonschema::Validator, project: &Value) -> Vec<String> {
    validator
        .iter_errors(project)
        .take(10)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn layer<'a>(level: &'a ldtk2::Level, name: &str) -> &'a LayerInstance {
    level
        .layer_instances
        .as_deref()
        .unwrap_or_default()
        .iter()
        .find(|l| l.identifier == name)
        .expect("the layer")
}

fn field(e: &EntityInstance, name: &str) -> Value {
    e.field_instances
        .iter()
        .find(|f| f.identifier == name)
        .and_then(|f| f.value.clone())
        .unwrap_or(Value::Null)
}

/// The identifier an item class's definition has: the class in `PascalCase`.
fn identifier(class: &str) -> String {
    class
        .split('_')
        .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
        .collect()
}

/// The cell of an entity's grid position in a level `height` cells tall.
fn cell(grid: &[i64], height: i32) -> Cell {
    Cell::new(grid[0] as i32, height - 1 - grid[1] as i32)
}

#[test]
fn a_campaign_project_validates_against_ldtks_schema() {
    let validator = schema_validator();
    let project: Value = serde_json::from_slice(&project_of(&game(1))).expect("valid JSON");
    let errors = schema_errors(&validator, &project);
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema is checked for what it rejects too: an entity without its required `iid`.
    let mut broken = project.clone();
    let entity = &mut broken["levels"][0]["layerInstances"][0]["entityInstances"][0];
    entity.as_object_mut().expect("an entity").remove("iid");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn every_item_class_and_guard_kind_has_its_own_definition_with_a_tile() {
    let project = read(&project_of(&game(1)[..1]));
    let defs: BTreeMap<&str, &ldtk2::EntityDefinition> = project
        .defs
        .entities
        .iter()
        .map(|d| (d.identifier.as_str(), d))
        .collect();
    let things = project
        .defs
        .tilesets
        .iter()
        .find(|t| t.rel_path.as_deref() == Some(export::THINGS_IMAGE))
        .expect("the things tileset");
    let classes: BTreeSet<&str> = ITEM_KINDS.iter().map(|&k| item_class(k)).collect();
    let guards = [
        "PatrollingGuard",
        "TorchGuard",
        "StationaryGuard",
        "KeyCarrier",
    ];
    let mut tiles = BTreeSet::new();
    for name in classes
        .iter()
        .map(|c| identifier(c))
        .chain(guards.map(String::from))
    {
        let def = defs
            .get(name.as_str())
            .unwrap_or_else(|| panic!("no {name}"));
        let rect = def
            .tile_rect
            .as_ref()
            .unwrap_or_else(|| panic!("{name} has no tile"));
        assert_eq!(rect.tileset_uid, things.uid);
        assert!(
            rect.x + rect.w <= things.px_wid,
            "{name}'s tile is off the tileset"
        );
        assert!(def.color.starts_with('#') && def.color.len() == 7);
        tiles.insert(rect.x);
    }
    // Different kinds, different tiles (a door's two axes share the `Door` definition).
    assert_eq!(tiles.len(), classes.len() + guards.len());
    let fields = |name: &str| -> Vec<(String, String)> {
        defs[name]
            .field_defs
            .iter()
            .map(|f| (f.identifier.clone(), f.field_definition_type.clone()))
            .collect()
    };
    let axis = ("axis".to_string(), "LocalEnum.Axis".to_string());
    assert!(fields("Door").contains(&axis) && fields("LockedDoor").contains(&axis));
    assert!(fields("Treasure").contains(&("index".into(), "Int".into())));
    assert!(fields("Coin").contains(&("loot".into(), "Int".into())));
    for guard in guards {
        let names: Vec<String> = fields(guard).into_iter().map(|(n, _)| n).collect();
        for want in ["patrol", "stations", "purse", "key", "torch", "route"] {
            assert!(names.iter().any(|n| n == want), "{guard} lacks {want}");
        }
    }
    assert!(fields("Room").contains(&("outline".into(), "Array<Point>".into())));
}

#[test]
fn the_reader_crate_loads_ten_levels_with_every_item_guard_and_station() {
    let levels = game(1);
    let project = read(&project_of(&levels));
    assert_eq!(project.json_version, ldtk::JSON_VERSION);
    assert_eq!(project.levels.len(), levels.len());
    for (read, level) in project.levels.iter().zip(&levels) {
        let entities = &layer(read, "Entities").entity_instances;
        let items: Vec<&EntityInstance> = entities
            .iter()
            .filter(|e| e.tags.iter().any(|t| t == "item"))
            .collect();
        assert_eq!(items.len(), level.items.len());
        for (e, item) in items.iter().zip(&level.items) {
            assert_eq!(e.identifier, identifier(item_class(item.kind)));
            assert_eq!(cell(&e.grid, level.height), item.cell);
            match item.kind {
                ItemKind::Door(_) | ItemKind::LockedDoor(_) | ItemKind::Portcullis(_) => {
                    assert!(matches!(field(e, "axis").as_str(), Some("ns" | "ew")));
                }
                ItemKind::Coin => assert_eq!(field(e, "loot"), 1),
                _ => {}
            }
        }
        let guards: Vec<&EntityInstance> = entities
            .iter()
            .filter(|e| e.tags.iter().any(|t| t == "guard"))
            .collect();
        assert_eq!(guards.len(), level.guards.len());
        let by_iid: BTreeMap<&str, &EntityInstance> =
            entities.iter().map(|e| (e.iid.as_str(), e)).collect();
        let entity_layer = layer(read, "Entities");
        for (e, guard) in guards.iter().zip(&level.guards) {
            assert_eq!(cell(&e.grid, level.height), guard.start);
            let want = if guard.carries_torch {
                "TorchGuard"
            } else {
                "PatrollingGuard"
            };
            let route = &level.patrols[guard.route];
            let moves = route.cells.iter().collect::<BTreeSet<_>>().len() > 1;
            if moves {
                assert_eq!(e.identifier, want, "level {}", level.level);
            }
            let patrol: Vec<Cell> = field(e, "patrol")
                .as_array()
                .expect("a patrol")
                .iter()
                .map(|p| {
                    cell(
                        &[p["cx"].as_i64().unwrap(), p["cy"].as_i64().unwrap()],
                        level.height,
                    )
                })
                .collect();
            assert_eq!(patrol, route.cells);
            // Its stations are references to Station entities of this level, in walking order.
            let refs = field(e, "stations");
            let refs = refs.as_array().expect("station references");
            assert_eq!(refs.len(), route.stations.len());
            for (r, station) in refs.iter().zip(&route.stations) {
                assert_eq!(r["levelIid"], read.iid.as_str());
                assert_eq!(r["layerIid"], entity_layer.iid.as_str());
                assert_eq!(r["worldIid"], project.dummy_world_iid.as_str());
                let target = by_iid[r["entityIid"].as_str().expect("an iid")];
                assert_eq!(target.identifier, "Station");
                assert_eq!(cell(&target.grid, level.height), station.cell);
                assert_eq!(field(target, "room"), station.room as i64);
            }
        }
        let stations: usize = level.patrols.iter().map(|r| r.stations.len()).sum();
        let count = |name: &str| entities.iter().filter(|e| e.identifier == name).count();
        assert_eq!(count("Station"), stations);
        assert_eq!(count("Start"), 1);
        assert_eq!(count("Entrance"), 1);
        assert_eq!(
            count("Exit"),
            usize::from(level.entrance.exit_cell.is_some())
        );
    }
    let stations: usize = project
        .levels
        .iter()
        .map(|l| {
            layer(l, "Entities")
                .entity_instances
                .iter()
                .filter(|e| e.identifier == "Station")
                .count()
        })
        .sum();
    assert!(stations > 50, "a campaign has stations: {stations}");
}

/// Whether the centre of cell `(x, r)` (LDtk's grid, y down) is inside `rings` (even-odd).
fn inside(rings: &[Vec<(f64, f64)>], (x, r): (i32, i32)) -> bool {
    let (px, py) = (f64::from(x) + 0.5, f64::from(r) + 0.5);
    let mut odd = false;
    for ring in rings {
        for (i, &(x1, y1)) in ring.iter().enumerate() {
            let (x2, y2) = ring[(i + 1) % ring.len()];
            if (y1 > py) != (y2 > py) && px < x1 + (py - y1) / (y2 - y1) * (x2 - x1) {
                odd = !odd;
            }
        }
    }
    odd
}

/// Every room's outlines, as read back (its `Room` pieces and `RoomHole`s), cover exactly its cells:
/// the 2025 generator's and the packed generator's rooms are Ls, Ts and rings, not rectangles.
#[test]
fn room_outlines_cover_exactly_each_rooms_cells() {
    use mansion_forge::generate::recipe::Recipe;
    use mansion_forge::generate::registry;
    let mut levels = game(3);
    for kind in registry::all() {
        for seed in 0..3 {
            let recipe = Recipe::for_game(&kind.defaults(), seed, 6);
            levels.push(recipe.build().expect("builds"));
        }
    }
    // A ring-shaped room: the first room of 3×3 cells or more without its middle cell.
    let mut ring = levels[0].clone();
    let room = ring
        .rooms
        .iter_mut()
        .find(|r| {
            r.kind != RoomKind::Exterior
                && r.interior.x1 - r.interior.x0 >= 3
                && r.interior.y1 - r.interior.y0 >= 3
        })
        .expect("a large room");
    let middle = Cell::new(
        i32::midpoint(room.interior.x0, room.interior.x1),
        i32::midpoint(room.interior.y0, room.interior.y1),
    );
    room.cells.retain(|&c| c != middle);
    levels.push(ring);
    let mut shaped = 0;
    let mut holes = 0;
    for level in &levels {
        let project = read(&project_of(std::slice::from_ref(level)));
        let entities = &layer(&project.levels[0], "Entities").entity_instances;
        let mut rings: BTreeMap<i64, Vec<Vec<(f64, f64)>>> = BTreeMap::new();
        for e in entities
            .iter()
            .filter(|e| e.identifier == "Room" || e.identifier == "RoomHole")
        {
            let outline = field(e, "outline");
            let corners: Vec<(f64, f64)> = outline
                .as_array()
                .expect("an outline")
                .iter()
                .map(|p| (p["cx"].as_f64().unwrap(), p["cy"].as_f64().unwrap()))
                .collect();
            // The entity spans its piece's bounding box.
            let max_x = corners.iter().map(|c| c.0 as i64).max().expect("corners");
            assert_eq!(e.grid[0] + e.width / i64::from(TILE), max_x);
            rings
                .entry(field(e, "room").as_i64().expect("a room id"))
                .or_default()
                .push(corners);
            holes += usize::from(e.identifier == "RoomHole");
        }
        for (id, room) in level.rooms.iter().enumerate() {
            if room.kind == RoomKind::Exterior {
                continue;
            }
            let room_rings = &rings[&(id as i64)];
            let (x0, x1) = (room.interior.x0 - 1, room.interior.x1 + 1);
            let (y0, y1) = (room.interior.y0 - 1, room.interior.y1 + 1);
            let cells: BTreeSet<Cell> = room.cells.iter().copied().collect();
            for x in x0..=x1 {
                for y in y0..=y1 {
                    let c = Cell::new(x, y);
                    let r = level.height - 1 - y;
                    assert_eq!(
                        inside(room_rings, (x, r)),
                        cells.contains(&c),
                        "{} level {} room {id} cell {c:?}",
                        level.generator,
                        level.level
                    );
                }
            }
            if cells.len() as i32
                != (room.interior.x1 - room.interior.x0) * (room.interior.y1 - room.interior.y0)
            {
                shaped += 1;
            }
        }
    }
    assert!(shaped > 1, "some rooms are not rectangles");
    assert!(holes > 0, "the ring's hole is a RoomHole");
}

#[test]
fn the_terrain_is_an_int_grid_with_a_tileset_and_its_tiles_laid() {
    let levels = game(1);
    let project = read(&project_of(&levels[..2]));
    let terrain_set = project
        .defs
        .tilesets
        .iter()
        .find(|t| t.rel_path.as_deref() == Some(export::SHARED_TILESET_IMAGE))
        .expect("the terrain tileset");
    let image = image::load_from_memory(&export::tileset_png().expect("png")).expect("decodes");
    assert_eq!(
        (terrain_set.px_wid, terrain_set.px_hei),
        (i64::from(image.width()), i64::from(image.height()))
    );
    let def = project
        .defs
        .layers
        .iter()
        .find(|l| l.identifier == "Terrain")
        .expect("terrain def");
    assert_eq!(def.int_grid_values.len(), TERRAINS.len());
    for v in &def.int_grid_values {
        let tile = v.tile.as_ref().expect("each value has its tile");
        assert_eq!(tile.tileset_uid, terrain_set.uid);
        assert_eq!(tile.x, (v.value - 1) * i64::from(TILE));
    }
    for (read, level) in project.levels.iter().zip(&levels) {
        let terrain = layer(read, "Terrain");
        assert_eq!(
            terrain.tileset_rel_path.as_deref(),
            Some(export::SHARED_TILESET_IMAGE)
        );
        let cells = (level.width * level.height) as usize;
        assert_eq!(terrain.int_grid_csv.len(), cells);
        assert_eq!(terrain.auto_layer_tiles.len(), cells);
        for (i, tile) in terrain.auto_layer_tiles.iter().enumerate() {
            let (cx, cy) = (i as i32 % level.width, i as i32 / level.width);
            let t = level.terrain(Cell::new(cx, level.height - 1 - cy));
            assert_eq!(tile.t, i64::from(tile_id(t)));
            assert_eq!(terrain.int_grid_csv[i], tile.t + 1);
            assert_eq!(
                tile.px,
                [i64::from(cx * TILE as i32), i64::from(cy * TILE as i32)]
            );
            assert_eq!(tile.src, [tile.t * i64::from(TILE), 0]);
        }
    }
}

/// Every iid of a project: the project's, the world's, each level's, layer's and entity's.
fn iids(project: &ldtk2::Ldtk) -> Vec<String> {
    let mut all = vec![project.iid.clone(), project.dummy_world_iid.clone()];
    for level in &project.levels {
        all.push(level.iid.clone());
        for layer in level.layer_instances.as_deref().unwrap_or_default() {
            all.push(layer.iid.clone());
            all.extend(layer.entity_instances.iter().map(|e| e.iid.clone()));
        }
    }
    all
}

#[test]
fn iids_are_uuids_unique_in_a_project_and_across_projects_and_stable() {
    let (one, two) = (game(1), game(2));
    let first = project_of(&one);
    assert_eq!(
        first,
        project_of(&one),
        "the same levels give the same bytes"
    );
    let a = iids(&read(&first));
    let b = iids(&read(&project_of(&two)));
    for iid in a.iter().chain(&b) {
        let uuid = uuid::Uuid::parse_str(iid).expect("a UUID");
        assert_eq!(uuid.get_version_num(), 5, "{iid}");
        assert_eq!(
            uuid.hyphenated().to_string(),
            *iid,
            "lowercase and hyphenated"
        );
    }
    let unique: HashSet<&String> = a.iter().collect();
    assert_eq!(unique.len(), a.len(), "an iid twice in one project");
    let shared: Vec<&String> = b.iter().filter(|iid| unique.contains(iid)).collect();
    assert!(shared.is_empty(), "two projects share {shared:?}");
    // One level exported on its own is another project: none of its ids are the campaign's.
    let single = iids(&read(&project_of(&one[..1])));
    assert!(single.iter().all(|iid| !unique.contains(iid)));
}

#[test]
fn a_campaign_is_one_world_of_ten_levels_laid_out_without_overlap() {
    let levels = game(1);
    let project = read(&project_of(&levels));
    assert_eq!(project.levels.len(), 10);
    let rects: Vec<(i64, i64, i64, i64)> = project
        .levels
        .iter()
        .map(|l| {
            (
                l.world_x,
                l.world_y,
                l.world_x + l.px_wid,
                l.world_y + l.px_hei,
            )
        })
        .collect();
    for (i, a) in rects.iter().enumerate() {
        for b in &rects[i + 1..] {
            let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
    let rows: BTreeSet<i64> = rects.iter().map(|r| r.1).collect();
    assert_eq!(rows.len(), 2, "two rows of five");
    for (read, level) in project.levels.iter().zip(&levels) {
        let entities = &layer(read, "Entities").entity_instances;
        for e in entities {
            assert_eq!(e.world_x, Some(read.world_x + e.px[0]));
            assert_eq!(e.world_y, Some(read.world_y + e.px[1]));
        }
        let level_field = read
            .field_instances
            .iter()
            .find(|f| f.identifier == "level");
        assert_eq!(
            level_field.and_then(|f| f.value.clone()),
            Some(Value::from(level.level))
        );
    }
}

/// A stack (a chair under a coin, level format 2) is two entities on one grid cell, bottom first.
#[test]
fn a_stack_is_an_entity_per_item_bottom_first() {
    let (level, chair) = stacks::coin_on_a_chair();
    let project = read(&project_of(std::slice::from_ref(&level)));
    let items: Vec<&EntityInstance> = layer(&project.levels[0], "Entities")
        .entity_instances
        .iter()
        .filter(|e| e.tags.iter().any(|t| t == "item"))
        .collect();
    assert_eq!(items.len(), level.items.len());
    let (below, above) = (items[chair], items[chair + 1]);
    assert_eq!(
        (below.identifier.as_str(), above.identifier.as_str()),
        ("Chair", "Coin")
    );
    assert_eq!(below.grid, above.grid);
}

#[test]
fn an_export_writes_the_two_tileset_images_beside_the_project() {
    let levels = game(1);
    assert_eq!(
        Format::from_path(std::path::Path::new("x.ldtk")),
        Some(Format::Ldtk)
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-ldtk");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("one.ldtk");
    let written = export::write(&path, &levels[4], Format::Ldtk, &[], &[]).expect("writes");
    let images = [export::SHARED_TILESET_IMAGE, export::THINGS_IMAGE].map(|n| dir.join(n));
    assert_eq!(
        written,
        [images[0].clone(), images[1].clone(), path.clone()]
    );
    assert_eq!(
        std::fs::read(&path).expect("written"),
        project_of(&levels[4..5])
    );
    let project = read(&std::fs::read(&path).expect("written"));
    for tileset in &project.defs.tilesets {
        let rel = tileset.rel_path.as_deref().expect("a picture");
        let picture = image::open(dir.join(rel)).expect("the picture beside the project decodes");
        assert_eq!(i64::from(picture.width()), tileset.px_wid, "{rel}");
        assert_eq!(i64::from(picture.height()), tileset.px_hei, "{rel}");
    }
}

#[test]
fn a_2025_daily_run_validates_and_names_its_key_carrier() {
    use mansion_forge::generate::lll2025::declaration::recipe_of;
    use mansion_forge::generate::lll2025::plan::daily_run;
    use mansion_forge::model::Level2025;
    let levels: Vec<Level> = daily_run(2025, 9, 1)
        .levels()
        .into_iter()
        .map(|entry| {
            recipe_of(entry)
                .expect("the game's seed form")
                .build()
                .expect("builds")
        })
        .collect();
    let bytes = project_of(&levels);
    let project: Value = serde_json::from_slice(&bytes).expect("valid JSON");
    let errors = schema_errors(&schema_validator(), &project);
    assert!(errors.is_empty(), "{errors:#?}");
    let loaded = read(&bytes);
    assert_eq!(loaded.levels.len(), 3);
    let mut carriers = 0;
    for (read, level) in loaded.levels.iter().zip(&levels) {
        let extras = &level.part::<Level2025>().expect("a 2025 level").guards;
        let guards: Vec<&EntityInstance> = layer(read, "Entities")
            .entity_instances
            .iter()
            .filter(|e| e.tags.iter().any(|t| t == "guard"))
            .collect();
        for (e, x) in guards.iter().zip(extras) {
            assert_eq!(e.identifier == "KeyCarrier", x.key);
            assert_eq!(field(e, "key"), x.key);
            assert_eq!(field(e, "purse"), x.purse);
            carriers += usize::from(x.key);
        }
    }
    assert!(carriers > 0, "a daily run has a key carrier");
}
