//! Steps 20–23 of the spec's pipeline (§7.19–7.22): coins (preferably on furniture) in the game's room
//! order, the draws of the book titles, treasures on their plinths with the book puzzle's note, and food.

use super::map::{ItemKind, Map, Terrain};
use super::plan::LevelType;
use super::rooms::{Graph, Room, RoomType};
use crate::model::SeedRandom;

/// Furniture a coin may lie on (`canHoldLoot`).
pub(super) fn holds_loot(kind: ItemKind) -> bool {
    use ItemKind as I;
    matches!(
        kind,
        I::Chair | I::Table | I::DrawersShort | I::DrawersTall | I::Bookshelf | I::Shelf | I::Bush
    )
}

/// The cells loot may and would rather go on, indexed row by row.
struct LootCells {
    w: i32,
    preferred: Vec<bool>,
    prohibited: Vec<bool>,
}

impl LootCells {
    /// `buildPosPreferred` and `buildPosProhibited`: holding furniture preferred; water, walls, doors,
    /// stationary guards' cells and other items prohibited.
    fn new(map: &Map, stationary: &[(i32, i32)]) -> Self {
        let n = (map.w * map.h) as usize;
        let mut cells = LootCells {
            w: map.w,
            preferred: vec![false; n],
            prohibited: vec![false; n],
        };
        for y in 0..map.h {
            for x in 0..map.w {
                let t = map.at(x, y);
                cells.prohibited[(y * map.w + x) as usize] =
                    t == Terrain::GroundWater || t.is_wall_or_better();
            }
        }
        // A cell off the map (an item or station a foreign lock brought along) marks nothing.
        let index = |x: i32, y: i32| {
            ((0..map.w).contains(&x) && (0..map.h).contains(&y)).then(|| (y * map.w + x) as usize)
        };
        for &(x, y) in stationary {
            if let Some(at) = index(x, y) {
                cells.prohibited[at] = true;
            }
        }
        for item in &map.items {
            let Some(at) = index(item.x, item.y) else {
                continue;
            };
            if holds_loot(item.kind) {
                cells.preferred[at] = true;
            } else {
                cells.prohibited[at] = true;
            }
        }
        cells
    }

    /// `tryPlaceLoot`: a coin on a random free preferred cell of the room, else a random free cell.
    ///
    /// The candidates are counted, then the drawn one is found by a second scan in the same order
    /// (x outer, y inner), rather than listed: coins are placed one by one, in every room.
    fn try_place(&mut self, room: &Room, map: &mut Map, rng: &mut SeedRandom) -> bool {
        let w = self.w;
        let free = (room.min.0..room.max.0)
            .flat_map(|x| (room.min.1..room.max.1).map(move |y| (x, y)))
            .filter(|&(x, y)| !self.prohibited[(y * w + x) as usize]);
        let preferred = |&(x, y): &(i32, i32)| self.preferred[(y * w + x) as usize];
        let (count, only_preferred) = match free.clone().filter(preferred).count() {
            0 => (free.clone().count(), false),
            n => (n, true),
        };
        if count == 0 {
            return false;
        }
        let Some((x, y)) = free
            .filter(|c| !only_preferred || preferred(c))
            .nth(rng.below(count))
        else {
            return false;
        };
        map.place(x, y, ItemKind::Coin);
        self.prohibited[(y * self.w + x) as usize] = true;
        true
    }
}

