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
//! outlive changes inside the analysis.

use mansion_forge::analysis::validate::validate;
use mansion_forge::generate::campaign;
use mansion_forge::model::{
    Cell, Dir, Item, ItemKind, Level, Plan, RoomId, RoomKind, RoomOrigin, Terrain,
};

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

/// 0: a guard assigned to a route the file does not hold (a route deleted by hand).
fn guard_on_a_missing_route() -> (Level, Broken) {
    let (level, ()) = find(1..=9, |l| (!l.guards.is_empty()).then_some(()));
    let mut broken = level.clone();
    broken.patrols.pop();
    (level, Broken::new(broken, Where::Nowhere))
}

/// 0: a terrain grid one row short of the stated height.
fn terrain_shorter_than_the_map() -> (Level, Broken) {
    let (level, ()) = find(0..=0, |_| Some(()));
    let mut broken = level.clone();
    broken.height += 1;
    (level, Broken::new(broken, Where::Nowhere))
}

/// 3: the plan's room grid one row shorter than the map was built for.
fn plan_disagrees_with_the_map() -> (Level, Broken) {
    let (level, ()) = find(1..=1, |_| Some(()));
    let mut broken = level.clone();
    if let Some(p) = broken.plan.as_mut() {
        p.rooms_y -= 1;
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 4: a hole knocked through the west outer wall and its mirror (kept symmetric so only the ring breaks).
fn gap_in_the_outer_wall() -> (Level, Broken) {
    let (level, hole) = find(0..=9, |l| {
        (RING + 1..l.height - RING - 1)
            .map(|y| Cell::new(RING, y))
            .find(|&c| l.terrain(c) == Terrain::Wall && l.terrain(mirror(l, c)) == Terrain::Wall)
    });
    let mut broken = level.clone();
    for c in [hole, mirror(&level, hole)] {
        broken.set_terrain(c, Terrain::Ground);
    }
    let at = Where::Cell(vec![hole, mirror(&level, hole)]);
    (level, Broken::new(broken, at))
}

/// 5: a room record one row high (its cells and coins untouched; a coinless room, so the loot check,
/// which looks for coins inside room rectangles, is not disturbed).
fn room_too_small() -> (Level, Broken) {
    let (level, r) = find(0..=9, |l| {
        slot_rooms(l, RoomKind::Room).find(|&r| coins_in(l, r).is_empty())
    });
    let mut broken = level.clone();
    let rect = &mut broken.rooms[r].interior;
    rect.y1 = rect.y0 + 1;
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// 7: at a grid corner, the straight wall line of a room record moved by one, so neither line is straight.
/// The room (north-west of the corner) is outside the middle column, has no coins, and stays between 2
/// and 6 cells a side and below 5×5, so the size, loot and template checks are not disturbed.
fn corner_with_no_straight_line() -> (Level, Broken) {
    let (level, (nw, x1, y0)) = find(1..=9, |l| {
        let p = plan(l);
        let middle = (p.rooms_x - 1) / 2;
        let rect = |rx, ry| room_at_slot(l, rx, ry).map(|r| (r, l.rooms[r].interior));
        for i in (1..p.rooms_x).filter(|&i| i - 1 != middle) {
            for j in 1..p.rooms_y {
                let (Some((_, sw)), Some((nw, north)), Some((_, se))) =
                    (rect(i - 1, j - 1), rect(i - 1, j), rect(i, j))
                else {
                    continue;
                };
                let x1 = north.x1 - i32::from(sw.x1 == north.x1);
                let y0 = north.y0 + i32::from(north.y0 == se.y0);
                let (w, h) = (x1 - north.x0, north.y1 - y0);
                let sizes_ok = (2..=6).contains(&w) && (2..=6).contains(&h) && (w < 5 || h < 5);
                if sizes_ok && coins_in(l, nw).is_empty() {
                    return Some((nw, x1, y0));
                }
            }
        }
        None
    });
    let mut broken = level.clone();
    let rect = &mut broken.rooms[nw].interior;
    (rect.x1, rect.y0) = (x1, y0);
    (level, Broken::new(broken, Where::Nowhere))
}

/// 6: a window knocked into the west outer wall only.
fn window_on_one_side_only() -> (Level, Broken) {
    let torch_beside = |l: &Level, c: Cell| {
        c.neighbours4()
            .iter()
            .any(|n| l.item_at(*n).is_some_and(|i| i.kind.is_torch()))
    };
    let (level, c) = find(0..=9, |l| {
        (RING + 1..l.height - RING - 1)
            .map(|y| Cell::new(RING, y))
            .find(|&c| l.terrain(c) == Terrain::Wall && !torch_beside(l, c))
    });
    let mut broken = level.clone();
    broken.set_terrain(c, Terrain::Window(Dir::W));
    (level, Broken::new(broken, Where::Cell(vec![c])))
}

/// 8: a room's door and its mirror turned into garden gates, which belong only between courtyards.
fn door_of_the_wrong_kind() -> (Level, Broken) {
    let (level, door) = find(0..=9, |l| {
        l.all_cells()
            .find(|&c| matches!(l.terrain(c), Terrain::Door(_)))
    });
    let mut broken = level.clone();
    for c in [door, mirror(&level, door)] {
        if let Terrain::Door(axis) = level.terrain(c) {
            broken.set_terrain(c, Terrain::GardenDoor(axis));
        }
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 8: the portcullis item lost, its cell kept.
fn portcullis_without_its_item() -> (Level, Broken) {
    let (level, ()) = find(0..=0, |_| Some(()));
    let mut broken = level.clone();
    broken
        .items
        .retain(|i| !matches!(i.kind, ItemKind::Portcullis(_)));
    (level, Broken::new(broken, Where::Nowhere))
}

/// 9: a dead-end room's only door bricked up, with its mirror's (door records, cells and items alike, so
/// the door count and symmetry still agree). Its floor is then walled off from the start too (10), and a
/// guard whose route went through that door now walks through a wall (23).
///
/// The room is behind the front row: the check walks the door graph from the entrance's depth seeds, which
/// for the siheyuan generator are the whole front row, so a front-row room cut off from every door is
/// not reported under 9 (only under 10, through its terrain).
fn bricked_up_dead_end() -> (Level, Broken) {
    let (level, (r, adj)) = find(0..=9, |l| {
        let seeds = &l.entrance.depth_seeds;
        slot_rooms(l, RoomKind::Room).filter(|r| !seeds.contains(r)).find_map(|r| {
            let mut doors = l.adjacencies.iter().enumerate().filter(|(_, a)| a.door && a.touches(r));
            let (Some((id, a)), None) = (doors.next(), doors.next()) else {
                return None;
            };
            // The neighbour loses a door too; it must not become a dead end (that would change which
            // rooms the loot rule serves first).
            let n = a.other(r);
            let kind = l.rooms[n].kind;
            let stays = kind != RoomKind::Room || doors_of(l, n) >= 3;
            (kind != RoomKind::Exterior && stays).then_some((r, id))
        })
    });
    let mut broken = level.clone();
    let mut adjacencies = vec![adj, level.adjacencies[adj].mirror.unwrap_or(adj)];
    adjacencies.dedup();
    for id in adjacencies {
        let a = &mut broken.adjacencies[id];
        a.door = false;
        let cells = std::mem::take(&mut a.door_cells);
        for c in cells {
            broken.set_terrain(c, Terrain::Wall);
            broken.items.retain(|i| i.cell != c);
        }
    }
    let broken = Broken {
        with: &[10],
        may: &[23],
        ..Broken::new(broken, Where::Room(with_mirror(&level, r)))
    };
    (level, broken)
}

/// 9: a second door to the outside in the door records (on a room that is no dead end, so the loot rule
/// for dead ends is not disturbed).
fn second_front_door() -> (Level, Broken) {
    let (level, adj) = find(0..=9, |l| {
        let exterior = l.entrance.exterior?;
        l.adjacencies.iter().position(|a| {
            let inside = a.other(exterior);
            a.touches(exterior)
                && !a.door
                && (l.rooms[inside].kind != RoomKind::Room || doors_of(l, inside) >= 2)
        })
    });
    let mut broken = level.clone();
    broken.adjacencies[adj].door = true;
    (level, Broken::new(broken, Where::Nowhere))
}

/// 10: a pocket hollowed out where four walls meet (and in its mirror): floor that nobody can reach.
fn pocket_inside_the_walls() -> (Level, Broken) {
    let (level, pocket) = find(1..=9, |l| {
        l.all_cells().find(|&c| {
            c.x > RING
                && c.y > RING
                && c.x < l.width - 1 - RING
                && c.y < l.height - 1 - RING
                && l.terrain(c) == Terrain::Wall
                && c.neighbours4().iter().all(|n| l.terrain(*n) == Terrain::Wall)
        })
    });
    let mut broken = level.clone();
    for c in [pocket, mirror(&level, pocket)] {
        broken.set_terrain(c, Terrain::Wood);
    }
    (level, Broken::new(broken, Where::Cell(vec![pocket])))
}

/// 11: the player start moved one step east along the front path.
fn start_beside_the_front_door() -> (Level, Broken) {
    let (level, ()) = find(0..=9, |_| Some(()));
    let mut broken = level.clone();
    broken.player_start = level.player_start.offset(1, 0);
    let at = Where::Cell(vec![broken.player_start]);
    (level, Broken::new(broken, at))
}

/// 12: the shallowest private rooms made public (mirror pairs together) until fewer than a quarter of the
/// grid is private. The deeper ones stay private, so no private room ends up shallower than a public one.
fn too_few_private_rooms() -> (Level, Broken) {
    let (level, ()) = find(1..=9, |_| Some(()));
    let target = (plan(&level).rooms_x * plan(&level).rooms_y / 4) as usize;
    let mut private: Vec<RoomId> = slot_rooms(&level, RoomKind::Room)
        .filter(|&r| level.rooms[r].private)
        .collect();
    private.sort_by_key(|&r| level.rooms[r].depth);
    let mut broken = level.clone();
    for &r in &private {
        let count = slot_rooms(&broken, RoomKind::Room)
            .filter(|&r| broken.rooms[r].private)
            .count();
        if count < target {
            break;
        }
        for m in with_mirror(&level, r) {
            broken.rooms[m].private = false;
        }
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 13: the shallowest public room (and its mirror) marked private while deeper rooms stay public.
fn private_room_at_the_front() -> (Level, Broken) {
    let (level, r) = find(1..=9, |l| {
        let public: Vec<RoomId> = slot_rooms(l, RoomKind::Room)
            .filter(|&r| !l.rooms[r].private)
            .collect();
        let deepest = public.iter().map(|&r| l.rooms[r].depth).max()?;
        public
            .into_iter()
            .min_by_key(|&r| l.rooms[r].depth)
            .filter(|&r| l.rooms[r].depth < deepest)
    });
    let rooms = with_mirror(&level, r);
    let mut broken = level.clone();
    for &m in &rooms {
        broken.rooms[m].private = true;
    }
    (level, Broken::new(broken, Where::Room(rooms)))
}

/// 14: one of two touching courtyards (and its mirror) given the other privacy.
fn courtyards_of_both_kinds_touch() -> (Level, Broken) {
    let (level, (a, b)) = find(0..=9, |l| {
        l.adjacencies.iter().find_map(|adj| {
            let (a, b) = (adj.left, adj.right);
            let both = l.rooms[a].is_courtyard() && l.rooms[b].is_courtyard();
            (both && mirror_room(l, b) != a).then_some((a, b))
        })
    });
    let mut broken = level.clone();
    for m in with_mirror(&level, b) {
        broken.rooms[m].private = !level.rooms[m].private;
    }
    (level, Broken::new(broken, Where::Room(vec![a, b])))
}

/// 15: a table pushed onto a chair's cell.
fn table_on_a_chair() -> (Level, Broken) {
    let (level, chair) = find(0..=9, |l| {
        l.items.iter().find(|i| i.kind == ItemKind::Chair).map(|i| i.cell)
    });
    let mut broken = level.clone();
    broken.items.push(Item {
        kind: ItemKind::Table,
        cell: chair,
    });
    (level, Broken::new(broken, Where::Cell(vec![chair])))
}

/// 16: a chair moved onto a free floor cell in front of a door.
fn chair_in_a_doorway() -> (Level, Broken) {
    let (level, (chair, spot)) = find(0..=9, |l| {
        let chair = l.items.iter().position(|i| i.kind == ItemKind::Chair)?;
        let spot = l
            .all_cells()
            .filter(|&c| matches!(l.terrain(c), Terrain::Door(_)))
            .flat_map(|c| c.neighbours4())
            .find(|&n| {
                matches!(l.terrain(n), Terrain::Wood | Terrain::Marble) && l.item_at(n).is_none()
            })?;
        Some((chair, spot))
    });
    let mut broken = level.clone();
    broken.items[chair].cell = spot;
    (level, Broken::new(broken, Where::Cell(vec![spot])))
}

/// 17: a third pair of pillars in the front yard, off the path and the patrols.
fn extra_front_pillars() -> (Level, Broken) {
    let (level, x) = find(0..=9, |l| {
        (1..l.width / 2).find(|&x| {
            let c = Cell::new(x, 1);
            [c, mirror(l, c)].iter().all(|&c| {
                l.terrain(c) == Terrain::Ground && l.item_at(c).is_none() && !on_a_route(l, c)
            })
        })
    });
    let mut broken = level.clone();
    let pillar = Cell::new(x, 1);
    for c in [pillar, mirror(&level, pillar)] {
        broken.set_terrain(c, Terrain::Wall);
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 18: a creaky board in a public room below level 4.
fn creaky_board_below_level_4() -> (Level, Broken) {
    let (level, (r, c)) = find(1..=3, |l| {
        slot_rooms(l, RoomKind::Room)
            .filter(|&r| !l.rooms[r].private)
            .find_map(|r| {
                let c = l.rooms[r].cells.iter().find(|&&c| l.terrain(c) == Terrain::Wood)?;
                Some((r, *c))
            })
    });
    let mut broken = level.clone();
    broken.set_terrain(c, Terrain::WoodCreaky);
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// 18: a creaky board in a private room's marble floor, and in its mirror's (creaky boards are a
/// public-room hazard).
fn creaky_board_in_a_private_room() -> (Level, Broken) {
    let (level, (r, c)) = find(4..=9, |l| {
        slot_rooms(l, RoomKind::Room)
            .filter(|&r| l.rooms[r].private)
            .find_map(|r| {
                let c = l.rooms[r].cells.iter().find(|&&c| l.terrain(c) == Terrain::Marble)?;
                Some((r, *c))
            })
    });
    let mut broken = level.clone();
    for c in [c, mirror(&level, c)] {
        broken.set_terrain(c, Terrain::WoodCreaky);
    }
    let at = Where::Room(with_mirror(&level, r));
    (level, Broken::new(broken, at))
}

/// 18: a lit torch at level 0.
fn lit_torch_at_level_0() -> (Level, Broken) {
    let (level, torch) = find(0..=0, |l| {
        l.items.iter().position(|i| i.kind == ItemKind::TorchUnlit)
    });
    let mut broken = level.clone();
    broken.items[torch].kind = ItemKind::TorchLit;
    (level, Broken::new(broken, Where::Nowhere))
}

/// 19: a large courtyard's pool filled in at its south-west corner (and the mirror cell).
fn courtyard_pool_filled_in() -> (Level, Broken) {
    let (level, r) = find(0..=9, |l| {
        slot_rooms(l, RoomKind::Courtyard).find(|&r| {
            let rect = l.rooms[r].interior;
            rect.width() >= 5 && rect.height() >= 5
        })
    });
    let rect = level.rooms[r].interior;
    let floor = level.terrain(Cell::new(rect.x0, rect.y0));
    let corner = Cell::new(rect.x0 + 1, rect.y0 + 1);
    let mut broken = level.clone();
    for c in [corner, mirror(&level, corner)] {
        broken.set_terrain(c, floor);
    }
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// A coin in a room that holds another, so moving or taking it leaves every dead end served.
fn spare_coin(l: &Level) -> Option<usize> {
    l.items.iter().position(|i| {
        i.kind == ItemKind::Coin
            && (0..l.rooms.len()).any(|r| {
                let coins = coins_in(l, r);
                coins.len() >= 2 && coins.contains(&i.cell)
            })
    })
}

/// 20: a coin dropped into the wall beside it.
fn coin_in_a_wall() -> (Level, Broken) {
    let (level, (coin, wall)) = find(0..=9, |l| {
        let coin = spare_coin(l)?;
        let wall = l.items[coin]
            .cell
            .neighbours4()
            .into_iter()
            .find(|&n| l.terrain(n) == Terrain::Wall && l.item_at(n).is_none())?;
        Some((coin, wall))
    });
    let mut broken = level.clone();
    broken.items[coin].cell = wall;
    (level, Broken::new(broken, Where::Cell(vec![wall])))
}

/// 20: a coin taken away, so the level holds less than its loot budget.
fn coin_missing() -> (Level, Broken) {
    let (level, coin) = find(0..=9, spare_coin);
    let mut broken = level.clone();
    broken.items.remove(coin);
    (level, Broken::new(broken, Where::Nowhere))
}

/// 21: a guard placed one step along its route instead of on its first cell.
fn guard_off_its_start() -> (Level, Broken) {
    let (level, (g, cell)) = find(1..=9, |l| {
        l.guards.iter().enumerate().find_map(|(g, guard)| {
            let cells = &l.patrols[guard.route].cells;
            cells.iter().find(|&&c| c != cells[0]).map(|&c| (g, c))
        })
    });
    let mut broken = level.clone();
    broken.guards[g].start = cell;
    (level, Broken::new(broken, Where::Cell(vec![cell])))
}

/// 22: the second outside guard's ring turned a quarter instead of half (its guard moved with it).
fn outside_rings_not_opposite() -> (Level, Broken) {
    let (level, ()) = find(6..=9, |_| Some(()));
    let mut broken = level.clone();
    let last = broken.patrols.len() - 1;
    let ring = &mut broken.patrols[last].cells;
    let quarter = ring.len() / 4;
    ring.rotate_left(quarter);
    let start = ring[0];
    for guard in broken.guards.iter_mut().filter(|g| g.route == last) {
        guard.start = start;
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 23: a guard route bent through the wall beside one of its cells.
fn route_through_a_wall() -> (Level, Broken) {
    let (level, (route, k, wall)) = find(1..=9, |l| {
        l.patrols.iter().enumerate().find_map(|(i, p)| {
            (3..p.cells.len().saturating_sub(3)).find_map(|k| {
                let wall = p.cells[k]
                    .neighbours4()
                    .into_iter()
                    .find(|&n| l.terrain(n) == Terrain::Wall)?;
                Some((i, k, wall))
            })
        })
    });
    let mut broken = level.clone();
    broken.patrols[route].cells[k] = wall;
    (level, Broken::new(broken, Where::Cell(vec![wall])))
}

/// 24: a guard that no longer pauses at the start of its (non-looping) route.
fn route_without_a_pause() -> (Level, Broken) {
    let (level, route) = find(0..=9, |l| {
        l.patrols.iter().position(|p| !p.outside && !p.loops())
    });
    let mut broken = level.clone();
    broken.patrols[route].cells.remove(0);
    let at = Where::Cell(vec![level.patrols[route].cells[0]]);
    (level, Broken::new(broken, at))
}

/// 25: a room handed to a second route while the first keeps it.
fn room_on_two_routes() -> (Level, Broken) {
    let (level, (route, room)) = find(1..=9, |l| {
        let interior: Vec<usize> = (0..l.patrols.len()).filter(|&i| !l.patrols[i].outside).collect();
        match interior.as_slice() {
            [a, b, ..] => Some((*a, l.patrols[*b].visits[0])),
            _ => None,
        }
    });
    let mut broken = level.clone();
    broken.patrols[route].visits.push(room);
    (level, Broken::new(broken, Where::Room(vec![room])))
}

/// 26: a room dropped from its route at a level where no chain was split (its route keeps two visits).
fn room_left_unpatrolled() -> (Level, Broken) {
    let (level, (route, room)) = find(0..=1, |l| {
        if !l.split_points.is_empty() {
            return None;
        }
        l.patrols.iter().enumerate().find_map(|(i, p)| {
            p.visits.iter().copied().find_map(|r| {
                let left = p.visits.iter().filter(|&&v| v != r).count();
                let elsewhere = l
                    .patrols
                    .iter()
                    .enumerate()
                    .any(|(j, q)| j != i && q.visits.contains(&r));
                let inside_door = l.adjacencies.iter().any(|a| {
                    a.door && a.touches(r) && l.rooms[a.other(r)].kind != RoomKind::Exterior
                });
                (!p.outside && left >= 2 && !elsewhere && inside_door).then_some((i, r))
            })
        })
    });
    let mut broken = level.clone();
    broken.patrols[route].visits.retain(|&v| v != room);
    (level, Broken::new(broken, Where::Room(vec![room])))
}

/// Runs one case: the level is valid before, and afterwards reports `invariant` at the right place, plus
/// only the invariants the case names.
fn check(invariant: u32, case: fn() -> (Level, Broken)) {
    let (original, broken) = case();
    let before = validate(&original);
    assert!(before.is_empty(), "the unbroken level is not valid: {before:?}");
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
            of_it.iter().any(|v| v.cell.is_some_and(|c| cells.contains(&c))),
            "invariant {invariant} not reported at {cells:?}:\n{listing}"
        ),
        Where::Room(rooms) => assert!(
            of_it.iter().any(|v| v.room.is_some_and(|r| rooms.contains(&r))),
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
    ($($name:ident: $invariant:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($invariant, super::$name);
            }
        )*
        /// (invariant, case) for every case above.
        pub const CASES: &[(u32, &str)] = &[$(($invariant, stringify!($name)),)*];
    };
}

mod fires {
    use super::check;

    cases! {
        guard_on_a_missing_route: 0,
        terrain_shorter_than_the_map: 0,
        plan_disagrees_with_the_map: 3,
        gap_in_the_outer_wall: 4,
        room_too_small: 5,
        window_on_one_side_only: 6,
        corner_with_no_straight_line: 7,
        door_of_the_wrong_kind: 8,
        portcullis_without_its_item: 8,
        bricked_up_dead_end: 9,
        second_front_door: 9,
        pocket_inside_the_walls: 10,
        start_beside_the_front_door: 11,
        too_few_private_rooms: 12,
        private_room_at_the_front: 13,
        courtyards_of_both_kinds_touch: 14,
        table_on_a_chair: 15,
        chair_in_a_doorway: 16,
        extra_front_pillars: 17,
        creaky_board_below_level_4: 18,
        creaky_board_in_a_private_room: 18,
        lit_torch_at_level_0: 18,
        courtyard_pool_filled_in: 19,
        coin_in_a_wall: 20,
        coin_missing: 20,
        guard_off_its_start: 21,
        outside_rings_not_opposite: 22,
        route_through_a_wall: 23,
        route_without_a_pause: 24,
        room_on_two_routes: 25,
        room_left_unpatrolled: 26,
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
            if !call[..open].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
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
