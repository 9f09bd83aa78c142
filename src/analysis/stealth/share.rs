//! How much of the patrol cycle at least one of several guards watches a cell (`stealth-rules.md`
//! §7 (b)), from each guard's pattern of watched phases: exactly, by the Chinese remainder theorem,
//! unions over short joint cycles and inclusion–exclusion, while the guards are few or their joint
//! cycles short.

/// Patterns longer than this many turns of joint cycle are combined as independent guards.
pub(super) const MAX_JOINT_CYCLE: u64 = 20_000;

/// One guard's watch pattern for one cell: its period and the phases of it in which it watches
/// (ascending, each below the period).
pub(super) type Phases<'a> = (usize, &'a [u32]);

/// The share of turns in which at least one of the patterns watches, over their joint cycle.
pub(super) fn joint_share(list: &[Phases]) -> f32 {
    if list.len() > 2 {
        let by_period = merge_equal_periods(list);
        let as_pair = merge_cheap_pairs(by_period.clone());
        // A pair meets exactly by residues; three patterns or more are counted from the patterns as
        // they were: a long union makes inclusion–exclusion visit many more tuples.
        let merged = if as_pair.len() <= 2 {
            as_pair
        } else {
            by_period
        };
        let patterns: Vec<Phases> = merged.iter().map(|(p, ph)| (*p, &ph[..])).collect();
        return union_share(&patterns);
    }
    union_share(list)
}

/// Phases a union of two patterns may list for [`merge_cheap_pairs`] to make it.
const MERGE_BUDGET: u64 = 4096;

/// Three patterns or more with, while more than two are left, the pair whose union over their joint
/// cycle lists the fewest phases joined into that union (exact, as for equal periods), as long as it
/// lists at most [`MERGE_BUDGET`]. Counting the subsets' agreeing tuples ([`inclusion_exclusion`])
/// costs thousands of steps per cell with three patterns; short unions down to two patterns, met by
/// residues, cost a few hundred.
fn merge_cheap_pairs(mut list: Vec<(usize, Vec<u32>)>) -> Vec<(usize, Vec<u32>)> {
    while list.len() > 2 {
        // An empty pattern counts as one phase, so that the budget bounds the joint cycle too.
        let union_size = |a: &(usize, Vec<u32>), b: &(usize, Vec<u32>)| {
            let (p, q) = (a.0 as u64, b.0 as u64);
            let cycle = p / gcd(u128::from(p), u128::from(q)) as u64 * q;
            (cycle / p) * a.1.len().max(1) as u64 + (cycle / q) * b.1.len().max(1) as u64
        };
        let cheapest = (0..list.len())
            .flat_map(|i| (i + 1..list.len()).map(move |j| (i, j)))
            .map(|(i, j)| (union_size(&list[i], &list[j]), i, j))
            .min();
        let Some((size, i, j)) = cheapest.filter(|&(size, ..)| size <= MERGE_BUDGET) else {
            break;
        };
        let b = list.remove(j);
        let a = &list[i];
        let cycle = a.0 / gcd(a.0 as u128, b.0 as u128) as usize * b.0;
        let over_cycle = |(period, phases): &(usize, Vec<u32>)| {
            let mut all = Vec::with_capacity(size as usize);
            for base in (0..cycle).step_by(*period) {
                all.extend(phases.iter().map(|&ph| base as u32 + ph));
            }
            all
        };
        list[i] = (cycle, ascending_union(&over_cycle(a), &over_cycle(&b)));
    }
    list
}

/// The patterns with patterns of one period joined, periods in the order they first come: over a
/// common period, "one of them watches" is the union of their phases, exactly. Guards beside a torch
/// carrier often share its cycle, and every pattern fewer halves the subsets [`inclusion_exclusion`]
/// counts.
fn merge_equal_periods(list: &[Phases]) -> Vec<(usize, Vec<u32>)> {
    let mut periods: Vec<usize> = Vec::with_capacity(list.len());
    for &(period, _) in list {
        if !periods.contains(&period) {
            periods.push(period);
        }
    }
    periods
        .into_iter()
        .map(|period| {
            let of_period = list
                .iter()
                .filter(move |&&(p, _)| p == period)
                .map(|&(_, phases)| phases);
            (period, union_of(period, of_period))
        })
        .collect()
}

