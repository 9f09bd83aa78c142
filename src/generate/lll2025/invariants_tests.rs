//! One test per checked invariant: a level broken by hand must be reported under that invariant's number
//! (so the checks can fail), and the unbroken level must not be.

use super::super::ascii::GuardRecord;
use super::super::map::{Item, ItemKind, Terrain};
use super::super::plan::{LevelType, game_plan};
use super::super::rooms::{DoorType, RoomType};
use super::{Build, check, check_campaign};

/// The build of `game`'s level `level`, checked clean first.
fn clean(game: u32, level: usize) -> Build {
    let build = Build::new(&game_plan(&format!("game {game}"))[level]);
    assert_eq!(check(&build), Vec::new(), "game {game} L{level} is clean");
    build
}

/// The invariant numbers reported for `build`.
fn numbers(build: &Build) -> Vec<u8> {
    check(build).iter().map(|v| v.invariant).collect()
}

/// The first indoor room of a build.
fn indoor(build: &Build) -> usize {
    build.indoor_rooms().next().expect("an indoor room")
}

#[test]
fn invariant_1_level_types() {
    let mut plan = game_plan("game 1");
    assert!(check_campaign(&plan).is_empty());
    plan[0].level_type = LevelType::Mansion;
    assert!(check_campaign(&plan).iter().any(|v| v.invariant == 1));
}

#[test]
fn invariant_2_loot_split() {
    let mut plan = game_plan("game 1");
    plan[0].loot += 1;
    assert!(check_campaign(&plan).iter().any(|v| v.invariant == 2));
}

#[test]
fn invariant_3_rooms_have_doors() {
    let mut b = clean(1, 2);
    let room = indoor(&b);
    for w in b.graph.rooms[room].edges.clone() {
        b.graph.walls[w].door = false;
    }
    assert!(numbers(&b).contains(&3));
}

#[test]
fn invariant_4_cells_reachable() {
    let mut b = clean(1, 2);
    let r = &b.graph.rooms[indoor(&b)];
    let (x, y) = (r.min.0 + 1, r.min.1 + 1);
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        b.map.set(x + dx, y + dy, Terrain::Wall(0));
    }
    assert!(numbers(&b).contains(&4));
}

#[test]
fn invariant_5_start_on_gravel() {
    let mut b = clean(1, 2);
    b.map.set(b.start.0, b.start.1, Terrain::GroundGrass);
    assert!(numbers(&b).contains(&5));
}

#[test]
fn invariant_6_front_rows() {
    let mut b = clean(1, 2);
    b.map.set(0, 0, Terrain::GroundGrass);
    assert!(numbers(&b).contains(&6));
}

#[test]
fn invariant_7_manors_mirrored() {
    let mut b = clean(1, 0);
    b.mirrors.x = false;
    assert!(numbers(&b).contains(&7));
}

#[test]
fn invariant_8_throne_only_in_fortresses() {
    let mut b = clean(1, 2);
    let room = indoor(&b);
    b.graph.rooms[room].room_type = RoomType::ThroneRoom;
    assert!(numbers(&b).contains(&8));
}

#[test]
fn invariant_9_no_locked_door_below_level_3() {
    let mut b = clean(1, 2);
    let w = b
        .graph
        .wall_list
        .iter()
        .copied()
        .find(|&w| b.graph.walls[w].door);
    b.graph.walls[w.expect("a door")].door_type = DoorType::Locked;
    assert!(numbers(&b).contains(&9));
}

#[test]
fn invariant_10_no_private_courtyard_at_level_9() {
    let mut b = clean(1, 9);
    let room = indoor(&b);
    b.graph.rooms[room].room_type = RoomType::PrivateCourtyard;
    assert!(numbers(&b).contains(&10));
}

#[test]
fn invariant_11_no_lit_torch_at_level_0() {
    let mut b = clean(1, 0);
    let (x, y) = b.start;
    b.map.items.push(Item {
        x,
        y: y + 1,
        kind: ItemKind::TorchLit,
    });
    assert!(numbers(&b).contains(&11));
}

#[test]
fn invariant_12_coins_and_purses_make_the_loot() {
    let mut b = clean(1, 2);
    let coin = b.map.items.iter().position(|i| i.kind == ItemKind::Coin);
    b.map.items.remove(coin.expect("a coin"));
    assert!(numbers(&b).contains(&12));
}

#[test]
fn invariant_13_one_coin_per_cell() {
    let mut b = clean(1, 2);
    let coin = *b
        .map
        .items
        .iter()
        .find(|i| i.kind == ItemKind::Coin)
        .expect("a coin");
    b.map.items.push(coin);
    assert!(numbers(&b).contains(&13));
}

#[test]
fn invariant_14_no_guard_at_level_0() {
    let mut b = clean(1, 0);
    b.guards.push(GuardRecord {
        pos: b.start,
        flags: 0,
        path: vec![b.start],
        letter: 'G',
        visits: Vec::new(),
        stops: Vec::new(),
        sweep: false,
    });
    assert!(numbers(&b).contains(&14));
}

#[test]
fn invariant_15_two_outside_guards_from_level_6() {
    let mut b = clean(1, 6);
    let n = b.guards.iter().position(|g| g.letter == 'O');
    b.guards.remove(n.expect("an outside guard"));
    assert!(numbers(&b).contains(&15));
}

#[test]
fn invariant_16_every_room_patrolled() {
    let mut b = clean(1, 2);
    b.guards.retain(|g| g.path.len() <= 1);
    assert!(numbers(&b).contains(&16));
}

#[test]
fn invariant_17_routes_are_closed_walks() {
    let mut b = clean(1, 2);
    let guard = b.guards.iter_mut().find(|g| g.path.len() > 1);
    let guard = guard.expect("a walking guard");
    let (x, y) = guard.path[0];
    guard.path.push((x + 5, y));
    assert!(numbers(&b).contains(&17));
}

#[test]
fn invariant_19_no_torch_beside_a_window() {
    let mut b = clean(1, 2);
    let m = &b.map;
    let spot = (0..m.h)
        .flat_map(|y| (0..m.w).map(move |x| (x, y)))
        .find(|&(x, y)| m.at(x, y).is_window())
        .expect("a window");
    let (x, y) = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .map(|(dx, dy)| (spot.0 + dx, spot.1 + dy))
        .find(|&(x, y)| m.contains(x, y) && !m.at(x, y).is_wall_or_better())
        .expect("a floor beside the window");
    b.map.items.push(Item {
        x,
        y,
        kind: ItemKind::TorchUnlit,
    });
    assert!(numbers(&b).contains(&19));
}
