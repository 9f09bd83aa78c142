//! The undisturbed guards' turn (`src/analysis/stealth/undisturbed/`) against `stealth-rules.md` §4 and §7 Step 0:
//! torch relighting on a generated mansion, the analysis's closed-form timeline where no torch is
//! unlit, a hand-made stalled relight, and determinism.

use mansion_forge::analysis::stealth::light::{CARRIED_RADIUS2, cast};
use mansion_forge::analysis::stealth::timeline::guard_timelines;
use mansion_forge::analysis::stealth::undisturbed::{Guards, Mode, TorchRules, replay};
use mansion_forge::analysis::stealth::{CellRules, CellSet};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, Terrain};

/// The finding, traced by hand from §3.8 on the generated map. Guard 4's route starts (29, 8),
/// (29, 9), (28, 10), (28, 11), (28, 12). After turn 2, at (28, 10), the torch at (26, 15) is d² 29 away
/// but the line's first cell (28, 11) holds a door item, which blocks (§3.4). After turn 3, at (28, 11),
/// d² is 20 < 65 and the line (28, 12), (27, 12), (27, 13), (27, 14), (26, 14) is all bare wood (the
/// guard's own door cell is never tested), so it spots the torch then and enters `RelightTorch` with a
/// timeout of 3 (§4.5). The issue says "end of turn 4": the cells walked are the same either way, since
/// the route's cell of turn 4, (28, 12), is also the relight walk's first step (the corner (27, 11) is a
/// wall, so (27, 12) may not be entered diagonally, §1.3).
#[test]
fn guard_four_spots_the_torch_at_26_15_at_the_end_of_turn_3() {
    let level = Recipe::campaign_level(1, 3).build().expect("generates");
    let rules = TorchRules::GAME_2023;
    let mut guards = Guards::new(&level);
    let torch = guards
        .torches
        .iter()
        .position(|t| t.cell == Cell::new(26, 15))
        .expect("a torch at (26, 15)");
    assert!(!guards.torches[torch].lit);
    let four = guards
        .states
        .iter()
        .position(|g| g.guard == 4)
        .expect("guard 4");
    for t in 1..=2 {
        guards.play_turn(&rules, &level, t);
        assert_eq!(guards.states[four].mode, Mode::Patrol, "turn {t}");
    }
    guards.play_turn(&rules, &level, 3);
    assert_eq!(guards.states[four].cell, Cell::new(28, 11));
    assert_eq!(
        guards.states[four].mode,
        Mode::RelightTorch { torch, timeout: 3 }
    );
    guards.play_turn(&rules, &level, 4);
    assert_eq!(guards.states[four].cell, Cell::new(28, 12));
}

/// Game 1, level 3 of the siheyuan campaign: guard 4 walks to the unlit torch at (26, 15) and stands
/// on (26, 14) from turn 6 (the finding; for the turn it spots the torch, see the test above).
/// By §4.5 it is orthogonally adjacent at turn 7, so it turns toward the torch and enters
/// `PostRelightTorch` for 3 turns; the torch becomes lit on the third of them, turn 10, and the guard
/// stands there until then.
#[test]
fn guard_four_relights_the_torch_at_26_15_after_three_turns() {
    let level = Recipe::campaign_level(1, 3).build().expect("generates");
    let replayed = replay(&TorchRules::GAME_2023, &level, 12);
    let four = replayed
        .guards
        .iter()
        .position(|g| g.guard == 4)
        .expect("guard 4 has a route");
    let steps = &replayed.guards[four].steps;
    let torch = Cell::new(26, 15);
    for (t, step) in steps.iter().enumerate().take(11).skip(6) {
        assert_eq!(step.0, Cell::new(26, 14), "turn {t}");
    }
    // Standing south of the torch, facing it (§4.5: turns toward the torch; y grows north).
    assert_eq!(steps[8].1, Dir::N);
    let relight = replayed
        .relit
        .iter()
        .find(|r| r.cell == torch)
        .expect("the torch is relit");
    assert_eq!((relight.turn, relight.guard), (10, 4));
    // §2.3: relighting recasts the light at once, so guard 4's own sight test of turn 10 is in the light
    // cast right after it acted, and the cell it stands on, next to the torch, is lit in it.
    assert_eq!(replayed.guards[four].light[10], Some(four + 1));
    let lit = replayed.light_at(&level, 10, Some(four + 1));
    assert!(lit.contains(Cell::new(26, 14)));
}

