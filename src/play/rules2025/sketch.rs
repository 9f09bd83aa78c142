//! Small hand-made levels of the 2025 game drawn as text, for tests that each show one rule.
//!
//! [`Setup::sketch`] reads rows of characters, the first row the northmost (the game's `y` grows
//! north, so the last row is `y = 0`). Every row must be as long as the first.
//!
//! | Char | Terrain | Item |
//! |---|---|---|
//! | `#` | wall (its glyph from its wall-line neighbours) | |
//! | `.` | wood floor | |
//! | `_` | creaky wood | |
//! | `=` | marble | |
//! | `:` | gravel (`GroundNormal`) | |
//! | `,` | grass | |
//! | `~` | water | |
//! | `+` | doorway (NS in a vertical wall, else EW) | a door |
//! | `&` | doorway | a locked door |
//! | `>` `<` `^` `v` | one-way window E, W, N, S | |
//! | `t` `c` | wood | table, chair |
//! | `[` `]` | wood | bed, west and east half |
//! | `d` `h` | wood | short drawers, tall drawers |
//! | `k` `s` | wood | bookshelf, stove |
//! | `*` | grass | bush |
//! | `$` `f` | wood | coin, food |
//! | `!` `i` | wood | lit torch, unlit torch |
//! | `@` | wood | (the thief's start; without one it is (0,0), for the test to set) |
//! | `0`–`9` | wood | (guard of that index) |
//! | `A`–`Z` | wood | (a mark for [`sketch_mark`]) |
//!
//! A guard drawn as a digit stands still (its route is its own cell) and faces east, as the game's
//! guard does when its route gives it nowhere to look (`guard.ts:39`, `741-744`); a test sets its
//! route, facing and loads in [`Setup::guards`]. The loot to take is the coins; the level is a Manor,
//! the first of a normal run (index 0), with a backtracking estimate of 1.

use crate::model::Cell;

use super::kinds::{ItemType, TerrainType};
use super::setup::{GuardSetup, LevelType, Setup};

/// The cell of the first `mark` in `rows` (read as [`Setup::sketch`] reads them).
///
/// # Panics
/// When `mark` is not in `rows`.
pub fn sketch_mark(rows: &[&str], mark: char) -> Cell {
    sketch_marks(rows, mark)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {mark:?} in the sketch"))
}

/// Every cell holding `mark`, west to east within a row, northmost row first.
pub fn sketch_marks(rows: &[&str], mark: char) -> Vec<Cell> {
    let height = rows.len() as i32;
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(move |&(_, ch)| ch == mark)
                .map(move |(x, _)| Cell::new(x as i32, height - 1 - r as i32))
        })
        .collect()
}

/// Wall-line characters: what a wall glyph joins to (`create-map.ts:7063-7101`).
fn in_wall_line(ch: char) -> bool {
    matches!(ch, '#' | '+' | '&' | '>' | '<' | '^' | 'v')
}

/// The terrain and the item of one character; `joins` says which neighbours (north, south, east, west)
/// are wall-line characters.
fn terrain_and_item(ch: char, joins: [bool; 4]) -> (TerrainType, Option<ItemType>) {
    use ItemType as I;
    use TerrainType as T;
    let [n, s, e, w] = joins;
    let door_ns = n && s;
    let door = if door_ns { T::DoorNS } else { T::DoorEW };
    let on_wood = |item| (T::GroundWood, Some(item));
    match ch {
        '#' => (
            T::Wall(u8::from(n) << 3 | u8::from(s) << 2 | u8::from(e) << 1 | u8::from(w)),
            None,
        ),
        '.' | '@' | '0'..='9' | 'A'..='Z' => (T::GroundWood, None),
        '_' => (T::GroundWoodCreaky, None),
        '=' => (T::GroundMarble, None),
        ':' => (T::GroundNormal, None),
        ',' => (T::GroundGrass, None),
        '~' => (T::GroundWater, None),
        '+' => (door, Some(if door_ns { I::DoorNS } else { I::DoorEW })),
        '&' => (
            door,
            Some(if door_ns {
                I::LockedDoorNS
            } else {
                I::LockedDoorEW
            }),
        ),
        '>' => (T::OneWayWindowE, None),
        '<' => (T::OneWayWindowW, None),
        '^' => (T::OneWayWindowN, None),
        'v' => (T::OneWayWindowS, None),
        '*' => (T::GroundGrass, Some(I::Bush)),
        't' => on_wood(I::Table),
        'c' => on_wood(I::Chair),
        '[' => on_wood(I::BedL),
        ']' => on_wood(I::BedR),
        'd' => on_wood(I::DrawersShort),
        'h' => on_wood(I::DrawersTall),
        'k' => on_wood(I::Bookshelf),
        's' => on_wood(I::Stove),
        '$' => on_wood(I::Coin),
        'f' => on_wood(I::Health),
        '!' => on_wood(I::TorchLit),
        'i' => on_wood(I::TorchUnlit),
        _ => panic!("unknown sketch character {ch:?}"),
    }
}

