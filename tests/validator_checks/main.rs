//! Every check of the validator fires: for each invariant number it can report (spec
//! `siheyuan-mansion.md` §8, plus 0 for a level whose sizes and ids do not fit together), a valid campaign
//! level is broken in exactly that respect, the way a hand edit or a damaged file would break it, and the
//! validator must name that number, and the cell or room where it gives one.
//!
//! Each case says which other invariants its edit breaks by necessity (for instance, bricking up a room's
//! only door also cuts its floor off from the start); any other number reported fails the case, so a check
//! that fires on the wrong thing is caught as well as one that never fires.
//!
//! Only `validate`, `Violation`'s number and place, and the model's fields are used, so that the tests
//! outlive changes inside the analysis. The cases live in `layout.rs` (§8 items 3–11, and 0) and
//! `contents.rs` (items 12–26); this file holds the shared helpers, the runner and the coverage checks.

use mansion_forge::analysis::validate::{FindingKind, validate};
use mansion_forge::generate::campaign;
use mansion_forge::model::{Cell, ItemKind, Level, Plan, RoomId, RoomKind, RoomOrigin};

/// Every number `validate` can report, read off `src/analysis/validate/` (`report.add`, `report.at` and
/// `report.in_room` calls): 0 for an unsound structure, then §8's 3–26. Invariants 1–2 concern the campaign
/// plan, not a level, and are checked in `tests/invariants.rs`.
const VALIDATOR_CHECKS: [u32; 25] = [
    0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
];

/// The outer ring of walls lies on `x = 3`, `y = 3`, `x = W − 4` and `y = H − 4` (§8 item 4).
const RING: i32 = 3;
/// Games searched for a level that has what a case needs (a large courtyard, a dead end, …).
const SEARCH_GAMES: u64 = 60;

mod contents;
mod layout;

/// Where the validator must place the violation, if anywhere.
enum Where {
    /// The check gives no place.
    Nowhere,
    /// At one of these cells.
    Cell(Vec<Cell>),
    /// In one of these rooms.
    Room(Vec<RoomId>),
}

/// A level broken on purpose.
struct Broken {
    level: Level,
    at: Where,
    /// Other invariants the edit cannot help breaking, and which must then be reported too.
    with: &'static [u32],
    /// Other invariants the edit may break, depending on the level (each case says why).
    may: &'static [u32],
}

impl Broken {
    fn new(level: Level, at: Where) -> Self {
        Broken {
            level,
            at,
            with: &[],
            may: &[],
        }
    }
}

/// The first campaign level among `levels` of games 0, 1, … for which `pick` finds what a case needs.
fn find<T>(
    levels: std::ops::RangeInclusive<u32>,
    mut pick: impl FnMut(&Level) -> Option<T>,
) -> (Level, T) {
    for game in 0..SEARCH_GAMES {
        for l in levels.clone() {
            let level = campaign::plan(game).generate(l).expect("level in range");
            if let Some(found) = pick(&level) {
                return (level, found);
            }
        }
    }
    panic!("no level of {SEARCH_GAMES} games at levels {levels:?} fits this case");
}

fn plan(level: &Level) -> Plan {
    level.plan.expect("a siheyuan level has a plan")
}

fn mirror(level: &Level, c: Cell) -> Cell {
    Cell::new(level.width - 1 - c.x, c.y)
}

fn slot(level: &Level, r: RoomId) -> Option<(i32, i32)> {
    match level.rooms[r].origin {
        RoomOrigin::Slot { rx, ry } => Some((rx, ry)),
        _ => None,
    }
}

fn room_at_slot(level: &Level, rx: i32, ry: i32) -> Option<RoomId> {
    (0..level.rooms.len()).find(|&r| slot(level, r) == Some((rx, ry)))
}

/// The room across the vertical axis (itself in the middle column).
fn mirror_room(level: &Level, r: RoomId) -> RoomId {
    let (rx, ry) = slot(level, r).expect("a slot room");
    room_at_slot(level, plan(level).rooms_x - 1 - rx, ry).expect("every slot has a partner")
}

