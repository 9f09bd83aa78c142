//! Builds every mansion of the 2025 game's runs 'game 1' … 'game N' (default 30, ten each), for a
//! profiler: `docs/benchmarks.md`'s instruction counts come from
//! `valgrind --tool=callgrind target/release/examples/lll2025_profile 30`. Prints the time per mansion,
//! which under callgrind means nothing; `cargo bench --bench lll2025` gives the timings.

use std::hint::black_box;
use std::time::Instant;

use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::plan::{PlanEntry, game_plan};

/// The allocator of the `mansion-forge` binary, as the 2025 bench uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let entries: Vec<PlanEntry> = (1..=games)
        .flat_map(|g| game_plan(&format!("game {g}")))
        .collect();
    let started = Instant::now();
    for entry in &entries {
        black_box(Build::new(entry).map.items.len());
    }
    let per_mansion = started.elapsed().as_secs_f64() * 1e6 / entries.len().max(1) as f64;
    println!("{} mansions, {per_mansion:.1} µs each", entries.len());
}
