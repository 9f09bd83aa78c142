//! The summary-only stealth analysis (`stealth::summarize`, what `stats --stealth` and `search` print)
//! gives exactly the whole analysis's summary: it skips the least-noticed routes and the routes' paths,
//! which the summary does not count, and nothing else.

use mansion_forge::analysis::stealth;

#[path = "common/mansions.rs"]
mod common_mansions;

#[path = "common/mansions_2025.rs"]
mod common_mansions_2025;

use common_mansions::mansions;
use common_mansions_2025::mansions_2025;
use mansion_forge::analysis::stealth::{Cancel, DEFAULT_HORIZON};
use mansion_forge::play::rule_sets;

/// Campaign games 1–20, levels 0–9, 10 seeds of each other generator at levels across 0–9, and 30 of
/// the 2025 game's own mansions.
#[test]
fn the_summary_alone_equals_the_whole_analysis_summary() {
    let mut levels = mansions(1..=20, 0..=9, 10);
    levels.extend(mansions_2025(1..=3, &[14]));
    assert!(levels.len() >= 260);
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

/// Under the 2025 rules the analysis plays the game on both cores (the frames, then every route in
/// parallel): the figures `stats --stealth` prints are the same run after run, and equal the whole
/// analysis's.
#[test]
fn the_2025_summary_is_the_same_every_run_and_equals_the_whole_analysis() {
    let rules = rule_sets::find("2025").expect("built in");
    let mut ghosts = 0;
    for (name, level) in mansions_2025(1..=2, &[14]) {
        let whole = rules
            .analyse(&level, DEFAULT_HORIZON, &Cancel::new())
            .expect("not cancelled")
            .summary;
        let (first, again) = (
            rules.summarize(&level).expect("analysed"),
            rules.summarize(&level).expect("analysed"),
        );
        let json = |s| serde_json::to_string(s).expect("JSON");
        assert_eq!(json(&first), json(&whole), "{name}");
        assert_eq!(json(&again), json(&whole), "{name}");
        ghosts += whole.loot_ghost;
    }
    assert!(ghosts > 100, "{ghosts}");
}
