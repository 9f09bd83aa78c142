//! Copy and paste as a designer does it (egui_kittest): drag out a rectangle with the Select tool,
//! Ctrl+C, Ctrl+V, click where it goes — one history entry that one undo takes back; Escape drops a
//! pending paste.

#[path = "common/ui.rs"]
mod ui;

use egui::{Event, Key, Modifiers};
use mansion_forge::edit::{Command, Edit};
use mansion_forge::model::{Cell, ItemKind, RoomKind};
use ui::{centre, click_cell, drag, harness, key};

/// Two chambers: the source rectangle's corners in one, the paste target in another.
fn chambers(level: &mansion_forge::model::Level) -> (Cell, Cell, Cell) {
    let mut rooms = level.rooms.iter().filter(|r| {
        r.kind == RoomKind::Room && r.interior.width() >= 3 && r.interior.height() >= 3
    });
    let a = rooms.next().expect("a chamber").interior;
    let b = rooms.next().expect("another chamber").interior;
    let from = Cell::new(a.x0, a.y0);
    (from, from.offset(2, 2), Cell::new(b.x0, b.y0))
}

#[test]
fn a_copied_rectangle_pastes_with_its_items_as_one_undoable_entry() {
    let mut harness = harness();
    let (a, b, target) = chambers(harness.state().state.level());
    // A coin in the middle of the source and none at the target, so the paste must carry it.
    let coin = a.offset(1, 1);
    let place = |cell, item| Command::Edit(Edit::SetItem { cell, item });
    let state = &mut harness.state_mut().state;
    assert!(state.run(&place(coin, Some(ItemKind::Coin))));
    state.run(&place(target.offset(1, 1), None));
    let before = state.level().clone();
    let done = state.history.entries().0.len();
    key(&mut harness, Key::V);
    let (pa, pb) = (centre(&harness, a), centre(&harness, b));
    drag(&mut harness, pa, &[pa + (pb - pa) * 0.5, pb]);
    assert_eq!(harness.state().state.tools.selection, Some((a, b)));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(2);
    let clip = harness
        .state()
        .state
        .tools
        .clipboard
        .clone()
        .expect("copied");
    assert_eq!((clip.width, clip.height), (3, 3));
    harness.event(Event::Paste(String::new()));
    harness.run_steps(2);
    assert!(harness.state().state.tools.pasting);
    click_cell(&mut harness, target, Modifiers::NONE);
    let state = &harness.state().state;
    assert!(!state.tools.pasting, "one click pastes once");
    let after = state.level();
    for dy in 0..3 {
        for dx in 0..3 {
            let (src, dst) = (a.offset(dx, dy), target.offset(dx, dy));
            assert_eq!(after.terrain(dst), before.terrain(src), "{dst:?}");
            assert_eq!(
                after.item_at(dst).map(|i| i.kind),
                before.item_at(src).map(|i| i.kind),
                "{dst:?}"
            );
        }
    }
    assert_eq!(
        after.item_at(target.offset(1, 1)).map(|i| i.kind),
        Some(ItemKind::Coin)
    );
    assert_eq!(state.history.entries().0.len(), done + 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(
        *harness.state().state.level(),
        before,
        "one undo takes it back"
    );
}

#[test]
fn escape_drops_a_pending_paste_and_the_selection() {
    let mut harness = harness();
    let level = harness.state().state.level().clone();
    let (a, b, target) = chambers(&level);
    key(&mut harness, Key::V);
    let (pa, pb) = (centre(&harness, a), centre(&harness, b));
    drag(&mut harness, pa, &[pb]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(2);
    assert!(harness.state().state.tools.pasting);
    key(&mut harness, Key::Escape);
    let state = &harness.state().state;
    assert!(!state.tools.pasting);
    assert_eq!(state.tools.selection, None);
    click_cell(&mut harness, target, Modifiers::NONE);
    assert_eq!(
        *harness.state().state.level(),
        level,
        "a click after Escape selects, not pastes"
    );
}
