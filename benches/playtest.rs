//! Simulated playtesters (`src/playtest/`, issue 45) on a level-9 mansion (game 1's): 100 runs, 25 of each
//! bot, spread over the machine's cores as the `playtest` command and the editor's panel play them; and one
//! greedy run alone. Issue 45 asks for 1,000 runs a second on two cores (a 100-run batch in 100 ms). The
//! ghost's routes are worked out once, before the timing, as a course does on its first ghost run. Run
//! with `cargo bench --bench playtest`.

use criterion::Criterion;
use mansion_forge::analysis::stealth::Cancel;
use mansion_forge::generate::campaign;
use mansion_forge::play::rule_sets;
use mansion_forge::playtest::{Bot, Course, DEFAULT_MAX_TURNS, Plan, playtest, run};

fn runs(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    let course = Course::new(level.clone(), rule_sets::of_level(&level));
    course.routes(&Cancel::new()).expect("the ghost's routes");
    let plan = Plan::every_bot(25);
    let mut group = c.benchmark_group("playtest");
    group.sample_size(10);
    group.bench_function("100 runs (25 per bot), level 9, all cores", |b| {
        b.iter(|| playtest(&course, &plan, &Cancel::new(), &|_| {}).expect("not cancelled"));
    });
    let greedy = Bot::Greedy.spec();
    let mut seed = 0;
    group.bench_function("one greedy run, level 9", |b| {
        b.iter(|| {
            seed += 1;
            run(&course, &greedy, seed, DEFAULT_MAX_TURNS, &Cancel::new())
        });
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    runs(&mut criterion);
    criterion.final_summary();
}
