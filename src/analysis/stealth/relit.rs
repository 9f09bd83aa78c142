//! The guards' timelines on the game's real timeline (`stealth-rules.md` §7 Step 0, §4.9): the
//! undisturbed guards replayed turn by turn with torch relighting, each cut into a lead-in and a lap
//! that repeats from then on, and the placed torches' light in epochs, one per turn a torch was relit.
//!
//! §4.9 says that after its last relighting episode each guard is periodic again with its own period of
//! §4.2, phase-shifted. That is checked here, not assumed: the replay runs until every torch it will
//! light is lit and every guard has walked two more of the longest periods, and a guard's lap starts
//! at the first turn from which its cell and facing repeat with its period to the end of the replay.
//! A guard never steps onto a cell an earlier guard has just taken (§4.3), so where two guards' laps
//! would meet some day (`laps.rs`) the replay goes on with all of them together, and the guards
//! it pushes off their own laps follow it.

use super::cells::{CellRules, CellSet};
use super::laps::{Lap, joint_lap, laps_meet};
use super::light::{TORCH_RADIUS2, cast, torch_light};
use super::timeline::{GuardTimeline, guard_timelines, route_period};
use super::undisturbed::{Alone, Guards, Mode, Relight, TorchRules};
use crate::model::{Cell, Dir, Level};

/// Turns the replay may run past its first two longest periods while torches are still being relit
/// (the longest measured transient is 120 turns, §4.9; periods reach about 300).
const MAX_REPLAY_TURNS: usize = 2_000;
/// Guard-turn work of the replay (each guard's step compares with the guards that have acted, and
/// torch spotting with the unlit torches): crowded hostile files replay fewer turns, and guards whose
/// periods do not fit twice fall back to the closed form of §4.2.
const MAX_REPLAY_WORK: usize = 8 << 20;
/// Turns the replay goes on jointly past its end when some guards' laps would meet (§4.3): the guards
/// it pushes off their own laps repeat its joint cycle when that shows twice within these turns, else
/// these turns stand for their cycle. A meeting first due later than this is not played.
const JOINT_WINDOW: usize = 4_096;

/// The guards' timelines with relighting, and the torches the replay lit.
#[derive(Clone, Debug)]
pub struct RelitTimelines {
    /// Per guard with a route, in list order: a lead-in and one lap (see [`GuardTimeline::lead_in`]).
    pub timelines: Vec<GuardTimeline>,
    /// The torches lit by guards, in the order they were lit.
    pub relit: Vec<Relight>,
    /// A turn from which every guard walks its lap and no torch changes any more: the settled regime
    /// of §7 (b).
    pub settle: usize,
}

/// The placed torches' light over time: one lit set per turn on which the set of burning torches
/// changed (turn 0 the torches as placed), so that turn `t` takes the last epoch starting at or before
/// `t`. Relights are few (a handful per mansion), so this is a few sets, not one per turn.
#[derive(Clone, Debug)]
pub struct TorchEpochs {
    /// `(first turn, light of the torches burning from then on)`, turns ascending, the first at 0.
    pub epochs: Vec<(usize, CellSet)>,
}

impl TorchEpochs {
    /// The epochs of `level`'s torches: placed lit ones from turn 0, and each one in `relit` from the
    /// end of the turn it was lit (a conservative bound within that turn: guards that acted before the
    /// relight saw it dark, §2.3).
    pub fn new(rules: &CellRules, relit: &[Relight]) -> Self {
        let mut epochs = vec![(0, torch_light(rules, &rules.torches_lit))];
        for r in relit {
            let mut lit = epochs[epochs.len() - 1].1.clone();
            cast(rules, r.cell, TORCH_RADIUS2).add_to(&mut lit);
            match epochs.last_mut() {
                Some((turn, last)) if *turn == r.turn => *last = lit,
                _ => epochs.push((r.turn, lit)),
            }
        }
        TorchEpochs { epochs }
    }

    /// The placed torches' light at the end of turn `t`.
    pub fn at(&self, t: usize) -> &CellSet {
        let i = self.epochs.partition_point(|(from, _)| *from <= t);
        &self.epochs[i.saturating_sub(1)].1
    }

    /// The light as generated: the torches placed lit (turn 0).
    pub fn as_generated(&self) -> &CellSet {
        &self.epochs[0].1
    }

    /// The settled light: every torch the replay relit is lit too.
    pub fn settled(&self) -> &CellSet {
        &self.epochs[self.epochs.len() - 1].1
    }
}

