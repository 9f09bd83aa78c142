//! The thief's actions: step, leap and its degraded forms, dousing a torch in a leap, swapping with a
//! chaser, locked doors, and leaving the level.

use mansion_forge::model::Cell;
use mansion_forge::play::rules2025::{Event, GuardMode as M, ItemType, Setup, sketch_mark};

use super::{has, start};

/// A step moves one cell and a leap two, each passing a turn (`game.ts:1471`, `1524`; `1820-1822`,
/// `1988`, `2041`).
#[test]
fn a_step_moves_one_cell_and_a_leap_two() {
    let rows = ["#########", "#@......#", "#########"];
    let mut p = start("step and leap", Setup::sketch(&rows));
    assert!(p.go("E").turn_passed);
    assert_eq!(p.thief(), Cell::new(2, 1));
    assert!(p.go("L:E").turn_passed);
    assert_eq!(p.thief(), Cell::new(4, 1));
    assert_eq!(p.game.turns(), 2);
}

/// Plays one leap east on a one-row level and returns whether a turn passed and where the thief is.
fn leap_east(name: &str, row: &str, start_on: char) -> (bool, Cell) {
    let wall = "#".repeat(row.len());
    let rows = [wall.as_str(), row, wall.as_str()];
    let mut s = Setup::sketch(&rows);
    s.player_start = sketch_mark(&rows, start_on);
    let mut p = start(name, s);
    let passed = p.go("L:E").turn_passed;
    (passed, p.thief())
}

/// Where the original shortens a leap (`game.ts:1800-1929`):
/// - from water, a leap is a step (`game.ts:1866-1871`);
/// - over a wall it is a step, and a step into a wall is refused without a turn (`game.ts:1883-1888`,
///   `1315-1331`, `1087-1104`: an attempted leap bumps without noise unless a bump came just before);
/// - over a doorway holding a door it is a step into the doorway (`game.ts:1890-1896`);
/// - onto a cell it may not land on (tall drawers, `game.ts:720-753`) with a free middle cell, it is a
///   step to the middle (`game.ts:1908-1924`);
/// - over short drawers, which the thief may not stand on (`game.ts:656-708`), it is a full leap to the
///   free cell beyond (`game.ts:2131-2150`), while a plain step into them is refused
///   (`game.ts:1368-1386`).
#[test]
fn a_leap_is_shortened_where_the_original_shortens_it() {
    assert_eq!(
        leap_east("leap from water", "#~...#", '~'),
        (true, Cell::new(2, 1))
    );
    assert_eq!(
        leap_east("leap over a wall", "#@#..#", '@'),
        (false, Cell::new(1, 1))
    );
    let door_rows = ["#####", "#@+.#", "#####"];
    let mut p = start("leap over a door", Setup::sketch(&door_rows));
    assert!(p.go("L:E").turn_passed);
    assert_eq!(p.thief(), Cell::new(2, 1), "into the doorway");
    assert_eq!(
        leap_east("leap onto tall drawers", "#@.h.#", '@'),
        (true, Cell::new(2, 1))
    );
    assert_eq!(
        leap_east("leap over short drawers", "#@d..#", '@'),
        (true, Cell::new(3, 1))
    );
    let rows = ["######", "#@d..#", "######"];
    let mut p = start("step into short drawers", Setup::sketch(&rows));
    assert!(!p.go("E").turn_passed);
    assert_eq!(p.thief(), Cell::new(1, 1));
}

/// Leaping through a lit torch puts it out and lands beyond it (`game.ts:1946-1955`); the torch cell is
/// not one the thief may step on (`game.ts:686-687`), but it may be leapt over (`game.ts:1908-1913`
/// test only the landing). Bumping a lit torch with a step puts it out too, without moving
/// (`game.ts:1398-1406`).
#[test]
fn leaping_through_a_lit_torch_douses_it() {
    let rows = ["#######", "#@!.!.#", "#######"];
    let mut p = start("leap through a torch", Setup::sketch(&rows));
    let o = p.go("L:E");
    assert!(o.turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 1));
    assert!(has(
        &o,
        |e| matches!(e, Event::TorchDoused { cell } if *cell == Cell::new(2, 1))
    ));
    let o = p.go("E");
    assert!(o.turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 1), "a bump does not move");
    assert!(has(
        &o,
        |e| matches!(e, Event::TorchDoused { cell } if *cell == Cell::new(4, 1))
    ));
    let items = p.snap().items;
    assert!(items.contains(&(Cell::new(2, 1), ItemType::TorchUnlit)));
    assert!(items.contains(&(Cell::new(4, 1), ItemType::TorchUnlit)));
    assert!(p.snap().lit.iter().all(|&l| l <= 0.0), "no light is left");
}

