//! Which rules a level is played and analysed under is never a secret: a level's rules come with its
//! generator, can be chosen (`--rules`), and every output names them. A game under way is a
//! `play::Session` whatever its rules: moves taken back and games copied give the same game again, and
//! a play-through names its rules and replays under them.

use std::path::Path;

use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::io::playthrough::{self, PlayThrough};
use mansion_forge::model::Level;
use mansion_forge::play::{Move, Session, parse_moves, rule_sets};
use serde_json::Value;

#[path = "common/cli.rs"]
mod cli;
use cli::{run, scratch, stderr};

/// Level `level` of game `seed` made by generator `id`.
fn level_of(id: &str, seed: u64, level: u32) -> Level {
    let kind = registry::find(id).expect("a built-in generator");
    Recipe::for_game(&kind.defaults(), seed, level)
        .build()
        .expect("the mansion builds")
}

/// The last line of `out`'s stdout, parsed.
fn last_line(out: &std::process::Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    serde_json::from_str(text.lines().last().expect("a line")).expect("JSON")
}

#[test]
fn a_levels_rules_come_with_its_generator() {
    let ids: Vec<&str> = rule_sets::all().iter().map(|r| r.id()).collect();
    assert_eq!(ids, ["2023", "2025"]);
    assert_eq!(
        rule_sets::of_level(&level_of("lll2025", 101, 3)).id(),
        "2025"
    );
    for id in ["siheyuan", "tile_growth", "packed_mansion", "rogue_grid"] {
        assert_eq!(
            rule_sets::of_level(&level_of(id, 101, 3)).id(),
            "2023",
            "{id}"
        );
    }
    let level = level_of("siheyuan", 1, 2);
    assert_eq!(
        rule_sets::chosen(Some("2025"), &level).map(mansion_forge::play::RuleSet::id),
        Ok("2025")
    );
    let unknown = rule_sets::chosen(Some("1999"), &level)
        .err()
        .expect("no rules 1999");
    assert!(unknown.contains("2023, 2025"), "{unknown}");
}

#[test]
fn the_analysis_follows_a_levels_own_rules_unless_others_are_chosen() {
    let own_2025 = level_of("lll2025", 101, 3);
    let (rules, note) = rule_sets::for_analysis(None, &own_2025).expect("modelled");
    assert_eq!((rules.id(), note), ("2025", None));
    let (rules, note) = rule_sets::for_analysis(Some("2023"), &own_2025).expect("modelled");
    assert_eq!((rules.id(), note), ("2023", None));
    let unknown = rule_sets::for_analysis(Some("1999"), &own_2025).err();
    assert!(unknown.is_some_and(|why| why.contains("2023, 2025")));
    let siheyuan = level_of("siheyuan", 1, 2);
    let (rules, note) = rule_sets::for_analysis(None, &siheyuan).expect("modelled");
    assert_eq!((rules.id(), note), ("2023", None));
}

/// Plays `moves` and returns the session and the snapshot after every move that passed a turn.
fn played(level: &Level, rules: &str, moves: &[Move]) -> Box<dyn Session> {
    let rules = rule_sets::find(rules).expect("built in");
    let mut game = rules.start(level.clone(), 7, level.player_start, 0);
    for &mv in moves {
        _ = game.play(mv);
    }
    game
}

/// A long game's moves: a fixed walk of steps, leaps and waits (the same every run).
fn long_walk(n: usize) -> Vec<Move> {
    const TOKENS: [&str; 9] = ["w", "N", "E", "S", "W", "L:N", "L:E", "L:S", "L:W"];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let token = if x.is_multiple_of(3) {
                "w"
            } else {
                TOKENS[(x % 9) as usize]
            };
            parse_moves(token).expect("a move")[0]
        })
        .collect()
}

