//! Reachability of cells on foot: a 4-connected flood fill from the player start over non-blocking terrain.
//!
//! Doors count as passable (the player opens them); walls, windows and void do not. The editor's validation
//! panel uses this to flag cells a player can never reach.

use crate::model::{Cell, Level};

/// For every cell (row-major, `y * width + x`), whether the player can walk there from the start.
pub fn reachable_from_start(level: &Level) -> Vec<bool> {
    let (w, h) = (level.width.max(0), level.height.max(0));
    let mut seen = vec![false; (w * h) as usize];
    let start = level.player_start;
    if !level.in_bounds(start) || level.terrain(start).is_blocking() {
        return seen;
    }
    let index = |c: Cell| (c.y * w + c.x) as usize;
    let mut stack = vec![start];
    seen[index(start)] = true;
    while let Some(c) = stack.pop() {
        for n in c.neighbours4() {
            if level.in_bounds(n) && !seen[index(n)] && !level.terrain(n).is_blocking() {
                seen[index(n)] = true;
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
    let w = level.width.max(0);
    let index = |c: Cell| (c.y * w + c.x) as usize;
    let walkable_unreached =
        |c: Cell| level.in_bounds(c) && !reach[index(c)] && !level.terrain(c).is_blocking();
    let mut grouped = vec![false; reach.len()];
    let mut regions = Vec::new();
    for c in level.all_cells() {
        if !walkable_unreached(c) || grouped[index(c)] {
            continue;
        }
        grouped[index(c)] = true;
        let mut region = vec![c];
        let mut next = 0;
        while next < region.len() {
            let cur = region[next];
            next += 1;
            for n in cur.neighbours4() {
                if walkable_unreached(n) && !grouped[index(n)] {
                    grouped[index(n)] = true;
                    region.push(n);
                }
            }
        }
        regions.push(region);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::campaign;
    use crate::model::Terrain;

    #[test]
    fn a_generated_mansion_is_reachable_everywhere() {
        let level = campaign::plan(1).generate(9).expect("mansion 9");
        assert!(unreachable_regions(&level).is_empty());
    }

    #[test]
    fn walling_in_the_start_leaves_the_rest_unreachable() {
        let mut level = campaign::plan(1).generate(2).expect("mansion 2");
        for n in level.player_start.neighbours4() {
            level.set_terrain(n, Terrain::Wall);
        }
        let reach = reachable_from_start(&level);
        assert_eq!(reach.iter().filter(|r| **r).count(), 1);
        assert!(!unreachable_regions(&level).is_empty());
    }
}
