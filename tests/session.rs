//! Starting where the designer left off: the first window takes most of the screen, and the option
//! "Reopen the last file at start" (File menu) opens the most recent file.

use std::path::Path;

use egui::{Vec2, ViewportCommand, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState, Source};

#[test]
fn the_first_window_is_sized_to_the_screen_it_is_on() {
    let mut editor = Editor::new(EditorState::new_default());
    editor.size_window_to_screen = true;
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| editor);
    harness
        .input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .monitor_size = Some(Vec2::new(2560.0, 1440.0));
    harness.run_steps(1);
    let commands = &harness.output().viewport_output[&ViewportId::ROOT].commands;
    assert!(
        commands.contains(&ViewportCommand::InnerSize(Vec2::new(2304.0, 1296.0))),
        "{commands:?}"
    );
    assert!(
        commands.contains(&ViewportCommand::OuterPosition(egui::pos2(128.0, 72.0))),
        "{commands:?}"
    );
    assert!(!harness.state().size_window_to_screen, "only once");
}

#[test]
fn the_last_file_reopens_only_when_asked() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("session-reopen");
    std::fs::create_dir_all(&dir).expect("folder");
    let last = dir.join("warren.ron");
    std::fs::copy("presets/rogue-grid-warren.ron", &last).expect("copy preset");

    let mut state = EditorState::new_default();
    state.files.recent = vec![last.clone()];
    state.reopen_last_file();
    assert_eq!(state.source, Source::Default, "off by default");

    state.settings.reopen_last_file = true;
    state.reopen_last_file();
    assert_eq!(state.files.path.as_deref(), Some(last.as_path()));
    assert_eq!(state.doc.recipe.generator.id(), "rogue_grid");

    let mut gone = EditorState::new_default();
    gone.settings.reopen_last_file = true;
    gone.files.recent = vec![dir.join("deleted.ron")];
    gone.reopen_last_file();
    assert_eq!(gone.source, Source::Default, "the default mansion stays");
    let message = gone.message.clone().unwrap_or_default();
    assert!(
        message.contains("deleted.ron is not there any more"),
        "{message}"
    );
}

#[test]
fn the_file_menu_sets_the_option() {
    let state = EditorState::new_default();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(2);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness
        .get_by_label("Reopen the last file at start")
        .click();
    harness.run_steps(2);
    assert!(harness.state().state.settings.reopen_last_file);
}
