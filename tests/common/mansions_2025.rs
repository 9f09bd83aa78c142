//! The 2025 game's own mansions for the tests that check the stealth analysis: its generator follows the
//! game's plan, so its levels come from the game's runs (`'game G'`) and its daily runs.

use std::ops::RangeInclusive;

use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan::{self, PlanEntry};
use mansion_forge::model::Level;

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
