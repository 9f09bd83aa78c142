//! What a campaign folder of Tiled maps gets beside them: a Tiled project (`.tiled-project`) declaring
//! every object class the maps use with its members typed, so Tiled's Custom Types editor and the
//! importers that read a project know them; and a world (`.world`) laying the ten maps out side by side,
//! so Tiled opens the whole campaign at once.
//!
//! The classes and their members are listed once here ([`classes`]); `tests/export_tiled_world.rs`
//! holds every object of exported maps to them.

use serde_json::{Value, json};

use super::tiled::{ITEM_KINDS, ROOM_KINDS, TILE, item_class, room_class};
use crate::model::ItemKind;

/// The project's file name in a campaign folder.
pub const PROJECT: &str = "mansion-forge.tiled-project";
/// The world's file name in a campaign folder.
pub const WORLD: &str = "campaign.world";
/// Tiles between two maps of the world.
const GAP: i64 = 4;

/// A class member: its name and its Tiled type (`int`, `bool`, `string`, `object`).
pub type Member = (&'static str, &'static str);

/// A room's outline, and a hole in one.
const ROOM: &[Member] = &[
    ("room", "int"),
    ("kind", "string"),
    ("depth", "int"),
    ("private", "bool"),
];
/// An item: its kind, the class's own name.
const ITEM: &[Member] = &[("kind", "string")];
/// A door, locked door or portcullis: its kind and its wall's axis (`ns`, `ew`).
const IN_A_WALL: &[Member] = &[("kind", "string"), ("axis", "string")];
/// A treasure: its kind and which of the five it is.
const TREASURE: &[Member] = &[("kind", "string"), ("index", "int")];
/// A guard: its route, its torch, what a 2025 guard carries, and its patrol's polyline.
const GUARD: &[Member] = &[
    ("route", "int"),
    ("torch", "bool"),
    ("purse", "bool"),
    ("key", "bool"),
    ("patrol", "object"),
];
/// A patrol route's polyline.
const PATROL: &[Member] = &[
    ("route", "int"),
    ("loop", "bool"),
    ("outside", "bool"),
    ("visits", "string"),
];
/// A pause of a patrol.
const STATION: &[Member] = &[
    ("route", "int"),
    ("room", "int"),
    ("kind", "string"),
    ("role", "string"),
    ("wait", "int"),
    ("patrol", "object"),
];
/// A door cell between two rooms.
const DOORWAY: &[Member] = &[
    ("adjacency", "int"),
    ("left", "int"),
    ("right", "int"),
    ("corridor", "bool"),
];
/// Where a patrol chain was cut.
const SPLIT: &[Member] = &[("before", "int"), ("after", "int")];
/// The way in, with its room.
const ENTRANCE: &[Member] = &[("room", "int")];

/// The members of an item class.
fn item_members(kind: ItemKind) -> &'static [Member] {
    match kind {
        ItemKind::Door(_) | ItemKind::LockedDoor(_) | ItemKind::Portcullis(_) => IN_A_WALL,
        ItemKind::Treasure(_) => TREASURE,
        _ => ITEM,
    }
}

/// Every object class the maps use, with its members, in the order the project lists them.
#[must_use]
pub fn classes() -> Vec<(&'static str, &'static [Member])> {
    let mut classes: Vec<(&'static str, &'static [Member])> = ROOM_KINDS
        .iter()
        .map(|&kind| (room_class(kind), ROOM))
        .collect();
    classes.push(("room_hole", ROOM));
    classes.push(("doorway", DOORWAY));
    classes.extend(
        ITEM_KINDS
            .iter()
            .map(|&kind| (item_class(kind), item_members(kind))),
    );
    classes.dedup_by_key(|(name, _)| *name);
    classes.extend([
        ("guard", GUARD),
        ("guard_torch", GUARD),
        ("patrol", PATROL),
        ("station", STATION),
        ("split", SPLIT),
        ("start", &[] as &[Member]),
        ("entrance", ENTRANCE),
        ("exit", &[]),
    ]);
    classes
}

/// A member's default value in the project, by its type.
fn default_of(kind: &str) -> Value {
    match kind {
        "int" | "object" => json!(0),
        "bool" => json!(false),
        _ => json!(""),
    }
}

/// The project file's JSON: the folder itself, and every class as a custom type objects use.
#[must_use]
pub fn project() -> Vec<u8> {
    let types: Vec<Value> = classes()
        .into_iter()
        .enumerate()
        .map(|(n, (name, members))| {
            let members: Vec<Value> = members
                .iter()
                .map(|&(member, kind)| json!({"name": member, "type": kind, "value": default_of(kind)}))
                .collect();
            json!({
                "id": n + 1,
                "name": name,
                "type": "class",
                "useAs": ["object"],
                "color": "#ffa0a0a4",
                "drawFill": true,
                "members": members,
            })
        })
        .collect();
    let project = json!({
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "propertyTypes": types,
    });
    let mut bytes = serde_json::to_vec_pretty(&project).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// The world file's JSON: the maps (file name, size in cells) left to right in order, four tiles
/// apart, their tops aligned.
#[must_use]
pub fn world(maps: &[(String, i32, i32)]) -> Vec<u8> {
    let tile = i64::from(TILE);
    let mut x = 0;
    let maps: Vec<Value> = maps
        .iter()
        .map(|(file, width, height)| {
            let (w, h) = (i64::from(*width) * tile, i64::from(*height) * tile);
            let map = json!({"fileName": file, "x": x, "y": 0, "width": w, "height": h});
            x += w + GAP * tile;
            map
        })
        .collect();
    let world = json!({"maps": maps, "onlyShowAdjacentMaps": false, "type": "world"});
    let mut bytes = serde_json::to_vec_pretty(&world).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class is declared once; the world's maps do not overlap and keep their order.
    #[test]
    fn classes_are_unique_and_maps_sit_side_by_side() {
        let names: Vec<&str> = classes().iter().map(|(name, _)| *name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        assert!(names.contains(&"torch_lit") && names.contains(&"treasure"));
        let world: Value = serde_json::from_slice(&world(&[
            ("level-0.tmx".into(), 10, 5),
            ("level-1.tmx".into(), 3, 7),
        ]))
        .expect("JSON");
        let maps = world["maps"].as_array().expect("maps");
        assert_eq!(maps[1]["fileName"], "level-1.tmx");
        assert_eq!(maps[1]["x"], (10 + GAP) * i64::from(TILE));
        assert_eq!(maps[0]["height"], 5 * i64::from(TILE));
    }
}
