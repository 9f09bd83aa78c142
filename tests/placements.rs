//! The placement rule as a designer meets it (`egui_kittest`): a placement that would break the level is
//! shown as refused under the cursor while dragging, with its reason, and refused with the reason in the
//! status bar when the button goes up — for moved items, placed items, waypoints and paint strokes
//! alike. Nothing refused reaches the history.

#[path = "common/ui.rs"]
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{MessageKind, PAINTS, PaintMode, Tool};
use mansion_forge::model::{ItemKind, Terrain};
use ui::{centre, click_cell, drag, drag_holding, harness, key, release};

fn entries(harness: &egui_kittest::Harness<'static, mansion_forge::app::Editor>) -> usize {
    harness.state().state.history.entries().0.len()
}

#[test]
fn dragging_a_coin_onto_a_wall_shows_the_refusal_and_leaves_the_coin() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let coin = level
        .items
        .iter()
        .find(|i| i.kind == ItemKind::Coin)
        .expect("a coin")
        .cell;
    let wall = level
        .all_cells()
        .filter(|&c| level.terrain(c) == Terrain::Wall)
        .min_by_key(|c| (c.x - coin.x).abs() + (c.y - coin.y).abs())
        .expect("a wall");
    key(&mut harness, egui::Key::M);
    let (from, to) = (centre(&harness, coin), centre(&harness, wall));
    let mid = from + (to - from) * 0.5;
    drag_holding(&mut harness, from, &[mid, to, to]);
    let preview = harness
        .state()
        .panels
        .tools
        .preview
        .clone()
        .expect("a preview while dragging");
    assert_eq!((preview.from, preview.to), (Some(coin), wall));
    let reason = preview.refusal.expect("refused under the cursor");
    assert!(reason.contains("wall"), "{reason}");
    release(&mut harness, to);
    let state = &harness.state().state;
    assert!(state.level().item_at(coin).is_some(), "the coin stays");
    assert_eq!(entries(&harness), 0, "nothing reached the history");
    let state = &harness.state().state;
    assert_eq!(state.message_kind, MessageKind::Warning);
    assert!(
        state
            .message
            .as_deref()
            .unwrap_or("")
            .starts_with("Refused:")
    );
    assert_eq!(
        harness.state().panels.tools.preview,
        None,
        "the preview ends with the drag"
    );
}

#[test]
fn a_valid_move_goes_through_with_its_preview_clean() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let (coin, free) = level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .find_map(|i| {
            let next = i.cell.offset(1, 0);
            (level.terrain(next) == level.terrain(i.cell) && level.item_at(next).is_none())
                .then_some((i.cell, next))
        })
        .expect("a coin with free floor beside it");
    key(&mut harness, egui::Key::M);
    let (from, to) = (centre(&harness, coin), centre(&harness, free));
    drag_holding(&mut harness, from, &[to, to]);
    let preview = harness
        .state()
        .panels
        .tools
        .preview
        .clone()
        .expect("a preview");
    assert_eq!(preview.refusal, None);
    release(&mut harness, to);
    assert!(harness.state().state.level().item_at(free).is_some());
    assert_eq!(entries(&harness), 1);
}

#[test]
fn placing_a_chair_in_a_wall_is_refused_with_the_reason_and_so_is_a_wall_over_a_door() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let wall = level
        .all_cells()
        .find(|&c| level.terrain(c) == Terrain::Wall && level.item_at(c).is_none())
        .expect("a wall");
    key(&mut harness, egui::Key::O);
    harness.state_mut().panels.tools.item = 1;
    click_cell(&mut harness, wall, Modifiers::NONE);
    let state = &harness.state().state;
    assert_eq!(harness.state().panels.tools.tool, Tool::PlaceItem);
    assert!(state.level().item_at(wall).is_none());
    assert_eq!(
        state.message.as_deref(),
        Some("Refused: an item cannot stand in a wall")
    );

    let door = level
        .items
        .iter()
        .find(|i| matches!(i.kind, ItemKind::Door(_)))
        .expect("a door")
        .cell;
    key(&mut harness, egui::Key::B);
    let tools = &mut harness.state_mut().panels.tools;
    tools.paint = PAINTS
        .iter()
        .position(|(t, _)| *t == Terrain::Wall)
        .expect("walls paint");
    tools.paint_mode = PaintMode::Brush;
    let at = centre(&harness, door);
    drag(&mut harness, at, &[at]);
    let state = &harness.state().state;
    assert!(
        !state.level().terrain(door).is_blocking(),
        "the door is still open"
    );
    assert!(state.message.as_deref().unwrap_or("").contains("Door tool"));
    assert_eq!(entries(&harness), 0);
}

