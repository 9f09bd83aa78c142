//! The editor's file handling through its path-taking functions (no dialog opens): exports, level files
//! as documents, hostile input, the unsaved marker in the title, autosave and recovery.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mansion_forge::app::{AppDirs, EditorState, MessageKind};
use mansion_forge::edit::{Command, Edit};
use mansion_forge::io::export::Format;
use mansion_forge::io::level_file;
use mansion_forge::model::ItemKind;

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mansion-forge-files-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The default document with one hand edit (a chair in a chamber).
fn edited() -> EditorState {
    let mut state = EditorState::new_default();
    let cell = state.level().rooms[12].cells[0];
    let placed = state.run(&Command::Edit(Edit::SetItem {
        cell,
        item: Some(ItemKind::Chair),
    }));
    assert!(placed, "{:?}", state.message);
    state
}

#[test]
fn exports_write_level_files_and_ascii() {
    let dir = temp_dir("export");
    let mut state = edited();
    for (kind, name) in [
        (Format::Ron, "level.ron"),
        (Format::Json, "level.json"),
        (Format::Ascii, "level.txt"),
    ] {
        let path = dir.join(name);
        state.export_to(kind, &path);
        assert!(path.exists(), "{kind:?}: {:?}", state.message);
    }
    let level = level_file::load(&dir.join("level.json")).expect("a level file");
    assert_eq!(*level, *state.level());
    let ascii = std::fs::read_to_string(dir.join("level.txt")).expect("ascii");
    assert!(ascii.lines().count() >= state.level().height as usize);
}

#[test]
fn the_editor_exports_tiled_maps_with_their_tileset() {
    let mut state = EditorState::new_default();
    let dir = temp_dir("tiled");
    for (format, name) in [(Format::Tmj, "map.tmj"), (Format::Tmx, "map.tmx")] {
        let path = dir.join(name);
        state.export_to(format, &path);
        assert!(path.exists(), "{name}: {:?}", state.message);
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("map.tmj")).expect("tmj"))
            .expect("json");
    assert_eq!(json["width"], state.level().width);
    assert!(
        dir.join("terrain.png").exists(),
        "the tileset image beside the map"
    );
    // The status message names the image written beside the map, and says it is shared.
    let said = state.message.as_deref().expect("a message");
    assert!(said.contains("terrain.png"), "{said}");
    // An LDtk project gets both its tileset images, named the same way.
    state.export_to(Format::Ldtk, &dir.join("map.ldtk"));
    let said = state.message.as_deref().expect("a message");
    assert!(
        said.contains("terrain.png") && said.contains("things.png"),
        "{said}"
    );
    assert!(dir.join("things.png").exists());
}

#[test]
fn a_level_file_opens_as_an_editable_document() {
    let dir = temp_dir("level");
    let state = edited();
    let path = dir.join("handmade.json");
    level_file::save(&path, state.level()).expect("saved");
    let mut opened = EditorState::new_default();
    assert!(opened.open_path(&path), "{:?}", opened.message);
    assert_eq!(opened.level(), state.level());
    assert_eq!(
        opened.files.path, None,
        "a level file is not the preset Save writes"
    );
    let cell = opened.level().rooms[3].cells[0];
    assert!(opened.run(&Command::Edit(Edit::SetItem {
        cell,
        item: Some(ItemKind::Table),
    })));
    assert!(opened.dirty);
}

#[test]
fn hostile_and_truncated_files_keep_the_document() {
    let dir = temp_dir("hostile");
    let mut state = edited();
    let before = state.doc.clone();
    let good = std::fs::read_to_string("presets/default.ron").expect("default preset");
    let cases = [
        ("truncated.ron", good[..good.len() / 2].to_string()),
        ("huge.ron", good.replace("rooms_x: 7", "rooms_x: 999999")),
        (
            "wrong-generator.ron",
            good.replace("\"siheyuan\"", "\"lava\""),
        ),
        ("binary.json", "\u{0}\u{1}garbage".to_string()),
    ];
    for (name, text) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        assert!(!state.open_path(&path), "{name} opened");
        assert_eq!(state.doc, before, "{name} changed the document");
        let message = state.message.clone().expect("a message");
        assert!(message.contains(name), "{name}: {message}");
        assert_eq!(
            state.message_kind,
            MessageKind::Error,
            "{name}: shown as an error"
        );
    }
    // A save is reported as a success, in another colour than the refusals above.
    state.save_to(&dir.join("good.ron"));
    assert_eq!(
        state.message_kind,
        MessageKind::Success,
        "{:?}",
        state.message
    );
    assert!(!state.open_path(&dir.join("missing.ron")));
    assert_eq!(state.doc, before);
}

#[test]
fn the_title_marks_unsaved_changes() {
    let dir = temp_dir("title");
    let mut state = edited();
    assert!(state.title().starts_with("• untitled"), "{}", state.title());
    let path = dir.join("castle.ron");
    state.save_to(&path);
    assert_eq!(state.title(), "castle.ron — Mansion Forge");
    state.undo();
    assert!(state.title().starts_with("• castle.ron"));
    state.redo();
    assert!(!state.dirty, "back at the saved state");
}

#[test]
fn autosave_writes_a_recovery_file_that_recovers_the_document() {
    let dir = temp_dir("recovery");
    let mut state = edited();
    state.files.dirs = Some(AppDirs::in_folders(dir.join("config"), dir.join("data")));
    state.files.last_autosave = Instant::now()
        .checked_sub(Duration::from_secs(31))
        .expect("the clock is past 31 s");
    state.autosave();
    let recovery = dir.join("data/recovery.ron");
    assert!(recovery.exists(), "{:?}", state.message);
    let mut next = EditorState::new_default();
    next.recover(&recovery);
    assert_eq!(next.doc.level, state.doc.level);
    assert!(next.dirty, "a recovered document is unsaved");
    state.remove_recovery();
    assert!(!recovery.exists());
}

#[test]
fn a_recovered_document_keeps_its_file_and_a_clean_exit_leaves_no_backup() {
    let dir = temp_dir("recovery-name");
    let mut state = edited();
    state.save_to(&dir.join("manor.ron"));
    state.undo();
    assert!(state.dirty);
    state.files.dirs = Some(AppDirs::in_folders(dir.join("config"), dir.join("data")));
    let recovery = dir.join("data/recovery.ron");
    // Two autosaves: the second replaces the first and keeps it as `recovery.ron.bak`.
    for _ in 0..2 {
        state.files.last_autosave = Instant::now()
            .checked_sub(Duration::from_secs(31))
            .expect("the clock is past 31 s");
        state.autosave();
    }
    let summary = mansion_forge::app::recovery_summary(&recovery);
    assert!(
        summary.contains("manor.ron") && summary.contains("ago"),
        "{summary}"
    );
    let mut next = EditorState::new_default();
    next.recover(&recovery);
    assert_eq!(next.file_name(), "manor.ron");
    assert_eq!(
        next.files.path.as_deref(),
        Some(dir.join("manor.ron").as_path())
    );
    assert!(next.dirty);
    assert_eq!(next.doc.level, state.doc.level);
    state.remove_recovery();
    let backup = dir.join("data/recovery.ron.bak");
    assert!(
        !recovery.exists() && !backup.exists(),
        "nothing left behind"
    );
}
