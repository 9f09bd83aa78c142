//! Earshot of a creaky board (`stealth-rules.md` §3.6): cells within path cost 17 (2 orthogonal, 3
//! diagonal), through anything but walls, with no corner rule. Costs are the same both ways, so the
//! guards who hear a board are those standing in the board's earshot, and the boards a guard hears are
//! those in the guard's.

use super::cells::{CellRules, CellSet};
use crate::model::Cell;

/// Path cost within which a creak is heard.
pub const CREAK_EARSHOT: u32 = 17;

/// Cells a creak can carry: a cost of 17 reaches at most 8 cells away.
const REACH: i32 = CREAK_EARSHOT as i32 / 2;
const SIDE: usize = 2 * REACH as usize + 1;

/// Earshot sets, computed once per cell asked about.
pub struct Earshot<'a> {
    rules: &'a CellRules,
    /// Cells within [`REACH`] (Chebyshev) of a creaky board: only guards there can hear one.
    near_creaky: CellSet,
    ids: Vec<u32>,
    sets: Vec<CellSet>,
    empty: CellSet,
}

impl<'a> Earshot<'a> {
    pub fn new(rules: &'a CellRules) -> Self {
        let mut near_creaky = rules.creaky.clone();
        let mut shifted = CellSet::empty(rules.shape);
        for (dx, dy) in [(1, 0), (0, 1)] {
            for _ in 0..REACH {
                for sign in [1, -1] {
                    near_creaky.shift_into(sign * dx, sign * dy, &mut shifted);
                    near_creaky.union_with(&shifted);
                }
            }
        }
        Earshot {
            rules,
            near_creaky,
            ids: vec![u32::MAX; rules.shape.len()],
            sets: Vec::new(),
            empty: CellSet::empty(rules.shape),
        }
    }

    /// The cells within earshot of `from` (empty when no creaky board is near enough to matter).
    pub fn around(&mut self, from: Cell) -> &CellSet {
        let Some(i) = self.rules.shape.index(from) else {
            return &self.empty;
        };
        if !self.near_creaky.contains(from) {
            return &self.empty;
        }
        if self.ids[i] == u32::MAX {
            self.sets.push(earshot(self.rules, from));
            self.ids[i] = (self.sets.len() - 1) as u32;
        }
        &self.sets[self.ids[i] as usize]
    }
}

fn earshot(rules: &CellRules, from: Cell) -> CellSet {
    let mut heard = CellSet::empty(rules.shape);
    if !rules.shape.contains(from) {
        return heard;
    }
    // All work happens in the square around `from` that a creak can reach, in local indices; costs are
    // small, so a bucket per cost value is a Dijkstra without a heap.
    let at = |i: usize| {
        from.offset(
            i as i32 % SIDE as i32 - REACH,
            i as i32 / SIDE as i32 - REACH,
        )
    };
    let open: Vec<bool> = (0..SIDE * SIDE)
        .map(|i| rules.shape.contains(at(i)) && !rules.wall.contains(at(i)))
        .collect();
    let mut best = [u32::MAX; SIDE * SIDE];
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); CREAK_EARSHOT as usize + 1];
    let centre = SIDE * SIDE / 2;
    best[centre] = 0;
    buckets[0].push(centre);
    for cost in 0..=CREAK_EARSHOT {
        while let Some(i) = buckets[cost as usize].pop() {
            if best[i] != cost {
                continue;
            }
            let (x, y) = ((i % SIDE) as i32, (i / SIDE) as i32);
            for (dx, dy) in [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if !(0..SIDE as i32).contains(&nx) || !(0..SIDE as i32).contains(&ny) {
                    continue;
                }
                let n = ny as usize * SIDE + nx as usize;
                let next = cost + if dx == 0 || dy == 0 { 2 } else { 3 };
                if next <= CREAK_EARSHOT && open[n] && next < best[n] {
                    best[n] = next;
                    buckets[next as usize].push(n);
                }
            }
        }
    }
    for (i, _) in best.iter().enumerate().filter(|(_, b)| **b != u32::MAX) {
        heard.insert(at(i));
    }
    heard
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Level, Terrain};

    #[test]
    fn open_floor_earshot_is_2a_plus_b_within_17() {
        let level = Level::blank("test", 1, 0, (31, 31), Terrain::Wood);
        let rules = CellRules::new(&level);
        let heard = earshot(&rules, Cell::new(15, 15));
        for c in level.all_cells() {
            let (a, b) = (
                (c.x - 15).abs().max((c.y - 15).abs()),
                (c.x - 15).abs().min((c.y - 15).abs()),
            );
            assert_eq!(heard.contains(c), 2 * a + b <= 17, "{c:?}");
        }
    }
}
