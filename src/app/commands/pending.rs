//! What waits for the designer's answer: a document to show instead of the current one (asked with
//! Save / Discard / Cancel when there are unsaved changes, see `replace`), and an action with a
//! consequence the designer may not see (asked with yes / no, see `confirm`). Plain values: the state
//! holds them, the prompts show them, the dispatcher carries them out.

use std::path::PathBuf;

use crate::app::commands::command::Command;
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
    /// A mansion of a game's campaign, as the campaign's own generator makes it.
    Mansion {
        /// The game whose campaign it belongs to.
        game_seed: u64,
        /// Which mansion of the game (0–9).
        level: u32,
        /// In the exact 2023 mode (the game drawn from one mulberry32 stream).
        exact: bool,
    },
    /// A seed-browser match: a mansion of a game made by the document's generator, which need not
    /// be the campaign's.
    Variant {
        /// The game the match was found in.
        game_seed: u64,
        /// Which mansion of the game (0–9).
        level: u32,
    },
    /// The generator picker's recipe, without the old document's locks and edits.
    Recipe(Recipe),
    /// A game's mansion named by how it was asked for: a run's mansion ("Daily run of 2027-03-14,
    /// mansion 1 of 3") or a level seed's; the name becomes the document's ([`crate::app::state::Source::Named`]).
    GameMansion {
        /// What makes the mansion.
        recipe: Recipe,
        /// What it is, in the prompt and then the document's title.
        name: String,
    },
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
            Replacement::Mansion {
                game_seed,
                level,
                exact,
            } => {
                let mode = if *exact { " (exact 2023)" } else { "" };
                format!("open mansion {level} of game {game_seed}{mode}")
            }
            Replacement::Variant { game_seed, level } => {
                format!("open the seed browser's pick, mansion {level} of game {game_seed}")
            }
            Replacement::Recipe(_) => "apply the new generator recipe".to_string(),
            Replacement::GameMansion { name, .. } => format!("open {name}"),
            Replacement::Recover(_) => "recover the autosaved document".to_string(),
        }
    }
}

/// An action waiting for the Save / Discard / Cancel answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// Show another document instead of this one.
    Replace(Replacement),
    /// Close the editor window.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::VariantArray)]
pub enum Answer {
    /// Save the document, then go on (an untitled one asks for a name first).
    Save,
    /// Go on without saving.
    Discard,
    /// Keep the document and do nothing.
    Cancel,
}

impl Answer {
    /// Every answer, in the order the prompt's buttons show them.
    pub const ALL: &'static [Answer] = <Answer as strum::VariantArray>::VARIANTS;

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

/// An edit waiting for a yes or no, with what the question says.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirmation {
    /// The prompt's heading, e.g. "Wall off 42 cells?".
    pub title: String,
    /// What will happen, in a designer's words.
    pub question: String,
    /// The button that goes ahead, e.g. "Close the door".
    pub yes: &'static str,
    /// The button that drops the edit, e.g. "Keep it open".
    pub no: &'static str,
    /// What the "yes" button carries out; "no" drops it.
    pub action: Confirmed,
}

/// What "yes" does.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirmed {
    /// Apply a command (an edit).
    Apply(Command),
    /// Open the preset at this path without its first edit that cannot be applied and the edits after
    /// it. The designer already agreed to replace the document when asking to open the file.
    OpenSkippingBrokenEdits(PathBuf),
}
