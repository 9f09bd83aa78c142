//! Generation speed: single mansions (generated and analysed, as `stats` does) and whole campaigns.
//!
//! The spec's target is 100× the original's 65 mansions/s over whole campaigns, i.e. a campaign of ten in
//! under about 1.5 ms. Each iteration takes the next of many game seeds, so a figure is a mean over the
//! spread of mansion sizes rather than the time of one lucky layout.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use mansion_forge::analysis::stats::level_stats;
use mansion_forge::generate::campaign::{self, Campaign, LEVELS};

/// Game seeds cycled through by every benchmark.
const GAMES: u64 = 256;

/// Calls `f` with game seeds 0, 1, …, GAMES − 1, 0, 1, … on successive iterations.
fn cycling_seeds(mut f: impl FnMut(u64)) -> impl FnMut() {
    let mut seed = 0;
    move || {
        f(seed);
        seed = (seed + 1) % GAMES;
    }
}

fn single_levels(c: &mut Criterion) {
    let games: Vec<Campaign> = (0..GAMES).map(campaign::plan).collect();
    let mut group = c.benchmark_group("generate+stats");
    group.throughput(Throughput::Elements(1));
    for level in [0, 5, 9] {
        group.bench_function(format!("level-{level}"), |b| {
            let mut step = cycling_seeds(|seed| {
                let game = &games[seed as usize];
                if let Some(mansion) = game.generate(level) {
                    black_box(level_stats(&mansion, seed));
                }
            });
            b.iter(&mut step);
        });
    }
    group.finish();
}

fn campaigns(c: &mut Criterion) {
    let mut group = c.benchmark_group("campaign");
    group.throughput(Throughput::Elements(LEVELS as u64));
    group.bench_function("plan+10-levels", |b| {
        let mut step = cycling_seeds(|seed| {
            black_box(campaign::plan(seed).generate_all());
        });
        b.iter(&mut step);
    });
    group.bench_function("plan+10-levels+stats", |b| {
        let mut step = cycling_seeds(|seed| {
            for mansion in campaign::plan(seed).generate_all() {
                black_box(level_stats(&mansion, seed));
            }
        });
        b.iter(&mut step);
    });
    group.finish();
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    single_levels(&mut criterion);
    campaigns(&mut criterion);
    criterion.final_summary();
}
