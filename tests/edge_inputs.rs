//! Small edges of the command line and the level model (issue 42, item 7): a start cell the thief cannot
//! stand on, and a 2025 level's per-guard loads kept in step with its guards — by the guard edits, and
//! checked when a file is read.

use std::path::Path;

use mansion_forge::edit::Edit;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::io::level_file::{self, Format};
use mansion_forge::model::{GuardExtras2025, Level, Level2025, Terrain};

#[path = "common/cli.rs"]
mod cli;
use cli::{run, stderr};

fn mansion_2025() -> Level {
    let lll2025 = registry::find("lll2025").expect("a built-in generator");
    Recipe::for_game(&lll2025.defaults(), 1, 4)
        .build()
        .expect("builds")
}

#[test]
fn play_from_a_wall_is_refused() {
    let level = Recipe::campaign_level(1, 2).build().expect("builds");
    let wall = level
        .all_cells()
        .find(|&c| level.terrain(c) == Terrain::Wall)
        .expect("a wall");
    let from = format!("{},{}", wall.x, wall.y);
    let out = run(&[
        "play", "--seed", "1", "--level", "2", "--from", &from, "--moves", "w",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot stand"), "{}", stderr(&out));
    let start = format!("{},{}", level.player_start.x, level.player_start.y);
    let out = run(&[
        "play", "--seed", "1", "--level", "2", "--from", &start, "--moves", "w",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Adding and removing guards on a 2025 mansion keeps each remaining guard's own loads (its purse, key
/// and post), so a guard never inherits another's.
#[test]
fn guard_edits_keep_the_2025_loads_in_step() {
    let mut level = mansion_2025();
    let before: Vec<GuardExtras2025> = level.part::<Level2025>().expect("2025 part").guards.clone();
    assert!(before.len() >= 2, "a mansion with guards");
    Edit::RemoveGuard { guard: 0 }
        .apply(&mut level)
        .expect("removes");
    let after = &level.part::<Level2025>().expect("2025 part").guards;
    assert_eq!(after[..], before[1..], "the others keep their loads");
    let floor = level.player_start;
    Edit::AddGuard { cell: floor }
        .apply(&mut level)
        .expect("adds");
    let after = &level.part::<Level2025>().expect("2025 part").guards;
    assert_eq!(after.len(), level.guards.len());
    assert_eq!(after.last(), Some(&GuardExtras2025::default()));
    let text = level_file::to_string(&level, Format::Json).expect("serialises");
    level_file::from_text(Path::new("edited.json"), &text).expect("loads again");
}

/// A file whose 2025 loads do not match its guards is refused by name, not read silently.
#[test]
fn a_2025_level_with_loads_for_other_guards_is_refused() {
    let mut level = mansion_2025();
    level
        .part_mut::<Level2025>()
        .expect("2025 part")
        .guards
        .pop();
    let text = serde_json::to_string(&level).expect("serialises");
    let read = level_file::from_text(Path::new("bad.json"), &text);
    let message = read.expect_err("refused").to_string();
    assert!(message.contains("loads of"), "{message}");
}

/// What the command line echoes of a user's text has no control character or direction mark (so it
/// can neither drive the terminal nor reorder the line) and is cut short, in its own messages and in
/// the argument parser's.
#[test]
fn echoed_text_is_escaped_and_cut() {
    let long = "x".repeat(20_000);
    for args in [
        vec![
            "play",
            "presets/default.ron",
            "--moves",
            "N \u{1b}[31mX\u{202e}abc",
        ],
        vec![
            "play",
            "presets/default.ron",
            "--moves",
            &format!("N {long}"),
        ],
        vec!["generate", "--seed", &long, "--level", "1"],
        vec!["generate", "--seed", "1\u{202e}", "--level", "1"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2));
        let message = stderr(&out);
        assert!(message.len() < 400, "{} bytes", message.len());
        assert!(
            !message
                .trim_end()
                .chars()
                .any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{message:?}"
        );
    }
}

/// A RON level that names its struct before its fields (`Level(…)`, which RON allows) reads as the
/// same level without the name.
#[test]
fn a_ron_level_may_name_its_struct() {
    let level = Recipe::campaign_level(1, 1).build().expect("builds");
    let text = level_file::to_string(&level, Format::Ron).expect("serialises");
    assert!(text.starts_with('('), "{}", &text[..20]);
    let named = format!("Level{text}");
    let read = level_file::from_text(Path::new("named.ron"), &named).expect("reads");
    assert_eq!(*read, level);
}
