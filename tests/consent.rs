//! No document is replaced or overwritten without consent: every action that shows another document asks
//! Save / Discard / Cancel while there are unsaved changes, Cancel keeps everything, Discard replaces, and
//! afterwards the title and the Save target name the document actually shown. Driven through the UI with
//! `egui_kittest`, one test per entry point.

#[path = "common/ui.rs"]
mod ui;

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Batch, Editor, EditorState};
use mansion_forge::edit::{Command, Document, Edit};
use mansion_forge::generate::campaign;
use mansion_forge::io::preset;
use mansion_forge::model::Terrain;

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("consent-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A copy of the repository's preset `preset` as `name` in `dir`.
fn copy_preset(dir: &Path, preset: &str, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::copy(Path::new("presets").join(preset), &path).expect("copy preset");
    path
}

/// The designer's preset `my.ron` in `dir`, opened, with one cell painted and not saved.
fn my_preset_with_an_unsaved_edit(dir: &Path) -> Harness<'static, Editor> {
    let path = dir.join("my.ron");
    let mut state = EditorState::new_default();
    state.save_to(&path);
    assert!(state.open_path(&path), "{:?}", state.message);
    let cell = state.level().rooms[3].cells[0];
    let painted = state.run(&Command::Edit(Edit::PaintCells {
        cells: vec![(cell, Terrain::Water)],
    }));
    assert!(painted, "{:?}", state.message);
    assert!(state.dirty);
    let folder = dir.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
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

/// The preset on disk, as a document.
fn on_disk(path: &Path) -> Document {
    preset::load(path).expect("a preset").document
}

/// The prompt is up and names the document and the action; Cancel keeps the edited document, its
/// file and its unsaved marker.
fn prompt_then_cancel(harness: &mut Harness<'static, Editor>, action: &str) {
    let edited = harness.state().state.doc.clone();
    harness.get_by_label("Unsaved changes");
    harness.get_by_label_contains(&format!("Save the changes to my.ron before you {action}"));
    assert_eq!(harness.state().state.doc, edited, "nothing replaced yet");
    click(harness, "Cancel");
    let state = &harness.state().state;
    assert!(harness.query_by_label("Unsaved changes").is_none());
    assert_eq!(state.doc, edited, "Cancel keeps the document");
    assert!(state.dirty);
    assert_eq!(state.title(), "• my.ron — Mansion Forge");
}

#[test]
fn the_campaign_list_asks_and_ctrl_s_never_writes_the_mansion_over_the_preset() {
    let dir = scratch("campaign");
    let path = dir.join("my.ron");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    let saved = on_disk(&path);
    harness.get_by_label_contains("Mansion 2:").click();
    harness.run_steps(3);
    prompt_then_cancel(&mut harness, "open mansion 2 of game 1");

    harness.get_by_label_contains("Mansion 2:").click();
    harness.run_steps(3);
    click(&mut harness, "Discard");
    let expected = campaign::plan(1).generate(2).expect("mansion 2");
    {
        let state = &harness.state().state;
        assert_eq!(*state.level(), expected);
        assert_eq!(state.files.path, None, "untitled until saved");
        assert_eq!(
            state.title(),
            "untitled (game 1, mansion 2) — Mansion Forge"
        );
        assert!(!state.history.can_undo(), "a new document");
    }
    // Ctrl+S asks for a name: my.ron keeps what was saved in it.
    shortcut(&mut harness, Modifiers::COMMAND, Key::S);
    harness.get_by_label("Save preset as");
    assert_eq!(on_disk(&path), saved);
    shortcut(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(on_disk(&path), saved);
}

#[test]
fn save_in_the_prompt_writes_the_preset_then_goes_on() {
    let dir = scratch("save");
    let path = dir.join("my.ron");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    let edited = harness.state().state.doc.clone();
    harness.get_by_label_contains("Mansion 4:").click();
    harness.run_steps(3);
    click(&mut harness, "Save");
    assert_eq!(on_disk(&path), edited, "the edit is in my.ron");
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe.level, 4);
    assert_eq!(state.files.path, None);
    assert!(!state.dirty);
}

#[test]
fn the_seed_browser_asks_before_opening_a_match() {
    let dir = scratch("browser");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    {
        let browser = &mut harness.state_mut().panels.browser;
        browser.open = true;
        browser.batch = Some(Batch {
            measured: 10,
            matched: 1,
            matches: vec![mansion_forge::app::Match {
                game_seed: 77,
                level: 5,
                figures: Vec::new(),
                picture: None,
            }],
            ..Batch::default()
        });
    }
    harness.run_steps(2);
    let thumbnail = "game 77 · mansion 5";
    harness
        .get_all_by_label(thumbnail)
        .next()
        .expect("a match")
        .click();
    harness.run_steps(3);
    prompt_then_cancel(
        &mut harness,
        "open the seed browser's pick, mansion 5 of game 77",
    );
    harness
        .get_all_by_label(thumbnail)
        .next()
        .expect("a match")
        .click();
    harness.run_steps(3);
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    let expected = campaign::plan(77).generate(5).expect("mansion 5");
    assert_eq!(*state.level(), expected);
    assert_eq!(state.files.path, None);
    assert_eq!(
        state.title(),
        "untitled (seed browser: game 77, mansion 5) — Mansion Forge"
    );
    assert_eq!(
        harness.state().panels.campaign.seed_text,
        "77",
        "the campaign panel shows its game"
    );
}

#[test]
fn open_asks_before_the_file_dialog() {
    let dir = scratch("open");
    let other = copy_preset(&dir, "tile-growth-crypt-maze.ron", "crypt.ron");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    shortcut(&mut harness, Modifiers::COMMAND, Key::O);
    prompt_then_cancel(&mut harness, "open another file");
    assert!(
        harness
            .query_by_label("Open a preset or level file")
            .is_none()
    );
    shortcut(&mut harness, Modifiers::COMMAND, Key::O);
    click(&mut harness, "Discard");
    harness.get_by_label("Open a preset or level file");
    click(&mut harness, "crypt.ron");
    click(&mut harness, "Open");
    let state = &harness.state().state;
    assert_eq!(state.files.path.as_deref(), Some(other.as_path()));
    assert_eq!(state.title(), "crypt.ron — Mansion Forge");
}

#[test]
fn a_recent_file_asks_first() {
    let dir = scratch("recent");
    let other = copy_preset(&dir, "rogue-grid-warren.ron", "warren.ron");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    harness.state_mut().state.files.recent = vec![other.clone()];
    click(&mut harness, "File");
    click(&mut harness, "Open recent");
    click(&mut harness, &other.display().to_string());
    prompt_then_cancel(&mut harness, "open warren.ron");
    click(&mut harness, "File");
    click(&mut harness, "Open recent");
    click(&mut harness, &other.display().to_string());
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe.generator.id(), "rogue_grid");
    assert_eq!(state.title(), "warren.ron — Mansion Forge");
}

