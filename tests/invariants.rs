//! Property tests of the invariants of `siheyuan-mansion.md` §8 over many games, and of determinism.

use mansion_forge::analysis::validate::validate;
use mansion_forge::generate::campaign::{self, CAMPAIGN_LOOT, LEVELS};
use mansion_forge::model::{Item, ItemKind, Level};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Games checked exhaustively (each gives ten levels).
const GAMES: u64 = 1000;

fn violations_of(level: &Level, game: u64) -> Vec<String> {
    validate(level)
        .iter()
        .map(|v| format!("game {game} level {}: {v}", level.level))
        .collect()
}

/// Invariants 1–2: plan sizes by level and the loot split.
fn check_plan(game: u64) {
    let plan = campaign::plan(game);
    assert_eq!(plan.plans.len(), LEVELS);
    for (l, p) in plan.plans.iter().enumerate() {
        let l = l as i32;
        assert!(
            p.rooms_x % 2 == 1 && (3..=9).contains(&p.rooms_x),
            "game {game} L{l}: Rx {}",
            p.rooms_x
        );
        let max_x = [3, 5, 7].get(l as usize).copied().unwrap_or(9);
        assert!(
            p.rooms_x <= max_x,
            "game {game} L{l}: Rx {} above {max_x}",
            p.rooms_x
        );
        let (lo, hi) = match l {
            0 => (2, 2),
            1 => (3, 3),
            _ => (3, 3 + (l - 1).min(4)),
        };
        assert!(
            (lo..=hi).contains(&p.rooms_y),
            "game {game} L{l}: Ry {}",
            p.rooms_y
        );
    }
    let area: i32 = plan.plans.iter().map(|p| p.rooms_x * p.rooms_y).sum();
    for p in &plan.plans[..LEVELS - 1] {
        assert_eq!(p.loot as i32, 100 * p.rooms_x * p.rooms_y / area);
    }
    assert_eq!(
        plan.plans.iter().map(|p| p.loot).sum::<u32>(),
        CAMPAIGN_LOOT
    );
}

#[test]
fn every_level_of_a_thousand_games_keeps_the_invariants() {
    let mut failures = Vec::new();
    for game in 0..GAMES {
        check_plan(game);
        for level in campaign::plan(game).generate_all() {
            failures.extend(violations_of(&level, game));
        }
    }
    assert!(
        failures.is_empty(),
        "{} violations, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn the_same_seed_gives_the_same_level_byte_for_byte() {
    for game in [0u64, 7, 123_456_789, u64::MAX] {
        for l in 0..LEVELS as u32 {
            let a = campaign::plan(game).generate(l).expect("level in range");
            let b = campaign::plan(game).generate(l).expect("level in range");
            let (ja, jb) = (
                serde_json::to_string(&a).expect("json"),
                serde_json::to_string(&b).expect("json"),
            );
            assert_eq!(ja, jb, "game {game} level {l} differs between two runs");
        }
    }
}

#[test]
fn different_seeds_give_different_levels() {
    let a = campaign::plan(1).generate(9).expect("level 9");
    let b = campaign::plan(2).generate(9).expect("level 9");
    assert_ne!(a, b);
}

#[test]
fn the_validator_catches_broken_levels() {
    let level = campaign::plan(3).generate(7).expect("level 7");
    assert!(validate(&level).is_empty());

    let mut unreachable = level.clone();
    let start = unreachable.player_start;
    for n in start.neighbours4() {
        unreachable.set_terrain(n, mansion_forge::model::Terrain::Wall);
    }
    assert!(
        validate(&unreachable).iter().any(|v| v.invariant == 10),
        "walling in the start is caught"
    );

    let mut doubled = level.clone();
    let item = doubled.items[0];
    doubled.items.push(item);
    assert!(
        validate(&doubled).iter().any(|v| v.invariant == 15),
        "two items on one cell are caught"
    );

    // The 2025 game's stacks are legal, the wrong way up they are not.
    let free = level
        .rooms
        .iter()
        .flat_map(|r| r.cells.iter().copied())
        .find(|&c| level.item_at(c).is_none() && level.terrain(c).is_loot_floor())
        .expect("a free floor cell");
    let stacked = |kinds: [ItemKind; 2]| {
        let mut stacked = level.clone();
        for kind in kinds {
            stacked.items.push(Item { kind, cell: free });
        }
        validate(&stacked)
            .iter()
            .filter(|v| v.invariant == 15)
            .count()
    };
    assert_eq!(
        stacked([ItemKind::Chair, ItemKind::Coin]),
        0,
        "a coin on a chair"
    );
    assert_eq!(
        stacked([ItemKind::Table, ItemKind::Health]),
        0,
        "food on a table"
    );
    assert_eq!(
        stacked([ItemKind::Coin, ItemKind::Chair]),
        1,
        "a chair on a coin"
    );
    assert_eq!(stacked([ItemKind::Chair, ItemKind::Chair]), 1, "two chairs");

    let mut asymmetric = level.clone();
    let c = asymmetric.rooms[1].cells[0];
    asymmetric.set_terrain(c, mansion_forge::model::Terrain::Water);
    assert!(
        validate(&asymmetric).iter().any(|v| v.invariant == 6),
        "a broken mirror is caught"
    );

    let mut guardless = level;
    guardless.guards.pop();
    assert!(
        validate(&guardless).iter().any(|v| v.invariant == 21),
        "a missing guard is caught"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(64), ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(game in any::<u64>()) {
        check_plan(game);
        for level in campaign::plan(game).generate_all() {
            let failures = violations_of(&level, game);
            prop_assert!(failures.is_empty(), "{}", failures.join("\n"));
        }
    }
}
