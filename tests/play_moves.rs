//! The thief's moves (`src/play/`) against cases worked by hand from `stealth-rules.md` §5. Each level is
//! a small marble floor built by hand; y grows north (§0), so `N` is +y.

use mansion_forge::model::{Axis, Cell, Dir, Item, ItemKind, Level, Terrain};
use mansion_forge::play::{
    Move, MoveOutcome, Noise, ParseMoveError, Rejection, Rules2023, Surroundings, Thief,
    apply_move, parse_moves,
};

/// A 7 × 3 marble floor: the thief walks along the middle row, y = 1.
fn floor() -> Level {
    Level::blank("test", 1, 0, (7, 3), Terrain::Marble)
}

fn put(level: &mut Level, x: i32, y: i32, kind: ItemKind) {
    level.items.push(Item {
        kind,
        cell: Cell::new(x, y),
    });
}

/// Plays `moves` from `start` with no guards and the mansion not yet mapped; the outcomes and the thief.
fn play(level: &Level, start: Cell, moves: &[Move]) -> (Vec<MoveOutcome>, Thief) {
    play_around(level, start, moves, &Surroundings::default())
}

fn play_around(
    level: &Level,
    start: Cell,
    moves: &[Move],
    around: &Surroundings,
) -> (Vec<MoveOutcome>, Thief) {
    let rules = Rules2023::new(level);
    let mut thief = Thief::new(&rules, level, start);
    let outcomes = moves
        .iter()
        .map(|&mv| apply_move(&rules, level, &mut thief, around, mv))
        .collect();
    (outcomes, thief)
}

fn moved(path: &[(i32, i32)]) -> MoveOutcome {
    MoveOutcome::Moved {
        path: path.iter().map(|&(x, y)| Cell::new(x, y)).collect(),
        loot: Vec::new(),
        noise: None,
        left_level: false,
    }
}

#[test]
fn a_step_goes_one_cell_and_passes_a_turn() {
    // §5.1: a step tries distance 1; §4.6: any move that goes somewhere passes a turn.
    let (out, thief) = play(
        &floor(),
        Cell::new(1, 1),
        &[Move::Step(Dir::E), Move::Step(Dir::N)],
    );
    assert_eq!(out, [moved(&[(2, 1)]), moved(&[(2, 2)])]);
    assert!(out.iter().all(MoveOutcome::turn_passes));
    assert_eq!(thief.cell, Cell::new(2, 2));
}

#[test]
fn a_step_into_a_wall_is_rejected_and_costs_no_turn() {
    // §5.2 rule 2 and §5.3: a wall stops the move at distance 0; nothing happens, no turn passes.
    let mut level = floor();
    level.set_terrain(Cell::new(2, 1), Terrain::Wall);
    let (out, thief) = play(&level, Cell::new(1, 1), &[Move::Step(Dir::E)]);
    assert_eq!(out, [MoveOutcome::Rejected(Rejection::Blocked)]);
    assert!(!out[0].turn_passes());
    assert_eq!(thief.cell, Cell::new(1, 1));
}

#[test]
fn a_leap_goes_two_cells_over_a_torch_a_portcullis_and_a_window_in_its_direction() {
    // §5.2 consequences: the middle cell of a leap may be a torch, a portcullis or a window entered in
    // its own direction; the leap lands two cells on.
    let mut level = floor();
    put(&mut level, 2, 1, ItemKind::TorchLit);
    let (out, _) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [moved(&[(2, 1), (3, 1)])]);

    // §5.8: the way in is a leap north over the portcullis.
    let mut level = floor();
    level.set_terrain(Cell::new(3, 1), Terrain::Portcullis(Axis::EW));
    put(&mut level, 3, 1, ItemKind::Portcullis(Axis::EW));
    let (out, _) = play(&level, Cell::new(3, 0), &[Move::Leap(Dir::N)]);
    assert_eq!(out, [moved(&[(3, 1), (3, 2)])]);

    // §1.2 note 1: a window is crossed only by a leap in its direction.
    let mut level = floor();
    level.set_terrain(Cell::new(3, 1), Terrain::Window(Dir::W));
    let (out, _) = play(&level, Cell::new(4, 1), &[Move::Leap(Dir::W)]);
    assert_eq!(out, [moved(&[(3, 1), (2, 1)])]);
}