/// `r` and its mirror partner, once each.
fn with_mirror(level: &Level, r: RoomId) -> Vec<RoomId> {
    let mut rooms = vec![r, mirror_room(level, r)];
    rooms.dedup();
    rooms
}

fn doors_of(level: &Level, r: RoomId) -> usize {
    level
        .adjacencies
        .iter()
        .filter(|a| a.door && a.touches(r))
        .count()
}

fn coins_in(level: &Level, r: RoomId) -> Vec<Cell> {
    let cells = &level.rooms[r].cells;
    level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin && cells.contains(&i.cell))
        .map(|i| i.cell)
        .collect()
}

fn on_a_route(level: &Level, c: Cell) -> bool {
    level.patrols.iter().any(|p| p.cells.contains(&c))
}

fn slot_rooms(level: &Level, kind: RoomKind) -> impl Iterator<Item = RoomId> + '_ {
    (0..level.rooms.len()).filter(move |&r| level.rooms[r].kind == kind && slot(level, r).is_some())
}

/// Runs one case: the level is valid before, and afterwards reports `invariant` at the right place, plus
/// only the invariants the case names.
fn check(invariant: u32, case: fn() -> (Level, Broken)) {
    let (original, broken) = case();
    let before = validate(&original);
    assert!(
        before.is_empty(),
        "the unbroken level is not valid: {before:?}"
    );
    let found = validate(&broken.level);
    let listing = found
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    let of_it: Vec<_> = found.iter().filter(|v| v.invariant == invariant).collect();
    assert!(
        !of_it.is_empty(),
        "invariant {invariant} not reported; the validator said:\n{listing}"
    );
    match &broken.at {
        Where::Nowhere => {}
        Where::Cell(cells) => assert!(
            of_it
                .iter()
                .any(|v| v.cell.is_some_and(|c| cells.contains(&c))),
            "invariant {invariant} not reported at {cells:?}:\n{listing}"
        ),
        Where::Room(rooms) => assert!(
            of_it
                .iter()
                .any(|v| v.room.is_some_and(|r| rooms.contains(&r))),
            "invariant {invariant} not reported in rooms {rooms:?}:\n{listing}"
        ),
    }
    for &with in broken.with {
        assert!(
            found.iter().any(|v| v.invariant == with),
            "invariant {with}, which this edit also breaks, not reported:\n{listing}"
        );
    }
    let expected = |n: u32| n == invariant || broken.with.contains(&n) || broken.may.contains(&n);
    assert!(
        found.iter().all(|v| expected(v.invariant)),
        "breaking invariant {invariant} also reported others:\n{listing}"
    );
}

/// One test per case, and the table of which invariant each case breaks.
macro_rules! cases {
    ($($module:ident::$name:ident: $invariant:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($invariant, super::$module::$name);
            }
        )*
        /// (invariant, case) for every case above.
        pub const CASES: &[(u32, &str)] = &[$(($invariant, stringify!($name)),)*];
    };
}

mod fires {
    use super::check;

    cases! {
        layout::guard_on_a_missing_route: 0,
        layout::terrain_shorter_than_the_map: 0,
        layout::plan_disagrees_with_the_map: 3,
        layout::gap_in_the_outer_wall: 4,
        layout::room_too_small: 5,
        layout::window_on_one_side_only: 6,
        layout::mirror_partners_crossed: 6,
        layout::corner_with_no_straight_line: 7,
        layout::door_of_the_wrong_kind: 8,
        layout::portcullis_without_its_item: 8,
        layout::bricked_up_dead_end: 9,
        layout::second_front_door: 9,
        layout::outside_named_a_courtyard: 9,
        layout::no_outside_named: 9,
        layout::depth_out_of_step: 9,
        layout::pocket_inside_the_walls: 10,
        layout::room_without_floor: 10,
        layout::start_beside_the_front_door: 11,
        contents::too_few_private_rooms: 12,
        contents::private_room_at_the_front: 13,
        contents::courtyards_of_both_kinds_touch: 14,
        contents::table_on_a_chair: 15,
        contents::chair_in_a_doorway: 16,
        contents::extra_front_pillars: 17,
        contents::creaky_board_below_level_4: 18,
        contents::creaky_board_in_a_private_room: 18,
        contents::lit_torch_at_level_0: 18,
        contents::courtyard_pool_filled_in: 19,
        contents::coin_in_a_wall: 20,
        contents::coin_missing: 20,
        contents::guard_off_its_start: 21,
        contents::outside_rings_not_opposite: 22,
        contents::route_through_a_wall: 23,
        contents::route_without_a_pause: 24,
        contents::station_listed_twice: 24,
        contents::room_on_two_routes: 25,
        contents::room_left_unpatrolled: 26,
    }
}

