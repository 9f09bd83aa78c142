//! The thief's moves as whole sets (`stealth-rules.md` §5.1): every cell one step or leap lands on from
//! a set of cells, in one pass over the words. The ghost search moves its reachable set this way every
//! turn, so this is the analysis's innermost loop and has a gather for rows of one word beside the
//! general one.

use super::cells::{CellRules, CellSet};
use crate::model::{Cell, Dir};

impl CellRules {
    /// Every cell the thief can land on with one step or leap from a cell of `from` (waiting not
    /// included), into `out`. One pass over the words: each output word gathers the eight moves' source
    /// words (rows `y ± 1`, `y ± 2`, or its own row shifted by one or two bits) and masks them, instead
    /// of sixteen whole-set shifts and unions.
    pub fn moves_into(&self, from: &CellSet, out: &mut CellSet) {
        self.moves_then(from, out, |_, moved| moved);
    }

    /// [`CellRules::moves_into`] with each landing word passed through `finish(index, word)` before it
    /// is stored, so that a search masks its hazards in the same pass instead of a second one over the
    /// set. Only rows within two of a row of `from` can be landed on: a search's sets start as one cell,
    /// so the rest of the map is cleared rather than gathered, and `finish` must give 0 there (as any
    /// mask of the landings and `from` does).
    pub(crate) fn moves_then(
        &self,
        from: &CellSet,
        out: &mut CellSet,
        finish: impl Fn(usize, u64) -> u64,
    ) {
        let per_row = from.words_per_row();
        let height = from.shape().height().max(0) as usize;
        let occupied = |y: &usize| {
            from.words()[y * per_row..][..per_row]
                .iter()
                .any(|&w| w != 0)
        };
        let (Some(first), Some(last)) = ((0..height).find(occupied), (0..height).rfind(occupied))
        else {
            out.words_mut().fill(0);
            return;
        };
        let rows = first.saturating_sub(2)..(last + 3).min(height);
        out.words_mut()[..rows.start * per_row].fill(0);
        out.words_mut()[rows.end * per_row..].fill(0);
        let sources;
        let leap_from = match &self.leap_from {
            Some(allowed) => {
                let mut masked = from.clone();
                masked.intersect_with(allowed);
                sources = masked;
                &sources
            }
            None => from,
        };
        if per_row == 1 {
            self.one_word_rows(
                [from.words(), leap_from.words()],
                rows,
                out.words_mut(),
                finish,
            );
        } else {
            self.wide_rows([from, leap_from], rows, out.words_mut(), finish);
        }
    }

    /// The cells the thief can reach from `from` by its moves (§5.1) with no guard about: no route,
    /// ghost or noticed, leaves them, since hazards only take cells away.
    pub fn reached_from(&self, from: Cell) -> CellSet {
        let mut reached = CellSet::empty(self.shape);
        reached.insert(from);
        let mut next = CellSet::empty(self.shape);
        loop {
            self.moves_into(&reached, &mut next);
            next.union_with(&reached);
            if next == reached {
                return reached;
            }
            std::mem::swap(&mut reached, &mut next);
        }
    }

    /// Every cell from which the thief can reach a cell of `targets` by its moves (`targets`
    /// included): the moves of [`CellRules::moves_into`] taken backward, cell by cell, so that it costs
    /// one pass over the map however many cells ask, where a forward search from each would cost a pass
    /// each (a coin on every cell of a 512 × 512 map made that hours).
    pub fn reaching(&self, targets: &CellSet) -> CellSet {
        let mut found = targets.clone();
        let mut queue: Vec<Cell> = targets.cells().collect();
        while let Some(landing) = queue.pop() {
            for dir in [Dir::N, Dir::S, Dir::E, Dir::W] {
                let (dx, dy) = dir.delta();
                let step_from = landing.offset(-dx, -dy);
                let leap_from = landing.offset(-2 * dx, -2 * dy);
                let stepped = self.standable.contains(landing);
                let leapt = self.leap_landing[Self::index_of(dir)].contains(landing)
                    && self.may_leap_from(leap_from);
                for (from, moves) in [(step_from, stepped), (leap_from, leapt)] {
                    if moves && self.shape.index(from).is_some() && !found.contains(from) {
                        found.insert(from);
                        queue.push(from);
                    }
                }
            }
        }
        found
    }

