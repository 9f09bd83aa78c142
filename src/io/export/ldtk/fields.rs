//! The LDtk project's fixed definitions that entities and levels both use: the uids, the fields of each
//! entity and of a level, and how a field's value is written. A leaf: the project (`ldtk.rs`) and its
//! entities (`entities.rs`) import it, it imports neither.

use serde_json::{Value, json};

use super::super::tiled::TILE;

pub(super) const GRID: i64 = TILE as i64;

// Definition uids, fixed so that files compare equal.
pub(super) const TERRAIN_LAYER: i64 = 1;
pub(super) const ENTITY_LAYER: i64 = 2;
pub(super) const ITEM_ENUM: i64 = 3;
pub(super) const ROOM_ENUM: i64 = 4;
/// Entity definitions, in this order, from uid 10; their fields from uid 100 (see [`entity_defs`]).
pub(super) const ENTITIES: [&str; 6] = ["Item", "Guard", "Room", "Start", "Entrance", "Exit"];
/// The level fields' uids.
pub(super) const LEVEL_FIELDS: i64 = 200;
/// The first uid not used by a definition: levels are numbered from here.
pub(super) const FIRST_LEVEL_UID: i64 = 300;

pub(super) fn entity_uid(name: &str) -> i64 {
    10 + ENTITIES.iter().position(|&e| e == name).unwrap_or(0) as i64
}

/// A field of an entity or level: identifier, LDtk's internal type, its displayed type, whether it is
/// an array.
pub(super) struct Field {
    pub(super) uid: i64,
    pub(super) name: &'static str,
    pub(super) internal: String,
    pub(super) shown: &'static str,
    pub(super) array: bool,
}

pub(super) fn fields_of(entity: &str) -> Vec<Field> {
    let base = 100 + 10 * (entity_uid(entity) - 10);
    let list: &[(&'static str, &'static str, bool)] = match entity {
        "Item" => &[
            ("kind", "LocalEnum.ItemKind", false),
            ("axis", "String", false),
            ("variant", "Int", false),
        ],
        "Guard" => &[
            ("route", "Int", false),
            ("torch", "Bool", false),
            ("loop", "Bool", false),
            ("patrol", "Point", true),
            ("purse", "Bool", false),
            ("key", "Bool", false),
        ],
        "Room" => &[
            ("room", "Int", false),
            ("kind", "LocalEnum.RoomKind", false),
            ("depth", "Int", false),
            ("private", "Bool", false),
        ],
        "Entrance" => &[("room", "Int", false)],
        _ => &[],
    };
    list.iter()
        .enumerate()
        .map(|(i, &(name, shown, array))| Field {
            uid: base + i as i64,
            name,
            internal: internal_type(shown),
            shown,
            array,
        })
        .collect()
}

pub(super) fn level_fields() -> Vec<Field> {
    [
        ("generator", "String"),
        ("level", "Int"),
        ("seed", "String"),
    ]
    .iter()
    .enumerate()
    .map(|(i, &(name, shown))| Field {
        uid: LEVEL_FIELDS + i as i64,
        name,
        internal: internal_type(shown),
        shown,
        array: false,
    })
    .collect()
}

pub(super) fn internal_type(shown: &str) -> String {
    match shown {
        "LocalEnum.ItemKind" => format!("F_Enum({ITEM_ENUM})"),
        "LocalEnum.RoomKind" => format!("F_Enum({ROOM_ENUM})"),
        other => format!("F_{other}"),
    }
}

pub(super) fn field_def(f: &Field) -> Value {
    let shown = if f.array {
        format!("Array<{}>", f.shown)
    } else {
        f.shown.to_string()
    };
    json!({
        "identifier": f.name, "doc": null, "__type": shown, "uid": f.uid, "type": f.internal,
        "isArray": f.array, "canBeNull": true, "arrayMinLength": null, "arrayMaxLength": null,
        "editorDisplayMode": if f.array { "PointPath" } else { "ValueOnly" },
        "editorDisplayScale": 1, "editorDisplayPos": "Above", "editorLinkStyle": "StraightArrow",
        "editorDisplayColor": null, "editorAlwaysShow": false, "editorShowInWorld": true,
        "editorCutLongValues": true, "editorTextSuffix": null, "editorTextPrefix": null,
        "useForSmartColor": false, "exportToToc": false, "searchable": false, "min": null,
        "max": null, "regex": null, "acceptFileTypes": null, "defaultOverride": null,
        "textLanguageMode": null, "symmetricalRef": false, "autoChainRef": true,
        "allowOutOfLevelRef": true, "allowedRefs": "OnlySame", "allowedRefsEntityUid": null,
        "allowedRefTags": [], "tilesetUid": null,
    })
}

/// A field's value: what importers read (`__value`) and what the LDtk editor restores
/// (`realEditorValues`).
pub(super) enum FieldValue {
    Int(i64),
    Bool(bool),
    Str(String),
    Points(Vec<(i64, i64)>),
    /// No value (a nullable field left empty).
    Null,
}

pub(super) fn field_instance(f: &Field, value: &FieldValue) -> Value {
    let wrap = |id: &str, v: Value| json!({ "id": id, "params": [v] });
    let (shown, real) = match value {
        FieldValue::Int(i) => (json!(i), vec![wrap("V_Int", json!(i))]),
        FieldValue::Bool(b) => (json!(b), vec![wrap("V_Bool", json!(b))]),
        FieldValue::Str(s) => (json!(s), vec![wrap("V_String", json!(s))]),
        FieldValue::Null => (Value::Null, Vec::new()),
        FieldValue::Points(points) => (
            points
                .iter()
                .map(|&(cx, cy)| json!({ "cx": cx, "cy": cy }))
                .collect(),
            points
                .iter()
                .map(|&(cx, cy)| wrap("V_String", json!(format!("{cx},{cy}"))))
                .collect(),
        ),
    };
    let shown_type = if f.array {
        format!("Array<{}>", f.shown)
    } else {
        f.shown.to_string()
    };
    json!({
        "__identifier": f.name, "__type": shown_type, "__value": shown, "__tile": null,
        "defUid": f.uid, "realEditorValues": real,
    })
}
