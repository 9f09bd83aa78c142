//! The siheyuan generator's own invariants (spec §8, numbers 3–8, 11–14 and 16–22): geometry, mirror
//! symmetry (the recorded mirror partners in [`super::partners`]), door dressing, kinds, decoration, loot
//! order and guards.

use std::collections::HashMap;

use super::report::Report;
use crate::analysis::{dead_ends, room_of_cell};
use crate::model::limits::SIHEYUAN_OUTER_BORDER as OUTER_BORDER;
use crate::model::{Cell, ItemKind, Level, Plan, RoomId, RoomKind, RoomOrigin, Terrain};

pub(super) fn check(level: &Level, plan: Plan, report: &mut Report) {
    let slots = slot_index(level);
    check_geometry(level, plan, &slots, report);
    check_symmetry(level, &slots, report);
    super::partners::check(level, report);
    check_doors(level, report);
    check_start(level, report);
    check_kinds(level, plan, report);
    check_decoration(level, report);
    check_loot(level, plan, report);
    check_guards(level, report);
}

/// Region id of each slot `(rx, ry)`.
fn slot_index(level: &Level) -> HashMap<(i32, i32), RoomId> {
    level
        .rooms
        .iter()
        .enumerate()
        .filter_map(|(r, room)| match room.origin {
            RoomOrigin::Slot { rx, ry } => Some(((rx, ry), r)),
            _ => None,
        })
        .collect()
}

/// Structural class of a cell for the symmetry check: `Wood` and `WoodCreaky` are one class, and windows of
/// either direction are one class.
fn structural_class(t: Terrain) -> u8 {
    match t {
        Terrain::Wall => 0,
        Terrain::Window(_) => 1,
        Terrain::Door(_) => 2,
        Terrain::Portcullis(_) => 3,
        Terrain::GardenDoor(_) => 4,
        Terrain::Wood | Terrain::WoodCreaky | Terrain::Floor => 5,
        Terrain::Marble => 6,
        Terrain::Grass => 7,
        Terrain::Water => 8,
        Terrain::Ground => 9,
        Terrain::Void => 10,
        Terrain::VaultFloor => 11,
        Terrain::TreasureFloor => 12,
    }
}

/// Invariants 3, 4, 5 and 7: map size, the outer ring, interior sizes, jogs and straight corners.
fn check_geometry(
    level: &Level,
    plan: Plan,
    slots: &HashMap<(i32, i32), RoomId>,
    report: &mut Report,
) {
    let (w, h) = (level.width, level.height);
    if ![6, 8, 10].contains(&(w - 5 * plan.rooms_x)) || !(5..=9).contains(&(h - 5 * plan.rooms_y)) {
        report.add(
            3,
            format!(
                "map is {w}×{h} for a {}×{} room grid",
                plan.rooms_x, plan.rooms_y
            ),
        );
    }
    let (east, north) = (w - 1 - OUTER_BORDER, h - 1 - OUTER_BORDER);
    let ring = (OUTER_BORDER..=north)
        .flat_map(|y| [Cell::new(OUTER_BORDER, y), Cell::new(east, y)])
        .chain(
            (OUTER_BORDER..=east).flat_map(|x| [Cell::new(x, OUTER_BORDER), Cell::new(x, north)]),
        );
    let mut portcullises = Vec::new();
    for c in ring {
        match level.terrain(c) {
            Terrain::Wall | Terrain::Window(_) => {}
            Terrain::Portcullis(_) => portcullises.push(c),
            _ => report.at(4, c, "the outer wall has a gap"),
        }
    }
    portcullises.dedup();
    if portcullises.len() != 1 || portcullises.iter().any(|c| c.y != OUTER_BORDER) {
        report.add(
            4,
            format!(
                "the outer wall has {} portcullises; one on the south wall expected",
                portcullises.len()
            ),
        );
    }
    let middle = (plan.rooms_x - 1) / 2;
    for (&(rx, ry), &r) in slots {
        let rect = level.rooms[r].interior;
        let width_ok = if rx == middle && plan.rooms_x % 2 == 1 {
            [3, 5, 7].contains(&rect.width())
        } else {
            (2..=6).contains(&rect.width())
        };
        if !width_ok || !(2..=6).contains(&rect.height()) {
            report.in_room(
                5,
                r,
                format!("slot ({rx}, {ry}) is {}×{}", rect.width(), rect.height()),
            );
        }
    }
    for (id, adj) in level.adjacencies.iter().enumerate() {
        let (Some(a), Some(b)) = (slot_of(level, adj.left), slot_of(level, adj.right)) else {
            continue;
        };
        let diagonal = (a.0 - b.0).abs() == 1 && (a.1 - b.1).abs() == 1;
        if diagonal && adj.segment.is_some_and(|s| s.len != 1) {
            report.add(5, format!("jog segment {id} is longer than one cell"));
        }
    }
    for i in 1..plan.rooms_x {
        for j in 1..plan.rooms_y {
            let rect = |rx: i32, ry: i32| slots.get(&(rx, ry)).map(|&r| level.rooms[r].interior);
            let (Some(sw), Some(nw), Some(se)) = (rect(i - 1, j - 1), rect(i - 1, j), rect(i, j))
            else {
                continue;
            };
            let vertical_straight = sw.x1 == nw.x1;
            let horizontal_straight = nw.y0 == se.y0;
            if !vertical_straight && !horizontal_straight {
                report.add(
                    7,
                    format!("neither wall line is straight at grid corner ({i}, {j})"),
                );
            }
        }
    }
}

