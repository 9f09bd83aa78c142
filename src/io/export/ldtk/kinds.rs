//! The kinds of entity an LDtk project defines, one definition each. Engine importers pick a prefab or
//! scene by an entity's identifier (`LDtkToUnity`, `bevy_ecs_ldtk`'s `register_ldtk_entity`, the Godot
//! importers), so every item class and every kind of guard is a definition of its own, with the fields
//! that matter to it and a tile of the things tileset ([`things_image`]).

use std::sync::LazyLock;

use egui::{Rect, pos2, vec2};
use image::RgbaImage;

use super::fields::{Field, FieldType};
use super::ids::{AXIS, FIRST_ENTITY, FIRST_FIELD, ROOM_KIND, STATION_KIND, STATION_ROLE};
use crate::io::export::tiled::{ITEM_KINDS, TILE, item_class};
use crate::model::{GuardExtras2025, ItemKind, Post2025};
use crate::paint::{self, GuardBadge};

/// A kind of guard, as an engine would spawn it: the key carrier first (a thief needs its key), then a
/// torch bearer, a guard keeping one post, and a guard walking its patrol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GuardKind {
    Patrolling,
    Torch,
    Stationary,
    KeyCarrier,
}

impl GuardKind {
    const ALL: [GuardKind; 4] = [
        GuardKind::Patrolling,
        GuardKind::Torch,
        GuardKind::Stationary,
        GuardKind::KeyCarrier,
    ];

    /// The kind of a guard that carries a torch or not, walks a route of `distinct_cells` cells, and
    /// carries the 2025 game's `extras`.
    pub(super) fn of(
        carries_torch: bool,
        distinct_cells: usize,
        extras: Option<&GuardExtras2025>,
    ) -> GuardKind {
        let posted = extras.is_some_and(|e| e.post != Post2025::Patrolling);
        if extras.is_some_and(|e| e.key) {
            GuardKind::KeyCarrier
        } else if carries_torch {
            GuardKind::Torch
        } else if posted || distinct_cells <= 1 {
            GuardKind::Stationary
        } else {
            GuardKind::Patrolling
        }
    }

    fn badge(self) -> GuardBadge {
        match self {
            GuardKind::Patrolling => GuardBadge::None,
            GuardKind::Torch => GuardBadge::Torch,
            GuardKind::Stationary => GuardBadge::Post,
            GuardKind::KeyCarrier => GuardBadge::Key,
        }
    }
}

/// One entity definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// An item class, named by the first of [`ITEM_KINDS`] in it.
    Item(ItemKind),
    Guard(GuardKind),
    /// One piece of a room's floor, its outline a polygon.
    Room,
    /// A hole in a room's floor (a ring-shaped room's middle), its outline a polygon.
    RoomHole,
    /// Where a patrol stops and waits.
    Station,
    Start,
    Entrance,
    Exit,
}

