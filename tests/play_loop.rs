//! The turn loop's guard modes (`stealth-rules.md` §3–§4, §6) on small hand-made levels, each expected
//! outcome worked out by hand from the cited section, and the loop's undisturbed guards against the
//! analysis's replay on generated mansions.

use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Axis, Cell, Dir, Guard, Item, ItemKind, Level, PatrolRoute, Terrain};
use mansion_forge::play::{Draws, Ending, Event, Game, GuardMode, Move, TurnReport};

/// A 15 × 5 marble floor with no walls.
fn floor() -> Level {
    Level::blank("test", 1, 0, (15, 5), Terrain::Marble)
}

/// Adds a guard walking `cells` (a post when all are equal).
fn add_guard(level: &mut Level, cells: Vec<Cell>) {
    level.guards.push(Guard {
        start: cells[0],
        route: level.patrols.len(),
        carries_torch: false,
    });
    level.patrols.push(PatrolRoute {
        cells,
        visits: Vec::new(),
        stations: Vec::new(),
        outside: false,
    });
}

fn item(level: &mut Level, kind: ItemKind, cell: Cell) {
    level.items.push(Item { kind, cell });
}

fn mode(report: &TurnReport, guard: usize) -> GuardMode {
    report.guards[guard].mode
}

/// The reaction timeout the `n`-th draw of seed `seed` gives: `2 + rand(4)` (§3.6, §8).
fn reaction(seed: u32, n: usize) -> u8 {
    let mut draws = Draws::new(seed);
    let mut value = 0;
    for _ in 0..n {
        value = 2 + draws.below(4) as u8;
    }
    value
}

/// §3.3, §6: a guard at its post (3, 2) faces east (§3.2 (1): a post's route does not move, so it keeps
/// the initial E). The thief waits at (8, 2), lit by the torch at (10, 4) (d² 8 ≤ 45), d² 25 < 40 in
/// front with a clear line: the relaxed test after the guard's (standing) step sees it, not adjacent, so
/// the guard looks (no shout). Turn 2, alert, its test before moving sees it (75): it chases, steps
/// toward the thief and shouts. It steps one cell a turn, reaching (7, 2) at turn 5; at turn 6 it is
/// adjacent and was chasing the turn before, so it hits (health 5 → 4).
#[test]
fn a_sighting_at_a_distance_looks_then_chases_shouts_and_hits() {
    let mut level = floor();
    item(&mut level, ItemKind::TorchLit, Cell::new(10, 4));
    add_guard(&mut level, vec![Cell::new(3, 2); 3]);
    let mut game = Game::from(level, 7, Cell::new(8, 2), 0);
    let first = game.play(Move::Wait).expect("a wait is a turn");
    assert_eq!(mode(&first, 0), GuardMode::Look);
    assert!(
        first
            .events
            .iter()
            .any(|e| matches!(e, Event::Seen { guard: 0, .. }))
    );
    assert!(
        !first
            .events
            .iter()
            .any(|e| matches!(e, Event::Shout { .. }))
    );
    let second = game.play(Move::Wait).expect("turn 2");
    assert_eq!(mode(&second, 0), GuardMode::ChaseVisibleTarget);
    assert_eq!(second.guards[0].cell, Cell::new(4, 2));
    assert!(
        second
            .events
            .iter()
            .any(|e| matches!(e, Event::Shout { guard: 0, .. }))
    );
    for (turn, x) in [(3, 5), (4, 6), (5, 7)] {
        let report = game.play(Move::Wait).expect("a turn");
        assert_eq!(report.guards[0].cell, Cell::new(x, 2), "turn {turn}");
        assert_eq!(report.health, 5, "turn {turn}");
    }
    let hit = game.play(Move::Wait).expect("turn 6");
    assert_eq!(hit.health, 4);
    assert!(hit.events.contains(&Event::Hit {
        guard: 0,
        health: 4
    }));
}

