//! The whole stealth analysis of a level-9 mansion (light, guard timelines and sight, watched shares,
//! a route for every loot item): the figure issue 10 asks for, target ≤ 1 ms median. Also one scrub
//! step of the patrol timeline (every guard's view at one turn), which the editor does per frame while
//! playing. Run with `cargo bench --bench stealth`.

use criterion::Criterion;
use mansion_forge::analysis::stealth;
use mansion_forge::generate::campaign;

fn stealth_analysis(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    c.bench_function("stealth analysis, level 9 (game 1)", |b| {
        b.iter(|| std::hint::black_box(stealth::analyze(&level).summary.loot_ghost));
    });
    let analysed = stealth::analyze(&level);
    let mut t = 0;
    c.bench_function("timeline views at one turn, level 9", |b| {
        b.iter(|| {
            t = (t + 1) % analysed.horizon;
            std::hint::black_box(analysed.view_at(t).len())
        });
    });
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    stealth_analysis(&mut criterion);
    criterion.final_summary();
}
