//! The 2025 game's mansions read back from the exports an engine imports hold the whole game level: the
//! terrain, every item of every cell in order (a coin on its chair, a lock on its treasure on its
//! plinth), every guard with what it carries and its whole route (level 1's guard at its post), and the
//! player start. Each export is read back by an importer of its own — Tiled's `.tmx` by the `tiled`
//! crate, Tiled's `.tmj` as plain JSON, LDtk by the `ldtk2` crate — and the game's hash of what was read
//! (spec §14, [`hash_of_parts`]) must be the original's `fnv` on every vector level. The same readers
//! hold every other generator's levels (and the exact 2023 mode's) to the whole of what they hold.

use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::model_map::{HashedGuard, hash_of_parts};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::io::export::tiled::{ITEM_KINDS, TERRAINS, TILE, item_class};
use mansion_forge::io::export::{self, Format, ldtk};
use mansion_forge::model::{Axis, Cell, ItemKind, Level, Terrain};
use serde_json::Value;

#[path = "common/lll2025_vectors.rs"]
mod vectors;

/// What an importer reads of a level, in the model's axes (y up).
struct Parts {
    size: (i32, i32),
    /// Row-major from y = 0.
    terrain: Vec<Terrain>,
    items: Vec<(Cell, ItemKind)>,
    guards: Vec<HashedGuard>,
    start: Cell,
}

impl Parts {
    fn hash(&self) -> String {
        let (w, _) = self.size;
        let hash = hash_of_parts(
            self.size,
            |c| self.terrain[(c.y * w + c.x) as usize],
            self.items.iter().copied(),
            &self.guards,
            self.start,
        );
        format!("{hash:08x}")
    }
}

/// Every item kind an export can name, so a class (and an axis or a treasure's letter) finds its kind:
/// the exports' own list of one kind per class, with every axis and every treasure.
fn item_kinds() -> Vec<ItemKind> {
    let mut kinds = ITEM_KINDS.to_vec();
    kinds.push(ItemKind::LockedDoor(Axis::EW));
    kinds.extend((1..5).map(ItemKind::Treasure));
    kinds
}

/// The kind an exported item names: its class (LDtk's entity identifier, Tiled's class and `kind`), and its
/// axis or treasure index where it has one.
fn kind_of(class: &str, axis: Option<&str>, variant: Option<u8>) -> ItemKind {
    let axis = axis.map(|a| if a == "ns" { Axis::NS } else { Axis::EW });
    item_kinds()
        .into_iter()
        .find(|&k| {
            item_class(k) == class
                && match k {
                    ItemKind::Door(a) | ItemKind::LockedDoor(a) | ItemKind::Portcullis(a) => {
                        Some(a) == axis
                    }
                    ItemKind::Treasure(n) => Some(n) == variant,
                    _ => true,
                }
        })
        .unwrap_or_else(|| panic!("no kind {class} {axis:?} {variant:?}"))
}

/// The cell of a Tiled pixel position (a cell's centre) in a map `height` cells tall.
fn tiled_cell(x: f64, y: f64, height: i32) -> Cell {
    let tile = f64::from(TILE);
    Cell::new(
        (x / tile).floor() as i32,
        height - 1 - (y / tile).floor() as i32,
    )
}

/// Rows of tile values, top row first, as the model's terrain from y = 0 (value − 1 is the tile id).
fn terrain_from_rows(values: &[i64], (w, h): (i32, i32)) -> Vec<Terrain> {
    let mut terrain = vec![Terrain::Void; (w * h) as usize];
    for (i, &v) in values.iter().enumerate() {
        let (x, row) = (i as i32 % w, i as i32 / w);
        terrain[((h - 1 - row) * w + x) as usize] = TERRAINS[(v - 1) as usize];
    }
    terrain
}

