//! The 2025 generator's own guarantees (`lll-2025-mansion.md` §11), checked on its levels as generator
//! notes, numbered `100 + n` for the spec's invariant `n` so they never read as the 2023 siheyuan's.
//!
//! They replace the siheyuan's patrol shapes (dwell at chain ends, one route per room) and its single
//! front door, which the 2025 game does not keep: its routes are loops, one guard stands on a one-cell
//! post, and its back and side gates are extra doors to the outside. What the model's records cannot
//! say (a route's rooms before merging, betweenness, the plan's loot) is left to the generator's tests.

use super::report::Report;
use crate::model::{
    Cell, ItemKind, Level, Level2025, LevelType2025, Post2025, RoomKind, RoomType2025, Terrain,
};

/// The note number of the spec's §11 invariant `n`.
const fn number(n: u32) -> u32 {
    100 + n
}

/// Every §11 guarantee the level's records can show.
pub(super) fn check(level: &Level, extra: &Level2025, report: &mut Report) {
    check_doors(level, report);
    check_front_gate(level, extra.level_type, report);
    check_room_types(level, extra, report);
    check_keys(level, &extra.guards, report);
    check_dressing(level, report);
    check_coins(level, report);
    check_guards(level, &extra.guards, report);
    check_loops(level, report);
}

/// §11.3: every room inside has a door.
fn check_doors(level: &Level, report: &mut Report) {
    for (r, room) in level.rooms.iter().enumerate() {
        let has_door = level.adjacencies.iter().any(|a| a.door && a.touches(r));
        if room.kind != RoomKind::Exterior && !has_door {
            report.in_room(number(3), r, "room has no door");
        }
    }
}

/// §11.5 and §11.10: the front gate is a portcullis; a Fortress's other doors to the outside are locked.
fn check_front_gate(level: &Level, level_type: LevelType2025, report: &mut Report) {
    let gate = level.entrance.cell;
    if !matches!(level.terrain(gate), Terrain::Portcullis(_)) {
        report.at(number(5), gate, "the front gate is not a portcullis");
    }
    let Some(outside) = level.exterior() else {
        return;
    };
    if level_type != LevelType2025::Fortress {
        return;
    }
    let back_doors = level
        .adjacencies
        .iter()
        .filter(|a| a.door && a.touches(outside))
        .flat_map(|a| a.door_cells.iter().copied())
        .filter(|&c| c != gate);
    for cell in back_doors {
        if !matches!(item_at(level, cell), Some(ItemKind::LockedDoor(_))) {
            report.at(
                number(10),
                cell,
                "a Fortress's back or side door is not locked",
            );
        }
    }
}

/// The item on `cell`, if any.
fn item_at(level: &Level, cell: Cell) -> Option<ItemKind> {
    level.items.iter().find(|i| i.cell == cell).map(|i| i.kind)
}

/// §11.8: no vault below level 5 and every vault door locked; throne rooms only in Fortresses; no
/// kitchen at level 0.
fn check_room_types(level: &Level, extra: &Level2025, report: &mut Report) {
    let fortress = extra.level_type == LevelType2025::Fortress;
    for (r, &kind) in extra.room_types.iter().enumerate() {
        match kind {
            RoomType2025::Vault if level.level < 5 => {
                report.in_room(number(8), r, "a vault below level 5");
            }
            RoomType2025::Vault => {
                let doors = level
                    .adjacencies
                    .iter()
                    .filter(|a| a.door && a.touches(r))
                    .flat_map(|a| a.door_cells.iter().copied());
                for cell in doors {
                    if !matches!(item_at(level, cell), Some(ItemKind::LockedDoor(_))) {
                        report.at(number(8), cell, "a vault door is not locked");
                    }
                }
            }
            RoomType2025::ThroneRoom if !fortress => {
                report.in_room(number(8), r, "a throne room outside a Fortress");
            }
            RoomType2025::Kitchen if level.level == 0 => {
                report.in_room(number(8), r, "a kitchen at level 0");
            }
            _ => {}
        }
    }
}

