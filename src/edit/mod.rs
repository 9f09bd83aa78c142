//! Editing: a document (recipe, locks, hand edits and the level they make), commands that change it, and
//! one undo/redo history for edits, locks and regenerations alike.
//!
//! Reproducibility: a document is `recipe + base_locks + edits`. Building the recipe with the base locks
//! and replaying the edits gives the current level byte for byte, which is what a preset stores.

mod apply;
pub mod commands;
pub mod locks;
pub mod placement;
pub mod rebuild;
pub mod until;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use commands::{Edit, EditError};

use crate::generate::recipe::Recipe;
use crate::generate::{GenerateError, Step};
use crate::model::{Level, LockOrigin, LockedRoom, RoomId};

/// Anything the document refuses; it is left as it was.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CommandError {
    /// A hand edit does not apply to the level.
    #[error(transparent)]
    Edit(#[from] EditError),
    /// A regeneration or re-roll found no level that keeps the locks.
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// A document rebuilt from its recipe, locks and edits, up to the first edit that could not be applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// The document with every edit before the broken one applied (all of them when none broke).
    pub document: Document,
    /// The first edit that could not be applied; the edits after it are dropped with it.
    pub broken: Option<EditFailure>,
}

/// An edit of a replayed list that could not be applied to the level the edits before it made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditFailure {
    /// Its index in the list, from 0.
    pub index: usize,
    /// How many edits the list has.
    pub total: usize,
    /// The edit as the list gave it.
    pub edit: Edit,
    /// Why it could not be applied.
    pub error: EditError,
}

/// One undoable change of the document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// A hand edit; it locks the rooms it touches (see [`Document::apply`]).
    Edit(Edit),
    /// Regenerates the unlocked rooms with a new seed (or the same one).
    Regenerate {
        /// The recipe's new seed.
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

    /// The history label without looking at the level: a door is named by its wall number rather than
    /// its cell.
    pub fn label(&self) -> String {
        match self {
            Command::Edit(edit) => edit.label(),
            Command::Regenerate { seed } => format!("Regenerate unlocked rooms (seed {seed})"),
            Command::Reroll(step) => format!("Re-roll {step:?}"),
        }
    }
}

