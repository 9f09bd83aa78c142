//! The two kinds of id an LDtk project holds. Definition `uid`s are small fixed integers, so the same
//! definitions always carry the same numbers. Instance `iid`s are UUIDs of version 5 (SHA-1, named):
//! the project's is named by the fingerprints of its levels, and every instance's by where it is in
//! that project. The same levels give the same ids, byte for byte; a project of other levels gets
//! other ids throughout, so two exported projects loaded into one game never share one.

use uuid::Uuid;

use crate::io::export::tiled::TILE;
use crate::io::preset::fingerprint_number;
use crate::model::Level;

/// The grid size in pixels: the tilesets' tile size.
pub(super) const GRID: i64 = TILE as i64;

/// An enum's identifier, by uid.
pub(super) fn enum_name(uid: i64) -> &'static str {
    match uid {
        ROOM_KIND => "RoomKind",
        STATION_KIND => "StationKind",
        STATION_ROLE => "StationRole",
        _ => "Axis",
    }
}

/// The terrain `IntGrid` layer.
pub(super) const TERRAIN_LAYER: i64 = 1;
/// The entity layer.
pub(super) const ENTITY_LAYER: i64 = 2;
/// The enums.
pub(super) const ROOM_KIND: i64 = 3;
pub(super) const STATION_KIND: i64 = 4;
pub(super) const STATION_ROLE: i64 = 5;
pub(super) const AXIS: i64 = 6;
/// The terrain tileset (one tile per terrain kind).
pub(super) const TERRAIN_TILESET: i64 = 8;
/// The things tileset (one tile per item kind and guard kind).
pub(super) const THINGS_TILESET: i64 = 9;
/// The terrain layer's rule group; its rules, one per terrain kind, follow it.
pub(super) const TERRAIN_RULES: i64 = 10;
/// Entity definitions, in `Kind::all()` order from here (`kinds.rs`).
pub(super) const FIRST_ENTITY: i64 = 100;
/// Fields: each entity definition's from `FIRST_FIELD + 20 × its index`.
pub(super) const FIRST_FIELD: i64 = 1000;
/// The level fields.
pub(super) const LEVEL_FIELDS: i64 = 3000;
/// The first uid not used by a definition: levels are numbered from here.
pub(super) const FIRST_LEVEL: i64 = 4000;

/// The namespace of every project's name: a fixed UUID of Mansion Forge's own, so no other program's
/// version-5 ids can equal these.
const NAMESPACE: Uuid = Uuid::from_u128(0x6d61_6e73_696f_4e66_8f72_6765_6c64_746b);

/// Names a project's instances.
pub(super) struct Iids {
    project: Uuid,
}

impl Iids {
    /// The ids of a project of `levels`, in this order.
    pub(super) fn of(levels: &[&Level]) -> Self {
        let name: String = levels
            .iter()
            .map(|level| format!(" {:016x}", fingerprint_number(level)))
            .fold(String::from("mansion-forge ldtk project"), |name, part| {
                name + &part
            });
        Iids {
            project: Uuid::new_v5(&NAMESPACE, name.as_bytes()),
        }
    }

    /// The project's own iid.
    pub(super) fn project(&self) -> String {
        self.project.hyphenated().to_string()
    }

    /// The iid of the instance the project calls `name` (a level's number and what it is there, such as
    /// `3/item/17`), as LDtk writes it: lowercase and hyphenated.
    pub(super) fn named(&self, name: &str) -> String {
        Uuid::new_v5(&self.project, name.as_bytes())
            .hyphenated()
            .to_string()
    }

    /// The world's iid.
    pub(super) fn world(&self) -> String {
        self.named("world")
    }

    /// Level `number`'s iid.
    pub(super) fn level(&self, number: usize) -> String {
        self.named(&format!("{number}"))
    }

    /// The iid of level `number`'s layer `layer` (its definition uid).
    pub(super) fn layer(&self, number: usize, layer: i64) -> String {
        self.named(&format!("{number}/layer/{layer}"))
    }
}
