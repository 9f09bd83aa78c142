//! The designer's settings, kept between sessions: a plain value the state holds and the session code
//! stores.

use serde::{Deserialize, Serialize};

/// The designer's settings, kept between sessions in eframe's storage (each platform's own folder).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Open the most recent file at start when no file is named on the command line.
    pub reopen_last_file: bool,
}

/// The storage key of the [`Settings`].
pub const SETTINGS_KEY: &str = "settings";