impl Kind {
    /// Every definition, in uid order.
    pub(super) fn all() -> &'static [Kind] {
        static ALL: LazyLock<Vec<Kind>> = LazyLock::new(Kind::list);
        &ALL
    }

    fn list() -> Vec<Kind> {
        let mut kinds: Vec<Kind> = Vec::new();
        for kind in ITEM_KINDS {
            if !kinds.contains(&Kind::item(kind)) {
                kinds.push(Kind::item(kind));
            }
        }
        kinds.extend(GuardKind::ALL.map(Kind::Guard));
        kinds.extend([
            Kind::Room,
            Kind::RoomHole,
            Kind::Station,
            Kind::Start,
            Kind::Entrance,
            Kind::Exit,
        ]);
        kinds
    }

    /// The definition of items of `kind`: its class's.
    pub(super) fn item(kind: ItemKind) -> Kind {
        let class = item_class(kind);
        Kind::Item(
            ITEM_KINDS
                .into_iter()
                .find(|&k| item_class(k) == class)
                .unwrap_or(kind),
        )
    }

    fn index(self) -> i64 {
        Kind::all().iter().position(|&k| k == self).unwrap_or(0) as i64
    }

    pub(super) fn uid(self) -> i64 {
        FIRST_ENTITY + self.index()
    }

    /// The identifier importers look up: the class in `PascalCase` (`TorchLit`, `LockedDoor`), the kind
    /// of guard (`TorchGuard`, `KeyCarrier`), or what it marks.
    pub(super) fn identifier(self) -> String {
        match self {
            Kind::Item(kind) => item_class(kind)
                .split('_')
                .map(|word| {
                    let mut chars = word.chars();
                    chars.next().map_or_else(String::new, |first| {
                        first.to_ascii_uppercase().to_string() + chars.as_str()
                    })
                })
                .collect(),
            Kind::Guard(GuardKind::Patrolling) => "PatrollingGuard".into(),
            Kind::Guard(GuardKind::Torch) => "TorchGuard".into(),
            Kind::Guard(GuardKind::Stationary) => "StationaryGuard".into(),
            Kind::Guard(GuardKind::KeyCarrier) => "KeyCarrier".into(),
            Kind::Room => "Room".into(),
            Kind::RoomHole => "RoomHole".into(),
            Kind::Station => "Station".into(),
            Kind::Start => "Start".into(),
            Kind::Entrance => "Entrance".into(),
            Kind::Exit => "Exit".into(),
        }
    }

    /// Tags for importers that group by tag: every guard `guard`, every item `item`, loot `loot`, the
    /// closable doors `door`.
    pub(super) fn tags(self) -> Vec<String> {
        let tags: &[&str] = match self {
            Kind::Item(ItemKind::Coin | ItemKind::Treasure(_)) => &["item", "loot"],
            Kind::Item(ItemKind::Door(_) | ItemKind::Portcullis(_) | ItemKind::LockedDoor(_)) => {
                &["item", "door"]
            }
            Kind::Item(_) => &["item"],
            Kind::Guard(_) => &["guard"],
            Kind::Room | Kind::RoomHole => &["room"],
            Kind::Station => &["patrol"],
            Kind::Start | Kind::Entrance | Kind::Exit => &["marker"],
        };
        tags.iter().map(|t| (*t).to_string()).collect()
    }

    /// The tile of this definition in the things tileset, as its index there.
    pub(super) fn tile(self) -> Option<usize> {
        match self {
            Kind::Item(kind) => Some(item_tile(kind)),
            Kind::Guard(kind) => Some(guard_tile(kind)),
            _ => None,
        }
    }

    /// The definition's fields, their uids from its own block.
    pub(super) fn fields(self) -> Vec<Field> {
        use FieldType::{Bool, EntityRef, Enum, Int, Point};
        let list: &[(&'static str, FieldType, bool)] = match self {
            Kind::Item(ItemKind::Door(_) | ItemKind::Portcullis(_) | ItemKind::LockedDoor(_)) => {
                &[("axis", Enum(AXIS), false)]
            }
            Kind::Item(ItemKind::Treasure(_)) => &[("index", Int, false)],
            Kind::Item(ItemKind::Coin) => &[("loot", Int, false)],
            Kind::Item(_) | Kind::Start | Kind::Exit => &[],
            Kind::Guard(_) => &[
                ("guard", Int, false),
                ("route", Int, false),
                ("torch", Bool, false),
                ("outside", Bool, false),
                ("loop", Bool, false),
                ("patrol", Point, true),
                ("stations", EntityRef(Kind::Station.uid()), true),
                ("purse", Bool, false),
                ("key", Bool, false),
            ],
            Kind::Room | Kind::RoomHole => &[
                ("room", Int, false),
                ("kind", Enum(ROOM_KIND), false),
                ("depth", Int, false),
                ("private", Bool, false),
                ("outline", Point, true),
            ],
            Kind::Station => &[
                ("route", Int, false),
                ("room", Int, false),
                ("kind", Enum(STATION_KIND), false),
                ("role", Enum(STATION_ROLE), false),
            ],
            Kind::Entrance => &[("room", Int, false)],
        };
        let base = FIRST_FIELD + 20 * self.index();
        list.iter()
            .enumerate()
            .map(|(i, &(name, kind, array))| Field {
                uid: base + i as i64,
                name,
                kind,
                array,
            })
            .collect()
    }
}

/// An item's tile in the things tileset: one per kind, so a door of either axis has its own.
pub(super) fn item_tile(kind: ItemKind) -> usize {
    let kind = match kind {
        ItemKind::Treasure(_) => ItemKind::Treasure(0),
        ItemKind::LockedDoor(_) => ItemKind::LockedDoor(crate::model::Axis::NS),
        other => other,
    };
    ITEM_KINDS.iter().position(|&k| k == kind).unwrap_or(0)
}

fn guard_tile(kind: GuardKind) -> usize {
    ITEM_KINDS.len() + GuardKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// The things tileset's image ([`things_image`]), beside the project.
pub const THINGS_IMAGE: &str = "things.png";

/// How many tiles the things tileset holds, in one row.
pub(super) const THINGS: usize = ITEM_KINDS.len() + GuardKind::ALL.len();

/// The things tileset's picture: a [`TILE`]² tile per item kind (in [`ITEM_KINDS`] order), then one per
/// kind of guard, drawn as the map draws them, on a transparent ground.
pub fn things_image() -> RgbaImage {
    let mut image = RgbaImage::new(TILE * THINGS as u32, TILE);
    let tile = TILE as f32;
    let at = |i: usize| Rect::from_min_size(pos2(i as f32 * tile, 0.0), vec2(tile, tile));
    let mut shapes = Vec::new();
    for kind in ITEM_KINDS {
        shapes.extend(paint::item_tile(at(item_tile(kind)), kind));
    }
    for kind in GuardKind::ALL {
        shapes.extend(paint::guard_tile(at(guard_tile(kind)), kind.badge()));
    }
    let fonts = paint::picture_fonts();
    paint::raster::draw_shapes(&mut image, shapes, fonts.texture_atlas());
    image
}
