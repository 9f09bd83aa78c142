//! The simulated playtesters (issue 45) against what must hold whatever the bots' tuning: the ghost is
//! never caught where the analysis found ghost routes; with no guard every bot takes all the loot; a
//! guard posted at the only way in catches the greedy thief nearly every run; figures repeat for the
//! same seeds and hold within their intervals for other seeds; and across 100 campaigns the mansions
//! get harder with the level.

use mansion_forge::analysis::stealth::Cancel;
use mansion_forge::edit::Edit;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, ItemKind, Level, Terrain};
use mansion_forge::play::rule_sets;
use mansion_forge::playtest::{Bot, Course, Plan, Report, playtest, run};

#[path = "common/mansions.rs"]
mod common_mansions;

fn course(level: &Level) -> Course {
    Course::new(level.clone(), rule_sets::of_level(level))
}

fn report(level: &Level, plan: &Plan) -> Report {
    playtest(&course(level), plan, &Cancel::new(), &|_| {}).expect("not cancelled")
}

fn coins(level: &Level) -> usize {
    level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .count()
}

#[test]
fn the_ghost_is_never_caught_where_there_are_ghost_routes() {
    let mut played = 0;
    for (name, level) in common_mansions::mansions(1..=6, 1..=9, 3) {
        let course = course(&level);
        let routes = course.routes(&Cancel::new()).expect("not cancelled");
        if !routes.iter().any(|r| r.ghost) {
            continue;
        }
        for seed in 1..=4 {
            let (_, result) = run(&course, &Bot::Ghost.spec(), seed, 1500, &Cancel::new())
                .expect("a ghost with routes plays");
            assert!(!result.caught, "{name}, seed {seed}: {result:?}");
            assert!(!result.seen, "{name}, seed {seed}: {result:?}");
            assert!(result.loot >= 1, "{name}, seed {seed}: {result:?}");
            played += 1;
        }
    }
    assert!(played >= 200, "only {played} ghost runs");
}

#[test]
fn with_no_guard_every_bot_takes_all_the_loot() {
    for game in 1..=5 {
        let level = Recipe::campaign_level(game, 0).build().expect("builds");
        assert!(level.guards.is_empty(), "mansion 0 has no guard");
        let report = report(&level, &Plan::every_bot(3));
        assert_eq!(report.tallies.len(), Bot::ALL.len());
        for tally in &report.tallies {
            assert_eq!(tally.runs, 3, "game {game}, {}", tally.spec);
            assert_eq!(
                (tally.caught, tally.seen),
                (0, 0),
                "game {game}, {}",
                tally.spec
            );
            assert_eq!(
                tally.loot,
                3 * coins(&level),
                "game {game}, {}: every run takes every coin",
                tally.spec
            );
        }
    }
}

/// The cell `k` cells on from the player start through the front door's portcullis.
fn through_the_door(level: &Level, k: i32) -> Cell {
    let start = level.player_start;
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .find_map(|(dx, dy)| {
            let door = start.offset(dx, dy);
            matches!(level.terrain(door), Terrain::Portcullis(_))
                .then(|| start.offset(k * dx, k * dy))
        })
        .expect("the player starts before a portcullis")
}

/// Game 3's first mansion is entered by a corridor: a guard posted in it, five cells in from the
/// player start, faces whoever comes through the only door. (Where the way in opens into a room, a
/// greedy thief leaps past a lone guard with a hit or two to spare: under the 2023 rules one guard
/// rarely brings five health down, and the playtest says so.)
#[test]
fn a_guard_at_the_only_way_in_catches_the_greedy_thief() {
    let level = Recipe::campaign_level(3, 0).build().expect("builds");
    let plan = Plan {
        bots: vec![Bot::Greedy.spec()],
        ..Plan::every_bot(40)
    };
    let free = report(&level, &plan);
    assert_eq!(free.tallies[0].caught, 0, "no guard, no catch");

    let post = through_the_door(&level, 5);
    let mut guarded = level.clone();
    Edit::AddGuard { cell: post }
        .apply(&mut guarded)
        .expect("a guard is posted");
    let report = report(&guarded, &plan);
    let greedy = &report.tallies[0];
    assert!(
        greedy.caught_share().share >= 0.9,
        "{:?}",
        greedy.caught_share()
    );
    assert_eq!(greedy.seen, greedy.runs, "seen in every run");
    // The heat maps count each run once: where it was first seen, where it was caught.
    let (first_seen, caught_at) = report.heat().expect("a tally");
    let sum = |grid: &mansion_forge::model::Grid<u32>| grid.values().iter().sum::<u32>() as usize;
    assert_eq!(sum(&caught_at), greedy.caught);
    assert_eq!(sum(&first_seen), greedy.seen);
}

#[test]
fn figures_repeat_for_the_same_seeds_and_hold_for_others() {
    let level = Recipe::campaign_level(2, 4).build().expect("builds");
    let plan = Plan::every_bot(60);
    let first = report(&level, &plan);
    assert_eq!(
        first,
        report(&level, &plan),
        "the same seeds, the same figures"
    );
    let others = report(
        &level,
        &Plan {
            first_seed: 10_001,
            ..plan
        },
    );
    for (a, b) in first.tallies.iter().zip(&others.tallies) {
        let (a, b) = (a.caught_share(), b.caught_share());
        assert!(
            a.low <= b.high && b.low <= a.high,
            "{a:?} and {b:?}: the intervals of two sets of seeds overlap"
        );
    }
}

#[test]
fn mansions_get_harder_with_the_level_over_a_hundred_campaigns() {
    let plan = Plan {
        bots: vec![
            Bot::Greedy.spec(),
            Bot::Cautious.spec(),
            Bot::Speedrunner.spec(),
        ],
        ..Plan::every_bot(1)
    };
    let mut sums = [0.0; 10];
    for game in 1..=100 {
        for (level, sum) in sums.iter_mut().enumerate() {
            let mansion = Recipe::campaign_level(game, level as u32)
                .build()
                .expect("builds");
            *sum += report(&mansion, &plan).difficulty().expect("runs");
        }
    }
    let curve: Vec<f64> = sums.iter().map(|s| s / 100.0).collect();
    eprintln!("difficulty by level over 100 campaigns: {curve:.2?}");
    let early: f64 = curve[1..=3].iter().sum::<f64>() / 3.0;
    let late: f64 = curve[7..=9].iter().sum::<f64>() / 3.0;
    assert!(
        late > early,
        "levels 7–9 ({late:.2}) harder than 1–3 ({early:.2})"
    );
    assert!(curve[0] < curve[9], "{curve:.2?}");
}
