//! What the map shows at one turn of the patrol timeline ([`TimelineFrame`]), built once per turn from
//! the stealth analysis. Apart from the drawing of the turn ([`super::timeline`]) because the
//! [`Scene`](super::Scene) holds a frame and the drawing reads the scene: in one file the two would
//! form an import cycle.

use egui::Pos2;

use super::transform::CellToScreen;
use crate::analysis::stealth::{CellSet, GuardView, Stealth};
use crate::model::Cell;

/// What the map shows at one turn of the patrol timeline.
#[derive(Clone, Debug)]
pub struct TimelineFrame {
    /// The turn shown, from 0 (the start, before anyone acts).
    pub turn: usize,
    /// Each guard at `turn`: its cell, facing and the cells it watches.
    pub views: Vec<GuardView>,
    /// Each guard's cell at the next turn, to draw it on its way while playing.
    pub next: Vec<Cell>,
    /// Lit cells at `turn`, carried torches included.
    pub lit: CellSet,
    /// Cells any guard watches at `turn`.
    pub watched: usize,
    /// How far (0 to 1) playback has gone from `turn` towards the next turn.
    pub progress: f32,
}

impl TimelineFrame {
    /// The frame of `turn`, read from `stealth` (turns past its simulated ones repeat each guard's
    /// cycle), not yet under way to the next turn.
    pub fn new(stealth: &Stealth, turn: usize) -> Self {
        let views = stealth.view_at(turn);
        let mut watched = CellSet::empty(stealth.rules.shape);
        for v in &views {
            watched.union_with(&v.watched);
        }
        TimelineFrame {
            turn,
            watched: watched.len(),
            views,
            next: stealth
                .timelines
                .iter()
                .map(|tl| tl.at(turn + 1).0)
                .collect(),
            lit: stealth.lit_at(turn),
            progress: 0.0,
        }
    }

    /// Where guard view `i` is drawn: its cell, or part of the way to the next while playing.
    pub fn position(&self, t: &CellToScreen, i: usize) -> Pos2 {
        let from = t.cell_centre(self.views[i].cell);
        match self.next.get(i) {
            Some(&to) if self.progress > 0.0 => from.lerp(t.cell_centre(to), self.progress),
            _ => from,
        }
    }
}
