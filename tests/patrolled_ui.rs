//! Facts that agree and numbers that stay (issue 44, item 3). One source for "patrolled": a guard the
//! designer posts in a room patrols that room in every panel's words. Before, the map's tooltip named the
//! new guard ("Patrolled by: guard 8") while the inspector said "not patrolled" and the validation
//! warned, since the new route listed no room. And a regeneration renamed what it kept: the posted
//! guard 10 came back as guard 8, a locked room's loot #10 and #11 as #1 and #2.

#[path = "common/ui.rs"]
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::{NodeT, Queryable};
use mansion_forge::app::Tool;
use mansion_forge::model::{Cell, ItemKind, Level, RoomKind};

#[test]
fn a_guard_posted_in_a_room_patrols_it_in_the_inspector_the_validation_and_the_tooltip() {
    let mut harness = ui::harness();
    // A room no route visits, else any chamber, and a free floor cell of it.
    let (room, cell) = {
        let state = &harness.state().state;
        let level = state.level();
        let routes_of = |r: usize| {
            level
                .patrols
                .iter()
                .filter(|p| !p.outside && p.visits.contains(&r))
                .count()
        };
        let chambers: Vec<usize> = (0..level.rooms.len())
            .filter(|&r| level.rooms[r].kind == RoomKind::Room)
            .collect();
        let room = chambers
            .iter()
            .copied()
            .find(|&r| routes_of(r) == 0)
            .unwrap_or(chambers[0]);
        let cell = free_cell(level, room).expect("a free floor cell");
        (room, cell)
    };
    harness.get_by_label(Tool::AddGuard.label()).click();
    harness.run_steps(2);
    let guards = harness.state().state.level().guards.len();
    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    let state = &harness.state().state;
    assert_eq!(
        state.level().guards.len(),
        guards + 1,
        "the guard is posted"
    );
    let route = state.level().guards[guards].route;

    // The tooltip's source: the routes whose cells pass the cell.
    assert!(state.analysis.routes_at(cell).contains(&route));
    // The inspector's and the validation's: the routes that visit the room.
    assert!(state.analysis.map.patrols.routes_of_room[room].contains(&route));
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(3);
    assert!(
        harness.query_by_label("not patrolled").is_none(),
        "the inspector says room {room} is patrolled"
    );
    let warned = harness
        .query_all_by_label_contains("is not patrolled")
        .filter_map(|node| node.accesskit_node().label())
        .any(|text| text.starts_with(&format!("Room {room} (")));
    assert!(!warned, "the validation does not warn about room {room}");
}

/// A free floor cell of room `room`: no item, no guard, not the player's start.
fn free_cell(level: &Level, room: usize) -> Option<Cell> {
    level.rooms[room].cells.iter().copied().find(|&c| {
        level.stack_at(c).next().is_none()
            && level.guards.iter().all(|g| g.start != c)
            && level.player_start != c
    })
}

/// Each coin of `level` on `cells` with its loot number.
fn loot_on(level: &Level, cells: &[Cell]) -> Vec<(Cell, usize)> {
    (0..level.items.len())
        .filter(|&i| cells.contains(&level.items[i].cell))
        .filter_map(|i| Some((level.items[i].cell, level.loot_number(i)?)))
        .collect()
}

/// A chamber with loot to lock (the one with the highest numbers, so a renumbering would show), and
/// another chamber with a free cell to post a guard on.
fn rooms_to_lock(level: &Level) -> (usize, usize, Cell) {
    let chambers: Vec<usize> = (0..level.rooms.len())
        .filter(|&r| level.rooms[r].kind == RoomKind::Room)
        .collect();
    let highest = |r: usize| {
        loot_on(level, &level.rooms[r].cells)
            .iter()
            .map(|&(_, n)| n)
            .max()
    };
    let loot_room = chambers
        .iter()
        .copied()
        .filter(|&r| highest(r).is_some())
        .max_by_key(|&r| highest(r))
        .expect("a chamber with loot");
    let (guard_room, cell) = chambers
        .iter()
        .filter(|&&r| r != loot_room)
        .find_map(|&r| Some((r, free_cell(level, r)?)))
        .expect("another chamber with a free cell");
    (loot_room, guard_room, cell)
}

/// Whether every guard and every coin of `level` has a number of its own.
fn numbers_are_distinct(level: &Level) -> bool {
    let distinct = |mut numbers: Vec<usize>| {
        let count = numbers.len();
        numbers.sort_unstable();
        numbers.dedup();
        numbers.len() == count
    };
    distinct(
        (0..level.guards.len())
            .map(|g| level.guard_number(g))
            .collect(),
    ) && distinct(
        (0..level.items.len())
            .filter_map(|i| level.loot_number(i))
            .collect(),
    )
}

/// Whether the inspector of room `room` shows a line containing `text`.
fn inspector_says(
    harness: &mut egui_kittest::Harness<'static, mansion_forge::app::Editor>,
    room: usize,
    text: &str,
) -> bool {
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(3);
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn a_regeneration_keeps_the_numbers_of_the_guards_and_loot_it_keeps_and_gives_new_ones_others() {
    let mut harness = ui::harness();
    let (loot_room, guard_room, cell) = rooms_to_lock(harness.state().state.level());
    harness.state_mut().state.selection.room = Some(loot_room);
    harness.run_steps(2);
    ui::key(&mut harness, egui::Key::L);
    assert!(harness.state().state.doc.is_locked(loot_room));
    harness.get_by_label(Tool::AddGuard.label()).click();
    harness.run_steps(2);
    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    let (posted, loot_before) = {
        let level = harness.state().state.level();
        let posted = level
            .guards
            .iter()
            .position(|g| g.start == cell)
            .expect("posted");
        assert_eq!(
            level.guard_number(posted),
            posted,
            "a new guard takes the next number"
        );
        (posted, loot_on(level, &level.rooms[loot_room].cells))
    };

    harness.get_by_label("Regenerate unlocked").click();
    harness.run_steps(4);
    let state = &harness.state().state;
    let level = state.level();
    assert!(state.doc.is_locked(loot_room) && state.doc.is_locked(guard_room));
    let index = level
        .guards
        .iter()
        .position(|g| g.start == cell)
        .expect("the posted guard is kept");
    assert_eq!(
        level.guard_number(index),
        posted,
        "the posted guard keeps its number"
    );
    let floor = &level.rooms[loot_room].cells;
    assert_eq!(
        loot_on(level, floor),
        loot_before,
        "the locked room's loot keeps its numbers"
    );
    // Not by chance: the kept ones sit elsewhere in the lists now, where plain numbers would rename them.
    let (kept_cell, kept_number) = loot_before[0];
    let coin_index = (0..level.items.len())
        .find(|&i| level.items[i].cell == kept_cell)
        .expect("the kept coin");
    let rank = level.items[..coin_index]
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .count();
    assert!(
        index != posted || rank + 1 != kept_number,
        "the lists moved"
    );
    assert!(
        numbers_are_distinct(level),
        "new ones take numbers nobody else has"
    );

    // The panels say the same numbers: the inspector's loot list and route line.
    let kept_coin = format!("#{kept_number} at ({}, {})", kept_cell.x, kept_cell.y);
    assert!(
        inspector_says(&mut harness, loot_room, &kept_coin),
        "the inspector lists {kept_coin}"
    );
    let named = format!("guard {posted}:");
    assert!(
        inspector_says(&mut harness, guard_room, &named),
        "the inspector names {named}"
    );
}
