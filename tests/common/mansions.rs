//! A spread of mansions for the tests that check the stealth analysis across generators: campaign
//! levels of several games, seeds of each other generator at levels across 0–9, and the 2025 game's
//! own mansions (its generator follows the game's plan, so its levels come from games and daily runs).

use std::ops::RangeInclusive;

use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan::{self, PlanEntry};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::generate::{Request, Rerolls};
use mansion_forge::model::Level;

/// The campaign's `levels` of `games`, then seeds 1…`seeds` of every generator that does not follow
/// the campaign (seed `s` at level `7s mod 10`), each with a name for failure messages.
pub fn mansions(
    games: RangeInclusive<u64>,
    levels: RangeInclusive<u32>,
    seeds: u64,
) -> Vec<(String, Level)> {
    let mut out = Vec::new();
    for game in games {
        for number in levels.clone() {
            let level = Recipe::campaign_level(game, number)
                .build()
                .expect("builds");
            out.push((format!("game {game} level {number}"), level));
        }
    }
    for kind in registry::all().iter().filter(|k| !k.follows_campaign()) {
        let generator = registry::by_id(kind.id(), &[])
            .expect("a generator")
            .generator();
        for seed in 1..=seeds {
            let request = Request {
                level: (seed as u32 * 7) % 10,
                seed,
                locks: &[],
                rerolls: Rerolls::default(),
            };
            let level = generator.generate(&request).expect("generates");
            out.push((format!("{} seed {seed}", kind.id()), level));
        }
    }
    out
}

/// Levels 1–9 of the 2025 game's runs `'game G'` for `games`, then the three mansions of the daily
/// runs of March 2026 on `days`, each with a name for failure messages.
pub fn mansions_2025(games: RangeInclusive<u32>, days: &[u32]) -> Vec<(String, Level)> {
    let mut entries: Vec<(String, PlanEntry)> = Vec::new();
    for game in games {
        for entry in plan::game_plan(&format!("game {game}")).into_iter().skip(1) {
            entries.push((format!("2025 game {game} level {}", entry.level), entry));
        }
    }
    for &day in days {
        let run = plan::daily_run(2026, 3, day);
        for entry in run.levels() {
            entries.push((format!("{} level {}", run.seed, entry.level), entry.clone()));
        }
    }
    entries
        .into_iter()
        .map(|(name, entry)| {
            let level = recipe_of(&entry)
                .expect("the game's seed")
                .build()
                .expect("builds");
            (name, level)
        })
        .collect()
}