/// A `.tmj` map read as JSON.
fn read_tmj(bytes: &[u8]) -> Parts {
    let map: Value = serde_json::from_slice(bytes).expect("JSON");
    let size = (
        map["width"].as_i64().expect("width") as i32,
        map["height"].as_i64().expect("height") as i32,
    );
    let layers = map["layers"].as_array().expect("layers");
    let layer = |name: &str| -> &Value {
        layers
            .iter()
            .find(|l| l["name"] == name)
            .unwrap_or_else(|| panic!("layer {name}"))
    };
    let data: Vec<i64> = layers
        .iter()
        .find(|l| l["type"] == "tilelayer")
        .expect("the terrain")["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|v| v.as_i64().expect("a tile"))
        .collect();
    let objects = |name: &str| layer(name)["objects"].as_array().expect("objects").clone();
    let prop = |o: &Value, name: &str| -> Value {
        o["properties"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["name"] == name))
            .map_or(Value::Null, |p| p["value"].clone())
    };
    let at = |o: &Value| tiled_cell(o["x"].as_f64().unwrap(), o["y"].as_f64().unwrap(), size.1);
    let items = objects("items")
        .iter()
        .map(|o| {
            let kind = prop(o, "kind");
            let class = kind.as_str().expect("kind");
            assert_eq!(o["type"].as_str(), Some(class), "the kind is the class");
            let axis = prop(o, "axis");
            let index = prop(o, "index")
                .as_u64()
                .map(|i| u8::try_from(i).expect("an index"));
            (at(o), kind_of(class, axis.as_str(), index))
        })
        .collect();
    let patrols = objects("patrols");
    let guards = objects("guards")
        .iter()
        .map(|g| {
            let patrol = prop(g, "patrol").as_i64();
            let route = patrols
                .iter()
                .find(|p| p["id"].as_i64() == patrol)
                .map_or_else(Vec::new, |p| {
                    let (ox, oy) = (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap());
                    p["polyline"]
                        .as_array()
                        .expect("a polyline")
                        .iter()
                        .map(|q| {
                            let (x, y) = (q["x"].as_f64().unwrap(), q["y"].as_f64().unwrap());
                            tiled_cell(ox + x, oy + y, size.1)
                        })
                        .collect()
                });
            HashedGuard {
                start: at(g),
                torch: prop(g, "torch") == true,
                purse: prop(g, "purse") == true,
                key: prop(g, "key") == true,
                route,
            }
        })
        .collect();
    let start = objects("start")
        .iter()
        .find(|o| o["type"] == "start")
        .map(at)
        .expect("a start");
    Parts {
        size,
        terrain: terrain_from_rows(&data, size),
        items,
        guards,
        start,
    }
}

/// A `.tmx` map read by the `tiled` crate.
fn read_tmx(path: &std::path::Path) -> Parts {
    use tiled::{ObjectShape, PropertyValue};
    let map = tiled::Loader::new()
        .load_tmx_map(path)
        .expect("tiled loads it");
    let size = (map.width as i32, map.height as i32);
    let mut data = Vec::new();
    let tiles = map
        .layers()
        .find_map(tiled::Layer::as_tile_layer)
        .expect("the terrain");
    for row in 0..size.1 {
        for x in 0..size.0 {
            let tile = tiles.get_tile(x, row).expect("a tile everywhere");
            data.push(i64::from(tile.id()) + 1);
        }
    }
    let objects = |name: &str| -> Vec<tiled::Object<'_>> {
        map.layers()
            .find(|l| l.name == name)
            .and_then(tiled::Layer::as_object_layer)
            .unwrap_or_else(|| panic!("layer {name}"))
            .objects()
            .collect()
    };
    let at = |o: &tiled::Object<'_>| tiled_cell(f64::from(o.x), f64::from(o.y), size.1);
    let flag = |o: &tiled::Object<'_>, name: &str| {
        matches!(o.properties.get(name), Some(PropertyValue::BoolValue(true)))
    };
    let items = objects("items")
        .iter()
        .map(|o| {
            let text = |name: &str| match o.properties.get(name) {
                Some(PropertyValue::StringValue(value)) => Some(value.as_str()),
                _ => None,
            };
            let index = match o.properties.get("index") {
                Some(PropertyValue::IntValue(i)) => Some(u8::try_from(*i).expect("an index")),
                _ => None,
            };
            let class = text("kind").expect("kind");
            assert_eq!(o.user_type, class, "the kind is the class");
            (at(o), kind_of(class, text("axis"), index))
        })
        .collect();
    let patrols = objects("patrols");
    let guards = objects("guards")
        .iter()
        .map(|g| {
            let patrol = match g.properties.get("patrol") {
                Some(PropertyValue::ObjectValue(id)) => Some(*id),
                _ => None,
            };
            let route =
                patrols
                    .iter()
                    .find(|p| Some(p.id()) == patrol)
                    .map_or_else(Vec::new, |p| match &p.shape {
                        ObjectShape::Polyline { points } => points
                            .iter()
                            .map(|&(x, y)| {
                                tiled_cell(f64::from(p.x + x), f64::from(p.y + y), size.1)
                            })
                            .collect(),
                        other => panic!("a patrol {other:?}"),
                    });
            HashedGuard {
                start: at(g),
                torch: flag(g, "torch"),
                purse: flag(g, "purse"),
                key: flag(g, "key"),
                route,
            }
        })
        .collect();
    let start = objects("start")
        .iter()
        .find(|o| o.user_type == "start")
        .map(at)
        .expect("a start");
    Parts {
        size,
        terrain: terrain_from_rows(&data, size),
        items,
        guards,
        start,
    }
}

