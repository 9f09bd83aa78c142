//! The undisturbed replay's shortcut (`analysis::stealth::undisturbed::Guards::play_alone`): once every
//! guard patrols on its route, each guard is walked on its own instead of turn by turn. It must answer
//! that it played only when it gives exactly what the turn loop plays.

use mansion_forge::analysis::stealth::undisturbed::{Alone, Guards, TorchRules};
use mansion_forge::generate::recipe::Recipe;

/// Walking the guards on their own gives what the turn loop plays, turn for turn, whenever it
/// answers that it played, from the start and from later turns of the relighting.
#[test]
fn walking_alone_plays_what_the_turns_play() {
    let rules = TorchRules::GAME_2023;
    let mut played = 0;
    for (game, level_no) in [(1, 3), (2, 6), (3, 9), (8, 6), (5, 9), (6, 7)] {
        let level = Recipe::campaign_level(game, level_no)
            .build()
            .expect("generates");
        let mut guards = Guards::new(&level);
        for start in 0..=150 {
            if start > 0 {
                guards.play_turn(&rules, &level, start);
            }
            let turns = 300;
            let mut alone = guards.clone();
            let mut records = vec![Vec::new(); guards.states.len()];
            if alone.play_alone(&rules, &level, turns, &mut records) != Alone::Played {
                continue;
            }
            played += 1;
            let mut turned = guards.clone();
            for t in start + 1..=start + turns {
                turned.play_turn(&rules, &level, t);
                for (record, s) in records.iter().zip(&turned.states) {
                    assert_eq!(record[t - start - 1], (s.cell, s.looked), "turn {t}");
                }
            }
            assert_eq!(
                alone.states, turned.states,
                "game {game} level {level_no} from {start}"
            );
        }
    }
    assert!(played > 100, "walked alone {played} times");
}
