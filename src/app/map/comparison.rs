//! The version the level is compared with and the differences marked on the map: `analysis::diff`'s
//! differences, `paint::diff`'s marks, so the editor and `mansion-forge diff` agree. The marks are
//! recomputed when the document changes, so an edit made while comparing shows at once.

use crate::analysis::diff::{LevelDiff, Mark, diff};
use crate::model::{Cell, Level};

/// The other version the level is compared with.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// What it is, in words: "the level before the last regeneration", "step 3", a file name.
    pub against: String,
    /// The other version itself, kept so that each change of the document can be compared again.
    pub reference: Level,
    /// What differs from `reference` to the current level; the panel and status bar summarise it.
    pub diff: LevelDiff,
    /// The cells the map marks, each with what changed there, derived from `diff`.
    pub marks: Vec<(Cell, Mark)>,
}

impl Comparison {
    /// Compares `current` with `reference`, named `against` in the panel.
    pub fn new(against: String, reference: Level, current: &Level) -> Self {
        let mut comparison = Comparison {
            against,
            reference,
            diff: LevelDiff::default(),
            marks: Vec::new(),
        };
        comparison.refresh(current);
        comparison
    }

    /// Compares again after the current level changed.
    pub fn refresh(&mut self, current: &Level) {
        self.diff = diff(&self.reference, current);
        self.marks = self.diff.marks();
    }

    /// The differences in a few lines, for the panel and the status bar.
    pub fn summary(&self) -> Vec<String> {
        let d = &self.diff;
        if d.is_empty() {
            return vec!["No differences.".to_string()];
        }
        let mut lines = Vec::new();
        if let Some([[aw, ah], [bw, bh]]) = d.size {
            lines.push(format!("Size {bw} × {bh}, was {aw} × {ah}"));
        }
        if d.cells.changed > 0 {
            lines.push(match d.cells.changed {
                1 => "1 cell of terrain changed".to_string(),
                n => format!("{n} cells of terrain changed"),
            });
        }
        let rooms = &d.rooms;
        if !(rooms.added.is_empty() && rooms.removed.is_empty() && rooms.changed.is_empty()) {
            lines.push(format!(
                "Rooms: {} changed, {} added, {} removed, {} the same",
                rooms.changed.len(),
                rooms.added.len(),
                rooms.removed.len(),
                rooms.unchanged
            ));
        }
        for (what, added, removed) in [
            ("Items", d.items.added.len(), d.items.removed.len()),
            ("Guards", d.guards.added.len(), d.guards.removed.len()),
            (
                "Patrol routes",
                d.routes.added.len(),
                d.routes.removed.len(),
            ),
        ] {
            if added + removed > 0 {
                lines.push(format!("{what}: {added} added, {removed} removed"));
            }
        }
        if d.player_start.is_some() {
            lines.push("The player start moved".to_string());
        }
        lines
    }
}
