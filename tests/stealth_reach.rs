//! What the route search says of loot it gives no route: every such item has a reason, a walled-in
//! coin is unreachable, and on a level with more loot than the search covers the items nearest the
//! start are searched (and get routes) while each of the rest is said to be not searched, instead of
//! the horizon shrinking until no item has a route (issue 42: `analyze` on a coin field reported no
//! route for any loot, "within 1 turns").

use mansion_forge::analysis::stealth::{self, NoRoute};
use mansion_forge::generate::build::exterior_room;
use mansion_forge::model::{Cell, Entrance, Item, ItemKind, Level, Terrain};

/// An open marble floor of `width` × `height` with the outside (the exits) as its westmost column,
/// the thief starting at its middle, no guard, a coin on every cell of the listed `coins`, and a coin
/// at (`width` − 2, 1) walled in on all eight sides.
fn open_floor(width: i32, height: i32, coins: impl Iterator<Item = Cell>) -> Level {
    let mut level = Level::blank("test", 1, 0, (width, height), Terrain::Marble);
    for y in 0..height {
        level.set_terrain(Cell::new(0, y), Terrain::Ground);
    }
    let vault = Cell::new(width - 2, 1);
    for dx in -1..=1 {
        for dy in -1..=1 {
            if (dx, dy) != (0, 0) {
                level.set_terrain(vault.offset(dx, dy), Terrain::Wall);
            }
        }
    }
    let exterior = exterior_room(&level);
    level.rooms.push(exterior);
    level.entrance = Entrance {
        room: 0,
        cell: Cell::new(1, height / 2),
        exterior: Some(0),
        depth_seeds: Vec::new(),
        exit_cell: None,
    };
    level.player_start = Cell::new(0, height / 2);
    level.items.push(Item {
        kind: ItemKind::Coin,
        cell: vault,
    });
    let walls: Vec<Cell> = level
        .all_cells()
        .filter(|&c| level.terrain(c) == Terrain::Wall)
        .collect();
    level.items.extend(
        coins
            .filter(|c| *c != vault && !walls.contains(c))
            .map(|cell| Item {
                kind: ItemKind::Coin,
                cell,
            }),
    );
    level
}

fn steps_from(start: Cell, c: Cell) -> i32 {
    (c.x - start.x).abs().max((c.y - start.y).abs())
}

#[test]
fn a_coin_behind_walls_is_unreachable_and_the_others_have_routes() {
    let level = open_floor(24, 12, [Cell::new(10, 3), Cell::new(20, 9)].into_iter());
    let s = stealth::analyze(&level);
    assert_eq!(s.routes[0].no_route, Some(NoRoute::Unreachable));
    assert!(s.routes[0].route.is_none());
    for r in &s.routes[1..] {
        assert!(r.ghost, "no guard: {:?} has a ghost route", r.cell);
        assert_eq!(r.no_route, None);
    }
}

#[test]
fn with_more_loot_than_the_search_covers_the_nearest_loot_is_searched_and_the_rest_said_so() {
    // 160 × 64 cells, a coin on nearly every other one: far more than the search covers at a
    // useful horizon.
    let (width, height) = (160, 64);
    let coins = (1..width)
        .flat_map(|x| (0..height).map(move |y| Cell::new(x, y)))
        .filter(|c| (c.x + c.y) % 2 == 0);
    let level = open_floor(width, height, coins);
    let s = stealth::analyze(&level);
    assert!(
        s.horizon >= 64,
        "the horizon stays useful: {} turns",
        s.horizon
    );
    let start = level.player_start;
    let searched: Vec<_> = s
        .routes
        .iter()
        .filter(|r| r.no_route != Some(NoRoute::NotSearched))
        .collect();
    let skipped: Vec<_> = s
        .routes
        .iter()
        .filter(|r| r.no_route == Some(NoRoute::NotSearched))
        .collect();
    assert!(!skipped.is_empty(), "the search is cut on this level");
    assert!(
        searched.iter().filter(|r| r.ghost).count() >= 100,
        "the nearest loot gets its routes"
    );
    for r in &s.routes {
        assert_eq!(r.route.is_none(), r.no_route.is_some(), "{:?}", r.cell);
    }
    assert_eq!(s.routes[0].no_route, Some(NoRoute::Unreachable));
    let farthest_searched = searched
        .iter()
        .filter(|r| r.no_route != Some(NoRoute::Unreachable))
        .map(|r| steps_from(start, r.cell))
        .max()
        .unwrap();
    let nearest_skipped = skipped
        .iter()
        .map(|r| steps_from(start, r.cell))
        .min()
        .unwrap();
    assert!(farthest_searched <= nearest_skipped);
    // Every reason reads as words a designer understands.
    assert!(
        NoRoute::NotSearched
            .words(s.horizon)
            .starts_with("not searched")
    );
    assert!(
        NoRoute::NoneWithin
            .words(s.horizon)
            .contains(&s.horizon.to_string())
    );
}