/// Step `loot` (`placeLoot`): `count` coins — throne rooms, vaults, dead ends, master suites, then a
/// shuffled round of the indoor rooms — stopping once all are down.
pub fn place_loot(
    graph: &Graph,
    map: &mut Map,
    stationary: &[(i32, i32)],
    count: u32,
    level_type: LevelType,
    rng: &mut SeedRandom,
) {
    let mut cells = LootCells::new(map, stationary);
    let mut placed = 0;
    let rooms: Vec<&Room> = graph.room_list.iter().map(|&r| &graph.rooms[r]).collect();
    for room in rooms.iter().filter(|r| r.room_type == RoomType::ThroneRoom) {
        if placed >= count {
            break;
        }
        placed += u32::from(cells.try_place(room, map, rng));
    }
    for room in rooms.iter().filter(|r| r.room_type == RoomType::Vault) {
        let mut tries = rng.below(3) + rng.below(3);
        if level_type == LevelType::Fortress {
            tries += 2;
        }
        for _ in 0..tries {
            if placed >= count {
                break;
            }
            placed += u32::from(cells.try_place(room, map, rng));
        }
    }
    for room in &rooms {
        if placed >= count {
            break;
        }
        if matches!(room.room_type, RoomType::Exterior | RoomType::Vault) {
            continue;
        }
        if matches!(
            room.room_type,
            RoomType::PublicCourtyard | RoomType::PrivateCourtyard
        ) && rng.chance(0.75)
        {
            continue;
        }
        let exits = room.edges.iter().filter(|&&w| graph.walls[w].door).count();
        if exits < 2 {
            placed += u32::from(cells.try_place(room, map, rng));
        }
    }
    for room in &rooms {
        if placed >= count {
            break;
        }
        if !matches!(room.room_type, RoomType::PrivateRoom | RoomType::Bedroom) || rng.chance(0.5) {
            continue;
        }
        placed += u32::from(cells.try_place(room, map, rng));
    }
    let mut candidates: Vec<&Room> = rooms
        .iter()
        .copied()
        .filter(|r| r.room_type != RoomType::Exterior && !r.room_type.is_courtyard())
        .collect();
    rng.shuffle(&mut candidates);
    for i in 0..1000 {
        if placed >= count || candidates.is_empty() {
            break;
        }
        placed += u32::from(cells.try_place(candidates[i % candidates.len()], map, rng));
    }
}

/// Law titles and first words of fantasy titles in the game's word lists (`giveBooksTitles`).
const LAW_TITLES: usize = 37;
/// First words of the private rooms' titles.
const FIRST_WORDS: usize = 226;
/// Second words of the private rooms' titles.
const SECOND_WORDS: usize = 66;

/// Step `book_titles`: the draws of `giveBooksTitles` — the shuffles of the law titles and of the first
/// words, then one second-word pick per bookshelf in a room flagged private. The titles themselves are
/// cosmetic (they only spell the treasure clue) and are not reproduced yet.
pub fn book_title_draws(graph: &Graph, map: &Map, rng: &mut SeedRandom) {
    rng.shuffle(&mut [(); LAW_TITLES]);
    rng.shuffle(&mut [(); FIRST_WORDS]);
    // One title draw per bookshelf in each private room, all alike: only their number matters, so
    // the bookshelves are found once rather than in every room's pass over the items.
    let shelves = map.cells_of(ItemKind::Bookshelf);
    for &r in &graph.room_list {
        let room = &graph.rooms[r];
        if !room.private {
            continue;
        }
        for _ in shelves.iter().filter(|&&(x, y)| inside(room, x, y)) {
            rng.below(SECOND_WORDS);
        }
    }
}

/// Whether a cell lies in a room's interior.
fn inside(room: &Room, x: i32, y: i32) -> bool {
    x >= room.min.0 && y >= room.min.1 && x < room.max.0 && y < room.max.1
}

/// Step `treasures` (`placeTreasure`): a treasure on every plinth; a locked one takes up to three
/// bookshelves of one room as its switches and a note on drawers or a shelf, or loses its lock when
/// either is missing; the locks are then moved to the end of the item list. Returns the switches'
/// cells (the bookshelves taken), in the order they were taken.
pub fn place_treasures(graph: &Graph, map: &mut Map, rng: &mut SeedRandom) -> Vec<(i32, i32)> {
    let mut switches = Vec::new();
    let mut books = map.cells_of(ItemKind::Bookshelf);
    rng.shuffle(&mut books);
    let mut sets: Vec<Vec<(i32, i32)>> = graph
        .room_list
        .iter()
        .map(|&r| {
            books
                .iter()
                .copied()
                .filter(|&(x, y)| inside(&graph.rooms[r], x, y))
                .collect::<Vec<_>>()
        })
        .filter(|set| !set.is_empty())
        .collect();
    let plinths = map.cells_of(ItemKind::TreasurePlinth);
    for (x, y) in plinths {
        let look = LOOKS[rng.below(LOOKS.len())];
        map.place(x, y, look);
        if !map
            .items
            .iter()
            .any(|i| i.kind == ItemKind::TreasureLock && (i.x, i.y) == (x, y))
        {
            continue;
        }
        let mut usable: Vec<usize> = Vec::new();
        for need in (1..=3).rev() {
            usable = (0..sets.len()).filter(|&s| sets[s].len() >= need).collect();
            if !usable.is_empty() {
                break;
            }
        }
        let covered = |cx: i32, cy: i32, map: &Map| {
            map.items.iter().any(|i| {
                (i.x, i.y) == (cx, cy)
                    && matches!(i.kind, ItemKind::Coin | ItemKind::Health | ItemKind::Note)
            })
        };
        let furniture: Vec<(i32, i32)> = map
            .items
            .iter()
            .filter(|i| {
                matches!(
                    i.kind,
                    ItemKind::DrawersShort | ItemKind::DrawersTall | ItemKind::Shelf
                )
            })
            .filter(|i| !covered(i.x, i.y, map))
            .map(|i| (i.x, i.y))
            .collect();
        if usable.is_empty() || furniture.is_empty() {
            map.items
                .retain(|i| !(i.kind == ItemKind::TreasureLock && (i.x, i.y) == (x, y)));
            continue;
        }
        let set = usable[rng.below(usable.len())];
        let kept = sets[set].len().saturating_sub(3);
        switches.extend(sets[set].drain(kept..));
        let (nx, ny) = furniture[rng.below(furniture.len())];
        map.place(nx, ny, ItemKind::Note);
    }
    let (mut rest, locks): (Vec<_>, Vec<_>) = map
        .items
        .drain(..)
        .partition(|i| i.kind != ItemKind::TreasureLock);
    rest.extend(locks);
    map.items = rest;
    switches
}

