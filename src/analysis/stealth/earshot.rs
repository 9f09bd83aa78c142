//! Earshot of a creaky board (`stealth-rules.md` §3.6): cells within path cost 17 (2 orthogonal, 3
//! diagonal), through anything but walls, with no corner rule. Costs are the same both ways, so the
//! guards who hear a board are those standing in the board's earshot, and the boards a guard hears are
//! those in the guard's.

use super::cells::{CellRules, CellSet};
use super::patch::{self, Patch};
use crate::model::Cell;

/// Path cost within which a creak is heard (§8); public so that the turn loop's 2023 rules
/// (`crate::play::Rules2023`) hear with the same earshot as the analysis.
pub const CREAK_EARSHOT: u32 = 17;

/// Boards up to which the boards each cell hears are listed up front, one earshot per board; with
/// more (a hand-painted creaky floor), each guard cell's list is made when first asked for.
const EAGER_BOARDS: usize = 256;

/// For each cell, the creaky boards a guard standing there hears. By symmetry of the cost, those are
/// the boards whose earshot holds the cell.
pub struct Earshot<'a> {
    rules: &'a CellRules,
    /// Per cell, `boards[start..end]`, or `None` while not yet made; empty on a map without creaky
    /// boards, where nobody hears anything (most maps: not allocating and filling it saves a pass
    /// over the map per analysis).
    spans: Vec<Option<(u32, u32)>>,
    boards: Vec<Cell>,
}

impl<'a> Earshot<'a> {
    /// The creaky boards each cell of `rules`'s map hears, listed up front for a few boards.
    pub fn new(rules: &'a CellRules) -> Self {
        let shape = rules.shape;
        let creaky: Vec<Cell> = rules.creaky.cells().collect();
        let mut ears = Earshot {
            rules,
            spans: Vec::new(),
            boards: Vec::new(),
        };
        if creaky.is_empty() {
            return ears;
        }
        ears.spans = vec![None; shape.len()];
        if creaky.len() <= EAGER_BOARDS {
            // Each cell's boards, in the boards' order, laid out one cell after another: counted
            // first, then placed (a list per cell of the map would cost an allocation per cell).
            let reach: Vec<Vec<usize>> = creaky
                .iter()
                .map(|&board| {
                    let heard = earshot(rules, board, CREAK_EARSHOT);
                    heard.cells().filter_map(|c| shape.index(c)).collect()
                })
                .collect();
            let mut starts = vec![0u32; shape.len() + 1];
            for &i in reach.iter().flatten() {
                starts[i + 1] += 1;
            }
            for i in 0..shape.len() {
                starts[i + 1] += starts[i];
                ears.spans[i] = Some((starts[i], starts[i + 1]));
            }
            let mut next = starts;
            ears.boards = vec![Cell::new(0, 0); reach.iter().map(Vec::len).sum()];
            for (&board, cells) in creaky.iter().zip(&reach) {
                for &i in cells {
                    ears.boards[next[i] as usize] = board;
                    next[i] += 1;
                }
            }
        }
        ears
    }

    /// The creaky boards a guard at `from` hears.
    pub fn heard_from(&mut self, from: Cell) -> &[Cell] {
        let Some(i) = self
            .rules
            .shape
            .index(from)
            .filter(|_| !self.spans.is_empty())
        else {
            return &[];
        };
        let (start, end) = if let Some(span) = self.spans[i] {
            span
        } else {
            let creaky = Patch::from_set(&self.rules.creaky, from);
            let heard = earshot(self.rules, from, CREAK_EARSHOT).zip_with(&creaky, |e, c| e & c);
            let start = self.boards.len() as u32;
            self.boards.extend(heard.cells());
            let span = (start, self.boards.len() as u32);
            self.spans[i] = Some(span);
            span
        };
        &self.boards[start as usize..end as usize]
    }
}

