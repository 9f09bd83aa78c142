//! What an engine importer needs of an exported Tiled map, read back with the `tiled` crate: rooms as
//! the outlines of their real cells, a class per kind of thing, a guard's patrol as an object
//! reference, valid XML whatever the names, and the same bytes for the same level with no backups.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use mansion_forge::generate::campaign;
use mansion_forge::generate::tile_growth::{TileGrowth, TileGrowthParams};
use mansion_forge::generate::{Generator, Request, Rerolls};
use mansion_forge::io::export::tiled::{guard_class, item_class};
use mansion_forge::io::export::{self, Format};
use mansion_forge::model::{ItemKind, Level, RoomKind};
use tiled::{Loader, Map, ObjectShape, PropertyValue};

#[path = "common/stacks.rs"]
mod stacks;

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("export-tiled-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn load(level: &Level, dir: &Path) -> Map {
    let path = dir.join("map.tmx");
    export::write(&path, level, Format::Tmx, &[], &[]).expect("writes");
    Loader::new()
        .load_tmx_map(&path)
        .expect("tiled loads the map")
}

fn objects<'m>(map: &'m Map, layer: &str) -> Vec<tiled::Object<'m>> {
    map.layers()
        .find(|l| l.name == layer)
        .and_then(tiled::Layer::as_object_layer)
        .unwrap_or_else(|| panic!("no object layer {layer}"))
        .objects()
        .collect()
}

fn int(o: &tiled::Object<'_>, name: &str) -> i32 {
    match o.properties.get(name) {
        Some(PropertyValue::IntValue(v)) => *v,
        other => panic!("{name}: {other:?}"),
    }
}

/// Whether the point is inside the polygon (even-odd rule; never on an edge here, as cell centres are
/// half a tile off the outline's grid lines).
fn inside(points: &[(f32, f32)], (px, py): (f32, f32)) -> bool {
    let mut inside = false;
    for (i, &(x0, y0)) in points.iter().enumerate() {
        let (x1, y1) = points[(i + 1) % points.len()];
        if (y0 > py) != (y1 > py) && px < x0 + (py - y0) * (x1 - x0) / (y1 - y0) {
            inside = !inside;
        }
    }
    inside
}

/// The map cells (model coordinates) whose centres lie inside the object's rectangle or polygon.
fn rasterise(o: &tiled::Object<'_>, level: &Level) -> BTreeSet<(i32, i32)> {
    let points: Vec<(f32, f32)> = match &o.shape {
        ObjectShape::Rect { width, height } => {
            vec![(0.0, 0.0), (*width, 0.0), (*width, *height), (0.0, *height)]
        }
        ObjectShape::Polygon { points } => points.clone(),
        other => panic!("a room is a rectangle or a polygon, not {other:?}"),
    };
    let mut cells = BTreeSet::new();
    for x in 0..level.width {
        for y in 0..level.height {
            let centre = (
                (x as f32 + 0.5) * 16.0 - o.x,
                ((level.height - 1 - y) as f32 + 0.5) * 16.0 - o.y,
            );
            if inside(&points, centre) {
                cells.insert((x, y));
            }
        }
    }
    cells
}

/// A tile-growth level with rooms that are not rectangles.
fn tile_growth_level() -> Level {
    let generator = TileGrowth {
        params: TileGrowthParams::default(),
    };
    (1..40)
        .map(|seed| {
            generator
                .generate(&Request {
                    level: 5,
                    seed,
                    locks: &[],
                    rerolls: Rerolls::default(),
                })
                .expect("generates")
        })
        .find(|level| {
            level.rooms.iter().any(|r| {
                r.kind != RoomKind::Exterior && r.cells.len() != r.interior.cells().count()
            })
        })
        .expect("a tile-growth level with a non-rectangular room")
}

#[test]
fn tile_growth_rooms_are_the_outlines_of_their_cells() {
    let level = tile_growth_level();
    let map = load(&level, &scratch("outlines"));
    let mut drawn: BTreeMap<usize, BTreeSet<(i32, i32)>> = BTreeMap::new();
    let mut holes: BTreeMap<usize, BTreeSet<(i32, i32)>> = BTreeMap::new();
    let mut polygons = 0;
    for o in objects(&map, "rooms") {
        let room = int(&o, "room") as usize;
        polygons += usize::from(matches!(o.shape, ObjectShape::Polygon { .. }));
        let cells = rasterise(&o, &level);
        let into = if o.user_type == "room_hole" {
            &mut holes
        } else {
            assert_eq!(
                o.user_type,
                format!("{:?}", level.rooms[room].kind).to_lowercase()
            );
            &mut drawn
        };
        let set = into.entry(room).or_default();
        assert!(set.is_disjoint(&cells), "room {room}: pieces overlap");
        set.extend(cells);
    }
    assert!(polygons > 0, "some rooms are polygons");
    for (id, room) in level.rooms.iter().enumerate() {
        if room.kind == RoomKind::Exterior {
            continue;
        }
        let expected: BTreeSet<(i32, i32)> = room.cells.iter().map(|c| (c.x, c.y)).collect();
        let got: BTreeSet<(i32, i32)> = drawn
            .get(&id)
            .map(|cells| cells - holes.get(&id).unwrap_or(&BTreeSet::new()))
            .unwrap_or_default();
        assert_eq!(got, expected, "room {id}");
    }
}

