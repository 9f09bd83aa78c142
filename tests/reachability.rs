//! Reachability on foot from the player start, on generated mansions.

use mansion_forge::analysis::reachability::{reachable_from_start, unreachable_regions};
use mansion_forge::generate::campaign;
use mansion_forge::model::Terrain;

#[test]
fn a_generated_mansion_is_reachable_everywhere() {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    assert!(unreachable_regions(&level).is_empty());
}

#[test]
fn walling_in_the_start_leaves_the_rest_unreachable() {
    let mut level = campaign::plan(1).generate(2).expect("mansion 2");
    for n in level.player_start.neighbours4() {
        level.set_terrain(n, Terrain::Wall);
    }
    let reach = reachable_from_start(&level);
    assert_eq!(reach.values().iter().filter(|r| **r).count(), 1);
    assert!(!unreachable_regions(&level).is_empty());
}
