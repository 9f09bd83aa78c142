//! What validation finds: each broken invariant ([`Violation`]), its kind ([`FindingKind`]), and the
//! [`Report`] the checks add them to.
//!
//! A module of its own so that the checks in the sibling files ([`records`](super::records),
//! [`partners`](super::partners), [`siheyuan`](super::siheyuan)) can report without importing the
//! validator's root, which calls them; the root re-exports `FindingKind` and `Violation`, so their
//! public paths are unchanged.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::{Cell, RoomId};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FindingKind {
    /// The level cannot be played as meant: `validate` exits 1.
    Playability,
    /// A generator guarantee does not hold, which a hand edit may intend: reported, exit 0 unless
    /// `--strict`.
    GeneratorNote,
}

impl FindingKind {
    /// The word a finding starts with when printed: "error" or "note".
    pub fn label(self) -> &'static str {
        match self {
            FindingKind::Playability => "error",
            FindingKind::GeneratorNote => "note",
        }
    }
}

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The invariant's number in spec §8 (0: the level is not safe to read at all; `100 + n`: the 2025
    /// generator's §11 invariant `n`, `lll-2025-mansion.md`).
    pub invariant: u32,
    /// Whether it makes the level unplayable or only breaks a generator guarantee.
    pub kind: FindingKind,
    /// What is wrong, in a sentence that names the figures involved (no location: see `cell`, `room`).
    pub message: String,
    /// The cell the finding is about, when it is about one; clicking the finding in the editor's
    /// validation panel takes the view there.
    pub cell: Option<Cell>,
    /// The room the finding is about, when it is about one rather than a cell.
    pub room: Option<RoomId>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (invariant {}): {}",
            self.kind.label(),
            self.invariant,
            self.message
        )?;
        if let Some(c) = self.cell {
            write!(f, " at ({}, {})", c.x, c.y)?;
        }
        if let Some(r) = self.room {
            write!(f, " in room {r}")?;
        }
        Ok(())
    }
}

/// Collects violations while the checks run; each is of the kind the report is set to.
pub(crate) struct Report {
    pub(super) found: Vec<Violation>,
    kind: FindingKind,
}

impl Report {
    pub(super) fn new() -> Self {
        Report {
            found: Vec::new(),
            kind: FindingKind::Playability,
        }
    }

    fn push(&mut self, invariant: u32, message: String, cell: Option<Cell>, room: Option<RoomId>) {
        self.found.push(Violation {
            invariant,
            kind: self.kind,
            message,
            cell,
            room,
        });
    }

    /// Runs `checks` with their findings reported as `kind`.
    pub(super) fn as_kind(&mut self, kind: FindingKind, checks: impl FnOnce(&mut Report)) {
        let outer = std::mem::replace(&mut self.kind, kind);
        checks(self);
        self.kind = outer;
    }

    pub(crate) fn add(&mut self, invariant: u32, message: impl Into<String>) {
        self.push(invariant, message.into(), None, None);
    }

    pub(crate) fn at(&mut self, invariant: u32, cell: Cell, message: impl Into<String>) {
        self.push(invariant, message.into(), Some(cell), None);
    }

    pub(crate) fn in_room(&mut self, invariant: u32, room: RoomId, message: impl Into<String>) {
        self.push(invariant, message.into(), None, Some(room));
    }
}
