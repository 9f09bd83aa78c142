//! The built `mansion-forge` binary, run as a user or script would: outputs, exit codes, error lines and
//! determinism across processes.

use std::path::{Path, PathBuf};
use std::process::Output;

use mansion_forge::analysis::stats::level_stats;
use mansion_forge::generate::campaign;
use mansion_forge::io::level_file::{self, Format};

#[path = "common/cli.rs"]
mod cli;
use cli::{run, run_closing_stdout};

/// The `stats` keys, in the order the fidelity comparison and `tests/data/original-stats.json` expect.
const STATS_KEYS: [&str; 28] = [
    "seed",
    "level",
    "width",
    "height",
    "rooms",
    "public_rooms",
    "private_rooms",
    "public_courtyards",
    "private_courtyards",
    "courtyards",
    "dead_ends",
    "doors",
    "max_depth",
    "loot",
    "loot_dead_end",
    "loot_private",
    "loot_other",
    "guards",
    "outside_guards",
    "patrol_routes",
    "route_loops",
    "unpatrolled_rooms",
    "windows",
    "torches_lit",
    "torches_unlit",
    "chairs",
    "tables",
    "creaky_cells",
];

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 errors")
}

/// A fresh folder for one test under Cargo's scratch space for integration tests.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Asserts a usage or input failure: exit code 2, nothing on stdout, exactly one line on stderr.
fn assert_input_error(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(out.stdout.is_empty(), "stdout: {}", stdout(out));
    assert_eq!(err.lines().count(), 1, "one stderr line expected: {err:?}");
    err
}

#[test]
fn ascii_map_shows_every_kind_of_feature() {
    let out = run(&[
        "generate", "--seed", "1", "--level", "9", "--format", "ascii",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for (ch, what) in [
        ('#', "walls"),
        ('P', "the portcullis"),
        ('$', "loot"),
        ('G', "guards"),
        ('@', "the start"),
    ] {
        assert!(text.contains(ch), "no {what} ('{ch}') in:\n{text}");
    }
    assert!(text.trim_end().ends_with(mansion_forge::io::ascii::LEGEND));
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["bogus"][..],
        &["generate", "--seed", "1"],
        &["generate", "--seed", "x", "--level", "1"],
        &["generate", "--seed", "1", "--level", "10"],
        &["generate", "--seed", "1", "--level", "1", "--format", "png"],
        &["stats"],
        &[
            "stats",
            "--games",
            "2",
            "--first-seed",
            "18446744073709551615",
        ],
        &[
            "screenshot",
            "--seed",
            "1",
            "--level",
            "1",
            "--overlay",
            "fog",
        ],
        &[
            "screenshot",
            "--seed",
            "1",
            "--level",
            "1",
            "--out",
            "shot.jpg",
        ],
        &[
            "screenshot",
            "--seed",
            "1",
            "--level",
            "1",
            "--select-room",
            "999",
            "--out",
            "shot.png",
        ],
    ] {
        let err = assert_input_error(&run(args));
        assert!(err.starts_with("mansion-forge: "), "{args:?}: {err}");
    }
}

#[test]
fn help_exits_0() {
    for args in [&["--help"][..], &["generate", "--help"], &["help", "stats"]] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(stdout(&out).contains("Usage:"), "{args:?}");
    }
}

#[test]
fn validate_reports_missing_and_broken_files() {
    let missing = run(&["validate", "no/such/level.ron"]);
    assert!(assert_input_error(&missing).contains("no/such/level.ron"));

    let dir = scratch("validate");
    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        "{\n  \"generator\": \"siheyuan\",\n  \"level\": \"nine\",\n}",
    )
    .unwrap();
    let err = assert_input_error(&run(&["validate", broken.to_str().unwrap()]));
    assert!(err.contains("broken.json:3:"), "{err}");
    assert!(err.contains("expected u32"), "{err}");
}

