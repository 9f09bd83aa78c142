//! Writes that clean up after themselves and reads that stay bounded, through the built binary and the
//! loaders: the campaign folder swap (and what a killed run leaves), `/dev/zero`, invalid UTF-8, an
//! absurd generator name and nesting deep enough to reach the parser's limit.

use std::path::Path;
use std::time::{Duration, Instant};

use mansion_forge::generate::campaign;
use mansion_forge::io::level_file::{self, LevelFileError};
use mansion_forge::io::preset;
use mansion_forge::io::read::ReadError;

#[path = "common/cli.rs"]
mod cli;
use cli::{names_in, run, s, scratch, stderr};

/// Asserts that `dir` holds exactly one whole campaign of `seed`: ten levels equal to the generator's
/// and a summary whose seed and rows describe those files.
fn assert_whole_campaign(dir: &Path, seed: u64) {
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("summary.json")).expect("summary"))
            .expect("summary JSON");
    assert_eq!(summary["game_seed"], seed);
    let game = campaign::plan(seed);
    let rows = summary["levels"].as_array().expect("rows");
    assert_eq!(rows.len(), campaign::LEVELS);
    for (n, row) in rows.iter().enumerate() {
        let file = row["file"].as_str().expect("file name");
        let level = level_file::load(&dir.join(file)).expect("a level file");
        assert_eq!(*level, game.generate(n as u32).expect("level"), "{file}");
        assert_eq!(row["guards"], level.guards.len(), "{file}");
    }
    // The levels, the summary and the manifest of what was written.
    assert_eq!(
        names_in(dir).len(),
        campaign::LEVELS + 2,
        "{:?}",
        names_in(dir)
    );
}

#[test]
fn a_second_campaign_replaces_the_first_whole() {
    let root = scratch("writes-campaign-replace");
    let out = root.join("game");
    let first = run(&["campaign", "--seed", "3", "--out", s(&out)]);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_whole_campaign(&out, 3);
    let second = run(&["campaign", "--seed", "4", "--out", s(&out)]);
    assert!(second.status.success(), "{}", stderr(&second));
    assert_whole_campaign(&out, 4);
    // No temp or old folder is left beside it.
    assert_eq!(names_in(&root), ["game"]);
}

#[test]
fn a_killed_campaigns_temp_folder_is_cleaned_and_the_old_folder_was_intact() {
    let root = scratch("writes-campaign-killed");
    let out = root.join("game");
    let first = run(&["campaign", "--seed", "5", "--out", s(&out)]);
    assert!(first.status.success(), "{}", stderr(&first));
    // What a run killed half-way leaves: a temp folder beside the output, named for a process that is
    // gone (no pid exceeds 2^22), holding some levels and no summary. The output itself is untouched.
    let leftover = root.join(".game.tmp-4000000000-0");
    std::fs::create_dir(&leftover).expect("leftover folder");
    let partial = campaign::plan(6).generate(0).expect("level 0");
    level_file::save(&leftover.join("level-0.ron"), &partial).expect("partial level");
    std::fs::write(leftover.join(".level-1.ron.tmp-4000000000-1"), "(half").expect("half a file");
    assert_whole_campaign(&out, 5);
    let next = run(&["campaign", "--seed", "6", "--out", s(&out)]);
    assert!(next.status.success(), "{}", stderr(&next));
    assert_whole_campaign(&out, 6);
    assert_eq!(names_in(&root), ["game"]);
}

