//! A preset's hand edit that cannot be applied: which one, what it does, where it is in the file and why,
//! and whether a rebuild refuses the preset or leaves it out.
//!
//! Edits are replayed in order, each on the level the ones before it made, so one that no longer applies
//! (edited by hand, or a guard that is no longer there) stops the rebuild of a preset that may hold
//! thousands. Naming it by its number, what it does and its line lets the designer find it; leaving it
//! out with every edit after it (which may depend on it) lets the rest load.

use std::path::Path;

use super::edit_places::Place;
use crate::edit::{EditError, EditFailure};
use crate::model::limits::quote;

/// What a rebuild does with an edit that cannot be applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BrokenEdits {
    /// Refuse the preset with [`PresetError::BrokenEdit`](super::preset::PresetError::BrokenEdit), as every loader does unless asked.
    #[default]
    Refuse,
    /// Leave the edit out, and every edit after it (they may depend on it), and say so in
    /// [`Loaded::skipped`](super::preset::Loaded::skipped).
    Skip,
}

/// A hand edit of a preset that cannot be applied to the level its recipe and the edits before it make:
/// which one, what it does, where it is in the file and why it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenEdit {
    /// Its index in the preset's `edits`, from 0 (the messages count from 1).
    pub index: usize,
    /// How many edits the preset has.
    pub total: usize,
    /// What the edit does, as the history list says it ("Remove guard 11").
    pub label: String,
    /// Where the edit starts in the file, when the preset was read from one.
    pub place: Option<Place>,
    /// Why it cannot be applied.
    pub error: EditError,
}

impl BrokenEdit {
    pub(crate) fn new(failure: EditFailure, places: &[Place]) -> Self {
        BrokenEdit {
            index: failure.index,
            total: failure.total,
            label: failure.edit.label(),
            place: places.get(failure.index).copied(),
            error: failure.error,
        }
    }

    /// How many edits loading without it leaves out: it and every edit after it.
    pub fn dropped(&self) -> usize {
        self.total - self.index
    }

    /// "edit 5001 of 10000 (Remove guard 11)", counted from 1 as a reader of the file counts.
    pub fn name(&self) -> String {
        format!(
            "edit {} of {} ({})",
            self.index + 1,
            self.total,
            quote(&self.label)
        )
    }

    /// " and the 4999 edits after it" (" and the edit after it", or nothing for the last edit): what
    /// loading without it leaves out besides.
    pub fn and_after(&self) -> String {
        match self.dropped() - 1 {
            0 => String::new(),
            1 => " and the edit after it".to_string(),
            n => format!(" and the {n} edits after it"),
        }
    }

    /// What loading without it left out, for a warning: "left out edit 5001 of 10000 (Remove guard
    /// 11), on line 5012, and the 4999 edits after it: there is no guard 11".
    pub fn skipped_message(&self) -> String {
        let after = self.and_after();
        let line = match self.place {
            Some(p) if after.is_empty() => format!(", on line {}", p.line),
            Some(p) => format!(", on line {},", p.line),
            None => String::new(),
        };
        format!("left out {}{line}{after}: {}", self.name(), self.error)
    }
}

/// "PATH:LINE:COLUMN: edit 5001 of 10000 (Remove guard 11) cannot be applied: there is no guard 11".
pub(crate) fn broken_edit_message(path: &Path, edit: &BrokenEdit) -> String {
    let place = edit
        .place
        .map_or_else(String::new, |p| format!(":{}:{}", p.line, p.column));
    format!(
        "{}{place}: {} cannot be applied: {}",
        path.display(),
        edit.name(),
        edit.error
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(index: usize, total: usize, place: Option<Place>) -> BrokenEdit {
        BrokenEdit {
            index,
            total,
            label: "Remove guard 11".to_string(),
            place,
            error: EditError::NoGuard(11),
        }
    }

    #[test]
    fn what_is_left_out_is_said_in_one_sentence() {
        let at = Some(Place {
            line: 12,
            column: 9,
        });
        assert_eq!(
            broken(4, 10, at).skipped_message(),
            "left out edit 5 of 10 (Remove guard 11), on line 12, and the 5 edits after it: there \
             is no guard 11"
        );
        assert_eq!(
            broken(8, 10, at).skipped_message(),
            "left out edit 9 of 10 (Remove guard 11), on line 12, and the edit after it: there is \
             no guard 11"
        );
        assert_eq!(
            broken(9, 10, at).skipped_message(),
            "left out edit 10 of 10 (Remove guard 11), on line 12: there is no guard 11"
        );
        assert_eq!(
            broken(9, 10, None).skipped_message(),
            "left out edit 10 of 10 (Remove guard 11): there is no guard 11"
        );
        assert_eq!(
            broken_edit_message(Path::new("p.ron"), &broken(0, 1, at)),
            "p.ron:12:9: edit 1 of 1 (Remove guard 11) cannot be applied: there is no guard 11"
        );
    }
}
