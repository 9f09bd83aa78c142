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
    ids: Vec<u32>,
    sets: Vec<CellSet>,
    empty: CellSet,
}

impl<'a> Earshot<'a> {
    pub fn new(rules: &'a CellRules) -> Self {
        Earshot {
            rules,
            ids: vec![u32::MAX; rules.shape.len()],
            sets: Vec::new(),
            empty: CellSet::empty(rules.shape),
        }
    }

    /// The cells within earshot of `from`.
    pub fn around(&mut self, from: Cell) -> &CellSet {
        let Some(i) = self.rules.shape.index(from) else {
            return &self.empty;
        };
        if self.ids[i] == u32::MAX {
            self.sets.push(earshot(self.rules, from));
            self.ids[i] = (self.sets.len() - 1) as u32;
        }
        &self.sets[self.ids[i] as usize]
    }
}

fn earshot(rules: &CellRules, from: Cell) -> CellSet {
    let mut heard = CellSet::empty(rules.shape);
    // Costs are small: a bucket per cost value is a Dijkstra without a heap, over the square around
    // `from` that a creak can reach.
    let mut buckets: Vec<Vec<Cell>> = vec![Vec::new(); CREAK_EARSHOT as usize + 1];
    let mut best = [u32::MAX; SIDE * SIDE];
    let local = |c: Cell| {
        let (x, y) = (c.x - from.x + REACH, c.y - from.y + REACH);
        ((0..SIDE as i32).contains(&x) && (0..SIDE as i32).contains(&y))
            .then(|| y as usize * SIDE + x as usize)
    };
    if !rules.shape.contains(from) {
        return heard;
    }
    buckets[0].push(from);
    best[SIDE * SIDE / 2] = 0;
    for cost in 0..=CREAK_EARSHOT {
        while let Some(c) = buckets[cost as usize].pop() {
            if local(c).map(|i| best[i]) != Some(cost) || heard.contains(c) {
                continue;
            }
            heard.insert(c);
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
                let n = c.offset(dx, dy);
                let next = cost + if dx == 0 || dy == 0 { 2 } else { 3 };
                if next > CREAK_EARSHOT || !rules.shape.contains(n) || rules.wall.contains(n) {
                    continue;
                }
                if let Some(i) = local(n)
                    && next < best[i]
                {
                    best[i] = next;
                    buckets[next as usize].push(n);
                }
            }
        }
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
