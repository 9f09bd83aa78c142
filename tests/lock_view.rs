//! Locks as a designer meets them (`egui_kittest`): a hand edit says which room it locked and the map draws
//! that lock apart from the designer's own; the tooltip says what a lock keeps; locking a room whose
//! guard walks on says that patrol cannot be kept; a guard whose patrol stays in locked rooms is still
//! there after "Regenerate unlocked", and no new guard is planned into a locked room unless the Edit menu
//! lets new patrols in (issue 44).

#[path = "common/ui.rs"]
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{MessageKind, Tool};
use mansion_forge::edit::{Command, Edit, locks};
use mansion_forge::model::{Level, LockOrigin, RoomId, RoomKind};
use mansion_forge::paint::{MapFacts, Overlays, Scene, palette, picture};
use ui::{centre, click_cell, harness, key};

/// A chamber's free floor cell and the chamber.
fn free_chamber_cell(level: &Level) -> (RoomId, mansion_forge::model::Cell) {
    level
        .rooms
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind == RoomKind::Room)
        .find_map(|(i, r)| {
            r.cells
                .iter()
                .find(|&&c| level.item_at(c).is_none() && !level.terrain(c).is_blocking())
                .map(|&c| (i, c))
        })
        .expect("a free chamber cell")
}

#[test]
fn a_hand_edit_says_which_room_it_locked_and_the_tooltip_says_what_the_lock_keeps() {
    let mut harness = harness();
    let (room, cell) = free_chamber_cell(harness.state().state.level());
    key(&mut harness, egui::Key::O);
    harness.state_mut().panels.tools.item = 1;
    assert_eq!(harness.state().panels.tools.tool, Tool::PlaceItem);
    click_cell(&mut harness, cell, Modifiers::NONE);
    let state = &harness.state().state;
    assert!(state.level().item_at(cell).is_some(), "{:?}", state.message);
    assert_eq!(state.doc.lock_origin(room), Some(LockOrigin::Edit));
    let message = state.message.clone().unwrap_or_default();
    assert!(
        message.starts_with(&format!("Locked room {room} to keep your edit")),
        "{message}"
    );
    harness.get_by_label(&message);
    harness.hover_at(centre(&harness, cell));
    harness.run_steps(4);
    harness.get_by_label_contains("Locked by a hand edit, to keep your fix");
    // L makes the lock the designer's (the tooltip says so); L again takes it off.
    harness.state_mut().state.selection.room = Some(room);
    key(&mut harness, egui::Key::L);
    assert_eq!(
        harness.state().state.doc.lock_origin(room),
        Some(LockOrigin::Designer)
    );
    harness.hover_at(centre(&harness, cell) + egui::vec2(1.0, 0.0));
    harness.run_steps(4);
    harness.get_by_label_contains("Locked by you: a regeneration keeps its walls");
    key(&mut harness, egui::Key::L);
    assert_eq!(harness.state().state.doc.lock_origin(room), None);
}

/// Counts the pixels of `colour` in the picture.
fn count(image: &image::RgbaImage, colour: egui::Color32) -> usize {
    image
        .pixels()
        .filter(|p| p.0 == [colour.r(), colour.g(), colour.b(), 255])
        .count()
}

#[test]
fn edit_locks_are_drawn_in_their_own_colour() {
    let state = mansion_forge::app::EditorState::new_default();
    let level = state.level();
    let facts = MapFacts::new(level);
    let rooms = [3, 7];
    let draw = |edit_locked: &[RoomId]| {
        let scene = Scene {
            locked_rooms: &rooms,
            edit_locked,
            ..Scene::picture(level, &facts, Overlays::default())
        };
        picture(&scene, 12)
    };
    let designer = draw(&[]);
    let mixed = draw(&[7]);
    assert!(count(&designer, palette::LOCK) > 0);
    assert_eq!(count(&designer, palette::LOCK_BY_EDIT), 0);
    assert!(count(&mixed, palette::LOCK_BY_EDIT) > 0, "room 7 in teal");
    assert!(count(&mixed, palette::LOCK) > 0, "room 3 still pink");
    assert!(count(&mixed, palette::LOCK) < count(&designer, palette::LOCK));
}

/// The rooms whose lock would cover a cell of guard `g`'s route, in room order.
fn rooms_under_route(level: &Level, g: usize) -> Vec<RoomId> {
    locks::rooms_touched(level, &level.patrols[level.guards[g].route].cells)
}

#[test]
fn locking_part_of_a_patrol_warns_and_locking_all_of_it_keeps_the_guard() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let (guard, rooms) = (0..level.guards.len())
        .filter(|&g| !level.patrols[level.guards[g].route].outside)
        .map(|g| (g, rooms_under_route(&level, g)))
        .find(|(_, rooms)| rooms.len() >= 2)
        .expect("a guard walking several rooms");
    harness.state_mut().state.selection.room = Some(rooms[0]);
    key(&mut harness, egui::Key::L);
    let state = &harness.state().state;
    assert_eq!(state.message_kind, MessageKind::Warning);
    let message = state.message.clone().unwrap_or_default();
    assert!(
        message.contains(&format!("guard {guard}")) && message.contains("cannot be kept"),
        "{message}"
    );
    let state = &mut harness.state_mut().state;
    for &room in &rooms[1..] {
        assert!(state.run(&Command::Edit(Edit::Lock { room })));
    }
    assert!(!state.doc.unkept_guards().contains(&guard));
    let route = level.patrols[level.guards[guard].route].cells.clone();
    key(&mut harness, egui::Key::E);
    let level = harness.state().state.level();
    assert!(
        level
            .guards
            .iter()
            .any(|g| level.patrols[g.route].cells == route),
        "the guard keeps its patrol: {:?}",
        harness.state().state.message
    );
}