/// The phases of patterns of one period together, ascending, each once. Many patterns (a crowd of
/// guards walking one route) are marked in a table of the period, or sorted when the period is much
/// longer than their phases: merging them two by two would cost a pass over the growing union per
/// pattern.
fn union_of<'a>(period: usize, patterns: impl Iterator<Item = &'a [u32]> + Clone) -> Vec<u32> {
    let (count, phases) = patterns
        .clone()
        .fold((0, 0), |(count, phases), p| (count + 1, phases + p.len()));
    match count {
        0 | 1 => patterns.flatten().copied().collect(),
        2 => patterns.fold(Vec::new(), |union, p| ascending_union(&union, p)),
        _ if period <= 16 * phases => {
            let mut on = vec![false; period];
            for &phase in patterns.flatten() {
                if let Some(slot) = on.get_mut(phase as usize) {
                    *slot = true;
                }
            }
            (0..period as u32).filter(|&t| on[t as usize]).collect()
        }
        _ => {
            let mut union: Vec<u32> = patterns.flatten().copied().collect();
            union.sort_unstable();
            union.dedup();
            union
        }
    }
}

/// The phases of `a` and `b` (each ascending) together, ascending, each once: one pass, where
/// sorting the two lists joined would cost a sort per pattern merged.
fn ascending_union(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut union = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = if j == b.len() || (i < a.len() && a[i] <= b[j]) {
            i += 1;
            a[i - 1]
        } else {
            j += 1;
            b[j - 1]
        };
        if union.last() != Some(&next) {
            union.push(next);
        }
    }
    union
}

/// [`joint_share`] of patterns of any periods.
fn union_share(list: &[Phases]) -> f32 {
    let share = |(period, phases): &Phases| phases.len() as f64 / *period as f64;
    let watched = match list {
        [] => 0.0,
        [one] => share(one),
        [a, b] => share(a) + share(b) - pair_share(a, b),
        _ if let Some(exact) = inclusion_exclusion(list) => exact,
        _ => {
            let patterns: Vec<Pattern> = list.iter().map(pattern_of).collect();
            crowd_share(&patterns)
        }
    };
    watched as f32
}

/// The share of turns two guards both watch: phases `i` of period `p` and `j` of period `q` meet once
/// per `lcm(p, q)` turns exactly when `i ≡ j (mod gcd(p, q))` (Chinese remainder theorem), so the
/// meetings are counted per residue.
fn pair_share((p, a): &Phases, (q, b): &Phases) -> f64 {
    let g = gcd(*p as u128, *q as u128) as usize;
    let meetings: u64 = if g <= SMALL_GCD {
        let mut per_residue = [0u32; SMALL_GCD];
        for &i in *a {
            per_residue[i as usize % g] += 1;
        }
        b.iter()
            .map(|&j| u64::from(per_residue[j as usize % g]))
            .sum()
    } else {
        // Too many residues for a table: `a`'s sorted, and each of `b`'s looked up in them.
        let mut residues: Vec<usize> = a.iter().map(|&i| i as usize % g).collect();
        residues.sort_unstable();
        b.iter()
            .map(|&j| {
                let r = j as usize % g;
                let equal =
                    residues.partition_point(|&x| x <= r) - residues.partition_point(|&x| x < r);
                equal as u64
            })
            .sum()
    };
    meetings as f64 * g as f64 / (*p as f64 * *q as f64)
}

/// Gcds up to which [`pair_share`] counts residues in a table on the stack.
const SMALL_GCD: usize = 256;

/// The bits of a pattern's phases.
fn pattern_of((period, phases): &Phases) -> Pattern {
    let mut bits = vec![0u64; period.div_ceil(64)];
    for &p in *phases {
        bits[p as usize / 64] |= 1 << (p % 64);
    }
    (*period, bits)
}

/// One guard's watch pattern for one cell as bits: its period and a bit per phase.
type Pattern = (usize, Vec<u64>);