/// §7 Step 0: the closed form of §4.2 is exact for guards that never relight. With every torch lit
/// (so nothing is spotted, §3.8), the replay equals the analysis's timeline cell for cell and facing
/// for facing over its two periods.
#[test]
fn with_every_torch_lit_the_replay_is_the_analysis_timeline() {
    for level_no in 1..=9 {
        let mut level = Recipe::campaign_level(1, level_no)
            .build()
            .expect("generates");
        for item in &mut level.items {
            if item.kind == ItemKind::TorchUnlit {
                item.kind = ItemKind::TorchLit;
            }
        }
        let timelines = guard_timelines(&level, 1000);
        let turns = timelines.iter().map(|t| t.steps.len()).max().unwrap_or(1) - 1;
        let replayed = replay(&TorchRules::GAME_2023, &level, turns);
        assert!(replayed.relit.is_empty(), "level {level_no}");
        assert_eq!(replayed.guards.len(), timelines.len(), "level {level_no}");
        for (record, timeline) in replayed.guards.iter().zip(&timelines) {
            let guard = record.guard;
            assert_eq!(guard, timeline.guard);
            let n = timeline.steps.len();
            assert_eq!(
                &record.steps[..n],
                &timeline.steps[..],
                "level {level_no}, guard {guard}"
            );
        }
    }
}

/// A corridor five cells long (y = 0): a guard standing at (0, 0), water at (3, 0) and an unlit torch
/// at (4, 0). The torch's only neighbour is water, which a guard never enters (§4.3), so the guard
/// walks to (2, 0) and stalls.
fn stalled_corridor() -> Level {
    let mut level = Level::blank("test", 1, 0, (5, 1), Terrain::Marble);
    level.set_terrain(Cell::new(3, 0), Terrain::Water);
    level.items.push(Item {
        kind: ItemKind::TorchUnlit,
        cell: Cell::new(4, 0),
    });
    let post = Cell::new(0, 0);
    level.patrols.push(PatrolRoute {
        cells: vec![post; 3],
        visits: Vec::new(),
        stations: Vec::new(),
        outside: false,
    });
    level.guards.push(Guard {
        start: post,
        route: 0,
        carries_torch: false,
    });
    level
}

/// §3.8 then §4.5, worked by hand: turn 1 the guard stands at its post and spots the torch (d² = 16);
/// turns 2–3 it walks to (2, 0) (moving does not cost timeout); turns 4–6 it stalls and the timeout
/// runs 3 → 2 → 1 → 0, so it gives up to Patrol, and being in Patrol after its step it spots the same
/// torch again in that turn (§4.6 f), starting a fresh timeout of 3. The torch is never lit.
#[test]
fn a_stalled_relight_times_out_and_is_spotted_again() {
    let level = stalled_corridor();
    let rules = TorchRules::GAME_2023;
    let mut guards = Guards::new(&level);
    let relight = |timeout| Mode::RelightTorch { torch: 0, timeout };
    let expected = [
        (Cell::new(0, 0), relight(3)),
        (Cell::new(1, 0), relight(3)),
        (Cell::new(2, 0), relight(3)),
        (Cell::new(2, 0), relight(2)),
        (Cell::new(2, 0), relight(1)),
        (Cell::new(2, 0), relight(3)),
        (Cell::new(2, 0), relight(2)),
    ];
    for (t, want) in expected.iter().enumerate() {
        let relit = guards.play_turn(&rules, &level, t + 1);
        assert!(relit.is_empty());
        let state = &guards.states[0];
        assert_eq!((state.cell, state.mode), *want, "turn {}", t + 1);
    }
    assert!(!guards.torches[0].lit);
}

/// No random draw is involved in relaxed guards' turns (§4.5, §4.9): two replays are equal.
#[test]
fn replays_are_deterministic() {
    let level = Recipe::campaign_level(2, 6).build().expect("generates");
    let rules = TorchRules::GAME_2023;
    assert_eq!(replay(&rules, &level, 200), replay(&rules, &level, 200));
}

/// §2.3: a torch carrier that moves recasts the light before its sight test, and later guards in the
/// list test in that light; a carrier standing still recasts nothing. On a 7 × 3 floor guard 0 carries a
/// torch back and forth along (0, 1)–(2, 1) (moving every turn, §4.2) and guard 1 stands at (6, 1).
#[test]
fn a_moving_torch_carrier_recasts_the_light_for_the_guards_after_it() {
    let mut level = Level::blank("test", 1, 0, (7, 3), Terrain::Marble);
    let walk = vec![Cell::new(0, 1), Cell::new(1, 1), Cell::new(2, 1)];
    let post = Cell::new(6, 1);
    for (cells, carries_torch) in [(walk, true), (vec![post; 3], false)] {
        level.guards.push(Guard {
            start: cells[0],
            route: level.patrols.len(),
            carries_torch,
        });
        level.patrols.push(PatrolRoute {
            cells,
            visits: Vec::new(),
            stations: Vec::new(),
            outside: false,
        });
    }
    let replayed = replay(&TorchRules::GAME_2023, &level, 4);
    for t in 1..=4 {
        assert_eq!(replayed.guards[0].light[t], Some(1), "turn {t}");
        assert_eq!(replayed.guards[1].light[t], Some(1), "turn {t}");
    }
    // Turn 2: the light guard 1 tests in is the carrier's cast from its new cell (2, 1); the light of
    // the end of turn 1 is its cast from (1, 1). The level has no placed torch, so each is exactly one
    // carried torch (r² 15, §2.1) cast by the analysis's light.
    assert_eq!(replayed.guards[0].steps[1].0, Cell::new(1, 1));
    assert_eq!(replayed.guards[0].steps[2].0, Cell::new(2, 1));
    let rules = CellRules::new(&level);
    let carried = |c: Cell| {
        let mut lit = CellSet::empty(level.shape());
        cast(&rules, c, CARRIED_RADIUS2).add_to(&mut lit);
        lit
    };
    assert_eq!(
        replayed.light_at(&level, 2, Some(1)),
        carried(Cell::new(2, 1))
    );
    assert_eq!(replayed.light_at(&level, 2, None), carried(Cell::new(1, 1)));
}

