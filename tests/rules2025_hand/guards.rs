//! The guards' mode changes, each on a level of its own.

use mansion_forge::model::Cell;
use mansion_forge::play::rules2025::{Event, GuardMode as M, Noise, Setup, sketch_mark};

use super::{has, start};

/// A lit room: guard 0 on the west wall facing east, a table, a lit torch; the thief starts on the
/// table.
const LOOK_ROOM: [&str; 5] = [
    "##########",
    "#....t...#",
    "#0.....!.#",
    "#........#",
    "##########",
];

fn look_room() -> Setup {
    let mut s = Setup::sketch(&LOOK_ROOM);
    s.player_start = sketch_mark(&LOOK_ROOM, 't');
    s
}

/// Patrol → Look → Patrol: a thief seen briefly at a distance, then hidden again.
///
/// - The torch at (7,2) lights the room: `castLight` with radius² 45 (`game-map.ts:801-805`,
///   `834-930`) reaches (5,2) (d² 4) and the guard (d² 36).
/// - Move `S` puts the thief on (5,2), off the table. After the guards act, `postActSense` tests sight
///   (`guard.ts:471`): (5,2) is ahead (`dot(dir, d)` = 4 ≥ 0, `guard.ts:661`), lit, and d² = 16 is
///   under the relaxed lit cutoff 40 (`guard.ts:699-707`); the line (2..4, 2) crosses only floor
///   (`guard.ts:1096-1147`); the thief is not hidden. A relaxed
///   guard not adjacent to the thief looks: Look with timeout `2 + rand(4)` (`guard.ts:472-474`).
///   Look is not a chase, so no spotting is counted (`guard.ts:593-598`).
/// - Move `N` hides the thief under the table (`create-map.ts:7051-7056`, `game-map.ts:432-452`: no
///   guard chases). Look is alert, so the guard first tests sight again (`guard.ts:206-212`), but a
///   hidden thief two or more cells away is not seen (`guard.ts:672-676`); Look then counts its
///   timeout down by one each turn and returns to Patrol at 0 (`guard.ts:256-264`).
#[test]
fn a_thief_seen_briefly_makes_a_relaxed_guard_look_then_patrol_again() {
    let mut p = start("look then patrol", look_room());
    let o = p.go("S");
    assert!(has(&o, |e| matches!(e, Event::Noticed { guard: 0 })));
    assert_eq!(p.mode(0), M::Look);
    let drawn = p.guard(0).timeout;
    assert!((2..=5).contains(&drawn), "Look's timeout {drawn}");
    assert_eq!(p.snap().spottings, 0);
    assert!(p.game.noticed() && !p.game.spotted());

    p.go("N");
    let mut left = drawn - 1;
    while left > 0 {
        assert_eq!((p.mode(0), p.guard(0).timeout), (M::Look, left));
        p.go("w");
        left -= 1;
    }
    assert_eq!((p.mode(0), p.guard(0).timeout), (M::Patrol, 0));
    assert_eq!(p.guard(0).cell, Cell::new(1, 2));
    assert_eq!(p.snap().spottings, 0, "a Look is no spotting");
}

/// Patrol → Look → `ChaseVisibleTarget`: the thief stays in view.
///
/// After the Look of the test above, move `w` leaves the thief on (5,2). Look is alert, so before it
/// moves the guard tests sight (`guard.ts:206-212`; it plans to stand, so no offset): alert lit cutoff
/// 75 > 16, and it chases at once. Chasing, it heads for the thief (`guard.ts:276-303`): the first step
/// of the distance field toward (5,2) from (1,2) is straight ahead, (2,2) (`game-map.ts:1000-1027`). After moving it still sees the thief
/// (`guard.ts:471-477`), and entering the chase from Look counts one spotting and shouts
/// (`guard.ts:593-598`).
#[test]
fn a_thief_still_in_view_turns_a_look_into_a_chase() {
    let mut p = start("look then chase", look_room());
    p.go("S");
    assert_eq!(p.mode(0), M::Look);
    let o = p.go("w");
    assert!(has(&o, |e| matches!(e, Event::Spotted { guard: 0 })));
    assert_eq!(p.mode(0), M::ChaseVisibleTarget);
    assert_eq!(p.guard(0).cell, Cell::new(2, 2));
    assert_eq!(p.snap().spottings, 1);
    assert!(p.game.spotted());
}

