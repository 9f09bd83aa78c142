//! Search throughput: mansions per second that `search` measures and filters (generation, the `stats`
//! figures and a condition that rarely holds), on one thread and on all cores. Issue 12's target is
//! 20,000 mansions per second on the 2-core machine, with two threads at least 1.7 times one.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use mansion_forge::survey::{Condition, Mansions, Progress, Survey};

/// The allocator of the `mansion-forge` binary, so the figure is what `search` does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Games per iteration: ten mansions each.
const GAMES: u64 = 100;

fn search(c: &mut Criterion) {
    let rare = Condition::parse("rooms > 60").expect("a condition");
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(GAMES * 10));
    group.sample_size(20);
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    for jobs in [1, cores] {
        let survey = Survey {
            mansions: Mansions::Campaign,
            stealth: false,
            playtest: None,
            rules: None,
            jobs: Some(jobs),
        };
        let mut first = 0;
        group.bench_function(format!("jobs-{jobs}"), |b| {
            b.iter(|| {
                let mut found = 0;
                survey
                    .run((first, GAMES), &Progress::default(), |line| {
                        found += usize::from(rare.holds(&line));
                        true
                    })
                    .expect("measures");
                first = (first + GAMES) % 10_000;
                black_box(found)
            });
        });
    }
    group.finish();
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    search(&mut criterion);
    criterion.final_summary();
}
