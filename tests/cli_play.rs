//! `mansion-forge play`: the game's turn loop from the command line — one JSON line per turn, refused
//! moves that pass no turn, play-throughs saved and replayed, and the errors for bad moves, off-map
//! starts and a play-through of another level.

use std::process::Output;

use mansion_forge::generate::campaign;
use serde_json::Value;

#[path = "common/cli.rs"]
mod cli;
use cli::{run, s, scratch, stderr};

/// A route on game 1's level 2 along which a guard sees the thief and looks around, so the guards' draws
/// (how long they look) shape the game.
const DRAWING_ROUTE: &str = "L:N N L:E N w L:E N L:N w L:W L:N L:N L:E w N w S L:E S L:E S W w N S \
                             L:E L:N L:E W w N W N L:N W L:N E w N E L:W";

/// Runs `play --seed 1 --level LEVEL` with `args` after it.
fn play(level: &str, args: &[&str]) -> Output {
    let mut all = vec!["play", "--seed", "1", "--level", level];
    all.extend_from_slice(args);
    run(&all)
}

/// Exit 0, nothing on stderr; the lines of stdout, each parsed.
fn lines(out: &Output) -> Vec<Value> {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Exit 2, nothing on stdout, one line on stderr, which is returned.
fn refused(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("mansion-forge: "), "{err}");
    err
}

fn cell(v: &Value) -> [i64; 2] {
    let a = v.as_array().expect("a cell is [x, y]");
    assert_eq!(a.len(), 2, "{v}");
    [a[0].as_i64().unwrap(), a[1].as_i64().unwrap()]
}

#[test]
fn every_turn_is_a_json_line_and_a_summary_ends_the_output() {
    let level = campaign::plan(1).generate(1).expect("mansion 1");
    let start = level.player_start;
    let out = lines(&play("1", &["--moves", "L:N N N"]));
    assert_eq!(out.len(), 4);
    for (t, turn) in out[..3].iter().enumerate() {
        assert_eq!(turn["turn"], t + 1, "{turn}");
        for key in ["loot", "health", "torches", "events"] {
            assert!(turn.get(key).is_some(), "no {key}: {turn}");
        }
        for guard in turn["guards"].as_array().expect("guards") {
            cell(&guard["cell"]);
            assert!(
                guard["facing"].is_string() && guard["mode"].is_string(),
                "{guard}"
            );
        }
    }
    assert_eq!(out[0]["action"], "L:N");
    let x = i64::from(start.x);
    let y = i64::from(start.y);
    assert_eq!(
        cell(&out[0]["thief"]),
        [x, y + 2],
        "the leap clears the portcullis"
    );
    assert_eq!(cell(&out[2]["thief"]), [x, y + 4]);
    let summary = &out[3]["summary"];
    assert_eq!(summary["turns"], 3);
    assert_eq!(summary["caught"], false);
    assert_eq!(summary["left_level"], false);
    assert!(summary["noticed_turns"].is_array(), "{summary}");
}

#[test]
fn a_blocked_move_is_refused_and_passes_no_turn() {
    // From the start outside the gate, a step north bumps the portcullis; the line says so, and which
    // move works, in the Play panel's words.
    let out = lines(&play("1", &["--moves", "N L:N"]));
    assert_eq!(out.len(), 3);
    assert_eq!(out[0]["turn"], 1);
    assert_eq!(out[0]["action"], "N");
    assert_eq!(
        out[0]["refused"], "a portcullis: leap over it with Shift+Up (L:N)",
        "{}",
        out[0]
    );
    assert!(out[0].get("thief").is_none(), "{}", out[0]);
    assert_eq!(out[1]["turn"], 1, "no turn passed");
    assert_eq!(out[1]["action"], "L:N");
    assert_eq!(out[2]["summary"]["turns"], 1);
}

