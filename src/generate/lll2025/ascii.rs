//! The vectors' ASCII legend (`tests/data/lll2025-exact/README.md`): one character per cell, the first
//! row the north edge, the top-most thing shown — the player start, else the last item on the cell, else
//! the terrain. It lets a level be compared with the game's cell for cell and printed for a reader.

use super::map::{ItemKind, Map, Terrain};
use super::patrols::StopKind;
use super::rooms::RoomId;

/// The legend's character for a terrain.
pub fn terrain_char(terrain: Terrain) -> char {
    match terrain {
        Terrain::GroundNormal => ',',
        Terrain::GroundGrass => '"',
        Terrain::GroundWater => '~',
        Terrain::GroundMarble => ':',
        Terrain::GroundWood => '.',
        Terrain::GroundWoodCreaky => ';',
        Terrain::GroundVault => 'v',
        Terrain::GroundTreasure => '_',
        Terrain::Wall(_) => '#',
        Terrain::OneWayWindowE
        | Terrain::OneWayWindowW
        | Terrain::OneWayWindowN
        | Terrain::OneWayWindowS => '=',
        Terrain::PortcullisNS | Terrain::PortcullisEW => 'P',
        Terrain::DoorNS | Terrain::DoorEW => '\'',
        Terrain::GardenDoorNS | Terrain::GardenDoorEW => 'g',
    }
}

/// The legend's character for an item. A plinth, always under its treasure in a finished level, shows
/// its cell's floor glyph; the carried and emptied kinds never lie on a generated map (`?`).
pub fn item_char(kind: ItemKind) -> char {
    use ItemKind as I;
    match kind {
        I::Chair => 'h',
        I::Table => 'T',
        I::BedL | I::BedR => 'b',
        I::DrawersShort => 'd',
        I::DrawersTall => 'D',
        I::Bookshelf => 'k',
        I::Shelf => 's',
        I::Stove => 'o',
        I::Bush => '*',
        I::Coin => '$',
        I::Health => '%',
        I::TorchUnlit => 'i',
        I::TorchLit => '!',
        I::VaultTreasureBox => 'V',
        I::Note => 'n',
        I::TreasureA | I::TreasureB | I::TreasureC | I::TreasureD | I::TreasureE => '&',
        I::TreasureLock => 'X',
        I::DoorNS | I::DoorEW => '+',
        I::LockedDoorNS | I::LockedDoorEW => 'L',
        I::PortcullisNS | I::PortcullisEW => 'P',
        I::TreasurePlinth => '_',
        I::TorchCarry
        | I::PurseCarry
        | I::Key
        | I::KeyCarry
        | I::EmptyVaultTreasureBox
        | I::LootedVaultTreasureBox => '?',
    }
}

/// The map as the vectors draw it: `h` rows of `w` characters, north first, joined by newlines; `guards`
/// are drawn with their legend letters over everything (the last guard on a cell on top, as items).
pub fn render(map: &Map, start: (i32, i32), guards: &[((i32, i32), char)]) -> String {
    let mut rows = Vec::with_capacity(map.h as usize);
    for y in (0..map.h).rev() {
        let row: String = (0..map.w)
            .map(|x| {
                if let Some(&(_, letter)) = guards.iter().rev().find(|(pos, _)| *pos == (x, y)) {
                    letter
                } else if (x, y) == start {
                    '@'
                } else if let Some(item) = map.items.iter().rev().find(|i| i.x == x && i.y == y) {
                    item_char(item.kind)
                } else {
                    terrain_char(map.at(x, y))
                }
            })
            .collect();
        rows.push(row);
    }
    rows.join("\n")
}

/// A guard as the §14 hash sees it: start cell, flags (torch 1, purse 2, key 4) and the patrol route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardRecord {
    /// Start cell.
    pub pos: (i32, i32),
    /// Torch 1 + purse 2 + key 4.
    pub flags: u16,
    /// The route's cells, walked cyclically.
    pub path: Vec<(i32, i32)>,
    /// The legend's letter: `K` key, `Y`/`C`/`W` stationary (vault, seated, window), `O` outside, `F`
    /// torch, `G` other.
    pub letter: char,
    /// The route's room visits in walk order (its nodes; empty for one-cell and outside routes).
    pub visits: Vec<RoomId>,
    /// The route's turnaround stops' kinds, in walk order.
    pub stops: Vec<StopKind>,
    /// Whether the route is a visit-every-room route (level 1's, the extra one at L ≥ 8).
    pub sweep: bool,
}

/// The spec's §14 level hash: 32-bit FNV-1a over 16-bit values fed low byte first — W, H, every cell's
/// terrain index (rows from the south, x inner), every item's x, y and kind, every guard's x, y, flags,
/// path length and path cells, and the start. Printed as 8 hex digits it is the vectors' `fnv`.
pub fn fnv(map: &Map, guards: &[GuardRecord], start: (i32, i32)) -> u32 {
    fnv_of(
        map,
        guards.iter().map(|g| (g.pos, g.flags, g.path.as_slice())),
        start,
    )
}

/// [`fnv`] of the guards as (start, flags, path).
pub fn fnv_of<'a>(
    map: &Map,
    guards: impl Iterator<Item = ((i32, i32), u16, &'a [(i32, i32)])>,
    start: (i32, i32),
) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    let mut feed = |v: i32| {
        for byte in (v as u16).to_le_bytes() {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    };
    feed(map.w);
    feed(map.h);
    for y in 0..map.h {
        for x in 0..map.w {
            feed(i32::from(map.at(x, y).index()));
        }
    }
    for item in &map.items {
        feed(item.x);
        feed(item.y);
        feed(i32::from(item.kind.index()));
    }
    for (pos, flags, path) in guards {
        feed(pos.0);
        feed(pos.1);
        feed(i32::from(flags));
        feed(path.len() as i32);
        for &(x, y) in path {
            feed(x);
            feed(y);
        }
    }
    feed(start.0);
    feed(start.1);
    hash
}
