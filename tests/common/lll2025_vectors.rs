//! The 2025 generator's test vectors (`tests/data/lll2025-exact/`, see its README), read once for the
//! tests that use them: the vector files' records, the runs of their dates, and every vector level with
//! its name and our plan entry for it.

#![allow(
    dead_code,
    reason = "each test crate that includes this module uses only some of it"
)]

use mansion_forge::generate::lll2025::plan::{DailyRun, PlanEntry, daily_run, game_plan};
use serde_json::Value;

/// The lines of one vector file, parsed.
pub fn records(file: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/data/lll2025-exact/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// A `YYYY-MM-DD` date as numbers.
pub fn date(text: &str) -> (u32, u32, u32) {
    let parts: Vec<u32> = text
        .split('-')
        .map(|p| p.parse().expect("a number"))
        .collect();
    (parts[0], parts[1], parts[2])
}

/// The daily run of a vectors' date.
pub fn run_of(text: &str) -> DailyRun {
    let (y, m, d) = date(text);
    daily_run(y, m, d)
}

/// Every vector level — the games' (normal and exponent-seed) then the dailies' — named `"<seed> L<i>"`
/// or `"<date> L<i>"`, with our plan entry for it and the vector's record of the level.
pub fn vector_levels() -> Vec<(String, PlanEntry, Value)> {
    let mut out = Vec::new();
    for file in ["games.jsonl", "games-exponent-seeds.jsonl"] {
        for game in records(file) {
            let seed = game["seed"].as_str().expect("a seed").to_string();
            let plan = game_plan(&seed);
            for level in game["levels"].as_array().expect("levels") {
                let i = level["index"].as_u64().expect("an index") as usize;
                out.push((format!("{seed} L{i}"), plan[i].clone(), level.clone()));
            }
        }
    }
    for day in records("dailies.jsonl") {
        let date = day["date"].as_str().expect("a date");
        let run = run_of(date);
        for level in day["levels"].as_array().expect("levels") {
            let i = level["index"].as_u64().expect("an index") as usize;
            out.push((format!("{date} L{i}"), run.plan[i].clone(), level.clone()));
        }
    }
    out
}

/// Every plan entry the vectors cover, named as in [`vector_levels`].
pub fn vector_plans() -> Vec<(String, PlanEntry)> {
    vector_levels()
        .into_iter()
        .map(|(name, plan, _)| (name, plan))
        .collect()
}
