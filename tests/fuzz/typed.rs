//! Structure-aware mutations on the typed level: values every parser accepts but later code may trust —
//! cells off the map, room/route/adjacency indices past the end, integers at the `i32`/`u32`/`u64`
//! limits, huge plans, huge maps and item lists and long strings. Each returns a one-line description
//! that goes into the failure report. The value pools and draws here serve the preset's mutations too
//! ([`super::typed_preset`]).

use mansion_forge::model::limits::{
    MAX_GUARDS, MAX_PATROL_TURNS, MAX_ROUTE_CELLS, MAX_SIDE, patrol_turns,
};
use mansion_forge::model::{
    Axis, Cell, Dir, Item, ItemKind, Level, Plan, Rect, RoomKind, Segment, Terrain,
};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::corpus::Corpus;
use super::mutate::{below, count, pick};

pub(super) const TERRAINS: &[Terrain] = &[
    Terrain::Ground,
    Terrain::Grass,
    Terrain::Water,
    Terrain::Marble,
    Terrain::Wood,
    Terrain::WoodCreaky,
    Terrain::Wall,
    Terrain::Window(Dir::N),
    Terrain::Window(Dir::E),
    Terrain::Portcullis(Axis::NS),
    Terrain::Door(Axis::EW),
    Terrain::GardenDoor(Axis::NS),
    Terrain::Void,
    Terrain::Floor,
];

pub(super) const ITEMS: &[ItemKind] = &[
    ItemKind::Chair,
    ItemKind::Table,
    ItemKind::Bush,
    ItemKind::Coin,
    ItemKind::Door(Axis::NS),
    ItemKind::Portcullis(Axis::EW),
    ItemKind::TorchUnlit,
    ItemKind::TorchLit,
];

pub(super) const KINDS: &[RoomKind] = &[
    RoomKind::Exterior,
    RoomKind::Courtyard,
    RoomKind::Room,
    RoomKind::Hall,
    RoomKind::Corridor,
];

pub(super) const EXTREME_I32: &[i32] = &[
    i32::MIN,
    i32::MIN + 1,
    -2_000_000_000,
    -65_536,
    -1,
    0,
    1,
    1024,
    1025,
    65_536,
    2_000_000_000,
    i32::MAX - 1,
    i32::MAX,
];

pub(super) const EXTREME_U32: &[u32] = &[0, 1, 9, 10, 255, 1000, 1001, 2_000_000_000, u32::MAX];

/// A cell on, next to, or far off a `w`×`h` map.
pub(super) fn cell(rng: &mut ChaCha8Rng, w: i32, h: i32) -> Cell {
    match below(rng, 6) {
        0 => Cell::new(rng.random_range(0..w.max(1)), rng.random_range(0..h.max(1))),
        1 => *pick(
            rng,
            &[
                Cell::new(-1, 0),
                Cell::new(0, -1),
                Cell::new(w, 0),
                Cell::new(0, h),
                Cell::new(w, h),
                Cell::new(w.wrapping_sub(1), h),
                Cell::new(w.wrapping_neg(), h.wrapping_neg()),
            ],
        ),
        2 => Cell::new(*pick(rng, EXTREME_I32), rng.random_range(0..h.max(1))),
        3 => Cell::new(rng.random_range(0..w.max(1)), *pick(rng, EXTREME_I32)),
        4 => Cell::new(*pick(rng, EXTREME_I32), *pick(rng, EXTREME_I32)),
        _ => {
            // Within a few map sizes of the map (the size itself may be hostile already).
            let (w, h) = (w.clamp(1, 4096), h.clamp(1, 4096));
            Cell::new(
                rng.random_range(-3 * w..4 * w),
                rng.random_range(-3 * h..4 * h),
            )
        }
    }
}

/// An index into a list of `len`: inside it, just past it, or far past it.
pub(super) fn index(rng: &mut ChaCha8Rng, len: usize) -> usize {
    match below(rng, 4) {
        0 => below(rng, len.max(1)),
        1 => len,
        2 => len + 1 + below(rng, 8),
        _ => *pick(
            rng,
            &[usize::MAX, usize::MAX / 2, 1 << 32, i32::MAX as usize],
        ),
    }
}

pub(super) fn rect(rng: &mut ChaCha8Rng, w: i32, h: i32) -> Rect {
    let a = cell(rng, w, h);
    let b = cell(rng, w, h);
    Rect {
        x0: a.x,
        y0: a.y,
        x1: b.x,
        y1: b.y,
    }
}

