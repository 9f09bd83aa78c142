//! The undisturbed turn when the guards cannot meet: every guard patrolling on its route, none blocking
//! another's step and none spotting a torch. Then a turn is each guard's own forced step (§4.3: the goal
//! is its next route cell with field value 0), its window facing (§3.2 (3)) and nothing else, so each
//! guard can be walked on its own, and once its state repeats after a period it repeats for good. The
//! replay of the relit timelines ends with many such turns (§4.9: two of the longest periods after the
//! last relight), which this walks guard by guard instead of turn by turn.

use crate::analysis::stealth::sight::turn;
use crate::model::limits::route_period;
use crate::model::{Cell, Dir, Level};

use super::guards::Guards;
use super::spot::Unlit;
use super::state::{GuardState, Mode, TorchRules};
use super::walk::advance;

/// What came of [`Guards::play_alone`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alone {
    /// Some guard is not patrolling on its route: the turn must be played.
    NotReady,
    /// Within the turns asked for, some guard would leave its route, block another or spot a torch:
    /// the turns must be played.
    Meets,
    /// The turns were played, their steps recorded and the guards left after the last of them.
    Played,
}

/// One guard's state between turns as far as its own walk is concerned.
type Walk = (Cell, Dir, usize, bool);

impl Guards {
    /// Plays the next `turns` turns for every guard on its own when that is what the turn loop
    /// ([`Guards::play_turn`]) would do, appending each guard's cell and facing at its sight test to
    /// `records` (one per guard of [`Guards::states`]). Leaves everything as it was unless it answers
    /// [`Alone::Played`].
    pub fn play_alone(
        &mut self,
        rules: &TorchRules,
        level: &Level,
        turns: usize,
        records: &mut [Vec<(Cell, Dir)>],
    ) -> Alone {
        if turns == 0 {
            return Alone::Played;
        }
        let on_route = |s: &GuardState| {
            s.mode == Mode::Patrol
                && level.patrols[level.guards[s.guard].route].cells[s.index] == s.cell
        };
        if !self.states.iter().all(on_route) {
            return Alone::NotReady;
        }
        let unlit = Unlit::of(&self.torches);
        // A guard that can spot a torch from its route will, once it has walked a period: found
        // before any guard is walked, so that the turns the loop must play are not walked first.
        let cutoff = rules.spotting_cutoff;
        for s in &self.states {
            for &c in &level.patrols[level.guards[s.guard].route].cells {
                let spotted =
                    self.spotting
                        .spot(&self.ground, level, &self.torches, &unlit, c, cutoff);
                if spotted.is_some() {
                    return Alone::Meets;
                }
            }
        }
        let mut walks = Vec::with_capacity(self.states.len());
        for g in 0..self.states.len() {
            match self.walk_alone(g, cutoff, level, &unlit, turns) {
                Some(walk) => walks.push(walk),
                None => return Alone::Meets,
            }
        }
        // An earlier guard on the cell a guard steps to (or stands on) would block it (§4.3); only
        // guards whose routes share a cell can meet.
        let shared = self.shared_routes(level);
        for (g, (steps, _)) in walks.iter().enumerate() {
            for (h, (earlier, _)) in walks[..g].iter().enumerate() {
                if shared.contains(&(h, g)) && steps.iter().zip(earlier).any(|(a, b)| a.0 == b.0) {
                    return Alone::Meets;
                }
            }
        }
        let mut light = None;
        for (g, (steps, (cell, facing, index, reverse))) in walks.into_iter().enumerate() {
            let state = &mut self.states[g];
            // The light of the last turn (§2.3): no torch is relit, so only moving carriers recast it.
            if level.guards[state.guard].carries_torch && cell != state.cell_before(&steps) {
                light = Some(g + 1);
            }
            state.looked = steps.last().map_or(state.looked, |s| s.1);
            (state.cell, state.facing, state.index, state.reverse) = (cell, facing, index, reverse);
            state.light = light;
            records[g].extend(steps);
        }
        Alone::Played
    }

    /// The pairs `(h, g)`, `h < g`, of guards (indices into [`Guards::states`]) whose routes share a
    /// cell.
    fn shared_routes(&self, level: &Level) -> Vec<(usize, usize)> {
        let mut cells: Vec<(i32, i32, usize)> = self
            .states
            .iter()
            .enumerate()
            .flat_map(|(g, s)| {
                let route = &level.patrols[level.guards[s.guard].route].cells;
                route.iter().map(move |c| (c.x, c.y, g))
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let mut shared = Vec::new();
        for (i, &(x, y, g)) in cells.iter().enumerate() {
            for &(_, _, h) in cells[..i].iter().rev().take_while(|c| (c.0, c.1) == (x, y)) {
                shared.push((h, g));
            }
        }
        shared.sort_unstable();
        shared.dedup();
        shared
    }

    /// Guard `g`'s next `turns` turns on its own: its steps (cell, and facing at the sight test) and
    /// its state after the last, or `None` when it could not take its forced step or would spot one of
    /// the torches `unlit` (with the spotting cutoff `cutoff`).
    fn walk_alone(
        &mut self,
        g: usize,
        cutoff: i32,
        level: &Level,
        unlit: &Unlit,
        turns: usize,
    ) -> Option<(Vec<(Cell, Dir)>, Walk)> {
        let s = &self.states[g];
        let route = &level.patrols[level.guards[s.guard].route];
        let (cells, loops) = (&route.cells, route.loops());
        let period = route_period(cells.len(), loops).max(1);
        let mut walks: Vec<Walk> = vec![(s.cell, s.facing, s.index, s.reverse)];
        let mut steps = Vec::with_capacity(turns);
        while steps.len() < turns {
            let m = steps.len();
            if m >= period && walks[m] == walks[m - period] {
                // Its state repeats: so does everything after it.
                for j in m..turns {
                    steps.push(steps[j - period]);
                }
                let last = m - period + (turns - (m - period)) % period;
                return Some((steps, walks[last]));
            }
            let (from, mut facing, index, reverse) = walks[m];
            let (index, reverse) = advance(cells.len(), loops, index, reverse);
            let goal = cells[index];
            if !(goal == from || from.chebyshev_adjacent(goal))
                || !self.ground.may_enter(from, goal, &[][..])
            {
                return None;
            }
            if goal != from {
                facing = turn(facing, (goal.x - from.x, goal.y - from.y));
            }
            steps.push((goal, facing));
            let spotted =
                self.spotting
                    .spot(&self.ground, level, &self.torches, unlit, goal, cutoff);
            if spotted.is_some() {
                return None;
            }
            if goal == from
                && let Some(out) = self.ground.window_facing(level, goal)
            {
                facing = out;
            }
            walks.push((goal, facing, index, reverse));
        }
        Some((steps, walks[turns]))
    }
}

impl GuardState {
    /// The cell this guard stood on before the last of `steps`, which start from its cell now.
    fn cell_before(&self, steps: &[(Cell, Dir)]) -> Cell {
        match steps {
            [.., before, _] => before.0,
            _ => self.cell,
        }
    }
}
