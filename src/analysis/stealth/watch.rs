//! Which cells the guards watch at each turn (`stealth-rules.md` §7 (a)); how much of the patrol cycle
//! each cell is watched (§7 (b)) is sampled in `super::heat` and combined in `super::share`.
//!
//! Light at turn `t`, for the route search and the timeline views, is the light of the torches burning
//! at the end of turn `t` (placed lit, or relit by a guard by then: [`TorchEpochs`]) plus every torch
//! carrier's light at its cells of turns `t − 1` and `t`: the original recomputes light in the middle
//! of a turn as carriers move and torches are relit, so this union is the spec's conservative bound
//! (it can only over-report sightings, never hide one). The watched shares use each guard's exact
//! light instead (`super::heat`).

use rayon::prelude::*;

use super::cells::{CellRules, CellSet};
use super::relit::TorchEpochs;
use super::route_views::RouteViews;
use super::sight::Cone;
use super::timeline::GuardTimeline;

/// Cones and carried light, computed once per distinct (cell, facing) and carrier cell.
#[derive(Clone, Debug)]
pub struct Watch {
    /// Light of the torches burning, placed or relit, turn by turn.
    pub epochs: TorchEpochs,
    /// Every distinct cone, and for each guard timeline the cone of each simulated step.
    cones: Vec<Cone>,
    cone_of_step: Vec<Vec<u32>>,
    /// Light carried by each guard at each simulated step (`None` for guards without a torch), as the
    /// nonzero words of a map-wide set.
    carried: Vec<Vec<(u32, u64)>>,
    carried_of_step: Vec<Option<Vec<u32>>>,
}

/// Ids of values computed once per slot (a cell, or a cell and facing) and shared by every step there.
struct Interned<T> {
    ids: Vec<u32>,
    values: Vec<T>,
}

impl<T> Interned<T> {
    fn new(slots: usize) -> Self {
        Interned {
            ids: vec![u32::MAX; slots],
            values: Vec::new(),
        }
    }

    /// The id of `slot`'s value, made by `make` the first time; slots off the map are never shared.
    fn id(&mut self, slot: Option<usize>, make: impl FnOnce() -> T) -> u32 {
        if let Some(s) = slot
            && self.ids[s] != u32::MAX
        {
            return self.ids[s];
        }
        let value = make();
        self.values.push(value);
        let id = (self.values.len() - 1) as u32;
        if let Some(s) = slot {
            self.ids[s] = id;
        }
        id
    }
}

/// Per timeline, ids into one list of values made once per slot (a cell, or a cell and facing) by
/// `ids_of`. Timelines are shared out among the threads in runs, each run with its own cache, and the
/// runs' lists are joined in order: the values a step stands for do not depend on the threads.
#[allow(clippy::type_complexity)]
fn interned_per_guard<T: Send>(
    timelines: &[GuardTimeline],
    slots: usize,
    ids_of: impl Fn(&GuardTimeline, &mut Interned<T>) -> Option<Vec<u32>> + Sync,
) -> (Vec<T>, Vec<Option<Vec<u32>>>) {
    let run = timelines
        .len()
        .div_ceil(rayon::current_num_threads())
        .max(1);
    let runs: Vec<(Vec<T>, Vec<Option<Vec<u32>>>)> = timelines
        .par_chunks(run)
        .map(|part| {
            let mut cache = Interned::new(slots);
            let ids = part.iter().map(|tl| ids_of(tl, &mut cache)).collect();
            (cache.values, ids)
        })
        .collect();
    let (mut values, mut ids) = (Vec::new(), Vec::new());
    for (run_values, run_ids) in runs {
        let offset = values.len() as u32;
        values.extend(run_values);
        ids.extend(run_ids.into_iter().map(|of_steps: Option<Vec<u32>>| {
            of_steps.map(|steps| steps.into_iter().map(|id| id + offset).collect())
        }));
    }
    (values, ids)
}