#[test]
fn a_leap_is_stopped_by_a_wall_or_a_wrong_way_window_in_the_middle() {
    // §5.2 rule 2: the walk out stops before the first blocked cell; a leap jumps nothing by itself.
    let mut level = floor();
    level.set_terrain(Cell::new(2, 1), Terrain::Wall);
    level.set_terrain(Cell::new(4, 1), Terrain::Window(Dir::W));
    let (out, thief) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [MoveOutcome::Rejected(Rejection::Blocked)]);
    assert_eq!(thief.cell, Cell::new(1, 1));
    // §1.2 note 1: entering a window against its direction is blocked and costs no turn.
    let (out, _) = play(&level, Cell::new(3, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [MoveOutcome::Rejected(Rejection::Blocked)]);
}

#[test]
fn a_leap_whose_landing_is_blocked_or_unstandable_lands_on_the_middle_cell() {
    // §5.2: a leap into a wall lands on the middle cell.
    let mut level = floor();
    level.set_terrain(Cell::new(3, 1), Terrain::Wall);
    let (out, _) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [moved(&[(2, 1)])]);
    // §5.2 rule 5: a torch on the landing shortens the leap by one.
    let mut level = floor();
    put(&mut level, 3, 1, ItemKind::TorchUnlit);
    let (out, _) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [moved(&[(2, 1)])]);
    // §5.2: a portcullis middle and a wall landing make the move 0 (no torch ahead: no turn).
    let mut level = floor();
    level.set_terrain(Cell::new(2, 1), Terrain::Portcullis(Axis::NS));
    level.set_terrain(Cell::new(3, 1), Terrain::Wall);
    let (out, _) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(out, [MoveOutcome::Rejected(Rejection::Blocked)]);
}

#[test]
fn coins_are_taken_on_a_step_and_on_both_cells_of_a_leap_once() {
    // §5.4: every cell entered, the middle cell of a leap included, has its coins collected.
    let mut level = floor();
    for x in [2, 4, 5] {
        put(&mut level, x, 1, ItemKind::Coin);
    }
    let moves = parse_moves("E E L:E W").expect("moves");
    let (out, thief) = play(&level, Cell::new(1, 1), &moves);
    let loot = |o: &MoveOutcome| match o {
        MoveOutcome::Moved { loot, .. } => loot.clone(),
        other => panic!("expected a move, got {other:?}"),
    };
    let c = |x| Cell::new(x, 1);
    assert_eq!(loot(&out[0]), [c(2)]);
    assert_eq!(loot(&out[1]), []);
    assert_eq!(loot(&out[2]), [c(4), c(5)]);
    assert_eq!(loot(&out[3]), [], "a coin is taken once");
    assert_eq!(thief.loot, [c(2), c(4), c(5)]);
    assert_eq!(thief.cell, c(4));
}

#[test]
fn a_move_into_a_torch_that_goes_nowhere_bumps_it_and_passes_a_turn() {
    // §5.3: distance 0 with a torch directly ahead toggles it, and a turn passes; the thief stays.
    let mut level = floor();
    put(&mut level, 2, 1, ItemKind::TorchLit);
    level.set_terrain(Cell::new(3, 1), Terrain::Wall);
    // A step into the torch, and a leap whose landing is a wall, shortened off the torch (§5.2 rule 5).
    let (out, thief) = play(
        &level,
        Cell::new(1, 1),
        &[Move::Step(Dir::E), Move::Leap(Dir::E)],
    );
    assert_eq!(
        out,
        [
            MoveOutcome::Bumped(Cell::new(2, 1)),
            MoveOutcome::Bumped(Cell::new(2, 1))
        ]
    );
    assert!(out.iter().all(MoveOutcome::turn_passes));
    assert_eq!(thief.cell, Cell::new(1, 1));
}

