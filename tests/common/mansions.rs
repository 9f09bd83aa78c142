//! A spread of mansions for the tests that check the stealth analysis across generators: campaign
//! levels of several games, and seeds of each other generator at levels across 0–9. The 2025 game's own
//! mansions are in `mansions_2025.rs` (its generator follows the game's plan).

use std::ops::RangeInclusive;

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