fn slot_of(level: &Level, r: RoomId) -> Option<(i32, i32)> {
    match level.rooms[r].origin {
        RoomOrigin::Slot { rx, ry } => Some((rx, ry)),
        _ => None,
    }
}

/// Invariant 6: cells, region kinds and depths, and door items mirror across the vertical axis, except at
/// the portcullis.
fn check_symmetry(level: &Level, slots: &HashMap<(i32, i32), RoomId>, report: &mut Report) {
    let w = level.width;
    let mirror = |c: Cell| Cell::new(w - 1 - c.x, c.y);
    let portcullis = level
        .all_cells()
        .find(|&c| matches!(level.terrain(c), Terrain::Portcullis(_)));
    let exempt = |c: Cell| portcullis.is_some_and(|p| c == p || c == mirror(p));
    for c in level.all_cells().filter(|c| c.x < w / 2) {
        if !exempt(c)
            && structural_class(level.terrain(c)) != structural_class(level.terrain(mirror(c)))
        {
            report.at(6, c, "the map is not mirror-symmetric here");
            break;
        }
    }
    let rooms_x = slots.keys().map(|k| k.0).max().unwrap_or(0) + 1;
    for (&(rx, ry), &r) in slots {
        let Some(&m) = slots.get(&(rooms_x - 1 - rx, ry)) else {
            continue;
        };
        let (a, b) = (&level.rooms[r], &level.rooms[m]);
        if a.kind != b.kind || a.private != b.private || a.depth != b.depth {
            report.in_room(
                6,
                r,
                format!("slot ({rx}, {ry}) does not mirror its partner in kind or depth"),
            );
        }
    }
    let doors: Vec<Cell> = level
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Door(_)))
        .map(|i| i.cell)
        .collect();
    for &d in &doors {
        if !doors.contains(&mirror(d)) {
            report.at(6, d, "a door item has no mirror image");
            break;
        }
    }
}

/// Invariant 8: door cells match door segments, by kind.
fn check_doors(level: &Level, report: &mut Report) {
    let count =
        |pred: &dyn Fn(Terrain) -> bool| level.terrain_cells().iter().filter(|t| pred(**t)).count();
    let courtyard = |r: RoomId| level.rooms[r].kind == RoomKind::Courtyard;
    let exterior = |r: RoomId| level.rooms[r].kind == RoomKind::Exterior;
    let door_segs = level.adjacencies.iter().filter(|a| a.door);
    let (mut plain, mut garden) = (0, 0);
    for adj in door_segs {
        if exterior(adj.left) || exterior(adj.right) {
            continue;
        }
        if courtyard(adj.left) && courtyard(adj.right) {
            garden += 1;
        } else {
            plain += 1;
        }
        let on_segment = adj
            .door_cells
            .iter()
            .all(|c| adj.segment.is_some_and(|s| s.cells().any(|sc| sc == *c)));
        if adj.door_cells.len() != 1 || !on_segment {
            report.add(8, "a door is not on its wall segment");
        }
    }
    let doors = count(&|t| matches!(t, Terrain::Door(_)));
    let gardens = count(&|t| matches!(t, Terrain::GardenDoor(_)));
    if doors != plain || gardens != garden {
        report.add(
            8,
            format!(
                "{doors} door cells for {plain} doors, {gardens} garden gates for {garden} links"
            ),
        );
    }
    let portcullis_cells = count(&|t| matches!(t, Terrain::Portcullis(_)));
    let portcullis_items = level
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Portcullis(_)))
        .count();
    if portcullis_cells != 1 || portcullis_items != 1 {
        report.add(8, format!("{portcullis_cells} portcullis cells and {portcullis_items} portcullis items; one each expected"));
    }
}

