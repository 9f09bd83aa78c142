//! Tiled exports of a very large level: game 1's mansion 9 with its items replaced by 500,000 coins (spread
//! over its floor cells, several per cell), the size at which `.tmj` export used to take seconds and
//! gigabytes. Run with `cargo bench --bench export`; for the peak memory of one export, run the built
//! bench binary under `/usr/bin/time -v … --bench --profile-time 1 tmj`.

use criterion::Criterion;
use mansion_forge::generate::campaign;
use mansion_forge::io::export::{self, Format};
use mansion_forge::model::{Item, ItemKind, Level};

const ITEMS: usize = 500_000;

fn large_level() -> Level {
    let mut level = campaign::plan(1).generate(9).expect("level 9 exists");
    let floor: Vec<_> = level
        .all_cells()
        .filter(|&c| level.terrain(c).is_loot_floor())
        .collect();
    level.items = (0..ITEMS)
        .map(|i| Item {
            kind: ItemKind::Coin,
            cell: floor[i % floor.len()],
        })
        .collect();
    level
}

fn tiled_exports(c: &mut Criterion) {
    let level = large_level();
    let mut group = c.benchmark_group("export 500,000 items");
    group.sample_size(10);
    for format in [Format::Tmj, Format::Tmx] {
        group.bench_function(format.name(), |b| {
            b.iter(|| {
                let bytes =
                    export::render(&level, format, &[], &[], "terrain.png").expect("renders");
                std::hint::black_box(bytes.len())
            });
        });
    }
    group.finish();
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    tiled_exports(&mut criterion);
    criterion.final_summary();
}
