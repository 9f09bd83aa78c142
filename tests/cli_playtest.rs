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

/// `search --where 'greedy_caught between A and B'` prints exactly the mansions whose greedy figure
/// `stats --playtest` gives inside the band (both ends included), and plays only the bot it names.
#[test]
fn search_finds_mansions_by_difficulty_band() {
    let stats = cli::run(&[
        "stats",
        "--games",
        "2",
        "--first-seed",
        "7",
        "--playtest",
        "--playtest-runs",
        "8",
    ]);
    assert!(
        stats.status.success(),
        "{}",
        String::from_utf8_lossy(&stats.stderr)
    );
    let (low, high) = (0.25, 0.75);
    let expected: Vec<(u64, u64, f64)> = lines(&stats.stdout)
        .iter()
        .map(|l| {
            let caught = l["greedy_caught"].as_f64().expect("a share");
            (
                l["seed"].as_u64().expect("seed"),
                l["level"].as_u64().expect("level"),
                caught,
            )
        })
        .filter(|&(_, _, caught)| (low..=high).contains(&caught))
        .collect();
    assert!(
        !expected.is_empty(),
        "some mansion of games 7 and 8 is in the band"
    );
    let search = cli::run(&[
        "search",
        "--games",
        "2",
        "--first-seed",
        "7",
        "--playtest-runs",
        "8",
        "--where",
        "greedy_caught between 0.25 and 0.75",
    ]);
    assert!(
        search.status.success(),
        "{}",
        String::from_utf8_lossy(&search.stderr)
    );
    let found = lines(&search.stdout);
    let got: Vec<(u64, u64, f64)> = found
        .iter()
        .map(|l| {
            (
                l["seed"].as_u64().expect("seed"),
                l["level"].as_u64().expect("level"),
                l["greedy_caught"].as_f64().expect("a share"),
            )
        })
        .collect();
    assert_eq!(got, expected);
    assert!(
        found
            .iter()
            .all(|l| l.get("cautious_caught").is_none() && l.get("difficulty").is_none()),
        "only the greedy thief is played"
    );
    let typo = cli::run(&["search", "--games", "1", "--where", "greedy_cought > 0.5"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&typo.stderr).contains("BOT_caught"));
}

/// `regenerate --until` writes the first seed whose mansion meets the band, and `playtest` of the
/// written preset, with the same runs, gives a figure inside it; a band no seed meets fails (exit 1)
/// saying what the tries measured, and writes nothing.
#[test]
fn regenerate_until_a_difficulty_band() {
    let dir = std::env::temp_dir().join(format!("mf-until-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let out = dir.join("banded.ron");
    let out_arg = out.to_str().expect("UTF-8");
    let until = cli::run(&[
        "regenerate",
        "presets/early-mansion.ron",
        "--seed",
        "30",
        "--out",
        out_arg,
        "--until",
        "greedy_caught between 0.2 and 0.8",
        "--tries",
        "40",
        "--runs",
        "10",
    ]);
    assert!(
        until.status.success(),
        "{}",
        String::from_utf8_lossy(&until.stderr)
    );
    let said = String::from_utf8_lossy(&until.stderr).to_string();
    assert!(
        said.contains("meets greedy_caught between 0.2 and 0.8"),
        "{said}"
    );
    let played = cli::run(&[
        "playtest", out_arg, "--bots", "greedy", "--runs", "10", "--format", "json",
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let share = lines(&played.stdout)[0]["caught"]["share"]
        .as_f64()
        .expect("a share");
    assert!((0.2..=0.8).contains(&share), "{share}");

    let never = dir.join("never.ron");
    let failed = cli::run(&[
        "regenerate",
        "presets/early-mansion.ron",
        "--seed",
        "30",
        "--out",
        never.to_str().expect("UTF-8"),
        "--until",
        "difficulty > 1",
        "--tries",
        "3",
        "--runs",
        "2",
    ]);
    assert_eq!(failed.status.code(), Some(1));
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(
        message.contains("in 3 tries") && message.contains("difficulty ranged"),
        "{message}"
    );
    assert!(!never.exists());
    std::fs::remove_dir_all(&dir).ok();
}
