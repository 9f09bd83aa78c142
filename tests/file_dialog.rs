//! The editor's own file dialog, which stands in when the system dialog cannot be shown (outside the
//! editor's window, as here, it always does): Save As, the unsaved-changes prompt's Save on an untitled
//! document, Open, and cancelling — driven through the UI by accessible labels.

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState};
use mansion_forge::io::preset;

/// The editor on the default preset, untitled, with its file dialogs starting in `folder`.
fn harness(folder: &Path) -> Harness<'static, Editor> {
    let state = EditorState::new_default();
    let folder = folder.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1100.0))
        .build_eframe(move |_cc| {
            let mut editor = Editor::new(state);
            editor.panels.file_dialogs.last_folder = Some(folder);
            editor
        });
    harness.run_steps(3);
    harness
}

fn click(harness: &mut Harness<'static, Editor>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(3);
}

fn shortcut(harness: &mut Harness<'static, Editor>, modifiers: Modifiers, key: Key) {
    harness.key_press_modifiers(modifiers, key);
    harness.run_steps(3);
}

fn type_file_name(harness: &mut Harness<'static, Editor>, name: &str) {
    harness
        .get_by_label("File name")
        .set_text_value_accesskit(name);
    harness.run_steps(2);
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("file-dialog-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Makes the document differ from its file: re-rolls the furniture.
fn edit(harness: &mut Harness<'static, Editor>) {
    click(harness, "Re-roll furniture");
    assert!(harness.state().state.dirty);
}

#[test]
fn save_as_on_an_untitled_document_writes_the_file() {
    let dir = scratch("save-as");
    let mut harness = harness(&dir);
    edit(&mut harness);
    assert!(harness.state().state.files.path.is_none(), "untitled");
    shortcut(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.get_by_label("Save preset as");
    let message = harness.state().state.message.clone().unwrap_or_default();
    assert!(
        message.contains("using the editor's own file dialog"),
        "{message}"
    );
    type_file_name(&mut harness, "castle");
    click(&mut harness, "Save");
    let path = dir.join("castle.ron");
    let state = &harness.state().state;
    assert_eq!(state.files.path.as_deref(), Some(path.as_path()));
    assert!(!state.dirty, "{:?}", state.message);
    assert_eq!(preset::load(&path).expect("a preset").document, state.doc);
    assert!(harness.query_by_label("Save preset as").is_none(), "closed");
}

#[test]
fn the_prompts_save_on_an_untitled_document_asks_for_a_name_and_keeps_the_document() {
    let dir = scratch("prompt");
    let mut harness = harness(&dir);
    edit(&mut harness);
    let edited = harness.state().state.doc.clone();
    shortcut(&mut harness, Modifiers::COMMAND, Key::N);
    harness.get_by_label("Unsaved changes");
    click(&mut harness, "Save");
    // The dialog is up and nothing was lost or replaced yet.
    harness.get_by_label("Save preset as");
    assert_eq!(harness.state().state.doc, edited);
    assert!(harness.state().state.dirty);
    type_file_name(&mut harness, "kept.ron");
    click(&mut harness, "Save");
    let saved = preset::load(&dir.join("kept.ron"))
        .expect("the edited document was saved")
        .document;
    assert_eq!(saved, edited);
    // Then New went ahead.
    let state = &harness.state().state;
    assert_ne!(state.doc, edited);
    assert!(!state.dirty);
    assert!(state.files.path.is_none(), "the new document is untitled");
}

#[test]
fn cancelling_the_dialog_keeps_everything() {
    let dir = scratch("cancel");
    let mut harness = harness(&dir);
    edit(&mut harness);
    let edited = harness.state().state.doc.clone();
    shortcut(&mut harness, Modifiers::COMMAND, Key::N);
    click(&mut harness, "Save");
    click(&mut harness, "Cancel");
    let state = &harness.state().state;
    assert_eq!(state.doc, edited, "the document is kept");
    assert!(state.dirty, "and still unsaved");
    assert!(state.files.path.is_none());
    assert!(harness.query_by_label("Save preset as").is_none(), "closed");
    assert!(harness.query_by_label("Unsaved changes").is_none());
    // Escape cancels too.
    shortcut(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.get_by_label("Save preset as");
    shortcut(&mut harness, Modifiers::NONE, Key::Escape);
    assert!(harness.query_by_label("Save preset as").is_none(), "closed");
    assert_eq!(harness.state().state.doc, edited);
    let written: Vec<_> = std::fs::read_dir(&dir).expect("folder").collect();
    assert!(written.is_empty(), "nothing was written: {written:?}");
}

#[test]
fn open_through_the_dialog_loads_a_preset_from_a_subfolder() {
    let dir = scratch("open");
    std::fs::create_dir(dir.join("maps")).expect("subfolder");
    let preset_path = dir.join("maps").join("crypt.ron");
    std::fs::copy("presets/tile-growth-crypt-maze.ron", &preset_path).expect("copy preset");
    std::fs::write(dir.join("notes.txt"), "not listed").expect("file");
    let mut harness = harness(&dir);
    shortcut(&mut harness, Modifiers::COMMAND, Key::O);
    harness.get_by_label("Open a preset or level file");
    assert!(
        harness.query_by_label_contains("notes.txt").is_none(),
        "filtered out"
    );
    click(&mut harness, "maps/");
    click(&mut harness, "crypt.ron");
    click(&mut harness, "Open");
    let state = &harness.state().state;
    assert_eq!(state.files.path.as_deref(), Some(preset_path.as_path()));
    assert_eq!(state.doc.recipe.generator.id(), "tile_growth");
    assert_eq!(
        state.doc,
        preset::load(&preset_path).expect("preset").document
    );
    // The next dialog starts where this one ended.
    assert_eq!(
        harness.state().panels.file_dialogs.last_folder.as_deref(),
        Some(dir.join("maps").as_path())
    );
}