/// The invariant numbers in the validator's source: the first argument of every `report.<method>(` call.
fn numbers_in_validator_source() -> Vec<u32> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/analysis/validate");
    let mut numbers = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the validator's source folder") {
        let path = entry.expect("a directory entry").path();
        let source = std::fs::read_to_string(&path).expect("readable source");
        for (at, _) in source.match_indices("report.") {
            let call = &source[at + "report.".len()..];
            let Some(open) = call.find('(') else { continue };
            if !call[..open]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                continue;
            }
            let args = call[open + 1..].trim_start();
            let digits: String = args.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse() {
                numbers.push(n);
            }
        }
    }
    numbers.sort_unstable();
    numbers.dedup();
    numbers
}

/// Which invariants a break reports as playability errors (the level cannot be played as meant) and
/// which as generator notes (a generator guarantee a designer may break on purpose).
#[test]
fn findings_are_errors_or_notes_by_what_they_break() {
    let kinds = |case: fn() -> (Level, Broken)| {
        let (_, broken) = case();
        validate(&broken.level)
            .into_iter()
            .map(|v| (v.invariant, v.kind))
            .collect::<Vec<_>>()
    };
    let coin = kinds(contents::coin_in_a_wall);
    assert!(coin.contains(&(10, FindingKind::Playability)), "{coin:?}");
    assert!(coin.contains(&(20, FindingKind::GeneratorNote)), "{coin:?}");
    let route = kinds(contents::route_through_a_wall);
    assert!(route.contains(&(23, FindingKind::Playability)), "{route:?}");
    // Records a level cannot be read by (its outside, a room's floor) are errors; records only a
    // generator keeps (mirror partners, depths, stations listed once) are notes.
    for (case, invariant) in [
        (
            layout::outside_named_a_courtyard as fn() -> (Level, Broken),
            9,
        ),
        (layout::no_outside_named, 9),
        (layout::room_without_floor, 10),
    ] {
        let found = kinds(case);
        assert!(
            found.contains(&(invariant, FindingKind::Playability)),
            "{found:?}"
        );
    }
    for case in [
        layout::window_on_one_side_only,
        layout::mirror_partners_crossed,
        layout::depth_out_of_step,
        contents::room_on_two_routes,
        contents::station_listed_twice,
    ] {
        let found = kinds(case);
        assert!(
            found.iter().all(|&(_, k)| k == FindingKind::GeneratorNote),
            "{found:?}"
        );
    }
    let shape = kinds(layout::guard_on_a_missing_route);
    assert_eq!(shape, vec![(0, FindingKind::Playability)]);
}

#[test]
fn the_list_of_checks_is_the_validators() {
    assert_eq!(
        numbers_in_validator_source(),
        VALIDATOR_CHECKS,
        "the validator reports other invariant numbers than VALIDATOR_CHECKS lists; update the list and \
         add a case that breaks each new one"
    );
}

#[test]
fn every_check_has_a_case_and_every_case_a_check() {
    for n in VALIDATOR_CHECKS {
        assert!(
            fires::CASES.iter().any(|&(i, _)| i == n),
            "no case breaks invariant {n}"
        );
    }
    for &(n, name) in fires::CASES {
        assert!(
            VALIDATOR_CHECKS.contains(&n),
            "case {name} breaks invariant {n}, which the validator does not check"
        );
    }
}
