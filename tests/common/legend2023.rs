//! A level drawn in the legend of the original 2023 generator's test vectors
//! (`tests/data/lll2023-exact/README.md`): on each cell the guard (`G`, or `F` carrying a torch), else the
//! player start `@`, else the last item on it, else the terrain. `rows[y][x]`, y = 0 the south edge.

use mansion_forge::model::{Cell, ItemKind, Level, Terrain};

/// The terrain's character.
fn terrain_char(t: Terrain) -> char {
    match t {
        Terrain::Wall => '#',
        Terrain::Window(_) => '=',
        Terrain::Door(_) => '\'',
        Terrain::Portcullis(_) => 'P',
        Terrain::GardenDoor(_) => 'g',
        Terrain::Ground => ',',
        Terrain::Grass => '"',
        Terrain::Wood => '.',
        Terrain::WoodCreaky => ';',
        Terrain::Marble => ':',
        Terrain::Water => '~',
        // The 2025 vectors' legend, a superset of the 2023 one.
        Terrain::VaultFloor => 'v',
        Terrain::TreasureFloor => '_',
        Terrain::Void | Terrain::Floor => '?',
    }
}

/// The item's character.
fn item_char(kind: ItemKind) -> char {
    match kind {
        ItemKind::Coin => '$',
        ItemKind::Chair => 'h',
        ItemKind::Table => 'T',
        ItemKind::Bush => '*',
        ItemKind::Door(_) => '+',
        ItemKind::Portcullis(_) => 'P',
        ItemKind::TorchUnlit => 'i',
        ItemKind::TorchLit => '!',
        ItemKind::LockedDoor(_) => 'L',
        ItemKind::Health => '%',
        ItemKind::BedLeft | ItemKind::BedRight => 'b',
        ItemKind::DrawersShort => 'd',
        ItemKind::DrawersTall => 'D',
        ItemKind::Bookshelf => 'k',
        ItemKind::Shelf => 's',
        ItemKind::Stove => 'o',
        ItemKind::VaultBox => 'V',
        ItemKind::Plinth => '^',
        ItemKind::Note => 'n',
        ItemKind::TreasureLock => 'X',
        ItemKind::Treasure(_) => '&',
    }
}

/// Every cell of `level` in the legend, `rows[y][x]` with y = 0 the south edge.
pub fn render(level: &Level) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = (0..level.height)
        .map(|y| {
            (0..level.width)
                .map(|x| terrain_char(level.terrain(Cell::new(x, y))))
                .collect()
        })
        .collect();
    let mut put = |cell: Cell, c: char| rows[cell.y as usize][cell.x as usize] = c;
    for item in &level.items {
        put(item.cell, item_char(item.kind));
    }
    put(level.player_start, '@');
    for guard in &level.guards {
        put(guard.start, if guard.carries_torch { 'F' } else { 'G' });
    }
    rows
}
