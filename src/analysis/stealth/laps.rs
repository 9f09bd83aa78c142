//! Where a guard's motion starts to repeat, and whether guards walking their laps ever meet
//! (`stealth-rules.md` §4.3, §4.7, §7 Step 0).
//!
//! A guard does not step onto the cell a guard listed before it has taken this turn (§4.3). Two guards
//! on their laps, with periods `P` and `Q`, stand on one cell at one turn some day exactly when some
//! cell is the first's at a turn `a` of its lap and the second's at a turn `b` of its own with
//! `a ≡ b (mod gcd(P, Q))` (the Chinese remainder theorem): so whether a pair ever meets is known from
//! their laps alone, without walking their joint cycle. Where some pair does, the relit replay goes on
//! jointly ([`super::relit`]) and the guards it pushes off their own laps take their laps from it.

use std::collections::HashSet;

use super::share::gcd;
use crate::model::{Cell, Dir};

/// A guard's lap on the timeline: from turn `lead_in` on its steps repeat every `period` turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lap {
    /// The first turn of the lap.
    pub lead_in: usize,
    /// Its length in turns.
    pub period: usize,
}

impl Lap {
    /// The lap of `steps` with `period` ([`lap_start`]).
    pub fn of(steps: &[(Cell, Dir)], period: usize) -> Lap {
        Lap {
            lead_in: lap_start(steps, period),
            period,
        }
    }

    /// Whether `steps` keep repeating with this lap to their end.
    pub fn holds(&self, steps: &[(Cell, Dir)]) -> bool {
        (self.lead_in + self.period..steps.len()).all(|t| steps[t] == steps[t - self.period])
    }
}

/// The first turn from which `steps` repeat with `period` to the end of the record, if the repeat holds
/// over at least one whole period; else the start of the record's last period (a guard that never
/// settles, say one that keeps trying to reach a torch it cannot: its last lap stands for the rest).
pub(super) fn lap_start(steps: &[(Cell, Dir)], period: usize) -> usize {
    let checked = steps.len().saturating_sub(period);
    let start = (0..checked)
        .rev()
        .find(|&t| steps[t] != steps[t + period])
        .map_or(0, |t| t + 1);
    if checked - start >= period {
        start
    } else {
        checked
    }
}

/// Whether any two of the guards, each walking `steps` (its record) with its `lap` for ever, stand on
/// one cell at one turn some day.
pub(super) fn laps_meet(walks: &[(&[(Cell, Dir)], Lap)]) -> bool {
    let cells: Vec<HashSet<Cell>> = walks
        .iter()
        .map(|(steps, lap)| lap_cells(steps, *lap).map(|(c, _)| c).collect())
        .collect();
    (0..walks.len())
        .any(|h| (0..h).any(|g| !cells[g].is_disjoint(&cells[h]) && pair_meets(walks[g], walks[h])))
}

/// The cells of a lap with the turn each is taken at, in lap order.
fn lap_cells(steps: &[(Cell, Dir)], lap: Lap) -> impl Iterator<Item = (Cell, usize)> + '_ {
    (lap.lead_in..lap.lead_in + lap.period).map(|t| (steps[t].0, t))
}

/// Whether the two laps put their guards on one cell at one turn: a cell taken at turn `a` of the
/// first lap and turn `b` of the second with `a ≡ b (mod gcd(P, Q))`.
fn pair_meets(
    (steps_g, lap_g): (&[(Cell, Dir)], Lap),
    (steps_h, lap_h): (&[(Cell, Dir)], Lap),
) -> bool {
    let m = gcd(lap_g.period.max(1) as u128, lap_h.period.max(1) as u128) as usize;
    let taken: HashSet<(Cell, usize)> =
        lap_cells(steps_h, lap_h).map(|(c, t)| (c, t % m)).collect();
    lap_cells(steps_g, lap_g).any(|(c, t)| taken.contains(&(c, t % m)))
}

/// The lap of a guard the joint replay may have pushed off its own: `steps` run `window` turns past
/// turn `end`, and its own lap is `own`. Its own lap if that holds to the end of the record; else the
/// shortest multiple of its own period with which the record repeats over the whole window (two laps at
/// least: the joint cycle of the guards it meets); else the window itself stands for the cycle.
pub(super) fn joint_lap(steps: &[(Cell, Dir)], own: Lap, end: usize) -> Lap {
    if own.holds(steps) {
        return own;
    }
    let window = steps.len() - 1 - end;
    let own_period = own.period.max(1);
    (own_period..=window / 2)
        .step_by(own_period)
        .find(|&p| (end + 1 + p..steps.len()).all(|t| steps[t] == steps[t - p]))
        .map_or(
            Lap {
                lead_in: end + 1,
                period: window,
            },
            |period| Lap {
                lead_in: lap_start(steps, period).min(end + 1),
                period,
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(xs: &[i32]) -> Vec<(Cell, Dir)> {
        xs.iter().map(|&x| (Cell::new(x, 0), Dir::E)).collect()
    }

    #[test]
    fn the_lap_starts_where_the_steps_begin_to_repeat() {
        let steps = walk(&[9, 8, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
        assert_eq!(lap_start(&steps, 3), 2);
        // Repeating over less than a period: the last period stands for the rest.
        let short = walk(&[9, 8, 7, 1, 2, 1]);
        assert_eq!(lap_start(&short, 2), 4);
    }

    #[test]
    fn laps_meet_only_at_turns_their_periods_share() {
        // Periods 2 and 4 (gcd 2): cell 5 at even turns of the first; of the second at turn 1 mod 4
        // (never together), then at turn 2 mod 4 (together at turns 2, 6, …).
        let first = walk(&[5, 6, 5, 6]);
        let apart = walk(&[7, 5, 8, 9]);
        let together = walk(&[7, 8, 5, 9]);
        let lap = |period| Lap { lead_in: 0, period };
        assert!(!laps_meet(&[(&first, lap(2)), (&apart, lap(4))]));
        assert!(laps_meet(&[(&first, lap(2)), (&together, lap(4))]));
        // Coprime periods meet wherever they share a cell.
        let third = walk(&[7, 5, 8]);
        assert!(laps_meet(&[(&first, lap(2)), (&third, lap(3))]));
    }

    #[test]
    fn a_pushed_guard_takes_the_joint_cycle_or_the_whole_window() {
        // Own period 2 (cells 1, 2), pushed to cell 9 every sixth turn from turn 4 on: the joint cycle
        // is 6, a multiple of its period, over the window after turn 3.
        let mut xs = vec![1, 2, 1, 2];
        for _ in 0..4 {
            xs.extend([9, 2, 1, 2, 1, 2]);
        }
        let steps = walk(&xs);
        let own = Lap {
            lead_in: 0,
            period: 2,
        };
        assert_eq!(joint_lap(&steps, own, 3).period, 6);
        // Pushed once only: nothing repeats over the window, which stands for the cycle.
        let mut once = walk(&[1, 2, 1, 2, 9]);
        once.extend(walk(&[2, 1, 2, 1, 2, 1, 2, 1]));
        assert_eq!(
            joint_lap(&once, own, 3),
            Lap {
                lead_in: 4,
                period: once.len() - 4
            }
        );
        // Never pushed: its own lap.
        assert_eq!(joint_lap(&walk(&[1, 2, 1, 2, 1, 2]), own, 3), own);
    }
}