/// Patrol → `ChaseVisibleTarget` at once: a relaxed guard that sees the thief adjacent does not look
/// first (`guard.ts:472-477`: Look only when not adjacent).
///
/// Dark room (no light source): the relaxed unlit cutoff is 3 (`guard.ts:705`). From (3,3) the thief is
/// at d = (2,1), d² = 5, not seen; move `W` to (2,3) makes d = (1,1), d² = 2 < 3, ahead (dot 1 ≥ 0), and
/// adjacent (`guard.ts:636-640`), so the guard chases and a spotting is counted (`guard.ts:593-598`).
#[test]
fn a_relaxed_guard_chases_an_adjacent_thief_without_looking() {
    let rows = ["######", "#..@.#", "#0...#", "#....#", "######"];
    let mut p = start("adjacent chase", Setup::sketch(&rows));
    assert_eq!(p.thief(), Cell::new(3, 3));
    let o = p.go("w");
    assert_eq!(p.mode(0), M::Patrol, "d² 5 in the dark is out of range");
    assert!(!has(&o, |e| matches!(e, Event::Noticed { .. })));
    let o = p.go("W");
    assert!(has(&o, |e| matches!(e, Event::Spotted { guard: 0 })));
    assert!(!has(&o, |e| matches!(e, Event::Noticed { .. })));
    assert_eq!(p.mode(0), M::ChaseVisibleTarget);
    assert_eq!(p.snap().spottings, 1);
}

/// A noise: only the closest hearer investigates; the other relaxed hearers Listen; a guard beyond
/// earshot hears nothing.
///
/// - Move `W` ends on creaky boards at (3,1): a Creak with the default earshot 23 (`game.ts:1518-1520`,
///   `2164`). `guardsInEarshot` (`game-map.ts:1200-1257`) walks outward from the thief, 2 a straight
///   step and 3 a diagonal one (`game-map.ts:500-509`), and lists guards in the order it reaches them:
///   guard 0 at cost 4, guard 1 at cost 12; guard 2 at cost 24 > 23 is not reached. The first listed
///   is the closest (`game.ts:2196-2204`).
/// - Guard 0 (closest, relaxed) goes to the sound: `MoveToLastSound`, timeout `4 + rand(2)`, goal the
///   thief's cell, planning to stand this turn (`guard.ts:224-233`); standing, `MoveToLastSound` takes one
///   off the timeout (`guard.ts:334-345`): 3 or 4.
/// - Guard 1 (relaxed, not closest) Listens: timeout `2 + rand(4)` (`guard.ts:220-223`), then one off
///   for the turn (`guard.ts:256-264`): 1 to 4.
/// - All three face west or east away from the thief and the corridor is dark, so none sees it.
#[test]
fn only_the_closest_hearer_investigates_the_others_listen() {
    let rows = [
        "##################",
        "#0._@....1.....2.#",
        "##################",
    ];
    let mut s = Setup::sketch(&rows);
    s.guards[0].dir = (-1, 0);
    let mut p = start("hearing", s);
    let o = p.go("W");
    assert_eq!(p.thief(), Cell::new(3, 1));
    assert!(has(&o, |e| matches!(
        e,
        Event::Noise {
            noise: Noise::Creak,
            heard_by: 2
        }
    )));
    assert_eq!(p.mode(0), M::MoveToLastSound);
    assert!((3..=4).contains(&p.guard(0).timeout));
    assert_eq!(p.mode(1), M::Listen);
    assert!((1..=4).contains(&p.guard(1).timeout));
    assert_eq!(p.mode(2), M::Patrol);
}

/// A lit room west of a door, a dark room east of it with a table at its far end.
const CHASE_ROOMS: [&str; 5] = [
    "################",
    "#...!...#......#",
    "#0.....@+.....t#",
    "#.......#......#",
    "################",
];