/// The index of a random element of `list`, or `None` when it is empty.
pub(super) fn some_index<T>(rng: &mut ChaCha8Rng, list: &[T]) -> Option<usize> {
    (!list.is_empty()).then(|| below(rng, list.len()))
}

/// One typed mutation of a level; returns what it did.
pub fn level(rng: &mut ChaCha8Rng, level: &mut Level, corpus: &Corpus) -> String {
    let (w, h) = (level.width, level.height);
    let c = cell(rng, w, h);
    if below(rng, 200) == 0 {
        return giant(rng, level);
    }
    match below(rng, 22) {
        choice @ 0..=9 => misplace(rng, level, choice, c),
        10 | 12 => indices(rng, level),
        choice @ (11 | 13..=20) => reshape(rng, level, choice, c),
        _ => {
            // A room of another generator's level grafted in.
            let donor = &pick(rng, &corpus.levels).level;
            match some_index(rng, &donor.rooms) {
                Some(r) => {
                    level.rooms.push(donor.rooms[r].clone());
                    format!("room {r} of a {} level grafted in", donor.generator)
                }
                None => "donor without rooms".into(),
            }
        }
    }
}

/// Mutation `choice` (0–9) of [`level`]: a thing of the level moved to, or added at, cell `c`.
fn misplace(rng: &mut ChaCha8Rng, level: &mut Level, choice: usize, c: Cell) -> String {
    let (w, h) = (level.width, level.height);
    let at = format!("({}, {})", c.x, c.y);
    match choice {
        0 => match some_index(rng, &level.items) {
            Some(i) => {
                level.items[i].cell = c;
                format!("item {i} moved to {at}")
            }
            None => "no items to move".into(),
        },
        1 => {
            let kind = *pick(rng, ITEMS);
            level.items.push(Item { kind, cell: c });
            format!("{kind:?} added at {at}")
        }
        2 => {
            level.player_start = c;
            format!("player start at {at}")
        }
        3 => {
            if rng.random_bool(0.5) {
                level.entrance.cell = c;
                format!("entrance cell at {at}")
            } else {
                level.entrance.exit_cell = Some(c);
                format!("exit cell at {at}")
            }
        }
        4 => match some_index(rng, &level.patrols) {
            Some(r) => {
                let route = &mut level.patrols[r];
                let i = below(rng, route.cells.len() + 1);
                route.cells.insert(i, c);
                format!("route {r} steps on {at} at {i}")
            }
            None => "no routes".into(),
        },
        5 => match some_index(rng, &level.guards) {
            Some(g) => {
                level.guards[g].start = c;
                format!("guard {g} starts at {at}")
            }
            None => "no guards".into(),
        },
        6 => match some_index(rng, &level.rooms) {
            Some(r) => {
                level.rooms[r].cells.push(c);
                format!("room {r} gains cell {at}")
            }
            None => "no rooms".into(),
        },
        7 => match some_index(rng, &level.rooms) {
            Some(r) => {
                level.rooms[r].interior = rect(rng, w, h);
                format!("room {r} interior {:?}", level.rooms[r].interior)
            }
            None => "no rooms".into(),
        },
        8 => match some_index(rng, &level.adjacencies) {
            Some(a) => {
                let adj = &mut level.adjacencies[a];
                match below(rng, 3) {
                    0 => adj.door_cells.push(c),
                    1 => adj.via.push(c),
                    _ => {
                        adj.segment = Some(Segment {
                            origin: c,
                            dir: *pick(rng, &[Dir::N, Dir::S, Dir::E, Dir::W]),
                            len: *pick(rng, EXTREME_I32),
                        });
                    }
                }
                format!("adjacency {a} now {adj:?}")
            }
            None => "no adjacencies".into(),
        },
        9 => match some_index(rng, &level.patrols) {
            Some(r) => match some_index(rng, &level.patrols[r].stations) {
                Some(s) => {
                    level.patrols[r].stations[s].cell = c;
                    format!("station {s} of route {r} at {at}")
                }
                None => "no stations".into(),
            },
            None => "no routes".into(),
        },
        _ => unreachable!("level() hands over choices 0–9"),
    }
}

