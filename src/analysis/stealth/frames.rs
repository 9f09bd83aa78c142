//! The guards as a rule set's own turn loop plays them, turn by turn: the analysis of a game whose
//! guards the closed-form replay of [`super::relit`] does not model (the 2025 game's plans, looping
//! patrols, graded light and carried torches).
//!
//! A [`TurnLoop`] plays the level with the thief off the map (the strict ghost: nobody can notice a
//! thief who is not there) and hands over one [`Frame`] per turn: where every guard stands and faces,
//! what is lit, and which cells each guard would notice an unhidden thief in. The route search runs on
//! those frames as it does on the closed form's, and the turn loop then plays every ghost route it
//! found with the thief on it (`TurnLoop::verify`): a route the game notices is searched again with
//! the cell it was noticed in forbidden at that turn, so every ghost route reported is one the game
//! itself plays unnoticed ([`RouteCheck`]). Frames are made as far as the search looks ahead, and then
//! as far as the timeline and the shares need past the settle turn.

use super::cells::{CellRules, CellSet};
use super::ghost::{Route, TurnHazards};
use super::timeline::GuardTimeline;
use super::undisturbed::Relight;
use crate::model::{Cell, Dir};

/// Frames kept beyond those the route search asked for, so that the timeline and the watched
/// shares see at least this many turns after the settle turn.
pub const MIN_SETTLED_TURNS: usize = 256;
/// Frames made at most, whatever the guards' joint cycle: the shares are sampled over these.
pub const MAX_FRAMES: usize = 2_000;

/// One turn of the game with the thief off the map, after the guards' moves and the turn's light.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Every guard's cell and facing at its sight test, in `Level::guards` order.
    pub guards: Vec<(Cell, Dir)>,
    /// Cells with any light: guards' sight tests ask only whether a cell is lit.
    pub lit: CellSet,
    /// The light of the placed light sources alone (torches burning now, stoves), without the light
    /// guards carry: the lit map of this turn.
    pub fixed_lit: CellSet,
    /// Per guard, the cells it would notice an unhidden thief in (hiding places already left out).
    pub watched: Vec<CellSet>,
    /// Cells a move may not end on unheard: noisy ground within some awake guard's earshot.
    pub noisy: Option<CellSet>,
    /// Torches a guard lit during this turn: the torch's cell and the guard (`Level::guards` index).
    pub relit: Vec<(Cell, usize)>,
    /// Every guard walks its patrol: none is reacting to anything (the turn may count as settled).
    pub calm: bool,
}

/// Why the game did not play a route as the search found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slip {
    /// The turn at which it went wrong (1 is the first move).
    pub turn: usize,
    /// The cell the route has at that turn: forbidden there when the coin is searched again.
    pub cell: Cell,
}

/// A rule set's turn loop, as the stealth analysis reads it.
pub trait TurnLoop: Send {
    /// The next turn's frame: turn 0 (the start, before anyone acts) first.
    fn next_frame(&mut self) -> Frame;
    /// Whether each guard carries a torch, in `Level::guards` order.
    fn carries_torch(&self) -> Vec<bool>;
}

/// A rule set's game played along a route, to check what the search found.
pub trait RouteCheck: Sync {
    /// Plays `route` in the game from the start with the thief on it: `Ok` when the game plays every
    /// move as the route has it, takes the loot and no guard notices the thief, else the first turn
    /// that went wrong.
    fn verify(&self, route: &Route) -> Result<(), Slip>;
    /// Plays `route` the same way, but lets guards notice the thief and look: `Ok` when the game plays
    /// every move as the route has it, takes the loot and no guard gives chase (the game's own ghost),
    /// else the first turn that went wrong.
    fn unchased(&self, route: &Route) -> Result<(), Slip>;
}

/// The frames made so far and what the analysis derives from them.
#[derive(Clone, Debug)]
pub(super) struct Frames {
    /// Turn `t`'s frame at index `t`.
    pub turns: Vec<Frame>,
    /// The turn from which every frame is calm and no torch changes.
    pub settle: usize,
    /// The joint cycle of the guards from `settle` on, when the frames hold two of it.
    pub cycle: Option<usize>,
}

impl Frames {
    /// No frame yet.
    pub fn new() -> Frames {
        Frames {
            turns: Vec::new(),
            settle: 0,
            cycle: None,
        }
    }

    /// Frames of turns `0..=turns` from `source`, made as far as they are not yet.
    pub fn extend(&mut self, source: &mut dyn TurnLoop, turns: usize) {
        while self.turns.len() <= turns {
            let frame = source.next_frame();
            if !frame.calm || !frame.relit.is_empty() {
                self.settle = self.turns.len() + 1;
            }
            self.turns.push(frame);
        }
        self.settle = self.settle.min(self.turns.len() - 1);
    }