/// The union of crowded patterns: all but the longest-period pattern are merged into one over their
/// joint cycle, which then meets the last exactly; past the cap, the rest are taken as independent.
fn crowd_share(list: &[Pattern]) -> f64 {
    let count = |bits: &[u64]| f64::from(bits.iter().map(|b| b.count_ones()).sum::<u32>());
    let share = |(period, bits): &Pattern| count(bits) / *period as f64;
    let mut sorted: Vec<&Pattern> = list.iter().collect();
    sorted.sort_by_key(|(period, _)| *period);
    let (Some(last), Some((first, others))) = (sorted.pop(), sorted.split_first()) else {
        return list.first().map_or(0.0, share);
    };
    let mut merged = (*first).clone();
    let mut rest = Vec::new();
    for next in others {
        match merge(&merged, next) {
            Some(m) => merged = m,
            None => rest.push(*next),
        }
    }
    let exact = share(&merged) + share(last) - both_share(&merged, last);
    1.0 - (1.0 - exact) * rest.iter().map(|e| 1.0 - share(e)).product::<f64>()
}

/// Tuples the exact count of [`inclusion_exclusion`] may visit per cell before it gives up.
const MAX_TUPLES: usize = 200_000;
/// Guards watching one cell that [`inclusion_exclusion`] takes on (2⁸ subsets).
const MAX_EXACT_GUARDS: usize = 8;

/// The exact share of turns at least one pattern watches, by inclusion–exclusion over the subsets of
/// guards: by the generalised Chinese remainder theorem, one phase per guard of a subset happen together
/// exactly once per joint cycle of the subset when every pair agrees modulo the gcd of their periods, and
/// never otherwise. Phases are few (a guard watches a cell for a few turns of its walk), so counting the
/// agreeing tuples is cheap; `None` when there would be too many.
fn inclusion_exclusion(list: &[Phases]) -> Option<f64> {
    if list.len() > MAX_EXACT_GUARDS {
        return None;
    }
    let mut gcds = [[1u32; MAX_EXACT_GUARDS]; MAX_EXACT_GUARDS];
    for a in 0..list.len() {
        for b in 0..a {
            gcds[a][b] = gcd(list[a].0 as u128, list[b].0 as u128) as u32;
        }
    }
    let mut suffix = [0usize; MAX_EXACT_GUARDS + 1];
    for i in (0..list.len()).rev() {
        suffix[i] = suffix[i + 1] + list[i].1.len();
    }
    let by_residue = (0..list.len() * MAX_EXACT_GUARDS)
        .map(|at| {
            let (next, g) = (at / MAX_EXACT_GUARDS, at % MAX_EXACT_GUARDS);
            if g >= next {
                return Vec::new();
            }
            let m = gcds[next][g];
            let mut pairs: Vec<(u32, u32)> = list[next].1.iter().map(|&p| (p % m, p)).collect();
            pairs.sort_unstable();
            pairs
        })
        .collect::<Vec<_>>();
    let mut counter = TupleCounter {
        list,
        gcds,
        by_residue: &by_residue,
        suffix,
        chosen: [(0, 0); MAX_EXACT_GUARDS],
        agreeing: [0; 1 << MAX_EXACT_GUARDS],
        budget: MAX_TUPLES,
    };
    counter.extend(0, 0, 0)?;
    // Summed subset by subset in a fixed order, so the result does not depend on the walk.
    let mut total = 0.0;
    for subset in 1usize..(1 << list.len()) {
        let mut cycle = 1u128;
        for (i, (period, _)) in list.iter().enumerate() {
            if subset & (1 << i) != 0 {
                let p = *period as u128;
                cycle = cycle / gcd(cycle, p) * p;
            }
        }
        let sign = if subset.count_ones() % 2 == 1 {
            1.0
        } else {
            -1.0
        };
        total += sign * counter.agreeing[subset] as f64 / cycle as f64;
    }
    Some(total)
}

