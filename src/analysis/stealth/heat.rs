//! How much of the joint patrol cycle each cell is watched (`stealth-rules.md` §7 (b)), on the game's
//! real timeline: after the relighting transient, with the settled torches and each guard's exact light.
//!
//! From the settle turn on no torch changes and every guard walks its lap, so whether guard `i` watches
//! cell `c` at turn `t` depends on its own phase — unless `c` is neither lit by a torch nor within
//! `d² < 3` and only another torch carrier's light shows it. The light of guard `i`'s sight test is the
//! original's (§2.3): a carrier listed before `i` has acted and stands at its cell of turn `t` (it
//! recast the light if it moved; if it did not, its cell is the same), `i`'s own torch is at its cell
//! of `t`, and a carrier listed after `i` is still at its cell of `t − 1`. So such a cell's pattern is
//! taken over `Q = lcm(P_i, P_k, …)` of the carriers `k` whose light ever falls on it, not over `P_i`.

use rayon::prelude::*;

use super::cancel::Cancel;
use super::cells::CellSet;
use super::timeline::GuardTimeline;
use super::watch::{MAX_JOINT_CYCLE, Phases, Watch, gcd, joint_share};

/// One sighting in the settled regime: cell (row-major), guard timeline, phase `t mod P`, and whether
/// the cell is dark to the guard but in range for a lit cell and within some other carrier's reach.
type Hit = (u32, u32, u32, bool);

/// For every cell (row-major), the share of the joint patrol cycle from `settle` on in which at least
/// one guard watches it (0 = never), in the settled torches' light and each guard's exact light of
/// its sight test. Each guard is sampled over one lap after `settle`; cells watched by several guards
/// are combined exactly by `joint_share` (the joint cycle of all guards is never enumerated). A
/// cell seen thanks to other carriers whose joint cycle with the guard exceeds [`MAX_JOINT_CYCLE`]
/// turns is sampled over the guard's own period (approximate). `None` when `cancel` is set meanwhile.
pub fn watched_shares(
    watch: &Watch,
    timelines: &[GuardTimeline],
    settle: usize,
    cells: usize,
    cancel: &Cancel,
) -> Option<Vec<f32>> {
    let settled = watch.epochs.settled();
    let shape = settled.shape();
    let (width, per_row) = (shape.width() as usize, settled.words_per_row());
    // Turn `from − 1` is settled too, for the carriers still at their cells of `t − 1`.
    let from = settle + 1;
    let periods: Vec<usize> = timelines.iter().map(|tl| tl.period.max(1)).collect();
    let reach: Vec<Option<CellSet>> = (0..timelines.len())
        .map(|k| {
            watch.carried(timelines, k, from)?;
            let mut set = CellSet::empty(shape);
            let words = set.words_mut();
            for t in from..from + periods[k] {
                for &(i, bits) in watch.carried(timelines, k, t)? {
                    words[i as usize] |= bits;
                }
            }
            Some(set)
        })
        .collect();
    let sampled: Option<Vec<Vec<Hit>>> = (0..timelines.len())
        .into_par_iter()
        .map(|g| {
            let mut others = CellSet::empty(shape);
            for (k, r) in reach.iter().enumerate() {
                if let Some(r) = r.as_ref().filter(|_| k != g) {
                    others.union_with(r);
                }
            }
            let mut hits = Vec::new();
            let mut lit = settled.clone();
            for t in from..from + periods[g] {
                if t % 64 == 0 && cancel.is_cancelled() {
                    return None;
                }
                let own = watch.carried(timelines, g, t).unwrap_or(&[]);
                for &(i, bits) in own {
                    lit.words_mut()[i as usize] |= bits;
                }
                let phase = (t % periods[g]) as u32;
                for (w, watched, dark) in watch.cone(timelines, g, t).split_words(&lit) {
                    for (mut bits, helped) in [(watched, false), (dark & others.words()[w], true)] {
                        while bits != 0 {
                            let x = w % per_row * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let cell = w / per_row * width + x;
                            if cell < cells {
                                hits.push((cell as u32, g as u32, phase, helped));
                            }
                        }
                    }
                }
                for &(i, _) in own {
                    lit.words_mut()[i as usize] = settled.words()[i as usize];
                }
            }
            Some(hits)
        })
        .collect();
    let hits = by_cell(sampled?, cells);
    let sampler = Sampler {
        watch,
        timelines,
        reach: &reach,
        periods: &periods,
        from,
        width,
        per_row,
    };
    let mut shares = vec![0.0; cells];
    let mut owned: Vec<(usize, Vec<u32>)> = Vec::new();
    for of_cell in hits.chunk_by(|a, b| a.0 == b.0) {
        owned.clear();
        for run in of_cell.chunk_by(|a, b| a.1 == b.1) {
            let pattern = sampler.pattern(run);
            if !pattern.1.is_empty() {
                owned.push(pattern);
            }
        }
        let patterns: Vec<Phases> = owned.iter().map(|(p, ph)| (*p, &ph[..])).collect();
        shares[of_cell[0].0 as usize] = joint_share(&patterns);
    }
    Some(shares)
}