    /// The frames the timeline and the shares need beyond the search's: at least
    /// [`MIN_SETTLED_TURNS`] past the settle turn (at most [`MAX_FRAMES`] in all), and the joint
    /// cycle found in them.
    pub fn finish(&mut self, source: &mut dyn TurnLoop) {
        self.extend(source, 0);
        while self.turns.len() < self.settle + MIN_SETTLED_TURNS && self.turns.len() < MAX_FRAMES {
            let turns = self.turns.len();
            self.extend(source, turns);
        }
        self.cycle = joint_cycle(&self.turns[self.settle..]);
    }

    /// The frame that stands for turn `t`: past the frames made, the joint cycle repeats, or else the
    /// last frame stands.
    pub fn at(&self, t: usize) -> &Frame {
        let n = self.turns.len();
        if t < n {
            return &self.turns[t];
        }
        match self.cycle {
            Some(p) => &self.turns[n - p + (t - (n - p)) % p],
            None => &self.turns[n - 1],
        }
    }

    /// Lit cells at turn `t`, carried light included.
    pub fn lit_at(&self, t: usize) -> CellSet {
        self.at(t).lit.clone()
    }

    /// The lit map as generated (turn 0) and settled (the settle turn), placed light sources only.
    pub fn fixed_lit(&self, settled: bool) -> &CellSet {
        let t = if settled { self.settle } else { 0 };
        &self.turns[t].fixed_lit
    }

    /// Turn `t`'s hazards for the route search (`t ≥ 1`): guards' cells before and after the turn,
    /// every guard's watched cells and the noisy ground.
    pub fn hazards(&self, t: usize) -> TurnHazards {
        let (before, now) = (self.at(t - 1), self.at(t));
        let shape = now.lit.shape();
        let mut blocked = CellSet::empty(shape);
        for &(c, _) in before.guards.iter().chain(&now.guards) {
            blocked.insert(c);
        }
        let mut watched = CellSet::empty(shape);
        for w in &now.watched {
            watched.union_with(w);
        }
        TurnHazards {
            blocked,
            watched,
            noisy: now.noisy.clone(),
        }
    }

    /// Each guard's timeline: its frames as steps, the lead-in up to the settle turn and its own lap
    /// after it.
    pub fn timelines(&self, carries_torch: &[bool]) -> Vec<GuardTimeline> {
        let guards = self.turns.first().map_or(0, |f| f.guards.len());
        (0..guards)
            .map(|g| {
                let steps: Vec<(Cell, Dir)> = self.turns.iter().map(|f| f.guards[g]).collect();
                let tail = &steps[self.settle..];
                let period = (1..=tail.len() / 2)
                    .find(|&p| tail.iter().skip(p).zip(tail).all(|(a, b)| a == b))
                    .unwrap_or(tail.len().max(1));
                GuardTimeline {
                    guard: g,
                    carries_torch: carries_torch.get(g).copied().unwrap_or(false),
                    period,
                    lead_in: self.settle,
                    steps,
                }
            })
            .collect()
    }

    /// The torches guards lit, in order, as the analysis lists them (`items` finds a torch's index
    /// into `Level::items` by its cell).
    pub fn relit(&self, item_at: impl Fn(Cell) -> Option<usize>) -> Vec<Relight> {
        self.turns
            .iter()
            .enumerate()
            .flat_map(|(turn, f)| {
                f.relit
                    .iter()
                    .map(move |&(cell, guard)| (turn, cell, guard))
            })
            .filter_map(|(turn, cell, guard)| {
                Some(Relight {
                    turn,
                    item: item_at(cell)?,
                    cell,
                    guard,
                })
            })
            .collect()
    }

    /// Per cell the thief can stand on, the share of the settled turns made in which some guard
    /// watches it.
    pub fn watched_shares(&self, rules: &CellRules) -> Vec<f32> {
        let settled = &self.turns[self.settle..];
        let shape = rules.shape;
        let mut counts = vec![0u32; shape.len()];
        let mut any = CellSet::empty(shape);
        for frame in settled {
            any.clear();
            for w in &frame.watched {
                any.union_with(w);
            }
            any.intersect_with(&rules.standable);
            for c in any.cells() {
                if let Some(i) = shape.index(c) {
                    counts[i] += 1;
                }
            }
        }
        let n = settled.len().max(1) as f32;
        counts.into_iter().map(|k| k as f32 / n).collect()
    }
}

/// The shortest period after which every frame of `settled` repeats in its guards, light and watch,
/// when `settled` holds it twice.
fn joint_cycle(settled: &[Frame]) -> Option<usize> {
    let same = |a: &Frame, b: &Frame| a.guards == b.guards && a.lit == b.lit;
    (1..=settled.len() / 2).find(|&p| settled.iter().skip(p).zip(settled).all(|(a, b)| same(a, b)))
}
