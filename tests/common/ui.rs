//! Driving the editor as a designer does, for the `egui_kittest` tests: a harness on the default mansion,
//! keys, clicks and drags aimed at map cells.

#![allow(
    dead_code,
    reason = "each editor test crate that includes this file uses only some of its gestures"
)]

use egui::{Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use mansion_forge::app::{Editor, EditorState};
use mansion_forge::model::Cell;

/// The editor on the default mansion, in a window tall enough for every panel.
pub fn harness() -> Harness<'static, Editor> {
    let state = EditorState::new_default();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

pub fn key(harness: &mut Harness<'static, Editor>, key: Key) {
    for pressed in [true, false] {
        harness.event(Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(1);
    }
    harness.run_steps(1);
}

/// Presses the primary button at `from`, moves to each of `path` a frame at a time, releases.
pub fn drag(harness: &mut Harness<'static, Editor>, from: Pos2, path: &[Pos2]) {
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for &p in path {
        harness.event(Event::PointerMoved(p));
        harness.run_steps(1);
    }
    let end = path.last().copied().unwrap_or(from);
    harness.event(Event::PointerButton {
        pos: end,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
}

pub fn click_cell(harness: &mut Harness<'static, Editor>, cell: Cell, modifiers: Modifiers) {
    let pos = centre(harness, cell);
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
        harness.run_steps(1);
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
}

/// The screen centre of `cell` as last drawn.
pub fn centre(harness: &Harness<'static, Editor>, cell: Cell) -> Pos2 {
    let t = harness
        .state()
        .state
        .view
        .last_transform
        .expect("the map was drawn");
    t.point(cell.x as f32 + 0.5, cell.y as f32 + 0.5)
}

/// Presses the primary button at `from` and moves to each of `path` a frame at a time, holding it.
pub fn drag_holding(harness: &mut Harness<'static, Editor>, from: Pos2, path: &[Pos2]) {
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for &p in path {
        harness.event(Event::PointerMoved(p));
        harness.run_steps(1);
    }
}

/// Releases the primary button at `at`.
pub fn release(harness: &mut Harness<'static, Editor>, at: Pos2) {
    harness.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
}

/// File ▸ `menu_item` (a run's dialog: "Open daily run…", "Open game run…"), `text` typed into its
/// field labelled `field`, then Open.
pub fn open_from_dialog(
    harness: &mut Harness<'static, Editor>,
    menu_item: &str,
    field: &str,
    text: &str,
) {
    use egui_kittest::kittest::Queryable;
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label(menu_item).click();
    harness.run_steps(3);
    harness.get_by_label(field).set_text_value_accesskit(text);
    harness.run_steps(2);
    harness.get_by_label("Open").click();
    harness.run_steps(4);
}

/// Opens the menu `menu` of the menu bar and clicks its entry whose label contains `entry`.
pub fn menu_entry(harness: &mut Harness<'static, Editor>, menu: &str, entry: &str) {
    use egui_kittest::kittest::Queryable;
    harness.get_by_label(menu).click();
    harness.run_steps(2);
    harness.get_by_label_contains(entry).click();
    harness.run_steps(2);
}
