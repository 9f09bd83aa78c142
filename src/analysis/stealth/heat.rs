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

mod cover;

use cover::{CellLight, Coverage};

use super::cancel::Cancel;
use super::cells::CellSet;
use super::share::{MAX_JOINT_CYCLE, Phases, gcd, joint_share};
use super::timeline::GuardTimeline;
use super::watch::Watch;

/// Turns from the settle turn on over which a cell is sampled when its guard's joint cycle with the
/// carriers whose light shows it is longer than [`MAX_JOINT_CYCLE`]: the least multiple of the guard's
/// period from this many, so that every sighting of these first turns counts (a guard pushed off its
/// lap by another walks a lap this long, `super::relit`).
const SAMPLED_TURNS: usize = 4_096;

/// One sighting in the settled regime: cell (row-major), guard timeline, phase `t mod P`, and whether
/// the cell is dark to the guard but in range for a lit cell and within some other carrier's reach.
type Hit = (u32, u32, u32, bool);

/// For every cell (row-major) the thief can stand on (`standable`), the share of the joint patrol cycle
/// from `settle` on in which at least one guard watches it (0 = never; 0 too on every other cell: walls
/// and furniture are seen, but nobody is ever seen *on* them, and every reader of the shares asks about
/// the floor only, so they are not sampled), in the settled torches' light and each guard's exact light of
/// its sight test. Each guard is sampled over one lap after `settle`; cells watched by several guards
/// are combined exactly by `joint_share` (the joint cycle of all guards is never enumerated). A
/// cell seen thanks to other carriers whose joint cycle with the guard exceeds [`MAX_JOINT_CYCLE`]
/// turns is sampled over [`SAMPLED_TURNS`] turns or more (approximate). `None` when `cancel` is set
/// meanwhile.
///
/// About half the watched cells are watched by one guard alone, never by another carrier's light:
/// their share is the count of their watched phases over that guard's period, with no phases to list,
/// sort and combine. So the laps are swept twice: once for where each guard ever watches, and again
/// to count those lone cells and to list the phases of the others.
pub fn watched_shares(
    watch: &Watch,
    timelines: &[GuardTimeline],
    settle: usize,
    standable: &CellSet,
    cancel: &Cancel,
) -> Option<Vec<f32>> {
    let cells = standable.shape().len();
    // Turn `from − 1` is settled too, for the carriers still at their cells of `t − 1`.
    let laps = Laps::new(watch, timelines, settle + 1, standable, cancel);
    let seen = laps.where_seen()?;
    let samples: Option<Vec<Sample>> = (0..timelines.len())
        .into_par_iter()
        .map(|g| laps.sample(g, &seen, cells))
        .collect();
    let (hits, lone): (Vec<_>, Vec<_>) = samples?
        .into_iter()
        .map(|sample| (sample.hits, sample.lone))
        .unzip();
    let hits = by_cell(&hits, cells);
    let sampler = Sampler {
        covered: Coverage::new(
            watch,
            timelines,
            &laps.periods,
            laps.from,
            &seen.helped,
            cells,
        ),
        periods: &laps.periods,
        from: laps.from,
    };
    let mut shares = vec![0.0; cells];
    for (cell, share) in sampler
        .joint_shares(&hits)
        .into_iter()
        .chain(lone)
        .flatten()
    {
        shares[cell as usize] = share;
    }
    Some(shares)
}

/// Where the guards ever watch over their laps.
struct Seen {
    /// Per guard, the cells it watches at some turn of its lap.
    per_guard: Vec<CellSet>,
    /// The cells that need their phases listed: watched by two guards or more, or by another carrier's
    /// light.
    phased: CellSet,
    /// The cells some guard sees by another carrier's light.
    helped: CellSet,
}

/// One guard's sightings over its lap.
struct Sample {
    /// The sightings of the cells that need their phases, phases ascending.
    hits: Vec<Hit>,
    /// The share of each cell only this guard watches, in its own light or the settled torches'.
    lone: Vec<(u32, f32)>,
}

/// Every guard's lap in the settled regime, from turn `from` on, with the light of its sight test.
struct Laps<'a> {
    watch: &'a Watch,
    timelines: &'a [GuardTimeline],
    from: usize,
    periods: Vec<usize>,
    /// Per torch carrier, every cell its light falls on during its lap.
    reach: Vec<Option<CellSet>>,
    /// Per word of a map-wide set, the cell (row-major) of its bit 0: the sweeps turn bits into cells
    /// by the million, and a look-up here costs less than a division by the words per row.
    word_cells: Vec<usize>,
    /// The cells whose shares are wanted: the floor.
    standable: &'a CellSet,
    cancel: &'a Cancel,
}

