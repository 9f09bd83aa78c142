//! Cases for the level's structure, geometry, connectivity and start (§8 items 3–11, and 0).

use super::*;
use mansion_forge::model::{Dir, Terrain};

/// 0: a guard assigned to a route the file does not hold (a route deleted by hand).
pub(super) fn guard_on_a_missing_route() -> (Level, Broken) {
    let (level, ()) = find(1..=9, |l| (!l.guards.is_empty()).then_some(()));
    let mut broken = level.clone();
    broken.patrols.pop();
    (level, Broken::new(broken, Where::Nowhere))
}

/// 0: a terrain grid one row short of the stated height.
pub(super) fn terrain_shorter_than_the_map() -> (Level, Broken) {
    let (level, ()) = find(0..=0, |_| Some(()));
    let mut broken = level.clone();
    broken.height += 1;
    (level, Broken::new(broken, Where::Nowhere))
}

/// 3: the plan's room grid one row shorter than the map was built for.
pub(super) fn plan_disagrees_with_the_map() -> (Level, Broken) {
    let (level, ()) = find(1..=1, |_| Some(()));
    let mut broken = level.clone();
    if let Some(p) = broken.plan.as_mut() {
        p.rooms_y -= 1;
    }
    (level, Broken::new(broken, Where::Nowhere))
}

/// 4: a hole knocked through the west outer wall and its mirror (kept symmetric so only the ring breaks).
pub(super) fn gap_in_the_outer_wall() -> (Level, Broken) {
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
pub(super) fn room_too_small() -> (Level, Broken) {
    let (level, r) = find(0..=9, |l| {
        slot_rooms(l, RoomKind::Room).find(|&r| coins_in(l, r).is_empty())
    });
    let mut broken = level.clone();
    let rect = &mut broken.rooms[r].interior;
    rect.y1 = rect.y0 + 1;
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// 6: a window knocked into the west outer wall only.
pub(super) fn window_on_one_side_only() -> (Level, Broken) {
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

/// 6: two mirror pairs of wall records crossed (each wall names the other pair's member), so every
/// wall still names one that names it back, but not its mirror image. The map is untouched.
pub(super) fn mirror_partners_crossed() -> (Level, Broken) {
    let (level, ((a, b), (c, d))) = find(0..=9, |l| {
        let mut pairs = (0..l.adjacencies.len())
            .filter_map(|i| l.adjacencies[i].mirror.filter(|&m| m > i).map(|m| (i, m)));
        Some((pairs.next()?, pairs.next()?))
    });
    let mut broken = level.clone();
    for (x, y) in [(a, d), (d, a), (b, c), (c, b)] {
        broken.adjacencies[x].mirror = Some(y);
    }
    let middles = [a, b, c, d]
        .iter()
        .filter_map(|&i| level.adjacencies[i].segment)
        .map(|s| s.cell(s.len / 2))
        .collect();
    (level, Broken::new(broken, Where::Cell(middles)))
}

/// 7: at a grid corner, the straight wall line of a room record moved by one, so neither line is straight.
/// The room (north-west of the corner) is outside the middle column, has no coins, and stays between 2
/// and 6 cells a side and below 5×5, so the size, loot and template checks are not disturbed.
pub(super) fn corner_with_no_straight_line() -> (Level, Broken) {
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

/// 8: a room's door and its mirror turned into garden gates, which belong only between courtyards.
pub(super) fn door_of_the_wrong_kind() -> (Level, Broken) {
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
pub(super) fn portcullis_without_its_item() -> (Level, Broken) {
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
pub(super) fn bricked_up_dead_end() -> (Level, Broken) {
    let (level, (r, adj)) = find(0..=9, |l| {
        let seeds = &l.entrance.depth_seeds;
        slot_rooms(l, RoomKind::Room)
            .filter(|r| !seeds.contains(r))
            .find_map(|r| {
                let mut doors = l
                    .adjacencies
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.door && a.touches(r));
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
pub(super) fn second_front_door() -> (Level, Broken) {
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

/// 9: the entrance names a courtyard as the level's outside.
pub(super) fn outside_named_a_courtyard() -> (Level, Broken) {
    let (level, courtyard) = find(0..=9, |l| slot_rooms(l, RoomKind::Courtyard).next());
    let mut broken = level.clone();
    broken.entrance.exterior = Some(courtyard);
    (level, Broken::new(broken, Where::Room(vec![courtyard])))
}

/// 9: the entrance names no outside, although the level has its exterior.
pub(super) fn no_outside_named() -> (Level, Broken) {
    let (level, exterior) = find(0..=0, |l| l.entrance.exterior);
    let mut broken = level.clone();
    broken.entrance.exterior = None;
    (level, Broken::new(broken, Where::Room(vec![exterior])))
}

/// 9: a private room and its mirror recording a depth one deeper than their doors give (deeper, so no
/// private room turns shallower than a public one, and both sides alike, so the mirror still holds).
pub(super) fn depth_out_of_step() -> (Level, Broken) {
    let (level, r) = find(1..=9, |l| {
        slot_rooms(l, RoomKind::Room).find(|&r| l.rooms[r].private)
    });
    let rooms = with_mirror(&level, r);
    let mut broken = level.clone();
    for &m in &rooms {
        broken.rooms[m].depth += 1;
    }
    (level, Broken::new(broken, Where::Room(rooms)))
}

/// 10: a pocket hollowed out where four walls meet (and in its mirror): floor that nobody can reach.
pub(super) fn pocket_inside_the_walls() -> (Level, Broken) {
    let (level, pocket) = find(1..=9, |l| {
        l.all_cells().find(|&c| {
            c.x > RING
                && c.y > RING
                && c.x < l.width - 1 - RING
                && c.y < l.height - 1 - RING
                && l.terrain(c) == Terrain::Wall
                && c.neighbours4()
                    .iter()
                    .all(|n| l.terrain(*n) == Terrain::Wall)
        })
    });
    let mut broken = level.clone();
    for c in [pocket, mirror(&level, pocket)] {
        broken.set_terrain(c, Terrain::Wood);
    }
    (level, Broken::new(broken, Where::Cell(vec![pocket])))
}

/// 10: a room record that lost its floor cells (the terrain is untouched). The room holds no items and
/// no route passes its floor, so only what reads the room's cells can notice; the loot rule for dead ends
/// looks for coins by the room's rectangle, and finds none either way.
pub(super) fn room_without_floor() -> (Level, Broken) {
    let (level, r) = find(0..=9, |l| {
        slot_rooms(l, RoomKind::Room).find(|&r| {
            let cells = &l.rooms[r].cells;
            l.items.iter().all(|i| !cells.contains(&i.cell))
                && cells.iter().all(|&c| !on_a_route(l, c))
        })
    });
    let mut broken = level.clone();
    broken.rooms[r].cells.clear();
    (level, Broken::new(broken, Where::Room(vec![r])))
}

/// 11: the player start moved one step east along the front path.
pub(super) fn start_beside_the_front_door() -> (Level, Broken) {
    let (level, ()) = find(0..=9, |_| Some(()));
    let mut broken = level.clone();
    broken.player_start = level.player_start.offset(1, 0);
    let at = Where::Cell(vec![broken.player_start]);
    (level, Broken::new(broken, at))
}
