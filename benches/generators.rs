//! Generation time of each structural generator at its default size, finishing passes included
//! (`other-generators.md` §0.3: well under 10 ms in release builds).
//!
//! Run with `cargo bench --bench generators`.

use criterion::Criterion;
use mansion_forge::generate::packed_mansion::PackedMansion;
use mansion_forge::generate::rogue_grid::RogueGrid;
use mansion_forge::generate::tile_growth::TileGrowth;
use mansion_forge::generate::{Generator, Request, Rerolls};

fn bench(c: &mut Criterion, name: &str, generator: &dyn Generator) {
    let mut seed = 0u64;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let request = Request {
                level: 7,
                seed,
                locks: &[],
                rerolls: Rerolls::default(),
            };
            generator.generate(&request).map(|level| level.rooms.len())
        });
    });
}

fn generators(c: &mut Criterion) {
    bench(c, "tile_growth default", &TileGrowth::default());
    bench(c, "packed_mansion default", &PackedMansion::default());
    bench(c, "rogue_grid default", &RogueGrid::default());
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    generators(&mut criterion);
    criterion.final_summary();
}