/// Taking back every turn of a long game, one by one, gives the game as it stood after each: the game
/// keeps copies of only a few turns (a bounded number, however long the game) and plays the rest
/// again from the nearest, so a step back far from a copy is checked here as well as one next to it.
#[test]
fn every_turn_of_a_long_game_is_taken_back_exactly_under_both_rules() {
    for (generator, rules, level_no) in [("siheyuan", "2023", 4), ("lll2025", "2025", 3)] {
        let level = level_of(generator, 41, level_no);
        let rules = rule_sets::find(rules).expect("built in");
        let mut game = rules.start(level.clone(), 7, level.player_start, 0);
        let mut seen = vec![game.snapshot()];
        for mv in long_walk(400) {
            if game.play(mv).is_ok() {
                seen.push(game.snapshot());
            }
        }
        assert!(seen.len() > 100, "{generator}: {} turns passed", seen.len());
        let mut copy = game.boxed_clone();
        let before_last = seen[seen.len() - 2].clone();
        while game.step_back() {
            seen.pop();
            let expected = seen.last().expect("the start is never taken back");
            assert_eq!(
                &game.snapshot(),
                expected,
                "{generator}: turn {}",
                expected.turn
            );
        }
        assert_eq!(seen.len(), 1, "{generator}: every turn taken back");
        // A copy made before still holds the whole game, its copies of earlier turns included.
        assert!(copy.step_back());
        assert_eq!(copy.snapshot(), before_last, "{generator}: the copy");
    }
}

#[test]
fn a_2025_game_takes_moves_back_and_copies_itself_exactly() {
    let level = level_of("lll2025", 101, 3);
    let moves = parse_moves("w w L:N N N L:N w E E L:E W w w").expect("moves");
    let mut game = played(&level, "2025", &moves);
    assert_eq!(game.rules().id(), "2025");
    let copy = game.boxed_clone();
    assert_eq!(copy.snapshot(), game.snapshot());
    assert_eq!(copy.moves(), game.moves());
    // Taking back the last turn gives the game as it was one turn earlier, played afresh.
    let turns = game.snapshot().turn;
    assert!(turns > 2, "the moves pass turns ({turns})");
    assert!(game.step_back());
    assert_eq!(game.snapshot().turn, turns - 1);
    let again = played(&level, "2025", game.moves());
    assert_eq!(again.snapshot(), game.snapshot());
    game.restart();
    assert_eq!(game.snapshot(), played(&level, "2025", &[]).snapshot());
    assert!(!game.step_back(), "nothing to take back at the start");
}

