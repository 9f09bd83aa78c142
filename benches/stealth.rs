//! The whole stealth analysis of a level-9 mansion (light, guard timelines and sight, watched shares,
//! a route for every loot item): the figure issue 10 asks for, target ≤ 1 ms median. Also one scrub
//! step of the patrol timeline (every guard's view at one turn), which the editor does per frame while
//! playing. And the analysis of a level-9 mansion of the 2025 game under its own rules (issue 39 asks
//! ≤ 5 ms): the game's guards played turn by turn, every route played again in the game. Run with
//! `cargo bench --bench stealth`.

use criterion::Criterion;
use mansion_forge::analysis::stealth;
use mansion_forge::analysis::stealth::{Cancel, DEFAULT_HORIZON};
use mansion_forge::generate::campaign;
use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan;
use mansion_forge::play::rule_sets;

fn stealth_analysis(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    c.bench_function("stealth analysis, level 9 (game 1)", |b| {
        b.iter(|| std::hint::black_box(stealth::analyze(&level).summary.loot_ghost));
    });
    let entry = plan::game_plan("game 1")
        .into_iter()
        .nth(9)
        .expect("level 9");
    let level_2025 = recipe_of(&entry)
        .expect("the game's seed")
        .build()
        .expect("builds");
    let rules_2025 = rule_sets::find("2025").expect("built in");
    c.bench_function(
        "stealth analysis under the 2025 rules, level 9 (game 1)",
        |b| {
            b.iter(|| {
                let analysis = rules_2025.analyse(&level_2025, DEFAULT_HORIZON, &Cancel::new());
                std::hint::black_box(analysis.map(|a| a.summary.loot_ghost))
            });
        },
    );
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
