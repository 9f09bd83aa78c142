//! The undisturbed guards' turn (`src/play/guards.rs`) against `stealth-rules.md` §4 and §7 Step 0:
//! torch relighting on a generated mansion, the analysis's closed-form timeline where no torch is
//! unlit, a hand-made stalled relight, and determinism.

use mansion_forge::analysis::stealth::timeline::guard_timelines;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, Terrain};
use mansion_forge::play::{Guards, Mode, Rules2023, replay};

/// Game 1, level 3 of the siheyuan campaign: guard 4 spots the unlit torch at (26, 15) at the end of
/// turn 4 and stands on (26, 14) from turn 6 (the finding). By §4.5 it is orthogonally adjacent
/// at turn 7, so it turns toward the torch and enters `PostRelightTorch` for 3 turns; the torch becomes
/// lit on the third of them, turn 10, and the guard stands there until then.
#[test]
fn guard_four_relights_the_torch_at_26_15_after_three_turns() {
    let level = Recipe::campaign_level(1, 3).build().expect("generates");
    let replayed = replay(&Rules2023::new(&level), &level, 12);
    let (_, steps) = replayed
        .guards
        .iter()
        .find(|(g, _)| *g == 4)
        .expect("guard 4 has a route");
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
        let replayed = replay(&Rules2023::new(&level), &level, turns);
        assert!(replayed.relit.is_empty(), "level {level_no}");
        assert_eq!(replayed.guards.len(), timelines.len(), "level {level_no}");
        for ((guard, steps), timeline) in replayed.guards.iter().zip(&timelines) {
            assert_eq!(*guard, timeline.guard);
            let n = timeline.steps.len();
            assert_eq!(
                &steps[..n],
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
    let rules = Rules2023::new(&level);
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
    let rules = Rules2023::new(&level);
    assert_eq!(replay(&rules, &level, 200), replay(&rules, &level, 200));
}
