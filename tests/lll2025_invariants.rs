//! The spec's §11 invariants (`lll-2025-mansion.md`) over many 2025 levels, with
//! `mansion_forge::generate::lll2025::invariants`: every level of games 'game 1' … 'game 300', and a
//! property test over random seed strings (any text seeds the game's ARC4 stream).

use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::invariants::{check, check_campaign};
use mansion_forge::generate::lll2025::plan::game_plan;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Every violation of one game's campaign and levels, each prefixed with the seed and level.
fn violations(seed: &str, levels: impl IntoIterator<Item = usize>) -> Vec<String> {
    let plan = game_plan(seed);
    let mut out: Vec<String> = check_campaign(&plan)
        .iter()
        .map(|v| format!("{seed:?}: {v}"))
        .collect();
    for level in levels {
        let build = Build::new(&plan[level]);
        out.extend(
            check(&build)
                .iter()
                .map(|v| format!("{seed:?} L{level}: {v}")),
        );
    }
    out
}

#[test]
fn the_first_300_games_keep_every_checkable_invariant() {
    let bad: Vec<String> = (1..=300)
        .flat_map(|g| violations(&format!("game {g}"), 0..10))
        .collect();
    assert!(
        bad.is_empty(),
        "{} violations:\n{}",
        bad.len(),
        bad[..bad.len().min(40)].join("\n")
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, rng_seed: RngSeed::Fixed(2025), ..ProptestConfig::default() })]

    #[test]
    fn random_seeds_keep_every_checkable_invariant(seed in "\\PC{0,24}", level in 0usize..10) {
        let bad = violations(&seed, [level]);
        prop_assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
