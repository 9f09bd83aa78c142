//! Validation: checks a level against the invariants of `siheyuan-mansion.md` §8 and reports each broken
//! one with where it is, so the editor can focus the map on it and the CLI can list it.
//!
//! The checks any level must pass (connectivity, items, patrol routes) live here; the siheyuan generator's
//! own guarantees (geometry, symmetry, decoration, loot order) in [`siheyuan`], run only on its levels.

mod siheyuan;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{depths, patrol_metrics, room_graph};
use crate::generate::passes::pathfind::{INFINITE, move_costs};
use crate::model::{Cell, Level, RoomId, RoomKind, Terrain};

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The invariant's number in spec §8.
    pub invariant: u32,
    pub message: String,
    pub cell: Option<Cell>,
    pub room: Option<RoomId>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invariant {}: {}", self.invariant, self.message)?;
        if let Some(c) = self.cell {
            write!(f, " at ({}, {})", c.x, c.y)?;
        }
        if let Some(r) = self.room {
            write!(f, " in room {r}")?;
        }
        Ok(())
    }
}

/// Collects violations while the checks run.
#[derive(Default)]
pub(crate) struct Report(Vec<Violation>);

impl Report {
    pub(crate) fn add(&mut self, invariant: u32, message: impl Into<String>) {
        self.0.push(Violation {
            invariant,
            message: message.into(),
            cell: None,
            room: None,
        });
    }

    pub(crate) fn at(&mut self, invariant: u32, cell: Cell, message: impl Into<String>) {
        self.0.push(Violation {
            invariant,
            message: message.into(),
            cell: Some(cell),
            room: None,
        });
    }

    pub(crate) fn in_room(&mut self, invariant: u32, room: RoomId, message: impl Into<String>) {
        self.0.push(Violation {
            invariant,
            message: message.into(),
            cell: None,
            room: Some(room),
        });
    }
}

/// Every broken invariant of `level`; empty when the level is sound.
pub fn validate(level: &Level) -> Vec<Violation> {
    let mut report = Report::default();
    if !structure_is_sound(level, &mut report) {
        return report.0;
    }
    check_connectivity(level, &mut report);
    check_reachable_cells(level, &mut report);
    check_items_unique(level, &mut report);
    check_routes(level, &mut report);
    if level.generator == crate::generate::siheyuan::ID
        && let Some(plan) = level.plan
    {
        siheyuan::check(level, plan, &mut report);
    }
    report.0
}

/// Sizes and ids must be consistent before anything else can be read safely (a hand-made file may not be).
fn structure_is_sound(level: &Level, report: &mut Report) -> bool {
    let cells = level.width.max(0) as usize * level.height.max(0) as usize;
    if level.width <= 0 || level.height <= 0 || level.terrain.len() != cells {
        report.add(
            0,
            format!(
                "terrain has {} cells for a {}×{} map",
                level.terrain.len(),
                level.width,
                level.height
            ),
        );
        return false;
    }
    let rooms = level.rooms.len();
    let bad_adjacency = level
        .adjacencies
        .iter()
        .position(|a| a.left >= rooms || a.right >= rooms);
    if let Some(id) = bad_adjacency {
        report.add(
            0,
            format!("adjacency {id} names a room that does not exist"),
        );
        return false;
    }
    let bad_route = level
        .guards
        .iter()
        .position(|g| g.route >= level.patrols.len());
    if let Some(g) = bad_route {
        report.add(0, format!("guard {g} walks a route that does not exist"));
        return false;
    }
    let bad_visit = level
        .patrols
        .iter()
        .any(|p| p.visits.iter().any(|&r| r >= rooms));
    let bad_entrance =
        level.entrance.room >= rooms || level.entrance.depth_seeds.iter().any(|&r| r >= rooms);
    if bad_visit || bad_entrance || level.entrance.exterior.is_some_and(|e| e >= rooms) {
        report.add(
            0,
            "a patrol or the entrance names a room that does not exist",
        );
        return false;
    }
    true
}

/// Invariant 9: the door graph connects every region, with exactly one door to the exterior.
fn check_connectivity(level: &Level, report: &mut Report) {
    let depth = depths(level);
    for (r, room) in level.rooms.iter().enumerate() {
        if room.kind != RoomKind::Exterior && depth[r].is_none() {
            report.in_room(
                9,
                r,
                format!("{} cannot be reached through doors", room.kind_label()),
            );
        }
    }
    if let Some(ext) = level.exterior() {
        let front_doors = room_graph(level).degree(ext);
        if front_doors != 1 {
            report.add(
                9,
                format!("{front_doors} doors lead outside; there must be exactly one"),
            );
        }
    }
}