/// A level being edited, with what made it (saved as a preset: `io::preset`).
///
/// # Examples
///
/// Locking a room and regenerating the rest of the mansion with a new seed: the level changes, but the
/// locked room's floor and ring keep every cell's terrain and item:
///
/// ```
/// use mansion_forge::edit::locks::covered_cells;
/// use mansion_forge::edit::{Command, Document, Edit};
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::model::{Level, LockOrigin, RoomKind};
///
/// let mut doc = Document::new(Recipe::campaign_level(1, 4)).expect("generates");
/// let room = doc.level.rooms.iter().position(|r| r.kind == RoomKind::Room).expect("a chamber");
/// doc.apply(Edit::Lock { room }).expect("a chamber can be locked");
/// assert!(doc.is_locked(room));
/// assert_eq!(doc.lock_origin(room), Some(LockOrigin::Designer));
///
/// let content = |level: &Level| -> Vec<_> {
///     let cells = covered_cells(level, room);
///     cells.into_iter().map(|c| (c, level.terrain(c), level.item_at(c).copied())).collect()
/// };
/// let before = doc.level.clone();
/// doc.execute(&Command::Regenerate { seed: 77 }).expect("the lock can be kept");
/// assert_eq!(doc.recipe.seed, 77);
/// assert_ne!(doc.level, before, "the unlocked rooms are generated anew");
/// assert_eq!(content(&doc.level), content(&before));
/// assert_eq!(doc.locked_rooms(), [room]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// What the level was generated from: generator, parameters, level number, seed and re-rolls.
    pub recipe: Recipe,
    /// The locks the level was generated with.
    pub base_locks: Vec<LockedRoom>,
    /// Hand edits since that generation, in order.
    pub edits: Vec<Edit>,
    /// The locks now in force (base locks changed by edits).
    pub locks: Vec<LockedRoom>,
    /// The level as the recipe, base locks and edits make it; what the editor shows.
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
        let replayed = Self::replay_until_broken(recipe, base_locks, edits)?;
        match replayed.broken {
            Some(broken) => Err(broken.error.into()),
            None => Ok(replayed.document),
        }
    }

    /// Rebuilds a document as [`Document::replay`] does, but stops at the first edit that cannot be
    /// applied instead of failing: the document then holds the edits before it (a refused edit leaves
    /// the level as it was), and the edit is named. A hand-edited preset with one bad edit among
    /// thousands can so still be opened without it and the edits after it, which may depend on it.
    pub fn replay_until_broken(
        recipe: Recipe,
        base_locks: Vec<LockedRoom>,
        edits: Vec<Edit>,
    ) -> Result<Replayed, GenerateError> {
        let level = rebuild::build(&recipe, &base_locks)?;
        let mut document = Document {
            recipe,
            locks: base_locks.clone(),
            base_locks,
            edits: Vec::with_capacity(edits.len()),
            level,
        };
        // As after any regeneration: the locks in force are taken from the level they built.
        document.refresh_locks();
        let total = edits.len();
        for (index, edit) in edits.into_iter().enumerate() {
            if let Err(error) = document.apply(edit.clone()) {
                let broken = Some(EditFailure {
                    index,
                    total,
                    edit,
                    error,
                });
                return Ok(Replayed { document, broken });
            }
        }
        Ok(Replayed {
            document,
            broken: None,
        })
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

    /// Whether room `room` is locked with new patrols let in ([`LockedRoom::allow_patrols`]); false
    /// for a room that is not locked.
    pub fn allows_patrols(&self, room: RoomId) -> bool {
        self.locks
            .iter()
            .any(|l| l.allow_patrols && locks::same_room(l, &self.level, room))
    }

    /// Who locked room `room` of the current level: the designer, or a hand edit that touched it;
    /// `None` when it is not locked.
    pub fn lock_origin(&self, room: RoomId) -> Option<LockOrigin> {
        self.locks
            .iter()
            .find(|l| locks::same_room(l, &self.level, room))
            .map(|l| l.by)
    }

    /// The guards (indices into the level's guards) whose patrols step into locked rooms but also
    /// leave them, so the current locks cannot keep them: a regeneration plans those anew. Every other
    /// guard whose patrol touches a locked room is kept with its route.
    pub fn unkept_guards(&self) -> Vec<usize> {
        locks::unkept_guards(&self.level, &self.locks)
    }

    /// Applies a hand edit. Rooms it touches are locked so a regeneration keeps the fix; a designer's
    /// [`Edit::Lock`] turns an edit lock into a designer lock, and [`Edit::Unlock`] removes either.
    /// Returns the rooms this edit locked that were not locked before (never the room of a `Lock`),
    /// so the editor can say why they are now locked.
    pub fn apply(&mut self, edit: Edit) -> Result<Vec<RoomId>, EditError> {
        if let Edit::AllowPatrols { room, .. } = edit
            && room < self.level.rooms.len()
            && !self.is_locked(room)
        {
            return Err(EditError::NotLocked(room));
        }
        let changed = edit.apply(&mut self.level)?;
        let mut locked = Vec::new();
        match edit {
            Edit::Lock { room } => {
                self.lock(room, LockOrigin::Designer);
            }
            Edit::Unlock { room } => {
                let level = &self.level;
                self.locks.retain(|l| !locks::same_room(l, level, room));
            }
            Edit::AllowPatrols { room, allow } => {
                let level = &self.level;
                let lock = self
                    .locks
                    .iter_mut()
                    .find(|l| locks::same_room(l, level, room));
                if let Some(lock) = lock {
                    lock.allow_patrols = allow;
                }
            }
            _ => {
                for room in locks::rooms_touched(&self.level, &changed) {
                    if self.lock(room, LockOrigin::Edit) {
                        locked.push(room);
                    }
                }
            }
        }
        self.refresh_locks();
        self.edits.push(edit);
        Ok(locked)
    }

    /// Locks `room` on behalf of `by`; a designer lock takes over an edit lock of the room. True when
    /// the room was not locked before.
    fn lock(&mut self, room: RoomId, by: LockOrigin) -> bool {
        let level = &self.level;
        if let Some(lock) = self
            .locks
            .iter_mut()
            .find(|l| locks::same_room(l, level, room))
        {
            if by == LockOrigin::Designer {
                lock.by = by;
            }
            return false;
        }
        match locks::snapshot(level, room) {
            Some(snapshot) => {
                self.locks.push(LockedRoom { by, ..snapshot });
                true
            }
            None => false,
        }
    }

    /// Re-captures every lock from the level, so locked rooms hold their latest hand fixes, and records
    /// in them the patrols they now keep.
    fn refresh_locks(&mut self) {
        let level = &self.level;
        self.locks = self
            .locks
            .iter()
            .map(|lock| {
                let room = (0..level.rooms.len()).find(|&r| locks::same_room(lock, level, r));
                room.and_then(|r| locks::snapshot(level, r)).map_or_else(
                    || lock.clone(),
                    |snapshot| LockedRoom {
                        by: lock.by,
                        allow_patrols: lock.allow_patrols,
                        ..snapshot
                    },
                )
            })
            .collect();
        locks::keep_patrols(&self.level, &mut self.locks);
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

    /// Runs one command; on error the document is unchanged. Returns the rooms a hand edit locked (see
    /// [`Document::apply`]); nothing for the other commands.
    pub fn execute(&mut self, command: &Command) -> Result<Vec<RoomId>, CommandError> {
        match command {
            Command::Edit(edit) => return Ok(self.apply(edit.clone())?),
            Command::Regenerate { seed } => {
                // An exact recipe's steps share one stream; regenerating needs the normal mode's.
                let normal = self.recipe.normal();
                let locked = !self.locks.is_empty();
                let recipe = Recipe {
                    seed: *seed,
                    generator: normal.generator.regenerated(normal.seed, locked),
                    ..normal
                };
                self.rebuild(recipe)?;
            }
            Command::Reroll(step) => {
                let normal = self.recipe.normal();
                let recipe = Recipe {
                    rerolls: normal.rerolls.bump(*step),
                    ..normal
                };
                self.rebuild(recipe)?;
            }
        }
        Ok(Vec::new())
    }
}

/// How many steps the history keeps.
const HISTORY_LIMIT: usize = 500;

/// One undo/redo history of whole-document states: every command is undoable the same way.
///
/// # Examples
///
/// A hand edit (which locks the room it touches) and a regeneration, both undone and redone:
///
/// ```
/// use mansion_forge::edit::{Command, Document, Edit, History};
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::model::{ItemKind, RoomKind};
///
/// let mut doc = Document::new(Recipe::campaign_level(2, 3)).expect("generates");
/// let original = doc.clone();
/// let mut history = History::default();
/// assert!(!history.can_undo() && !history.can_redo());
///
/// // A coin on a free floor cell of a chamber.
/// let (room, cell) = doc.level.rooms.iter().enumerate()
///     .filter(|(_, r)| r.kind == RoomKind::Room)
///     .flat_map(|(id, r)| r.cells.iter().map(move |&c| (id, c)))
///     .find(|&(_, c)| doc.level.item_at(c).is_none())
///     .expect("a free floor cell");
/// let coin = Edit::SetItem { cell, item: Some(ItemKind::Coin) };
/// history.run(&mut doc, &Command::Edit(coin)).expect("applies");
/// assert_eq!(doc.level.item_at(cell).map(|item| item.kind), Some(ItemKind::Coin));
/// assert!(doc.is_locked(room), "the edited room is locked to keep the edit");
/// assert!(history.newly_locked().contains(&room));
///
/// history.run(&mut doc, &Command::Regenerate { seed: 5 }).expect("regenerates");
/// let (done, undone) = history.entries();
/// assert_eq!(done.len(), 2);
/// assert_eq!(done[1], "Regenerate unlocked rooms (seed 5)");
/// assert!(undone.is_empty());
///
/// assert!(history.undo(&mut doc) && history.undo(&mut doc));
/// assert_eq!(doc, original);
/// assert!(!history.undo(&mut doc), "nothing left to undo");
/// assert!(history.redo(&mut doc));
/// assert_eq!(doc.level.item_at(cell).map(|item| item.kind), Some(ItemKind::Coin));
/// assert!(history.can_redo());
/// ```
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<(String, Document)>,
    redo: Vec<(String, Document)>,
    /// What the last command run locked to keep a hand edit.
    newly_locked: Vec<RoomId>,
}