/// §6: a thief seen while adjacent is chased at once, with a shout (§3.7); a second guard within
/// earshot 25 of the shouter hears it and, next turn, goes toward where the shout came from (§3.7:
/// `MoveToGuardShout` for `2 + rand(4)` turns — the first draw of the seed, as nobody drew before).
#[test]
fn an_adjacent_sighting_chases_at_once_and_the_shout_sends_another_guard() {
    let mut level = floor();
    add_guard(&mut level, vec![Cell::new(3, 2); 3]);
    add_guard(&mut level, vec![Cell::new(12, 2); 3]);
    let seed = 11;
    let mut game = Game::from(level, seed, Cell::new(4, 2), 0);
    let first = game.play(Move::Wait).expect("turn 1");
    assert_eq!(mode(&first, 0), GuardMode::ChaseVisibleTarget);
    assert!(first.events.contains(&Event::Shout {
        guard: 0,
        from: Cell::new(3, 2)
    }));
    assert!(first.events.contains(&Event::HeardShout {
        guard: 1,
        from: Cell::new(3, 2)
    }));
    assert_eq!(mode(&first, 1), GuardMode::Patrol);
    let second = game.play(Move::Wait).expect("turn 2");
    assert_eq!(mode(&second, 1), GuardMode::MoveToGuardShout);
    assert_eq!(
        second.guards[1].cell,
        Cell::new(11, 2),
        "one step toward (3, 2)"
    );
    assert_eq!(
        game.state().minds[1].alert.map(|a| a.turns),
        Some(reaction(seed, 1))
    );
}

/// §3.6: ending a move on a creaky board within earshot 17 of a relaxed guard that is not adjacent makes
/// it listen, turned toward the thief; in the dark at d² 36 ≥ 33 even the alert test does not see it.
/// Listen counts `2 + rand(4)` turns down, one in the turn it starts, and then the guard patrols again.
#[test]
fn a_creak_makes_a_relaxed_guard_listen_facing_it_until_the_timeout() {
    let mut level = floor();
    level.set_terrain(Cell::new(4, 2), Terrain::WoodCreaky);
    add_guard(&mut level, vec![Cell::new(10, 2); 3]);
    let seed = 3;
    let mut game = Game::from(level, seed, Cell::new(3, 2), 0);
    let creak = game.play(Move::Step(Dir::E)).expect("a step");
    assert!(creak.events.contains(&Event::Heard {
        guard: 0,
        at: Cell::new(4, 2)
    }));
    assert_eq!(mode(&creak, 0), GuardMode::Listen);
    assert_eq!(creak.guards[0].facing, Dir::W);
    assert!(!creak.noticed() || !creak.events.iter().any(|e| matches!(e, Event::Seen { .. })));
    let listens = reaction(seed, 1);
    for turn in 2..listens {
        let report = game.play(Move::Wait).expect("a wait");
        assert_eq!(mode(&report, 0), GuardMode::Listen, "turn {turn}");
    }
    let back = game.play(Move::Wait).expect("the last listening turn");
    assert_eq!(mode(&back, 0), GuardMode::Patrol);
}

/// §4.3, §3.5: a thief hidden on a table is not seen by a relaxed guard, even adjacent, but a patrol
/// whose next cell is the thief's bumps into it: the guard turns, stays, and chases; with a guard
/// chasing, hiding no longer works (§3.5), so its sight test sees the thief too.
#[test]
fn a_patrol_bumps_a_hidden_thief_and_chases() {
    let mut level = floor();
    item(&mut level, ItemKind::Table, Cell::new(5, 2));
    add_guard(
        &mut level,
        vec![
            Cell::new(3, 2),
            Cell::new(4, 2),
            Cell::new(5, 2),
            Cell::new(6, 2),
        ],
    );
    let mut game = Game::from(level, 1, Cell::new(5, 2), 0);
    let first = game.play(Move::Wait).expect("turn 1");
    assert_eq!(first.guards[0].cell, Cell::new(4, 2));
    assert!(
        !first.noticed(),
        "hidden from a relaxed guard: {:?}",
        first.events
    );
    let second = game.play(Move::Wait).expect("turn 2");
    assert_eq!(
        second.guards[0].cell,
        Cell::new(4, 2),
        "a bump does not move"
    );
    assert!(second.events.contains(&Event::Bumped { guard: 0 }));
    assert!(
        second
            .events
            .iter()
            .any(|e| matches!(e, Event::Seen { guard: 0, .. }))
    );
    assert_eq!(mode(&second, 0), GuardMode::ChaseVisibleTarget);
}

/// §6: a guard that sees the thief at a distance looks; if the thief then hides (a table) the alert
/// test does not see it (hidden, not adjacent), so Look counts down its `2 + rand(4)` turns and the
/// guard patrols again.
#[test]
fn a_look_that_sees_nothing_more_times_out_to_patrol() {
    let mut level = floor();
    item(&mut level, ItemKind::TorchLit, Cell::new(10, 4));
    item(&mut level, ItemKind::Table, Cell::new(8, 3));
    add_guard(&mut level, vec![Cell::new(3, 2); 3]);
    let seed = 5;
    let mut game = Game::from(level, seed, Cell::new(8, 2), 0);
    let first = game.play(Move::Wait).expect("turn 1");
    assert_eq!(mode(&first, 0), GuardMode::Look);
    let looks = reaction(seed, 1);
    let hide = game.play(Move::Step(Dir::N)).expect("onto the table");
    assert_eq!(hide.thief, Cell::new(8, 3));
    let mut turns = 2;
    let mut last = hide;
    while mode(&last, 0) == GuardMode::Look {
        last = game.play(Move::Wait).expect("a wait");
        turns += 1;
    }
    assert_eq!(mode(&last, 0), GuardMode::Patrol);
    assert_eq!(turns - 1, usize::from(looks), "Look lasts its drawn turns");
    assert!(!last.noticed());
}