/// The hits grouped by cell, each cell's guards in order and each guard's phases ascending: a counting
/// sort by cell keeps the guards' order (`sampled` is per guard), and only each guard's short run of
/// phases, in turn order with one wrap, is sorted.
fn by_cell(sampled: Vec<Vec<Hit>>, cells: usize) -> Vec<Hit> {
    let mut next = vec![0usize; cells + 1];
    for hit in sampled.iter().flatten() {
        next[hit.0 as usize + 1] += 1;
    }
    for i in 0..cells {
        next[i + 1] += next[i];
    }
    let mut hits: Vec<Hit> = vec![(0, 0, 0, false); next[cells]];
    for hit in sampled.into_iter().flatten() {
        let slot = &mut next[hit.0 as usize];
        hits[*slot] = hit;
        *slot += 1;
    }
    for of_cell in hits.chunk_by_mut(|a, b| a.0 == b.0) {
        for run in of_cell.chunk_by_mut(|a, b| a.1 == b.1) {
            run.sort_unstable_by_key(|h| h.2);
        }
    }
    hits
}

/// What one cell's pattern per guard needs: the guards' carried light and periods.
struct Sampler<'a> {
    watch: &'a Watch,
    timelines: &'a [GuardTimeline],
    reach: &'a [Option<CellSet>],
    periods: &'a [usize],
    from: usize,
    width: usize,
    per_row: usize,
}

impl Sampler<'_> {
    /// Guard `g`'s pattern for one cell from its hits `run` (one guard, one cell, phases ascending):
    /// over its period when no other carrier's light is needed, else over the joint cycle with the
    /// carriers whose light ever falls on the cell.
    fn pattern(&self, run: &[Hit]) -> (usize, Vec<u32>) {
        let (cell, g) = (run[0].0 as usize, run[0].1 as usize);
        let p = self.periods[g];
        if run.iter().all(|h| !h.3) {
            return (p, run.iter().map(|h| h.2).collect());
        }
        let (x, y) = (cell % self.width, cell / self.width);
        let (word, bit) = (y * self.per_row + x / 64, 1u64 << (x % 64));
        let carriers: Vec<usize> = (0..self.reach.len())
            .filter(|&k| {
                k != g
                    && self.reach[k]
                        .as_ref()
                        .is_some_and(|r| r.words()[word] & bit != 0)
            })
            .collect();
        // Carriers listed before `g` have acted at its sight test; the others stand where they were.
        // Per carrier, the phases of its own period in which its light then covers the cell.
        let covers: Vec<(usize, Vec<bool>)> = carriers
            .iter()
            .map(|&k| {
                let pk = self.periods[k];
                let mut on = vec![false; pk];
                for t in self.from..self.from + pk {
                    let at = if k < g { t } else { t - 1 };
                    // A carried light's words are in ascending order: one binary search per turn.
                    on[t % pk] = self.watch.carried(self.timelines, k, at).is_some_and(|ws| {
                        ws.binary_search_by_key(&word, |&(i, _)| i as usize)
                            .is_ok_and(|found| ws[found].1 & bit != 0)
                    });
                }
                (pk, on)
            })
            .collect();
        let lights = |t: usize| covers.iter().any(|(pk, on)| on[t % pk]);
        let q = carriers.iter().fold(p as u128, |q, &k| {
            let pk = self.periods[k] as u128;
            q / gcd(q, pk) * pk
        });
        let q = if q > u128::from(MAX_JOINT_CYCLE) {
            p
        } else {
            q as usize
        };
        // The turn from `from` on that phase `phase` of a `q`-turn cycle stands for.
        let turn = |phase: usize| self.from + (phase + q - self.from % q) % q;
        let mut phases: Vec<u32> = run
            .iter()
            .flat_map(|&(_, _, a, helped)| {
                (0..q / p)
                    .map(move |j| a as usize + j * p)
                    .filter(move |&phase| !helped || lights(turn(phase)))
            })
            .map(|phase| phase as u32)
            .collect();
        phases.sort_unstable();
        (q, phases)
    }
}
