//! Why a command failed, and the one-line messages for it. A module of its own, apart from `cli/mod.rs`,
//! because every command module reports through it and `mod.rs` in turn uses the command modules: kept
//! in the parent, it would tie each command back to the parent in an import cycle.

use crate::io::level_file::LevelFileError;
use crate::io::level_or_preset::OpenError;
use crate::io::playthrough::PlayThroughError;
use crate::io::preset::PresetError;

/// Why a command failed, which sets the exit code.
#[derive(Debug)]
pub(super) enum CliError {
    /// Bad input: arguments or files. Exit 2.
    Input(String),
    /// The work itself failed. Exit 1.
    Failed(String),
    /// Standard output was closed early (`… | head`): not an error, stop quietly.
    BrokenPipe,
}

impl From<LevelFileError> for CliError {
    fn from(e: LevelFileError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<PlayThroughError> for CliError {
    fn from(e: PlayThroughError) -> Self {
        CliError::Input(e.to_string())
    }
}

/// The one line for a level file or preset that could not be opened: [`preset_message`] for a preset,
/// the reader's message for a level file.
pub(super) fn open_message(error: &OpenError) -> String {
    match error {
        OpenError::Preset(e) => preset_message(e),
        other @ OpenError::Level(_) => other.to_string(),
    }
}

/// The one line for a preset that could not be read or rebuilt: the loader's message, and for an edit
/// that cannot be applied, how to load the preset without it.
pub(super) fn preset_message(error: &PresetError) -> String {
    match error {
        PresetError::BrokenEdit { edit, .. } => format!(
            "{error}; --skip-broken-edits loads the preset without it{}",
            edit.and_after()
        ),
        other => other.to_string(),
    }
}
