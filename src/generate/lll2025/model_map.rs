//! The game's map of a model level: the converter of `level.rs` run backwards, as far as the model
//! holds the game's level. What it is for is the spec-§14 hash of a level read from a file or an
//! export, which must equal the game's for a level the generator made and nobody edited.

use super::ascii::fnv_of;
use super::map::{ItemKind as GameItem, Map, Terrain as GameTerrain};
use crate::model::{Axis, Cell, Dir, ItemKind, Level, Level2025, Terrain};

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
    map_from(
        (level.width, level.height),
        |cell| level.terrain(cell),
        level.items.iter().map(|item| (item.cell, item.kind)),
    )
}

/// The game's map of a level given by its parts: its size, its terrain, its items bottom first.
fn map_from(
    (width, height): (i32, i32),
    terrain: impl Fn(Cell) -> Terrain,
    items: impl Iterator<Item = (Cell, ItemKind)>,
) -> Map {
    let mut map = Map::new(width, height);
    for y in 0..height {
        for x in 0..width {
            map.set(x, y, game_terrain(terrain(Cell::new(x, y))));
        }
    }
    map.fix_walls();
    for (cell, kind) in items {
        map.place(cell.x, cell.y, game_item(kind));
    }
    map
}

/// A guard as the game's hash reads it: its start, what it carries, and its whole route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashedGuard {
    /// Where it starts.
    pub start: Cell,
    /// Carries a torch.
    pub torch: bool,
    /// Carries a purse.
    pub purse: bool,
    /// Carries the key.
    pub key: bool,
    /// Its route's cells, in walking order.
    pub route: Vec<Cell>,
}

/// The spec-§14 hash of a 2025 level (`None` for a level of another generator): its map, its guards
/// with what they carry and their whole routes, and the player start. Equal to the game's `fnv` for
/// every level the 2025 generator makes, and for that level read back from any export that keeps
/// items in order.
pub fn level_hash(level: &Level) -> Option<u32> {
    let extra = level.part::<Level2025>()?;
    let guards: Vec<HashedGuard> = level
        .guards
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let loads = extra.guards.get(i).copied().unwrap_or_default();
            HashedGuard {
                start: g.start,
                torch: g.carries_torch,
                purse: loads.purse,
                key: loads.key,
                route: level
                    .patrols
                    .get(g.route)
                    .map(|r| r.cells.clone())
                    .unwrap_or_default(),
            }
        })
        .collect();
    Some(hash_of_parts(
        (level.width, level.height),
        |cell| level.terrain(cell),
        level.items.iter().map(|item| (item.cell, item.kind)),
        &guards,
        level.player_start,
    ))
}

/// The spec-§14 hash of a 2025 level given by its parts, as an exported map holds them (a Tiled or
/// LDtk file read back by an engine's importer): its size, terrain, items bottom first, guards and the
/// player start. What [`level_hash`] computes from a level.
pub fn hash_of_parts(
    size: (i32, i32),
    terrain: impl Fn(Cell) -> Terrain,
    items: impl Iterator<Item = (Cell, ItemKind)>,
    guards: &[HashedGuard],
    start: Cell,
) -> u32 {
    let map = map_from(size, terrain, items);
    let routes: Vec<Vec<(i32, i32)>> = guards
        .iter()
        .map(|g| g.route.iter().map(|c| (c.x, c.y)).collect())
        .collect();
    fnv_of(
        &map,
        guards.iter().zip(&routes).map(|(g, route)| {
            let flags = u16::from(g.torch) | u16::from(g.purse) << 1 | u16::from(g.key) << 2;
            ((g.start.x, g.start.y), flags, route.as_slice())
        }),
        (start.x, start.y),
    )
}
