//! Where an analysis's guards come from, so that what is drawn at a turn (its light, each guard's
//! watched cells) is asked of one place whichever rules made it: the closed-form patrols of the 2023
//! guards or a turn loop's own frames.

use super::cells::CellSet;
use super::frames::Frames;
use super::timeline::GuardTimeline;
use super::watch::Watch;

/// The guards over time.
#[derive(Clone, Debug)]
pub(super) enum World {
    /// Patrols replayed in closed form, with relighting.
    Patrols(Watch),
    /// A turn loop's frames.
    Frames(Frames),
}

impl World {
    /// The lit map of the placed light sources: as generated, or `settled`.
    pub fn fixed_lit(&self, settled: bool) -> &CellSet {
        match (self, settled) {
            (World::Patrols(watch), false) => watch.epochs.as_generated(),
            (World::Patrols(watch), true) => watch.epochs.settled(),
            (World::Frames(frames), settled) => frames.fixed_lit(settled),
        }
    }

    /// Lit cells at turn `t`, carried light included.
    pub fn lit_at(&self, timelines: &[GuardTimeline], t: usize) -> CellSet {
        match self {
            World::Patrols(watch) => watch.lit_at(timelines, t),
            World::Frames(frames) => frames.lit_at(t),
        }
    }

    /// The cells guard timeline `g` watches at turn `t` under the lit cells `lit`.
    pub fn watched_by(
        &self,
        timelines: &[GuardTimeline],
        g: usize,
        t: usize,
        lit: &CellSet,
    ) -> CellSet {
        match self {
            World::Patrols(watch) => watch.watched_by(timelines, g, t, lit),
            World::Frames(frames) => frames
                .at(t)
                .watched
                .get(timelines[g].guard)
                .cloned()
                .unwrap_or_else(|| CellSet::empty(lit.shape())),
        }
    }
}
