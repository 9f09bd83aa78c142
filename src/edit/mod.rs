//! Editing: a document (recipe, locks, hand edits and the level they make), commands that change it, and
//! one undo/redo history for edits, locks and regenerations alike.
//!
//! Reproducibility: a document is `recipe + base_locks + edits`. Building the recipe with the base locks
//! and replaying the edits gives the current level byte for byte, which is what a preset stores.

pub mod commands;
pub mod locks;
pub mod placement;
pub mod rebuild;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use commands::{Edit, EditError};

use crate::generate::recipe::Recipe;
use crate::generate::{GenerateError, Step};
use crate::model::{Level, LockedRoom, RoomId};

/// Anything the document refuses; it is left as it was.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CommandError {
    #[error(transparent)]
    Edit(#[from] EditError),
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// One undoable change of the document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    Edit(Edit),
    /// Regenerates the unlocked rooms with a new seed (or the same one).
    Regenerate {
        seed: u64,
    },
    /// Re-rolls one step, keeping the layout.
    Reroll(Step),
}

impl Command {
    /// The history label, in a designer's words; `level` is the level before the command.
    pub fn describe(&self, level: &Level) -> String {
        match self {
            Command::Edit(edit) => edit.describe(level),
            other => other.label(),
        }
    }

    pub fn label(&self) -> String {
        match self {
            Command::Edit(edit) => edit.label(),
            Command::Regenerate { seed } => format!("Regenerate unlocked rooms (seed {seed})"),
            Command::Reroll(step) => format!("Re-roll {step:?}"),
        }
    }
}

/// A level being edited, with what made it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub recipe: Recipe,
    /// The locks the level was generated with.
    pub base_locks: Vec<LockedRoom>,
    /// Hand edits since that generation, in order.
    pub edits: Vec<Edit>,
    /// The locks now in force (base locks changed by edits).
    pub locks: Vec<LockedRoom>,
    pub level: Level,
}

impl Document {
    /// A fresh document from a recipe, with no locks.
    pub fn new(recipe: Recipe) -> Result<Self, CommandError> {
        Self::replay(recipe, Vec::new(), Vec::new())
    }

    /// Rebuilds a document from its recipe, the locks it was generated with and the edits since.
    pub fn replay(
        recipe: Recipe,
        base_locks: Vec<LockedRoom>,
        edits: Vec<Edit>,
    ) -> Result<Self, CommandError> {
        let level = rebuild::build(&recipe, &base_locks)?;
        let mut doc = Document {
            recipe,
            locks: base_locks.clone(),
            base_locks,
            edits: Vec::new(),
            level,
        };
        for edit in edits {
            doc.apply(edit)?;
        }
        Ok(doc)
    }

    /// Whether room `room` of the current level is locked.
    pub fn is_locked(&self, room: RoomId) -> bool {
        self.locks
            .iter()
            .any(|l| locks::same_room(l, &self.level, room))
    }

    /// Ids of the locked rooms in the current level.
    pub fn locked_rooms(&self) -> Vec<RoomId> {
        (0..self.level.rooms.len())
            .filter(|&r| self.is_locked(r))
            .collect()
    }

    /// Applies a hand edit; rooms it touches are locked so a regeneration keeps the fix.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let changed = edit.apply(&mut self.level)?;
        match edit {
            Edit::Lock { room } => self.lock(room),
            Edit::Unlock { room } => {
                let level = &self.level;
                self.locks.retain(|l| !locks::same_room(l, level, room));
            }
            _ => {
                for cell in changed {
                    for room in locks::rooms_covering(&self.level, cell) {
                        self.lock(room);
                    }
                }
            }
        }
        self.refresh_locks();
        self.edits.push(edit);
        Ok(())
    }

    fn lock(&mut self, room: RoomId) {
        if !self.is_locked(room)
            && let Some(snapshot) = locks::snapshot(&self.level, room)
        {
            self.locks.push(snapshot);
        }
    }

    /// Re-captures every lock from the level, so locked rooms hold their latest hand fixes.
    fn refresh_locks(&mut self) {
        let level = &self.level;
        self.locks = self
            .locks
            .iter()
            .map(|lock| {
                let room = (0..level.rooms.len()).find(|&r| locks::same_room(lock, level, r));
                room.and_then(|r| locks::snapshot(level, r))
                    .unwrap_or_else(|| lock.clone())
            })
            .collect();
    }

    /// Builds `recipe` with the current locks and, when that works, makes it the document's level.
    fn rebuild(&mut self, recipe: Recipe) -> Result<(), GenerateError> {
        let level = rebuild::build(&recipe, &self.locks)?;
        self.recipe = recipe;
        self.level = level;
        self.base_locks = self.locks.clone();
        self.edits.clear();
        self.refresh_locks();
        Ok(())
    }

    /// Runs one command; on error the document is unchanged.
    pub fn execute(&mut self, command: &Command) -> Result<(), CommandError> {
        match command {
            Command::Edit(edit) => self.apply(edit.clone())?,
            Command::Regenerate { seed } => {
                let recipe = Recipe {
                    seed: *seed,
                    ..self.recipe.clone()
                };
                self.rebuild(recipe)?;
            }
            Command::Reroll(step) => {
                let recipe = Recipe {
                    rerolls: self.recipe.rerolls.bump(*step),
                    ..self.recipe.clone()
                };
                self.rebuild(recipe)?;
            }
        }
        Ok(())
    }
}

/// How many steps the history keeps.
const HISTORY_LIMIT: usize = 500;

/// One undo/redo history of whole-document states: every command is undoable the same way.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<(String, Document)>,
    redo: Vec<(String, Document)>,
}

impl History {
    /// Runs `command` on `doc` and records it; nothing is recorded when it fails.
    pub fn run(&mut self, doc: &mut Document, command: &Command) -> Result<(), CommandError> {
        let before = doc.clone();
        doc.execute(command)?;
        self.undo.push((command.describe(&before.level), before));
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        Ok(())
    }

    /// Steps back one command; false when there is nothing to undo.
    pub fn undo(&mut self, doc: &mut Document) -> bool {
        let Some((label, before)) = self.undo.pop() else {
            return false;
        };
        let after = std::mem::replace(doc, before);
        self.redo.push((label, after));
        true
    }

    /// Re-applies the last undone command; false when there is nothing to redo.
    pub fn redo(&mut self, doc: &mut Document) -> bool {
        let Some((label, after)) = self.redo.pop() else {
            return false;
        };
        let before = std::mem::replace(doc, after);
        self.undo.push((label, before));
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The document as it was after `done` commands (0: as opened), counting undone ones after the
    /// done ones as the history list shows them; `None` for the current document or a step that is
    /// not there.
    pub fn version(&self, done: usize) -> Option<&Document> {
        match done.checked_sub(self.undo.len()) {
            None => self.undo.get(done).map(|(_, doc)| doc),
            Some(0) => None,
            Some(ahead) => self.redo.len().checked_sub(ahead).map(|i| &self.redo[i].1),
        }
    }

    /// Labels of the done commands (oldest first) and of the undone ones (next to redo first).
    pub fn entries(&self) -> (Vec<&str>, Vec<&str>) {
        let done = self.undo.iter().map(|(l, _)| l.as_str()).collect();
        let undone = self.redo.iter().rev().map(|(l, _)| l.as_str()).collect();
        (done, undone)
    }
}