/// A chasing guard cannot be stepped into, but a leap at it swaps places.
///
/// - `w`: the guard faces the adjacent thief (d² 1 < 3 in the dark, ahead): it chases at once
///   (`guard.ts:472-477`).
/// - `W` into the chaser is refused without a turn (`game.ts:1443-1445`).
/// - `L:W`: the guard in the middle chases, so it is moved to the thief's cell and the thief steps into
///   the guard's (`game.ts:1841-1844`, `1033-1045`). The guard, chasing since last turn and adjacent,
///   turns about to face the thief and hits it for one health (`guard.ts:276-299`).
#[test]
fn a_leap_at_a_chaser_swaps_places_with_it() {
    let rows = ["######", "#.0@.#", "######"];
    let mut p = start("swap with a chaser", Setup::sketch(&rows));
    p.go("w");
    assert_eq!(p.mode(0), M::ChaseVisibleTarget);
    let o = p.go("W");
    assert!(!o.turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 1));
    let o = p.go("L:W");
    assert!(o.turn_passed);
    assert_eq!(p.thief(), Cell::new(2, 1));
    assert_eq!(p.guard(0).cell, Cell::new(3, 1));
    assert_eq!(p.guard(0).dir, (-1, 0));
    assert!(has(&o, |e| matches!(e, Event::Hit { guard: 0 })));
    assert_eq!(p.snap().health, 4);
}

/// A locked door refuses the thief until it has the key; knocking out the guard that carries it gives
/// it.
///
/// - `N` into the locked door without the key: refused, no turn (`game.ts:1420-1428`, `1087-1123`).
/// - `L:E` knocks out the key carrier facing away (`game.ts:1846-1852`) and takes the key
///   (`game.ts:945-948`).
/// - `N`: with the key the locked door is passed like any doorway (`game.ts:1420-1429` falls through).
#[test]
fn a_locked_door_needs_the_key() {
    let rows = ["#######", "#.....#", "###&###", "#..@0.#", "#######"];
    let mut s = Setup::sketch(&rows);
    s.guards[0].key = true;
    let mut p = start("locked door", s);
    let o = p.go("N");
    assert!(!o.turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 1));
    assert!(!p.snap().has_key);
    let o = p.go("L:E");
    assert!(has(&o, |e| matches!(e, Event::KnockedOut { guard: 0 })));
    assert!(p.snap().has_key);
    assert!(p.go("N").turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 2));
    assert!(p.go("N").turn_passed);
    assert_eq!(p.thief(), Cell::new(3, 3));
}

/// Leaving needs every cell seen and all the loot taken (`game.ts:2274-2284`, `1276-1313`).
///
/// The level's outside is revealed at the start by a flood from the thief's cell that stops at wall-line
/// cells (`create-map.ts:6971-6997`), so the room behind the door is unseen: the door blocks the thief's
/// view (`create-map.ts:7032-7037`). Stepping off the map is refused without a turn until the level is
/// finished; once finished, it ends the level.
/// - Here the coin is inside: after looking in from the doorway every cell is seen, but the loot is not
///   taken, and leaving is still refused.
#[test]
fn leaving_needs_the_loot_as_well_as_every_cell_seen() {
    let rows = ["#######", "#$....#", "#.....#", "###+###", ":::@:::"];
    let mut p = start("leave: loot missing", Setup::sketch(&rows));
    assert!(!p.go("S").turn_passed);
    assert!(!p.game.left_level());
    p.go("N");
    assert!(
        p.snap().seen.iter().all(|&s| s),
        "the doorway shows the whole room"
    );
    p.go("S");
    assert!(!p.game.finished());
    assert!(!p.go("S").turn_passed);
    assert!(!p.game.left_level());
    p.go_all("N N L:W N");
    assert_eq!(p.snap().loot, 1);
    assert!(p.game.finished());
    p.go_all("S L:E S S");
    assert_eq!(p.thief(), Cell::new(3, 0));
    let o = p.go("S");
    assert!(has(&o, |e| matches!(e, Event::LeftLevel)));
    assert!(p.game.left_level());
}

/// - Here the coin lies outside: taken at once, but the room is unseen, and leaving is refused until
///   the thief has looked in from the doorway.
#[test]
fn leaving_needs_every_cell_seen_as_well_as_the_loot() {
    let rows = ["#######", "#.....#", "#.....#", "###+###", ":::@$::"];
    let mut p = start("leave: room unseen", Setup::sketch(&rows));
    p.go("E");
    assert_eq!(p.snap().loot, 1);
    assert!(!p.game.finished());
    assert!(!p.go("S").turn_passed);
    assert!(!p.game.left_level());
    p.go_all("W N");
    assert!(p.game.finished());
    p.go("S");
    let o = p.go("S");
    assert!(has(&o, |e| matches!(e, Event::LeftLevel)));
    assert!(p.game.left_level());
}

/// Where the thief may stand (`game.ts:656-708`, `create-map.ts:7015-7019`, `6999-7005`): floor, a
/// doorway and a table yes; a wall, tall drawers, a stove and a window no.
#[test]
fn where_the_thief_may_stand() {
    let rows = ["#########", "#@.t+hs>#", "#########"];
    let p = start("may stand", Setup::sketch(&rows));
    let may = |x| p.game.thief_may_stand(Cell::new(x, 1));
    assert_eq!(
        (0..8).map(may).collect::<Vec<_>>(),
        [false, true, true, true, true, false, false, false]
    );
}
