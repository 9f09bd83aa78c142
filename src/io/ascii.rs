//! ASCII rendering of a level, north up: the quickest way to look at a mansion in a terminal.

use crate::model::{ItemKind, Level, Terrain};

/// The legend printed under an ASCII map. Each cell shows the top item of its stack.
pub const LEGEND: &str = "# wall  - | window  + door  ' archway  P portcullis  g garden gate  . wood  ; creaky  : marble  \
\" grass  ~ water  (space) ground  $ loot  h chair  T table  * bush  Y lit torch  y unlit torch  G guard  @ start  \
(2025) v vault floor  _ treasure floor  ^ plinth  L locked door  % food  b bed  d/D drawers  k bookshelf  s shelf  o stove  \
V vault box  n note  X treasure lock  & treasure";

fn terrain_char(t: Terrain) -> char {
    match t {
        Terrain::Ground | Terrain::Void => ' ',
        Terrain::Grass => '"',
        Terrain::Water => '~',
        Terrain::Marble => ':',
        Terrain::VaultFloor => 'v',
        Terrain::TreasureFloor => '_',
        Terrain::Wood | Terrain::Floor => '.',
        Terrain::WoodCreaky => ';',
        Terrain::Wall => '#',
        Terrain::Window(dir) => match dir {
            crate::model::Dir::N | crate::model::Dir::S => '-',
            crate::model::Dir::E | crate::model::Dir::W => '|',
        },
        Terrain::Portcullis(_) => 'P',
        Terrain::Door(_) => '\'',
        Terrain::GardenDoor(_) => 'g',
    }
}

fn item_char(kind: ItemKind) -> char {
    match kind {
        ItemKind::Chair => 'h',
        ItemKind::Table => 'T',
        ItemKind::Bush => '*',
        ItemKind::Coin => '$',
        ItemKind::Door(_) => '+',
        ItemKind::Portcullis(_) => 'P',
        ItemKind::TorchUnlit => 'y',
        ItemKind::TorchLit => 'Y',
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

/// Renders the level as text, one line per row from north (top) to south, with guards and the start.
///
/// # Examples
///
/// One line per row, north first, one character per cell; the player start is `@`, each coin `$`:
///
/// ```
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::io::ascii;
/// use mansion_forge::model::ItemKind;
///
/// let level = Recipe::campaign_level(1, 1).build().expect("builds");
/// let text = ascii::render(&level);
/// let rows: Vec<&str> = text.lines().collect();
/// assert_eq!(rows.len(), level.height as usize);
/// assert!(rows.iter().all(|row| row.chars().count() == level.width as usize));
/// // Row y = 0 is the front (south), printed last.
/// let start = level.player_start;
/// let row = rows[(level.height - 1 - start.y) as usize];
/// assert_eq!(row.chars().nth(start.x as usize), Some('@'));
/// assert_eq!(text.matches('$').count(), level.count_items(ItemKind::Coin));
/// ```
pub fn render(level: &Level) -> String {
    let (w, h) = (level.width.max(0) as usize, level.height.max(0) as usize);
    let mut grid: Vec<Vec<char>> = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| terrain_char(level.terrain(crate::model::Cell::new(x as i32, y as i32))))
                .collect()
        })
        .collect();
    let mut put = |x: i32, y: i32, ch: char| {
        if level.in_bounds(crate::model::Cell::new(x, y)) {
            grid[y as usize][x as usize] = ch;
        }
    };
    for item in &level.items {
        put(item.cell.x, item.cell.y, item_char(item.kind));
    }
    for guard in &level.guards {
        put(guard.start.x, guard.start.y, 'G');
    }
    put(level.player_start.x, level.player_start.y, '@');
    let mut out = String::with_capacity((w + 1) * h);
    for row in grid.iter().rev() {
        out.extend(row.iter());
        out.push('\n');
    }
    out
}