impl History {
    /// Runs `command` on `doc` and records it; nothing is recorded when it fails.
    pub fn run(&mut self, doc: &mut Document, command: &Command) -> Result<(), CommandError> {
        let before = doc.clone();
        // Cleared first, so that a refused command leaves nothing to report.
        self.newly_locked.clear();
        self.newly_locked = doc.execute(command)?;
        self.undo.push((command.describe(&before.level), before));
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        Ok(())
    }

    /// The rooms the last command [`History::run`] ran locked to keep a hand edit (see
    /// [`Document::apply`]), for a note such as "room 12 locked to keep your edit"; empty after any
    /// other command, a refused one, an undo or a redo.
    pub fn newly_locked(&self) -> &[RoomId] {
        &self.newly_locked
    }

    /// Steps back one command; false when there is nothing to undo.
    pub fn undo(&mut self, doc: &mut Document) -> bool {
        self.newly_locked.clear();
        let Some((label, before)) = self.undo.pop() else {
            return false;
        };
        let after = std::mem::replace(doc, before);
        self.redo.push((label, after));
        true
    }

    /// Re-applies the last undone command; false when there is nothing to redo.
    pub fn redo(&mut self, doc: &mut Document) -> bool {
        self.newly_locked.clear();
        let Some((label, after)) = self.redo.pop() else {
            return false;
        };
        let before = std::mem::replace(doc, after);
        self.undo.push((label, before));
        true
    }

    /// Whether [`History::undo`] has a command to step back over (to grey out the menu entry).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`History::redo`] has an undone command to re-apply.
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
