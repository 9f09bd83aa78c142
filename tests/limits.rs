//! Every command stays bounded on the costliest levels the limits allow (`tests/common/worst.rs`): the
//! crowd (the most guards and patrol turns, every guard carrying a torch, on an open lit map) and the
//! sprawl (the largest map, the longest routes, 1,000 coins). Each command must finish (a generous hang
//! guard: speed is measured by `benches/limits.rs`) within a few hundred MB of memory, read from the
//! process's own high-water mark. Levels beyond the limits are refused when read.

#[path = "common/worst.rs"]
mod worst;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mansion_forge::io::level_file;
use mansion_forge::model::limits::{MAX_GUARDS, MAX_PATROL_TURNS, MAX_ROUTE_CELLS};
use mansion_forge::model::{Guard, Level, ValidLevel};

/// The most memory a command may hold on a level at the limits.
const MEMORY_BUDGET_KB: u64 = 600 * 1024;
/// A command still running after this long has hung.
const HANG: Duration = Duration::from_mins(10);

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("limits-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The peak resident memory (KB) of a process, from `/proc`; `None` once it has gone.
fn high_water_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `mansion-forge ARGS…` to its end and returns its exit code and the highest memory seen.
fn run_measured(args: &[&str]) -> (Option<i32>, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    let mut peak = 0;
    loop {
        if let Some(kb) = high_water_kb(child.id()) {
            peak = peak.max(kb);
        }
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            return (status.code(), peak);
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            panic!("{args:?} still running after {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Every command that reads a level, on `level`: each finishes, and within the memory budget.
fn every_command_stays_bounded(name: &str, level: &ValidLevel) {
    let dir = scratch(name);
    let file = dir.join(format!("{name}.json"));
    level_file::save(&file, level).expect("saved");
    let mut other = (**level).clone();
    other.guards.pop();
    let other_file = dir.join(format!("{name}-less-one.json"));
    level_file::save(&other_file, &other).expect("saved");
    let (file, other_file) = (file.to_str().unwrap(), other_file.to_str().unwrap());
    let out = |ext: &str| dir.join(format!("out.{ext}")).to_str().unwrap().to_string();
    let (png, tmj, tmx, txt, ron) = (out("png"), out("tmj"), out("tmx"), out("txt"), out("ron"));
    let waits = vec!["w"; 1_000].join(" ");
    let commands: Vec<Vec<&str>> = vec![
        vec!["play", file, "--moves", &waits],
        vec!["play", file, "--rules", "2025", "--moves", &waits],
        vec!["validate", file],
        vec!["analyze", file],
        vec!["export", file, "--out", &png, "--overlay", "all"],
        vec!["export", file, "--out", &tmj],
        vec!["export", file, "--out", &tmx],
        vec!["export", file, "--out", &txt],
        vec!["export", file, "--out", &ron],
        vec!["diff", file, other_file, "--out", &png],
    ];
    each_finishes_within(name, &commands, MEMORY_BUDGET_KB);
}

/// Runs each command of `commands` on `name`: each must exit 0 or 1 and hold under `budget_kb`.
fn each_finishes_within(name: &str, commands: &[Vec<&str>], budget_kb: u64) {
    for args in commands {
        let (code, peak_kb) = run_measured(args);
        assert!(
            matches!(code, Some(0 | 1)),
            "{name}: {args:?} exited {code:?}"
        );
        assert!(
            peak_kb < budget_kb,
            "{name}: {args:?} held {} MB",
            peak_kb / 1024
        );
    }
}

#[test]
fn every_command_stays_bounded_on_the_crowd() {
    every_command_stays_bounded("crowd", &worst::crowd());
}

#[test]
fn every_command_stays_bounded_on_the_sprawl() {
    every_command_stays_bounded("sprawl", &worst::sprawl());
}

/// The most memory a command may hold on a level with an item on every cell (the output alone of an
/// LDtk project of it is 451 MB).
const ITEM_FIELD_BUDGET_KB: u64 = 1024 * 1024;

/// A coin on every free cell of the largest map: the route search, the exports and the pictures (every
/// overlay on, and a diff) each finish within 1 GB (LDtk held 3.7 GB before it wrote its entities one
/// at a time; the route search ran a flood from every coin; the picture with every overlay held 3 GB
/// while it ringed and tagged 258,000 coins the search had not looked at and tessellated every shape
/// at once).
#[test]
fn every_export_stays_bounded_on_a_coin_field() {
    let dir = scratch("coin-field");
    let file = dir.join("coins.json");
    level_file::save(&file, &worst::coin_field()).expect("saved");
    let plain = dir.join("plain.json");
    level_file::save(&plain, &worst::sprawl()).expect("saved");
    let (file, plain) = (file.to_str().unwrap(), plain.to_str().unwrap());
    let out = |ext: &str| dir.join(format!("out.{ext}")).to_str().unwrap().to_string();
    let (png, ldtk, json, tmj) = (out("png"), out("ldtk"), out("json"), out("tmj"));
    let commands: Vec<Vec<&str>> = vec![
        vec!["analyze", file],
        vec!["export", file, "--out", &ldtk],
        vec!["export", file, "--out", &ldtk],
        vec!["export", file, "--out", &json],
        vec!["export", file, "--out", &tmj],
        vec!["export", file, "--out", &png],
        vec!["export", file, "--out", &png, "--overlay", "all"],
        vec!["diff", file, plain, "--out", &png],
    ];
    each_finishes_within("coin field", &commands, ITEM_FIELD_BUDGET_KB);
    assert!(
        !dir.join("out.ldtk.bak").exists(),
        "an export it wrote itself is replaced without a backup"
    );
}

/// The most memory `play` may hold for 65,000 turns on a generated mansion.
const PLAY_BUDGET_KB: u64 = 100 * 1024;

/// A long game holds neither its turns' lines nor a copy of every turn: 65,000 waits on a mansion whose
/// guards never find the thief (game 41's fifth mansion) stay within 100 MB (before, 1.3 GB), and
/// taking turns back still works (`tests/rule_sets.rs`).
#[test]
fn a_long_game_is_played_in_bounded_memory() {
    let waits = vec!["w"; 65_000].join(" ");
    let dir = scratch("long-game");
    let save = dir.join("long.play.ron");
    let args = [
        "play",
        "--seed",
        "41",
        "--level",
        "4",
        "--moves",
        &waits,
        "--save",
        save.to_str().unwrap(),
    ];
    let (code, peak_kb) = run_measured(&args);
    assert_eq!(code, Some(0));
    assert!(peak_kb < PLAY_BUDGET_KB, "held {} MB", peak_kb / 1024);
    let saved = std::fs::read_to_string(&save).expect("the play-through is saved");
    assert!(saved.matches('w').count() >= 65_000, "every move saved");
}

#[test]
fn levels_past_the_patrol_limits_are_refused_in_words() {
    let crowd = worst::crowd().into_level();
    let one_more_guard = |mut level: Level| {
        let guard: Guard = level.guards[0];
        level.guards.push(guard);
        level
    };
    let mut long_route = crowd.clone();
    let cells = long_route.patrols[0].cells.clone();
    while long_route.patrols[0].cells.len() <= MAX_ROUTE_CELLS {
        long_route.patrols[0].cells.extend(cells.iter().rev());
        long_route.patrols[0].cells.extend(&cells);
    }
    let mut fewer = crowd.clone();
    fewer.guards.truncate(MAX_GUARDS / 2);
    fewer.patrols.truncate(MAX_GUARDS / 2);
    // Half the guards, each route walked there and back twice over: the turns pass the limit while
    // the guards and every route stay within theirs.
    let mut too_many_turns = fewer.clone();
    for route in &mut too_many_turns.patrols {
        let there: Vec<_> = route.cells.clone();
        route.cells.extend(there.iter().rev().skip(1));
        route.cells.extend(there.iter().skip(1));
    }
    for (level, expected) in [
        (
            one_more_guard(crowd.clone()),
            format!("more than the {MAX_GUARDS} a level may have"),
        ),
        (
            long_route,
            format!("more than the {MAX_ROUTE_CELLS} a route may have"),
        ),
        (too_many_turns, format!("at most {MAX_PATROL_TURNS}")),
    ] {
        match ValidLevel::new(level) {
            Ok(_) => panic!("accepted past a limit ({expected})"),
            Err(error) => assert!(error.to_string().contains(&expected), "{error}"),
        }
    }
    assert!(ValidLevel::new(fewer).is_ok());
}
