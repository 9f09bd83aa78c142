//! One bot's runs added up ([`Tally`]): how often it was caught and seen, with a 95 % confidence
//! interval ([`Share`], Wilson's score interval: honest for small counts and shares near 0 or 1, where
//! the normal approximation says nonsense), the loot and turns, and where thieves were first seen and
//! caught (per-cell counts, the heat maps).

use serde::Serialize;

use super::bots::BotSpec;
use super::thief::RunResult;
use crate::model::{Cell, Grid, Shape};

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A share of runs with its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// `hits / runs` (0 with no run).
    pub share: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Share {
    /// `hits` of `runs`, with Wilson's score interval.
    pub fn of(hits: usize, runs: usize) -> Share {
        if runs == 0 {
            return Share {
                share: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = runs as f64;
        let p = hits as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Share {
            share: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// One bot's runs on one level, added up.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// The bot and its settings.
    pub spec: BotSpec,
    /// Runs played (a ghost with no route to play plays none).
    pub runs: usize,
    /// Runs in which the thief was caught.
    pub caught: usize,
    /// Runs in which a guard saw the thief.
    pub seen: usize,
    /// Runs in which the thief left the level.
    pub left: usize,
    /// Loot taken over all runs.
    pub loot: usize,
    /// Turns over all runs.
    pub turns: usize,
    /// Per cell: runs whose thief was first seen there.
    pub first_seen: Grid<u32>,
    /// Per cell: runs whose thief was caught there.
    pub caught_at: Grid<u32>,
}

impl Tally {
    /// No run yet of `spec` on a map of `shape`.
    pub fn new(spec: BotSpec, shape: Shape) -> Tally {
        Tally {
            spec,
            runs: 0,
            caught: 0,
            seen: 0,
            left: 0,
            loot: 0,
            turns: 0,
            first_seen: Grid::new(shape, 0),
            caught_at: Grid::new(shape, 0),
        }
    }

    /// Adds one run.
    pub fn add(&mut self, run: &RunResult) {
        self.runs += 1;
        self.caught += usize::from(run.caught);
        self.seen += usize::from(run.seen);
        self.left += usize::from(run.left);
        self.loot += run.loot;
        self.turns += run.turns;
        let count = |grid: &mut Grid<u32>, cell: Option<Cell>| {
            if let Some(n) = cell.and_then(|c| grid.get_mut(c)) {
                *n += 1;
            }
        };
        count(&mut self.first_seen, run.first_seen);
        count(&mut self.caught_at, run.caught_at);
    }

    /// The share of runs caught.
    pub fn caught_share(&self) -> Share {
        Share::of(self.caught, self.runs)
    }

    /// The share of runs seen at least once.
    pub fn seen_share(&self) -> Share {
        Share::of(self.seen, self.runs)
    }

    /// Loot taken per run (0 with no run).
    pub fn mean_loot(&self) -> f64 {
        self.per_run(self.loot)
    }

    /// Turns per run (0 with no run).
    pub fn mean_turns(&self) -> f64 {
        self.per_run(self.turns)
    }

    fn per_run(&self, total: usize) -> f64 {
        if self.runs == 0 {
            0.0
        } else {
            total as f64 / self.runs as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_published_values() {
        // Wilson (1927) as tabulated by Newcombe (1998), Table I: 81/263 → 0.2553–0.3662, 15/148 →
        // 0.0624–0.1605, 0/20 → 0–0.1611.
        let close = |a: f64, b: f64| (a - b).abs() < 5e-4;
        let s = Share::of(81, 263);
        assert!(close(s.low, 0.2553) && close(s.high, 0.3662), "{s:?}");
        let s = Share::of(15, 148);
        assert!(close(s.low, 0.0624) && close(s.high, 0.1605), "{s:?}");
        let s = Share::of(0, 20);
        assert!(close(s.low, 0.0) && close(s.high, 0.1611), "{s:?}");
        assert!(close(Share::of(0, 0).high, 1.0));
    }
}
