//! The 2025 game's runs on the command line: `--game-seed` and `--daily` on `generate`, `campaign
//! --daily`, and one clear line for what they cannot do (a fourth daily mansion, a day the calendar
//! lacks, another generator).

use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::ascii::fnv;
use mansion_forge::generate::lll2025::level::to_level;
use mansion_forge::generate::lll2025::plan::{daily_run, game_plan};
use mansion_forge::io::ascii;

#[path = "common/cli.rs"]
mod cli;
use cli::{listed_draws, run, scratch, traced_draws};

/// The ASCII map the CLI prints for a 2025 level: map, legend, and the game's hash as the generator's
/// own build computes it (the CLI reads it off the model's level).
fn ascii_map(level: &mansion_forge::model::Level, build: &Build) -> String {
    format!(
        "{}\n{}\ngame hash {:08x} (the game's own hash of this mansion)\n",
        ascii::render(level),
        ascii::LEGEND,
        fnv(&build.map, &build.guards, build.start)
    )
}

fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The records of one file of the game's reference vectors (`tests/data/lll2025-exact/`), in order.
fn vectors(file: &str) -> Vec<serde_json::Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lll2025-exact");
    std::fs::read_to_string(format!("{dir}/{file}"))
        .expect("the vectors")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON record"))
        .collect()
}

/// Asserts an input failure: exit code 2, nothing on stdout, one stderr line containing `needle`.
fn assert_refused(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8(out.stderr.clone()).expect("UTF-8 errors");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn daily_levels_are_the_days_three_mansions() {
    let run = daily_run(2025, 9, 1);
    for (n, entry) in run.levels().into_iter().enumerate() {
        let printed = stdout_of(&[
            "generate",
            "--daily",
            "2025-09-01",
            "--level",
            &n.to_string(),
            "--format",
            "ascii",
        ]);
        let seed = entry.seed_bits().expect("the game's seed form");
        let build = Build::new(entry);
        let level = to_level(&build, seed);
        assert_eq!(level.level, entry.level, "the pick keeps its level number");
        assert_eq!(printed, ascii_map(&level, &build));
    }
}

#[test]
fn a_game_seed_text_is_that_run_and_game_g_is_seed_g() {
    let by_text = stdout_of(&[
        "generate",
        "--game-seed",
        "game 7",
        "--level",
        "4",
        "--format",
        "ascii",
    ]);
    let by_seed = stdout_of(&[
        "generate",
        "--seed",
        "7",
        "--generator",
        "lll2025",
        "--level",
        "4",
        "--format",
        "ascii",
    ]);
    assert_eq!(by_text, by_seed);
    let entry = &game_plan("game 7")[4];
    let build = Build::new(entry);
    let level = to_level(&build, entry.seed_bits().expect("seed form"));
    assert_eq!(by_text, ascii_map(&level, &build));
    let other = stdout_of(&[
        "generate",
        "--game-seed",
        "any text",
        "--level",
        "4",
        "--format",
        "ascii",
    ]);
    assert_ne!(other, by_text);
}

#[test]
fn what_a_run_cannot_give_is_refused() {
    assert_refused(
        &["generate", "--daily", "2025-09-01", "--level", "3"],
        "--level 0 to 2",
    );
    assert_refused(
        &["generate", "--daily", "2025-02-30", "--level", "0"],
        "not a day of the calendar",
    );
    assert_refused(
        &[
            "generate",
            "--daily",
            "2025-09-01",
            "--level",
            "0",
            "--generator",
            "siheyuan",
        ],
        "lll2025",
    );
    assert_refused(
        &[
            "generate",
            "--daily",
            "2025-09-01",
            "--level",
            "0",
            "--seed",
            "3",
        ],
        "--seed",
    );
    assert_refused(
        &[
            "generate",
            "--game-seed",
            "game 1",
            "--level",
            "0",
            "--exact",
        ],
        "--exact",
    );
}

#[test]
fn campaign_daily_writes_the_days_mansions_under_their_level_numbers() {
    let out = scratch("cli-2025-daily").join("daily");
    let table = stdout_of(&[
        "campaign",
        "--daily",
        "2025-09-01",
        "--out",
        out.to_str().expect("UTF-8 path"),
    ]);
    assert!(table.starts_with("Daily run of 2025-09-01\n"), "{table}");
    let picks = daily_run(2025, 9, 1).picks;
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("folder written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = picks.iter().map(|p| format!("level-{p}.ron")).collect();
    want.insert(0, ".mansion-forge-written".into());
    want.push("summary.json".into());
    assert_eq!(names, want);
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("summary.json")).expect("summary"))
            .expect("JSON");
    assert_eq!(summary["run"], "Daily 2025/09/01");
    assert!(summary.get("game_seed").is_none());
}

