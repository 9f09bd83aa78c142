//! The costliest levels the limits allow (`tests/common/worst.rs`): the crowd (256 guards carrying
//! torches, 50,000 patrol turns, an open lit 64 × 64 map) and the sprawl (512 × 512, the longest routes,
//! 1,000 coins). What each costs the stealth analysis, the PNG with every overlay, and a diff — the
//! figures of `docs/limits.md` — and the crowd's guards walking 100,000 turns (`play --turn 100000`). Run with `cargo bench --bench limits`.

#[path = "../tests/common/worst.rs"]
mod worst;

use std::time::Duration;

use criterion::Criterion;
use mansion_forge::analysis::{Overlay, diff, stealth};
use mansion_forge::io::export::png;
use mansion_forge::play::Game;

fn at_the_limits(c: &mut Criterion) {
    let mut group = c.benchmark_group("limits");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for (name, level) in [("crowd", worst::crowd()), ("sprawl", worst::sprawl())] {
        let mut other = (*level).clone();
        other.guards.pop();
        group.bench_function(format!("stealth analysis, {name}"), |b| {
            b.iter(|| std::hint::black_box(stealth::analyze(&level).summary.loot_ghost));
        });
        group.bench_function(format!("PNG with every overlay, {name}"), |b| {
            b.iter(|| std::hint::black_box(png::render(&level, Overlay::ALL).map(|i| i.width())));
        });
        group.bench_function(format!("diff, {name}"), |b| {
            b.iter(|| std::hint::black_box(diff::diff(&level, &other).guards.removed.len()));
        });
    }
    // `play --turn 100000` on the crowd: its guards block each other and never repeat, so every turn
    // is walked (issue 42 asks ≤ 2 s).
    let crowd = worst::crowd().into_level();
    group.bench_function("100,000 undisturbed turns before the start, crowd", |b| {
        b.iter(|| {
            Game::from(crowd.clone(), 1, crowd.player_start, 100_000)
                .state()
                .turn
        });
    });
    group.finish();
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    at_the_limits(&mut criterion);
    criterion.final_summary();
}