    /// The gather of [`CellRules::moves_then`] on a map at most 64 wide (most maps): a row is one
    /// word, so each output word is eight word reads and shifts with no carries between words.
    fn one_word_rows(
        &self,
        [from, leap_from]: [&[u64]; 2],
        rows: std::ops::Range<usize>,
        out: &mut [u64],
        finish: impl Fn(usize, u64) -> u64,
    ) {
        // Rows a move north and a move south come from, one step and one leap back.
        let (north, south) = (Dir::N.delta().1 as isize, Dir::S.delta().1 as isize);
        let row_of = |set: &[u64], y: usize, dy: isize| {
            y.checked_add_signed(dy)
                .and_then(|r| set.get(r))
                .copied()
                .unwrap_or(0)
        };
        let row = |y: usize, dy: isize| row_of(from, y, dy);
        let leap_row = |y: usize, dy: isize| row_of(leap_from, y, dy);
        let [n, s, e, w] =
            [Dir::N, Dir::S, Dir::E, Dir::W].map(|d| self.leap_landing[Self::index_of(d)].words());
        let standable = self.standable.words();
        for y in rows {
            let mid = from[y];
            // Bit x of a move east comes from bit x − 1 (x − 2 for a leap), west from x + 1; bits
            // pushed past the map's width land on padding, which no mask holds.
            let steps = (row(y, -north) | row(y, -south) | (mid << 1) | (mid >> 1)) & standable[y];
            let leap_mid = leap_from[y];
            let leaps = (leap_row(y, -2 * north) & n[y])
                | (leap_row(y, -2 * south) & s[y])
                | ((leap_mid << 2) & e[y])
                | ((leap_mid >> 2) & w[y]);
            out[y] = finish(y, steps | leaps);
        }
    }

    /// The gather of [`CellRules::moves_then`] on a map of rows of several words: moves east and west
    /// carry bits across words.
    fn wide_rows<'s>(
        &self,
        [from, leap_from]: [&'s CellSet; 2],
        rows: std::ops::Range<usize>,
        out: &mut [u64],
        finish: impl Fn(usize, u64) -> u64,
    ) {
        let per_row = from.words_per_row();
        let height = from.shape().height().max(0) as usize;
        let none = vec![0u64; per_row];
        let row_in = |words: &'s [u64], y: usize, dy: isize| -> &[u64] {
            match y.checked_add_signed(dy) {
                Some(r) if r < height => &words[r * per_row..][..per_row],
                _ => &none[..],
            }
        };
        let row_of = |set: &'s CellSet, y: usize, dy: isize| row_in(set.words(), y, dy);
        let [n, s, e, w] = [Dir::N, Dir::S, Dir::E, Dir::W].map(Self::index_of);
        let (north, south) = (Dir::N.delta().1 as isize, Dir::S.delta().1 as isize);
        for y in rows {
            let (from_n1, from_n2) = (row_of(from, y, -north), row_of(leap_from, y, -2 * north));
            let (from_s1, from_s2) = (row_of(from, y, -south), row_of(leap_from, y, -2 * south));
            let (mid, leap_mid) = (row_of(from, y, 0), row_of(leap_from, y, 0));
            for i in 0..per_row {
                let at = y * per_row + i;
                let before = if i > 0 { mid[i - 1] } else { 0 };
                let after = mid.get(i + 1).copied().unwrap_or(0);
                let leap_before = if i > 0 { leap_mid[i - 1] } else { 0 };
                let leap_after = leap_mid.get(i + 1).copied().unwrap_or(0);
                let east1 = (mid[i] << 1) | (before >> 63);
                let east2 = (leap_mid[i] << 2) | (leap_before >> 62);
                let west1 = (mid[i] >> 1) | (after << 63);
                let west2 = (leap_mid[i] >> 2) | (leap_after << 62);
                let steps = (from_n1[i] | from_s1[i] | east1 | west1) & self.standable.words()[at];
                let leaps = (from_n2[i] & self.leap_landing[n].words()[at])
                    | (from_s2[i] & self.leap_landing[s].words()[at])
                    | (east2 & self.leap_landing[e].words()[at])
                    | (west2 & self.leap_landing[w].words()[at]);
                out[at] = finish(at, steps | leaps);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::stealth::cells::DIRS;
    use crate::model::{Cell, ItemKind, Level, Terrain};

    #[test]
    fn moves_match_single_steps_and_leaps_cell_by_cell() {
        // 130 wide: rows of three words, so moves cross word boundaries both ways.
        check_moves(130);
    }

    #[test]
    fn moves_on_rows_of_one_word_match_single_steps_and_leaps() {
        // The one-word gather, at a width that leaves padding and at the full word.
        check_moves(41);
        check_moves(64);
    }

    #[test]
    fn another_games_moves_start_leaps_only_where_it_allows_and_land_where_it_allows() {
        // Both gathers, with leaps from every other column only and landings on every third row.
        check_moves_of(41, true);
        check_moves_of(130, true);
    }

    /// `reaching` gives the cells whose forward search (moves from one cell until nothing new is
    /// reached) meets the targets, on random maps with and without another game's leap rules.
    #[test]
    fn the_cells_reaching_a_target_are_those_whose_search_meets_it() {
        for (width, restricted) in [(41, false), (130, false), (41, true), (70, true)] {
            let (level, rules) = random_rules(width, restricted);
            let mut targets = CellSet::empty(rules.shape);
            targets.insert(Cell::new(0, 0));
            targets.insert(Cell::new(width - 1, 4));
            let reaching = rules.reaching(&targets);
            for start in level.all_cells() {
                assert_eq!(
                    reaching.contains(start),
                    rules.reached_from(start).intersects(&targets),
                    "{width} {restricted}: {start:?}"
                );
            }
        }
    }

    /// Random walls, windows and torches on a map `width` wide, checked against the rules of one move.
    fn check_moves(width: i32) {
        check_moves_of(width, false);
    }

    /// A random map `width` wide and its rules, `restricted` by another game's [`ThiefMoves`] (leaps
    /// from even columns only, landing off every third row) when asked.
    fn random_rules(width: i32, restricted: bool) -> (Level, CellRules) {
        use crate::model::Item;
        let mut level = Level::blank("test", 1, 0, (width, 9), Terrain::Marble);
        let mut state = 11u32;
        let mut roll = |n: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) % n
        };
        for c in level.all_cells().collect::<Vec<_>>() {
            match roll(10) {
                0 => level.set_terrain(c, Terrain::Wall),
                1 => level.set_terrain(c, Terrain::Window(DIRS[roll(4) as usize])),
                2 => level.items.push(Item {
                    kind: ItemKind::TorchLit,
                    cell: c,
                }),
                _ => {}
            }
        }
        let mut rules = CellRules::new(&level);
        if restricted {
            let mut moves = crate::analysis::stealth::ThiefMoves {
                steps: rules.standable.clone(),
                landings: CellSet::empty(rules.shape),
                unleapable: CellSet::empty(rules.shape),
                leap_from: CellSet::empty(rules.shape),
            };
            for c in level.all_cells() {
                if c.x % 2 == 0 {
                    moves.leap_from.insert(c);
                }
                if c.y % 3 != 1 {
                    moves.landings.insert(c);
                }
            }
            rules.restrict_moves(&moves);
        }
        (level, rules)
    }

