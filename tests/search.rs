//! `search` and `stats --jobs`: every printed line meets every condition, `search` prints exactly the
//! `stats` lines that meet them, the output does not depend on the number of threads, and bad
//! conditions are input errors that say what is wrong.

use std::process::Output;

use serde_json::{Map, Value};

#[path = "common/cli.rs"]
mod cli;
use cli::run;

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

fn lines(text: &str) -> Vec<Map<String, Value>> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect()
}

/// The conditions written out by hand, independent of the program's parser.
fn meets(line: &Map<String, Value>, key: &str, test: impl Fn(f64) -> bool) -> bool {
    line.get(key).and_then(Value::as_f64).is_some_and(test)
}

#[test]
#[expect(
    clippy::float_cmp,
    reason = "`rooms != 12` is exact in the program too, and a room count is exact in f64"
)]
fn search_prints_exactly_the_stats_lines_that_meet_every_condition() {
    type Check = fn(&Map<String, Value>) -> bool;
    let cases: [(&[&str], &[&str], Check); 3] = [
        (&[], &["rooms >= 30", "guards<=6"], |l| {
            meets(l, "rooms", |v| v >= 30.0) && meets(l, "guards", |v| v <= 6.0)
        }),
        (
            &["--generator", "packed-mansion"],
            &["hole_fraction > 0", "rooms != 12"],
            |l| meets(l, "hole_fraction", |v| v > 0.0) && meets(l, "rooms", |v| v != 12.0),
        ),
        (
            &["--generator", "tile-growth", "--stealth"],
            &["loot_ghost < 3", "fill >= 0.5"],
            |l| meets(l, "loot_ghost", |v| v < 3.0) && meets(l, "fill", |v| v >= 0.5),
        ),
    ];
    for (generator, conditions, check) in cases {
        let mut stats_args = vec!["stats", "--games", "12", "--first-seed", "40"];
        stats_args.extend(generator);
        let all = stdout(&run(&stats_args));
        let expected: Vec<&str> = all
            .lines()
            .filter(|l| check(&serde_json::from_str(l).expect("JSON")))
            .collect();
        let mut search_args = stats_args.clone();
        search_args[0] = "search";
        for c in conditions {
            search_args.extend(["--where", c]);
        }
        let found = stdout(&run(&search_args));
        let found: Vec<&str> = found.lines().collect();
        assert!(!found.is_empty(), "{conditions:?} finds something");
        assert!(
            found.len() < all.lines().count(),
            "{conditions:?} leaves some out"
        );
        assert_eq!(found, expected, "{generator:?} {conditions:?}");
        for line in lines(&found.join("\n")) {
            assert!(check(&line));
        }
    }
}

#[test]
fn the_output_is_the_same_on_one_thread_and_on_four() {
    for command in ["stats", "search"] {
        let mut args = vec![command, "--games", "40", "--first-seed", "7"];
        if command == "search" {
            args.extend(["--where", "dead_ends >= 2"]);
        }
        let one = stdout(&run(&[&args[..], &["--jobs", "1"]].concat()));
        let four = stdout(&run(&[&args[..], &["--jobs", "4"]].concat()));
        assert!(!one.is_empty());
        assert_eq!(one, four, "{command}");
    }
    let plain = stdout(&run(&["stats", "--games", "3"]));
    assert_eq!(plain.lines().count(), 30);
}

#[test]
fn limit_keeps_the_first_matches_in_seed_and_level_order() {
    let all = stdout(&run(&[
        "search",
        "--games",
        "30",
        "--where",
        "windows > 20",
    ]));
    let first = stdout(&run(&[
        "search",
        "--games",
        "30",
        "--where",
        "windows > 20",
        "--limit",
        "4",
    ]));
    assert!(all.lines().count() > 4);
    let expected: Vec<&str> = all.lines().take(4).collect();
    assert_eq!(first.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn bad_conditions_are_input_errors_that_say_what_is_wrong() {
    let cases: [(&[&str], &str); 4] = [
        (&["--where", "roms > 3"], "no such key"),
        (&["--where", "rooms = 3"], "expected KEY OP VALUE"),
        (&["--where", "rooms > lots"], "is not a number"),
        (&["--where", "watched_share < 0.1"], "add --stealth"),
    ];
    for (extra, message) in cases {
        let out = run(&[&["search", "--games", "2"][..], extra].concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{extra:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    let unknown = run(&["search", "--games", "2", "--where", "roms > 3"]);
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("rooms"),
        "lists the keys"
    );
}
