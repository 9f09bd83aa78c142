//! Where the torch carriers' light falls on one cell, as each guard's sight test sees it.
//!
//! A guard's sight test sees a carrier listed before it where that carrier stands at the turn, and
//! one listed after it where it stood the turn before (`stealth-rules.md` §2.3). A cell's light is laid
//! out once per cell, not once per guard that watches it: per period of its carriers, how many carriers
//! light the cell at each phase, split into those listed before the guard asked about and those after.
//! Guards are asked about in order, so the split only moves forward: each carrier crosses it once.
//! Carriers of one period share their counts, so a turn is tested once per period, not once per
//! carrier: a crowd of guards copied onto a few routes lights a cell through a few tables.

use crate::analysis::stealth::cells::CellSet;
use crate::analysis::stealth::timeline::GuardTimeline;
use crate::analysis::stealth::watch::Watch;

/// Where each torch carrier's light falls in the settled regime: for each cell asked for, the carriers
/// whose light covers it at some turn, with the phases of their own period in which it does. Made once,
/// so a cell's patterns look their carriers up instead of searching the carried light turn by turn.
pub(super) struct Coverage {
    /// `(carrier, phase)` entries of all cells, grouped by cell and each cell's by carrier, in order
    /// (the placing by cell keeps the carriers' order); a carrier's phases are in turn order, so they
    /// wrap once, which nobody minds: they only count in a table.
    entries: Vec<(u32, u32)>,
    /// Where each cell's entries start (one more than the cells).
    starts: Vec<usize>,
    /// Per carrier, its period.
    periods: Vec<usize>,
    /// Per carrier, the index of its period among the distinct periods.
    group_of: Vec<usize>,
}

impl Coverage {
    /// The coverage of the cells of `asked` in turns `from..from + P_k` of every carrier `k`.
    pub(super) fn new(
        watch: &Watch,
        timelines: &[GuardTimeline],
        periods: &[usize],
        from: usize,
        asked: &CellSet,
        cells: usize,
    ) -> Self {
        let (width, per_row) = (asked.shape().width() as usize, asked.words_per_row());
        let mut by_carrier: Vec<(u32, u32, u32)> = Vec::new();
        for (k, &pk) in periods.iter().enumerate() {
            for t in from..from + pk {
                let Some(light) = watch.carried(timelines, k, t) else {
                    break;
                };
                for &(w, bits) in light {
                    let w = w as usize;
                    let mut bits = bits & asked.words()[w];
                    while bits != 0 {
                        let x = w % per_row * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let cell = w / per_row * width + x;
                        if cell < cells {
                            by_carrier.push((cell as u32, k as u32, (t % pk) as u32));
                        }
                    }
                }
            }
        }
        let mut starts = vec![0usize; cells + 1];
        for &(cell, ..) in &by_carrier {
            starts[cell as usize + 1] += 1;
        }
        for i in 0..cells {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut entries = vec![(0, 0); by_carrier.len()];
        for (cell, k, phase) in by_carrier {
            let slot = &mut next[cell as usize];
            entries[*slot] = (k, phase);
            *slot += 1;
        }
        Coverage {
            entries,
            starts,
            periods: periods.to_vec(),
            group_of: period_groups(periods),
        }
    }

    /// The entries of the carriers whose light ever covers `cell`, one run per carrier, in order.
    fn runs(&self, cell: usize) -> impl Iterator<Item = &[(u32, u32)]> {
        self.entries[self.starts[cell]..self.starts[cell + 1]].chunk_by(|a, b| a.0 == b.0)
    }
}

/// Per carrier, the index of its period among the distinct periods of `periods`.
fn period_groups(periods: &[usize]) -> Vec<usize> {
    let mut distinct = periods.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    periods
        .iter()
        .map(|p| distinct.partition_point(|d| d < p))
        .collect()
}

/// The carriers' light on one cell, laid out by [`CellLight::lay_out`] and then asked about guard by
/// guard in ascending order ([`CellLight::seen_by`]). Kept by each thread and reused from cell to cell.
#[derive(Default)]
pub(super) struct CellLight {
    /// The cell laid out.
    cell: Option<usize>,
    /// Per period of the cell's carriers: the period, and where its phases start in the tables.
    periods: Vec<(usize, usize)>,
    /// Per phase of each period, the carriers listed before the guard asked about that light the cell
    /// then.
    before: Vec<u32>,
    /// Per phase of each period, the carriers listed after that guard that light the cell then.
    after: Vec<u32>,
    /// The cell's carriers in order: carrier, index in `periods`, its run of entries.
    carriers: Vec<(usize, usize, std::ops::Range<usize>)>,
    /// How many of `carriers` (a prefix) are counted in `before`.
    counted_before: usize,
    /// How many of `carriers` (a prefix) are no longer counted in `after`.
    gone_from_after: usize,
    /// Per distinct period of all carriers, its index in `periods` while a cell is laid out.
    period_of_group: Vec<Option<usize>>,
}

impl CellLight {
    /// Whether `cell` is the cell laid out.
    pub(super) fn holds(&self, cell: usize) -> bool {
        self.cell == Some(cell)
    }