#[test]
fn a_wait_stays_and_passes_a_turn() {
    // §5.1: a wait passes a turn in place.
    let (out, thief) = play(&floor(), Cell::new(1, 1), &[Move::Wait]);
    assert_eq!(out, [MoveOutcome::Waited]);
    assert!(out[0].turn_passes());
    assert_eq!(thief.cell, Cell::new(1, 1));
}

#[test]
fn a_guard_on_the_landing_cancels_the_move_but_one_in_the_middle_is_leapt_over() {
    // §5.2 rule 4 and §9.16: a guard on the landing cancels the whole leap, middle free or not.
    let guards = [Cell::new(3, 1)];
    let around = Surroundings {
        guards: &guards,
        fully_mapped: false,
    };
    let (out, thief) = play_around(&floor(), Cell::new(1, 1), &[Move::Leap(Dir::E)], &around);
    assert_eq!(
        out,
        [MoveOutcome::Rejected(Rejection::Guard(Cell::new(3, 1)))]
    );
    assert_eq!(thief.cell, Cell::new(1, 1));
    // §9.7: leaping over a guard is allowed when the landing is free.
    let (out, _) = play_around(&floor(), Cell::new(2, 1), &[Move::Leap(Dir::E)], &around);
    assert_eq!(out, [moved(&[(3, 1), (4, 1)])]);
}

#[test]
fn a_leap_shortened_onto_a_guard_lands_on_the_guard() {
    // §9.6, as the original plays it (`playerMoveDistAllowed`, `game.ts:431-497`): a leap east from
    // (1, 1) reaches (3, 1), a portcullis, a window facing east or a torch, all passable; the guard
    // check looks at (3, 1) only (`game.ts:462-469`) and finds nobody; then (3, 1) is a cell the thief
    // may not stop on, so the leap is shortened by one (`game.ts:471-494`) and is not checked again:
    // the thief lands on (2, 1), where the guard stands, and the move passes a turn.
    let guards = [Cell::new(2, 1)];
    let around = Surroundings {
        guards: &guards,
        fully_mapped: false,
    };
    let portcullis =
        |level: &mut Level| level.set_terrain(Cell::new(3, 1), Terrain::Portcullis(Axis::NS));
    let window = |level: &mut Level| level.set_terrain(Cell::new(3, 1), Terrain::Window(Dir::E));
    let torch = |level: &mut Level| put(level, 3, 1, ItemKind::TorchLit);
    let landings: [&dyn Fn(&mut Level); 3] = [&portcullis, &window, &torch];
    for (i, lay) in landings.into_iter().enumerate() {
        let mut level = floor();
        lay(&mut level);
        let (out, thief) = play_around(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)], &around);
        assert_eq!(out, [moved(&[(2, 1)])], "landing {i}");
        assert!(out[0].turn_passes());
        assert_eq!(thief.cell, Cell::new(2, 1));
    }
}

#[test]
fn a_guard_on_the_farthest_cell_cancels_a_leap_that_would_have_been_shortened() {
    // `game.ts:462-469` before `471-494`: a leap east from (1, 1) reaches the portcullis at (3, 1); a
    // guard standing there cancels the move (distance 0) before the portcullis could shorten it onto
    // the free (2, 1). Nothing to bump at (2, 1) (`game.ts:329-348`), so no turn passes.
    let mut level = floor();
    level.set_terrain(Cell::new(3, 1), Terrain::Portcullis(Axis::NS));
    let guards = [Cell::new(3, 1)];
    let around = Surroundings {
        guards: &guards,
        fully_mapped: false,
    };
    let (out, thief) = play_around(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)], &around);
    assert_eq!(
        out,
        [MoveOutcome::Rejected(Rejection::Guard(Cell::new(3, 1)))]
    );
    assert_eq!(thief.cell, Cell::new(1, 1));
}

