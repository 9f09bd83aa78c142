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

use std::time::Instant;

use crate::app::commands::pending::{Answer, Pending, Replacement};
use crate::app::files::file_state::PathPurpose;
use crate::app::panels::note_words::note_words;
use crate::app::state::{EditorState, MessageKind, Source};
use crate::edit::Document;
use crate::generate::recipe::Recipe;

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
    pub(crate) fn carry_out(&mut self, pending: Pending) {
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
            Replacement::Mansion {
                game_seed,
                level,
                exact,
            } => {
                let recipe = match u32::try_from(game_seed) {
                    Ok(game) if exact => Recipe::exact_level(game, level),
                    _ => Recipe::campaign_level(game_seed, level),
                };
                self.open_generated(recipe, Source::Campaign { game_seed, level });
            }
            Replacement::Variant { game_seed, level } => {
                let generator = &self.doc.recipe.generator;
                let recipe = Recipe::for_game(generator, game_seed, level);
                self.open_generated(recipe, Source::Browsed { game_seed, level });
            }
            Replacement::Recipe(recipe) => {
                let dropped = crate::app::panels::picker::dropped_by_new_recipe(&self.doc);
                if self.open_generated(recipe, Source::Recipe) {
                    self.say_recipe_notes(dropped);
                }
            }
            Replacement::GameMansion { recipe, name } => {
                let dropped = crate::app::panels::picker::dropped_by_new_recipe(&self.doc);
                if self.open_generated(recipe, Source::Named(name)) {
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
        if let Some(first) = notes.first().map(|note| note_words(note)) {
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