/// Counts, for every subset of guards at once, the tuples of phases (one per guard of the subset) that
/// agree pairwise modulo the periods' gcds: a walk that adds one guard at a time, so that tuples sharing
/// a prefix are checked once.
struct TupleCounter<'a, 'b> {
    list: &'a [Phases<'b>],
    /// `gcds[a][b]` for `b < a`.
    gcds: [[u32; MAX_EXACT_GUARDS]; MAX_EXACT_GUARDS],
    /// At `next * MAX_EXACT_GUARDS + g`: guard `next`'s phases as `(residue modulo gcds[next][g],
    /// phase)`, sorted, so that the phases agreeing with a chosen phase of `g` are one run.
    by_residue: &'a [Vec<(u32, u32)>],
    /// `suffix[i]`: the phases of guards `i..` together.
    suffix: [usize; MAX_EXACT_GUARDS + 1],
    /// The guards and phases chosen so far.
    chosen: [(usize, u32); MAX_EXACT_GUARDS],
    agreeing: [u64; 1 << MAX_EXACT_GUARDS],
    budget: usize,
}

impl TupleCounter<'_, '_> {
    /// Extends the `depth` choices made (guards of `subset`) with one phase of each later guard.
    /// Each phase tried counts against the budget: this call tries every phase of the later guards
    /// once, so they are counted up front (the walk gives up exactly when it would one by one).
    fn extend(&mut self, from: usize, depth: usize, subset: usize) -> Option<()> {
        self.budget = self.budget.checked_sub(self.suffix[from])?;
        for next in from..self.list.len() {
            // The residue each chosen phase asks of this guard's phases.
            let mut wanted = [(1u32, 0u32); MAX_EXACT_GUARDS];
            for (want, &(g, p)) in wanted.iter_mut().zip(&self.chosen[..depth]) {
                let m = self.gcds[next][g];
                *want = (m, p % m);
            }
            // Only the run of phases that agree with the most demanding choice is tried against the
            // others (the counts do not depend on the order of the walk).
            let strictest = (0..depth).max_by_key(|&i| wanted[i].0);
            let by_residue = self.by_residue;
            let (run, all): (&[(u32, u32)], &[u32]) = match strictest {
                Some(i) => {
                    let (g, r) = (self.chosen[i].0, wanted[i].1);
                    let pairs = &by_residue[next * MAX_EXACT_GUARDS + g];
                    let start = pairs.partition_point(|&(x, _)| x < r);
                    let end = pairs.partition_point(|&(x, _)| x <= r);
                    (&pairs[start..end], &[])
                }
                None => (&[], self.list[next].1),
            };
            for phase in run.iter().map(|&(_, p)| p).chain(all.iter().copied()) {
                let agrees = wanted[..depth].iter().all(|&(m, r)| phase % m == r);
                if agrees {
                    let with = subset | 1 << next;
                    self.agreeing[with] += 1;
                    self.chosen[depth] = (next, phase);
                    self.extend(next + 1, depth + 1, with)?;
                }
            }
        }
        Some(())
    }
}

/// The union of two patterns over their joint cycle, if that is at most [`MAX_JOINT_CYCLE`] turns.
fn merge(a: &Pattern, b: &Pattern) -> Option<Pattern> {
    let (p, q) = (a.0 as u128, b.0 as u128);
    let cycle = p / gcd(p, q) * q;
    if cycle > u128::from(MAX_JOINT_CYCLE) {
        return None;
    }
    let cycle = cycle as usize;
    let at = |(period, bits): &Pattern, t: usize| {
        let i = t % period;
        bits[i / 64] & (1 << (i % 64)) != 0
    };
    let mut bits = vec![0u64; cycle.div_ceil(64)];
    for t in (0..cycle).filter(|&t| at(a, t) || at(b, t)) {
        bits[t / 64] |= 1 << (t % 64);
    }
    Some((cycle, bits))
}

