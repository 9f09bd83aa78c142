//! The costliest levels the limits of `model::limits` allow, for the tests and the benchmark that check
//! every command stays bounded on them: open, lit floor everywhere (so every guard sees as far as the
//! rules let it and every cell is watched), as many guards and patrol turns as a level may have, torches
//! carried by every guard, and loot to route to.

#![allow(
    dead_code,
    reason = "the limits test and the limits benchmark include this file, and each uses only part of it"
)]

use mansion_forge::model::limits::{MAX_GUARDS, MAX_PATROL_TURNS, MAX_ROUTE_CELLS, MAX_SIDE};
use mansion_forge::model::{
    Cell, Guard, Item, ItemKind, Level, PatrolRoute, Rect, Room, RoomKind, RoomOrigin, Terrain,
    ValidLevel,
};

/// An open map of `width` × `height` floor cells: one exterior room holding every cell, lit torches
/// every `torch_every` cells, and `coins` coins spread over it.
fn open_map(width: i32, height: i32, torch_every: i32, coins: usize) -> Level {
    let mut level = Level::blank("tile_growth", 9, 1, (width, height), Terrain::Floor);
    let cells: Vec<Cell> = (0..width)
        .flat_map(|x| (0..height).map(move |y| Cell::new(x, y)))
        .collect();
    level.rooms.push(Room {
        kind: RoomKind::Exterior,
        private: false,
        depth: 0,
        interior: Rect {
            x0: 0,
            y0: 0,
            x1: width,
            y1: height,
        },
        cells: cells.clone(),
        origin: RoomOrigin::Exterior,
    });
    level.entrance.exterior = Some(0);
    for c in cells
        .iter()
        .filter(|c| c.x % torch_every == 1 && c.y % torch_every == 1)
    {
        level.items.push(Item {
            kind: ItemKind::TorchLit,
            cell: *c,
        });
    }
    let free: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|c| c.x % torch_every != 1 || c.y % torch_every != 1)
        .collect();
    let step = (free.len() / coins.max(1)).max(1);
    for c in free.iter().step_by(step).take(coins) {
        level.items.push(Item {
            kind: ItemKind::Coin,
            cell: *c,
        });
    }
    level
}

/// A back-and-forth route of `len` cells along row `y`, wrapping to the next rows as a serpent.
fn serpent(width: i32, first: usize, len: usize) -> Vec<Cell> {
    (first..first + len)
        .map(|i| {
            let (row, along) = ((i as i32) / width, (i as i32) % width);
            let x = if row % 2 == 0 {
                along
            } else {
                width - 1 - along
            };
            Cell::new(x, row)
        })
        .collect()
}

/// Adds a guard carrying a torch, walking `cells` (back and forth unless its ends touch).
fn add_guard(level: &mut Level, cells: Vec<Cell>) {
    level.guards.push(Guard {
        start: cells[0],
        route: level.patrols.len(),
        carries_torch: true,
    });
    level.patrols.push(PatrolRoute {
        cells,
        visits: vec![0],
        stations: Vec::new(),
        outside: false,
    });
}

/// A crowd: a 64 × 64 open map with the most guards a level may have, every one carrying a torch on a
/// back-and-forth route, their patrols together as long as a level's may be; 200 coins.
pub fn crowd() -> ValidLevel {
    let side = 64;
    let mut level = open_map(side, side, 6, 200);
    let per_guard = MAX_PATROL_TURNS / MAX_GUARDS;
    // A back-and-forth route of n cells repeats every 2(n − 1) turns.
    let cells = per_guard / 2 + 1;
    for g in 0..MAX_GUARDS {
        let first = (g * 13) % (side as usize * side as usize - cells);
        add_guard(&mut level, serpent(side, first, cells));
    }
    ValidLevel::new(level).expect("the crowd keeps to the limits")
}

/// A loop over `rows` rows from row `y0` (an even number: out along columns 1… and back), closed by
/// column 0 back up to where it started, so its ends touch: `511 × rows` cells on a 512-wide map.
fn ring(width: i32, y0: i32, rows: i32) -> Vec<Cell> {
    let mut cells = Vec::new();
    for k in 0..rows {
        let xs: Vec<i32> = if k % 2 == 0 {
            (1..width).collect()
        } else {
            (1..width).rev().collect()
        };
        cells.extend(xs.into_iter().map(|x| Cell::new(x, y0 + k)));
    }
    cells.extend((y0..y0 + rows).rev().map(|y| Cell::new(0, y)));
    cells
}

/// A sprawl: the largest map a level may have, its patrol turns spent on routes near the longest a
/// level may have (loops), and 1,000 coins to route to.
pub fn sprawl() -> ValidLevel {
    let side = MAX_SIDE;
    let mut level = open_map(side, side, 9, 1000);
    let rows = (MAX_ROUTE_CELLS / side as usize) as i32 / 2 * 2;
    let mut turns = 0;
    let mut y0 = 1;
    while turns < MAX_PATROL_TURNS {
        let left = (MAX_PATROL_TURNS - turns) / (side as usize - 1);
        let rows = rows.min(left as i32 / 2 * 2);
        if rows == 0 {
            break;
        }
        let cells = ring(side, y0, rows);
        turns += cells.len();
        add_guard(&mut level, cells);
        y0 += rows + 1;
    }
    ValidLevel::new(level).expect("the sprawl keeps to the limits")
}

/// A coin field: the sprawl with a coin on every cell that has no torch (some 258,000 items, the most
/// a 512 × 512 map holds without stacks).
pub fn coin_field() -> ValidLevel {
    let mut level = sprawl().into_level();
    let taken: std::collections::HashSet<Cell> = level
        .items
        .iter()
        .filter(|item| item.kind != ItemKind::Coin)
        .map(|item| item.cell)
        .collect();
    level.items.retain(|item| item.kind != ItemKind::Coin);
    let free: Vec<Cell> = level.all_cells().filter(|c| !taken.contains(c)).collect();
    level.items.extend(free.into_iter().map(|cell| Item {
        kind: ItemKind::Coin,
        cell,
    }));
    ValidLevel::new(level).expect("coins on every free cell keep to the limits")
}