#[test]
fn play_names_its_rules_and_takes_others() {
    let own = last_line(&run(&[
        "play",
        "--generator",
        "lll2025",
        "--seed",
        "101",
        "--level",
        "3",
        "--moves",
        "w w",
    ]));
    assert_eq!(own["summary"]["rules"], "2025");
    let chosen = last_line(&run(&[
        "play",
        "--generator",
        "lll2025",
        "--seed",
        "101",
        "--level",
        "3",
        "--moves",
        "w w",
        "--rules",
        "2023",
    ]));
    assert_eq!(chosen["summary"]["rules"], "2023");
    let siheyuan = last_line(&run(&[
        "play", "--seed", "1", "--level", "2", "--moves", "w",
    ]));
    assert_eq!(siheyuan["summary"]["rules"], "2023");
    let bad = run(&[
        "play", "--seed", "1", "--level", "2", "--moves", "w", "--rules", "1999",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("2023, 2025"), "{}", stderr(&bad));
}

#[test]
fn analyze_names_the_rules_it_followed() {
    let out = run(&[
        "analyze",
        "--generator",
        "lll2025",
        "--seed",
        "101",
        "--level",
        "3",
    ]);
    let report = last_line(&out);
    assert_eq!(report["rules"], "2025");
    assert!(!stderr(&out).contains("note"), "{}", stderr(&out));
    let chosen = last_line(&run(&[
        "analyze",
        "--generator",
        "lll2025",
        "--seed",
        "101",
        "--level",
        "3",
        "--rules",
        "2023",
    ]));
    assert_eq!(chosen["rules"], "2023");
    let refused = run(&[
        "analyze",
        "--generator",
        "lll2025",
        "--seed",
        "101",
        "--level",
        "3",
        "--rules",
        "1999",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let siheyuan = last_line(&run(&["analyze", "--seed", "1", "--level", "2"]));
    assert_eq!(siheyuan["rules"], "2023");
}

#[test]
fn stats_name_the_rules_of_the_stealth_columns() {
    let out = run(&[
        "stats",
        "--generator",
        "lll2025",
        "--games",
        "1",
        "--stealth",
        "--jobs",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["rules"], "2025", "{line}");
    }
    let chosen = run(&[
        "stats",
        "--games",
        "1",
        "--stealth",
        "--rules",
        "2023",
        "--jobs",
        "1",
    ]);
    assert_eq!(chosen.status.code(), Some(0), "{}", stderr(&chosen));
    let refused = run(&[
        "search",
        "--games",
        "1",
        "--stealth",
        "--rules",
        "1999",
        "--where",
        "rooms > 1",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--rules"), "{}", stderr(&refused));
}

#[test]
fn a_play_through_names_its_rules_and_replays_under_them() {
    let level = level_of("lll2025", 101, 3);
    let moves = parse_moves("w L:N N w E").expect("moves");
    let game = played(&level, "2025", &moves);
    let dir = scratch("rule-sets-playthrough");
    let path = dir.join("game.play.ron");
    playthrough::write(&path, &PlayThrough::of(game.as_ref())).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read back");
    assert!(text.contains("rules: \"2025\""), "{text}");
    let checked = playthrough::read(&path).expect("parsed");
    assert_eq!(checked.rules.id(), "2025");
    let replayed = checked.replay(&level).expect("same level");
    assert_eq!(replayed.snapshot(), game.snapshot());
    let other = text.replace("rules: \"2025\"", "rules: \"1999\"");
    let err = playthrough::parse(&other, Path::new("other.play.ron"))
        .err()
        .expect("unknown rules refused");
    assert!(err.to_string().contains("2023, 2025"), "{err}");
}

/// The quick questions a simulated thief asks every turn (`Session::thief`, `has_taken`, `has_seen`,
/// `fully_mapped`) answer as the whole snapshot does, under both rule sets; and a reseeded game is the
/// game a fresh start with that seed plays.
#[test]
fn quick_questions_agree_with_the_snapshot_and_a_reseeded_game_with_a_fresh_one() {
    for (id, generator) in [("2023", "siheyuan"), ("2025", "lll2025")] {
        let level = level_of(generator, 3, 4);
        let rules = rule_sets::find(id).expect("rules");
        let start = level.player_start;
        let mut game = rules.start(level.clone(), 5, start, 0);
        let moves = parse_moves("L:N N N E E w W W N N L:E S S w w").expect("moves");
        let shape = level.shape();
        for mv in moves {
            let _ = game.play(mv);
            let now = game.snapshot();
            assert_eq!(game.thief(), now.thief, "{id}");
            assert_eq!(game.fully_mapped(), now.fully_mapped, "{id}");
            for i in 0..shape.len() {
                let c = shape.cell(i);
                assert_eq!(game.has_seen(c), now.seen.contains(c), "{id} {c:?}");
                assert_eq!(game.has_taken(c), now.taken.contains(&c), "{id} {c:?}");
            }
        }
        let mut fresh = rules.start(level.clone(), 9, start, 0);
        let mut reseeded = game.reseeded(9);
        for mv in parse_moves("L:N N w w w E w w").expect("moves") {
            assert_eq!(fresh.play(mv), reseeded.play(mv), "{id}");
        }
        assert_eq!(fresh.snapshot(), reseeded.snapshot(), "{id}");
    }
}
