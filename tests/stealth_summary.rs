//! The summary-only stealth analysis (`stealth::summarize`, what `stats --stealth` and `search` print)
//! gives exactly the whole analysis's summary: it skips the least-noticed routes and the routes' paths,
//! which the summary does not count, and nothing else.

use mansion_forge::analysis::stealth;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::generate::{Request, Rerolls};
use mansion_forge::model::Level;

/// Campaign games 1–20, levels 0–9, and 10 seeds of each other generator at levels across 0–9.
fn mansions() -> Vec<(String, Level)> {
    let mut out = Vec::new();
    for game in 1..=20 {
        for number in 0..=9 {
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
        for seed in 1..=10u64 {
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

#[test]
fn the_summary_alone_equals_the_whole_analysis_summary() {
    let levels = mansions();
    assert!(levels.len() >= 230);
    let mut ghosts = 0;
    for (name, level) in &levels {
        let full = stealth::analyze(level);
        // Compared bit for bit, as `stats` prints them.
        let (whole, alone) = (
            serde_json::to_string(&full.summary).expect("JSON"),
            serde_json::to_string(&stealth::summarize(level)).expect("JSON"),
        );
        assert_eq!(alone, whole, "{name}");
        ghosts += full.summary.loot_ghost;
    }
    assert!(ghosts > 1000, "{ghosts}");
}
