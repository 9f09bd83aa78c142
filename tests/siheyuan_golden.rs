//! The siheyuan generator's output is frozen: shared passes are reused by the other generators, and any
//! change to them must leave every siheyuan level byte-identical. This hashes the JSON of fifty levels.

use mansion_forge::generate::campaign;
use mansion_forge::generate::rng::fnv1a;

/// FNV-1a of the JSON of games 0–4, levels 0–9, recorded when the shared passes were split out.
const GOLDEN: u64 = 0x32fb_4574_4b9b_e55d;

#[test]
fn siheyuan_levels_are_unchanged() {
    let mut text = String::new();
    for game in 0..5 {
        for level in campaign::plan(game).generate_all() {
            text.push_str(&serde_json::to_string(&level).expect("json"));
        }
    }
    assert_eq!(
        fnv1a(text.as_bytes()),
        GOLDEN,
        "hash {:#x}",
        fnv1a(text.as_bytes())
    );
}