/// Invariant 11: the player starts just outside the front door, which is in the eastern half.
fn check_start(level: &Level, report: &mut Report) {
    let Some(p) = level
        .all_cells()
        .find(|&c| matches!(level.terrain(c), Terrain::Portcullis(_)))
    else {
        return;
    };
    let start = level.player_start;
    if start != Cell::new(p.x, OUTER_BORDER - 1) || level.terrain(start) != Terrain::Ground {
        report.at(
            11,
            start,
            "the player does not start on the ground in front of the door",
        );
    }
    if p.x < (level.width - 1) / 2 {
        report.at(11, p, "the front door is in the western half");
    }
}

/// Invariants 12–14: enough private rooms, privacy by depth, and courtyard clusters wholly one kind.
fn check_kinds(level: &Level, plan: Plan, report: &mut Report) {
    let rooms: Vec<(RoomId, &crate::model::Room)> = level
        .rooms
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind == RoomKind::Room)
        .collect();
    let private = rooms.iter().filter(|(_, r)| r.private).count();
    let target = (plan.rooms_x * plan.rooms_y / 4) as usize;
    if private < target {
        report.add(
            12,
            format!("{private} private rooms, at least {target} expected"),
        );
    }
    let deepest_public = rooms
        .iter()
        .filter(|(_, r)| !r.private)
        .map(|(_, r)| r.depth)
        .max();
    for (r, room) in rooms.iter().filter(|(_, r)| r.private) {
        if deepest_public.is_some_and(|d| room.depth < d) {
            report.in_room(13, *r, "a private room is shallower than a public one");
        }
    }
    for adj in &level.adjacencies {
        let (a, b) = (&level.rooms[adj.left], &level.rooms[adj.right]);
        if a.kind == RoomKind::Courtyard && b.kind == RoomKind::Courtyard && a.private != b.private
        {
            report.in_room(14, adj.left, "a public courtyard touches a private one");
        }
    }
}

/// Invariants 16–19: where furniture, bushes, pillars, pools and creaky boards may be.
fn check_decoration(level: &Level, report: &mut Report) {
    let (w, h) = (level.width, level.height);
    let owner = room_of_cell(level);
    let room_at = |c: Cell| owner.at(c);
    let near = |c: Cell, pred: &dyn Fn(Terrain) -> bool| {
        c.neighbours4().iter().any(|n| pred(level.terrain(*n)))
    };
    for item in &level.items {
        let c = item.cell;
        let inside = room_at(c).is_some_and(|r| level.rooms[r].kind != RoomKind::Exterior);
        match item.kind {
            ItemKind::Chair | ItemKind::Table | ItemKind::TorchLit | ItemKind::TorchUnlit => {
                if !inside || near(c, &|t| t.is_door_like()) {
                    report.at(16, c, "furniture outside a room or beside a doorway");
                }
                if item.kind.is_torch() && near(c, &|t| matches!(t, Terrain::Window(_))) {
                    report.at(16, c, "a torch beside a window");
                }
            }
            ItemKind::Bush if !inside && c.x != 0 && c.x != w - 1 && c.y != h - 1 => {
                report.at(16, c, "an exterior bush away from the grass band");
            }
            _ => {}
        }
    }
    let mut pillars = 0;
    let mut x = 3;
    while x < w / 2 {
        pillars += 2;
        x += 5;
    }
    let front_walls = (0..w)
        .filter(|&x| level.terrain(Cell::new(x, 1)) == Terrain::Wall)
        .count();
    let front_other = (0..w)
        .flat_map(|x| (0..3).map(move |y| Cell::new(x, y)))
        .any(|c| !matches!(level.terrain(c), Terrain::Ground | Terrain::Wall))
        || (0..w).any(|x| {
            [0, 2]
                .iter()
                .any(|&y| level.terrain(Cell::new(x, y)) == Terrain::Wall)
        });
    if front_walls != pillars || front_other {
        report.add(17, format!("the front yard holds {front_walls} pillars and other terrain; {pillars} pillars expected"));
    }
    for (r, room) in level.rooms.iter().enumerate() {
        let public_room = room.kind == RoomKind::Room && !room.private;
        let creaky = room
            .cells
            .iter()
            .any(|&c| level.terrain(c) == Terrain::WoodCreaky);
        if creaky && (!public_room || level.level < 4) {
            report.in_room(
                18,
                r,
                "creaky boards outside a public room or below level 4",
            );
        }
        check_template(level, r, report);
    }
    if level.level == 0 && level.count_items(ItemKind::TorchLit) > 0 {
        report.add(18, "a lit torch at level 0");
    }
}

