//! Where every guard is and which way it faces at each turn (`stealth-rules.md` §3.2, §4.1–§4.2).
//!
//! Under the strict-ghost definition no guard ever perceives the thief, so each guard walks its route
//! undisturbed: a loop with period `n`, or forward and back with period `2(n − 1)`, repeated cells being
//! pauses. Facing starts toward the first step, turns toward each step taken, and a guard standing still
//! next to a window turns to look out of it. This closed form ([`guard_timelines`]) is exact only for
//! guards that never relight a torch (§7 Step 0); the analysis takes its timelines from the replay with
//! relighting ([`super::relit`]), and the closed form stands in only for guards whose periods a hostile
//! file makes too long to replay. Guard–guard blocking (§4.3), which pushes guards off their laps
//! where two patrols cross at the wrong moment, is not modelled here (the replay models it).

use super::sight::turn;
use crate::model::{Cell, Dir, Level, Terrain};

/// One guard's position and facing after each turn, over `steps.len()` turns from turn 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardTimeline {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// Whether the guard carries a torch, lighting radius² 15 around its cell wherever it walks
    /// (stealth rules §2.1): its timeline then moves light as well as sight.
    pub carries_torch: bool,
    /// Turns after which the guard is back where it was and facing the same way, once on its lap.
    pub period: usize,
    /// Turns before its lap starts (`τ` of §7 Step 0): from turn `lead_in` on, `steps` repeat with
    /// `period`. The relighting transient, and the first turns whose facing differs from the lap's.
    pub lead_in: usize,
    /// `steps[t]`: the guard's cell after turn `t` and its facing at that turn's sight test (turn 0 is
    /// the start, before anyone acts): the lead-in, then at least one lap.
    pub steps: Vec<(Cell, Dir)>,
}

impl GuardTimeline {
    /// Position and facing at turn `t`; past the simulated turns the motion repeats with its period.
    pub fn at(&self, t: usize) -> (Cell, Dir) {
        self.steps[self.step_of(t)]
    }

    /// The index into `steps` that stands for turn `t`: past the simulated turns, the last `period`
    /// of them are one steady cycle (the lap).
    pub fn step_of(&self, t: usize) -> usize {
        let len = self.steps.len();
        if t < len {
            return t;
        }
        let start = len - self.period.min(len);
        start + (t - start) % self.period.max(1)
    }
}

/// The index into a route of `n` cells after turn `t` (§4.2).
pub fn route_index(n: usize, loops: bool, t: usize) -> usize {
    if n <= 1 {
        0
    } else if loops {
        t % n
    } else {
        let r = t % (2 * (n - 1));
        if r < n { r } else { 2 * (n - 1) - r }
    }
}

pub use crate::model::limits::route_period;

/// The window a guard standing at `c` turns to look out of, checked W, E, S, N (§3.2 (3)). Public so
/// that the turn loop (`crate::play`) turns its standing guards by the same rule.
pub fn window_facing(level: &Level, c: Cell) -> Option<Dir> {
    [Dir::W, Dir::E, Dir::S, Dir::N].into_iter().find(|&d| {
        let (dx, dy) = d.delta();
        level.terrain(c.offset(dx, dy)) == Terrain::Window(d)
    })
}

/// Every guard with a route in the closed form of §4.2 (no relighting), simulated for two of its
/// periods and a turn: the first period and turn are the lead-in that settles its facing, the second
/// period is the steady cycle that repeats from then on (periods beyond `max_period` are cut there:
/// only a hostile file has them).
pub fn guard_timelines(level: &Level, max_period: usize) -> Vec<GuardTimeline> {
    level
        .guards
        .iter()
        .enumerate()
        .filter_map(|(i, guard)| {
            let route = level.patrols.get(guard.route)?;
            let cells = &route.cells;
            let first = *cells.first()?;
            let loops = route.loops();
            let n = cells.len();
            let period = route_period(n, loops).min(max_period);
            let len = 2 * period + 1;
            let next = cells[route_index(n, loops, 1)];
            let mut dir = turn(Dir::E, (next.x - first.x, next.y - first.y));
            let mut steps = Vec::with_capacity(len);
            steps.push((first, dir));
            let mut here = first;
            for t in 1..len {
                let there = cells[route_index(n, loops, t)];
                if there == here {
                    // Standing still: the window facing of the previous turn now applies.
                    steps.push((here, dir));
                } else {
                    dir = turn(dir, (there.x - here.x, there.y - here.y));
                    steps.push((there, dir));
                }
                if there == here
                    && let Some(out) = window_facing(level, here)
                {
                    dir = out;
                }
                here = there;
            }
            Some(GuardTimeline {
                guard: i,
                carries_torch: guard.carries_torch,
                period,
                lead_in: len - period,
                steps,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ping_pong_routes_turn_at_the_ends_and_loops_wrap() {
        let n = 4;
        let walked: Vec<usize> = (0..8).map(|t| route_index(n, false, t)).collect();
        assert_eq!(walked, [0, 1, 2, 3, 2, 1, 0, 1]);
        assert_eq!(route_period(n, false), 6);
        let looped: Vec<usize> = (0..6).map(|t| route_index(n, true, t)).collect();
        assert_eq!(looped, [0, 1, 2, 3, 0, 1]);
        assert_eq!(route_period(1, false), 1);
    }
}