#[test]
fn classes_name_each_kind_and_a_guard_refers_to_its_patrol_object() {
    let level = campaign::plan(1).generate(9).expect("level 9");
    assert!(!level.guards.is_empty() && !level.items.is_empty());
    let map = load(&level, &scratch("classes"));
    let items = objects(&map, "items");
    assert_eq!(items.len(), level.items.len());
    for (o, item) in items.iter().zip(&level.items) {
        assert_eq!(o.user_type, item_class(item.kind));
    }
    let classes: BTreeSet<&str> = items.iter().map(|o| o.user_type.as_str()).collect();
    assert!(
        classes.contains("coin") && classes.contains("door"),
        "{classes:?}"
    );

    let patrols = objects(&map, "patrols");
    let guards = objects(&map, "guards");
    assert_eq!(guards.len(), level.guards.len());
    for (o, guard) in guards.iter().zip(&level.guards) {
        assert_eq!(o.user_type, guard_class(guard.carries_torch));
        let Some(PropertyValue::ObjectValue(id)) = o.properties.get("patrol") else {
            panic!("guard without a patrol reference: {:?}", o.properties);
        };
        let patrol = patrols
            .iter()
            .find(|p| p.id() == *id)
            .expect("the reference names an object of the patrols layer");
        assert_eq!(int(patrol, "route") as usize, guard.route);
        let ObjectShape::Polyline { points } = &patrol.shape else {
            panic!("a patrol is a polyline");
        };
        assert_eq!(points.len(), level.patrols[guard.route].cells.len());
    }

    let stations = objects(&map, "stations");
    let expected: usize = level.patrols.iter().map(|p| p.stations.len()).sum();
    assert!(expected > 0);
    assert_eq!(stations.len(), expected);
    assert!(stations.iter().all(|s| s.user_type == "station"));
    let start = objects(&map, "start");
    let entrance = start
        .iter()
        .find(|o| o.user_type == "entrance")
        .expect("an entrance object");
    assert_eq!(int(entrance, "room") as usize, level.entrance.room);
    assert_eq!(objects(&map, "splits").len(), level.split_points.len());
}

#[test]
fn names_xml_cannot_hold_are_replaced_and_the_map_loads() {
    let mut level = campaign::plan(1).generate(2).expect("level 2");
    level.generator = "ctl\u{1}gen\u{FFFF}".to_string();
    let dir = scratch("xml");
    let path = dir.join("ctl\u{1}name\u{FFFF}.tmx");
    let written = export::write(&path, &level, Format::Tmx, &[], &[]).expect("writes");
    assert_eq!(written[0], dir.join("terrain.png"));
    assert!(written[0].exists());
    let map = Loader::new()
        .load_tmx_map(&path)
        .expect("tiled loads the map");
    assert_eq!(
        map.properties.get("generator"),
        Some(&PropertyValue::StringValue(
            "ctl\u{FFFD}gen\u{FFFD}".to_string()
        ))
    );
    let image = map.tilesets()[0].image.as_ref().expect("an image");
    assert_eq!(image.source, dir.join("terrain.png"));
}

#[test]
fn the_same_level_gives_the_same_bytes_and_no_backups() {
    let level = tile_growth_level();
    let dir = scratch("same");
    for format in [Format::Tmx, Format::Tmj] {
        let path = dir.join(format!("map.{}", format.extension()));
        export::write(&path, &level, format, &[], &[]).expect("writes");
        let first = std::fs::read(&path).expect("written");
        export::write(&path, &level, format, &[], &[]).expect("writes again");
        assert_eq!(std::fs::read(&path).expect("written"), first, "{format}");
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The manifest of what was written is what lets the second export replace the first without a
    // backup.
    assert_eq!(
        names,
        [
            ".mansion-forge-written",
            "map.tmj",
            "map.tmx",
            "terrain.png"
        ]
    );
}

/// A stack (a chair under a coin, level format 2) is two objects on one cell, bottom first, so an
/// importer gets every item and draws them in the game's order.
#[test]
fn a_stack_exports_every_item_bottom_first() {
    let (level, chair) = stacks::coin_on_a_chair();
    let map = load(&level, &scratch("stack"));
    let items = objects(&map, "items");
    assert_eq!(items.len(), level.items.len());
    let (chair, coin) = (&items[chair], &items[chair + 1]);
    assert_eq!(chair.user_type, item_class(ItemKind::Chair));
    assert_eq!(coin.user_type, item_class(ItemKind::Coin));
    assert_eq!((chair.x, chair.y), (coin.x, coin.y));
}
