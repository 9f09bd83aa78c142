//! The spec's §11 invariants (measured over 20,000 of the game's mansions) as checks on a [`Build`], so a
//! test can assert them over many levels and a changed step is caught where it breaks one.
//!
//! [`check`] covers what one level's data can express; [`check_campaign`] the campaign items 1–2. Not
//! checkable here: the door-symmetry probability of item 7 (a rate, not a per-level fact), the path
//! walker never getting stuck (item 17: the port keeps no stuck flag), the "one guard per route" count
//! of item 14 (routes become guards and are not kept apart), and item 18 (betweenness is dead code in
//! the game and not ported). Item 16 is checked on the walking guards' route nodes (their visits).

use super::Build;
use super::loot::holds_loot;
use super::map::{ItemKind, Terrain};
use super::plan::{LEVELS, LevelType, PlanEntry, TOTAL_LOOT};
use super::rooms::{DoorType, RoomId, RoomType};

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The invariant's number in the spec's §11.
    pub invariant: u8,
    /// What is wrong, naming the cell, room or guard.
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "§11.{}: {}", self.invariant, self.message)
    }
}

/// Collects violations.
struct Report(Vec<Violation>);

impl Report {
    fn fail(&mut self, invariant: u8, message: String) {
        self.0.push(Violation { invariant, message });
    }
    fn ensure(&mut self, ok: bool, invariant: u8, message: impl FnOnce() -> String) {
        if !ok {
            self.fail(invariant, message());
        }
    }
}

/// Items 1–2: ten levels, their types, the loot split and level 0's shape.
pub fn check_campaign(plan: &[PlanEntry]) -> Vec<Violation> {
    let mut r = Report(Vec::new());
    r.ensure(plan.len() == LEVELS, 1, || format!("{} levels", plan.len()));
    if plan.len() != LEVELS {
        return r.0;
    }
    let kinds: Vec<LevelType> = plan.iter().map(|p| p.level_type).collect();
    for l in 0..4 {
        r.ensure(kinds[l].is_manor(), 1, || {
            format!("L{l} is a {:?}", kinds[l])
        });
        if l > 0 {
            r.ensure(kinds[l] != kinds[l - 1], 1, || {
                format!("L{} and L{l} have the same colour", l - 1)
            });
        }
    }
    let mansions: Vec<usize> = (0..LEVELS)
        .filter(|&l| kinds[l] == LevelType::Mansion)
        .collect();
    r.ensure(
        mansions.len() == 2
            && mansions.iter().all(|l| (4..=8).contains(l))
            && mansions[1] - mansions[0] >= 2,
        1,
        || format!("Mansion levels {mansions:?}"),
    );
    r.ensure(kinds[9] == LevelType::Fortress, 1, || {
        format!("L9 is a {:?}", kinds[9])
    });
    let extra: Vec<usize> = (0..9)
        .filter(|&l| kinds[l] == LevelType::Fortress)
        .collect();
    r.ensure(
        extra.len() <= 1 && extra.iter().all(|l| (5..=7).contains(l)),
        1,
        || format!("extra Fortress levels {extra:?}"),
    );
    let area = |p: &PlanEntry| p.rooms_x * p.rooms_y;
    let total_area: u32 = plan.iter().map(area).sum();
    let total: u32 = plan.iter().map(|p| p.loot).sum();
    r.ensure(total == TOTAL_LOOT, 2, || format!("loot sums to {total}"));
    for p in &plan[..9] {
        let want = TOTAL_LOOT * area(p) / total_area;
        r.ensure(p.loot == want, 2, || {
            format!("L{} loot {} instead of {want}", p.level, p.loot)
        });
    }
    r.ensure((plan[0].rooms_x, plan[0].rooms_y) == (3, 2), 2, || {
        format!("L0 is {}×{} slots", plan[0].rooms_x, plan[0].rooms_y)
    });
    r.0
}

/// The room (by id) holding each cell, row-major; 0 where no room lies.
fn room_of_cells(build: &Build) -> Vec<RoomId> {
    let (w, h) = (build.map.w, build.map.h);
    let mut at = vec![0; (w * h).max(0) as usize];
    for &id in &build.graph.room_list {
        let room = &build.graph.rooms[id];
        for y in room.min.1.max(0)..room.max.1.min(h) {
            for x in room.min.0.max(0)..room.max.0.min(w) {
                at[(y * w + x) as usize] = id;
            }
        }
    }
    at
}

