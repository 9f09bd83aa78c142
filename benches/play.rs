//! One turn of the game's turn loop (`src/play/`) on a level-9 mansion: the thief's move, every guard's
//! turn with its sight tests, the light recast and the thief's field of view. Issue 24 asks for well
//! under 50 µs. Measured on the first level-9 mansion of game 1, on two kinds of turn: a quiet one
//! (nobody notices the thief waiting at the start) and one with guards alert (hunting guards step by a
//! distance field each turn, the dearest case). The same under the 2025 rules (`play::rules2025`, issue 39
//! asks ≤ 50 µs): a quiet turn on game 1's level-9 2025 mansion, and a turn with a guard knocked out and
//! another chasing (the 2025 play-test screenshot's moves on the daily run of 2026-03-14). A copy of a
//! 2025 game shares what the original has planned and lit, so those two measure a turn played before;
//! a third plays a new 2025 game's first 200 turns, planning and lighting every cell for the first
//! time (the thief waits out of sight in the map's corner). Run with `cargo bench --bench play`.

use criterion::{BatchSize, Criterion};
use mansion_forge::generate::lll2025::{declaration::recipe_of, plan};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::{campaign, registry};
use mansion_forge::model::{Cell, Level};
use mansion_forge::play::{Game, GuardMode, Move, Session, parse_moves, rule_sets};

fn turn(c: &mut Criterion) {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    let quiet = Game::new(level.clone(), 1);
    // The routine hands the game back, so criterion drops it (and its history) outside the timing.
    c.bench_function("one turn, level 9, quiet", |b| {
        b.iter_batched(
            || quiet.clone(),
            |mut game| {
                let played = game.play(Move::Wait).is_ok();
                (game, played)
            },
            BatchSize::SmallInput,
        );
    });
    // The play-testing screenshot's moves: the thief is seen from the front of the mansion, one guard
    // chases it and another looks, the others are sent by the shout.
    let mut hunted = Game::new(level, 1);
    for mv in parse_moves("E S w S W w E N W N W E L:N L:S L:W").expect("moves") {
        let _ = hunted.play(mv);
    }
    let alert = hunted.guards().iter().filter(|g| !g.mode.relaxed()).count();
    assert!(alert >= 2, "{alert} guards alert");
    c.bench_function("one turn, level 9, guards alert", |b| {
        b.iter_batched(
            || hunted.clone(),
            |mut game| {
                let played = game.play(Move::Wait).is_ok();
                (game, played)
            },
            BatchSize::SmallInput,
        );
    });
}

/// One 2025 turn of `game` (a copy made outside the timing), benched as `name`.
fn turn_2025(c: &mut Criterion, name: &str, game: &dyn Session) {
    c.bench_function(name, |b| {
        b.iter_batched(
            || game.boxed_clone(),
            |mut game| {
                let played = game.play(Move::Wait).is_ok();
                (game, played)
            },
            BatchSize::SmallInput,
        );
    });
}

/// A game of `level` under the 2025 rules from its start, `moves` played.
fn game_2025(level: Level, moves: &str) -> Box<dyn Session> {
    let rules = rule_sets::find("2025").expect("the 2025 rules");
    let start = level.player_start;
    let mut game = rules.start(level, 1, start, 0);
    for mv in parse_moves(moves).expect("moves") {
        let _ = game.play(mv);
    }
    game
}

fn turn_under_2025_rules(c: &mut Criterion) {
    let lll2025 = registry::find("lll2025").expect("the 2025 generator");
    let level = Recipe::for_game(&lll2025.defaults(), 1, 9)
        .build()
        .expect("level 9");
    let rules = rule_sets::find("2025").expect("the 2025 rules");
    c.bench_function("200 turns of a new game, 2025 rules, level 9, quiet", |b| {
        b.iter_batched(
            || rules.start(level.clone(), 1, Cell::new(0, 0), 0),
            |mut game| {
                let played = (0..200).all(|_| game.play(Move::Wait).is_ok());
                assert!(played, "the thief in the corner is never caught");
                game
            },
            BatchSize::SmallInput,
        );
    });
    turn_2025(
        c,
        "one turn, 2025 rules, level 9, quiet",
        game_2025(level, "").as_ref(),
    );
    let daily = plan::daily_run(2026, 3, 14);
    let first = recipe_of(daily.levels()[0]).expect("a recipe");
    let hunted = game_2025(
        first.build().expect("the daily's first mansion"),
        "L:N L:N N L:N N w L:N L:W W L:S L:S L:N N N L:S N L:E N N",
    );
    let now = hunted.snapshot();
    assert!(now.guards.iter().any(|g| g.mode == GuardMode::Unconscious));
    assert!(
        now.guards
            .iter()
            .any(|g| g.mode == GuardMode::ChaseVisibleTarget)
    );
    turn_2025(
        c,
        "one turn, 2025 rules, a guard down and one chasing",
        hunted.as_ref(),
    );
}

/// A long game (issue 42: a game in bounded memory): 65,000 waits on game 41's fifth mansion, whose
/// guards never find the thief; a turn taken back at the end of it (played again from the nearest kept
/// copy); and the guards' 100,000 undisturbed turns before a start at `--turn 100000`, on game 1's
/// level-9 mansion (whole cycles skipped once the guards repeat).
fn long_game(c: &mut Criterion) {
    const WAITS: usize = 65_000;
    let level = campaign::plan(41).generate(4).expect("mansion 5");
    let mut group = c.benchmark_group("long game");
    group.sample_size(10);
    let play_all = |level: &Level| {
        let mut game = Game::new(level.clone(), 1);
        for _ in 0..WAITS {
            let _ = game.play(Move::Wait);
        }
        game
    };
    let played = play_all(&level);
    assert_eq!(played.state().turn, WAITS, "nobody catches the thief");
    group.bench_function("65,000 waits, game 41 mansion 5", |b| {
        b.iter(|| play_all(&level).state().turn);
    });
    group.bench_function("a turn taken back after 65,000", |b| {
        b.iter_batched(
            || played.clone(),
            |mut game| {
                let back = game.step_back();
                (game, back)
            },
            BatchSize::LargeInput,
        );
    });
    let nine = campaign::plan(1).generate(9).expect("mansion 9");
    group.bench_function("100,000 undisturbed turns before the start, level 9", |b| {
        b.iter(|| {
            Game::from(nine.clone(), 1, nine.player_start, 100_000)
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
    turn(&mut criterion);
    turn_under_2025_rules(&mut criterion);
    long_game(&mut criterion);
    criterion.final_summary();
}
