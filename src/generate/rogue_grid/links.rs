//! §3.2 steps 1–5: the random walk, the fill that attaches every remaining cell, and the extra loops.

use crate::generate::rng::Stream;

/// The link graph over the grid cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    /// Grid columns.
    pub cells_x: i32,
    /// Grid rows.
    pub cells_y: i32,
    /// The walk's cells in order; `walk[0]` is `first`, the last one `walk_end`.
    pub walk: Vec<(i32, i32)>,
    /// The last cell the fill linked, if the walk did not cover the grid.
    pub last_attached: Option<(i32, i32)>,
    /// Links as ordered pairs `(a, b)` with `a < b` in row-major order: tree links first, then loops.
    pub links: Vec<((i32, i32), (i32, i32))>,
    /// How many of `links` are loops (step 5).
    pub loops: usize,
}

impl Links {
    /// The walk's first cell: the room with the up-stairs and the level's depth seed.
    pub fn first(&self) -> (i32, i32) {
        self.walk[0]
    }

    /// The walk's last cell, where [`ExitRule::WalkEnd`](super::ExitRule::WalkEnd) puts the
    /// down-stairs.
    pub fn walk_end(&self) -> (i32, i32) {
        self.walk[self.walk.len() - 1]
    }
}

fn neighbours(cells_x: i32, cells_y: i32, (i, j): (i32, i32)) -> Vec<(i32, i32)> {
    [(i, j - 1), (i - 1, j), (i + 1, j), (i, j + 1)]
        .into_iter()
        .filter(|&(x, y)| x >= 0 && y >= 0 && x < cells_x && y < cells_y)
        .collect()
}

/// Orders a pair row-major, so each link has one spelling.
fn ordered(a: (i32, i32), b: (i32, i32)) -> ((i32, i32), (i32, i32)) {
    if (a.1, a.0) <= (b.1, b.0) {
        (a, b)
    } else {
        (b, a)
    }
}

/// Steps 1–5 from the start cell, with `extra` the inclusive range of loop counts.
pub fn draw_links(
    cells_x: i32,
    cells_y: i32,
    start: (i32, i32),
    extra: (i32, i32),
    rng: &mut Stream,
) -> Links {
    let index = |(i, j): (i32, i32)| (j * cells_x + i) as usize;
    let mut connected = vec![false; (cells_x * cells_y) as usize];
    let mut links = Vec::new();
    connected[index(start)] = true;
    let mut walk = vec![start];
    let mut current = start;
    loop {
        let free: Vec<(i32, i32)> = neighbours(cells_x, cells_y, current)
            .into_iter()
            .filter(|&n| !connected[index(n)])
            .collect();
        if free.is_empty() {
            break;
        }
        let next = free[rng.below(free.len())];
        links.push(ordered(current, next));
        connected[index(next)] = true;
        walk.push(next);
        current = next;
    }
    let mut last_attached = None;
    loop {
        let mut hosts = Vec::new();
        for j in 0..cells_y {
            for i in 0..cells_x {
                let has_free = neighbours(cells_x, cells_y, (i, j))
                    .iter()
                    .any(|&n| !connected[index(n)]);
                if connected[index((i, j))] && has_free {
                    hosts.push((i, j));
                }
            }
        }
        if hosts.is_empty() {
            break;
        }
        let host = hosts[rng.below(hosts.len())];
        let free: Vec<(i32, i32)> = neighbours(cells_x, cells_y, host)
            .into_iter()
            .filter(|&n| !connected[index(n)])
            .collect();
        let next = free[rng.below(free.len())];
        links.push(ordered(host, next));
        connected[index(next)] = true;
        last_attached = Some(next);
    }
    let mut spare = Vec::new();
    for j in 0..cells_y {
        for i in 0..cells_x {
            for n in [(i + 1, j), (i, j + 1)] {
                if n.0 < cells_x && n.1 < cells_y && !links.contains(&ordered((i, j), n)) {
                    spare.push(ordered((i, j), n));
                }
            }
        }
    }
    rng.shuffle(&mut spare);
    let k = (rng.range_inclusive(extra.0, extra.1).max(0) as usize).min(spare.len());
    links.extend(spare.into_iter().take(k));
    Links {
        cells_x,
        cells_y,
        walk,
        last_attached,
        links,
        loops: k,
    }
}
