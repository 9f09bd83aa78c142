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
use super::share::{MAX_JOINT_CYCLE, Phases, gcd, joint_share};
use super::timeline::GuardTimeline;
use super::watch::Watch;

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
    // Only cells some guard sees by another carrier's light need that light's phases.
    let mut helped = settled.clone();
    helped.words_mut().fill(0);
    for &(cell, ..) in hits.iter().filter(|h| h.3) {
        let (x, y) = (cell as usize % width, cell as usize / width);
        helped.words_mut()[y * per_row + x / 64] |= 1 << (x % 64);
    }
    let sampler = Sampler {
        covered: Coverage::new(watch, timelines, &periods, from, &helped, cells),
        periods: &periods,
        from,
    };
    // Each cell's share depends on its own hits only: the cells are shared out among the threads in
    // runs cut at cell boundaries, so the result does not depend on the threads.
    let runs = cell_runs(&hits, rayon::current_num_threads() * 4);
    let per_run: Vec<Vec<(u32, f32)>> = runs
        .into_par_iter()
        .map(|run| {
            // Each cell's patterns are laid out in one buffer, reused from cell to cell.
            let (mut phases, mut spans, mut lit) = (Vec::new(), Vec::new(), Lit::default());
            run.chunk_by(|a, b| a.0 == b.0)
                .map(|of_cell| {
                    phases.clear();
                    spans.clear();
                    for of_guard in of_cell.chunk_by(|a, b| a.1 == b.1) {
                        let start = phases.len();
                        let period = sampler.pattern_into(of_guard, &mut phases, &mut lit);
                        if phases.len() > start {
                            spans.push((period, start..phases.len()));
                        }
                    }
                    let patterns: Vec<Phases> = spans
                        .iter()
                        .map(|(period, span)| (*period, &phases[span.clone()]))
                        .collect();
                    (of_cell[0].0, joint_share(&patterns))
                })
                .collect()
        })
        .collect();
    let mut shares = vec![0.0; cells];
    for (cell, share) in per_run.into_iter().flatten() {
        shares[cell as usize] = share;
    }
    Some(shares)
}

/// `hits` (grouped by cell) cut into about `count` runs of whole cells.
fn cell_runs(hits: &[Hit], count: usize) -> Vec<&[Hit]> {
    let target = hits.len().div_ceil(count.max(1)).max(1);
    let mut runs = Vec::new();
    let mut rest = hits;
    while !rest.is_empty() {
        let mut end = target.min(rest.len());
        while end < rest.len() && rest[end].0 == rest[end - 1].0 {
            end += 1;
        }
        let (run, after) = rest.split_at(end);
        runs.push(run);
        rest = after;
    }
    runs
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

/// Where each torch carrier's light falls in the settled regime: for each cell asked for, the carriers
/// whose light covers it at some turn, with the phases of their own period in which it does. Made once,
/// so a cell's patterns look their carriers up instead of searching the carried light turn by turn.
struct Coverage {
    /// `(carrier, phase)` entries of all cells, grouped by cell, each cell's carriers in order and
    /// each carrier's phases ascending.
    entries: Vec<(u32, u32)>,
    /// Where each cell's entries start (one more than the cells).
    starts: Vec<usize>,
}

impl Coverage {
    /// The coverage of the cells of `asked` in turns `from..from + P_k` of every carrier `k`.
    fn new(
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
        for of_cell in starts.windows(2) {
            entries[of_cell[0]..of_cell[1]].sort_unstable();
        }
        Coverage { entries, starts }
    }

    /// The carriers whose light ever covers `cell`, each with the phases in which it does.
    fn of(&self, cell: usize) -> impl Iterator<Item = (usize, impl Iterator<Item = usize> + '_)> {
        self.entries[self.starts[cell]..self.starts[cell + 1]]
            .chunk_by(|a, b| a.0 == b.0)
            .map(|run| {
                (
                    run[0].0 as usize,
                    run.iter().map(|&(_, phase)| phase as usize),
                )
            })
    }
}

/// Where the carriers' light falls on one cell, per carrier `(period, start)`: `on[start + phase]`
/// for each phase of its period. Kept by each thread and reused for every cell it patterns.
#[derive(Default)]
struct Lit {
    covers: Vec<(usize, usize)>,
    on: Vec<bool>,
}

/// What one cell's pattern per guard needs: where the carriers' light falls, and the periods.
struct Sampler<'a> {
    covered: Coverage,
    periods: &'a [usize],
    from: usize,
}

impl Sampler<'_> {
    /// Guard `g`'s pattern for one cell from its hits `run` (one guard, one cell, phases ascending):
    /// over its period when no other carrier's light is needed, else over the joint cycle with the
    /// carriers whose light ever falls on the cell. Its phases are appended to `phases` (ascending);
    /// the period they are of is returned.
    fn pattern_into(&self, run: &[Hit], phases: &mut Vec<u32>, lit: &mut Lit) -> usize {
        let (cell, g) = (run[0].0 as usize, run[0].1 as usize);
        let p = self.periods[g];
        if run.iter().all(|h| !h.3) {
            phases.extend(run.iter().map(|h| h.2));
            return p;
        }
        // Carriers listed before `g` have acted at its sight test; the others still stand where they
        // were at `t − 1`. Per carrier, the phases of its own period in which its light then covers
        // the cell, laid out one after another in `on`, reused from call to call.
        let Lit { covers, on } = lit;
        covers.clear();
        on.clear();
        for (k, phases) in self.covered.of(cell).filter(|&(k, _)| k != g) {
            let pk = self.periods[k];
            let lag = usize::from(k > g);
            let start = on.len();
            on.resize(start + pk, false);
            for phase in phases {
                on[start + (phase + lag) % pk] = true;
            }
            covers.push((pk, start));
        }
        let (covers, on) = (&*covers, &*on);
        let lights = |t: usize| covers.iter().any(|&(pk, start)| on[start + t % pk]);
        let q = covers.iter().fold(p as u128, |q, &(pk, _)| {
            let pk = pk as u128;
            q / gcd(q, pk) * pk
        });
        let joint = q <= u128::from(MAX_JOINT_CYCLE);
        let q = if joint { q as usize } else { p };
        // The turn from `from` on that phase `phase` of a `q`-turn cycle stands for: the one congruent
        // to it modulo `q`. Over the joint cycle every carrier's period divides `q`, so the phase
        // itself gives each carrier's phase at that turn.
        let shift = q - self.from % q;
        let turn = |phase: usize| {
            if joint {
                phase
            } else {
                self.from + (phase + shift) % q
            }
        };
        // Repeat `j` of the guard's period, then its phases ascending: the phases come out ascending.
        phases.reserve(run.len() * (q / p));
        for base in (0..q / p).map(|j| j * p) {
            for &(_, _, a, helped) in run {
                let phase = base + a as usize;
                if !helped || lights(turn(phase)) {
                    phases.push(phase as u32);
                }
            }
        }
        q
    }
}
