//! The undisturbed timeline recorded turn by turn (`stealth-rules.md` §7 Step 0): each guard's cell
//! and facing, the light its sight test used, and every torch relit.

use crate::analysis::stealth::cells::{CellRules, CellSet};
use crate::analysis::stealth::light::{CARRIED_RADIUS2, cast, torch_light};
use crate::model::{Cell, Dir, ItemKind, Level};

use super::guards::Guards;
use super::state::{Relight, TorchRules};

/// One guard's record in a [`GuardReplay`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardSteps {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// `steps[t]`: its cell after turn `t` and its facing at that turn's sight test, turn 0 the start —
    /// the layout of the analysis's `GuardTimeline::steps`, so that the two can be compared.
    pub steps: Vec<(Cell, Dir)>,
    /// `light[t]`: which light its sight test of turn `t` used, since the original recomputes lighting
    /// only at certain moments (§2.3): `Some(k)` the light cast right after the first `k` guards of
    /// [`Guards::states`] had acted in turn `t` (a torch carrier that moved, or a guard that relit a
    /// torch, recasts it), `None` the light of the end of turn `t − 1` (of generation for `t` ≤ 1).
    /// [`GuardReplay::light_at`] casts it.
    pub light: Vec<Option<usize>>,
}

/// The result of [`replay`]: where each guard was and which way it looked, turn by turn, which light it
/// looked in, and when each torch was lit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardReplay {
    /// Per guard with a route, in list order (as [`Guards::states`]).
    pub guards: Vec<GuardSteps>,
    /// The torches lit by guards, in the order they were lit.
    pub relit: Vec<Relight>,
}

impl GuardReplay {
    /// The lit cells as the original had them cast in turn `turn` after the first `acted` guards had
    /// acted (`None`: at the end of turn `turn − 1`), with the `lit` flag's sources of §2.1: every lit
    /// torch (placed lit, or relit by then) and every torch carrier at its cell of that moment. `turn`
    /// must be within the replayed turns.
    pub fn light_at(&self, level: &Level, turn: usize, acted: Option<usize>) -> CellSet {
        let (turn, acted) = match acted {
            Some(k) => (turn, k),
            None => (turn.saturating_sub(1), self.guards.len()),
        };
        let rank = |guard: usize| self.guards.iter().position(|g| g.guard == guard);
        let relit_by_then = |item: usize| {
            self.relit.iter().any(|r| {
                r.item == item && (r.turn < turn || (r.turn == turn && rank(r.guard) < Some(acted)))
            })
        };
        let torches: Vec<Cell> = level
            .items
            .iter()
            .enumerate()
            .filter(|(i, it)| it.kind == ItemKind::TorchLit || relit_by_then(*i))
            .map(|(_, it)| it.cell)
            .collect();
        let rules = CellRules::new(level);
        let mut lit = torch_light(&rules, &torches);
        for (k, g) in self.guards.iter().enumerate() {
            if level.guards[g.guard].carries_torch {
                let when = if k < acted {
                    turn
                } else {
                    turn.saturating_sub(1)
                };
                cast(&rules, g.steps[when].0, CARRIED_RADIUS2).add_to(&mut lit);
            }
        }
        lit
    }
}

/// Plays `turns` undisturbed turns of `level` under `rules` and records every guard's cell and facing
/// after each, and every torch relit (§7 Step 0). Deterministic: no random draw is involved (§4.5).
pub fn replay(rules: &TorchRules, level: &Level, turns: usize) -> GuardReplay {
    let mut guards = Guards::new(level);
    let mut records: Vec<GuardSteps> = guards
        .states
        .iter()
        .map(|s| GuardSteps {
            guard: s.guard,
            steps: vec![(s.cell, s.looked)],
            light: vec![None],
        })
        .collect();
    let mut relit = Vec::new();
    for t in 1..=turns {
        relit.extend(guards.play_turn(rules, level, t));
        for (record, s) in records.iter_mut().zip(&guards.states) {
            record.steps.push((s.cell, s.looked));
            record.light.push(s.light);
        }
    }
    GuardReplay {
        guards: records,
        relit,
    }
}