/// The share of turns both patterns watch. By the Chinese remainder theorem, phases `i` of period `p`
/// and `j` of period `q` meet once per `lcm(p, q)` turns exactly when `i ≡ j (mod gcd(p, q))`.
fn both_share(a: &Pattern, b: &Pattern) -> f64 {
    let (p, q) = (a.0, b.0);
    let g = gcd(p as u128, q as u128) as usize;
    let residues = |(period, bits): &Pattern| {
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

/// The greatest common divisor.
pub(super) fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share by walking the whole joint cycle turn by turn: what the closed forms must equal.
    fn brute_share(list: &[(usize, Vec<u32>)]) -> f64 {
        let cycle =
            list.iter()
                .fold(1u128, |c, (p, _)| c / gcd(c, *p as u128) * *p as u128) as usize;
        let watched = (0..cycle)
            .filter(|&t| {
                list.iter()
                    .any(|(p, phases)| phases.binary_search(&((t % p) as u32)).is_ok())
            })
            .count();
        watched as f64 / cycle as f64
    }

    #[test]
    fn shares_equal_the_joint_cycle_walked_turn_by_turn() {
        let mut state = 5u32;
        let mut roll = |n: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) % n
        };
        for case in 0..300 {
            let guards = 1 + case % 10;
            let list: Vec<(usize, Vec<u32>)> = (0..guards)
                .map(|_| {
                    let period = [4, 6, 8, 9, 10, 12, 14, 15][roll(8) as usize];
                    let mut phases: Vec<u32> =
                        (0..period as u32).filter(|_| roll(3) == 0).collect();
                    phases.dedup();
                    (period, phases)
                })
                .collect();
            let patterns: Vec<Phases> = list.iter().map(|(p, ph)| (*p, &ph[..])).collect();
            let expected = brute_share(&list);
            let got = f64::from(joint_share(&patterns));
            assert!(
                (got - expected).abs() < 1e-6,
                "case {case}: {list:?}: {got} ≠ {expected}"
            );
        }
    }

    /// A crowd on one route: many patterns of one period, joined through the table (phases dense
    /// in the period) or by sorting (a long period, few phases), give every phase once, ascending.
    #[test]
    fn patterns_of_one_period_join_into_their_union() {
        let crowd = |period: u32, step: u32| -> Vec<Vec<u32>> {
            (0..40)
                .map(|g| (g * 7..period).step_by(step as usize).collect())
                .collect()
        };
        for (period, step) in [(100, 3), (1_000_000, 99_991)] {
            let patterns = crowd(period, step);
            let expected: Vec<u32> = patterns
                .iter()
                .flatten()
                .copied()
                .collect::<std::collections::BTreeSet<u32>>()
                .into_iter()
                .collect();
            let got = union_of(period as usize, patterns.iter().map(Vec::as_slice));
            assert_eq!(got, expected, "period {period}");
        }
    }

    /// Too many agreeing tuples for inclusion–exclusion, and a joint cycle too long to merge every
    /// pattern: the patterns that merge into short unions are joined until two are left, and the
    /// share is exact (taking the rest as independent was off by several points here).
    #[test]
    fn crowded_patterns_that_join_into_two_meet_as_walked() {
        let every = |period: u32, step: u32| (0..period).step_by(step as usize).collect::<Vec<_>>();
        let list = vec![
            (1000, every(1000, 2)),
            (2000, every(2000, 2)),
            (7, vec![0, 3, 5]),
            (9, vec![1, 2, 4, 8]),
        ];
        let patterns: Vec<Phases> = list.iter().map(|(p, ph)| (*p, &ph[..])).collect();
        assert!(
            inclusion_exclusion(&patterns).is_none(),
            "the case must be past the tuple budget"
        );
        let (got, expected) = (f64::from(joint_share(&patterns)), brute_share(&list));
        assert!((got - expected).abs() < 1e-6, "{got} ≠ {expected}");
    }

    /// Periods whose gcd exceeds the residue table (long patrols of one loop length).
    #[test]
    fn patterns_with_a_large_common_period_meet_as_walked() {
        let phases =
            |period: u32, step: u32| (0..period).step_by(step as usize).collect::<Vec<_>>();
        for list in [
            vec![(260, phases(260, 7)), (520, phases(520, 11))],
            vec![
                (300, phases(300, 3)),
                (600, phases(600, 13)),
                (900, phases(900, 17)),
            ],
        ] {
            let patterns: Vec<Phases> = list.iter().map(|(p, ph)| (*p, &ph[..])).collect();
            let (got, expected) = (f64::from(joint_share(&patterns)), brute_share(&list));
            assert!((got - expected).abs() < 1e-6, "{got} ≠ {expected}");
        }
    }
}
