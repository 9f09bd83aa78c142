//! The version the level is compared with and the differences marked on the map: `analysis::diff`'s
//! differences, `paint::diff`'s marks, so the editor and `mansion-forge diff` agree. The marks are
//! recomputed when the document changes, so an edit made while comparing shows at once.
//!
//! Each comparison has its own number, so the side-by-side view (`side_by_side`) knows when the
//! version it draws beside the document is another one and must be analysed afresh.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::analysis::diff::{LevelDiff, Mark, diff};
use crate::model::{Cell, Level};

/// The number of the next comparison made.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// The other version the level is compared with.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// What it is, in words: "the level before the last regeneration", "step 3", a file name.
    pub against: String,
    /// The other version itself, kept so that each change of the document can be compared again.
    pub reference: Level,
    /// What differs from `reference` to the current level; the panel and status bar summarise it.
    pub diff: LevelDiff,
    /// The cells the map marks, each with what changed there, derived from `diff` (those on the map).
    pub marks: Vec<(Cell, Mark)>,
    /// The same marks on `reference`'s map, for the side-by-side view.
    pub reference_marks: Vec<(Cell, Mark)>,
    /// Tells this comparison from every other made while the editor runs.
    pub id: u64,
}

impl Comparison {
    /// Compares `current` with `reference`, named `against` in the panel.
    pub fn new(against: String, reference: Level, current: &Level) -> Self {
        let mut comparison = Comparison {
            against,
            reference,
            diff: LevelDiff::default(),
            marks: Vec::new(),
            reference_marks: Vec::new(),
            id: NEXT.fetch_add(1, Ordering::Relaxed),
        };
        comparison.refresh(current);
        comparison
    }

    /// Compares again after the current level changed.
    pub fn refresh(&mut self, current: &Level) {
        self.diff = diff(&self.reference, current);
        // What lies off a map (the taller version's top row, say) has nowhere to be marked on it.
        self.marks = self.diff.marks();
        self.marks.retain(|&(c, _)| current.in_bounds(c));
        self.reference_marks = self.diff.marks_on_a();
        let reference = &self.reference;
        self.reference_marks
            .retain(|&(c, _)| reference.in_bounds(c));
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
        if let Some(aligned) = self.alignment() {
            lines.push(aligned);
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

    /// How the two maps were lined up, when that is worth saying: their entrances put together, or
    /// maps of different sizes compared where they stand because that matched better.
    pub fn alignment(&self) -> Option<String> {
        let d = &self.diff;
        let outside = d.cells.only_in_a + d.cells.only_in_b;
        match d.offset {
            Some([dx, dy]) => Some(format!(
                "Lined up on the entrances (this map moved by {dx:+}, {dy:+} cells); {outside} cells \
                 outside the other map"
            )),
            None if d.size.is_some() => Some(format!(
                "Compared where they stand (it matched better than lining up the entrances); \
                 {outside} cells outside the other map"
            )),
            None => None,
        }
    }

    /// What differs, in one line for the side-by-side view: each kind of difference with its count,
    /// and the alignment of maps of different sizes.
    pub fn one_line(&self) -> String {
        let d = &self.diff;
        if d.is_empty() {
            return "No differences".to_string();
        }
        let mut parts = Vec::new();
        let mut count = |n: usize, one: &str, many: &str| {
            if n > 0 {
                parts.push(match n {
                    1 => format!("1 {one}"),
                    n => format!("{n} {many}"),
                });
            }
        };
        count(d.cells.changed, "terrain cell", "terrain cells");
        let r = &d.rooms;
        count(
            r.changed.len() + r.added.len() + r.removed.len(),
            "room",
            "rooms",
        );
        count(d.items.added.len() + d.items.removed.len(), "item", "items");
        count(
            d.guards.added.len() + d.guards.removed.len(),
            "guard",
            "guards",
        );
        count(
            d.routes.added.len() + d.routes.removed.len(),
            "patrol route",
            "patrol routes",
        );
        if d.player_start.is_some() {
            parts.push("the player start".to_string());
        }
        let mut line = if parts.is_empty() {
            "Differs in size only".to_string()
        } else {
            format!("Differs in {}", parts.join(", "))
        };
        // Writing to a `String` cannot fail.
        if let Some([[aw, ah], [bw, bh]]) = d.size {
            let _ = write!(line, " · size {bw} × {bh}, was {aw} × {ah}");
        }
        if let Some([dx, dy]) = d.offset {
            let _ = write!(
                line,
                " · entrances lined up: this map moved by ({dx:+}, {dy:+})"
            );
        }
        line
    }
}
