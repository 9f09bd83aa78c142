//! One turn of the game's turn loop (`src/play/`) on a level-9 mansion: the thief's move, every guard's
//! turn with its sight tests, the light recast and the thief's field of view. Issue 24 asks for well
//! under 50 µs. Measured on the first level-9 mansion of game 1, on two kinds of turn: a quiet one
//! (nobody notices the thief waiting at the start) and one with guards alert (hunting guards step by a
//! distance field each turn, the dearest case). Run with `cargo bench --bench play`.

use criterion::{BatchSize, Criterion};
use mansion_forge::generate::campaign;
use mansion_forge::play::{Game, Move, parse_moves};

fn turn(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    let quiet = Game::new(level.clone(), 1);
    // The routine hands the game back, so criterion drops it (and its history) outside the timing.
    c.bench_function("one turn, level 9, quiet", |b| {
        b.iter_batched(
            || quiet.clone(),
            |mut game| {
                let played = game.play(Move::Wait).is_ok();
                (game, played)
            },
            BatchSize::SmallInput,
        );
    });
    // The play-testing screenshot's moves: the thief is seen from the front of the mansion, one guard
    // chases it and another looks, the others are sent by the shout.
    let mut hunted = Game::new(level, 1);
    for mv in parse_moves("E S w S W w E N W N W E L:N L:S L:W").expect("moves") {
        let _ = hunted.play(mv);
    }
    let alert = hunted.guards().iter().filter(|g| !g.mode.relaxed()).count();
    assert!(alert >= 2, "{alert} guards alert");
    c.bench_function("one turn, level 9, guards alert", |b| {
        b.iter_batched(
            || hunted.clone(),
            |mut game| {
                let played = game.play(Move::Wait).is_ok();
                (game, played)
            },
            BatchSize::SmallInput,
        );
    });
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    turn(&mut criterion);
    criterion.final_summary();
}