/// §6: losing sight of a chased thief sends the guard to the last sighting (timeout 3 turns without
/// moving). In a dark corridor the chased thief leaps east two cells a turn while the guard gains one:
/// the gap grows by one a turn. Turn 1 the adjacent thief is seen and chased; after its fifth leap (turn 6)
/// the thief is at (14, 1) and the guard, at (7, 1) before it moves, is 7 away: d² 49 ≥ 33 (alert, dark,
/// §3.3), so the test before moving fails and the chase turns to the last sighting, (14, 1).
#[test]
fn a_chase_that_loses_sight_goes_to_the_last_sighting() {
    let mut level = Level::blank("test", 1, 0, (40, 3), Terrain::Marble);
    add_guard(&mut level, vec![Cell::new(3, 1); 3]);
    let mut game = Game::from(level, 2, Cell::new(4, 1), 0);
    let first = game.play(Move::Wait).expect("turn 1");
    assert_eq!(mode(&first, 0), GuardMode::ChaseVisibleTarget);
    for turn in 2..=5 {
        let report = game.play(Move::Leap(Dir::E)).expect("a leap");
        assert_eq!(
            mode(&report, 0),
            GuardMode::ChaseVisibleTarget,
            "turn {turn}"
        );
    }
    let lost = game.play(Move::Leap(Dir::E)).expect("turn 6");
    assert_eq!(lost.thief, Cell::new(14, 1));
    assert_eq!(mode(&lost, 0), GuardMode::MoveToLastSighting);
    assert_eq!(lost.guards[0].cell, Cell::new(8, 1));
    let alert = game.state().minds[0].alert.expect("alert");
    assert_eq!((alert.goal, alert.turns), (Cell::new(14, 1), 3));
}

/// §9.6 as the original plays it: the thief at (2, 2) leaps east over a relaxed guard at its post
/// (3, 2) toward the portcullis at (4, 2); the guard check (`game.ts:462-469`) finds nobody on the
/// portcullis, which then shortens the leap onto the guard (`game.ts:471-494`). The guard's turn
/// (`guard.ts:78-232`): relaxed, so no sight test before it acts; at its post its patrol step stands
/// still (no bump); its sight test after it acts (`guard.ts:191-199`) sees the thief at d = (0, 0) (in
/// the front half-plane, `0 ≥ 0`; d² 0 under the dark cutoff 3; not hidden; a line to its own cell),
/// and the thief is adjacent, so it chases at once and shouts. No hit yet: a chase hits only when the
/// guard was already chasing (`guard.ts:133-141`). The next turn the alert guard still sees the thief
/// and hits it: health 5 → 4.
#[test]
fn a_leap_shortened_onto_a_guard_lands_on_it_and_the_guard_chases_then_hits() {
    let mut level = floor();
    level.set_terrain(Cell::new(4, 2), Terrain::Portcullis(Axis::NS));
    add_guard(&mut level, vec![Cell::new(3, 2); 3]);
    let mut game = Game::from(level, 1, Cell::new(2, 2), 0);
    let leap = game.play(Move::Leap(Dir::E)).expect("the leap is played");
    assert_eq!(leap.thief, Cell::new(3, 2));
    assert_eq!(leap.guards[0].cell, Cell::new(3, 2));
    assert_eq!(mode(&leap, 0), GuardMode::ChaseVisibleTarget);
    assert!(
        leap.events
            .iter()
            .any(|e| matches!(e, Event::Seen { guard: 0, .. }))
    );
    assert!(
        leap.events
            .iter()
            .any(|e| matches!(e, Event::Shout { guard: 0, .. }))
    );
    assert_eq!(leap.health, 5);
    let hit = game.play(Move::Wait).expect("turn 2");
    assert_eq!(hit.health, 4);
    assert!(hit.events.contains(&Event::Hit {
        guard: 0,
        health: 4
    }));
}