/// `analyze` and `play` name a 2025 run's mansion as `generate` does: `--game-seed 'game 3'` is the
/// run of `--seed 3 --generator lll2025`, `--daily` the day's mansions; a file beside them, a fourth
/// daily mansion or `--level` alone are refused.
#[test]
fn analyze_and_play_take_a_runs_mansion_as_generate_does() {
    let by_text = stdout_of(&["analyze", "--game-seed", "game 3", "--level", "5"]);
    let by_seed = stdout_of(&[
        "analyze",
        "--seed",
        "3",
        "--generator",
        "lll2025",
        "--level",
        "5",
    ]);
    assert_eq!(by_text, by_seed);
    assert!(by_text.contains("\"rules\":\"2025\""), "{by_text}");
    let moves = ["--moves", "w N"];
    let play_text = stdout_of(
        &[
            &["play", "--game-seed", "game 3", "--level", "5"][..],
            &moves,
        ]
        .concat(),
    );
    let play_seed = stdout_of(
        &[
            &[
                "play",
                "--seed",
                "3",
                "--generator",
                "lll2025",
                "--level",
                "5",
            ][..],
            &moves,
        ]
        .concat(),
    );
    assert_eq!(play_text, play_seed);
    let daily = stdout_of(&["analyze", "--daily", "2025-09-01", "--level", "2"]);
    let entry = daily_run(2025, 9, 1).levels()[2].clone();
    let hash = {
        let build = Build::new(&entry);
        format!("{:08x}", fnv(&build.map, &build.guards, build.start))
    };
    assert!(
        daily.contains(&format!("\"game_hash\":\"{hash}\"")),
        "{daily}"
    );
    assert_refused(
        &["analyze", "--daily", "2025-09-01", "--level", "3"],
        "--level 0 to 2",
    );
    assert_refused(
        &[
            "analyze",
            "presets/default.ron",
            "--game-seed",
            "game 3",
            "--level",
            "5",
        ],
        "without the file",
    );
    assert_refused(&["analyze", "--level", "2"], "--game-seed");
}

/// `generate --trace-draws` prints, after each step, the draws the game's reference vectors list for
/// that mansion (`draws_by_step`, here game 'game 1' and the first daily of the vectors), on stderr;
/// a generator with no game stream is refused in words.
#[test]
fn trace_draws_lists_the_games_draws_step_by_step() {
    let game = &vectors("games.jsonl")[0];
    let daily = &vectors("dailies.jsonl")[0];
    let cases = [
        (
            vec!["--game-seed", "game 1", "--level", "9"],
            &game["levels"][9],
        ),
        (
            vec!["--daily", daily["date"].as_str().unwrap(), "--level", "1"],
            &daily["levels"][1],
        ),
    ];
    for (args, level) in cases {
        let out = run(&[&["generate", "--trace-draws"][..], &args].concat());
        assert!(out.status.success(), "{args:?}");
        assert_eq!(traced_draws(&out), listed_draws(level), "{args:?}");
    }
    assert_refused(
        &["generate", "--seed", "1", "--level", "3", "--trace-draws"],
        "no game's random stream",
    );
}

/// `stats --generator lll2025` prints every figure of the reference statistics by its name, the shared
/// keys it redefines in their place with the game's definition (`loot` counts purses as well as coins),
/// and nothing twice.
#[test]
fn stats_print_every_reference_figure_by_its_name() {
    let reference: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/lll2025-stats.json"
        ))
        .expect("the reference"),
    )
    .expect("JSON");
    let keys: Vec<&str> = reference["figure_keys"]
        .as_array()
        .expect("figure_keys")
        .iter()
        .map(|k| k.as_str().expect("a key"))
        .collect();
    let printed = stdout_of(&["stats", "--games", "1", "--generator", "lll2025"]);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 10, "one line per mansion of game 0");
    for line in lines {
        let object: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(line).expect("a JSON line");
        let occurrences = |key: &str| line.matches(&format!("\"{key}\":")).count();
        for key in &keys {
            assert_eq!(occurrences(key), 1, "{key} once in {line}");
        }
        let n = |key: &str| object[key].as_u64().expect("a count");
        assert_eq!(n("loot"), n("loot_coins") + n("loot_purses"), "{line}");
    }
}

/// Each `stats` line of a 2025 mansion ends with the game's own hash of it: game 1's ten (`--first-seed
/// 1` is 'game 1') are the original's `fnv` of the vectors, level by level.
#[test]
fn stats_lines_carry_the_games_hash() {
    let game = &vectors("games.jsonl")[0];
    assert_eq!(game["seed"], "game 1");
    let printed = stdout_of(&[
        "stats",
        "--games",
        "1",
        "--first-seed",
        "1",
        "--generator",
        "lll2025",
    ]);
    let hashes: Vec<String> = printed
        .lines()
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            object["game_hash"].as_str().expect("a hash").to_string()
        })
        .collect();
    let want: Vec<String> = game["levels"]
        .as_array()
        .expect("levels")
        .iter()
        .map(|l| l["fnv"].as_str().expect("fnv").to_string())
        .collect();
    assert_eq!(hashes, want);
    let siheyuan = stdout_of(&["stats", "--games", "1"]);
    assert!(
        !siheyuan.contains("game_hash"),
        "only a game's generator has one"
    );
    // A hash is no figure to compare: conditions take numbers only.
    assert_refused(
        &[
            "search",
            "--games",
            "1",
            "--generator",
            "lll2025",
            "--where",
            "game_hash == 1",
        ],
        "no such key",
    );
}

