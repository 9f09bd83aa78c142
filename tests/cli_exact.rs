//! `--exact` on the command line: the exact 2023 mode's mansions from `generate`, `campaign`, `stats`
//! and `analyze`, and a clear one-line error wherever the mode cannot apply (another generator,
//! parameters, a file or preset, a seed past 32 bits).

use std::path::Path;
use std::process::Output;

use mansion_forge::generate::siheyuan::exact;
use mansion_forge::io::ascii;

#[path = "common/cli.rs"]
mod cli;
use cli::{listed_draws, run, traced_draws};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Asserts an input failure: exit code 2, nothing on stdout, one stderr line naming `--exact`.
fn assert_exact_refused(args: &[&str]) {
    let out = run(args);
    let err = String::from_utf8(out.stderr.clone()).expect("UTF-8 errors");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: {}", stdout(&out));
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(err.contains("--exact"), "{args:?}: {err}");
}

#[test]
fn generate_exact_prints_the_exact_mansion() {
    let out = run(&[
        "generate", "--seed", "1", "--level", "9", "--exact", "--format", "ascii",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let level = exact::level(1, 9).expect("level 9 exists");
    assert_eq!(
        stdout(&out),
        format!("{}\n{}\n", ascii::render(&level), ascii::LEGEND)
    );
    let normal = run(&[
        "generate", "--seed", "1", "--level", "9", "--format", "ascii",
    ]);
    assert_ne!(stdout(&normal), stdout(&out), "--exact changes the mansion");
}

#[test]
fn stats_exact_measures_the_vectors_sizes() {
    let out = run(&["stats", "--games", "1", "--first-seed", "2", "--exact"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sizes: Vec<(i64, i64)> = stdout(&out)
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            (
                v["width"].as_i64().expect("width"),
                v["height"].as_i64().expect("height"),
            )
        })
        .collect();
    let want: Vec<(i64, i64)> = exact::game(2)
        .iter()
        .map(|l| (i64::from(l.width), i64::from(l.height)))
        .collect();
    assert_eq!(sizes, want);
}

#[test]
fn campaign_exact_writes_the_ten_exact_mansions() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-exact-campaign");
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&[
        "campaign",
        "--seed",
        "3",
        "--exact",
        "--format",
        "ascii",
        "--out",
        dir.to_str().expect("a UTF-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (n, level) in exact::game(3).iter().enumerate() {
        let text =
            std::fs::read_to_string(dir.join(format!("level-{n}.txt"))).expect("a level file");
        assert!(text.starts_with(&ascii::render(level)), "level {n}");
    }
}

#[test]
fn analyze_takes_exact_mansions() {
    let out = run(&["analyze", "--seed", "1", "--level", "2", "--exact"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty());
}

#[test]
fn exact_is_refused_where_it_cannot_apply() {
    let base = ["generate", "--seed", "1", "--level", "0", "--exact"];
    assert_exact_refused(&[&base[..], &["--generator", "tile-growth"]].concat());
    assert_exact_refused(&[&base[..], &["--param", "rooms_x=5"]].concat());
    assert_exact_refused(&[
        "generate",
        "--seed",
        "4294967296",
        "--level",
        "0",
        "--exact",
    ]);
    assert_exact_refused(&[
        "stats",
        "--games",
        "2",
        "--first-seed",
        "4294967295",
        "--exact",
    ]);
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-exact-level.ron");
    let written = run(&[
        "generate",
        "--seed",
        "1",
        "--level",
        "0",
        "--out",
        file.to_str().expect("a UTF-8 path"),
    ]);
    assert!(written.status.success());
    let path = file.to_str().expect("a UTF-8 path");
    assert_exact_refused(&["analyze", path, "--exact"]);
    assert_exact_refused(&["export", path, "--exact", "--out", "-", "--format", "ascii"]);
}

/// `generate --exact --trace-draws` prints on stderr each step's draws of the mansion, as the original's
/// own run lists them (`draws_by_step` of the 2023 vectors, game 2's levels 0, 4 and 9).
#[test]
fn trace_draws_lists_the_originals_draws_step_by_step() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lll2023-exact/games.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the 2023 vectors");
    let game: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).expect("game 2")).expect("JSON");
    let seed = game["seed"].to_string();
    for level in [0, 4, 9] {
        let args = [
            "generate",
            "--exact",
            "--seed",
            &seed,
            "--level",
            &level.to_string(),
            "--trace-draws",
        ];
        let out = run(&args);
        assert!(out.status.success(), "{args:?}");
        let want = listed_draws(&game["levels"][level]);
        assert!(!want.is_empty());
        assert_eq!(traced_draws(&out), want, "{args:?}");
    }
}