impl Setup {
    /// The level drawn by `rows` (see the module for the characters).
    ///
    /// # Panics
    /// On an unknown character, rows of different lengths, or a guard digit twice.
    pub fn sketch(rows: &[&str]) -> Setup {
        let height = rows.len() as i32;
        let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let width = grid.first().map_or(0, Vec::len) as i32;
        assert!(
            grid.iter().all(|r| r.len() == width as usize),
            "every row of a sketch must be {width} long"
        );
        let at = |x: i32, y: i32| -> char {
            if x < 0 || y < 0 || x >= width || y >= height {
                return ' ';
            }
            grid[(height - 1 - y) as usize][x as usize]
        };
        let mut terrain = Vec::with_capacity((width * height) as usize);
        let mut items = Vec::new();
        let mut guards: Vec<(u32, Cell)> = Vec::new();
        let mut start = None;
        for y in 0..height {
            for x in 0..width {
                let ch = at(x, y);
                let cell = Cell::new(x, y);
                let joins = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .map(|(dx, dy)| in_wall_line(at(x + dx, y + dy)));
                let (t, item) = terrain_and_item(ch, joins);
                terrain.push(t);
                items.extend(item.map(|kind| (cell, kind)));
                if ch == '@' {
                    start = Some(cell);
                }
                if let Some(digit) = ch.to_digit(10) {
                    guards.push((digit, cell));
                }
            }
        }
        guards.sort_by_key(|&(i, _)| i);
        assert!(
            guards.windows(2).all(|w| w[0].0 != w[1].0),
            "a guard digit drawn twice"
        );
        let coins = items.iter().filter(|(_, k)| *k == ItemType::Coin).count() as u32;
        Setup {
            width,
            height,
            terrain,
            items,
            guards: guards
                .into_iter()
                .map(|(_, pos)| GuardSetup {
                    route: vec![pos],
                    route_index: 0,
                    pos,
                    dir: (1, 0),
                    torch: false,
                    purse: false,
                    key: false,
                })
                .collect(),
            treasures: Vec::new(),
            player_start: start.unwrap_or(Cell::new(0, 0)),
            level_index: 0,
            level_type: LevelType::Manor,
            final_level: false,
            daily: false,
            loot_available: coins,
            backtracking: 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_north_first_with_walls_joined() {
        let rows = ["#+#", "#@$", "###"];
        let s = Setup::sketch(&rows);
        assert_eq!((s.width, s.height), (3, 3));
        assert_eq!(s.player_start, Cell::new(1, 1));
        assert_eq!(sketch_mark(&rows, '$'), Cell::new(2, 1));
        // The door at (1, 2) has walls west and east: a doorway of a horizontal wall.
        assert_eq!(s.terrain[(2 * 3 + 1) as usize], TerrainType::DoorEW);
        assert_eq!(
            s.items,
            vec![
                (Cell::new(2, 1), ItemType::Coin),
                (Cell::new(1, 2), ItemType::DoorEW)
            ]
        );
        // The south-west corner joins north and east.
        assert_eq!(s.terrain[0], TerrainType::Wall(0b1010));
        assert_eq!(s.loot_available, 1);
    }
}