#[test]
fn a_guard_added_by_hand_locks_its_room_and_survives_a_regeneration() {
    let mut harness = harness();
    let (room, cell) = free_chamber_cell(harness.state().state.level());
    key(&mut harness, egui::Key::A);
    click_cell(&mut harness, cell, Modifiers::NONE);
    let state = &harness.state().state;
    assert!(
        state.level().guards.iter().any(|g| g.start == cell),
        "{:?}",
        state.message
    );
    assert_eq!(state.doc.lock_origin(room), Some(LockOrigin::Edit));
    key(&mut harness, egui::Key::E);
    let state = &harness.state().state;
    assert!(
        state.level().guards.iter().any(|g| g.start == cell),
        "the hand-added guard is kept: {:?}",
        state.message
    );
}

/// The bug of issue 44: lock rooms 1, 15 and 27 of the default mansion and regenerate the rest, and no
/// new guard may start, stand or turn in them; the lock's tooltip names the routes crossing the room,
/// and the Inspector offers to let patrols in.
#[test]
fn regenerating_around_locks_plans_no_new_guard_in_a_locked_room() {
    let mut harness = harness();
    let rooms = [1, 15, 27];
    for room in rooms {
        harness.state_mut().state.selection.room = Some(room);
        key(&mut harness, egui::Key::L);
        assert_eq!(
            harness.state().state.doc.lock_origin(room),
            Some(LockOrigin::Designer)
        );
    }
    harness.get_by_label("New patrols may enter");
    let state = &harness.state().state;
    assert!(rooms.iter().all(|&r| !state.doc.allows_patrols(r)));
    let kept: Vec<Vec<mansion_forge::model::Cell>> = state
        .doc
        .locks
        .iter()
        .flat_map(|l| &l.patrols)
        .map(|p| p.cells.clone())
        .collect();
    key(&mut harness, egui::Key::E);
    let state = &harness.state().state;
    let level = state.level();
    let floor: Vec<mansion_forge::model::Cell> = state
        .doc
        .locks
        .iter()
        .flat_map(|l| l.room.cells.iter().copied())
        .collect();
    assert!(!floor.is_empty());
    for (g, guard) in level.guards.iter().enumerate() {
        let route = &level.patrols[guard.route];
        if kept.contains(&route.cells) {
            continue;
        }
        assert!(
            !floor.contains(&guard.start),
            "guard {g} starts in a locked room"
        );
        assert!(
            route.stations.iter().all(|s| !floor.contains(&s.cell)),
            "guard {g} stands in a locked room"
        );
    }
    // The lock's tooltip on the map says which routes cross the room.
    let room = state.doc.locked_rooms()[0];
    let cell = level.rooms[room].cells[0];
    let crossing: Vec<String> = (0..level.patrols.len())
        .filter(|&p| {
            level.patrols[p]
                .cells
                .iter()
                .any(|c| level.rooms[room].cells.contains(c))
        })
        .map(|p| format!("route {p}"))
        .collect();
    let words = if crossing.is_empty() {
        "No route crosses it.".to_string()
    } else {
        format!("Routes crossing it: {}.", crossing.join(", "))
    };
    harness.hover_at(centre(&harness, cell));
    harness.run_steps(4);
    harness.get_by_label_contains(&words);
    harness.get_by_label_contains("New guards keep out");
}

#[test]
fn the_edit_menu_lets_new_patrols_into_a_locked_room_and_keeps_them_out_again() {
    let mut harness = harness();
    let (room, _) = free_chamber_cell(harness.state().state.level());
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(2);
    ui::menu_entry(&mut harness, "Edit", "Let new patrols into");
    let (done, _) = harness.state().state.history.entries();
    assert!(
        done.is_empty(),
        "a room that is not locked has no lock to let patrols in"
    );
    key(&mut harness, egui::Key::L);
    assert!(
        !harness.state().state.doc.allows_patrols(room),
        "a new lock keeps patrols out"
    );
    ui::menu_entry(&mut harness, "Edit", "Let new patrols into");
    assert!(harness.state().state.doc.allows_patrols(room));
    ui::menu_entry(&mut harness, "Edit", "Let new patrols into");
    assert!(!harness.state().state.doc.allows_patrols(room));
    let (done, _) = harness.state().state.history.entries();
    assert_eq!(done.len(), 3, "lock, let in, keep out: each undoable");

    // Kept out, the room goes unpatrolled on purpose: the validation says why instead of warning.
    harness.get_by_label("Regenerate unlocked").click();
    harness.run_steps(3);
    let state = &harness.state().state;
    let unpatrolled = mansion_forge::analysis::patrol_metrics(state.level()).unpatrolled;
    assert!(
        unpatrolled.contains(&room),
        "no new route needed room {room}"
    );
    let kind = state.level().rooms[room].kind_label();
    let said = format!("Room {room} ({kind}) is not patrolled: its lock keeps new guards out");
    assert!(
        harness.query_by_label(&said).is_some(),
        "the validation says: {said}"
    );
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(3);
    let inspector = "not patrolled: its lock keeps new guards out";
    assert!(
        harness.query_by_label(inspector).is_some(),
        "the inspector says: {inspector}"
    );
}