/// Chase → `MoveToLastSighting` → `InvestigateLastSighting` → Patrol: the thief slips through a door and
/// hides.
///
/// - `w`: the relaxed guard sees the thief at (7,2) (lit by the torch at (4,3), d² 36 < 40): Look.
/// - `E` into the doorway (8,2): Look sees it again before moving (alert, lit cutoff 75 > 49) and chases
///   (`guard.ts:206-212`), stepping to (2,2); one spotting (`guard.ts:593-598`).
/// - `E` to (9,2): every line from the guard to it crosses the door cell, whose door blocks sight
///   (`create-map.ts:7038-7050`, `guard.ts:1135-1138`), so the chaser does not see it. It still steps
///   toward the thief's cell, which it copies into its goal every chasing turn (`guard.ts:277`, to
///   (3,2)); then, having chased last turn and seeing nothing now, it goes to the last sighting:
///   `MoveToLastSighting`, timeout 3 (`guard.ts:478-481`), goal (9,2).
/// - `L:E`, `L:E`, `E`: the thief leaps to (11,2), (13,2), and steps onto the table at (14,2), hidden.
///   The guard walks (4,2), (5,2), (6,2), then on through the door; the timeout only falls on a turn it
///   does not move (`guard.ts:306-319`).
/// - Then waiting: it reaches (9,2) on the 9th move and starts investigating with timeout 5
///   (`guard.ts:309-311`). Each turn of `InvestigateLastSighting` takes one off; while it is 3 or more and
///   the guard stands on its goal, the goal moves one cell ahead (`guard.ts:321-332`, `607-614`): the
///   guard goes (10,2), (11,2), (12,2), stands one turn, and at 0 patrols again (14th move). The thief,
///   hidden two cells from (12,2), is never seen (`guard.ts:672-676`).
#[test]
fn a_chaser_that_loses_the_thief_goes_to_the_last_sighting_and_investigates() {
    let mut p = start("lose the thief", Setup::sketch(&CHASE_ROOMS));
    p.go("w");
    assert_eq!(p.mode(0), M::Look);
    p.go("E");
    assert_eq!(
        (p.mode(0), p.guard(0).cell),
        (M::ChaseVisibleTarget, Cell::new(2, 2))
    );
    assert_eq!(p.snap().spottings, 1);
    p.go("E");
    assert_eq!(
        (p.mode(0), p.guard(0).cell, p.guard(0).timeout),
        (M::MoveToLastSighting, Cell::new(3, 2), 3)
    );
    p.go_all("L:E L:E E");
    assert_eq!(p.thief(), Cell::new(14, 2));
    let expected = [
        (M::MoveToLastSighting, 7, 3),
        (M::MoveToLastSighting, 8, 3),
        (M::InvestigateLastSighting, 9, 5),
        (M::InvestigateLastSighting, 9, 4),
        (M::InvestigateLastSighting, 10, 3),
        (M::InvestigateLastSighting, 11, 2),
        (M::InvestigateLastSighting, 12, 1),
        (M::Patrol, 12, 0),
    ];
    assert_eq!(
        (p.mode(0), p.guard(0).cell),
        (M::MoveToLastSighting, Cell::new(6, 2))
    );
    for (k, &(mode, x, timeout)) in expected.iter().enumerate() {
        p.go("w");
        let g = p.guard(0);
        assert_eq!(
            (g.mode, g.cell, g.timeout),
            (mode, Cell::new(x, 2), timeout),
            "wait {}",
            k + 1
        );
    }
    assert_eq!(p.snap().spottings, 1);
}

/// A room with a torch, a torch-carrying guard (1) and one without (0), both facing west.
fn torch_room(torch: char) -> Setup {
    let rows = [
        "##############",
        "#............#",
        format!("#.1..{torch}t......#").leak(),
        "#0...........#",
        "##############",
    ];
    let mut s = Setup::sketch(&rows);
    s.player_start = sketch_mark(&rows, 't');
    for g in &mut s.guards {
        g.dir = (-1, 0);
    }
    s.guards[1].torch = true;
    s
}

