//! The game's map of a model level: the converter of `level.rs` run backwards, as far as the model
//! holds the game's level. What it is for is the spec-§14 hash of a level read from a file or an
//! export, which must equal the game's for a level the generator made and nobody edited.

use super::ascii::fnv_of;
use super::map::{ItemKind as GameItem, Map, Terrain as GameTerrain};
use crate::model::{Axis, Cell, Dir, ItemKind, Level, Terrain};

/// The game's terrain for the model's; every wall is a plain wall until [`Map::fix_walls`] gives it
/// its glyph, as the game's own pass does.
pub(super) fn game_terrain(t: Terrain) -> GameTerrain {
    let ns = |a: Axis, ns: GameTerrain, ew: GameTerrain| if a == Axis::NS { ns } else { ew };
    match t {
        Terrain::Ground | Terrain::Void => GameTerrain::GroundNormal,
        Terrain::Grass => GameTerrain::GroundGrass,
        Terrain::Water => GameTerrain::GroundWater,
        Terrain::Marble => GameTerrain::GroundMarble,
        Terrain::Wood | Terrain::Floor => GameTerrain::GroundWood,
        Terrain::WoodCreaky => GameTerrain::GroundWoodCreaky,
        Terrain::VaultFloor => GameTerrain::GroundVault,
        Terrain::TreasureFloor => GameTerrain::GroundTreasure,
        Terrain::Wall => GameTerrain::Wall(0),
        Terrain::Window(Dir::E) => GameTerrain::OneWayWindowE,
        Terrain::Window(Dir::W) => GameTerrain::OneWayWindowW,
        Terrain::Window(Dir::N) => GameTerrain::OneWayWindowN,
        Terrain::Window(Dir::S) => GameTerrain::OneWayWindowS,
        Terrain::Portcullis(a) => ns(a, GameTerrain::PortcullisNS, GameTerrain::PortcullisEW),
        Terrain::Door(a) => ns(a, GameTerrain::DoorNS, GameTerrain::DoorEW),
        Terrain::GardenDoor(a) => ns(a, GameTerrain::GardenDoorNS, GameTerrain::GardenDoorEW),
    }
}

/// The game's item for the model's (the inverse of the converter's).
pub(super) fn game_item(k: ItemKind) -> GameItem {
    let ns = |a: Axis, ns: GameItem, ew: GameItem| if a == Axis::NS { ns } else { ew };
    match k {
        ItemKind::Chair => GameItem::Chair,
        ItemKind::Table => GameItem::Table,
        ItemKind::BedLeft => GameItem::BedL,
        ItemKind::BedRight => GameItem::BedR,
        ItemKind::DrawersShort => GameItem::DrawersShort,
        ItemKind::DrawersTall => GameItem::DrawersTall,
        ItemKind::Bookshelf => GameItem::Bookshelf,
        ItemKind::Shelf => GameItem::Shelf,
        ItemKind::Stove => GameItem::Stove,
        ItemKind::Bush => GameItem::Bush,
        ItemKind::Coin => GameItem::Coin,
        ItemKind::Health => GameItem::Health,
        ItemKind::Door(a) => ns(a, GameItem::DoorNS, GameItem::DoorEW),
        ItemKind::LockedDoor(a) => ns(a, GameItem::LockedDoorNS, GameItem::LockedDoorEW),
        ItemKind::Portcullis(a) => ns(a, GameItem::PortcullisNS, GameItem::PortcullisEW),
        ItemKind::TorchUnlit => GameItem::TorchUnlit,
        ItemKind::TorchLit => GameItem::TorchLit,
        ItemKind::VaultBox => GameItem::VaultTreasureBox,
        ItemKind::Plinth => GameItem::TreasurePlinth,
        ItemKind::Note => GameItem::Note,
        ItemKind::TreasureLock => GameItem::TreasureLock,
        ItemKind::Treasure(n) => [
            GameItem::TreasureA,
            GameItem::TreasureB,
            GameItem::TreasureC,
            GameItem::TreasureD,
        ]
        .get(usize::from(n))
        .copied()
        .unwrap_or(GameItem::TreasureE),
    }
}
/// The game's map of `level`: its terrain cell for cell (walls with their glyphs) and its items in
/// list order.
pub fn map_of(level: &Level) -> Map {
    let mut map = Map::new(level.width, level.height);
    for y in 0..level.height {
        for x in 0..level.width {
            map.set(x, y, game_terrain(level.terrain(Cell::new(x, y))));
        }
    }
    map.fix_walls();
    for item in &level.items {
        map.place(item.cell.x, item.cell.y, game_item(item.kind));
    }
    map
}

/// What the hash reads of a guard: its start, its flags (torch 1, purse 2, key 4) and its route.
type GuardHashed = ((i32, i32), u16, Vec<(i32, i32)>);

/// The spec-§14 hash of a 2025 level (`None` for a level of another generator): its map, its guards
/// with what they carry and their whole routes, and the player start. Equal to the game's `fnv` for
/// every level the 2025 generator makes, and for that level read back from any export that keeps
/// items in order.
pub fn level_hash(level: &Level) -> Option<u32> {
    let extra = level.lll2025.as_deref()?;
    let map = map_of(level);
    let guards: Vec<GuardHashed> = level
        .guards
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let loads = extra.guards.get(i).copied().unwrap_or_default();
            let flags = u16::from(g.carries_torch)
                | u16::from(loads.purse) << 1
                | u16::from(loads.key) << 2;
            let path = level
                .patrols
                .get(g.route)
                .map(|r| r.cells.iter().map(|c| (c.x, c.y)).collect())
                .unwrap_or_default();
            ((g.start.x, g.start.y), flags, path)
        })
        .collect();
    let start = (level.player_start.x, level.player_start.y);
    Some(fnv_of(
        &map,
        guards
            .iter()
            .map(|(pos, flags, path)| (*pos, *flags, path.as_slice())),
        start,
    ))
}
