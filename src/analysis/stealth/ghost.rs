//! Ghost routes (`stealth-rules.md` §7 (c)): from the player start, take one piece of loot and get back
//! out, never ending a turn where a guard would notice the thief.
//!
//! The search runs over cell × turn as whole sets of cells: `R[t + 1] = moves(R[t]) ∖ unsafe[t + 1]`,
//! one shift per direction. The sets of the first leg (start → anywhere) are shared by every loot item;
//! each item then sweeps its second leg (loot → out) until the first exit. A route that must be noticed
//! is found the same way with layers `k` = "noticed in at most k turns" (seen, or a creak heard).

use super::cells::{CellRules, CellSet, DIRS};
use crate::model::Cell;

/// What makes a cell unsafe to end turn `t` in.
#[derive(Clone, Debug)]
pub(crate) struct TurnHazards {
    /// Never allowed: a guard's cell before it moves (the move is cancelled) and the cells guards move
    /// into (a bump).
    pub blocked: CellSet,
    /// Watched by a guard at its sight test.
    pub watched: CellSet,
    /// Creaky boards within earshot of a guard: a move may not end there (waiting is silent).
    pub noisy: Option<CellSet>,
}

/// One route: the thief's cell at each turn from 0, and in how many turns a guard would notice the
/// thief (ending the turn in a watched cell, or a creak heard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// `path[t]` is the thief's cell after turn `t`: the player start at 0, the loot somewhere along
    /// it, an exit (the outside or the start) at the end. A repeated cell is a turn spent waiting.
    pub path: Vec<Cell>,
    /// Turns in which a guard notices the thief: 0 for a ghost route.
    pub watched_steps: usize,
    /// The turns `t ≥ 1` in which a guard notices the thief (`watched_steps` of them).
    pub noticed_turns: Vec<usize>,
    /// Set when the route takes its loot by bumping the loot's cell ([`CellRules::taken_by_bump`]):
    /// the path stays put that turn, and the move played is a step toward the loot.
    pub bump: Option<Bump>,
}

/// A turn spent bumping the loot's cell from beside it, which takes the loot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bump {
    /// The turn `t ≥ 1` of the bump: `path[t] == path[t − 1]`, a cardinal neighbour of `loot`.
    pub turn: usize,
    /// The loot's cell.
    pub loot: Cell,
}

/// The search over one level's hazards.
pub(crate) struct Search<'a> {
    /// Where the thief may stand, step and leap.
    pub rules: &'a CellRules,
    /// `hazards[t]` for turns `1..`; index 0 is unused.
    pub hazards: &'a [TurnHazards],
    /// The player start, the only cell of turn 0.
    pub start: Cell,
    /// Where a route may end once it has the loot.
    pub exits: &'a CellSet,
}

/// Sets per turn and per watched-step budget: `layers[t][k]`.
pub(crate) type Layers = Vec<Vec<CellSet>>;

/// The first turn at which the first leg reaches `loot` or a cell next to it (from which a leap passes
/// over it): the loot cannot be taken before, so the second leg's sweep starts there.
fn first_near(first: &Layers, loot: Cell) -> Option<usize> {
    let near = |c: Cell| std::iter::once(c).chain(c.neighbours4());
    first.iter().position(|layers| {
        layers
            .last()
            .is_some_and(|widest| near(loot).any(|c| widest.contains(c)))
    })
}

/// The cells from which the thief takes `loot` by bumping it: its standable cardinal neighbours, when
/// its cell is one the rules loot on a bump.
pub(super) fn bump_cells(rules: &CellRules, loot: Cell) -> impl Iterator<Item = Cell> + '_ {
    let bumped = rules.taken_by_bump.contains(loot);
    loot.neighbours4()
        .into_iter()
        .filter(move |&n| bumped && rules.standable.contains(n))
}