/// Mutation `choice` (11 or 13–20) of [`level`]: the map's size, plan, header or lists changed whole.
/// `c` is the cell [`level`] drew, where the added items and waits go.
fn reshape(rng: &mut ChaCha8Rng, level: &mut Level, choice: usize, c: Cell) -> String {
    let h = level.height;
    let at = format!("({}, {})", c.x, c.y);
    match choice {
        11 => {
            let width = *pick(rng, EXTREME_I32);
            let height = if rng.random_bool(0.5) {
                *pick(rng, EXTREME_I32)
            } else {
                h
            };
            resize(rng, level, width, height);
            format!("map resized to {width}×{height}")
        }
        13 => {
            let plan = Plan {
                rooms_x: *pick(rng, EXTREME_I32),
                rooms_y: if rng.random_bool(0.5) {
                    *pick(rng, EXTREME_I32)
                } else {
                    rng.random_range(1..8)
                },
                loot: *pick(rng, EXTREME_U32),
            };
            level.plan = Some(plan);
            if rng.random_bool(0.5) {
                level.generator = "siheyuan".into();
            }
            format!("plan {plan:?} ({})", level.generator)
        }
        14 => {
            level.generator = match below(rng, 4) {
                0 => "x".repeat(count(rng, 5000)),
                1 => String::new(),
                _ => pick(
                    rng,
                    &["siheyuan", "tile_growth", "packed_mansion", "rogue_grid"],
                )
                .to_string(),
            };
            format!("generator `{:.40}`", level.generator)
        }
        15 => {
            level.level = *pick(rng, EXTREME_U32);
            level.seed = *pick(rng, &[0, u64::MAX, 1 << 63]);
            format!("level number {} seed {}", level.level, level.seed)
        }
        16 => match some_index(rng, &level.rooms) {
            Some(r) => {
                level.rooms[r].depth = *pick(rng, EXTREME_U32);
                level.rooms[r].kind = *pick(rng, KINDS);
                format!(
                    "room {r} depth {} kind {:?}",
                    level.rooms[r].depth, level.rooms[r].kind
                )
            }
            None => "no rooms".into(),
        },
        17 => {
            let n = count(rng, 2000);
            let kind = *pick(rng, ITEMS);
            level.items.extend((0..n).map(|_| Item { kind, cell: c }));
            format!("{n} more {kind:?} items at {at}")
        }
        18 => match some_index(rng, &level.patrols) {
            Some(r) => {
                let n = count(rng, 2000);
                let first = level.patrols[r].cells.first().copied().unwrap_or(c);
                level.patrols[r].cells.extend(std::iter::repeat_n(first, n));
                format!("route {r} waits {n} more steps")
            }
            None => "no routes".into(),
        },
        19 => {
            let cells = level.shape().len().max(1);
            let n = below(rng, cells).min(64);
            for _ in 0..n {
                let c = level.shape().cell(below(rng, cells));
                level.set_terrain(c, *pick(rng, TERRAINS));
            }
            format!("{n} cells repainted")
        }
        20 => {
            match below(rng, 5) {
                0 => level.rooms.clear(),
                1 => level.patrols.clear(),
                2 => level.adjacencies.clear(),
                // The size grows by a column the terrain does not have.
                3 => level.width += 1,
                _ => level.items.clear(),
            }
            "a list emptied".into()
        }
        _ => unreachable!("level() hands over choices 11 and 13–20"),
    }
}

/// A rare giant: the 500,000-item level, a map at the size limit, a route of a million steps
/// or a megabyte of generator name. Each takes long to write and parse, so they are kept rare.
fn giant(rng: &mut ChaCha8Rng, level: &mut Level) -> String {
    let (w, h) = (level.width.max(1), level.height.max(1));
    match below(rng, 7) {
        4 => crowd(rng, level),
        5 => long_route(rng, level),
        6 => {
            resize(rng, level, MAX_SIDE, MAX_SIDE);
            format!(
                "map resized to {MAX_SIDE}×{MAX_SIDE}, and {}",
                crowd(rng, level)
            )
        }
        0 => {
            let n = *pick(rng, &[10_000, 50_000, 500_000]);
            let kind = *pick(rng, ITEMS);
            level.items.extend((0..n).map(|k| Item {
                kind,
                cell: Cell::new(k % w, (k / w) % h),
            }));
            format!("{n} more {kind:?} items")
        }
        1 => {
            let side = *pick(rng, &[256, 512, 1000, 1024]);
            resize(rng, level, side, side);
            format!("map resized to {side}×{side}")
        }
        2 => match some_index(rng, &level.patrols) {
            Some(r) => {
                let first = level.patrols[r]
                    .cells
                    .first()
                    .copied()
                    .unwrap_or(level.player_start);
                level.patrols[r]
                    .cells
                    .extend(std::iter::repeat_n(first, 1 << 20));
                format!("route {r} waits a million more steps")
            }
            None => "no routes".into(),
        },
        _ => {
            level.generator = "x".repeat(1 << 20);
            "generator name of a megabyte".into()
        }
    }
}