impl<'a> Laps<'a> {
    fn new(
        watch: &'a Watch,
        timelines: &'a [GuardTimeline],
        from: usize,
        standable: &'a CellSet,
        cancel: &'a Cancel,
    ) -> Self {
        let periods: Vec<usize> = timelines.iter().map(|tl| tl.period.max(1)).collect();
        let reach = (0..timelines.len())
            .map(|k| {
                watch.carried(timelines, k, from)?;
                let mut set = CellSet::empty(watch.epochs.settled().shape());
                let words = set.words_mut();
                for t in from..from + periods[k] {
                    for &(i, bits) in watch.carried(timelines, k, t)? {
                        words[i as usize] |= bits;
                    }
                }
                Some(set)
            })
            .collect();
        let settled = watch.epochs.settled();
        let (width, per_row) = (settled.shape().width() as usize, settled.words_per_row());
        let word_cells = (0..settled.words().len())
            .map(|w| w / per_row * width + w % per_row * 64)
            .collect();
        Laps {
            watch,
            timelines,
            from,
            periods,
            reach,
            word_cells,
            standable,
            cancel,
        }
    }

    /// Where each guard ever watches, and which cells need their phases listed.
    fn where_seen(&self) -> Option<Seen> {
        let empty = || CellSet::empty(self.watch.epochs.settled().shape());
        let swept: Option<Vec<(CellSet, CellSet)>> = (0..self.timelines.len())
            .into_par_iter()
            .map(|g| {
                let (mut seen, mut by_light) = (empty(), empty());
                self.sweep(g, |_, w, watched, dark| {
                    seen.words_mut()[w] |= watched;
                    by_light.words_mut()[w] |= dark;
                })?;
                Some((seen, by_light))
            })
            .collect();
        let (mut once, mut phased, mut helped) = (empty(), empty(), empty());
        let mut per_guard = Vec::new();
        for (seen, by_light) in swept? {
            for ((twice, once), &bits) in phased
                .words_mut()
                .iter_mut()
                .zip(once.words_mut())
                .zip(seen.words())
            {
                *twice |= *once & bits;
                *once |= bits;
            }
            helped.union_with(&by_light);
            per_guard.push(seen);
        }
        phased.union_with(&helped);
        Some(Seen {
            per_guard,
            phased,
            helped,
        })
    }

    /// Guard `g`'s sightings of the cells below `cells`: the phases of the cells that need them, the
    /// shares of the others.
    fn sample(&self, g: usize, seen: &Seen, cells: usize) -> Option<Sample> {
        let phased = seen.phased.words();
        let lone = |w: usize| seen.per_guard[g].words()[w] & !phased[w];
        let (mut hits, mut counts) = (Vec::new(), vec![0u32; cells]);
        self.sweep(g, |phase, w, watched, dark| {
            for (mut bits, helped) in [(watched & phased[w], false), (dark, true)] {
                while bits != 0 {
                    let cell = self.cell_of(w, bits);
                    bits &= bits - 1;
                    if cell < cells {
                        hits.push((cell as u32, g as u32, phase, helped));
                    }
                }
            }
            let mut bits = watched & lone(w);
            while bits != 0 {
                if let Some(count) = counts.get_mut(self.cell_of(w, bits)) {
                    *count += 1;
                }
                bits &= bits - 1;
            }
        })?;
        // A lone cell's pattern is its guard's alone: the share of its period it is watched.
        let period = self.periods[g] as f64;
        let mut shares = Vec::new();
        for w in 0..phased.len() {
            let mut bits = lone(w);
            while bits != 0 {
                let cell = self.cell_of(w, bits);
                bits &= bits - 1;
                if let Some(&count) = counts.get(cell) {
                    shares.push((cell as u32, (f64::from(count) / period) as f32));
                }
            }
        }
        Some(Sample { hits, lone: shares })
    }

    /// The cell (row-major) of the lowest bit of `bits` in word `w` of a map-wide set.
    fn cell_of(&self, w: usize, bits: u64) -> usize {
        self.word_cells[w] + bits.trailing_zeros() as usize
    }

