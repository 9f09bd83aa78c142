//! Replacing the document on screen by another one only with the designer's consent.
//!
//! Every action that shows another document — New, Open, a recent or dropped file, a campaign mansion, a
//! seed-browser match, the generator picker's recipe, a recovered document — is a [`Replacement`] and
//! goes through [`EditorState::request`]: with unsaved changes it waits for the Save / Discard / Cancel
//! prompt ([`EditorState::answer_prompt`]); without, it is carried out at once. Quitting asks the same way.
//!
//! A replacement starts a new document: the history starts over and Save writes only to the preset the
//! new document was opened from or saved to. So a campaign mansion opened over `my.ron` is untitled until
//! saved, and Save can never write it over `my.ron`. A replacement that fails (a broken file) leaves the
//! document as it was, unsaved changes and all, even after "Discard".

use std::path::PathBuf;
use std::time::Instant;

use super::files::PathPurpose;
use super::state::{EditorState, MessageKind, Source};
use crate::edit::Document;
use crate::generate::campaign;
use crate::generate::recipe::Recipe;

/// A document to show instead of the current one.
#[derive(Clone, Debug, PartialEq)]
pub enum Replacement {
    /// The default mansion, untitled.
    New,
    /// A preset or level file; `None` asks for it with a file dialog first.
    Open(Option<PathBuf>),
    /// A preset without its first hand edit that cannot be applied and the edits after it.
    OpenSkippingBrokenEdits(PathBuf),
    /// Mansion `level` (0–9) of game `game_seed`'s campaign.
    Mansion { game_seed: u64, level: u32 },
    /// A seed-browser match: mansion `level` of game `game_seed`, made by the document's generator.
    Variant { game_seed: u64, level: u32 },
    /// The generator picker's recipe, without the old document's locks and edits.
    Recipe(Recipe),
    /// The document autosaved before the editor last closed uncleanly.
    Recover(PathBuf),
}

impl Replacement {
    /// What the replacement does, to finish "Save the changes before you …?".
    pub fn describe(&self) -> String {
        match self {
            Replacement::New => "start a new document".to_string(),
            Replacement::Open(None) => "open another file".to_string(),
            Replacement::Open(Some(path)) => format!("open {}", display_name(path)),
            Replacement::OpenSkippingBrokenEdits(path) => {
                format!("open {} without its broken edits", display_name(path))
            }
            Replacement::Mansion { game_seed, level } => {
                format!("open mansion {level} of game {game_seed}")
            }
            Replacement::Variant { game_seed, level } => {
                format!("open the seed browser's mansion {level} of game {game_seed}")
            }
            Replacement::Recipe(_) => "apply the new generator recipe".to_string(),
            Replacement::Recover(_) => "recover the autosaved document".to_string(),
        }
    }
}

/// An action waiting for the Save / Discard / Cancel answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Replace(Replacement),
    Quit,
}

impl Pending {
    /// What the action does, to finish "Save the changes before you …?".
    pub fn describe(&self) -> String {
        match self {
            Pending::Replace(replacement) => replacement.describe(),
            Pending::Quit => "quit".to_string(),
        }
    }
}

/// The designer's answer to the unsaved-changes prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save the document, then go on (an untitled one asks for a name first).
    Save,
    /// Go on without saving.
    Discard,
    /// Keep the document and do nothing.
    Cancel,
}

impl Answer {
    pub const ALL: [Answer; 3] = [Answer::Save, Answer::Discard, Answer::Cancel];

    /// The button label, which is also the accessible name tests click.
    pub fn label(self) -> &'static str {
        match self {
            Answer::Save => "Save",
            Answer::Discard => "Discard",
            Answer::Cancel => "Cancel",
        }
    }
}

/// A path's file name for messages, or the whole path when it has none.
fn display_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

impl EditorState {
    /// Carries out `pending` now, or — when the document has unsaved changes — asks first.
    pub fn request(&mut self, pending: Pending) {
        if self.dirty {
            self.files.pending = Some(pending);
        } else {
            self.carry_out(pending);
        }
    }

    /// The answer to the unsaved-changes prompt: carries out the waiting action, or drops it.
    pub fn answer_prompt(&mut self, answer: Answer) {
        let Some(pending) = self.files.pending.take() else {
            return;
        };
        match answer {
            Answer::Save => match self.files.path.clone() {
                Some(path) => {
                    self.save_to(&path);
                    if self.dirty {
                        // The save failed (its message is in the status bar): keep asking.
                        self.files.pending = Some(pending);
                    } else {
                        self.carry_out(pending);
                    }
                }
                // Untitled: a name first; the action waits for the save (and is dropped, with the
                // document kept, if the dialog is cancelled).
                None => {
                    self.files.ask = Some(PathPurpose::SaveAs {
                        then: Some(pending),
                    });
                }
            },
            Answer::Discard => self.carry_out(pending),
            Answer::Cancel => self.say(
                MessageKind::Info,
                format!(
                    "Kept {}: did not {}",
                    self.document_name(),
                    pending.describe()
                ),
            ),
        }
    }