#[test]
fn a_folder_with_the_users_files_is_refused_and_kept() {
    let root = scratch("writes-campaign-foreign");
    let out = root.join("game");
    std::fs::create_dir(&out).expect("folder");
    std::fs::write(out.join("level-0.ron"), "mine").expect("file");
    std::fs::write(out.join("notes.txt"), "my notes").expect("file");
    let refused = run(&["campaign", "--seed", "1", "--out", s(&out)]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let err = stderr(&refused);
    assert!(
        err.contains("notes.txt") && err.contains("not replaced"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(names_in(&out), ["level-0.ron", "notes.txt"]);
    assert_eq!(
        std::fs::read_to_string(out.join("level-0.ron")).unwrap(),
        "mine"
    );
    assert_eq!(names_in(&root), ["game"], "no temp folder is left");
    // A plain file is refused too.
    let file = root.join("file");
    std::fs::write(&file, "x").expect("file");
    let refused = run(&["campaign", "--seed", "1", "--out", s(&file)]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_is_refused_quickly_with_a_clear_message() {
    let started = Instant::now();
    for args in [
        vec!["validate", "/dev/zero"],
        vec!["export", "/dev/zero", "--out", "-", "--format", "ascii"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("/dev/zero: more than 67108864 bytes"),
            "{args:?}: {err}"
        );
    }
    match level_file::load(Path::new("/dev/zero")) {
        Err(LevelFileError::Read {
            source: ReadError::TooLarge { .. },
            ..
        }) => {}
        other => panic!("expected a too-large error, got {other:?}"),
    }
    assert!(matches!(
        preset::read(Path::new("/dev/zero")),
        Err(preset::PresetError::Read {
            source: ReadError::TooLarge { .. },
            ..
        })
    ));
    // 64 MiB is read at most, a fraction of a second per read; the old reads ran to 2 GB.
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn invalid_utf8_is_reported_at_its_byte_offset() {
    let dir = scratch("writes-utf8");
    let level = campaign::plan(2).generate(4).expect("level");
    let text = level_file::to_string(&level, level_file::Format::Ron).expect("RON");
    // Corrupt the first byte of line 3.
    let offset = text.match_indices('\n').nth(1).expect("three lines").0 + 1;
    let mut bytes = text.into_bytes();
    bytes[offset] = 0xFF;
    let path = dir.join("bad.ron");
    std::fs::write(&path, &bytes).expect("write");
    let message = level_file::load(&path).expect_err("refused").to_string();
    assert!(
        message.contains(&format!("byte {offset} (line 3, column 1)")),
        "{message}"
    );
    let out = run(&["validate", s(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("byte {offset}")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_ten_thousand_character_generator_name_is_cut() {
    let dir = scratch("writes-long-name");
    let name = "g".repeat(10_000);
    let text = format!("(version: 1, generator: \"{name}\\n\", level: 1, seed: 1, params: ())");
    let path = dir.join("long.ron");
    std::fs::write(&path, text).expect("write");
    let message = preset::read(&path).expect_err("refused").to_string();
    assert!(message.len() < 300, "{} bytes: {message}", message.len());
    assert!(
        message.contains(&format!("`{}…`", "g".repeat(40))),
        "{message}"
    );
    let out = run(&["export", s(&path), "--out", "-", "--format", "ascii"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.len() < 300 && err.contains("unknown generator"),
        "{err}"
    );
}

#[test]
fn deep_nesting_is_reported_without_the_parsers_advice() {
    let dir = scratch("writes-nesting");
    let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
    let preset_text = format!("(version: 1, generator: \"siheyuan\", extra: {deep})");
    let level_ron = format!("(width: 3, extra: {deep})");
    // (serde_json skips unknown fields without nesting; its limit is covered by io::read's test.)
    for (name, text) in [("preset.ron", preset_text), ("level.ron", level_ron)] {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        let out = run(&["export", s(&path), "--out", "-", "--format", "ascii"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("nesting deeper than 128 levels"),
            "{name}: {err}"
        );
        assert!(!err.contains("recursion"), "{name}: {err}");
        if name.starts_with("preset") {
            let message = preset::read(&path).expect_err("refused").to_string();
            assert!(
                message.contains("nesting deeper than 128 levels"),
                "{message}"
            );
        } else {
            let message = level_file::load(&path).expect_err("refused").to_string();
            assert!(
                message.contains("nesting deeper than 128 levels"),
                "{message}"
            );
        }
    }
}

/// `regenerate INPUT --seed SEED --out OUT --level-out LEVEL_OUT`'s arguments.
fn regenerate_args(input: &Path, seed: u32, out: &Path, level_out: &Path) -> Vec<String> {
    [
        "regenerate",
        s(input),
        "--seed",
        &seed.to_string(),
        "--out",
        s(out),
        "--level-out",
        s(level_out),
    ]
    .map(str::to_string)
    .to_vec()
}

/// Whether the preset at `out` rebuilds the level at `level_out`.
fn pair_matches(out: &Path, level_out: &Path) -> bool {
    let rebuilt = preset::load(out).expect("the preset loads").document.level;
    rebuilt == *level_file::load(level_out).expect("the level loads")
}

/// Runs `regenerate` to its end with `args`.
fn run_whole(args: &[String]) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = run(&args);
    assert!(done.status.success(), "{}", stderr(&done));
}

/// A whole run after the kills completes the pair in `dir` and leaves nothing but it and its backups.
fn finishes_clean(input: &Path, dir: &Path, note: &str) {
    let (out, level_out) = (dir.join("mansion.ron"), dir.join("mansion.json"));
    run_whole(&regenerate_args(input, 1_000, &out, &level_out));
    assert!(pair_matches(&out, &level_out), "{note}");
    assert_eq!(
        names_in(dir),
        [
            "mansion.json",
            "mansion.json.bak",
            "mansion.ron",
            "mansion.ron.bak"
        ],
        "{note}"
    );
}

/// The preset the pair tests regenerate.
fn locked_and_edited() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/locked-and-edited.ron")
}

/// `regenerate --out P --level-out L` killed at many points of its run: the preset and the level are
/// never left mismatched without the journal that says so, and the next run completes the pair and
/// leaves nothing but the pair and its backups (issue 22: 31 of 89 kills used to leave the new preset
/// beside the old level).
#[cfg(unix)]
#[test]
fn regenerates_preset_and_level_land_together_under_kills() {
    use std::process::{Command, Stdio};

    const KILLS: u32 = 60;
    let dir = scratch("writes-pair-kills");
    let input = locked_and_edited();
    let (out, level_out) = (dir.join("mansion.ron"), dir.join("mansion.json"));
    let journal = dir.join(".mansion.ron.pair");
    let started = Instant::now();
    run_whole(&regenerate_args(&input, 1, &out, &level_out));
    let whole_run = started.elapsed();
    assert!(pair_matches(&out, &level_out));

    let mut journalled = 0;
    for kill in 0..KILLS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
            .args(regenerate_args(&input, kill + 2, &out, &level_out))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        // Kill points spread over the whole run and a little past it.
        std::thread::sleep(whole_run * 6 / 5 * kill / KILLS);
        let _ = child.kill();
        child.wait().expect("the child ends");
        if journal.exists() {
            journalled += 1;
        } else {
            assert!(
                pair_matches(&out, &level_out),
                "kill {kill} left a mismatched pair and no journal"
            );
        }
    }
    finishes_clean(
        &input,
        &dir,
        &format!("{journalled} kill(s) left a journal"),
    );
}

/// The same pair, each run killed the moment its writing has begun (a staging file or the journal
/// shows beside the outputs), then a little later each time: the kills are known to land mid-write,
/// so the test cannot pass by killing only before or after the writes (issue 42 asks for such a
/// floor). Nothing is ever left mismatched without the journal, and the next run cleans up.
#[cfg(unix)]
#[test]
fn kills_that_land_mid_write_never_leave_a_mismatched_pair() {
    use std::process::{Command, Stdio};

    const RUNS: u32 = 24;
    let dir = scratch("writes-pair-mid-write");
    let input = locked_and_edited();
    let (out, level_out) = (dir.join("mansion.ron"), dir.join("mansion.json"));
    run_whole(&regenerate_args(&input, 1, &out, &level_out));
    let writing = || {
        std::fs::read_dir(&dir).is_ok_and(|names| {
            names
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with('.'))
        })
    };
    let mut mid_write = 0;
    for k in 0..RUNS {
        // A journal or staging file left by the last kill is cleared by a whole run first, so that
        // the one watched for below is this run's.
        if writing() {
            run_whole(&regenerate_args(&input, 500 + k, &out, &level_out));
        }
        assert!(!writing(), "a whole run leaves no staging file or journal");
        let mut child = Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
            .args(regenerate_args(&input, k + 2, &out, &level_out))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let landed = loop {
            if writing() {
                std::thread::sleep(Duration::from_micros(u64::from(k % 8) * 150));
                break true;
            }
            if child.try_wait().expect("the child is there").is_some() {
                break false;
            }
        };
        let _ = child.kill();
        let status = child.wait().expect("the child ends");
        if landed && !status.success() {
            mid_write += 1;
        }
        let journalled = dir.join(".mansion.ron.pair").exists();
        assert!(
            journalled || pair_matches(&out, &level_out),
            "run {k} left a mismatched pair and no journal"
        );
    }
    eprintln!("{mid_write} of {RUNS} kills landed mid-write");
    assert!(
        mid_write >= RUNS / 2,
        "only {mid_write} of {RUNS} kills landed while the pair was being written"
    );
    finishes_clean(&input, &dir, "after kills mid-write");
}

/// A save killed after its backup step leaves `FILE.bak` a hard link to `FILE`; the next save must
/// still leave no staging file (issue 22).
#[test]
fn a_save_after_a_backup_linked_to_its_file_leaves_no_litter() {
    let dir = scratch("writes-bak-link");
    let out = dir.join("regen.ron");
    std::fs::write(&out, "old").expect("written");
    std::fs::hard_link(&out, dir.join("regen.ron.bak")).expect("linked");
    let done = run(&[
        "regenerate",
        "presets/default.ron",
        "--seed",
        "5",
        "--out",
        s(&out),
    ]);
    assert!(done.status.success(), "{}", stderr(&done));
    assert_eq!(names_in(&dir), ["regen.ron", "regen.ron.bak"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("regen.ron.bak")).unwrap(),
        "old"
    );
    assert!(preset::load(&out).is_ok());
}