/// Every guard with a route of `level` (whose cell rules are `cells`), replayed with torch relighting
/// (§7 Step 0) and cut into lead-in and lap.
/// Periods beyond `max_period` (only a hostile file has them) are cut there, and a guard whose period
/// does not fit twice into the replay the budget allows keeps the closed form of §4.2.
pub fn relit_timelines(level: &Level, cells: &CellRules, max_period: usize) -> RelitTimelines {
    let rules = TorchRules::GAME_2023;
    let mut guards = Guards::with_rules(level, cells.clone());
    let periods: Vec<usize> = guards
        .states
        .iter()
        .map(|s| {
            let route = &level.patrols[level.guards[s.guard].route];
            route_period(route.cells.len(), route.loops())
                .min(max_period)
                .max(1)
        })
        .collect();
    let count = guards.states.len();
    let longest = periods.iter().copied().max().unwrap_or(1);
    let work = count.max(1) * (count + guards.torches.len() + 1);
    let limit = (MAX_REPLAY_WORK / work).min(MAX_REPLAY_TURNS + 2 * longest + 1);
    let mut steps: Vec<Vec<(Cell, Dir)>> = guards
        .states
        .iter()
        .map(|s| vec![(s.cell, s.looked)])
        .collect();
    let mut relit = Vec::new();
    let mut target = 2 * longest + 1;
    let mut t = 0;
    // Whether the guards may be walked on their own to the end (see `Guards::play_alone`): once they
    // would meet, not again before a guard is busy or a torch is lit, which the turns must then show.
    let mut alone = true;
    while t < target.min(limit) {
        if alone {
            match guards.play_alone(&rules, level, target.min(limit) - t, &mut steps) {
                Alone::Played => break,
                Alone::Meets => alone = false,
                Alone::NotReady => {}
            }
        }
        t += 1;
        let lit = guards.play_turn(&rules, level, t);
        let busy = guards.states.iter().any(|s| s.mode != Mode::Patrol);
        if !lit.is_empty() || busy {
            target = target.max(t + 2 * longest + 1);
            alone = true;
        }
        relit.extend(lit);
        record_turn(&mut steps, &guards);
    }
    let short = steps
        .first()
        .is_some_and(|record| record.len() < 2 * longest + 1);
    // Only a hostile file's guards are cut short: then the closed form stands in for them.
    let closed = if short {
        guard_timelines(level, max_period)
    } else {
        Vec::new()
    };
    // A replay cut short by the budget is not played on either.
    let window = if short {
        0
    } else {
        (MAX_REPLAY_WORK / work)
            .saturating_sub(steps.first().map_or(0, Vec::len))
            .min(JOINT_WINDOW)
    };
    let (own, end) =
        play_on_where_laps_meet(&mut guards, level, &mut steps, &mut relit, &periods, window);
    let timelines: Vec<GuardTimeline> = guards
        .states
        .iter()
        .zip(steps)
        .zip(&periods)
        .enumerate()
        .map(|(g, ((s, mut record), &period))| {
            if record.len() < 2 * period + 1
                && let Some(tl) = closed.iter().find(|tl| tl.guard == s.guard)
            {
                return tl.clone();
            }
            let lap = joint_lap(&record, own[g], end);
            record.truncate(lap.lead_in + lap.period);
            GuardTimeline {
                guard: s.guard,
                carries_torch: level.guards[s.guard].carries_torch,
                period: lap.period,
                lead_in: lap.lead_in,
                steps: record,
            }
        })
        .collect();
    let last_relight = relit.last().map_or(0, |r: &Relight| r.turn);
    let settle = timelines
        .iter()
        .map(|tl| tl.lead_in)
        .max()
        .unwrap_or(0)
        .max(last_relight);
    RelitTimelines {
        timelines,
        relit,
        settle,
    }
}

/// Appends each guard's cell and facing at this turn's sight test to its record.
fn record_turn(steps: &mut [Vec<(Cell, Dir)>], guards: &Guards) {
    for (record, s) in steps.iter_mut().zip(&guards.states) {
        record.push((s.cell, s.looked));
    }
}

/// Each guard's own lap in the replay so far (`steps`, all as long), and the last turn of that replay.
/// Where the laps would put two guards on one cell some day, the later one would be held up or pushed
/// aside there (§4.3) and rejoin its route phase-shifted: then the guards are played on together for
/// `window` more turns (at least two of the longest periods), whose records show which guards were
/// pushed and the laps they walk instead ([`joint_lap`]).
fn play_on_where_laps_meet(
    guards: &mut Guards,
    level: &Level,
    steps: &mut [Vec<(Cell, Dir)>],
    relit: &mut Vec<Relight>,
    periods: &[usize],
    window: usize,
) -> (Vec<Lap>, usize) {
    let own: Vec<Lap> = steps
        .iter()
        .zip(periods)
        .map(|(record, &period)| Lap::of(record, period))
        .collect();
    let end = steps.first().map_or(0, |record| record.len() - 1);
    let walks: Vec<(&[(Cell, Dir)], Lap)> = steps
        .iter()
        .map(Vec::as_slice)
        .zip(own.iter().copied())
        .collect();
    let longest = periods.iter().copied().max().unwrap_or(1);
    if window >= 2 * longest && laps_meet(&walks) {
        let rules = TorchRules::GAME_2023;
        for turn_no in end + 1..=end + window {
            relit.extend(guards.play_turn(&rules, level, turn_no));
            record_turn(steps, guards);
        }
    }
    (own, end)
}
