//! Loading that forgives what a text editor does, and says precisely what it cannot forgive (issue 22):
//! a byte-order mark, one bad hand edit among thousands (named by number, kind and line, and skipped on
//! request), a level where a preset belongs and the reverse, a preset written as JSON, numbers out of
//! range, `diff`'s exit code (1, as every command's); and saves that the loader accepts.

use std::path::Path;
use std::process::Output;

use mansion_forge::app::EditorState;
use mansion_forge::edit::{Document, Edit};
use mansion_forge::generate::campaign;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::io::level_file::{self, Format, LevelFileError};
use mansion_forge::io::level_or_preset::OpenError;
use mansion_forge::io::preset::{self, BrokenEdits, Preset, PresetError};
use mansion_forge::model::{Cell, Level, Terrain};

#[path = "common/cli.rs"]
mod cli;
use cli::{names_in, run, run_with_stdin, s, scratch, stderr};

const PRESET: &str = "presets/default.ron";

/// Exit 2, one line on stderr, which is returned.
fn refused(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn level() -> Level {
    campaign::plan(2).generate(5).expect("mansion 5")
}

#[test]
fn a_byte_order_mark_is_accepted_in_levels_and_presets_from_files_and_standard_input() {
    let dir = scratch("forgiving-bom");
    let preset = std::fs::read_to_string(PRESET).expect("preset");
    for (name, text) in [
        (
            "level.ron",
            level_file::to_string(&level(), Format::Ron).unwrap(),
        ),
        (
            "level.json",
            level_file::to_string(&level(), Format::Json).unwrap(),
        ),
        ("preset.ron", preset),
    ] {
        let with_bom = format!("\u{feff}{text}");
        let path = dir.join(name);
        std::fs::write(&path, &with_bom).expect("written");
        let out = run(&["validate", s(&path)]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let out = run_with_stdin(&["validate", "-"], with_bom.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name} on stdin: {}",
            stderr(&out)
        );
    }
    let out = run(&[
        "regenerate",
        s(&dir.join("preset.ron")),
        "--seed",
        "3",
        "--out",
        s(&dir.join("new.ron")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(*level_file::load(&dir.join("level.json")).unwrap(), level());
}

#[test]
fn a_level_where_a_preset_belongs_and_the_reverse_are_said_in_words() {
    let dir = scratch("forgiving-kinds");
    for (name, format) in [("level.ron", Format::Ron), ("level.json", Format::Json)] {
        let path = dir.join(name);
        level_file::save(&path, &level()).expect("saved");
        let out = run(&[
            "regenerate",
            s(&path),
            "--seed",
            "1",
            "--out",
            s(&dir.join("x.ron")),
        ]);
        let err = refused(&out);
        assert!(
            err.contains(&format!(
                "{}: this is a level file, not a preset: regenerate needs a preset; open it in the \
                 editor and save it as a preset",
                path.display()
            )),
            "{format}: {err}"
        );
        assert!(!dir.join("x.ron").exists());
    }
    let err = level_file::load(Path::new(PRESET)).expect_err("a preset");
    assert!(matches!(err, LevelFileError::NotALevel { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("this is a preset, not a level file"),
        "{err}"
    );

    // A preset written as JSON (what serde_json makes of the preset's fields).
    let ron_text = std::fs::read_to_string(PRESET).expect("preset");
    let value: ron::Value = ron::from_str(&ron_text).expect("RON");
    let json = serde_json::to_string_pretty(&value).expect("JSON");
    let path = dir.join("preset.json");
    std::fs::write(&path, json).expect("written");
    let y = dir.join("y.ron");
    for command in ["validate", "regenerate"] {
        let mut args = vec![command, s(&path)];
        if command == "regenerate" {
            args.extend(["--seed", "1", "--out", s(&y)]);
        }
        let err = refused(&run(&args));
        assert!(
            err.contains("this is a preset written as JSON, but presets are read only as RON"),
            "{command}: {err}"
        );
        assert!(!err.contains("missing field"), "{err}");
    }
}

#[test]
fn a_seed_of_two_to_the_64_is_said_in_words() {
    let dir = scratch("forgiving-seed");
    let too_big = "18446744073709551616";
    let preset = std::fs::read_to_string(PRESET).expect("preset").replacen(
        "seed: 14931389970884308980",
        &format!("seed: {too_big}"),
        1,
    );
    let json = level_file::to_string(&level(), Format::Json).expect("JSON");
    let seed_line = json
        .lines()
        .find(|l| l.contains("\"seed\""))
        .expect("a seed")
        .to_string();
    let json = json.replacen(&seed_line, &format!("  \"seed\": {too_big},"), 1);
    for (name, text) in [("preset.ron", preset), ("level.json", json)] {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        let err = refused(&run(&["validate", s(&path)]));
        assert!(
            err.contains(&format!("seed {too_big} is out of range")),
            "{name}: {err}"
        );
        assert!(err.contains("18446744073709551615"), "{name}: {err}");
        assert!(
            !err.contains("floating point") && !err.contains("out of bounds"),
            "{err}"
        );
    }
}

/// The default preset with `count` edits that move the player start to and fro, edit `bad` being one
/// that cannot apply (there is no guard 11), written to `path`; returns the line of the bad edit.
fn preset_with_a_bad_edit(path: &Path, count: usize, bad: usize) -> (Preset, usize) {
    let doc = Document::new(Recipe::campaign_level(1, 9)).expect("mansion");
    let start = doc.level.player_start;
    // Moving the start touches no room, so no lock is taken: 10,000 edits rebuild in moments.
    let beside = Cell::new(1, 1);
    let edits: Vec<Edit> = (0..count)
        .map(|i| match i {
            i if i == bad => Edit::RemoveGuard { guard: 11 },
            i if i % 2 == 0 => Edit::MovePlayerStart { to: beside },
            _ => Edit::MovePlayerStart { to: start },
        })
        .collect();
    let preset = Preset {
        edits,
        made_with: None,
        ..Preset::of(&doc, "many edits")
    };
    let text = preset::to_string(&preset).expect("serialises");
    std::fs::write(path, &text).expect("written");
    let line = 1 + text
        .lines()
        .position(|l| l.contains("RemoveGuard"))
        .expect("the bad edit");
    (preset, line)
}

#[test]
fn one_bad_edit_among_ten_thousand_is_named_and_can_be_skipped() {
    let dir = scratch("forgiving-bad-edit");
    let path = dir.join("edits.ron");
    let (written, line) = preset_with_a_bad_edit(&path, 10_000, 5_000);

    // Refused by name, number, kind and line, with the way out.
    let out = run(&["validate", s(&path)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("{}:{line}:", path.display()))
            && err.contains(
                "edit 5001 of 10000 (Remove guard 11) cannot be applied: there is no guard 11; \
             --skip-broken-edits loads the preset without it and the 4999 edits after it"
            ),
        "{err}"
    );
    match preset::load(&path) {
        Err(PresetError::BrokenEdit { edit, .. }) => {
            assert_eq!(
                (edit.index, edit.total, edit.dropped()),
                (5_000, 10_000, 5_000)
            );
            assert_eq!(edit.label, "Remove guard 11");
            assert_eq!(edit.place.expect("a place").line, line);
        }
        other => panic!("expected a broken edit, got {other:?}"),
    }

    // Loaded without it and the edits after it: the same document as a preset of the first 5000.
    let loaded = preset::load_with(&path, BrokenEdits::Skip).expect("loads the rest");
    let first_half = Document::replay(
        written.recipe.clone(),
        written.locks.clone(),
        written.edits[..5_000].to_vec(),
    )
    .expect("rebuilds");
    assert_eq!(loaded.document, first_half);
    assert_eq!(loaded.skipped.as_ref().map(|s| s.index), Some(5_000));

    // Every command that reads a preset takes --skip-broken-edits and says what it left out.
    let said = format!(
        "warning: {}: left out edit 5001 of 10000 (Remove guard 11), on line {line}, and the 4999 \
         edits after it: there is no guard 11",
        path.display()
    );
    let out_ron = dir.join("out.ron");
    let level_out = dir.join("out.json");
    let commands: [Vec<&str>; 5] = [
        vec!["validate", s(&path)],
        vec!["analyze", s(&path), "--horizon", "5"],
        vec!["export", s(&path), "--out", "-", "--format", "ascii"],
        vec!["diff", s(&path), PRESET],
        vec![
            "regenerate",
            s(&path),
            "--seed",
            "7",
            "--out",
            s(&out_ron),
            "--level-out",
            s(&level_out),
        ],
    ];
    for mut args in commands {
        args.push("--skip-broken-edits");
        let out = run(&args);
        let err = stderr(&out);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {err}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(!err.contains("cannot be applied"), "{args:?}: {err}");
    }
    let regenerated = preset::load(&out_ron).expect("the regenerated preset loads");
    assert_eq!(
        regenerated.document.level,
        *level_file::load(&level_out).expect("its level loads")
    );
}

/// A preset that no longer rebuilds is a failed rebuild on `diff` as on every command (exit 1, one
/// line naming the file), whichever side it is on.
#[test]
fn diff_exits_1_when_a_preset_does_not_rebuild() {
    let dir = scratch("forgiving-diff");
    let broken = dir.join("edits.ron");
    preset_with_a_bad_edit(&broken, 3, 1);
    let cut_off = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/preset-lock-cut-off.ron");
    for input in [broken.as_path(), cut_off.as_path()] {
        for args in [[s(input), PRESET], [PRESET, s(input)]] {
            let out = run(&["diff", args[0], args[1]]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{err}");
            assert_eq!(err.lines().count(), 1, "{err:?}");
            assert!(err.contains(&input.display().to_string()), "{err}");
        }
    }
    assert_eq!(names_in(&dir), ["edits.ron"]);
}

/// The largest legal patrol data on the largest map: every one of the 256 routes a level may have
/// at the 10,000 cells a route may hold, one guard walking the first. Legal, but over 64 MB as JSON.
fn huge_level() -> Level {
    use mansion_forge::model::limits::{MAX_GUARDS, MAX_ROUTE_CELLS, MAX_SIDE};
    let small = level();
    let mut big = Level::blank(
        &small.generator,
        small.level,
        small.seed,
        (MAX_SIDE, MAX_SIDE),
        Terrain::Ground,
    );
    for y in 0..small.height {
        for x in 0..small.width {
            let c = Cell::new(x, y);
            big.set_terrain(c, small.terrain(c));
        }
    }
    big.plan = small.plan;
    big.rooms.clone_from(&small.rooms);
    big.adjacencies.clone_from(&small.adjacencies);
    big.items.clone_from(&small.items);
    big.split_points.clone_from(&small.split_points);
    big.player_start = small.player_start;
    big.entrance = small.entrance.clone();
    let mut route = small.patrols[0].clone();
    let (a, b) = (route.cells[0], route.cells[1]);
    route.cells = (0..MAX_ROUTE_CELLS)
        .map(|i| if i % 2 == 0 { a } else { b })
        .collect();
    route.stations.clear();
    big.patrols = vec![route; MAX_GUARDS];
    big.guards = vec![mansion_forge::model::Guard {
        start: a,
        route: 0,
        carries_torch: false,
    }];
    big
}

/// A level too large for pretty-printed JSON (a route of the most cells on every guard) is saved as
/// JSON on one line, which the loader reads back as the same level: a level that loads can be written
/// back in its own format. The file it replaces is kept as `.bak`.
#[test]
fn a_level_too_large_for_pretty_json_is_saved_compact_and_reads_back() {
    let dir = scratch("forgiving-huge");
    let level = huge_level();
    let ron = dir.join("huge.ron");
    level_file::save(&ron, &level).expect("as RON it fits");
    let json = dir.join("huge.json");
    std::fs::write(&json, "the old file").expect("written");

    assert!(
        level_file::to_string(&level, Format::Json)
            .expect("serialises")
            .len()
            > 64 << 20
    );
    let out = run(&["export", s(&ron), "--out", s(&json)]);
    assert!(out.status.success(), "{}", refused(&out));
    let text = std::fs::read_to_string(&json).expect("written");
    assert!(
        text.len() <= 64 << 20 && text.lines().count() == 1,
        "compact JSON"
    );
    assert!(
        text.starts_with(r#"{"version":1,"generator":"#),
        "{}",
        &text[..40]
    );
    assert_eq!(*level_file::load(&json).expect("reads back"), level);
    assert_eq!(
        std::fs::read_to_string(dir.join("huge.json.bak")).unwrap(),
        "the old file"
    );
}

/// The editor's seam for the broken-edit dialog: Open refuses and keeps its document, the error names
/// the edit, and opening without it leaves out that edit and the ones after it, unsaved.
#[test]
fn the_editor_opens_a_preset_without_its_broken_edits_on_request() {
    let dir = scratch("forgiving-editor");
    let path = dir.join("edits.ron");
    let (written, line) = preset_with_a_bad_edit(&path, 40, 25);
    let mut state = EditorState::generated(1, 2).expect("editor");
    let before = state.level().clone();
    assert!(!state.open_path(&path));
    assert_eq!(*state.level(), before);
    match mansion_forge::app::read_document(&path).err() {
        Some(OpenError::Preset(PresetError::BrokenEdit { edit, .. })) => {
            assert_eq!((edit.index, edit.dropped()), (25, 15));
            assert_eq!(edit.place.map(|p| p.line), Some(line));
        }
        _ => panic!("expected a broken edit"),
    }
    assert!(state.open_path_skipping_broken_edits(&path));
    assert_eq!(state.doc.edits[..], written.edits[..25]);
    assert!(state.dirty, "the file still holds the edits left out");
    let message = state.message.clone().unwrap_or_default();
    assert!(
        message.contains("left out edit 26 of 40 (Remove guard 11)")
            && message.contains("14 edits after it"),
        "{message}"
    );
}

/// The editor, shown a preset with an edit that no longer fits, asks whether to open it without that
/// edit and the ones after it; "Keep the current document" keeps what was shown, and asking again and
/// answering "Open without them" opens the preset with the edits before it, unsaved, the file untouched.
#[test]
fn the_editor_offers_to_open_a_preset_without_its_broken_edits() {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use mansion_forge::app::Editor;

    let dir = scratch("forgiving-editor-dialog");
    let path = dir.join("edits.ron");
    let (written, line) = preset_with_a_bad_edit(&path, 40, 25);
    let on_disk = std::fs::read(&path).expect("written");
    let mut state = EditorState::generated(1, 2).expect("editor");
    let before = state.level().clone();
    assert!(!state.open_path(&path));
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 1000.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);

    harness.get_by_label("Open without the edits that no longer fit?");
    harness.get_by_label_contains(&format!(
        "Hand edit 26 of 40 on line {line} of {}, “Remove guard 11”, cannot be made: there is no \
         guard 11.",
        path.display()
    ));
    harness.get_by_label_contains(
        "opened with its first 25 hand edits, leaving out edit 26 and the 14 edits after it",
    );
    harness.get_by_label("Keep the current document").click();
    harness.run_steps(3);
    assert!(harness.query_by_label("Open without them").is_none());
    assert_eq!(*harness.state().state.level(), before, "kept");
    assert!(harness.state().state.doc.edits.is_empty());

    assert!(!harness.state_mut().state.open_path(&path), "asked again");
    harness.run_steps(3);
    harness.get_by_label("Open without them").click();
    harness.run_steps(3);
    let state = &harness.state().state;
    assert!(harness.query_by_label("Open without them").is_none());
    assert_eq!(state.doc.edits[..], written.edits[..25]);
    assert!(state.dirty, "the file still holds the edits left out");
    assert_eq!(state.files.path.as_deref(), Some(path.as_path()));
    assert_eq!(std::fs::read(&path).expect("still there"), on_disk);
}