/// A doused torch: only a torch carrier goes to relight it (`MoveToTorch` → `LightTorch`, 5 turns) and then
/// patrols; a guard without a torch only remarks on it.
///
/// - `W` from the table at (6,2) bumps the lit torch at (5,2): it goes out and is the thief's used item
///   (`game.ts:1398-1406`).
/// - Guard 1 carries a torch and patrols, so it looks for the nearest unlit torch within d² 64 in line
///   of sight, whatever its facing (`guard.ts:537-551`, `1069-1086`): (5,2) at d² 9. Not cardinally
///   adjacent: `MoveToTorch`, timeout 3. Guard 0 has no torch: for a doused torch it only speaks
///   (`guard.ts:555-566`), and stays on Patrol.
/// - The thief leaps east twice and steps once, to (11,2): dark (the torch is out; the carrier's own
///   light has radius² 15, `game-map.ts:815-823`) and, once the torch is lit again, d² 49 ≥ 40 from the
///   guard: never seen.
/// - `MoveToTorch` walks toward a cell beside the torch (`guard.ts:161-167`, `game-map.ts:1072-1085`):
///   (3,2), then (4,2), which is cardinally adjacent: `LightTorch`, timeout 5 (`guard.ts:412-430`).
///   `LightTorch` takes one off each turn and lights the torch at 0; with no other unlit torch in view it
///   patrols again (`guard.ts:432-454`): the torch burns again on the 8th move, and guard 1 is on Patrol.
#[test]
fn only_a_torch_carrier_relights_a_doused_torch() {
    let torch = Cell::new(5, 2);
    let mut p = start("relight", torch_room('!'));
    let o = p.go("W");
    assert!(has(
        &o,
        |e| matches!(e, Event::TorchDoused { cell } if *cell == torch)
    ));
    assert_eq!((p.mode(1), p.guard(1).timeout), (M::MoveToTorch, 3));
    assert_eq!(p.mode(0), M::Patrol);
    let steps = [
        ("L:E", M::MoveToTorch, 3, 3),
        ("L:E", M::LightTorch, 4, 5),
        ("E", M::LightTorch, 4, 4),
        ("w", M::LightTorch, 4, 3),
        ("w", M::LightTorch, 4, 2),
        ("w", M::LightTorch, 4, 1),
    ];
    for (mv, mode, x, timeout) in steps {
        p.go(mv);
        let g = p.guard(1);
        assert_eq!(
            (g.mode, g.cell, g.timeout),
            (mode, Cell::new(x, 2), timeout),
            "{mv}"
        );
        assert_eq!(p.mode(0), M::Patrol);
    }
    assert_eq!(p.thief(), Cell::new(11, 2));
    let o = p.go("w");
    assert!(has(&o, |e| matches!(
        e,
        Event::TorchLit { cell, by_guard: Some(1) } if *cell == torch
    )));
    assert_eq!(p.mode(1), M::Patrol);
    assert!(
        p.snap()
            .items
            .contains(&(torch, mansion_forge::play::rules2025::ItemType::TorchLit))
    );
    assert!(!p.game.noticed());
}

/// A torch the thief lights: a relaxed guard without a torch turns to look at it (`LookAtTorch`); the
/// torch carrier does not.
///
/// - `W` from the table bumps the unlit torch at (5,2): it is lit and is the thief's used item
///   (`game.ts:1388-1396`).
/// - Guard 0 has no torch, is relaxed, is d² 17 ≤ 64 from the torch with a clear line: `LookAtTorch`,
///   timeout `2 + rand(4)`, goal the torch (`guard.ts:553-563`). Guard 1 carries a torch and is left out
///   (`guard.ts:555`); there is no unlit torch for it to relight.
/// - On each later turn `LookAtTorch` turns the guard toward its goal and takes one off the timeout,
///   patrolling again at 0 (`guard.ts:266-274`, facing `guard.ts:1044-1067`: the torch is behind it,
///   so it turns about to face east). The thief stays hidden on the table, unseen.
#[test]
fn a_guard_without_a_torch_looks_at_a_torch_the_thief_lights() {
    let mut p = start("look at torch", torch_room('i'));
    let o = p.go("W");
    assert!(has(&o, |e| matches!(
        e,
        Event::TorchLit { by_guard: None, .. }
    )));
    assert_eq!(p.mode(0), M::LookAtTorch);
    assert_eq!(p.guard(0).dir, (-1, 0), "it turns in its next act");
    let drawn = p.guard(0).timeout;
    assert!((2..=5).contains(&drawn));
    assert_eq!(p.mode(1), M::Patrol);
    for left in (1..drawn).rev() {
        p.go("w");
        assert_eq!((p.mode(0), p.guard(0).timeout), (M::LookAtTorch, left));
        assert_eq!(p.guard(0).dir, (1, 0));
    }
    p.go("w");
    assert_eq!(p.mode(0), M::Patrol);
    assert_eq!(p.mode(1), M::Patrol);
    assert!(!p.game.noticed());
}