/// The five looks of a treasure (`TreasureA…E`), picked by `rand(5)`.
const LOOKS: [ItemKind; 5] = [
    ItemKind::TreasureA,
    ItemKind::TreasureB,
    ItemKind::TreasureC,
    ItemKind::TreasureD,
    ItemKind::TreasureE,
];

/// `tryPlaceHealth`: food on a random cell of the room whose items are all tables (at least one).
fn try_place_health(room: &Room, map: &mut Map, rng: &mut SeedRandom) -> bool {
    // Per cell of the room, from one pass over the items: whether it holds an item, and whether
    // every item on it is a table.
    let (x0, y0) = room.min;
    let w = (room.max.0 - x0).max(0);
    let mut holds = vec![(false, true); (w * (room.max.1 - y0)).max(0) as usize];
    for i in &map.items {
        if i.x >= x0 && i.y >= y0 && i.x < room.max.0 && i.y < room.max.1 {
            let cell = &mut holds[((i.y - y0) * w + i.x - x0) as usize];
            *cell = (true, cell.1 && i.kind == ItemKind::Table);
        }
    }
    let mut cells = Vec::new();
    for x in room.min.0..room.max.0 {
        for y in room.min.1..room.max.1 {
            let t = map.at(x, y);
            if t == Terrain::GroundWater || t.is_wall_or_better() {
                continue;
            }
            if holds[((y - y0) * w + x - x0) as usize] == (true, true) {
                cells.push((x, y));
            }
        }
    }
    if cells.is_empty() {
        return false;
    }
    let (x, y) = cells[rng.below(cells.len())];
    map.place(x, y, ItemKind::Health);
    true
}

/// `tryPlaceHealthInRoomTypes`: up to ten random rooms of the given types (none: no draw).
fn try_rooms(graph: &Graph, types: &[RoomType], map: &mut Map, rng: &mut SeedRandom) -> bool {
    let rooms: Vec<&Room> = graph
        .room_list
        .iter()
        .map(|&r| &graph.rooms[r])
        .filter(|r| types.contains(&r.room_type))
        .collect();
    if rooms.is_empty() {
        return false;
    }
    (0..10).any(|_| try_place_health(rooms[rng.below(rooms.len())], map, rng))
}

/// Step `health` (`placeHealth`): from level 1, `1 + floor((9 − L)/4)` food items on tables of the
/// kitchen, then kitchens or dining rooms, then up to ten tries adding bedrooms.
pub fn place_health(graph: &Graph, map: &mut Map, level: u32, rng: &mut SeedRandom) {
    use RoomType::{Bedroom, Dining, Kitchen};
    if level < 1 {
        return;
    }
    let mut left = 1 + (9 - level) / 4;
    if try_rooms(graph, &[Kitchen], map, rng) {
        left -= 1;
    }
    if left > 0 && try_rooms(graph, &[Kitchen, Dining], map, rng) {
        left -= 1;
    }
    for _ in 0..10 {
        if left == 0 {
            break;
        }
        if try_rooms(graph, &[Kitchen, Dining, Bedroom], map, rng) {
            left -= 1;
        }
    }
}