/// A file dropped on the window, as the windowing integration hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(harness: &mut Harness<'static, Editor>, path: &Path) {
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.to_path_buf())));
    harness.run_steps(3);
}

#[test]
fn a_dropped_file_asks_first() {
    let dir = scratch("drop");
    let other = copy_preset(&dir, "rogue-grid-warren.ron", "warren.ron");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    drop_file(&mut harness, &other);
    prompt_then_cancel(&mut harness, "open warren.ron");
    drop_file(&mut harness, &other);
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.files.path.as_deref(), Some(other.as_path()));
    assert_eq!(state.title(), "warren.ron — Mansion Forge");
}

#[test]
fn discard_then_a_failed_open_keeps_the_edited_document_unsaved() {
    let dir = scratch("discard-failed");
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "(version: 1, name: \"x\"").expect("written");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    let edited = harness.state().state.doc.clone();
    drop_file(&mut harness, &broken);
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.doc, edited, "the open failed: the document stays");
    assert!(state.dirty, "and is not marked as saved");
    assert_eq!(state.title(), "• my.ron — Mansion Forge");
    let message = state.message.clone().unwrap_or_default();
    assert!(message.contains("broken.ron"), "{message}");
}

#[test]
fn new_asks_first_and_is_untitled() {
    let dir = scratch("new");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    shortcut(&mut harness, Modifiers::COMMAND, Key::N);
    prompt_then_cancel(&mut harness, "start a new document");
    shortcut(&mut harness, Modifiers::COMMAND, Key::N);
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.files.path, None);
    assert_eq!(state.title(), "untitled — Mansion Forge");
    assert!(!state.dirty);
}