#[test]
fn a_saved_play_through_replays_the_same_lines() {
    let dir = scratch("play-save");
    let file = dir.join("game.play.ron");
    let played = play(
        "2",
        &[
            "--moves",
            DRAWING_ROUTE,
            "--rng-seed",
            "7",
            "--save",
            s(&file),
        ],
    );
    lines(&played);
    let text = std::fs::read_to_string(&file).expect("the play-through is written");
    assert!(text.contains("seed: 7"), "{text}");
    assert_eq!(
        cli::names_in(&dir),
        ["game.play.ron"],
        "no temporary file is left"
    );
    let replayed = play("2", &["--replay", s(&file)]);
    lines(&replayed);
    // The play-through keeps the moves played: a refused move (one on this route) passed no turn.
    let played = String::from_utf8(played.stdout).expect("UTF-8");
    let turns: Vec<&str> = played
        .lines()
        .filter(|l| !l.contains("\"refused\""))
        .collect();
    assert!(
        turns.len() < played.lines().count(),
        "the route has a refused move"
    );
    let replayed = String::from_utf8(replayed.stdout).expect("UTF-8");
    assert!(
        turns == replayed.lines().collect::<Vec<_>>(),
        "{played}\n---\n{replayed}"
    );
    let again = play(
        "2",
        &[
            "--moves",
            DRAWING_ROUTE,
            "--rng-seed",
            "7",
            "--save",
            s(&file),
        ],
    );
    assert_eq!(
        String::from_utf8(again.stdout).expect("UTF-8"),
        played,
        "saving again changes nothing"
    );
}

#[test]
fn a_play_through_of_another_level_is_refused() {
    let dir = scratch("play-other-level");
    let file = dir.join("game.play.ron");
    lines(&play("1", &["--moves", "L:N", "--save", s(&file)]));
    let err = refused(&play("2", &["--replay", s(&file)]));
    assert!(err.contains("not on this one"), "{err}");
}

#[test]
fn a_bad_move_is_named_by_its_position() {
    let err = refused(&play("1", &["--moves", "L:N N n"]));
    assert!(err.contains("move 3 `n`"), "{err}");
    let err = refused(&play("1", &["--moves", "L:X"]));
    assert!(err.contains("move 1 `L:X`"), "{err}");
}

#[test]
fn the_rng_seed_matters_only_when_a_guard_draws() {
    let quiet = |seed: &str| play("1", &["--moves", "L:N N N w w", "--rng-seed", seed]).stdout;
    assert!(quiet("1") == quiet("2"), "no guard draws on a quiet walk");
    let drawing = |seed: &str| play("2", &["--moves", DRAWING_ROUTE, "--rng-seed", seed]);
    let first = drawing("1");
    let out = lines(&first);
    let summary = &out.last().expect("a summary")["summary"];
    assert!(summary["seen"].as_u64() > Some(0), "{summary}");
    assert!(
        first.stdout == drawing("1").stdout,
        "the same seed plays the same game"
    );
    assert!(
        first.stdout != drawing("2").stdout,
        "the draws shape the game"
    );
}

#[test]
fn a_start_cell_and_turn_are_where_the_game_begins() {
    let level = campaign::plan(1).generate(1).expect("mansion 1");
    let start = level.player_start;
    let from = format!("{},{}", start.x, start.y + 2);
    let out = lines(&play(
        "1",
        &["--from", &from, "--turn", "5", "--moves", "w"],
    ));
    assert_eq!(out[0]["turn"], 6);
    assert_eq!(
        cell(&out[0]["thief"]),
        [i64::from(start.x), i64::from(start.y) + 2]
    );
    let err = refused(&play("1", &["--from", "-1,3", "--moves", "w"]));
    assert!(err.contains("off the map"), "{err}");
    let err = refused(&play("1", &["--from", "3", "--moves", "w"]));
    assert!(err.contains("X,Y"), "{err}");
}

#[test]
fn moves_and_replay_are_exclusive_and_one_is_needed() {
    let err = refused(&play("1", &["--moves", "w", "--replay", "x.ron"]));
    assert!(err.contains("cannot be used with"), "{err}");
    refused(&play("1", &[]));
    let err = refused(&run(&["play", "--moves", "w"]));
    assert!(err.contains("play needs a FILE"), "{err}");
}

#[test]
fn a_preset_plays_too() {
    let out = lines(&run(&["play", "presets/default.ron", "--moves", "w w"]));
    assert_eq!(out.len(), 3);
    assert_eq!(out[2]["summary"]["turns"], 2);
}