/// Invariant 19: large courtyards have a pool inset by one; large rooms have four pillars (and water if private).
fn check_template(level: &Level, r: RoomId, report: &mut Report) {
    let room = &level.rooms[r];
    let rect = room.interior;
    if rect.width() < 5 || rect.height() < 5 {
        return;
    }
    let at = |i: i32, j: i32| level.terrain(Cell::new(rect.x0 + i, rect.y0 + j));
    match room.kind {
        RoomKind::Courtyard
            if at(1, 1) != Terrain::Water
                || at(rect.width() - 2, rect.height() - 2) != Terrain::Water
                || at(0, 0) == Terrain::Water =>
        {
            report.in_room(19, r, "a large courtyard without its pool");
        }
        RoomKind::Room => {
            let (w, h) = (rect.width(), rect.height());
            let pillars = [(1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)]
                .iter()
                .all(|&(i, j)| at(i, j) == Terrain::Wall);
            if !pillars || (room.private && at(2, 2) != Terrain::Water) {
                report.in_room(19, r, "a large room without its pillars or pool");
            }
        }
        _ => {}
    }
}

/// Invariant 20: the plan's loot, on room floors, and the first dead ends served first.
fn check_loot(level: &Level, plan: Plan, report: &mut Report) {
    let coins: Vec<Cell> = level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .map(|i| i.cell)
        .collect();
    if coins.len() != plan.loot as usize {
        report.add(
            20,
            format!("{} coins for a loot budget of {}", coins.len(), plan.loot),
        );
    }
    let owner = room_of_cell(level);
    for &c in &coins {
        let room = owner.at(c);
        let in_room = room.is_some_and(|r| level.rooms[r].kind == RoomKind::Room);
        if !in_room || !matches!(level.terrain(c), Terrain::Wood | Terrain::Marble) {
            report.at(20, c, "a coin off a room's wood or marble floor");
        }
    }
    let dead = dead_ends(level);
    let served = dead
        .iter()
        .enumerate()
        .filter(|(_, d)| **d)
        .take(coins.len());
    for (r, _) in served {
        if !coins.iter().any(|&c| level.rooms[r].interior.contains(c)) {
            report.in_room(20, r, "an early dead-end room holds no loot");
        }
    }
}

/// Invariants 21–22: guards per route by level, torches from level 2, and the outside ring from level 6.
fn check_guards(level: &Level, report: &mut Report) {
    let l = level.level;
    if l == 0 && !level.guards.is_empty() {
        report.add(21, "guards at level 0");
    }
    if l >= 1 && level.guards.len() != level.patrols.len() {
        report.add(
            21,
            format!(
                "{} guards for {} routes",
                level.guards.len(),
                level.patrols.len()
            ),
        );
    }
    if l < 2 && level.guards.iter().any(|g| g.carries_torch) {
        report.add(21, "a guard carries a torch below level 2");
    }
    let outside: Vec<usize> = (0..level.patrols.len())
        .filter(|&i| level.patrols[i].outside)
        .collect();
    let n = level.patrols.len();
    if l >= 6 {
        let rings_last = outside == [n.saturating_sub(2), n.saturating_sub(1)] && n >= 2;
        let rotated = rings_last && {
            let (a, b) = (&level.patrols[n - 2].cells, &level.patrols[n - 1].cells);
            let mut expected = a.clone();
            expected.rotate_left(a.len() / 2);
            *b == expected && a.len() as i32 == 2 * (level.width - 5) + 2 * (level.height - 5)
        };
        if !rotated {
            report.add(
                22,
                "the last two routes are not the outside ring and its half-turn",
            );
        }
    } else if !outside.is_empty() {
        report.add(22, "outside patrols below level 6");
    }
}
