//! Cases for what the level holds: kinds, decoration, loot, guards and patrols (§8 items 12–26).

use super::*;
use mansion_forge::model::{Item, Terrain};

/// 12: the shallowest private rooms made public (mirror pairs together) until fewer than a quarter of the
/// grid is private. The deeper ones stay private, so no private room ends up shallower than a public one.
pub(super) fn too_few_private_rooms() -> (Level, Broken) {
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
pub(super) fn private_room_at_the_front() -> (Level, Broken) {
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
pub(super) fn courtyards_of_both_kinds_touch() -> (Level, Broken) {
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
pub(super) fn table_on_a_chair() -> (Level, Broken) {
    let (level, chair) = find(0..=9, |l| {
        l.items
            .iter()
            .find(|i| i.kind == ItemKind::Chair)
            .map(|i| i.cell)
    });
    let mut broken = level.clone();
    broken.items.push(Item {
        kind: ItemKind::Table,
        cell: chair,
    });
    (level, Broken::new(broken, Where::Cell(vec![chair])))
}

/// 16: a chair moved onto a free floor cell in front of a door.
pub(super) fn chair_in_a_doorway() -> (Level, Broken) {
    let (level, (chair, spot)) = find(0..=9, |l| {
        let chair = l.items.iter().position(|i| i.kind == ItemKind::Chair)?;
        let spot = l
            .all_cells()
            .filter(|&c| matches!(l.terrain(c), Terrain::Door(_)))
            .flat_map(mansion_forge::model::Cell::neighbours4)
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
pub(super) fn extra_front_pillars() -> (Level, Broken) {
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
pub(super) fn creaky_board_below_level_4() -> (Level, Broken) {
    let (level, (r, c)) = find(1..=3, |l| {
        slot_rooms(l, RoomKind::Room)
            .filter(|&r| !l.rooms[r].private)
            .find_map(|r| {
                let c = l.rooms[r]
                    .cells
                    .iter()
                    .find(|&&c| l.terrain(c) == Terrain::Wood)?;
                Some((r, *c))
            })
    });
    let mut broken = level.clone();
    broken.set_terrain(c, Terrain::WoodCreaky);
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// 18: a creaky board in a private room's marble floor, and in its mirror's (creaky boards are a
/// public-room hazard).
pub(super) fn creaky_board_in_a_private_room() -> (Level, Broken) {
    let (level, (r, c)) = find(4..=9, |l| {
        slot_rooms(l, RoomKind::Room)
            .filter(|&r| l.rooms[r].private)
            .find_map(|r| {
                let c = l.rooms[r]
                    .cells
                    .iter()
                    .find(|&&c| l.terrain(c) == Terrain::Marble)?;
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
pub(super) fn lit_torch_at_level_0() -> (Level, Broken) {
    let (level, torch) = find(0..=0, |l| {
        l.items.iter().position(|i| i.kind == ItemKind::TorchUnlit)
    });
    let mut broken = level.clone();
    broken.items[torch].kind = ItemKind::TorchLit;
    (level, Broken::new(broken, Where::Nowhere))
}

/// 19: a large courtyard's pool filled in at its south-west corner (and the mirror cell).
pub(super) fn courtyard_pool_filled_in() -> (Level, Broken) {
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
pub(super) fn coin_in_a_wall() -> (Level, Broken) {
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
    // Loot inside a wall cannot be reached, which is also a playability error (10).
    let broken = Broken {
        with: &[10],
        ..Broken::new(broken, Where::Cell(vec![wall]))
    };
    (level, broken)
}

/// 20: a coin taken away, so the level holds less than its loot budget.
pub(super) fn coin_missing() -> (Level, Broken) {
    let (level, coin) = find(0..=9, spare_coin);
    let mut broken = level.clone();
    broken.items.remove(coin);
    (level, Broken::new(broken, Where::Nowhere))
}

/// 21: a guard placed in a wall, where it can neither stand nor walk onto its route.
pub(super) fn guard_off_its_start() -> (Level, Broken) {
    let (level, (g, cell)) = find(1..=9, |l| {
        let wall = (0..l.height)
            .flat_map(|y| (0..l.width).map(move |x| Cell::new(x, y)))
            .find(|&c| l.terrain(c) == Terrain::Wall)?;
        (!l.guards.is_empty()).then_some((0, wall))
    });
    let mut broken = level.clone();
    broken.guards[g].start = cell;
    (level, Broken::new(broken, Where::Cell(vec![cell])))
}

/// 22: the second outside guard's ring turned a quarter instead of half (its guard moved with it).
pub(super) fn outside_rings_not_opposite() -> (Level, Broken) {
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
pub(super) fn route_through_a_wall() -> (Level, Broken) {
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
pub(super) fn route_without_a_pause() -> (Level, Broken) {
    let (level, route) = find(0..=9, |l| {
        l.patrols.iter().position(|p| !p.outside && !p.loops())
    });
    let mut broken = level.clone();
    broken.patrols[route].cells.remove(0);
    let at = Where::Cell(vec![level.patrols[route].cells[0]]);
    (level, Broken::new(broken, at))
}

/// 24: a route's first station listed a second time.
pub(super) fn station_listed_twice() -> (Level, Broken) {
    let (level, route) = find(1..=9, |l| {
        l.patrols.iter().position(|p| !p.stations.is_empty())
    });
    let station = level.patrols[route].stations[0];
    let mut broken = level.clone();
    broken.patrols[route].stations.push(station);
    (level, Broken::new(broken, Where::Cell(vec![station.cell])))
}

/// 25: a room handed to a second route while the first keeps it.
pub(super) fn room_on_two_routes() -> (Level, Broken) {
    let (level, (route, room)) = find(1..=9, |l| {
        let interior: Vec<usize> = (0..l.patrols.len())
            .filter(|&i| !l.patrols[i].outside)
            .collect();
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
pub(super) fn room_left_unpatrolled() -> (Level, Broken) {
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
