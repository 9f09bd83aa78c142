//! The 2025 generator's figures against the original's measured statistics (`lll-2025-mansion.md` §12,
//! `tests/data/lll2025-stats.json`, provenance in `tests/data/README.md`): the mansions of 'game 1' …
//! 'game N', all ten levels each, measured as `stats --generator lll2025` measures them (the
//! generator's declared figures, `generate::lll2025::figures`).
//!
//! - `the_first_2000_games_figures_equal_the_reference` builds the very mansions the reference
//!   measured (some 5 s in release), so every figure's mean, sd, min and max per level must equal the
//!   reference to its four decimals.
//! - `the_first_200_games_figures_lie_within_sampling_error` is the fast check: each mean within
//!   `4·sd/√200` of the reference's and every value within the reference's range.

use std::collections::BTreeMap;

use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan::{LEVELS, game_plan};
use serde_json::Value;

/// Figures computed that still differ from the reference (over games 1–2000), each with what is known
/// of why; the ignored test fails if one of them starts to match or another starts to differ.
const KNOWN_MISMATCHES: &[(&str, &str)] = &[];

/// The reference statistics.
fn reference() -> Value {
    let path = format!(
        "{}/tests/data/lll2025-stats.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("the reference is JSON")
}

/// One figure's values over the games of one level.
#[derive(Default)]
struct Sample(Vec<f64>);

impl Sample {
    fn mean(&self) -> f64 {
        self.0.iter().sum::<f64>() / self.0.len() as f64
    }
    /// The sample standard deviation (n − 1): the reference's, found by matching (the population sd
    /// differs in the fourth decimal for most figures).
    fn sd(&self) -> f64 {
        let mean = self.mean();
        (self.0.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (self.0.len() - 1) as f64).sqrt()
    }
    fn min(&self) -> f64 {
        self.0.iter().copied().fold(f64::INFINITY, f64::min)
    }
    fn max(&self) -> f64 {
        self.0.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Per level, per figure key, the values over games 1…`games`.
fn measure(games: usize) -> Vec<BTreeMap<&'static str, Sample>> {
    let per_game = |g: usize| -> Vec<BTreeMap<&'static str, f64>> {
        game_plan(&format!("game {g}"))
            .iter()
            .map(|entry| {
                let recipe = recipe_of(entry).expect("the game's seed");
                // As `stats` measures them: the figures of the build that made the level.
                recipe
                    .build_with_figures()
                    .expect("builds")
                    .1
                    .0
                    .into_iter()
                    .map(|(key, figure)| (key, figure.number()))
                    .collect()
            })
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunks: Vec<Vec<Vec<BTreeMap<&'static str, f64>>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (1..=games)
                        .filter(|g| g % threads == t)
                        .map(per_game)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker"))
            .collect()
    });
    let mut out: Vec<BTreeMap<&'static str, Sample>> =
        (0..LEVELS).map(|_| BTreeMap::new()).collect();
    for game in chunks.into_iter().flatten() {
        for (level, figs) in game.into_iter().enumerate() {
            for (key, value) in figs {
                out[level].entry(key).or_default().0.push(value);
            }
        }
    }
    out
}

/// The reference's keys, checking that the generator measures every one.
fn checked_keys(reference: &Value, sample: &BTreeMap<&'static str, Sample>) -> Vec<String> {
    let keys: Vec<String> = reference["figure_keys"]
        .as_array()
        .expect("figure_keys")
        .iter()
        .map(|k| k.as_str().expect("a key").to_string())
        .collect();
    assert_eq!(keys.len(), 112, "the reference's figures");
    for k in &keys {
        assert!(sample.contains_key(k.as_str()), "figure {k} not measured");
    }
    keys
}

/// Whether our value equals the reference's four decimals (either rounding of a half).
fn equal4(ours: f64, theirs: f64) -> bool {
    (ours - theirs).abs() <= 0.5e-4 + 1e-9
}

#[test]
fn the_first_2000_games_figures_equal_the_reference() {
    let reference = reference();
    let measured = measure(2000);
    let keys = checked_keys(&reference, &measured[0]);
    let mut matching = Vec::new();
    let mut differing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for key in &keys {
        for (level, sample) in measured.iter().enumerate() {
            let theirs = &reference["per_level"][level.to_string()]["figures"][key.as_str()];
            let sample = &sample[key.as_str()];
            for (stat, ours) in [
                ("mean", sample.mean()),
                ("sd", sample.sd()),
                ("min", sample.min()),
                ("max", sample.max()),
            ] {
                let want = theirs[stat].as_f64().expect("a number");
                if !equal4(ours, want) {
                    differing
                        .entry(key.clone())
                        .or_default()
                        .push(format!("L{level} {stat} {ours:.4} ≠ {want}"));
                }
            }
        }
        if !differing.contains_key(key) {
            matching.push(key.clone());
        }
    }
    println!(
        "{} figures equal the reference at every level: {}",
        matching.len(),
        matching.join(", ")
    );
    for (key, lines) in &differing {
        println!("{key}: {} of 40 differ: {}", lines.len(), lines.join("; "));
    }
    let unexpected: Vec<&String> = differing
        .keys()
        .filter(|k| !KNOWN_MISMATCHES.iter().any(|(m, _)| m == k))
        .collect();
    let fixed: Vec<&str> = KNOWN_MISMATCHES
        .iter()
        .map(|(m, _)| *m)
        .filter(|m| !differing.contains_key(*m))
        .collect();
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "figures differing but not known: {unexpected:?}; known mismatches that now match: {fixed:?}"
    );
}

#[test]
fn the_first_200_games_figures_lie_within_sampling_error() {
    let reference = reference();
    let measured = measure(200);
    let keys = checked_keys(&reference, &measured[0]);
    let mut bad = Vec::new();
    for key in &keys {
        if KNOWN_MISMATCHES.iter().any(|(m, _)| m == key) {
            continue;
        }
        for (level, sample) in measured.iter().enumerate() {
            let theirs = &reference["per_level"][level.to_string()]["figures"][key.as_str()];
            let get = |s: &str| theirs[s].as_f64().expect("a number");
            let sample = &sample[key.as_str()];
            let allowed = 4.0 * get("sd") / 200f64.sqrt() + 1e-9;
            if (sample.mean() - get("mean")).abs() > allowed {
                bad.push(format!(
                    "{key} L{level}: mean {:.4} vs {} (±{allowed:.4})",
                    sample.mean(),
                    get("mean")
                ));
            }
            if sample.min() < get("min") - 1e-4 || sample.max() > get("max") + 1e-4 {
                bad.push(format!(
                    "{key} L{level}: range {}…{} outside {}…{}",
                    sample.min(),
                    sample.max(),
                    get("min"),
                    get("max")
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{} outside:\n{}", bad.len(), bad.join("\n"));
}