    /// Carries out `pending` without asking.
    pub(super) fn carry_out(&mut self, pending: Pending) {
        match pending {
            Pending::Quit => {
                self.files.allow_close = true;
                self.files.close_window = true;
            }
            Pending::Replace(replacement) => self.replace_with(replacement),
        }
    }

    fn replace_with(&mut self, replacement: Replacement) {
        match replacement {
            Replacement::New => {
                let mut fresh = Self::new_default();
                let message = fresh.message.take();
                self.replace_document(fresh.doc, fresh.source, None);
                self.message = message;
            }
            Replacement::Open(None) => self.files.ask = Some(PathPurpose::Open),
            Replacement::Open(Some(path)) => {
                self.open_path(&path);
            }
            Replacement::OpenSkippingBrokenEdits(path) => {
                self.open_path_skipping_broken_edits(&path);
            }
            Replacement::Mansion { game_seed, level } => {
                let recipe = Recipe::campaign_level(game_seed, level);
                self.open_generated(recipe, Source::Campaign { game_seed, level });
            }
            Replacement::Variant { game_seed, level } => {
                let generator = &self.doc.recipe.generator;
                let recipe = Recipe::for_game(generator, game_seed, level);
                // A campaign mansion is named as one; another generator's is a recipe.
                let source = if generator.kind().follows_campaign() {
                    Source::Campaign { game_seed, level }
                } else {
                    Source::Recipe
                };
                self.open_generated(recipe, source);
                // The campaign panel shows the match's game.
                self.seed_text = game_seed.to_string();
                self.campaign = campaign::plan(game_seed);
            }
            Replacement::Recipe(recipe) => {
                let dropped = super::picker::dropped_by_new_recipe(&self.doc);
                if self.open_generated(recipe, Source::Recipe) {
                    self.say_recipe_notes(dropped);
                }
            }
            Replacement::Recover(path) => self.recover(&path),
        }
    }

    /// Shows the level `recipe` makes as a new, untitled document; on failure the document stays and
    /// the status bar says why.
    fn open_generated(&mut self, recipe: Recipe, source: Source) -> bool {
        let started = Instant::now();
        match Document::new(recipe) {
            Ok(doc) => {
                let before = self.doc.level.clone();
                self.replace_document(doc, source, None);
                self.last_generation = Some(started.elapsed());
                self.before_regeneration = Some(before);
                true
            }
            Err(e) => {
                self.say(MessageKind::Error, format!("Cannot generate it: {e}"));
                false
            }
        }
    }

    /// After a new recipe: what the old document had that the new one does not, the parameters the
    /// generator clamped (in full: the designer typed those values) and its other notes.
    fn say_recipe_notes(&mut self, dropped: Option<String>) {
        let mut said: Vec<String> = dropped
            .into_iter()
            .map(|d| format!("the old document's {d} are not carried over"))
            .collect();
        let (clamps, notes): (Vec<_>, Vec<_>) = self
            .doc
            .level
            .diagnostics
            .iter()
            .partition(|n| n.kind() == crate::model::DiagnosticKind::Parameter);
        said.extend(clamps.iter().map(ToString::to_string));
        if let Some(first) = notes.first() {
            said.push(match notes.len() {
                1 => format!("generator note: {first}"),
                n => format!("{n} generator notes (validation panel), first: {first}"),
            });
        }
        if !said.is_empty() {
            let text = format!("New recipe applied: {}", said.join("; "));
            self.say(MessageKind::Warning, text);
        }
    }
}

/// The campaign panel's mansions, asked for through [`EditorState::request`] like every replacement.
impl EditorState {
    /// The mansion number the campaign panel's slider shows: the document's level.
    pub fn campaign_level(&self) -> u32 {
        self.doc.recipe.level.min(campaign::LEVELS as u32 - 1)
    }

    /// Which mansion of the campaign panel's game the document is, if it is one as the campaign makes
    /// it (same plan, level seed and no re-rolls): the panel highlights it, so the highlight follows
    /// undo and regeneration.
    pub fn campaign_mansion(&self) -> Option<u32> {
        let level = self.doc.recipe.level;
        (self.doc.recipe == Recipe::campaign_level(self.campaign.game_seed, level)).then_some(level)
    }

    /// Asks to open mansion `level` of the game seed typed in the seed field (see [`Self::request`]).
    pub(super) fn open_campaign(&mut self, level: u32) {
        let Ok(game_seed) = self.seed_text.trim().parse::<u64>() else {
            self.say(
                MessageKind::Error,
                format!(
                    "“{}” is not a seed: enter a whole number 0–{}",
                    self.seed_text.trim(),
                    u64::MAX
                ),
            );
            return;
        };
        let level = level.min(campaign::LEVELS as u32 - 1);
        self.request(Pending::Replace(Replacement::Mansion { game_seed, level }));
    }
}
