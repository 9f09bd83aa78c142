//! Validation: checks a level against the invariants of `siheyuan-mansion.md` §8 and reports each broken
//! one with where it is, so the editor can focus the map on it and the CLI can list it.
//!
//! Findings come in two kinds ([`FindingKind`]). *Playability errors* make a level unfit to ship whoever
//! made it: cells off the map, unreachable rooms or loot, no way in, guards walking through walls. *Generator
//! notes* are guarantees a generator keeps by construction (mirror symmetry, the loot budget, decoration
//! rules, patrol shapes) that a designer's hand edit may break on purpose. The checks any level must pass
//! live here, with those of the level's own records (its outside, room floors, depths and stations) in
//! `records`; the siheyuan generator's own guarantees in `siheyuan`, run only on its levels, all notes.

mod lll2025;
mod partners;
mod records;
mod report;
mod siheyuan;

use super::{RoomGraph, patrol_metrics, room_graph};
use crate::model::topology::{INFINITE, move_costs, starts_onto_route};
use crate::model::{
    Cell, Extension, Grid, ItemKind, Level, Level2025, RoomId, RoomKind, Terrain, valid,
};
pub(crate) use report::Report;
pub use report::{FindingKind, Violation};

/// Every broken invariant of `level`; empty when the level is sound.
///
/// # Examples
///
/// A generated mansion breaks no invariant; walling up the cell the player starts on makes it
/// unplayable, and the finding names the invariant and the cell:
///
/// ```
/// use mansion_forge::analysis::validate::{FindingKind, playability_errors, validate};
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::model::Terrain;
///
/// let mut level = Recipe::campaign_level(2, 6).build().expect("builds");
/// assert_eq!(validate(&level), []);
///
/// let start = level.player_start;
/// level.set_terrain(start, Terrain::Wall);
/// let errors = playability_errors(&level);
/// let walled = errors.iter().find(|v| v.cell == Some(start)).expect("the start is reported");
/// assert_eq!((walled.invariant, walled.kind), (10, FindingKind::Playability));
/// assert!(walled.to_string().starts_with("error (invariant 10): the player starts inside a wall"));
/// ```
pub fn validate(level: &Level) -> Vec<Violation> {
    let mut report = Report::new();
    if let Err(shape) = valid::check(level) {
        report.add(0, shape.0);
        return report.found;
    }
    let entrance_sound = records::check_entrance(level, &mut report);
    records::check_room_floors(level, &mut report);
    check_connectivity(level, entrance_sound, &mut report);
    check_reachable_cells(level, &mut report);
    check_items_unique(level, &mut report);
    check_routes(level, &mut report);
    report.as_kind(FindingKind::GeneratorNote, |r| {
        if entrance_sound {
            records::check_depths(level, r);
        }
        // The 2025 game's patrols are loops and one-cell posts: its own §11 checks replace the shapes.
        match level.extension() {
            Some(Extension::Lll2025(part)) => lll2025::check(level, part, r),
            None => check_patrol_shapes(level, r),
        }
        records::check_stations(level, r);
    });
    // A plan is the siheyuan's content: only its levels carry one.
    if let Some(plan) = level.plan {
        report.as_kind(FindingKind::GeneratorNote, |r| {
            siheyuan::check(level, plan, r);
        });
    }
    report.found
}

/// Only the playability errors of `level`.
pub fn playability_errors(level: &Level) -> Vec<Violation> {
    validate(level)
        .into_iter()
        .filter(|v| v.kind == FindingKind::Playability)
        .collect()
}

/// Rooms reached from where the player comes in (the exterior, else the entrance room) through doors
/// only. Depth seeds are not used: the siheyuan seeds its whole front row, which would count a front
/// room as reached even with every door walled up.
fn rooms_reached_through_doors(level: &Level, graph: &RoomGraph) -> Vec<bool> {
    let mut reached = vec![false; level.rooms.len()];
    let start = level.exterior().unwrap_or(level.entrance.room);
    let mut queue = vec![start];
    reached[start] = true;
    while let Some(r) = queue.pop() {
        for &(n, _) in graph.neighbours(r) {
            if !reached[n] {
                reached[n] = true;
                queue.push(n);
            }
        }
    }
    reached
}