/// Guards added (copies of the level's, carrying torches) up to the patrol limits, or one past them.
fn crowd(rng: &mut ChaCha8Rng, level: &mut Level) -> String {
    if level.guards.is_empty() {
        return "no guards to copy".into();
    }
    let past = rng.random_bool(0.5);
    let guards = level.guards.clone();
    let mut k = 0;
    loop {
        let mut next = guards[k % guards.len()];
        next.carries_torch = true;
        level.guards.push(next);
        let over = level.guards.len() > MAX_GUARDS || patrol_turns(level) > MAX_PATROL_TURNS;
        if over && !past {
            level.guards.pop();
            break;
        }
        if over || level.guards.len() > MAX_GUARDS {
            break;
        }
        k += 1;
    }
    format!(
        "guards copied to {} ({} patrol turns), {} the limits",
        level.guards.len(),
        patrol_turns(level),
        if past { "one past" } else { "up to" }
    )
}

/// A route walked there and back over its own cells until it is as long as a route may be, or one cell
/// longer.
fn long_route(rng: &mut ChaCha8Rng, level: &mut Level) -> String {
    let Some(r) = some_index(rng, &level.patrols) else {
        return "no routes".into();
    };
    let target = MAX_ROUTE_CELLS + usize::from(rng.random_bool(0.5));
    let there = level.patrols[r].cells.clone();
    if there.is_empty() {
        return "an empty route".into();
    }
    let back: Vec<_> = there.iter().rev().copied().collect();
    let cells = &mut level.patrols[r].cells;
    while cells.len() < target {
        let lap = if (cells.len() / there.len()) % 2 == 1 {
            &there
        } else {
            &back
        };
        cells.extend(lap.iter().take(target - cells.len()));
    }
    format!("route {r} walked to {target} cells")
}

/// Sets the map size; the terrain follows when it would stay below 2²⁰ cells, so the size check is
/// passed and later code sees the new size.
fn resize(rng: &mut ChaCha8Rng, level: &mut Level, width: i32, height: i32) {
    level.width = width;
    level.height = height;
    let cells = i64::from(width) * i64::from(height);
    if (0..=1 << 20).contains(&cells) {
        let fill = *pick(rng, TERRAINS);
        // The terrain is private to the level core: rebuild it through the level's serialised form.
        if let Ok(mut value) = serde_json::to_value(&*level) {
            value["terrain"] = serde_json::json!(vec![fill; cells as usize]);
            if let Ok(resized) = serde_json::from_value(value) {
                *level = resized;
            }
        }
    }
}

/// An index field set past the end of what it names.
fn indices(rng: &mut ChaCha8Rng, level: &mut Level) -> String {
    let rooms = level.rooms.len();
    match below(rng, 8) {
        0 => match some_index(rng, &level.adjacencies) {
            Some(a) => {
                let adj = &mut level.adjacencies[a];
                match below(rng, 3) {
                    0 => adj.left = index(rng, rooms),
                    1 => adj.right = index(rng, rooms),
                    _ => adj.mirror = Some(index(rng, rooms)),
                }
                format!(
                    "adjacency {a} rooms {} {} mirror {:?}",
                    adj.left, adj.right, adj.mirror
                )
            }
            None => "no adjacencies".into(),
        },
        1 => match some_index(rng, &level.guards) {
            Some(g) => {
                level.guards[g].route = index(rng, level.patrols.len());
                format!("guard {g} walks route {}", level.guards[g].route)
            }
            None => "no guards".into(),
        },
        2 => match some_index(rng, &level.patrols) {
            Some(p) => {
                let r = index(rng, rooms);
                level.patrols[p].visits.push(r);
                format!("route {p} visits room {r}")
            }
            None => "no routes".into(),
        },
        3 => match some_index(rng, &level.patrols) {
            Some(p) => match some_index(rng, &level.patrols[p].stations) {
                Some(s) => {
                    let r = index(rng, rooms);
                    level.patrols[p].stations[s].room = r;
                    format!("station {s} of route {p} in room {r}")
                }
                None => "no stations".into(),
            },
            None => "no routes".into(),
        },
        4 => {
            level.entrance.room = index(rng, rooms);
            format!("entrance room {}", level.entrance.room)
        }
        5 => {
            level.entrance.exterior = Some(index(rng, rooms));
            format!("exterior {:?}", level.entrance.exterior)
        }
        6 => {
            let r = index(rng, rooms);
            level.entrance.depth_seeds.push(r);
            format!("depth seed {r}")
        }
        _ => {
            let (before, after) = (index(rng, rooms), index(rng, rooms));
            level
                .split_points
                .push(mansion_forge::model::SplitPoint { before, after });
            format!("split point {before}→{after}")
        }
    }
}
