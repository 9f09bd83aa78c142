//! The summary-only stealth analysis (`stealth::summarize`, what `stats --stealth` and `search` print)
//! gives exactly the whole analysis's summary: it skips the least-noticed routes and the routes' paths,
//! which the summary does not count, and nothing else.

use mansion_forge::analysis::stealth;

#[path = "common/mansions.rs"]
mod common_mansions;

use common_mansions::mansions;

/// Campaign games 1–20, levels 0–9, and 10 seeds of each other generator at levels across 0–9.
#[test]
fn the_summary_alone_equals_the_whole_analysis_summary() {
    let levels = mansions(1..=20, 0..=9, 10);
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
