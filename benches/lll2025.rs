//! Generation speed of the 2025 port (`lll-2025-mansion.md` §12: the original makes 42–46 mansions/s;
//! the port's target is ≤ 150 µs per mansion on one core) and of the exact 2023 mode against the
//! normal siheyuan (target: exact within 2× of normal).
//!
//! - `lll2025/<type>`: every mansion of that level type in the plans of 'game 1' … 'game 100'
//!   (`Manor` and `ManorRed` together; `all` for every one of the 1,000), built per iteration; the throughput is mansions, so criterion's
//!   `thrpt` is mansions per second and the time per mansion is its inverse.
//! - `lll2025-stats/line`: one line of `stats --generator lll2025` (the mansion built once for its
//!   level and its 112 figures, the shared figures measured, the game's hash computed), over games
//!   1–100, all ten levels each: what `stats` and the seed browser pay per mansion on one core.
//! - `exact-vs-normal`: the exact 2023 mode's level 9 (which generates levels 0–9 of its stream) and
//!   whole exact game against one and ten normal siheyuan builds of the same game seeds, cycling over
//!   64 games.
//!
//! Run with `cargo bench --bench lll2025 -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::plan::{LevelType, PlanEntry, game_plan};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::generate::siheyuan::exact;
use mansion_forge::survey::{Mansions, Survey};

/// The allocator of the `mansion-forge` binary, so the figures are what the editor and the command line
/// do.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Games whose plan entries are built by the 2025 benchmarks.
const GAMES_2025: u32 = 100;
/// Game seeds cycled through by the exact-against-normal benchmarks.
const GAMES_2023: u32 = 64;
/// Levels of a campaign.
const LEVELS: u32 = 10;

fn lll2025(c: &mut Criterion) {
    let entries: Vec<PlanEntry> = (1..=GAMES_2025)
        .flat_map(|g| game_plan(&format!("game {g}")))
        .collect();
    let mut group = c.benchmark_group("lll2025");
    group.sample_size(20);
    for (name, types) in [
        ("manor", &[LevelType::Manor, LevelType::ManorRed][..]),
        ("mansion", &[LevelType::Mansion][..]),
        ("fortress", &[LevelType::Fortress][..]),
        (
            "all",
            &[
                LevelType::Manor,
                LevelType::ManorRed,
                LevelType::Mansion,
                LevelType::Fortress,
            ][..],
        ),
    ] {
        let mine: Vec<&PlanEntry> = entries
            .iter()
            .filter(|e| types.contains(&e.level_type))
            .collect();
        group.throughput(Throughput::Elements(mine.len() as u64));
        group.bench_function(format!("{name} ({} mansions)", mine.len()), |b| {
            b.iter(|| {
                for entry in &mine {
                    black_box(Build::new(entry).map.items.len());
                }
            });
        });
    }
    group.finish();
}

fn stats_lines(c: &mut Criterion) {
    let lll2025 = registry::find("lll2025").expect("the 2025 generator");
    let defaults = lll2025.defaults();
    let recipe_for = |seed: u64, level: u32| -> Result<Recipe, String> {
        Ok(Recipe::for_game(&defaults, seed, level))
    };
    let survey = Survey {
        mansions: Mansions::Recipes(&recipe_for),
        stealth: false,
        playtest: None,
        rules: None,
        jobs: Some(1),
    };
    let mut group = c.benchmark_group("lll2025-stats");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(GAMES_2025 * LEVELS)));
    group.bench_function(format!("line ({} mansions)", GAMES_2025 * LEVELS), |b| {
        b.iter(|| {
            for game in 1..=u64::from(GAMES_2025) {
                for level in 0..LEVELS {
                    black_box(survey.line(game, level).map(|l| l.stats.rooms)).ok();
                }
            }
        });
    });
    group.finish();
}

/// Calls `f` with game seeds 1, 2, …, `GAMES_2023`, 1, 2, … on successive iterations.
fn cycling_games(mut f: impl FnMut(u32)) -> impl FnMut() {
    let mut game = 0;
    move || {
        f(game + 1);
        game = (game + 1) % GAMES_2023;
    }
}

fn exact_against_normal(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact-vs-normal");
    group.throughput(Throughput::Elements(1));
    group.bench_function("exact level 9", |b| {
        b.iter(cycling_games(|g| {
            black_box(exact::level(g, 9).map(|l| l.rooms.len()));
        }));
    });
    group.bench_function("normal level 9", |b| {
        b.iter(cycling_games(|g| {
            black_box(
                Recipe::campaign_level(u64::from(g), 9)
                    .build()
                    .map(|l| l.rooms.len()),
            )
            .ok();
        }));
    });
    group.throughput(Throughput::Elements(u64::from(LEVELS)));
    group.bench_function("exact game (10 levels)", |b| {
        b.iter(cycling_games(|g| {
            black_box(exact::game(g).len());
        }));
    });
    group.bench_function("normal 10 levels", |b| {
        b.iter(cycling_games(|g| {
            for level in 0..LEVELS {
                black_box(
                    Recipe::campaign_level(u64::from(g), level)
                        .build()
                        .map(|l| l.rooms.len()),
                )
                .ok();
            }
        }));
    });
    group.finish();
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    lll2025(&mut criterion);
    stats_lines(&mut criterion);
    exact_against_normal(&mut criterion);
    criterion.final_summary();
}
