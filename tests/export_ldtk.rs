//! The LDtk export checked against LDtk's own JSON schema (kept in `tests/data/ldtk/`) and read back
//! with the `ldtk2` reader crate: one LDtk level per mansion, whose entities and terrain are the level's.

use std::collections::BTreeMap;

use mansion_forge::generate::campaign;
use mansion_forge::io::export::ldtk;
use mansion_forge::io::export::tiled::{item_class, tile_id};
use mansion_forge::io::export::{self, Format};
use mansion_forge::model::{Cell, ItemKind, Level, RoomKind};

#[path = "common/stacks.rs"]
mod stacks;

fn game() -> Vec<Level> {
    let plan = campaign::plan(1);
    (0..campaign::LEVELS as u32)
        .map(|n| plan.generate(n).expect("a level"))
        .collect()
}

fn project_of(levels: &[Level]) -> Vec<u8> {
    let refs: Vec<&Level> = levels.iter().collect();
    ldtk::project(&refs).expect("serialises")
}

/// LDtk's published schema, as a validator.
fn schema_validator() -> jsonschema::Validator {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("data/ldtk/JSON_SCHEMA.json")).expect("the schema");
    assert_eq!(schema["version"], ldtk::JSON_VERSION);
    jsonschema::draft7::new(&schema).expect("a valid draft-7 schema")
}

/// The first schema errors of `project`, each with where it is.
fn schema_errors(validator: &jsonschema::Validator, project: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(project)
        .take(10)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn a_campaign_project_validates_against_ldtks_schema() {
    let validator = schema_validator();
    let project: serde_json::Value =
        serde_json::from_slice(&project_of(&game())).expect("valid JSON");
    let errors = schema_errors(&validator, &project);
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema is checked for what it rejects too: an entity without its required `iid`.
    let mut broken = project.clone();
    let entity = &mut broken["levels"][0]["layerInstances"][0]["entityInstances"][0];
    entity.as_object_mut().expect("an entity").remove("iid");
    assert!(!validator.is_valid(&broken));
}

fn count(level: &ldtk2::Level) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for layer in level.layer_instances.as_deref().unwrap_or_default() {
        for e in &layer.entity_instances {
            *counts.entry(e.identifier.clone()).or_default() += 1;
        }
    }
    counts
}

#[test]
fn the_reader_crate_loads_ten_levels_with_the_levels_entities_and_terrain() {
    let levels = game();
    let text = String::from_utf8(project_of(&levels)).expect("UTF-8");
    let project = ldtk2::Ldtk::from_str(&text).expect("ldtk2 reads the project");
    assert_eq!(project.json_version, ldtk::JSON_VERSION);
    assert_eq!(project.levels.len(), levels.len());
    for (read, level) in project.levels.iter().zip(&levels) {
        let mut expected = BTreeMap::from([
            ("Item".to_string(), level.items.len()),
            ("Guard".to_string(), level.guards.len()),
            (
                "Room".to_string(),
                level
                    .rooms
                    .iter()
                    .filter(|r| r.kind != RoomKind::Exterior)
                    .count(),
            ),
            ("Start".to_string(), 1),
            ("Entrance".to_string(), 1),
            (
                "Exit".to_string(),
                usize::from(level.entrance.exit_cell.is_some()),
            ),
        ]);
        expected.retain(|_, n| *n > 0);
        assert_eq!(count(read), expected, "level {}", level.level);
        let layers = read.layer_instances.as_ref().expect("layers");
        let terrain = layers
            .iter()
            .find(|l| l.identifier == "Terrain")
            .expect("terrain");
        assert_eq!(
            terrain.int_grid_csv.len(),
            (level.width * level.height) as usize
        );
        // Row 0 of the grid is the north edge.
        let nw = level.terrain(Cell::new(0, level.height - 1));
        assert_eq!(terrain.int_grid_csv[0], i64::from(tile_id(nw)) + 1);
        let entities = &layers
            .iter()
            .find(|l| l.identifier == "Entities")
            .expect("entities")
            .entity_instances;
        let items = entities.iter().filter(|e| e.identifier == "Item");
        for (e, item) in items.zip(&level.items) {
            let kind = e
                .field_instances
                .iter()
                .find(|f| f.identifier == "kind")
                .expect("kind");
            assert_eq!(kind.value, Some(serde_json::json!(item_class(item.kind))));
            let row = i64::from(level.height - 1 - item.cell.y);
            assert_eq!(e.grid, [i64::from(item.cell.x), row]);
        }
        let guards = entities.iter().filter(|e| e.identifier == "Guard");
        for (e, guard) in guards.zip(&level.guards) {
            let patrol = e
                .field_instances
                .iter()
                .find(|f| f.identifier == "patrol")
                .expect("patrol");
            let points = patrol
                .value
                .as_ref()
                .and_then(|v| v.as_array())
                .expect("points");
            assert_eq!(points.len(), level.patrols[guard.route].cells.len());
        }
    }
}

/// A stack (a chair under a coin, level format 2) is two `Item` entities on one grid cell, bottom
/// first, as read back by the `ldtk2` crate.
#[test]
fn a_stack_is_an_item_entity_per_item_bottom_first() {
    let (level, chair) = stacks::coin_on_a_chair();
    let text = String::from_utf8(project_of(std::slice::from_ref(&level))).expect("UTF-8");
    let project = ldtk2::Ldtk::from_str(&text).expect("ldtk2 reads the project");
    let layers = project.levels[0].layer_instances.as_ref().expect("layers");
    let items: Vec<&ldtk2::EntityInstance> = layers
        .iter()
        .find(|l| l.identifier == "Entities")
        .expect("entities")
        .entity_instances
        .iter()
        .filter(|e| e.identifier == "Item")
        .collect();
    assert_eq!(items.len(), level.items.len());
    let kind = |e: &ldtk2::EntityInstance| {
        e.field_instances
            .iter()
            .find(|f| f.identifier == "kind")
            .and_then(|f| f.value.clone())
    };
    let (below, above) = (items[chair], items[chair + 1]);
    assert_eq!(
        kind(below),
        Some(serde_json::json!(item_class(ItemKind::Chair)))
    );
    assert_eq!(
        kind(above),
        Some(serde_json::json!(item_class(ItemKind::Coin)))
    );
    assert_eq!(below.grid, above.grid);
}

#[test]
fn the_same_levels_give_the_same_bytes_and_ldtk_is_an_export_format() {
    let levels = game();
    assert_eq!(project_of(&levels[..3]), project_of(&levels[..3]));
    assert_eq!(
        Format::from_path(std::path::Path::new("x.ldtk")),
        Some(Format::Ldtk)
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-ldtk");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("one.ldtk");
    let written = export::write(&path, &levels[4], Format::Ldtk, &[], &[]).expect("writes");
    assert_eq!(written, std::slice::from_ref(&path));
    assert_eq!(
        std::fs::read(&path).expect("written"),
        project_of(&levels[4..5])
    );
}

#[test]
fn a_2025_daily_run_validates_and_loads() {
    use mansion_forge::generate::lll2025::declaration::recipe_of;
    use mansion_forge::generate::lll2025::plan::daily_run;
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
    let project: serde_json::Value = serde_json::from_slice(&bytes).expect("valid JSON");
    let errors = schema_errors(&schema_validator(), &project);
    assert!(errors.is_empty(), "{errors:#?}");
    let loaded = ldtk2::Ldtk::from_str(std::str::from_utf8(&bytes).expect("UTF-8"))
        .expect("the reader crate loads it");
    assert_eq!(loaded.levels.len(), 3);
}
