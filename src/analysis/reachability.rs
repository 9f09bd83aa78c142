//! Reachability of cells on foot: a 4-connected flood fill from the player start over non-blocking terrain.
//!
//! Doors count as passable (the player opens them); walls, windows and void do not. The editor's validation
//! panel uses this to flag cells a player can never reach.

use crate::model::{Cell, Grid, Level};

/// For every cell, whether the player can walk there from the start.
pub fn reachable_from_start(level: &Level) -> Grid<bool> {
    let mut seen = Grid::new(level.shape(), false);
    let start = level.player_start;
    if !level.in_bounds(start) || level.terrain(start).is_blocking() {
        return seen;
    }
    let mut stack = vec![start];
    seen.set(start, true);
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if level.in_bounds(n) && !seen.at(n) && !level.terrain(n).is_blocking() {
                seen.set(n, true);
                stack.push(n);
            }
        }
    }
    seen
}

/// Connected groups (4-connected) of walkable cells the player cannot reach, each in discovery order,
/// groups ordered by their first cell in x-outer/y-inner scan order.
pub fn unreachable_regions(level: &Level) -> Vec<Vec<Cell>> {
    let reach = reachable_from_start(level);
    let walkable_unreached =
        |c: Cell| reach.get(c).is_some_and(|r| !r) && !level.terrain(c).is_blocking();
    let mut grouped = Grid::new(level.shape(), false);
    let mut regions = Vec::new();
    for c in level.all_cells() {
        if !walkable_unreached(c) || grouped.at(c) {
            continue;
        }
        grouped.set(c, true);
        let mut region = vec![c];
        let mut next = 0;
        while next < region.len() {
            let cur = region[next];
            next += 1;
            for n in cur.neighbours4() {
                if walkable_unreached(n) && !grouped.at(n) {
                    grouped.set(n, true);
                    region.push(n);
                }
            }
        }
        regions.push(region);
    }
    regions
}
