//! Which cells the guards watch at each turn, and for how much of the patrol cycle (`stealth-rules.md`
//! §7 (a), (b)).
//!
//! Light at turn `t` is the placed torches' light plus every torch carrier's light at its cells of turns
//! `t − 1` and `t`: the original recomputes light in the middle of a turn as carriers move, so this
//! union is the spec's conservative bound (it can only over-report sightings, never hide one).

use super::cells::{CellRules, CellSet};
use super::light::{CARRIED_RADIUS2, cast};
use super::sight::Cone;
use super::timeline::GuardTimeline;

/// Patterns longer than this many turns of joint cycle are combined as independent guards.
const MAX_JOINT_CYCLE: u64 = 20_000;

/// Cones and carried light, computed once per distinct (cell, facing) and carrier cell.
#[derive(Clone, Debug)]
pub struct Watch {
    /// Light of the placed lit torches.
    pub torch_lit: CellSet,
    /// Every distinct cone, and for each guard timeline the cone of each simulated step.
    cones: Vec<Cone>,
    cone_of_step: Vec<Vec<u32>>,
    /// Light carried by each guard at each simulated step (`None` for guards without a torch).
    carried: Vec<CellSet>,
    carried_of_step: Vec<Option<Vec<u32>>>,
}

impl Watch {
    pub fn new(rules: &CellRules, timelines: &[GuardTimeline], torch_lit: CellSet) -> Self {
        // Caches indexed by cell (and facing): lookups happen at every simulated step.
        let shape = rules.shape;
        let mut cone_ids = vec![u32::MAX; shape.len() * 4];
        let mut cones = Vec::new();
        let mut light_ids = vec![u32::MAX; shape.len()];
        let mut carried = Vec::new();
        let mut cone_of_step = Vec::with_capacity(timelines.len());
        let mut carried_of_step = Vec::with_capacity(timelines.len());
        for tl in timelines {
            let ids = tl
                .steps
                .iter()
                .map(|&(c, d)| {
                    let slot = shape.index(c).map(|i| i * 4 + CellRules::index_of(d));
                    match slot.map(|s| (s, cone_ids[s])) {
                        Some((_, id)) if id != u32::MAX => id,
                        slot => {
                            cones.push(Cone::new(rules, c, d));
                            let id = (cones.len() - 1) as u32;
                            if let Some((s, _)) = slot {
                                cone_ids[s] = id;
                            }
                            id
                        }
                    }
                })
                .collect();
            cone_of_step.push(ids);
            carried_of_step.push(tl.carries_torch.then(|| {
                tl.steps
                    .iter()
                    .map(|&(c, _)| match shape.index(c).map(|i| (i, light_ids[i])) {
                        Some((_, id)) if id != u32::MAX => id,
                        slot => {
                            let mut lit = CellSet::empty(shape);
                            cast(rules, c, CARRIED_RADIUS2, &mut lit);
                            carried.push(lit);
                            let id = (carried.len() - 1) as u32;
                            if let Some((i, _)) = slot {
                                light_ids[i] = id;
                            }
                            id
                        }
                    })
                    .collect()
            }));
        }
        Watch {
            torch_lit,
            cones,
            cone_of_step,
            carried,
            carried_of_step,
        }
    }

    /// Lit cells at turn `t`: placed torches, and carried torches at their cells of turns `t − 1` and `t`.
    pub fn lit_at(&self, timelines: &[GuardTimeline], t: usize) -> CellSet {
        let mut lit = self.torch_lit.clone();
        for (g, steps) in self.carried_of_step.iter().enumerate() {
            if let Some(steps) = steps {
                for turn in [t.saturating_sub(1), t] {
                    let id = steps[timelines[g].step_of(turn)];
                    lit.union_with(&self.carried[id as usize]);
                }
            }
        }
        lit
    }

    /// The cells guard timeline `g` watches at turn `t` under the lit cells `lit`.
    pub fn watched_by(
        &self,
        timelines: &[GuardTimeline],
        g: usize,
        t: usize,
        lit: &CellSet,
    ) -> CellSet {
        let id = self.cone_of_step[g][timelines[g].step_of(t)];
        self.cones[id as usize].watched(lit)
    }