/// Items 3–4: rooms reachable and with doors, rectangles apart, every open cell reachable.
fn geometry(b: &Build, r: &mut Report) {
    let g = &b.graph;
    let mut reached = vec![false; g.rooms.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(room) = stack.pop() {
        for &w in &g.wall_list {
            let wall = &g.walls[w];
            if !wall.door {
                continue;
            }
            for (a, c) in [(wall.left, wall.right), (wall.right, wall.left)] {
                if a == room && !reached[c] {
                    reached[c] = true;
                    stack.push(c);
                }
            }
        }
    }
    let listed: Vec<RoomId> = g.room_list.iter().copied().filter(|&id| id != 0).collect();
    for &id in &listed {
        let room = &g.rooms[id];
        r.ensure(reached[id], 3, || {
            format!(
                "room {id} ({:?} at {:?}) unreachable",
                room.room_type, room.min
            )
        });
        let doors = g
            .wall_list
            .iter()
            .filter(|&&w| g.walls[w].door && (g.walls[w].left == id || g.walls[w].right == id))
            .count();
        r.ensure(room.room_type == RoomType::Exterior || doors > 0, 3, || {
            format!(
                "room {id} ({:?} at {:?}) has no door",
                room.room_type, room.min
            )
        });
    }
    for (i, &a) in listed.iter().enumerate() {
        for &c in &listed[i + 1..] {
            let (ra, rc) = (&g.rooms[a], &g.rooms[c]);
            let apart = ra.max.0 <= rc.min.0
                || rc.max.0 <= ra.min.0
                || ra.max.1 <= rc.min.1
                || rc.max.1 <= ra.min.1;
            r.ensure(apart, 3, || format!("rooms {a} and {c} overlap"));
        }
    }
    for (x, y) in b.map.cut_off_from(b.start) {
        r.fail(4, format!("cell ({x}, {y}) not connected to the start"));
    }
}

/// Items 5–7: the front gate and start, sizes and front rows, mirroring.
fn gates_and_shape(b: &Build, r: &mut Report) {
    let (g, m, level) = (&b.graph, &b.map, b.plan.level);
    let fronts: Vec<usize> = g
        .wall_list
        .iter()
        .copied()
        .filter(|&w| g.walls[w].door && g.walls[w].door_type == DoorType::GateFront)
        .collect();
    r.ensure(fronts.len() == 1, 5, || {
        format!("{} front gates", fronts.len())
    });
    let portcullis =
        |x: i32, y: i32| matches!(m.at(x, y), Terrain::PortcullisNS | Terrain::PortcullisEW);
    if let Some(&w) = fronts.first() {
        let wall = &g.walls[w];
        let gate = (1..wall.length)
            .map(|k| (wall.origin.0 + k, wall.origin.1))
            .find(|&(x, y)| portcullis(x, y));
        r.ensure(gate.is_some(), 5, || {
            format!("no portcullis on the front wall at {:?}", wall.origin)
        });
        if let Some((gx, gy)) = gate
            && level >= 1
        {
            r.ensure(b.start == (gx, gy - 1), 5, || {
                format!("start {:?} not south of the gate ({gx}, {gy})", b.start)
            });
        }
    }
    r.ensure(
        m.contains(b.start.0, b.start.1) && m.at(b.start.0, b.start.1) == Terrain::GroundNormal,
        5,
        || format!("start {:?} not on GroundNormal", b.start),
    );
    let mut portcullises = 0;
    for y in 0..m.h {
        for x in 0..m.w {
            portcullises += usize::from(portcullis(x, y));
        }
    }
    let fortress = b.plan.level_type == LevelType::Fortress;
    if fortress {
        r.ensure(portcullises == 1, 5, || {
            format!("Fortress with {portcullises} portcullises")
        });
    }
    let (w_range, h_range) = match level {
        0 => (19..=23, 14..=18),
        9 => (39..=53, 29..=54),
        _ => (19..=53, 14..=54),
    };
    r.ensure(w_range.contains(&m.w) && h_range.contains(&m.h), 6, || {
        format!("L{level} map {}×{}", m.w, m.h)
    });
    let last = m.w - 1;
    for y in 0..3.min(m.h) {
        for x in 0..m.w {
            let pillar = y == 1
                && ((2..last / 2).step_by(5).any(|p| p == x)
                    || (2..last / 2).step_by(5).any(|p| last - p == x));
            let t = m.at(x, y);
            r.ensure(
                t == Terrain::GroundNormal || (pillar && matches!(t, Terrain::Wall(_))),
                6,
                || format!("front row cell ({x}, {y}) is {t:?}"),
            );
        }
    }
    if b.plan.level_type != LevelType::Mansion {
        r.ensure(b.mirrors.x, 7, || {
            format!("{:?} level not mirrored left-right", b.plan.level_type)
        });
    }
}

/// Items 8–11: room types by level, locked doors and keys, Fortress gates, creaky boards, torches.
fn rooms_and_doors(b: &Build, r: &mut Report) {
    let (g, m, level) = (&b.graph, &b.map, b.plan.level);
    let fortress = b.plan.level_type == LevelType::Fortress;
    for &id in &g.room_list {
        let t = g.rooms[id].room_type;
        r.ensure(t != RoomType::Vault || level >= 5, 8, || {
            format!("vault room {id} at L{level}")
        });
        r.ensure(t != RoomType::ThroneRoom || fortress, 8, || {
            format!("throne room {id} outside a Fortress")
        });
        r.ensure(t != RoomType::Kitchen || level > 0, 8, || {
            format!("kitchen room {id} at L0")
        });
        r.ensure(!(level == 9 && t == RoomType::PrivateCourtyard), 10, || {
            format!("private courtyard room {id} at L9")
        });
    }
    for &w in &g.wall_list {
        let wall = &g.walls[w];
        if !wall.door {
            continue;
        }
        let vault = g.rooms[wall.left].room_type == RoomType::Vault
            || g.rooms[wall.right].room_type == RoomType::Vault;
        r.ensure(!vault || wall.door_type == DoorType::Locked, 8, || {
            format!("vault door at {:?} is {:?}", wall.origin, wall.door_type)
        });
        r.ensure(wall.door_type != DoorType::Locked || level >= 3, 9, || {
            format!("locked door at {:?} at L{level}", wall.origin)
        });
        r.ensure(
            !fortress || wall.door_type != DoorType::GateBack,
            10,
            || format!("Fortress back or side portcullis at {:?}", wall.origin),
        );
    }
    let locked_items = m
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::LockedDoorNS | ItemKind::LockedDoorEW))
        .count();
    let keys = b.guards.iter().filter(|g| g.flags & 4 != 0).count();
    r.ensure(keys == usize::from(locked_items > 0), 9, || {
        format!("{keys} key guards for {locked_items} locked door items")
    });
    let rooms = room_of_cells(b);
    for y in 0..m.h {
        for x in 0..m.w {
            if m.at(x, y) != Terrain::GroundWoodCreaky {
                continue;
            }
            let room = &g.rooms[rooms[(y * m.w + x) as usize]];
            let wood = (room.min.1..room.max.1)
                .any(|yy| (room.min.0..room.max.0).any(|xx| m.at(xx, yy) == Terrain::GroundWood));
            r.ensure(level >= 4 && wood, 11, || {
                format!(
                    "creaky board ({x}, {y}) at L{level} in a {:?}",
                    room.room_type
                )
            });
        }
    }
    for i in &m.items {
        let torch = matches!(i.kind, ItemKind::TorchLit | ItemKind::TorchUnlit);
        r.ensure(!(level == 0 && i.kind == ItemKind::TorchLit), 11, || {
            format!("lit torch ({}, {}) at L0", i.x, i.y)
        });
        let by_window = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .any(|(dx, dy)| m.contains(i.x + dx, i.y + dy) && m.at(i.x + dx, i.y + dy).is_window());
        r.ensure(!(torch && by_window), 19, || {
            format!("torch ({}, {}) next to a window", i.x, i.y)
        });
    }
}