#[test]
fn generated_file_validates() {
    let dir = scratch("generated");
    let file = dir.join("level.json");
    let file = file.to_str().unwrap();
    let out = run(&["generate", "--seed", "4", "--level", "5", "--out", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = campaign::plan(4).generate(5).unwrap();
    assert_eq!(*level_file::load(Path::new(file)).unwrap(), expected);
    let out = run(&["validate", file]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "ok\n");
}

#[test]
fn stats_prints_one_line_per_mansion_with_the_keys_in_order() {
    let out = run(&["stats", "--games", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20);
    for (i, line) in lines.iter().enumerate() {
        // Every value is a number, so the keys are the quoted words before each colon.
        let keys: Vec<&str> = line
            .trim_start_matches('{')
            .trim_end_matches('}')
            .split(',')
            .map(|pair| pair.split(':').next().unwrap_or("").trim_matches('"'))
            .collect();
        assert_eq!(keys, STATS_KEYS, "line {i}");
        let (seed, level) = (i as u64 / 10, i as u32 % 10);
        let mansion = campaign::plan(seed).generate(level).unwrap();
        let expected = serde_json::to_string(&level_stats(&mansion, seed)).unwrap();
        assert_eq!(*line, expected, "line {i}");
    }
}

#[test]
fn stats_continue_from_first_seed() {
    let all = stdout(&run(&["stats", "--games", "3"]));
    let tail = stdout(&run(&["stats", "--games", "2", "--first-seed", "1"]));
    let skipped: Vec<&str> = all.lines().skip(10).collect();
    assert_eq!(tail.lines().collect::<Vec<_>>(), skipped);
}

#[test]
fn generation_is_deterministic_across_processes() {
    let args = ["generate", "--seed", "5", "--level", "7", "--format", "ron"];
    let first = run(&args);
    let second = run(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(first.stdout, second.stdout);
    let level = campaign::plan(5).generate(7).unwrap();
    let in_process = level_file::to_string(&level, Format::Ron).unwrap();
    assert_eq!(stdout(&first), in_process);
}

#[test]
fn campaign_writes_ten_levels_and_a_summary() {
    let dir = scratch("campaign");
    let out = run(&["campaign", "--seed", "9", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let game = campaign::plan(9);
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("summary.json")).unwrap()).unwrap();
    let rows = summary["levels"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    for (l, row) in rows.iter().enumerate() {
        let level = level_file::load(&dir.join(format!("level-{l}.ron"))).unwrap();
        assert_eq!(*level, game.generate(l as u32).unwrap(), "level {l}");
        assert_eq!(row["rooms_x"], game.plans[l].rooms_x);
        assert_eq!(row["loot"], game.plans[l].loot);
        assert_eq!(row["guards"], level.guards.len());
    }
    // The table: a title, a header and one line per level.
    assert_eq!(stdout(&out).lines().count(), 12);
    // Ten levels, the summary and the manifest of what was written (which lets the next campaign
    // replace them without backups, unless they were edited).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 12);
    assert!(dir.join(".mansion-forge-written").is_file());
}

#[test]
fn generate_reports_clamped_parameters_and_shortfalls_on_stderr() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
        .args([
            "generate",
            "--seed",
            "3",
            "--level",
            "3",
            "--generator",
            "tile-growth",
        ])
        .args(["--param", "modules_x=9999", "--param", "min_fill=0"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("mansion-forge: note: parameter modules_x = 9999 clamped to 32"),
        "{err}"
    );
    assert!(!out.stdout.is_empty(), "the level is still written");
}

/// `COMMAND | head -n LINES`: the reader goes away, and the command stops quietly — exit 0, nothing on
/// stderr, no panic and no "Broken pipe" message. Those that print more than a pipe holds (64 KiB) are
/// cut after a line; the rest find the pipe closed before their first write.
#[test]
fn a_closed_output_pipe_ends_every_printing_command_quietly() {
    let dir = scratch("closed-pipe");
    let campaign_dir = dir.join("game");
    let preset = "presets/default.ron";
    let cases: [(&[&str], usize); 14] = [
        (&["stats", "--games", "200"], 1),
        (&["search", "--games", "200", "--where", "rooms >= 0"], 1),
        (
            &[
                "generate", "--seed", "1", "--level", "9", "--format", "json",
            ],
            1,
        ),
        (&["export", preset, "--out", "-", "--format", "json"], 1),
        (&["stats", "--games", "2"], 0),
        (&["analyze", preset], 0),
        (&["play", preset, "--moves", "w w"], 0),
        (&["validate", preset], 0),
        (&["diff", preset, preset], 0),
        (
            &[
                "campaign",
                "--seed",
                "1",
                "--out",
                campaign_dir.to_str().unwrap(),
            ],
            0,
        ),
        (&["help"], 0),
        (&["generate", "--help"], 0),
        (&["completions", "bash"], 0),
        (&["man"], 0),
    ];
    for (args, lines) in cases {
        let (read, out) = run_closing_stdout(args, lines);
        assert_eq!(read.lines().count(), lines, "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn completions_for_every_shell_name_the_commands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        for word in ["generate", "validate", "first-seed"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    assert_input_error(&run(&["completions", "cmd.exe"]));
}

/// The bash script is sourced into a real bash and asked what `mansion-forge stats --fi<TAB>` completes
/// to: a subcommand's options too, not only the commands (`clap_complete` misspells them for a hyphenated
/// program name; see `src/cli/completions_and_man.rs`).
#[cfg(unix)]
#[test]
fn bash_completes_commands_and_a_commands_options() {
    let script = stdout(&run(&["completions", "bash"]));
    let complete = |words: &str| {
        let probe = format!(
            "{script}\nCOMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ));\n\
             _mansion__forge mansion-forge \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
             echo \"${{COMPREPLY[@]}}\""
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &probe])
            .output()
            .expect("bash runs");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out).trim().to_string()
    };
    assert_eq!(complete("mansion-forge gen"), "generate");
    assert_eq!(complete("mansion-forge stats --first"), "--first-seed");
    assert_eq!(complete("mansion-forge validate --str"), "--strict");
}

#[test]
fn man_prints_a_roff_page_that_lists_the_commands() {
    let out = run(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH mansion-forge 1"), "{page}");
    for command in ["generate", "stats", "validate", "play", "completions"] {
        assert!(
            page.contains(&format!("mansion\\-forge\\-{command}(1)")),
            "{command}"
        );
    }
    let page = stdout(&run(&["man", "validate"]));
    assert!(page.contains(".TH mansion-forge-validate 1"), "{page}");
    assert!(page.contains("\\-\\-strict"), "{page}");
    let err = assert_input_error(&run(&["man", "nosuch"]));
    assert!(err.contains("no command `nosuch`"), "{err}");
}

/// Every command's `--help` and man page list the same exit codes, one meaning each; the man page in
/// an EXIT STATUS section of its own, not in the help's closing text.
#[test]
fn every_command_lists_its_exit_codes_in_help_and_man() {
    let commands = [
        "generate",
        "campaign",
        "stats",
        "search",
        "diff",
        "validate",
        "analyze",
        "play",
        "screenshot",
        "export",
        "regenerate",
        "edit",
        "completions",
        "man",
    ];
    let root = stdout(&run(&["--help"]));
    for command in commands {
        let help = stdout(&run(&[command, "--help"]));
        let listed = &help[help
            .find("Exit codes (the same on every command):")
            .expect(command)..];
        for code in [
            "\n  0  success",
            "\n  1  the input was read but",
            "\n  2  bad input",
        ] {
            assert!(listed.contains(code), "{command}: {listed}");
        }
        assert!(
            root.ends_with(listed),
            "{command} lists what the main help lists"
        );
        let page = stdout(&run(&["man", command]));
        assert_eq!(page.matches(".SH \"EXIT STATUS\"").count(), 1, "{command}");
        assert!(
            page.contains(".TP\n\\fB2\\fR\nbad input"),
            "{command}: {page}"
        );
        assert!(!page.contains("Exit codes (the same"), "{command}");
    }
    assert!(stdout(&run(&["man"])).contains(".SH \"EXIT STATUS\""));
}

/// `stats` measures the last 64-bit seed (which no half-open range reaches), measures nothing for
/// `--games 0` (the exact mode included, where it once underflowed), and refuses a range past the last
/// seed.
#[test]
fn stats_reaches_the_last_seed_and_takes_no_games() {
    let last = run(&[
        "stats",
        "--first-seed",
        "18446744073709551615",
        "--games",
        "1",
    ]);
    assert!(
        last.status.success(),
        "{}",
        String::from_utf8_lossy(&last.stderr)
    );
    let lines: Vec<String> = stdout(&last).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 10);
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with(r#"{"seed":18446744073709551615,"#))
    );
    for args in [
        &["stats", "--games", "0"][..],
        &["stats", "--exact", "--games", "0"],
    ] {
        let none = run(args);
        assert!(none.status.success(), "{args:?}");
        assert!(none.stdout.is_empty(), "{args:?}");
    }
    let past = run(&[
        "stats",
        "--first-seed",
        "18446744073709551615",
        "--games",
        "2",
    ]);
    assert_eq!(past.status.code(), Some(2));
}

/// `--jobs` changes how many threads measure, never what is printed, up to the largest count it takes.
#[test]
fn stats_prints_the_same_for_any_number_of_jobs() {
    let one = run(&["stats", "--games", "3", "--jobs", "1"]);
    let many = run(&["stats", "--games", "3", "--jobs", "1024"]);
    assert!(one.status.success() && many.status.success());
    assert_eq!(one.stdout, many.stdout);
    assert_eq!(stdout(&one).lines().count(), 30);
}
