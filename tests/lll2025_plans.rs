//! The 2025 generator's campaign plans and daily runs equal the game's, from the vectors the original
//! made (`tests/data/lll2025-exact/`, see its README): every date of 2025–2026, and the plans behind the
//! 20 normal games, the 40 daily runs with maps and the two games whose level seeds print in exponent form.

use mansion_forge::generate::lll2025::plan::{PlanEntry, game_plan};
use serde_json::Value;

#[path = "common/lll2025_vectors.rs"]
mod vectors;

use vectors::{records, run_of};

/// A plan entry written as the daily-plans file writes it: `[L, type, rooms_x, rooms_y, loot, seed]`.
fn as_row(entry: &PlanEntry) -> Value {
    serde_json::json!([
        entry.level,
        entry.level_type.name(),
        entry.rooms_x,
        entry.rooms_y,
        entry.loot,
        entry.seed
    ])
}

/// A vector level's plan fields, next to ours for the same plan index.
fn check_level(what: &str, level: &Value, plan: &[PlanEntry]) {
    let entry = &plan[level["index"].as_u64().expect("an index") as usize];
    let ours = serde_json::json!({
        "type": entry.level_type.name(),
        "rooms_x": entry.rooms_x,
        "rooms_y": entry.rooms_y,
        "plan_loot": entry.loot,
        "level_seed": entry.seed,
    });
    for key in ["type", "rooms_x", "rooms_y", "plan_loot", "level_seed"] {
        assert_eq!(
            ours[key], level[key],
            "{what} level {}: {key}",
            level["index"]
        );
    }
}

#[test]
fn every_daily_plan_of_2025_and_2026_equals_the_games() {
    let days = records("daily-plans-2025-2026.jsonl");
    assert_eq!(days.len(), 730);
    for day in &days {
        let text = day["date"].as_str().expect("a date");
        let run = run_of(text);
        assert_eq!(run.seed, day["seed"], "{text}");
        let plan: Vec<Value> = run.plan.iter().map(as_row).collect();
        assert_eq!(Value::from(plan), day["plan"], "{text}");
        assert_eq!(serde_json::json!(run.picks), day["picks"], "{text}");
    }
}

#[test]
fn the_normal_games_plans_equal_the_games() {
    let games = records("games.jsonl");
    assert_eq!(games.len(), 20);
    for game in &games {
        let seed = game["seed"].as_str().expect("a seed");
        let plan = game_plan(seed);
        let levels = game["levels"].as_array().expect("levels");
        assert_eq!(levels.len(), 10);
        for level in levels {
            check_level(seed, level, &plan);
        }
    }
}

#[test]
fn level_seeds_in_exponent_form_are_spelt_as_javascript_does() {
    let games = records("games-exponent-seeds.jsonl");
    let mut exponents = Vec::new();
    for game in &games {
        let seed = game["seed"].as_str().expect("a seed");
        let plan = game_plan(seed);
        for level in game["levels"].as_array().expect("levels") {
            check_level(seed, level, &plan);
        }
        exponents.extend(plan.into_iter().map(|p| p.seed).filter(|s| s.contains('e')));
    }
    assert_eq!(
        exponents,
        ["lvl92.3302182228671586e-7", "lvl51.569270211465122e-7"]
    );
}

#[test]
fn the_daily_runs_with_maps_play_the_games_picks() {
    let days = records("dailies.jsonl");
    assert_eq!(days.len(), 40);
    for day in &days {
        let text = day["date"].as_str().expect("a date");
        let run = run_of(text);
        let levels = day["levels"].as_array().expect("levels");
        let picked: Vec<u64> = levels
            .iter()
            .map(|l| l["index"].as_u64().expect("an index"))
            .collect();
        assert_eq!(picked, run.picks.map(|i| i as u64), "{text}");
        for level in levels {
            check_level(text, level, &run.plan);
        }
    }
}