/// A 9 × 7 yard of plain ground around a house: walls at x 2–6, y 1–5, a marble room x 3–5, y 2–4
/// inside, and a closed door (door terrain with a door item) at (4, 1). The game marks seen every cell
/// that is or touches plain ground when it creates the mansion (`create-map.ts:2155-2174`, at 115): all
/// but the room's 9 cells, which touch only walls and the door cell. The thief at (4, 0) sees none of
/// them (the door blocks its sight, §2.5). So the mansion is not fully mapped and a step off the map is
/// refused (`game.ts:441-446`). Stepping onto the door, the thief sees nothing from its own cell (a
/// blocker), but it peeks from (4, 2), which shows the whole room (`game-map.ts:410-421`): every cell is
/// seen, `postTurn` sets `finishedLevel` (`game.ts:570`, `582-588`) and the thief walks out and off the
/// map's south edge, leaving the level (`game.ts:360-367`).
#[test]
fn the_outside_is_seen_from_the_start_so_mapping_the_inside_lets_the_thief_leave() {
    let mut level = Level::blank("test", 1, 0, (9, 7), Terrain::Ground);
    for x in 2..=6 {
        for y in 1..=5 {
            let inside = (3..=5).contains(&x) && (2..=4).contains(&y);
            let terrain = if inside {
                Terrain::Marble
            } else {
                Terrain::Wall
            };
            level.set_terrain(Cell::new(x, y), terrain);
        }
    }
    level.set_terrain(Cell::new(4, 1), Terrain::Door(Axis::EW));
    item(&mut level, ItemKind::Door(Axis::EW), Cell::new(4, 1));
    let mut game = Game::from(level, 1, Cell::new(4, 0), 0);
    let seen = &game.state().seen;
    assert_eq!(seen.len(), 9 * 7 - 9);
    assert!(!seen.contains(Cell::new(4, 2)) && !seen.contains(Cell::new(3, 4)));
    game.play(Move::Wait).expect("a wait");
    assert!(!game.fully_mapped());
    assert!(game.play(Move::Step(Dir::S)).is_err(), "not mapped yet");
    game.play(Move::Step(Dir::N)).expect("onto the door");
    assert_eq!(game.state().seen.len(), 9 * 7);
    assert!(game.fully_mapped());
    game.play(Move::Step(Dir::S)).expect("back out");
    let out = game.play(Move::Step(Dir::S)).expect("off the map");
    assert!(out.events.contains(&Event::LeftLevel));
    assert_eq!(game.state().over, Some(Ending::LeftLevel));
}

/// A mansion all plain ground is seen whole when it is created (`create-map.ts:2155-2174`), but
/// "fully mapped" is the original's `finishedLevel`, cleared when the level starts (`game.ts:1095`) and
/// set only by `postTurn` at the end of a turn that passed (`game.ts:570`, `582-588`): the first move
/// off the map is refused (`game.ts:441-446`), and after one wait (`game.ts:323-327`) it leaves.
#[test]
fn a_mansion_seen_whole_at_the_start_is_fully_mapped_only_after_a_turn() {
    let level = Level::blank("test", 1, 0, (7, 5), Terrain::Ground);
    let mut game = Game::from(level, 1, Cell::new(0, 2), 0);
    assert_eq!(game.state().seen.len(), 7 * 5);
    assert!(!game.fully_mapped());
    assert!(game.play(Move::Step(Dir::W)).is_err());
    game.play(Move::Wait).expect("a wait");
    assert!(game.fully_mapped());
    let out = game.play(Move::Step(Dir::W)).expect("off the map");
    assert!(out.events.contains(&Event::LeftLevel));
}

/// §4.6 with no notice, §7 Step 0: while nobody notices the thief waiting at the player start, every
/// guard of the loop walks exactly as the analysis's undisturbed replay (relighting included).
#[test]
fn the_loops_undisturbed_guards_equal_the_analysis_replay() {
    let mut compared = 0;
    for game_no in 1..=12 {
        for level_no in 1..=9 {
            let level = Recipe::campaign_level(game_no, level_no)
                .build()
                .expect("generates");
            let turns = 120;
            let expected = replay(&TorchRules::GAME_2023, &level, turns);
            let mut game = Game::new(level, 1);
            for t in 1..=turns {
                let report = game.play(Move::Wait).expect("a wait at the start");
                if report.noticed() {
                    break;
                }
                for (g, guard) in report.guards.iter().enumerate() {
                    let looked = game.state().guards.states[g].looked;
                    assert_eq!(
                        (guard.cell, looked),
                        expected.guards[g].steps[t],
                        "game {game_no} level {level_no} guard {} turn {t}",
                        guard.guard
                    );
                    assert!(guard.mode.relaxed());
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 5000, "{compared} turns compared");
}