#[test]
fn the_door_tools_tooltip_says_what_a_click_will_do() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let door = level
        .adjacencies
        .iter()
        .filter(|a| a.door && a.segment.is_some())
        .find_map(|a| a.door_cells.first().copied())
        .expect("a door");
    key(&mut harness, egui::Key::D);
    harness.hover_at(centre(&harness, door));
    harness.run_steps(4);
    harness.get_by_label(
        "Door tool: click to take the door off or hang it again; Shift+click walls the doorway up",
    );
}

#[test]
fn applying_a_generator_says_how_many_locks_and_edits_it_drops() {
    let mut harness = harness();
    let state = &mut harness.state_mut().state;
    let room = state
        .level()
        .rooms
        .iter()
        .position(|r| r.kind == mansion_forge::model::RoomKind::Room)
        .expect("a chamber");
    assert!(state.run(&mansion_forge::edit::Command::Edit(
        mansion_forge::edit::Edit::Lock { room }
    )));
    harness.run_steps(2);
    harness
        .get_by_label_contains("Generator and parameters")
        .click();
    harness.run_steps(2);
    harness.get_by_label("Applying starts a new document without the 1 lock and 1 hand edit");
    harness.get_by_label("Apply generator").click();
    harness.run_steps(3);
    // The lock is an unsaved change: the editor asks before it starts the new document.
    assert!(!harness.state().state.doc.locks.is_empty());
    harness.get_by_label("Discard").click();
    harness.run_steps(3);
    let state = &harness.state().state;
    assert!(state.doc.locks.is_empty());
    assert_eq!(
        state.message.as_deref(),
        Some("New recipe applied: the old document's 1 lock and 1 hand edit are not carried over")
    );
}

#[test]
fn closing_a_door_that_walls_off_a_room_asks_first_and_says_how_many_cells() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let graph = mansion_forge::analysis::room_graph(&level);
    // A dead-end room's only door, in a wall segment the Door tool can close.
    let (room, door) = (1..level.rooms.len())
        .filter(|&r| graph.degree(r) == 1)
        .find_map(|r| {
            let (_, a) = graph.neighbours(r)[0];
            let adj = &level.adjacencies[a];
            adj.segment.and(adj.door_cells.first().map(|&c| (r, c)))
        })
        .expect("a dead-end room with a door");
    key(&mut harness, egui::Key::D);
    click_cell(&mut harness, door, Modifiers::SHIFT);
    let title = harness
        .state()
        .state
        .confirm
        .as_ref()
        .expect("the editor asks")
        .title
        .clone();
    assert!(
        title.starts_with("Wall off ") && title.ends_with(" cells?"),
        "{title}"
    );
    harness.get_by_label_contains(&format!("(room {room}) off from the entrance"));
    assert!(!harness.state().state.level().terrain(door).is_blocking());
    harness.get_by_label("Keep the doorway").click();
    harness.run_steps(2);
    assert!(!harness.state().state.level().terrain(door).is_blocking());
    assert_eq!(entries(&harness), 0);

    click_cell(&mut harness, door, Modifiers::SHIFT);
    harness.get_by_label("Wall it up").click();
    harness.run_steps(2);
    assert!(harness.state().state.level().terrain(door).is_blocking());
    assert_eq!(entries(&harness), 1, "one undo step");
}