    /// The cells any guard watches at turn `t`.
    pub fn watched_at(&self, timelines: &[GuardTimeline], t: usize, lit: &CellSet) -> CellSet {
        let mut if_lit = CellSet::empty(lit.shape());
        let mut always = CellSet::empty(lit.shape());
        for (tl, steps) in timelines.iter().zip(&self.cone_of_step) {
            let cone = &self.cones[steps[tl.step_of(t)] as usize];
            if_lit.union_with(&cone.if_lit);
            always.union_with(&cone.always);
        }
        if_lit.intersect_with(lit);
        if_lit.union_with(&always);
        if_lit
    }
}

/// For every cell (row-major), the share of the joint patrol cycle in which at least one guard watches
/// it (0 = never). Each guard's pattern is taken over one of its own periods after a first one (so its
/// facing has settled). Cells watched by several guards are counted exactly: patterns are merged over
/// their joint cycle (at most [`MAX_JOINT_CYCLE`] turns, beyond which a pattern is taken as independent)
/// and the last one is met by the Chinese remainder theorem ([`both_share`]). The joint cycle of all
/// guards is never enumerated.
pub fn watched_shares(watch: &Watch, timelines: &[GuardTimeline], cells: usize) -> Vec<f32> {
    // patterns[c]: (guard, period, bits over that period) for each guard that ever watches c.
    let mut patterns: Vec<Vec<Pattern>> = vec![Vec::new(); cells];
    for (g, tl) in timelines.iter().enumerate() {
        let period = tl.period.max(1);
        for phase in 0..period {
            let t = period + phase;
            let lit = watch.lit_at(timelines, t);
            let shape = lit.shape();
            for c in watch.watched_by(timelines, g, t, &lit).cells() {
                let Some(i) = shape.index(c) else { continue };
                let list = &mut patterns[i];
                if list.last().is_none_or(|(owner, _, _)| *owner != g) {
                    list.push((g, period, vec![0; period.div_ceil(64)]));
                }
                if let Some((_, _, bits)) = list.last_mut() {
                    bits[phase / 64] |= 1 << (phase % 64);
                }
            }
        }
    }
    patterns.iter().map(|list| joint_share(list)).collect()
}

/// One guard's watch pattern for one cell: its period and a bit per phase.
type Pattern = (usize, usize, Vec<u64>);

fn joint_share(list: &[Pattern]) -> f32 {
    let count = |bits: &[u64]| bits.iter().map(|b| b.count_ones()).sum::<u32>() as f64;
    let share = |(_, period, bits): &Pattern| count(bits) / *period as f64;
    let union2 = |a: &Pattern, b: &Pattern| share(a) + share(b) - both_share(a, b);
    let watched = match list {
        [] => 0.0,
        [one] => share(one),
        [a, b] => union2(a, b),
        _ if let Some(exact) = inclusion_exclusion(list) => exact,
        _ => {
            // Merge all but the longest-period pattern into one over their joint cycle, then meet the
            // last exactly; past the cap, the rest are taken as independent.
            let mut sorted: Vec<&Pattern> = list.iter().collect();
            sorted.sort_by_key(|(_, period, _)| *period);
            let last = sorted.pop().unwrap_or(&list[0]);
            let mut merged = sorted[0].clone();
            let mut rest = Vec::new();
            for next in &sorted[1..] {
                match merge(&merged, next) {
                    Some(m) => merged = m,
                    None => rest.push(*next),
                }
            }
            let exact = union2(&merged, last);
            1.0 - (1.0 - exact) * rest.iter().map(|e| 1.0 - share(e)).product::<f64>()
        }
    };
    watched as f32
}

/// Tuples the exact count of [`inclusion_exclusion`] may visit per cell before it gives up.
const MAX_TUPLES: usize = 200_000;