/// Items 12–13: the loot's amount and the coins' cells.
fn loot(b: &Build, r: &mut Report) {
    let (m, level) = (&b.map, b.plan.level);
    let coins = m.cells_of(ItemKind::Coin);
    let purses = b.guards.iter().filter(|g| g.flags & 2 != 0).count();
    r.ensure(coins.len() + purses == b.plan.loot as usize, 12, || {
        format!(
            "{} coins + {purses} purses for loot {}",
            coins.len(),
            b.plan.loot
        )
    });
    r.ensure(purses == (level / 3) as usize, 12, || {
        format!("{purses} purses at L{level}")
    });
    for (k, &(x, y)) in coins.iter().enumerate() {
        r.ensure(!coins[..k].contains(&(x, y)), 13, || {
            format!("two coins on ({x}, {y})")
        });
        let t = m.at(x, y);
        r.ensure(t.is_walkable(), 13, || {
            format!("coin on ({x}, {y}), a {t:?}")
        });
        let under = m
            .items
            .iter()
            .find(|i| (i.x, i.y) == (x, y) && i.kind != ItemKind::Coin && !holds_loot(i.kind));
        r.ensure(under.is_none(), 13, || {
            format!("coin on ({x}, {y}) with a {:?}", under.map(|i| i.kind))
        });
    }
}