#[test]
fn apply_generator_asks_first_and_is_untitled() {
    let dir = scratch("apply");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    harness
        .get_by_label_contains("Generator and parameters")
        .click();
    harness.run_steps(2);
    click(&mut harness, "Generator");
    click(&mut harness, "Tile growth");
    click(&mut harness, "Apply generator");
    prompt_then_cancel(&mut harness, "apply the new generator recipe");
    click(&mut harness, "Apply generator");
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe.generator.id(), "tile_growth");
    assert_eq!(state.files.path, None);
    assert_eq!(state.title(), "untitled — Mansion Forge");
}

#[test]
fn the_regenerate_button_and_random_seed_ask_first() {
    let dir = scratch("regenerate");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    click(&mut harness, "Regenerate");
    prompt_then_cancel(&mut harness, "open mansion 9 of game 1");
    ui::key(&mut harness, Key::R);
    harness.run_steps(2);
    harness.get_by_label("Unsaved changes");
    click(&mut harness, "Cancel");
    assert!(harness.state().state.dirty);
}

#[test]
fn recovery_asks_before_it_replaces_an_edited_document() {
    let dir = scratch("recovery");
    let recovery = dir.join("recovery.ron");
    let mut crashed = EditorState::new_default();
    assert!(crashed.run(&Command::Regenerate { seed: 5 }));
    preset::save(&recovery, &crashed.doc, "recovery of an untitled document").expect("saved");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    let summary = "Unsaved changes of an untitled document were kept.".to_string();
    harness.state_mut().state.files.recovery_offer = Some((recovery.clone(), summary));
    harness.run_steps(2);
    click(&mut harness, "Recover");
    prompt_then_cancel(&mut harness, "recover the autosaved document");
    harness.state_mut().state.files.recovery_offer = Some((recovery, "again".to_string()));
    harness.run_steps(2);
    click(&mut harness, "Recover");
    click(&mut harness, "Discard");
    let state = &harness.state().state;
    assert_eq!(state.doc, crashed.doc);
    assert_eq!(state.files.path, None);
    assert_eq!(state.title(), "• untitled (recovered) — Mansion Forge");
}

#[test]
fn quit_asks_and_cancel_keeps_the_window() {
    let dir = scratch("quit");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    shortcut(&mut harness, Modifiers::COMMAND, Key::Q);
    prompt_then_cancel(&mut harness, "quit");
    assert!(!harness.state().state.files.allow_close);
}

/// A daily run's mansion asks too, and the prompt names it as the Runs panel does (issue 44: it said
/// "apply the new generator recipe").
#[test]
fn a_daily_runs_mansion_asks_by_its_name() {
    use mansion_forge::generate::date::Date;
    let dir = scratch("daily");
    let mut harness = my_preset_with_an_unsaved_edit(&dir);
    let date = Date::new(2027, 3, 14).expect("a date");
    let editor = harness.state_mut();
    editor.panels.runs.open(&mut editor.state, "lll2025", date);
    harness.run_steps(3);
    prompt_then_cancel(&mut harness, "open Daily run of 2027-03-14, mansion 1 of 3");
}