/// Invariant 9: the door graph connects every region, with exactly one door to the exterior, counted
/// only when the entrance names the exterior soundly (the doors of a courtyard named as the outside are
/// no front doors) and not on the 2025 game's levels, whose back and side gates are doors out too.
fn check_connectivity(level: &Level, entrance_sound: bool, report: &mut Report) {
    let graph = room_graph(level);
    let reached = rooms_reached_through_doors(level, &graph);
    for (r, room) in level.rooms.iter().enumerate() {
        if room.kind != RoomKind::Exterior && !reached[r] {
            report.in_room(
                9,
                r,
                format!("{} cannot be reached through doors", room.kind_label()),
            );
        }
    }
    if let Some(ext) = level.exterior().filter(|_| entrance_sound) {
        let front_doors = graph.degree(ext);
        if front_doors == 0 {
            report.add(
                9,
                "no door leads in from outside: the level has no entrance",
            );
        } else if front_doors > 1 && level.part::<Level2025>().is_none() {
            // The 2025 game's back and side gates are further doors out, by design (§11.5 instead).
            report.as_kind(FindingKind::GeneratorNote, |r| {
                r.add(
                    9,
                    format!("{front_doors} doors lead outside; the generator makes exactly one"),
                );
            });
        }
    }
}

/// Invariant 10: every cell that is not masonry is 4-connected to the player start, and so is every coin.
fn check_reachable_cells(level: &Level, report: &mut Report) {
    let open = |c: Cell| level.in_bounds(c) && !level.terrain(c).is_blocking();
    let mut seen = Grid::new(level.shape(), false);
    let start = level.player_start;
    if !open(start) {
        report.at(10, start, "the player starts inside a wall");
        return;
    }
    let mut stack = vec![start];
    seen.set(start, true);
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if open(n) && !seen.at(n) {
                seen.set(n, true);
                stack.push(n);
            }
        }
    }
    let unreachable: Vec<Cell> = level
        .all_cells()
        .filter(|&c| open(c) && !seen.at(c))
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
    for coin in level.items.iter().filter(|i| i.kind == ItemKind::Coin) {
        if !seen.at(coin.cell) {
            report.at(10, coin.cell, "loot that the thief cannot reach");
        }
    }
}

/// Invariant 15: no two items share a cell, except in a stack the 2025 game makes (a coin on a chair,
/// a lock over a treasure: [`ItemKind::carries`]). Each item is checked against the one under it.
fn check_items_unique(level: &Level, report: &mut Report) {
    let mut items: Vec<(Cell, usize)> = level
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| (item.cell, i))
        .collect();
    items.sort_unstable();
    for pair in items.windows(2) {
        let ((cell, below), (other, above)) = (pair[0], pair[1]);
        let (below, above) = (level.items[below].kind, level.items[above].kind);
        if cell == other && !below.carries(above) {
            let message = format!(
                "two items share a cell (a {} under a {})",
                below.name(),
                above.name()
            );
            report.at(15, cell, message);
        }
    }
}

/// Invariants 21 and 23, which any level must keep: guards start on their routes (or where they can
/// walk onto them, as the 2025 game posts its level-1 guard) and routes only take walkable steps (no
/// walls, water, jumps or corner cuts).
fn check_routes(level: &Level, report: &mut Report) {
    let costs = move_costs(level);
    let cost = |c: Cell| costs.get(c).copied().unwrap_or(INFINITE);
    for (g, guard) in level.guards.iter().enumerate() {
        if !starts_onto_route(guard.start, &level.patrols[guard.route].cells, &costs) {
            report.at(
                21,
                guard.start,
                format!(
                    "guard {g} starts neither on the first cell of its route nor where it can walk \
                     onto it"
                ),
            );
        }
    }
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
    }
}

/// Invariants 24–26, the patrol pass's own shapes: dwell at chain ends, one route per room, and no orphans
/// without a split. A designer's hand-drawn route may differ on purpose.
fn check_patrol_shapes(level: &Level, report: &mut Report) {
    let mut owner: Vec<Option<usize>> = vec![None; level.rooms.len()];
    for (i, route) in level.patrols.iter().enumerate() {
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
            // Where the route starts, so the editor can show it: a guard added by hand stands watch
            // in one room, and a lock around it keeps it there on purpose.
            let message = format!("route {i} visits fewer than two rooms");
            match cells.first() {
                Some(&start) => report.at(25, start, message),
                None => report.add(25, message),
            }
        }
        for &r in &route.visits {
            match owner[r] {
                Some(other) if other != i => {
                    report.in_room(25, r, format!("room is on routes {other} and {i}"));
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
            graph
                .neighbours(r)
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