/// Items 14–17: guards by level, stationary and outside guards, patrol coverage, closed routes.
fn guards(b: &Build, r: &mut Report) {
    let (g, m, level) = (&b.graph, &b.map, b.plan.level);
    let guards = &b.guards;
    let walkers: Vec<_> = guards
        .iter()
        .filter(|x| x.path.len() > 1 && x.letter != 'O')
        .collect();
    match level {
        0 => r.ensure(guards.is_empty(), 14, || {
            format!("{} guards at L0", guards.len())
        }),
        1 => r.ensure(guards.len() == 1 && walkers.len() == 1, 14, || {
            format!("{} guards ({} walking) at L1", guards.len(), walkers.len())
        }),
        _ => {}
    }
    let stationary: Vec<_> = guards.iter().filter(|x| x.path.len() == 1).collect();
    r.ensure(stationary.len() <= usize::from(level >= 2), 15, || {
        format!("{} stationary guards at L{level}", stationary.len())
    });
    let has_vault = g
        .room_list
        .iter()
        .any(|&id| g.rooms[id].room_type == RoomType::Vault);
    if level >= 8 && has_vault {
        r.ensure(stationary.iter().all(|x| x.letter == 'Y'), 15, || {
            "the stationary guard is not the vault guard".to_string()
        });
    }
    let outside = guards.iter().filter(|x| x.letter == 'O').count();
    r.ensure(outside == if level >= 6 { 2 } else { 0 }, 15, || {
        format!("{outside} outside guards at L{level}")
    });
    if level >= 1 {
        for &id in &g.room_list {
            let t = g.rooms[id].room_type;
            let on_route = walkers.iter().any(|guard| guard.visits.contains(&id));
            r.ensure(
                id == 0 || matches!(t, RoomType::Exterior | RoomType::Vault) || on_route,
                16,
                || format!("room {id} ({t:?} at {:?}) on no route", g.rooms[id].min),
            );
        }
    }
    for (n, guard) in guards.iter().enumerate() {
        r.ensure(!guard.path.is_empty(), 17, || {
            format!("guard {n} has no route")
        });
        for (k, &(x, y)) in guard.path.iter().enumerate() {
            let (nx, ny) = guard.path[(k + 1) % guard.path.len()];
            r.ensure((nx - x).abs() <= 1 && (ny - y).abs() <= 1, 17, || {
                format!("guard {n}'s route jumps from ({x}, {y}) to ({nx}, {ny})")
            });
            let ok = m.contains(x, y)
                && !m.at(x, y).is_wall_or_window()
                && !m
                    .items
                    .iter()
                    .any(|i| (i.x, i.y) == (x, y) && i.kind.blocks_player());
            r.ensure(ok, 17, || {
                format!("guard {n}'s route crosses ({x}, {y}), a wall, window or blocking item")
            });
        }
    }
}

/// Every §11 invariant one level's data can express (items 3–17 and 19; see the module docs).
pub fn check(build: &Build) -> Vec<Violation> {
    let mut r = Report(Vec::new());
    geometry(build, &mut r);
    gates_and_shape(build, &mut r);
    rooms_and_doors(build, &mut r);
    loot(build, &mut r);
    guards(build, &mut r);
    r.0
}

#[cfg(test)]
#[path = "invariants_tests.rs"]
mod tests;
