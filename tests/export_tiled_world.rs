//! A Tiled campaign folder opens as one world and declares its classes: `campaign --format tmx` writes
//! `campaign.world`, which Tiled's world format (read here by the `tiled` crate) lays out with the ten
//! maps, and `mansion-forge.tiled-project`, whose class types name every class an object of those maps
//! has, with every property the object carries as a member of the same type.

#[path = "common/cli.rs"]
mod cli;

use std::collections::BTreeMap;
use std::path::Path;

use cli::{run, s, scratch};
use serde_json::Value;
use tiled::{LayerType, Loader, PropertyValue};

/// The project's classes: each name with its members' types by member name.
fn classes(dir: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let text = std::fs::read_to_string(dir.join("mansion-forge.tiled-project")).expect("a project");
    let project: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(project["folders"], serde_json::json!(["."]));
    project["propertyTypes"]
        .as_array()
        .expect("property types")
        .iter()
        .map(|class| {
            assert_eq!(class["type"], "class");
            let members = class["members"]
                .as_array()
                .expect("members")
                .iter()
                .map(|m| {
                    let name = m["name"].as_str().expect("a name").to_string();
                    (name, m["type"].as_str().expect("a type").to_string())
                })
                .collect();
            (class["name"].as_str().expect("a name").to_string(), members)
        })
        .collect()
}

/// A property value's Tiled type name.
fn type_of(value: &PropertyValue) -> &'static str {
    match value {
        PropertyValue::BoolValue(_) => "bool",
        PropertyValue::IntValue(_) => "int",
        PropertyValue::StringValue(_) => "string",
        PropertyValue::ObjectValue(_) => "object",
        _ => "other",
    }
}

/// The campaign `run` names as Tiled maps, checked through its world and project; returns how many
/// objects were checked.
fn check_campaign(name: &str, run_args: &[&str]) -> usize {
    let dir = scratch(&format!("tiled-world-{name}"));
    let mut args = vec!["campaign", "--out", s(&dir), "--format", "tmx"];
    args.extend_from_slice(run_args);
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let classes = classes(&dir);
    let mut loader = Loader::new();
    let world = loader
        .load_world(dir.join("campaign.world"))
        .expect("a world");
    let files: Vec<&str> = world.maps.iter().map(|m| m.filename.as_str()).collect();
    let want: Vec<String> = (0..10).map(|n| format!("level-{n}.tmx")).collect();
    assert_eq!(files, want);
    let mut right_edge = i32::MIN;
    let mut checked = 0;
    for placed in &world.maps {
        assert_eq!(placed.y, 0);
        assert!(
            placed.x > right_edge,
            "{} overlaps the map before",
            placed.filename
        );
        let map = loader
            .load_tmx_map(dir.join(&placed.filename))
            .expect("a map");
        let width = i32::try_from(map.width * map.tile_width).expect("a width");
        let height = i32::try_from(map.height * map.tile_height).expect("a height");
        assert_eq!((placed.width, placed.height), (Some(width), Some(height)));
        right_edge = placed.x + width;
        for layer in map.layers() {
            let LayerType::Objects(objects) = layer.layer_type() else {
                continue;
            };
            for object in objects.objects() {
                let members = classes
                    .get(&object.user_type)
                    .unwrap_or_else(|| panic!("class {} is declared", object.user_type));
                for (name, value) in &object.properties {
                    assert_eq!(
                        members.get(name).map(String::as_str),
                        Some(type_of(value)),
                        "{} of class {} in {}",
                        name,
                        object.user_type,
                        placed.filename
                    );
                }
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn a_siheyuan_campaign_is_one_world_of_declared_classes() {
    assert!(check_campaign("siheyuan", &["--seed", "1"]) > 500);
}

/// The 2025 game's mansions add its guards' loads, locked doors and treasures with their index.
#[test]
fn a_2025_campaign_is_one_world_of_declared_classes() {
    assert!(check_campaign("lll2025", &["--game", "lll2025", "--game-seed", "game 1"]) > 500);
}
