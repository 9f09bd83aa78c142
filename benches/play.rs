//! One turn of the game's turn loop (`src/play/`) on a level-9 mansion: the thief's move, every guard's
//! turn with its sight tests, the light recast and the thief's field of view. Issue 24 asks for well
//! under 50 µs. Measured on the first level-9 mansion of game 1, on two kinds of turn: a quiet one
//! (nobody notices the thief waiting at the start) and one with every guard alert (a guard hunting
//! steps by a distance field each turn, the dearest case). Run with `cargo bench --bench play`.

use criterion::{BatchSize, Criterion};
use mansion_forge::generate::campaign;
use mansion_forge::play::{Game, Move};

fn turn(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    let quiet = Game::new(level.clone(), 1);
    c.bench_function("one turn, level 9, quiet", |b| {
        b.iter_batched(
            || quiet.clone(),
            |mut game| std::hint::black_box(game.play(Move::Wait).is_ok()),
            BatchSize::SmallInput,
        );
    });
    // The thief walks into the courtyard in plain sight and waits there until guards hunt it.
    let mut hunted = Game::new(level, 1);
    for _ in 0..40 {
        if hunted
            .play(Move::Leap(mansion_forge::model::Dir::N))
            .is_err()
        {
            let _ = hunted.play(Move::Wait);
        }
    }
    c.bench_function("one turn, level 9, guards alert", |b| {
        b.iter_batched(
            || hunted.clone(),
            |mut game| std::hint::black_box(game.play(Move::Wait).is_ok()),
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