/// §11.9: locked doors from level 3 on only; exactly one key guard when there is a locked door, else none.
fn check_keys(level: &Level, guards: &[crate::model::GuardExtras2025], report: &mut Report) {
    let locked: Vec<Cell> = level
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::LockedDoor(_)))
        .map(|i| i.cell)
        .collect();
    if let Some(&first) = locked.first().filter(|_| level.level < 3) {
        report.at(number(9), first, "a locked door below level 3");
    }
    let keys = guards.iter().filter(|g| g.key).count();
    let wanted = usize::from(!locked.is_empty());
    if keys != wanted {
        report.add(
            number(9),
            format!(
                "{keys} guards carry a key for {} locked doors; the game gives exactly {wanted}",
                locked.len()
            ),
        );
    }
}

/// §11.11 and §11.19: creaky boards from level 4 on, no lit torch at level 0, no torch beside a window.
fn check_dressing(level: &Level, report: &mut Report) {
    if level.level < 4
        && let Some(c) = level
            .all_cells()
            .find(|&c| level.terrain(c) == Terrain::WoodCreaky)
    {
        report.at(number(11), c, "creaky boards below level 4");
    }
    for item in &level.items {
        let torch = matches!(item.kind, ItemKind::TorchLit | ItemKind::TorchUnlit);
        if item.kind == ItemKind::TorchLit && level.level == 0 {
            report.at(number(11), item.cell, "a lit torch at level 0");
        }
        let by_window = item
            .cell
            .neighbours4()
            .into_iter()
            .any(|n| level.in_bounds(n) && matches!(level.terrain(n), Terrain::Window(_)));
        if torch && by_window {
            report.at(number(19), item.cell, "a torch beside a window");
        }
    }
}

/// §11.13: no coin on water, a wall or a door.
fn check_coins(level: &Level, report: &mut Report) {
    for coin in level.items.iter().filter(|i| i.kind == ItemKind::Coin) {
        let terrain = level.terrain(coin.cell);
        if terrain == Terrain::Water || terrain.is_blocking() || terrain.is_door_like() {
            report.at(number(13), coin.cell, "a coin on water, a wall or a door");
        }
    }
}

/// §11.14 and §11.15: no guard at level 0, one at level 1, one guard per route; from level 6 exactly two
/// outside guards; stationary guards stand on one-cell routes.
fn check_guards(level: &Level, extras: &[crate::model::GuardExtras2025], report: &mut Report) {
    let guards = level.guards.len();
    match level.level {
        0 if guards > 0 || !level.patrols.is_empty() => {
            report.add(number(14), "guards or routes at level 0");
        }
        1 if guards != 1 => {
            report.add(
                number(14),
                format!("{guards} guards at level 1; the game has one"),
            );
        }
        _ => {}
    }
    let mut on_route = vec![0usize; level.patrols.len()];
    for guard in &level.guards {
        if let Some(n) = on_route.get_mut(guard.route) {
            *n += 1;
        }
    }
    for (i, &n) in on_route.iter().enumerate().filter(|&(_, &n)| n != 1) {
        let at = level.patrols[i].cells.first().copied();
        let message = format!("route {i} has {n} guards; the game puts one on each");
        match at {
            Some(c) => report.at(number(14), c, message),
            None => report.add(number(14), message),
        }
    }
    let outside = level.patrols.iter().filter(|r| r.outside).count();
    if level.level >= 6 && outside != 2 {
        report.add(
            number(15),
            format!("{outside} outside guards from level 6; the game has two"),
        );
    }
    for (guard, extra) in level.guards.iter().zip(extras) {
        let cells = level.patrols.get(guard.route).map_or(0, |r| r.cells.len());
        if extra.post != Post2025::Patrolling && cells != 1 {
            report.at(number(15), guard.start, "a stationary guard walks a route");
        }
    }
}

/// §11.17: every route is a closed walk (its last cell next to or on its first).
fn check_loops(level: &Level, report: &mut Report) {
    for (i, route) in level.patrols.iter().enumerate() {
        let closed = route.cells.len() == 1 || route.loops() || {
            let (first, last) = (route.cells.first(), route.cells.last());
            first.is_some() && first == last
        };
        if !closed {
            let at = route.cells.first().copied().unwrap_or(level.player_start);
            report.at(number(17), at, format!("route {i} does not close its loop"));
        }
    }
}