/// An LDtk entity identifier (`TorchLit`) as the class name it is made from (`torch_lit`).
fn snake_case(identifier: &str) -> String {
    let mut out = String::new();
    for (i, c) in identifier.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// An LDtk project of one level read by the `ldtk2` crate: items and guards by their definitions' tags,
/// an item's class from its identifier.
fn read_ldtk(bytes: &[u8]) -> Parts {
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    let project = ldtk2::Ldtk::from_str(text).expect("ldtk2 reads it");
    let layers = project.levels[0].layer_instances.as_ref().expect("layers");
    let terrain = layers
        .iter()
        .find(|l| l.identifier == "Terrain")
        .expect("the terrain");
    let size = (terrain.c_wid as i32, terrain.c_hei as i32);
    let cell = |grid: &[i64]| Cell::new(grid[0] as i32, size.1 - 1 - grid[1] as i32);
    let entities = &layers
        .iter()
        .find(|l| l.identifier == "Entities")
        .expect("entities")
        .entity_instances;
    let field = |e: &ldtk2::EntityInstance, name: &str| -> Value {
        e.field_instances
            .iter()
            .find(|f| f.identifier == name)
            .and_then(|f| f.value.clone())
            .unwrap_or(Value::Null)
    };
    let of = |name: &'static str| entities.iter().filter(move |e| e.identifier == name);
    let tagged = |tag: &'static str| {
        entities
            .iter()
            .filter(move |e| e.tags.iter().any(|t| t == tag))
    };
    let items = tagged("item")
        .map(|e| {
            let kind = kind_of(
                &snake_case(&e.identifier),
                field(e, "axis").as_str(),
                field(e, "index").as_u64().map(|v| v as u8),
            );
            (cell(&e.grid), kind)
        })
        .collect();
    let guards = tagged("guard")
        .map(|e| HashedGuard {
            start: cell(&e.grid),
            torch: field(e, "torch") == true,
            purse: field(e, "purse") == true,
            key: field(e, "key") == true,
            route: field(e, "patrol")
                .as_array()
                .expect("a patrol")
                .iter()
                .map(|p| cell(&[p["cx"].as_i64().unwrap(), p["cy"].as_i64().unwrap()]))
                .collect(),
        })
        .collect();
    let start = of("Start").next().map(|e| cell(&e.grid)).expect("a start");
    Parts {
        size,
        terrain: terrain_from_rows(&terrain.int_grid_csv, size),
        items,
        guards,
        start,
    }
}