/// The exact share of turns at least one pattern watches, by inclusion–exclusion over the subsets of
/// guards: by the generalised Chinese remainder theorem, one phase per guard of a subset happen together
/// exactly once per joint cycle of the subset when every pair agrees modulo the gcd of their periods, and
/// never otherwise. Phases are few (a guard watches a cell for a few turns of its walk), so counting the
/// agreeing tuples is cheap; `None` when there would be too many.
fn inclusion_exclusion(list: &[Pattern]) -> Option<f64> {
    if list.len() > 8 {
        return None;
    }
    let phases: Vec<Vec<usize>> = list
        .iter()
        .map(|(_, period, bits)| {
            (0..*period)
                .filter(|&i| bits[i / 64] & (1 << (i % 64)) != 0)
                .collect()
        })
        .collect();
    let mut budget = MAX_TUPLES;
    let mut total = 0.0;
    for subset in 1u32..(1 << list.len()) {
        let members: Vec<usize> = (0..list.len())
            .filter(|&i| subset & (1 << i) != 0)
            .collect();
        let periods: Vec<usize> = members.iter().map(|&i| list[i].1).collect();
        let sets: Vec<&[usize]> = members.iter().map(|&i| phases[i].as_slice()).collect();
        let agreeing = count_agreeing(&periods, &sets, &mut Vec::new(), &mut budget)?;
        let cycle = periods
            .iter()
            .fold(1.0f64, |acc, &p| acc / gcd_f(acc, p as f64) * p as f64);
        let sign = if members.len() % 2 == 1 { 1.0 } else { -1.0 };
        total += sign * agreeing as f64 / cycle;
    }
    Some(total)
}

/// Tuples of phases (one per set, extending `chosen`) that agree pairwise modulo the periods' gcds.
fn count_agreeing(
    periods: &[usize],
    sets: &[&[usize]],
    chosen: &mut Vec<usize>,
    budget: &mut usize,
) -> Option<u64> {
    let i = chosen.len();
    if i == sets.len() {
        return Some(1);
    }
    let mut count = 0;
    for &phase in sets[i] {
        *budget = budget.checked_sub(1)?;
        let agrees = chosen.iter().enumerate().all(|(j, &other)| {
            let g = gcd(periods[i] as u64, periods[j] as u64) as usize;
            phase % g == other % g
        });
        if agrees {
            chosen.push(phase);
            count += count_agreeing(periods, sets, chosen, budget)?;
            chosen.pop();
        }
    }
    Some(count)
}

fn gcd_f(a: f64, b: f64) -> f64 {
    if b == 0.0 { a } else { gcd_f(b, a % b) }
}

/// The union of two patterns over their joint cycle, if that is at most [`MAX_JOINT_CYCLE`] turns.
fn merge(a: &Pattern, b: &Pattern) -> Option<Pattern> {
    let (p, q) = (a.1 as u64, b.1 as u64);
    let cycle = p / gcd(p, q) * q;
    if cycle > MAX_JOINT_CYCLE {
        return None;
    }
    let cycle = cycle as usize;
    let at = |(_, period, bits): &Pattern, t: usize| {
        let i = t % period;
        bits[i / 64] & (1 << (i % 64)) != 0
    };
    let mut bits = vec![0u64; cycle.div_ceil(64)];
    for t in (0..cycle).filter(|&t| at(a, t) || at(b, t)) {
        bits[t / 64] |= 1 << (t % 64);
    }
    Some((a.0, cycle, bits))
}

/// The share of turns both patterns watch. By the Chinese remainder theorem, phases `i` of period `p`
/// and `j` of period `q` meet once per `lcm(p, q)` turns exactly when `i ≡ j (mod gcd(p, q))`.
fn both_share(a: &Pattern, b: &Pattern) -> f64 {
    let (p, q) = (a.1, b.1);
    let g = gcd(p as u64, q as u64) as usize;
    let residues = |(_, period, bits): &Pattern| {
        let mut per = vec![0u64; g];
        for phase in (0..*period).filter(|&i| bits[i / 64] & (1 << (i % 64)) != 0) {
            per[phase % g] += 1;
        }
        per
    };
    let (ra, rb) = (residues(a), residues(b));
    let meetings: u64 = ra.iter().zip(&rb).map(|(x, y)| x * y).sum();
    // lcm(p, q) = p·q/g turns hold `meetings` turns in which both watch.
    meetings as f64 * g as f64 / (p as f64 * q as f64)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}