impl Search<'_> {
    fn turns(&self) -> usize {
        self.hazards.len().saturating_sub(1)
    }

    /// Cells reachable from `from` by one step or leap, before any hazard (landings only).
    fn moves(&self, from: &CellSet) -> CellSet {
        let mut out = CellSet::empty(from.shape());
        self.rules.moves_into(from, &mut out);
        out
    }

    /// Layer `k` at turn `t` from the layers of turn `t − 1`: moves and waits, never onto blocked
    /// cells. A landing where a guard would notice the thief — a watched cell, or a move onto a creaky
    /// board a guard hears — costs one from the budget.
    fn advance(&self, prev: &[CellSet], t: usize) -> Vec<CellSet> {
        let hz = &self.hazards[t];
        if let [p] = prev {
            return vec![self.advance_unnoticed(p, hz)];
        }
        // Per budget: quiet landings (waits included) and heard ones.
        let mut landed: Vec<(CellSet, Option<CellSet>)> = prev
            .iter()
            .map(|p| {
                let mut quiet = self.moves(p);
                let heard = hz.noisy.as_ref().map(|noisy| {
                    let mut heard = quiet.clone();
                    heard.intersect_with(noisy);
                    heard.subtract(&hz.blocked);
                    quiet.subtract(noisy);
                    heard
                });
                quiet.union_with(p);
                quiet.subtract(&hz.blocked);
                (quiet, heard)
            })
            .collect();
        // From the widest budget down, so that each layer's own landings can be moved, not copied.
        let mut layers: Vec<CellSet> = (0..landed.len())
            .rev()
            .map(|k| {
                let mut unnoticed = std::mem::take(&mut landed[k].0);
                unnoticed.subtract(&hz.watched);
                if k > 0 {
                    let (quiet, heard) = &landed[k - 1];
                    unnoticed.union_with_both(quiet, &hz.watched);
                    if let Some(heard) = heard {
                        unnoticed.union_with(heard);
                    }
                }
                unnoticed
            })
            .collect();
        layers.reverse();
        layers
    }

    /// [`Search::advance`] with no budget (a ghost route).
    fn advance_unnoticed(&self, prev: &CellSet, hz: &TurnHazards) -> CellSet {
        let mut next = CellSet::empty(prev.shape());
        self.advance_unnoticed_into(prev, hz, &mut next);
        next
    }

    /// [`Search::advance_unnoticed`] into `next`, reusing its storage, in the same pass as the moves: a
    /// quiet landing or a wait, on a cell neither blocked nor watched.
    fn advance_unnoticed_into(&self, prev: &CellSet, hz: &TurnHazards, next: &mut CellSet) {
        let (stay, blocked, watched) = (prev.words(), hz.blocked.words(), hz.watched.words());
        if let Some(noisy) = &hz.noisy {
            let heard = noisy.words();
            self.rules.moves_then(prev, next, |i, moved| {
                ((moved & !heard[i]) | stay[i]) & !(blocked[i] | watched[i])
            });
        } else {
            self.rules.moves_then(prev, next, |i, moved| {
                (moved | stay[i]) & !(blocked[i] | watched[i])
            });
        }
    }

    /// The first leg's layers for turns `0..=turns` with budgets `0..=budget`.
    pub fn first_leg(&self, budget: usize, turns: usize) -> Layers {
        let mut start = CellSet::empty(self.rules.shape);
        start.insert(self.start);
        let mut layers = vec![vec![start; budget + 1]];
        for t in 1..=turns.min(self.turns()) {
            let next = self.advance(&layers[t - 1], t);
            layers.push(next);
        }
        layers
    }

    /// Whether the thief may go from `p` at turn `t − 1` to `q` at turn `t`, noticed or not. Mirrors
    /// [`Search::moves`] for one cell.
    fn legal(&self, p: Cell, q: Cell, t: usize) -> bool {
        if self.hazards[t].blocked.contains(q) {
            return false;
        }
        if p == q {
            return true;
        }
        DIRS.iter().enumerate().any(|(d, dir)| {
            let (dx, dy) = dir.delta();
            (q == p.offset(dx, dy) && self.rules.standable.contains(q))
                || (q == p.offset(2 * dx, 2 * dy)
                    && self.rules.leap_landing[d].contains(q)
                    && self.rules.may_leap_from(p))
        })
    }

    /// 1 when a guard notices the thief going from `p` to `q` at turn `t`: it ends the turn in a
    /// watched cell, or moved onto a creaky board within a guard's earshot.
    fn cost(&self, p: Cell, q: Cell, t: usize) -> usize {
        let hz = &self.hazards[t];
        let heard = p != q && hz.noisy.as_ref().is_some_and(|n| n.contains(q));
        usize::from(heard || hz.watched.contains(q))
    }

    /// The moves that take `loot` from beside it, allowed at any turn, as (from, landing) pairs: the
    /// leaps over it (its cell passable in the leap's direction, the landing standable) and, where
    /// its cell is taken by a bump, the bumps from each standable cardinal neighbour (a turn spent in
    /// place). The part of [`Search::legal`] that does not change with the turn.
    fn takes_beside(&self, loot: Cell) -> Vec<(Cell, Cell)> {
        let leaps = DIRS
            .iter()
            .enumerate()
            .map(|(d, dir)| {
                let (dx, dy) = dir.delta();
                (d, loot.offset(-dx, -dy), loot.offset(dx, dy))
            })
            .filter(|&(d, p, q)| {
                self.rules.leap_landing[d].contains(q) && self.rules.may_leap_from(p)
            })
            .map(|(_, p, q)| (p, q));
        let bumps = bump_cells(self.rules, loot).map(|n| (n, n));
        leaps.chain(bumps).collect()
    }

    /// Landings at turn `t` of `takes` beside the loot from first-leg cells, noticed in at most `k`
    /// turns in all.
    fn takes_at(&self, first: &Layers, takes: &[(Cell, Cell)], t: usize, k: usize) -> Vec<Cell> {
        let blocked = &self.hazards[t].blocked;
        takes
            .iter()
            .filter(|&&(p, q)| {
                if blocked.contains(q) {
                    return false;
                }
                let c = self.cost(p, q, t);
                c <= k && first[t - 1][k - c].contains(p)
            })
            .map(|&(_, q)| q)
            .collect()
    }

    /// The shortest route through `loot` and out noticed in the fewest turns (up to `budget`), within
    /// the turns of `first` (its first leg).
    pub fn route(&self, first: &Layers, loot: Cell) -> Option<Route> {
        let (k, t, second) = self.way_out(first, loot, true)?;
        let exit = second[t][k].cells().find(|c| self.exits.contains(*c))?;
        Some(self.trace_back(first, &second, loot, exit, t, k))
    }

    /// The length in turns of [`Search::route`]'s route (the turn it gets out), without walking it
    /// back: a summary needs no path.
    pub fn route_turns(&self, first: &Layers, loot: Cell) -> Option<usize> {
        if first[0].len() == 1 {
            return self.ghost_turns(first, loot);
        }
        self.way_out(first, loot, false).map(|(_, t, _)| t)
    }

    /// [`Search::route_turns`] for a ghost route (no budget): [`Search::way_out`]'s sweep with one set
    /// per turn, the only one it needs, in two buffers that take turns.
    fn ghost_turns(&self, first: &Layers, loot: Cell) -> Option<usize> {
        let near = first_near(first, loot)?;
        let takes = self.takes_beside(loot);
        let (mut now, mut next) = (
            CellSet::empty(self.rules.shape),
            CellSet::empty(self.rules.shape),
        );
        let mut taken = false;
        for t in near.max(1)..first.len() {
            if taken {
                self.advance_unnoticed_into(&now, &self.hazards[t], &mut next);
                std::mem::swap(&mut now, &mut next);
            }
            for q in self.takes_at(first, &takes, t, 0) {
                now.insert(q);
                taken = true;
            }
            if first[t][0].contains(loot) {
                now.insert(loot);
                taken = true;
            }
            if taken && now.intersects(self.exits) {
                return Some(t);
            }
        }
        None
    }

    /// The second leg's sweep: the fewest noticed turns `k` and the first turn `t` with which a route
    /// through `loot` gets out, and, when `keep`, the second leg's layers up to `t` to walk it back
    /// (else only the empty list: each turn's layers are dropped once the next turn's are made).
    fn way_out(&self, first: &Layers, loot: Cell, keep: bool) -> Option<(usize, usize, Layers)> {
        let budget = first[0].len() - 1;
        let near = first_near(first, loot)?;
        let takes = self.takes_beside(loot);
        // `None` while the loot has not been taken yet on any route: nothing to sweep.
        let mut second: Vec<Option<Vec<CellSet>>> = vec![None; near.max(1)];
        let mut best: Option<(usize, usize)> = None;
        for t in near.max(1)..first.len() {
            let mut next = second[t - 1].as_ref().map(|prev| self.advance(prev, t));
            if !keep {
                second[t - 1] = None;
            }
            for k in 0..=budget {
                let mut taken: Vec<Cell> = self.takes_at(first, &takes, t, k);
                if first[t][k].contains(loot) {
                    taken.push(loot);
                }
                if taken.is_empty() {
                    continue;
                }
                let layers =
                    next.get_or_insert_with(|| vec![CellSet::empty(self.rules.shape); budget + 1]);
                for q in taken {
                    layers[k].insert(q);
                }
            }
            let found = next
                .as_ref()
                .and_then(|layers| layers.iter().position(|l| l.intersects(self.exits)));
            second.push(next);
            if let Some(k) = found
                && best.is_none_or(|(bk, _)| k < bk)
            {
                best = Some((k, t));
                if k == 0 {
                    break;
                }
            }
        }
        let (k, t) = best?;
        if !keep {
            return Some((k, t, Vec::new()));
        }
        let second: Layers = second
            .into_iter()
            .map(|layers| {
                layers.unwrap_or_else(|| vec![CellSet::empty(self.rules.shape); budget + 1])
            })
            .collect();
        Some((k, t, second))
    }

    /// Walks a found route back from its exit, turn by turn.
    fn trace_back(
        &self,
        first: &Layers,
        second: &Layers,
        loot: Cell,
        exit: Cell,
        t_exit: usize,
        k_exit: usize,
    ) -> Route {
        let mut path = vec![exit];
        let (mut cur, mut k, mut holding) = (exit, k_exit, true);
        let mut bump = None;
        for t in (1..=t_exit).rev() {
            let candidates = std::iter::once(cur).chain(DIRS.iter().flat_map(|d| {
                let (dx, dy) = d.delta();
                [cur.offset(-dx, -dy), cur.offset(-2 * dx, -2 * dy)]
            }));
            // A predecessor in `layers` at turn t − 1 with what is left of the budget.
            let from = |layers: &Layers, p: Cell| {
                let c = self.cost(p, cur, t);
                (c <= k && self.legal(p, cur, t) && layers[t - 1][k - c].contains(p))
                    .then_some((p, k - c))
            };
            let mut found = None;
            if holding {
                found = candidates.clone().find_map(|p| from(second, p));
                if found.is_none() {
                    // The loot was taken this turn: on it, leaping over it, or bumping it.
                    holding = false;
                    if cur != loot {
                        found = DIRS
                            .iter()
                            .map(|d| {
                                let (dx, dy) = d.delta();
                                (loot.offset(-dx, -dy), loot.offset(dx, dy))
                            })
                            .filter(|&(_, q)| q == cur)
                            .find_map(|(p, _)| from(first, p));
                    }
                    if found.is_none() && bump_cells(self.rules, loot).any(|n| n == cur) {
                        found = from(first, cur);
                        bump = found.map(|_| Bump { turn: t, loot });
                    }
                }
            }
            if !holding && found.is_none() {
                found = candidates.clone().find_map(|p| from(first, p));
            }
            let Some((p, left)) = found else { break };
            cur = p;
            k = left;
            path.push(cur);
        }
        path.reverse();
        let noticed_turns: Vec<usize> = path
            .windows(2)
            .enumerate()
            .filter(|(i, w)| self.cost(w[0], w[1], i + 1) > 0)
            .map(|(i, _)| i + 1)
            .collect();
        Route {
            watched_steps: noticed_turns.len(),
            path,
            noticed_turns,
            bump,
        }
    }
}