    /// Lays out `cell`'s light with every carrier counted as listed after the guard asked about.
    pub(super) fn lay_out(&mut self, coverage: &Coverage, cell: usize) {
        self.cell = Some(cell);
        self.periods.clear();
        self.before.clear();
        self.after.clear();
        self.carriers.clear();
        self.counted_before = 0;
        self.gone_from_after = 0;
        self.period_of_group.resize(coverage.group_of.len(), None);
        let first = coverage.starts[cell];
        let mut offset = first;
        for run in coverage.runs(cell) {
            let k = run[0].0 as usize;
            let (pk, group) = (coverage.periods[k], coverage.group_of[k]);
            let index = *self.period_of_group[group].get_or_insert_with(|| {
                let start = self.after.len();
                self.before.resize(start + pk, 0);
                self.after.resize(start + pk, 0);
                self.periods.push((pk, start));
                self.periods.len() - 1
            });
            let start = self.periods[index].1;
            for &(_, phase) in run {
                self.after[start + phase as usize] += 1;
            }
            self.carriers.push((k, index, offset..offset + run.len()));
            offset += run.len();
        }
        for run in coverage.runs(cell) {
            self.period_of_group[coverage.group_of[run[0].0 as usize]] = None;
        }
    }

    /// Moves the split to guard `g` (no lower than the last guard asked about): carriers listed before
    /// it counted in `before`, those after it in `after`, `g` itself in neither.
    pub(super) fn seen_by(&mut self, coverage: &Coverage, g: usize) {
        while let Some((k, index, run)) = self.carriers.get(self.gone_from_after)
            && *k <= g
        {
            let start = self.periods[*index].1;
            for &(_, phase) in &coverage.entries[run.clone()] {
                self.after[start + phase as usize] -= 1;
            }
            self.gone_from_after += 1;
        }
        while let Some((k, index, run)) = self.carriers.get(self.counted_before)
            && *k < g
        {
            let start = self.periods[*index].1;
            for &(_, phase) in &coverage.entries[run.clone()] {
                self.before[start + phase as usize] += 1;
            }
            self.counted_before += 1;
        }
    }

    /// The periods of the cell's carriers, the guard asked about's own among them when it carries a
    /// torch that lights the cell (its period is the guard's, so a joint cycle over these is the
    /// same as over the others').
    pub(super) fn periods(&self) -> impl Iterator<Item = usize> + '_ {
        self.periods.iter().map(|&(pk, _)| pk)
    }

    /// Whether another carrier's light covers the cell at turn `t` of the sight test of the guard
    /// asked about: one listed before it at its cell of `t`, or one listed after it at its cell of
    /// `t − 1`.
    pub(super) fn lights(&self, t: usize) -> bool {
        self.periods.iter().any(|&(pk, start)| {
            self.before[start + t % pk] > 0 || self.after[start + (t + pk - 1) % pk] > 0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coverage of one cell (cell 0) lit by carrier `k` at the phases `lit_at[k]` of its period.
    fn one_cell(periods: &[usize], lit_at: &[Vec<u32>]) -> Coverage {
        let entries: Vec<(u32, u32)> = lit_at
            .iter()
            .enumerate()
            .flat_map(|(k, phases)| phases.iter().map(move |&phase| (k as u32, phase)))
            .collect();
        Coverage {
            starts: vec![0, entries.len()],
            entries,
            periods: periods.to_vec(),
            group_of: period_groups(periods),
        }
    }

    /// Asked about each guard in turn, the cell is lit exactly when some other carrier's own phases
    /// say so: one listed before the guard at turn `t`, one listed after it at `t − 1`.
    #[test]
    fn a_cell_is_lit_as_the_carriers_one_by_one_say() {
        let mut state = 7u32;
        let mut roll = |n: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) % n
        };
        for case in 0..300 {
            let carriers = 1 + case % 7;
            let periods: Vec<usize> = (0..carriers)
                .map(|_| [3, 4, 6, 8][roll(4) as usize])
                .collect();
            let lit_at: Vec<Vec<u32>> = periods
                .iter()
                .map(|&pk| (0..pk as u32).filter(|_| roll(3) == 0).collect())
                .collect();
            let coverage = one_cell(&periods, &lit_at);
            let mut light = CellLight::default();
            light.lay_out(&coverage, 0);
            // Guard `carriers` carries no torch: every carrier is listed before it.
            for g in 0..=carriers {
                light.seen_by(&coverage, g);
                for t in 1..48 {
                    let expected = (0..carriers).filter(|&k| k != g).any(|k| {
                        let at = if k < g { t } else { t - 1 };
                        lit_at[k].contains(&((at % periods[k]) as u32))
                    });
                    assert_eq!(
                        light.lights(t),
                        expected,
                        "case {case}, guard {g}, turn {t}"
                    );
                }
            }
        }
    }
}
