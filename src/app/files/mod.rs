//! Files and where they live: open, save, export and recovery behind functions that take a path, the file dialogs (system and in-app), the platform folders, the session and settings kept between runs, and what went wrong in a designer's words.

pub(super) mod file_dialog;
pub(super) mod file_dialogs;
pub(super) mod file_state;
pub(super) mod native_dialog;
pub(super) mod open_save;
pub(super) mod places;
pub(super) mod problems;
pub(super) mod session;
pub(super) mod settings;