/// `export` names a run's mansion as `generate` does: the same level file, and a FILE beside the run is
/// refused.
#[test]
fn export_takes_a_runs_mansion_as_generate_does() {
    let exported = stdout_of(&[
        "export",
        "--game-seed",
        "game 1",
        "--level",
        "7",
        "--out",
        "-",
        "--format",
        "json",
    ]);
    let generated = stdout_of(&[
        "generate",
        "--game-seed",
        "game 1",
        "--level",
        "7",
        "--format",
        "json",
    ]);
    assert_eq!(exported, generated);
    assert_refused(
        &[
            "export",
            "presets/default.ron",
            "--daily",
            "2025-09-01",
            "--level",
            "1",
            "--out",
            "-",
            "--format",
            "json",
        ],
        "without a FILE",
    );
}

/// `--level-seed` names one mansion by the seed string the game gives its level: with the plan's level
/// type and loot as parameters, `generate` prints the game's own hash of every level of the vectors'
/// first two games (their `fnv`, made by the original), the room grid drawn from the string for the
/// type; `analyze` takes it as `generate` does; a string of another form, a `--level` it contradicts
/// and a file beside it are refused.
#[test]
fn a_level_seed_string_names_the_games_mansion() {
    for game in &vectors("games.jsonl")[..2] {
        for level in game["levels"].as_array().expect("levels") {
            let seed = level["level_seed"].as_str().expect("level_seed");
            let level_type = format!("level_type={}", level["type"].as_str().expect("type"));
            let loot = format!("loot={}", level["plan_loot"]);
            let args = [
                "generate",
                "--level-seed",
                seed,
                "--param",
                &level_type,
                "--param",
                &loot,
            ];
            let printed = stdout_of(&args);
            let fnv = level["fnv"].as_str().expect("fnv");
            assert!(
                printed.contains(&format!("game hash {fnv} ")),
                "{args:?}: not the game's hash {fnv}"
            );
        }
    }
    let entry = game_plan("game 3")[5].clone();
    let by_seed = stdout_of(&[
        "analyze",
        "--level-seed",
        &entry.seed,
        "--param",
        &format!("level_type={}", entry.level_type.name()),
        "--param",
        &format!("loot={}", entry.loot),
    ]);
    let by_run = stdout_of(&["analyze", "--game-seed", "game 3", "--level", "5"]);
    assert_eq!(by_seed, by_run);
    assert_refused(
        &["generate", "--level-seed", "lvl10.50"],
        "expected the game's 'lvl'",
    );
    assert_refused(
        &["generate", "--level-seed", &entry.seed, "--level", "2"],
        "is a seed of level 5",
    );
    assert_refused(
        &[
            "analyze",
            "presets/default.ron",
            "--level-seed",
            &entry.seed,
        ],
        "without the file",
    );
    assert_refused(
        &[
            "generate",
            "--level-seed",
            &entry.seed,
            "--generator",
            "siheyuan",
        ],
        "made by --generator lll2025",
    );
}

/// `screenshot` names its mansion as the other commands do: a 2025 run's (here by `--game-seed`, a
/// room selected), a file's; a room the mansion lacks and standard input are refused before any render.
#[test]
fn screenshot_takes_a_runs_mansion_and_a_file() {
    let dir = scratch("screenshot-2025");
    let shot = dir.join("run.png");
    let shot = shot.to_str().expect("UTF-8 path");
    stdout_of(&[
        "screenshot",
        "--game-seed",
        "game 3",
        "--level",
        "5",
        "--select-room",
        "2",
        "--out",
        shot,
    ]);
    let file_shot = dir.join("file.png");
    let file_shot = file_shot.to_str().expect("UTF-8 path");
    stdout_of(&["screenshot", "presets/default.ron", "--out", file_shot]);
    for png in [shot, file_shot] {
        let bytes = std::fs::read(png).expect("the screenshot");
        assert_eq!(&bytes[1..4], b"PNG", "{png}");
    }
    let entry = game_plan("game 3")[5].clone();
    let seed = entry.seed_bits().expect("the game's seed form");
    let rooms = to_level(&Build::new(&entry), seed).rooms.len();
    assert_refused(
        &[
            "screenshot",
            "--game-seed",
            "game 3",
            "--level",
            "5",
            "--select-room",
            "900",
            "--out",
            shot,
        ],
        &format!("rooms 0 to {}", rooms - 1),
    );
    assert_refused(&["screenshot", "-", "--out", shot], "not standard input");
}
