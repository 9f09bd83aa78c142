//! A copy of a 2025 game plays on exactly as the game it was copied from: the analysis's route player
//! (`play::rules2025::route_player`) goes on from games it kept part way along earlier routes instead
//! of playing every route from the start, and trusts a route only as far as this holds. The copy leaves
//! the searches' and the light's scratch memory behind, so this checks that nothing the game reads
//! lives there: every move's outcome and the whole snapshot after it (guards' cells, facings, modes,
//! timeouts; the thief's cell, health and loot) agree for 200 turns after copies made at four turns.

#[path = "common/mansions_2025.rs"]
mod mansions_2025;

use mansion_forge::model::{Dir, SeedRandom};
use mansion_forge::play::Move;
use mansion_forge::play::rules2025::{Game2025, Setup};

#[test]
fn a_copied_game_plays_on_as_the_original() {
    let moves = [
        Move::Wait,
        Move::Step(Dir::N),
        Move::Step(Dir::E),
        Move::Leap(Dir::S),
        Move::Step(Dir::S),
        Move::Wait,
        Move::Step(Dir::W),
        Move::Leap(Dir::N),
    ];
    let mut compared = 0;
    for (name, level) in mansions_2025::mansions_2025(1..=3, &[1]) {
        let setup = Setup::from_level(&level);
        for copied_at in [1, 5, 9, 20] {
            let mut original = Game2025::new(&setup, SeedRandom::new("1"));
            for t in 0..copied_at {
                let _ = original.play(moves[t % moves.len()]);
            }
            let mut copy = original.clone();
            for t in copied_at..copied_at + 200 {
                let mv = moves[(t * 7 + 3) % moves.len()];
                let (a, b) = (original.play(mv), copy.play(mv));
                assert_eq!(
                    a, b,
                    "{name}, copied at turn {copied_at}: turn {t}'s outcome"
                );
                assert_eq!(
                    original.snapshot(),
                    copy.snapshot(),
                    "{name}, copied at turn {copied_at}: after turn {t}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 20_000, "{compared} turns compared");
}