#[test]
fn only_landing_on_a_creaky_board_makes_noise() {
    // §5.5: ending a move on a creaky board is heard; leaping over one is silent.
    let mut level = floor();
    level.set_terrain(Cell::new(2, 1), Terrain::WoodCreaky);
    let (out, _) = play(
        &level,
        Cell::new(1, 1),
        &[Move::Step(Dir::E), Move::Step(Dir::W)],
    );
    let noise = |o: &MoveOutcome| match o {
        MoveOutcome::Moved { noise, .. } => *noise,
        other => panic!("expected a move, got {other:?}"),
    };
    assert_eq!(
        noise(&out[0]),
        Some(Noise {
            at: Cell::new(2, 1)
        })
    );
    assert_eq!(noise(&out[1]), None);
    let (out, _) = play(&level, Cell::new(1, 1), &[Move::Leap(Dir::E)]);
    assert_eq!(noise(&out[0]), None);
}

#[test]
fn entering_water_counts_six_hidden_turns_and_land_resets_the_counter() {
    // §5.7: on water the counter drops by one each turn (6, 5, …, 1 hidden, then 0), anywhere else it
    // is set to 7; there is no water penalty to moving.
    let mut level = floor();
    level.set_terrain(Cell::new(2, 1), Terrain::Water);
    let rules = Rules2023::new(&level);
    let mut thief = Thief::new(&rules, &level, Cell::new(1, 1));
    assert_eq!(thief.breath, 7);
    let around = Surroundings::default();
    let mut counts = Vec::new();
    for mv in parse_moves("E w w w w w w w W").expect("moves") {
        apply_move(&rules, &level, &mut thief, &around, mv);
        counts.push(thief.breath);
    }
    assert_eq!(counts, [6, 5, 4, 3, 2, 1, 0, 0, 7]);
}

#[test]
fn the_map_edge_stops_the_thief_until_the_mansion_is_fully_mapped() {
    // §5.2 rule 1 and §5.8: stepping off the map is allowed only once every cell has been seen.
    let (out, _) = play(&floor(), Cell::new(0, 1), &[Move::Step(Dir::W)]);
    assert_eq!(out, [MoveOutcome::Rejected(Rejection::Blocked)]);
    let around = Surroundings {
        guards: &[],
        fully_mapped: true,
    };
    let (out, thief) = play_around(&floor(), Cell::new(0, 1), &[Move::Step(Dir::W)], &around);
    assert_eq!(
        out,
        [MoveOutcome::Moved {
            path: vec![Cell::new(-1, 1)],
            loot: Vec::new(),
            noise: None,
            left_level: true,
        }]
    );
    assert_eq!(thief.cell, Cell::new(-1, 1));
}

#[test]
fn the_move_notation_reads_steps_waits_and_leaps() {
    // The CLI's notation for §5.1's moves: N E S W steps, w wait, L:<dir> a leap.
    let moves = parse_moves("N N W L:E w").expect("good moves");
    assert_eq!(
        moves,
        [
            Move::Step(Dir::N),
            Move::Step(Dir::N),
            Move::Step(Dir::W),
            Move::Leap(Dir::E),
            Move::Wait,
        ]
    );
    let written: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(written.join(" "), "N N W L:E w");
    assert_eq!(parse_moves("  \n"), Ok(Vec::new()));
}

#[test]
fn a_bad_move_token_is_named_with_its_position() {
    for (text, position, token) in [
        ("N x E", 2, "x"),
        ("L:Q", 1, "L:Q"),
        ("E E l:E", 3, "l:E"),
        ("N W n", 3, "n"),
        ("L: E", 1, "L:"),
    ] {
        let err = parse_moves(text).expect_err(text);
        assert_eq!(
            err,
            ParseMoveError {
                position,
                token: token.to_string()
            }
        );
        assert!(
            err.to_string()
                .contains(&format!("move {position} `{token}`")),
            "{err}"
        );
    }
}
