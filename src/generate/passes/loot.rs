//! Step 5.10, loot by priority: dead-end rooms first, then private rooms, then anywhere. Shared by every
//! generator: it reads only room kinds, door flags, floors and items.

use crate::generate::rng::Stream;
use crate::model::topology::{RoomOwners, door_counts, room_of_cell};
use crate::model::{Cell, Grid, Item, ItemKind, Level, Rect, RoomId, RoomKind};

/// Attempts per coin try.
const COIN_TRIES: usize = 1000;
/// Chance that pass 2 skips a private room.
const PRIVATE_SKIP_CHANCE: f64 = 0.2;
/// Attempts of the top-up pass.
const TOP_UP_TRIES: usize = 1000;

/// The room a coin try is for, with the owner of every cell: a pick inside the rectangle but on another
/// room's floor (possible when a room is not a rectangle) fails like a wall.
type Owner<'a> = Option<(&'a RoomOwners, RoomId)>;

/// Up to 1000 uniform picks in `rect`; places a coin on the first free Wood or Marble cell (of `owner`'s
/// room, when given).
fn coin_try(
    level: &mut Level,
    rect: Rect,
    owner: Owner,
    occupied: &mut Grid<bool>,
    rng: &mut Stream,
) -> bool {
    for _ in 0..COIN_TRIES {
        let x = rect.x0 + rng.below_i32(rect.width());
        let y = rect.y0 + rng.below_i32(rect.height());
        let cell = Cell::new(x, y);
        let Some(free) = occupied.get_mut(cell) else {
            continue;
        };
        let in_room = owner.is_none_or(|(cells, room)| cells.at(cell) == Some(room));
        if in_room && level.terrain(cell).is_loot_floor() && !*free {
            *free = true;
            level.items.push(Item {
                kind: ItemKind::Coin,
                cell,
            });
            return true;
        }
    }
    false
}

/// Places `budget` coins: one try per dead-end room, then one per private room unless skipped, then tries
/// over the whole map. Rooms flagged in `locked` (may be empty) are passed over and their floor is left
/// untouched. Returns how many coins were placed.
pub fn place_loot(level: &mut Level, budget: usize, locked: &[bool], rng: &mut Stream) -> usize {
    let mut occupied = Grid::new(level.shape(), false);
    for item in &level.items {
        occupied.set(item.cell, true);
    }
    let is_locked = |r: usize| locked.get(r).copied().unwrap_or(false);
    for (_, room) in level
        .rooms
        .iter()
        .enumerate()
        .filter(|(r, _)| is_locked(*r))
    {
        for c in room.interior.cells().chain(room.cells.iter().copied()) {
            occupied.set(c, true);
        }
    }
    let doors = door_counts(level);
    let owners = room_of_cell(level);
    let mut placed = 0;
    for (r, door_count) in doors.iter().enumerate() {
        if placed >= budget {
            break;
        }
        if level.rooms[r].kind.is_chamber() && *door_count < 2 && !is_locked(r) {
            let rect = level.rooms[r].interior;
            let owner = Some((&owners, r));
            placed += usize::from(coin_try(level, rect, owner, &mut occupied, rng));
        }
    }
    for r in 0..level.rooms.len() {
        if placed >= budget {
            break;
        }
        let room = &level.rooms[r];
        if room.kind == RoomKind::Room && room.private && !is_locked(r) {
            if rng.chance(PRIVATE_SKIP_CHANCE) {
                continue;
            }
            let (rect, owner) = (room.interior, Some((&owners, r)));
            placed += usize::from(coin_try(level, rect, owner, &mut occupied, rng));
        }
    }
    let whole = Rect {
        x0: 0,
        y0: 0,
        x1: level.width,
        y1: level.height,
    };
    for _ in 0..TOP_UP_TRIES {
        if placed >= budget {
            break;
        }
        placed += usize::from(coin_try(level, whole, None, &mut occupied, rng));
    }
    placed
}