/// What the level itself holds, in the same form, so a failure names the part that differs.
fn parts_of(level: &Level) -> Parts {
    let loads = |i: usize| {
        level
            .extension()
            .and_then(|slot| slot.guard_loads(i))
            .copied()
            .unwrap_or_default()
    };
    let mut terrain = Vec::new();
    for y in 0..level.height {
        for x in 0..level.width {
            terrain.push(level.terrain(Cell::new(x, y)));
        }
    }
    Parts {
        size: (level.width, level.height),
        terrain,
        items: level.items.iter().map(|i| (i.cell, i.kind)).collect(),
        guards: level
            .guards
            .iter()
            .enumerate()
            .map(|(i, g)| (g, loads(i)))
            .map(|(g, e)| HashedGuard {
                start: g.start,
                torch: g.carries_torch,
                purse: e.purse,
                key: e.key,
                route: level.patrols[g.route].cells.clone(),
            })
            .collect(),
        start: level.player_start,
    }
}

/// Asserts that `read` holds what `level` holds, part by part (the whole terrain grid, every item in
/// order, every guard with its route and loads, the start), and hashes to the game's `want` where the
/// game has one.
fn assert_holds(name: &str, format: &str, read: &Parts, level: &Level, want: Option<&str>) {
    let own = parts_of(level);
    assert_eq!(read.size, own.size, "{name} {format}: size");
    assert!(read.terrain == own.terrain, "{name} {format}: terrain");
    assert_eq!(read.items, own.items, "{name} {format}: items in order");
    assert_eq!(
        read.guards.len(),
        own.guards.len(),
        "{name} {format}: guards"
    );
    for (i, (read, own)) in read.guards.iter().zip(&own.guards).enumerate() {
        assert_eq!(read, own, "{name} {format}: guard {i}");
    }
    assert_eq!(read.start, own.start, "{name} {format}: start");
    if let Some(want) = want {
        assert_eq!(read.hash(), want, "{name} {format}: the game's hash");
    }
}

#[test]
fn every_export_read_back_hashes_as_the_game() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lll2025-exports");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let levels = vectors::vector_levels();
    assert_eq!(levels.len(), 340);
    for (i, (name, plan, theirs)) in levels.iter().enumerate() {
        let level = recipe_of(plan)
            .expect("the game's seed")
            .build()
            .expect("builds");
        let want = Some(theirs["fnv"].as_str().expect("a hash"));
        let tmj = export::render(&level, Format::Tmj, &[], &[], "tiles.png").expect("tmj");
        assert_holds(name, "tmj", &read_tmj(&tmj), &level, want);
        let project = ldtk::project(&[&level]).expect("ldtk");
        assert_holds(name, "ldtk", &read_ldtk(&project), &level, want);
        // The XML reader is the slowest of the three in a test build: every fourth level.
        if i % 4 == 0 {
            let path = dir.join("level.tmx");
            export::write(&path, &level, Format::Tmx, &[], &[]).expect("tmx");
            assert_holds(name, "tmx", &read_tmx(&path), &level, want);
        }
    }
}

/// Every generator's levels (the exact 2023 mode's too) read back whole from each map format: the
/// whole terrain grid, every item with its kind and cell in order, every guard with its route.
#[test]
fn every_generators_export_reads_back_whole() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("every-export");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let mut recipes: Vec<(String, Recipe)> = registry::all()
        .into_iter()
        .flat_map(|kind| {
            [2, 7].map(|seed| {
                let name = format!("{} {seed}", kind.id());
                (name, Recipe::for_game(&kind.defaults(), seed, 6))
            })
        })
        .collect();
    recipes.push(("exact 2023".into(), Recipe::exact_level(3, 8)));
    for (name, recipe) in recipes {
        let level = recipe.build().expect("builds");
        assert!(
            !level.items.is_empty() && !level.guards.is_empty(),
            "{name}"
        );
        let tmj = export::render(&level, Format::Tmj, &[], &[], "tiles.png").expect("tmj");
        assert_holds(&name, "tmj", &read_tmj(&tmj), &level, None);
        let project = ldtk::project(&[&level]).expect("ldtk");
        assert_holds(&name, "ldtk", &read_ldtk(&project), &level, None);
        let path = dir.join("level.tmx");
        export::write(&path, &level, Format::Tmx, &[], &[]).expect("tmx");
        assert_holds(&name, "tmx", &read_tmx(&path), &level, None);
    }
}
