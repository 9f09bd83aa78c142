//! Visual regression tests: the editor rendered on the CPU (wgpu on lavapipe) with each overlay, compared
//! with `tests/snapshots/*.png`. Refresh them with `UPDATE_SNAPSHOTS=1 cargo test --test map_snapshots`
//! after an intended visual change, and look at the new images before committing them.

use std::time::Duration;

use egui::Vec2;
use egui_kittest::Harness;
use mansion_forge::app::{Editor, EditorState, Overlay};

fn snapshot(name: &str, overlays: &[Overlay], select_room: Option<usize>) {
    let mut state = EditorState::new_default();
    // The status bar shows the generation time; pin it so the image is reproducible.
    state.last_generation = Some(Duration::from_millis(1));
    for &overlay in overlays {
        state.view.overlays.set(overlay, true);
    }
    state.selection.room = select_room;
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1000.0))
        .wgpu()
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness.snapshot(name);
}

#[test]
fn map_plain() {
    snapshot("map_plain", &[], None);
}

#[test]
fn map_room_graph() {
    snapshot("map_room_graph", &[Overlay::RoomGraph], None);
}

#[test]
fn map_distances() {
    snapshot("map_distances", &[Overlay::Distances], None);
}

#[test]
fn map_loot() {
    snapshot("map_loot", &[Overlay::Loot], None);
}

#[test]
fn map_patrols() {
    snapshot("map_patrols", &[Overlay::Patrols], None);
}

#[test]
fn map_all_overlays() {
    snapshot("map_all_overlays", Overlay::ALL, None);
}

#[test]
fn inspector_with_a_room_selected() {
    snapshot("inspector_room_12", &[], Some(12));
}

/// Locked rooms: the dashed border and the padlock badge, with the paint tool's palette shown.
#[test]
fn map_locked_rooms() {
    use mansion_forge::app::Tool;
    use mansion_forge::edit::{Command, Edit};
    let mut state = EditorState::new_default();
    for room in [1, 6, 11] {
        state.run(&Command::Edit(Edit::Lock { room }));
    }
    state.last_generation = Some(Duration::from_millis(1));
    state.selection.room = Some(6);
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1000.0))
        .wgpu()
        .build_eframe(move |_cc| {
            let mut editor = Editor::new(state);
            editor.panels.tools.tool = Tool::Paint;
            editor
        });
    harness.run_steps(3);
    harness.snapshot("map_locked_rooms");
}