    /// [`check_moves`], the rules `restricted` by another game's [`ThiefMoves`] when asked.
    fn check_moves_of(width: i32, restricted: bool) {
        let (level, rules) = random_rules(width, restricted);
        let mut state = 7u32;
        let mut roll = |n: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) % n
        };
        let mut scattered = CellSet::empty(rules.shape);
        for c in level.all_cells().filter(|_| roll(7) == 0) {
            scattered.insert(c);
        }
        // Also sets in a few rows only, at the map's edges and inside, and no cell at all: the rows
        // far from them are cleared, not gathered.
        let mut few = vec![scattered, CellSet::empty(rules.shape)];
        for cells in [[(3, 0), (70, 0)], [(64, 4), (5, 5)], [(129, 8), (0, 8)]] {
            let mut set = CellSet::empty(rules.shape);
            for (x, y) in cells {
                set.insert(Cell::new(x.min(width - 1), y));
            }
            few.push(set);
        }
        let mut moved = CellSet::empty(rules.shape);
        for from in &few {
            // Stale landings in `moved` must not survive.
            moved.words_mut().fill(u64::MAX);
            rules.moves_into(from, &mut moved);
            for q in level.all_cells() {
                let landing = !restricted || q.y % 3 != 1;
                let expected = rules.standable.contains(q)
                    && DIRS.iter().enumerate().any(|(d, dir)| {
                        let (dx, dy) = dir.delta();
                        let (one, two) = (q.offset(-dx, -dy), q.offset(-2 * dx, -2 * dy));
                        let leaps_from = !restricted || two.x % 2 == 0;
                        from.contains(one)
                            || (from.contains(two)
                                && leaps_from
                                && landing
                                && rules.passable[d].contains(one))
                    });
                assert_eq!(moved.contains(q), expected, "landing {q:?}");
            }
        }
    }
}
