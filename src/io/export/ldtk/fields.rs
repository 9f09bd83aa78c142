//! Fields of LDtk entities and levels: their definitions and their values, as `ldtk2`'s typed structs.
//! A leaf of the LDtk writer: the definitions (`defs.rs`) and the instances (`entities.rs`) use it.

use ldtk2::{
    AllowedRefs, EditorDisplayMode, EditorDisplayPos, EditorLinkStyle, FieldDefinition,
    FieldInstance, ReferenceToAnEntityInstance,
};
use serde_json::{Value, json};

use super::ids::{LEVEL_FIELDS, enum_name};

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FieldType {
    Int,
    Bool,
    Str,
    /// A grid cell `(cx, cy)`.
    Point,
    /// Another entity, by iid (a guard's stations), of the definition of this uid only.
    EntityRef(i64),
    /// A value of the project's enum of this uid.
    Enum(i64),
}

/// One field of an entity or a level.
#[derive(Clone, Copy, Debug)]
pub(super) struct Field {
    pub(super) uid: i64,
    pub(super) name: &'static str,
    pub(super) kind: FieldType,
    pub(super) array: bool,
}

impl Field {
    /// The type as LDtk shows it (`Int`, `LocalEnum.RoomKind`, `Array<Point>`).
    fn shown(&self) -> String {
        let one = match self.kind {
            FieldType::Int => "Int".to_string(),
            FieldType::Bool => "Bool".to_string(),
            FieldType::Str => "String".to_string(),
            FieldType::Point => "Point".to_string(),
            FieldType::EntityRef(_) => "EntityRef".to_string(),
            FieldType::Enum(uid) => format!("LocalEnum.{}", enum_name(uid)),
        };
        if self.array {
            format!("Array<{one}>")
        } else {
            one
        }
    }

    /// The type as LDtk keeps it internally (`F_Int`, `F_Enum(3)`).
    fn internal(&self) -> String {
        match self.kind {
            FieldType::Int => "F_Int".to_string(),
            FieldType::Bool => "F_Bool".to_string(),
            FieldType::Str => "F_String".to_string(),
            FieldType::Point => "F_Point".to_string(),
            FieldType::EntityRef(_) => "F_EntityRef".to_string(),
            FieldType::Enum(uid) => format!("F_Enum({uid})"),
        }
    }
}

/// A field's definition. A point array is drawn as a path (closed for a room's outline); a reference
/// points at its one definition.
pub(super) fn field_def(f: &Field) -> FieldDefinition {
    let display = match (f.kind, f.name) {
        (FieldType::Point, "outline") => EditorDisplayMode::PointPathLoop,
        (FieldType::Point, _) => EditorDisplayMode::PointPath,
        (FieldType::EntityRef(_), _) => EditorDisplayMode::RefLinkBetweenCenters,
        _ => EditorDisplayMode::ValueOnly,
    };
    let target = match f.kind {
        FieldType::EntityRef(uid) => Some(uid),
        _ => None,
    };
    let refs = target.is_some();
    FieldDefinition {
        field_definition_type: f.shown(),
        accept_file_types: None,
        allowed_refs: if refs {
            AllowedRefs::OnlySpecificEntity
        } else {
            AllowedRefs::OnlySame
        },
        allowed_refs_entity_uid: target,
        allowed_ref_tags: Vec::new(),
        allow_out_of_level_ref: false,
        array_max_length: None,
        array_min_length: None,
        auto_chain_ref: false,
        can_be_null: true,
        default_override: None,
        doc: None,
        editor_always_show: false,
        editor_cut_long_values: true,
        editor_display_color: None,
        editor_display_mode: display,
        editor_display_pos: EditorDisplayPos::Above,
        editor_display_scale: 1.0,
        editor_link_style: EditorLinkStyle::StraightArrow,
        editor_show_in_world: true,
        editor_text_prefix: None,
        editor_text_suffix: None,
        export_to_toc: false,
        identifier: f.name.to_string(),
        is_array: f.array,
        max: None,
        min: None,
        regex: None,
        searchable: false,
        symmetrical_ref: false,
        text_language_mode: None,
        tileset_uid: None,
        purple_type: f.internal(),
        uid: f.uid,
        use_for_smart_color: false,
    }
}

/// Where an entity is, for a reference to it.
#[derive(Clone, Debug)]
pub(super) struct EntityRef {
    pub(super) entity: String,
    pub(super) layer: String,
    pub(super) level: String,
    pub(super) world: String,
}

/// A field's value.
pub(super) enum FieldValue {
    Int(i64),
    Bool(bool),
    Str(String),
    /// An enum value's id.
    Enum(&'static str),
    Points(Vec<(i64, i64)>),
    Refs(Vec<EntityRef>),
    /// No value (a nullable field left empty).
    Null,
}

/// A field's instance: what importers read (`__value`) and what the LDtk editor restores
/// (`realEditorValues`, a tagged value per element).
pub(super) fn field_instance(f: &Field, value: FieldValue) -> FieldInstance {
    let tagged = |id: &str, v: Value| Some(json!({ "id": id, "params": [v] }));
    let (shown, real) = match value {
        FieldValue::Int(i) => (json!(i), vec![tagged("V_Int", json!(i))]),
        FieldValue::Bool(b) => (json!(b), vec![tagged("V_Bool", json!(b))]),
        FieldValue::Str(s) => (json!(s), vec![tagged("V_String", json!(s))]),
        FieldValue::Enum(id) => (json!(id), vec![tagged("V_String", json!(id))]),
        FieldValue::Null => (Value::Null, Vec::new()),
        FieldValue::Points(points) => (
            points
                .iter()
                .map(|&(cx, cy)| json!({ "cx": cx, "cy": cy }))
                .collect(),
            points
                .iter()
                .map(|&(cx, cy)| tagged("V_String", json!(format!("{cx},{cy}"))))
                .collect(),
        ),
        FieldValue::Refs(refs) => (
            refs.iter()
                .map(|r| {
                    let reference = ReferenceToAnEntityInstance {
                        entity_iid: r.entity.clone(),
                        layer_iid: r.layer.clone(),
                        level_iid: r.level.clone(),
                        world_iid: r.world.clone(),
                    };
                    serde_json::to_value(reference).unwrap_or(Value::Null)
                })
                .collect(),
            refs.iter()
                .map(|r| tagged("V_String", json!(r.entity)))
                .collect(),
        ),
    };
    FieldInstance {
        identifier: f.name.to_string(),
        tile: None,
        field_instance_type: f.shown(),
        value: Some(shown),
        def_uid: f.uid,
        real_editor_values: real,
    }
}

/// The fields of every level: which generator made it, its level number, its seed (a string, since
/// LDtk's editor keeps integers as doubles, which do not hold a 64-bit seed).
pub(super) fn level_fields() -> [Field; 3] {
    let field = |i: i64, name, kind| Field {
        uid: LEVEL_FIELDS + i,
        name,
        kind,
        array: false,
    };
    [
        field(0, "generator", FieldType::Str),
        field(1, "level", FieldType::Int),
        field(2, "seed", FieldType::Str),
    ]
}