/// The cells within earshot of `from`: reached by steps of cost 2 (orthogonal) or 3 (diagonal)
/// through cells that are not walls, at a total of at most `reach` (which must stay within a patch:
/// `reach / 2 ≤ patch::REACH`). Costs are small, so the cells within each cost are found in order as
/// whole patches: those within `c` are those within `c − 1`, plus open cells next to those within
/// `c − 2` or diagonal to those within `c − 3`. Public because the turn loop (`crate::play`) asks who
/// hears one creak with its rule set's earshot, by the same costs.
///
/// # Panics
///
/// If `reach` does not fit a patch: a rule set's earshot is a constant, so that is a bug in it.
pub fn earshot(rules: &CellRules, from: Cell, reach: u32) -> Patch {
    assert!(
        reach / 2 <= patch::REACH.unsigned_abs(),
        "earshot {reach} does not fit a patch"
    );
    let mut within = vec![Patch::empty(from); reach as usize + 1];
    if !rules.shape.contains(from) {
        return within[0];
    }
    let walls = Patch::from_set(&rules.wall, from);
    let open = Patch::on_map(rules.shape, from).zip_with(&walls, |m, w| m & !w);
    within[0].insert(from);
    for cost in 1..within.len() {
        let mut reached = within[cost - 1];
        if cost >= 2 {
            let orthogonal = spread(&within[cost - 2], false);
            reached = reached.zip_with(&orthogonal.zip_with(&open, |r, o| r & o), |a, b| a | b);
        }
        if cost >= 3 {
            let diagonal = spread(&within[cost - 3], true);
            reached = reached.zip_with(&diagonal.zip_with(&open, |r, o| r & o), |a, b| a | b);
        }
        within[cost] = reached;
    }
    within[reach as usize]
}

/// The cells one step from `p`'s cells: orthogonal steps, or diagonal ones.
fn spread(p: &Patch, diagonal: bool) -> Patch {
    let rows = p.rows();
    let row = |j: i32| {
        usize::try_from(j)
            .ok()
            .and_then(|j| rows.get(j))
            .copied()
            .unwrap_or(0)
    };
    let sideways = |r: u32| (r << 1) | (r >> 1);
    Patch::from_rows(
        p.centre(),
        std::array::from_fn(|j| {
            let (above, below) = (row(j as i32 - 1), row(j as i32 + 1));
            if diagonal {
                sideways(above | below)
            } else {
                sideways(rows[j]) | above | below
            }
        }),
    )
}

/// Creaky boards heard at one turn: those within earshot of any of `guards`.
pub fn noisy_boards(ears: &mut Earshot, guards: impl Iterator<Item = Cell>, out: &mut CellSet) {
    for g in guards {
        for &board in ears.heard_from(g) {
            out.insert(board);
        }
    }
}

const _: () = assert!(CREAK_EARSHOT as i32 / 2 <= patch::REACH);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Level, Terrain};

    #[test]
    fn open_floor_earshot_is_2a_plus_b_within_17() {
        let level = Level::blank("test", 1, 0, (31, 31), Terrain::Wood);
        let rules = CellRules::new(&level);
        let heard = earshot(&rules, Cell::new(15, 15), CREAK_EARSHOT);
        for c in level.all_cells() {
            let (a, b) = (
                (c.x - 15).abs().max((c.y - 15).abs()),
                (c.x - 15).abs().min((c.y - 15).abs()),
            );
            assert_eq!(heard.contains(c), 2 * a + b <= 17, "{c:?}");
        }
    }

    /// Cheapest costs from `from` by plain relaxation until nothing changes: slow and obviously right.
    fn reference(level: &Level, from: Cell) -> Vec<Cell> {
        let shape = level.shape();
        let mut best = vec![u32::MAX; shape.len()];
        best[shape.index(from).unwrap()] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for c in level.all_cells() {
                let here = best[shape.index(c).unwrap()];
                if here == u32::MAX {
                    continue;
                }
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
                    let Some(i) = shape.index(n) else { continue };
                    let cost = here + if dx == 0 || dy == 0 { 2 } else { 3 };
                    if level.terrain(n) != Terrain::Wall && cost < best[i] {
                        best[i] = cost;
                        changed = true;
                    }
                }
            }
        }
        let mut heard: Vec<Cell> = level
            .all_cells()
            .filter(|c| best[shape.index(*c).unwrap()] <= CREAK_EARSHOT)
            .collect();
        heard.sort_by_key(|c| (c.y, c.x));
        heard
    }

    #[test]
    fn earshot_goes_round_walls_like_a_shortest_path() {
        let mut level = Level::blank("test", 1, 0, (23, 21), Terrain::Wood);
        let mut state = 12345u32;
        for c in level.all_cells().collect::<Vec<_>>() {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            if (state >> 16).is_multiple_of(3) && c != Cell::new(11, 10) && c != Cell::new(2, 3) {
                level.set_terrain(c, Terrain::Wall);
            }
        }
        let rules = CellRules::new(&level);
        for from in [Cell::new(11, 10), Cell::new(2, 3)] {
            let heard: Vec<Cell> = earshot(&rules, from, CREAK_EARSHOT).cells().collect();
            assert_eq!(heard, reference(&level, from), "{from:?}");
        }
    }
}