/// Invariant 10: every cell that is not masonry is 4-connected to the player start.
fn check_reachable_cells(level: &Level, report: &mut Report) {
    let open = |c: Cell| level.in_bounds(c) && !level.terrain(c).is_blocking();
    let index = |c: Cell| (c.y * level.width + c.x) as usize;
    let mut seen = vec![false; level.terrain.len()];
    let start = level.player_start;
    if !open(start) {
        report.at(10, start, "the player starts inside a wall");
        return;
    }
    let mut stack = vec![start];
    seen[index(start)] = true;
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if open(n) && !seen[index(n)] {
                seen[index(n)] = true;
                stack.push(n);
            }
        }
    }
    let unreachable: Vec<Cell> = level
        .all_cells()
        .filter(|&c| open(c) && !seen[index(c)])
        .collect();
    if let Some(&first) = unreachable.first() {
        report.at(
            10,
            first,
            format!(
                "{} cells cannot be reached from the player start",
                unreachable.len()
            ),
        );
    }
}

/// Invariant 15: no two items share a cell.
fn check_items_unique(level: &Level, report: &mut Report) {
    let mut items: Vec<Cell> = level.items.iter().map(|i| i.cell).collect();
    items.sort();
    for pair in items.windows(2) {
        if pair[0] == pair[1] {
            report.at(15, pair[0], "two items share a cell");
        }
    }
}

/// Invariants 21 and 23–26 that hold for any level: guards on their routes, walkable steps, dwell at
/// chain ends, one route per room, and no orphans without a split.
fn check_routes(level: &Level, report: &mut Report) {
    let costs = move_costs(level);
    let cost = |c: Cell| {
        if level.in_bounds(c) {
            costs[(c.y * level.width + c.x) as usize]
        } else {
            INFINITE
        }
    };
    for (g, guard) in level.guards.iter().enumerate() {
        if level.patrols[guard.route].cells.first() != Some(&guard.start) {
            report.at(
                21,
                guard.start,
                format!("guard {g} does not start on the first cell of its route"),
            );
        }
    }
    let mut owner: Vec<Option<usize>> = vec![None; level.rooms.len()];
    for (i, route) in level.patrols.iter().enumerate() {
        for &c in &route.cells {
            if cost(c) == INFINITE || level.terrain(c) == Terrain::Water {
                report.at(23, c, format!("route {i} steps on a blocked or water cell"));
                break;
            }
        }
        for pair in route.cells.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let diagonal = a.x != b.x && a.y != b.y;
            if a != b && !a.chebyshev_adjacent(b) {
                report.at(
                    23,
                    a,
                    format!(
                        "route {i} jumps from ({}, {}) to ({}, {})",
                        a.x, a.y, b.x, b.y
                    ),
                );
                break;
            }
            if diagonal
                && (cost(Cell::new(a.x, b.y)) == INFINITE || cost(Cell::new(b.x, a.y)) == INFINITE)
            {
                report.at(23, a, format!("route {i} cuts a corner"));
                break;
            }
        }
        if route.outside {
            continue;
        }
        let cells = &route.cells;
        if !route.loops() {
            let dwell = |s: &[Cell]| s.len() == 3 && s.iter().all(|c| *c == s[0]);
            let n = cells.len();
            if n < 3 || !dwell(&cells[..3]) || !dwell(&cells[n - 3..]) {
                report.at(
                    24,
                    cells.first().copied().unwrap_or(level.player_start),
                    format!("route {i} does not pause at both ends"),
                );
            }
        }
        if route.visits.len() < 2 {
            report.add(25, format!("route {i} visits fewer than two rooms"));
        }
        for &r in &route.visits {
            match owner[r] {
                Some(other) if other != i => {
                    report.in_room(25, r, format!("room is on routes {other} and {i}"))
                }
                _ => owner[r] = Some(i),
            }
        }
    }
    let metrics = patrol_metrics(level);
    if level.split_points.is_empty() && !metrics.unpatrolled.is_empty() {
        // A room whose only doors lead outside (the lone room of a one-room level) can join no chain.
        let graph = room_graph(level);
        let inside_neighbour = |r: RoomId| {
            graph.neighbours[r]
                .iter()
                .any(|&(n, _)| level.rooms[n].kind != RoomKind::Exterior)
        };
        for &r in metrics.unpatrolled.iter().filter(|&&r| inside_neighbour(r)) {
            report.in_room(
                26,
                r,
                "room is unpatrolled although no patrol chain was split",
            );
        }
    }
}