    /// Calls `visit(phase, word, watched, dark)` for each word of guard `g`'s cone at each turn of its
    /// lap: the floor bits it watches, and the floor bits dark to it but in range for a lit cell and
    /// within some other carrier's reach. `None` when cancelled meanwhile.
    fn sweep(&self, g: usize, mut visit: impl FnMut(u32, usize, u64, u64)) -> Option<()> {
        let (watch, timelines) = (self.watch, self.timelines);
        let settled = watch.epochs.settled();
        let mut others = CellSet::empty(settled.shape());
        for (k, r) in self.reach.iter().enumerate() {
            if let Some(r) = r.as_ref().filter(|_| k != g) {
                others.union_with(r);
            }
        }
        let floor = self.standable.words();
        let mut lit = settled.clone();
        let period = self.periods[g];
        // From `from` on the lap repeats, so the lap from its first phase-0 turn gives the phases in
        // ascending order.
        let first = self.from.next_multiple_of(period);
        for t in first..first + period {
            if t % 64 == 0 && self.cancel.is_cancelled() {
                return None;
            }
            let own = watch.carried(timelines, g, t).unwrap_or(&[]);
            for &(i, bits) in own {
                lit.words_mut()[i as usize] |= bits;
            }
            let phase = (t % period) as u32;
            for (w, watched, dark) in watch.cone(timelines, g, t).split_words(&lit) {
                let floor = floor[w];
                visit(phase, w, watched & floor, dark & others.words()[w] & floor);
            }
            for &(i, _) in own {
                lit.words_mut()[i as usize] = settled.words()[i as usize];
            }
        }
        Some(())
    }
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

/// The hits grouped by cell, each cell's guards in order and each guard's phases ascending: a stable
/// counting sort by cell keeps the guards' order (`sampled` is per guard) and each guard's phases (its
/// sweep visits them ascending).
fn by_cell(sampled: &[Vec<Hit>], cells: usize) -> Vec<Hit> {
    let mut next = vec![0usize; cells + 1];
    for hits in sampled {
        for hit in hits {
            next[hit.0 as usize + 1] += 1;
        }
    }
    for i in 0..cells {
        next[i + 1] += next[i];
    }
    let mut grouped: Vec<Hit> = vec![(0, 0, 0, false); next[cells]];
    for hits in sampled {
        for &hit in hits {
            let slot = &mut next[hit.0 as usize];
            grouped[*slot] = hit;
            *slot += 1;
        }
    }
    grouped
}

/// What one cell's pattern per guard needs: where the carriers' light falls, and the periods.
struct Sampler<'a> {
    covered: Coverage,
    periods: &'a [usize],
    from: usize,
}

impl Sampler<'_> {
    /// The share of every cell of `hits` (grouped by cell). Each cell's share depends on its own hits
    /// only: the cells are shared out among the threads in runs cut at cell boundaries, so the result
    /// does not depend on the threads.
    fn joint_shares(&self, hits: &[Hit]) -> Vec<Vec<(u32, f32)>> {
        cell_runs(hits, rayon::current_num_threads() * 4)
            .into_par_iter()
            .map(|run| {
                // Each cell's patterns are laid out in one buffer, reused from cell to cell.
                let (mut phases, mut spans, mut lit) =
                    (Vec::new(), Vec::new(), CellLight::default());
                run.chunk_by(|a, b| a.0 == b.0)
                    .map(|of_cell| {
                        phases.clear();
                        spans.clear();
                        for of_guard in of_cell.chunk_by(|a, b| a.1 == b.1) {
                            let start = phases.len();
                            let period = self.pattern_into(of_guard, &mut phases, &mut lit);
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
            .collect()
    }

    /// Guard `g`'s pattern for one cell from its hits `run` (one guard, one cell, phases ascending):
    /// over its period when no other carrier's light is needed, else over the joint cycle with the
    /// carriers whose light ever falls on the cell. Its phases are appended to `phases` (ascending);
    /// the period they are of is returned.
    fn pattern_into(&self, run: &[Hit], phases: &mut Vec<u32>, lit: &mut CellLight) -> usize {
        let (cell, g) = (run[0].0 as usize, run[0].1 as usize);
        let p = self.periods[g];
        if run.iter().all(|h| !h.3) {
            phases.extend(run.iter().map(|h| h.2));
            return p;
        }
        // Carriers listed before `g` have acted at its sight test; the others still stand where they
        // were at `t − 1`.
        if !lit.holds(cell) {
            lit.lay_out(&self.covered, cell);
        }
        lit.seen_by(&self.covered, g);
        let q = lit.periods().fold(p as u128, |q, pk| {
            let pk = pk as u128;
            q / gcd(q, pk) * pk
        });
        let joint = q <= u128::from(MAX_JOINT_CYCLE);
        let q = if joint {
            q as usize
        } else {
            SAMPLED_TURNS.next_multiple_of(p)
        };
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
                if !helped || lit.lights(turn(phase)) {
                    phases.push(phase as u32);
                }
            }
        }
        q
    }
}
