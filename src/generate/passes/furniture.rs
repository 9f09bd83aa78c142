//! Step 5.8's furniture templates, shared by every generator: the siheyuan mansion calls them for its
//! rectangular regions, and the finishing pass of the other generators for their rectangular rooms.

use crate::generate::rng::Stream;
use crate::model::{Cell, Item, ItemKind, Level, Rect, Terrain};

const PRIVATE_BANQUET_CHANCE: f64 = 0.33333;
const CENTRE_LINE_CHANCE: f64 = 0.66667;
const TORCH_UNLIT_CHANCE: f64 = 0.5;

/// Where a template puts an item: guarded placement checks doorways (and windows for torches).
#[derive(Clone, Copy, PartialEq)]
enum Placement {
    Guarded,
    Unguarded,
}

fn place(level: &mut Level, kind: ItemKind, cell: Cell, placement: Placement, doorways: &[Cell]) {
    if placement == Placement::Guarded {
        let neighbours = cell.neighbours4().map(|n| level.terrain(n));
        let archway = cell.neighbours4().iter().any(|n| doorways.contains(n));
        if archway || neighbours.iter().any(|t| t.is_door_like()) {
            return;
        }
        if kind.is_torch() && neighbours.iter().any(|t| matches!(t, Terrain::Window(_))) {
            return;
        }
    }
    level.items.push(Item { kind, cell });
}

/// The torch kind: unlit at level 0 without a draw, else lit or unlit by a coin.
fn torch(level_index: u32, rng: &mut Stream) -> ItemKind {
    if level_index == 0 || rng.chance(TORCH_UNLIT_CHANCE) {
        ItemKind::TorchUnlit
    } else {
        ItemKind::TorchLit
    }
}

/// Corner cells in the order SW, SE, NW, NE.
fn corners(rect: Rect) -> [Cell; 4] {
    [
        Cell::new(rect.x0, rect.y0),
        Cell::new(rect.x1 - 1, rect.y0),
        Cell::new(rect.x0, rect.y1 - 1),
        Cell::new(rect.x1 - 1, rect.y1 - 1),
    ]
}

/// The courtyard template of §5.8: a pool when both sides are at least 5, else bushes and maybe a torch in
/// the corners. `doorways` lists passable door cells that are not door terrain (open archways).
pub fn decorate_courtyard(level: &mut Level, rect: Rect, doorways: &[Cell], rng: &mut Stream) {
    let (w, h) = (rect.width(), rect.height());
    if w >= 5 && h >= 5 {
        for x in rect.x0 + 1..rect.x1 - 1 {
            for y in rect.y0 + 1..rect.y1 - 1 {
                level.set_terrain(Cell::new(x, y), Terrain::Water);
            }
        }
        return;
    }
    let mut list = vec![ItemKind::Bush; 4];
    if w > 2 && h > 2 {
        list.push(torch(level.level, rng));
    }
    rng.shuffle(&mut list);
    // A fifth element is dropped (quirk 5).
    for (kind, cell) in list.into_iter().zip(corners(rect)) {
        place(level, kind, cell, Placement::Guarded, doorways);
    }
}

/// The room templates R1–R6 of §5.8 on the rectangular interior `rect`; first matching rule wins.
/// `doorways` lists passable door cells that are not door terrain (open archways), which guarded placement
/// must keep clear just like doors.
pub fn decorate_room(
    level: &mut Level,
    rect: Rect,
    private: bool,
    doorways: &[Cell],
    rng: &mut Stream,
) {
    let (w, h) = (rect.width(), rect.height());
    let at = |i: i32, j: i32| Cell::new(rect.x0 + i, rect.y0 + j);
    let side_item = if private {
        ItemKind::Chair
    } else {
        ItemKind::Table
    };
    if w >= 5 && h >= 5 {
        // R1 pillared hall, with a pool in private rooms.
        if private {
            for i in 2..=w - 3 {
                for j in 2..=h - 3 {
                    level.set_terrain(at(i, j), Terrain::Water);
                }
            }
        }
        for (i, j) in [(1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)] {
            level.set_terrain(at(i, j), Terrain::Wall);
        }
        return;
    }
    let banquet =
        |level: &mut Level, slots: i32, rng: &mut Stream, cell_of: &dyn Fn(i32) -> [Cell; 3]| {
            let mut centre = vec![ItemKind::Table; slots as usize];
            centre.push(torch(level.level, rng));
            rng.shuffle(&mut centre);
            for (n, item) in centre.into_iter().take(slots as usize).enumerate() {
                let [chair_a, middle, chair_b] = cell_of(n as i32 + 1);
                place(
                    level,
                    ItemKind::Chair,
                    chair_a,
                    Placement::Unguarded,
                    doorways,
                );
                place(level, item, middle, Placement::Unguarded, doorways);
                place(
                    level,
                    ItemKind::Chair,
                    chair_b,
                    Placement::Unguarded,
                    doorways,
                );
            }
        };
    if w == 5 && h >= 3 && (!private || rng.chance(PRIVATE_BANQUET_CHANCE)) {
        banquet(level, h - 2, rng, &|j| [at(1, j), at(2, j), at(3, j)]);
        return;
    }
    if h == 5 && w >= 3 && (!private || rng.chance(PRIVATE_BANQUET_CHANCE)) {
        banquet(level, w - 2, rng, &|i| [at(i, 1), at(i, 2), at(i, 3)]);
        return;
    }
    if w > h && h % 2 == 1 && rng.chance(CENTRE_LINE_CHANCE) {
        let mut pair = [torch(level.level, rng), side_item];
        rng.shuffle(&mut pair);
        place(level, pair[0], at(1, h / 2), Placement::Guarded, doorways);
        place(
            level,
            pair[1],
            at(w - 2, h / 2),
            Placement::Guarded,
            doorways,
        );
        return;
    }
    if h > w && w % 2 == 1 && rng.chance(CENTRE_LINE_CHANCE) {
        let mut pair = [torch(level.level, rng), side_item];
        rng.shuffle(&mut pair);
        place(level, pair[0], at(w / 2, 1), Placement::Guarded, doorways);
        place(
            level,
            pair[1],
            at(w / 2, h - 2),
            Placement::Guarded,
            doorways,
        );
        return;
    }
    if w > 3 && h > 3 {
        let mut list = [torch(level.level, rng), side_item, side_item, side_item];
        rng.shuffle(&mut list);
        for (kind, cell) in list.into_iter().zip(corners(rect)) {
            place(level, kind, cell, Placement::Guarded, doorways);
        }
    }
}