/// A knocked-out guard stays down: its drawn timeout never counts down.
///
/// `L:E` toward the adjacent guard (facing away, relaxed, not chasing) knocks it out: Unconscious for
/// `max(1, 40 − 2·level) + rand(20)` = 40…59 at level 0 (`game.ts:1828-1863`). An unconscious guard's
/// act only wakes it when the timeout is already 0 and never lowers it (`guard.ts:456-462`); nothing
/// else on this level lowers it (only a waking guard, `guard.ts:392-410`, an alarm, `game.ts:2205-2210`,
/// or water, `game.ts:1009-1012`). After 80 turns it is still down with the same timeout.
#[test]
fn a_knocked_out_guard_never_wakes_alone() {
    let rows = ["#######", "#@0...#", "#######"];
    let mut p = start("knock-out stays down", Setup::sketch(&rows));
    let o = p.go("L:E");
    assert!(o.turn_passed);
    assert!(has(&o, |e| matches!(e, Event::KnockedOut { guard: 0 })));
    assert_eq!(
        p.thief(),
        Cell::new(1, 1),
        "the knock-out does not move the thief"
    );
    assert_eq!(p.mode(0), M::Unconscious);
    let drawn = p.guard(0).timeout;
    assert!((40..=59).contains(&drawn), "knock-out time {drawn}");
    for _ in 0..80 {
        p.go("w");
    }
    assert_eq!((p.mode(0), p.guard(0).timeout), (M::Unconscious, drawn));
}

/// Another guard finds the downed guard and wakes it: `MoveToDownedGuard` → `WakeGuard`.
///
/// - `L:S` from (2,2) knocks out guard 0 at (2,1). Guard 1 at (4,1) faces west: guard 0 is exactly two
///   cells ahead, always in range (`guard.ts:668`), in clear line, not on a hiding cell
///   (`guard.ts:691-697`): it goes to it, angry, `MoveToDownedGuard`, timeout 3 (`guard.ts:499-523`). The
///   thief at (2,2) is d² 5 from it in the dark: out of the relaxed range 3 when it was tested.
/// - `N` into the door (2,3): guard 1 steps to (3,1), cardinally adjacent to the downed guard:
///   `WakeGuard`, timeout 3 (`guard.ts:347-364`). The wall at (3,2) cuts every line to the thief.
/// - `N`, `E`: `WakeGuard` takes one off a turn; at 0 it sets the downed guard's timeout to 0 and patrols
///   (`guard.ts:392-410`) — on the 5th move. Guard 0 acted before it that turn (guards keep their order
///   when no one chases and routes are equally long, `guard.ts:852-867`), so it is still down; guard 1,
///   patrolling again, sees it and goes to it once more (`guard.ts:499-523`).
/// - 6th move: guard 0's act finds its timeout 0, so it wakes angry and patrols (`guard.ts:456-462`);
///   guard 1, beside a guard that is no longer unconscious, patrols (`guard.ts:350-357`).
#[test]
fn another_guard_wakes_a_knocked_out_guard() {
    let rows = [
        "#######", "##..###", "##+####", "##@####", "#.0.1.#", "#######",
    ];
    let mut s = Setup::sketch(&rows);
    s.guards[1].dir = (-1, 0);
    let mut p = start("wake the downed guard", s);
    p.go("L:S");
    assert_eq!(p.mode(0), M::Unconscious);
    assert_eq!((p.mode(1), p.guard(1).timeout), (M::MoveToDownedGuard, 3));
    assert!(p.guard(1).angry);
    p.go("N");
    assert_eq!(
        (p.mode(1), p.guard(1).cell, p.guard(1).timeout),
        (M::WakeGuard, Cell::new(3, 1), 3)
    );
    p.go("N");
    assert_eq!((p.mode(1), p.guard(1).timeout), (M::WakeGuard, 2));
    p.go("E");
    assert_eq!((p.mode(1), p.guard(1).timeout), (M::WakeGuard, 1));
    p.go("w");
    assert_eq!((p.mode(0), p.guard(0).timeout), (M::Unconscious, 0));
    assert_eq!(p.mode(1), M::MoveToDownedGuard);
    p.go("w");
    assert_eq!(p.mode(0), M::Patrol);
    assert!(p.guard(0).angry, "a guard waking from a knock-out is angry");
    assert_eq!(p.mode(1), M::Patrol);
    assert!(!p.game.noticed());
}