/// Every distinct cone, and for each guard timeline the cone id of each simulated step.
fn cones_of(
    rules: &CellRules,
    views: &RouteViews,
    timelines: &[GuardTimeline],
) -> (Vec<Cone>, Vec<Vec<u32>>) {
    let shape = rules.shape;
    // A route cell's sight is looked up; a relighting detour's is made for each facing it is seen in
    // (detours are a few cells).
    let (cones, ids) = interned_per_guard(timelines, shape.len() * 4, |tl, cones| {
        let ids = tl
            .steps
            .iter()
            .map(|&(c, d)| {
                let slot = shape.index(c).map(|i| i * 4 + CellRules::index_of(d));
                cones.id(slot, || Cone::facing(shape, &views.seen(rules, c), d))
            })
            .collect();
        Some(ids)
    });
    (
        cones,
        ids.into_iter().map(Option::unwrap_or_default).collect(),
    )
}

/// Every distinct carried light (as nonzero words of a map-wide set), and for each torch carrier's
/// timeline the light id of each simulated step.
#[allow(clippy::type_complexity)]
fn carried_of(
    rules: &CellRules,
    views: &RouteViews,
    timelines: &[GuardTimeline],
) -> (Vec<Vec<(u32, u64)>>, Vec<Option<Vec<u32>>>) {
    let shape = rules.shape;
    interned_per_guard(timelines, shape.len(), |tl, carried| {
        tl.carries_torch.then(|| {
            tl.steps
                .iter()
                .map(|&(c, _)| carried.id(shape.index(c), || views.carried(rules, c)))
                .collect()
        })
    })
}

impl Watch {
    /// Cones and carried light are independent: they are made at once on two threads, from the route
    /// cells' `views` where the guards walk their routes.
    pub fn new(
        rules: &CellRules,
        views: &RouteViews,
        timelines: &[GuardTimeline],
        epochs: TorchEpochs,
    ) -> Self {
        let ((cones, cone_of_step), (carried, carried_of_step)) = rayon::join(
            || cones_of(rules, views, timelines),
            || carried_of(rules, views, timelines),
        );
        Watch {
            epochs,
            cones,
            cone_of_step,
            carried,
            carried_of_step,
        }
    }

    /// Lit cells at turn `t`: torches burning at the end of the turn, and carried torches at their
    /// cells of turns `t − 1` and `t`.
    pub fn lit_at(&self, timelines: &[GuardTimeline], t: usize) -> CellSet {
        let mut lit = self.epochs.at(t).clone();
        self.lit_into(timelines, t, &mut lit);
        lit
    }

    /// [`Watch::lit_at`] into `lit` (of the map's shape), reusing its storage.
    pub fn lit_into(&self, timelines: &[GuardTimeline], t: usize, lit: &mut CellSet) {
        lit.copy_from(self.epochs.at(t));
        for (g, steps) in self.carried_of_step.iter().enumerate() {
            if let Some(steps) = steps {
                for turn in [t.saturating_sub(1), t] {
                    let id = steps[timelines[g].step_of(turn)];
                    let words = lit.words_mut();
                    for &(i, bits) in &self.carried[id as usize] {
                        words[i as usize] |= bits;
                    }
                }
            }
        }
    }

    /// The cone of guard timeline `g` at turn `t`.
    pub(super) fn cone(&self, timelines: &[GuardTimeline], g: usize, t: usize) -> &Cone {
        &self.cones[self.cone_of_step[g][timelines[g].step_of(t)] as usize]
    }

    /// The light guard timeline `g` carries at turn `t`, as the nonzero words of a map-wide set;
    /// `None` for a guard without a torch.
    pub(super) fn carried(
        &self,
        timelines: &[GuardTimeline],
        g: usize,
        t: usize,
    ) -> Option<&[(u32, u64)]> {
        let steps = self.carried_of_step[g].as_ref()?;
        Some(&self.carried[steps[timelines[g].step_of(t)] as usize])
    }

    /// The cells guard timeline `g` watches at turn `t` under the lit cells `lit`.
    pub fn watched_by(
        &self,
        timelines: &[GuardTimeline],
        g: usize,
        t: usize,
        lit: &CellSet,
    ) -> CellSet {
        let mut watched = CellSet::empty(lit.shape());
        self.cone(timelines, g, t).add_watched(lit, &mut watched);
        watched
    }

    /// The cells any guard watches at turn `t`.
    pub fn watched_at(&self, timelines: &[GuardTimeline], t: usize, lit: &CellSet) -> CellSet {
        let mut watched = CellSet::empty(lit.shape());
        for g in 0..timelines.len() {
            self.cone(timelines, g, t).add_watched(lit, &mut watched);
        }
        watched
    }
}