/// The light cast from scratch (§2.1): every burning torch, and every carrier where it stands.
fn light_from_scratch(game: &mansion_forge::play::Game) -> CellSet {
    use mansion_forge::analysis::stealth::light::torch_light;
    let state = game.state();
    let burning: Vec<Cell> = state
        .guards
        .torches
        .iter()
        .filter(|t| t.lit)
        .map(|t| t.cell)
        .collect();
    let mut light = torch_light(game.cells(), &burning);
    for g in &state.guards.states {
        if game.level().guards[g.guard].carries_torch {
            cast(game.cells(), g.cell, CARRIED_RADIUS2).add_to(&mut light);
        }
    }
    light
}

/// The loop keeps the burning torches' light and each carrier's light from turn to turn and casts again
/// only what changed (a torch lit, a carrier moved). At every turn of long games on torch-carrying
/// mansions, guards relighting torches meanwhile, the light must equal the light cast from scratch.
#[test]
fn the_kept_light_equals_the_light_cast_from_scratch_every_turn() {
    use mansion_forge::play::{Event, Game, Move};
    let (mut checked, mut relit) = (0, 0);
    for (seed, index) in [
        (1, 9),
        (2, 7),
        (3, 8),
        (5, 6),
        (4, 9),
        (6, 9),
        (7, 5),
        (8, 8),
    ] {
        let level = Recipe::campaign_level(seed, index)
            .build()
            .expect("generates");
        let mut game = Game::new(level, 7);
        // Mostly waits and small walks: the thief survives long enough for the relights to happen.
        let walk = [
            Move::Wait,
            Move::Step(Dir::E),
            Move::Wait,
            Move::Step(Dir::W),
        ];
        for turn in 0..160 {
            assert_eq!(
                game.state().lit(),
                light_from_scratch(&game),
                "game {seed} level {index}, turn {turn}"
            );
            checked += 1;
            if game.state().over.is_some() {
                break;
            }
            let Ok(report) = game.play(walk[turn % walk.len()]) else {
                break;
            };
            relit += report
                .events
                .iter()
                .filter(|e| matches!(e, Event::Relit { .. }))
                .count();
        }
    }
    assert!(
        checked > 300 && relit > 0,
        "{checked} turns checked, {relit} relights"
    );
}

/// The thief putting a torch out (a bump, §5) takes its light away, and lighting it again brings it back.
#[test]
fn a_torch_bumped_out_and_lit_again_changes_the_kept_light() {
    use mansion_forge::play::{Game, Move};
    let mut level = Level::blank("test", 1, 0, (15, 5), Terrain::Marble);
    level.items.push(Item {
        kind: ItemKind::TorchLit,
        cell: Cell::new(6, 2),
    });
    level.player_start = Cell::new(5, 2);
    let mut game = Game::new(level, 1);
    let lit_before = game.state().lit();
    assert!(
        lit_before.contains(Cell::new(9, 2)),
        "the torch lights the floor"
    );
    game.play(Move::Step(Dir::E)).expect("a bump is a move");
    assert!(!game.state().guards.torches[0].lit, "the bump put it out");
    assert_eq!(game.state().lit(), light_from_scratch(&game));
    assert!(!game.state().lit().contains(Cell::new(9, 2)));
    game.play(Move::Step(Dir::E)).expect("a bump is a move");
    assert!(game.state().guards.torches[0].lit, "the second bump lit it");
    assert_eq!(game.state().lit(), lit_before);
}

/// The guards after many undisturbed turns (`--turn` of `play`) skip whole cycles once they repeat:
/// they end exactly where walking every turn leaves them, on mansions of several sizes and for turn
/// counts below, at and far past their cycles.
#[test]
fn skipping_cycles_ends_where_walking_every_turn_does() {
    let rules = TorchRules::GAME_2023;
    for (seed, level_no) in [(1, 9), (41, 4), (7, 6), (3, 2)] {
        let level = Recipe::campaign_level(seed, level_no)
            .build()
            .expect("builds");
        for turns in [0, 1, 2, 3, 17, 64, 999, 1_000, 4_097, 20_011] {
            let mut skipped = Guards::new(&level);
            skipped.walk_undisturbed(&rules, &level, turns);
            let mut walked = Guards::new(&level);
            for t in 1..=turns {
                walked.play_turn(&rules, &level, t);
            }
            assert!(
                skipped.same_as(&walked),
                "game {seed} level {level_no}, {turns} turns"
            );
        }
    }
}
