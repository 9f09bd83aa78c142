//! `mansion-forge playtest` (issue 45): the text summary and the JSON lines of one mansion, a whole run,
//! settings and their refusals, and the same figures whatever the threads.

#[path = "common/cli.rs"]
mod cli;

use serde_json::Value;

fn lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn json_lines_give_each_bot_its_figures_and_threads_do_not_change_them() {
    let args = [
        "playtest", "--seed", "1", "--level", "3", "--runs", "6", "--format", "json",
    ];
    let one = cli::run(&[&args[..], &["--jobs", "1"]].concat());
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let two = cli::run(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(
        one.stdout, two.stdout,
        "the same figures on one thread or two"
    );
    let lines = lines(&one.stdout);
    let bots: Vec<&str> = lines
        .iter()
        .map(|l| l["bot"].as_str().expect("bot"))
        .collect();
    assert_eq!(bots, ["ghost", "greedy", "cautious", "speedrunner"]);
    for line in &lines {
        assert_eq!(line["runs"], 6);
        assert_eq!(line["rules"], "2023");
        let caught = &line["caught"];
        let (low, share, high) = (
            caught["low"].as_f64().expect("low"),
            caught["share"].as_f64().expect("share"),
            caught["high"].as_f64().expect("high"),
        );
        assert!(low <= share && share <= high, "{caught}");
        let cells: u64 = line["caught_at"]
            .as_array()
            .expect("cells")
            .iter()
            .map(|c| c[2].as_u64().expect("runs"))
            .sum();
        assert_eq!(cells, (share * 6.0).round() as u64, "{line}");
    }
    assert_eq!(
        lines[0]["loot"].as_f64().map(|l| l >= 1.0),
        Some(true),
        "the ghost takes loot"
    );
}

#[test]
fn a_whole_run_ends_with_its_difficulty_curve() {
    let out = cli::run(&[
        "playtest",
        "--game-seed",
        "2",
        "--game",
        "lll2023",
        "--runs",
        "2",
        "--bots",
        "greedy",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("runs per bot").count(), 10, "{text}");
    let curve = text
        .lines()
        .find(|l| l.starts_with("Difficulty by mansion:"))
        .expect("the curve line");
    assert_eq!(curve.matches('%').count(), 10, "{curve}");
}

#[test]
fn settings_are_read_and_bad_ones_refused_in_words() {
    let out = cli::run(&[
        "playtest",
        "--seed",
        "1",
        "--level",
        "1",
        "--runs",
        "2",
        "--format",
        "json",
        "--bots",
        "greedy:patience=7:risk=0.5",
    ]);
    assert!(out.status.success());
    let line = &lines(&out.stdout)[0];
    assert_eq!(line["settings"], "greedy:patience=7:risk=0.5");
    assert_eq!(line["patience"], 7);
    for (bots, said) in [
        ("ninja", "no bot 'ninja'"),
        ("greedy:risk=2", "from 0 to 1"),
        ("greedy:budget=x", "whole number"),
    ] {
        let out = cli::run(&["playtest", "--seed", "1", "--level", "1", "--bots", bots]);
        assert_eq!(out.status.code(), Some(2), "{bots}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{bots}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
    }
    let out = cli::run(&["playtest", "--seed", "1", "--level", "1", "--runs", "0"]);
    assert_eq!(out.status.code(), Some(2));
}
