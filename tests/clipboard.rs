//! Copy and paste as a designer does it (`egui_kittest`): drag out a rectangle with the Select tool,
//! Ctrl+C, Ctrl+V, click where it goes — one history entry that one undo takes back; Escape drops a
//! pending paste.

#[path = "common/ui.rs"]
mod ui;

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use mansion_forge::edit::{Command, Edit};
use mansion_forge::model::{Cell, ItemKind, RoomKind};
use ui::{centre, click_cell, drag, harness, key};

/// Drags out the rectangle from `a` to `b` with the Select tool.
fn select(
    harness: &mut egui_kittest::Harness<'static, mansion_forge::app::Editor>,
    a: Cell,
    b: Cell,
) {
    key(harness, Key::V);
    let (pa, pb) = (centre(harness, a), centre(harness, b));
    drag(harness, pa, &[pb]);
}

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
    assert_eq!(harness.state().panels.tools.selection, Some((a, b)));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(2);
    let clip = harness
        .state()
        .panels
        .tools
        .clipboard
        .clone()
        .expect("copied");
    assert_eq!((clip.width, clip.height), (3, 3));
    harness.event(Event::Paste(String::new()));
    harness.run_steps(2);
    assert!(harness.state().panels.tools.pasting);
    click_cell(&mut harness, target, Modifiers::NONE);
    let state = &harness.state().state;
    assert!(
        !harness.state().panels.tools.pasting,
        "one click pastes once"
    );
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
    select(&mut harness, a, b);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(2);
    assert!(harness.state().panels.tools.pasting);
    key(&mut harness, Key::Escape);
    let tools = &harness.state().panels.tools;
    assert!(!tools.pasting);
    assert_eq!(tools.selection, None);
    click_cell(&mut harness, target, Modifiers::NONE);
    assert_eq!(
        *harness.state().state.level(),
        level,
        "a click after Escape selects, not pastes"
    );
}

/// The text the editor last put on the system clipboard, if the frame put any.
fn copied_text(
    harness: &egui_kittest::Harness<'static, mansion_forge::app::Editor>,
) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

#[test]
fn the_edit_menu_cuts_and_pastes_without_any_system_clipboard() {
    let mut harness = harness();
    let (a, b, target) = chambers(harness.state().state.level());
    let coin = a.offset(1, 1);
    let state = &mut harness.state_mut().state;
    assert!(state.run(&Command::Edit(Edit::SetItem {
        cell: coin,
        item: Some(ItemKind::Coin),
    })));
    let done = state.history.entries().0.len();
    let before = state.level().clone();
    select(&mut harness, a, b);
    ui::menu_entry(&mut harness, "Edit", "Cut cells");
    let state = &harness.state().state;
    assert_eq!(state.level().item_at(coin), None, "cut takes the items");
    assert_eq!(
        state.level().terrain(coin),
        before.terrain(coin),
        "and keeps the terrain"
    );
    assert_eq!(state.history.entries().0.len(), done + 1, "one undo step");
    let clip = harness
        .state()
        .panels
        .tools
        .clipboard
        .clone()
        .expect("copied");
    assert_eq!(
        clip.items(),
        before
            .items
            .iter()
            .filter(|i| { (a.x..=b.x).contains(&i.cell.x) && (a.y..=b.y).contains(&i.cell.y) })
            .count()
    );
    ui::menu_entry(&mut harness, "Edit", "Paste cells");
    assert!(harness.state().panels.tools.pasting);
    click_cell(&mut harness, target, Modifiers::NONE);
    let after = harness.state().state.level();
    assert_eq!(
        after.item_at(target.offset(1, 1)).map(|i| i.kind),
        Some(ItemKind::Coin)
    );
}

#[test]
fn a_copy_travels_as_text_to_another_window_and_foreign_text_is_ignored() {
    let mut harness = harness();
    let (a, b, target) = chambers(harness.state().state.level());
    select(&mut harness, a, b);
    // Ctrl+C in one frame, to read that frame's output.
    harness.event(Event::Key {
        key: Key::C,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    harness.run_steps(1);
    let text = copied_text(&harness).expect("the copy is on the system clipboard");
    let copied = harness
        .state()
        .panels
        .tools
        .clipboard
        .clone()
        .expect("copied");

    let mut other = ui::harness();
    for foreign in [
        "just some text".to_string(),
        text.replace("width:3", "width:100000"),
        "Mansion Forge cells\n(width: 2, height: 1, cells: [((5, 0), Wall, None), ((0, 0), Wall, None)])"
            .to_string(),
    ] {
        other.event(Event::Paste(foreign));
        other.run_steps(2);
        assert_eq!(other.state().panels.tools.clipboard, None, "not taken for a copy");
        assert!(!other.state().panels.tools.pasting);
    }
    other.event(Event::Paste(text));
    other.run_steps(2);
    assert_eq!(other.state().panels.tools.clipboard, Some(copied));
    assert!(other.state().panels.tools.pasting);
    click_cell(&mut other, target, Modifiers::NONE);
    let level = harness.state().state.level();
    assert_eq!(
        other.state().state.level().terrain(target.offset(2, 2)),
        level.terrain(b)
    );
}

#[test]
fn the_hover_tooltip_never_covers_the_copy_being_pasted() {
    let mut harness = harness();
    let (a, _, target) = chambers(harness.state().state.level());
    let b = a.offset(3, 3);
    select(&mut harness, a, b);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(2);
    assert!(harness.state().panels.tools.pasting);
    // The target at the bottom of the map view, so the tooltip has no room below it and must go
    // beside or above — where the copy, which grows north-east of the pointer, is drawn.
    let t = harness.state().state.view.last_transform.expect("drawn");
    let lift = t.viewport.max.y - 12.0 - centre(&harness, target).y;
    harness.state_mut().state.view.camera.offset.y += lift;
    harness.run_steps(2);
    harness.hover_at(centre(&harness, target));
    harness.run_steps(4);
    // The tooltip from its first line to a later one (the target is a chamber floor cell).
    let tooltip = harness
        .get_by_label(&format!("Cell ({}, {})", target.x, target.y))
        .rect()
        .union(harness.get_by_label_contains("Depth from the front").rect());
    let t = harness.state().state.view.last_transform.expect("drawn");
    let paste = t.cell_rect(target).union(t.cell_rect(target.offset(3, 3)));
    assert!(
        !tooltip.intersects(paste.shrink(0.5)),
        "tooltip {tooltip:?} over the paste {paste:?}"
    );
}
