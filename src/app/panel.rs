//! The one shape of the editor's panels and windows ([`Panel`]): each is a struct that owns its own
//! fields, reads the editor's state and sends the commands it wants carried out. Only the dispatcher
//! (`commands::dispatch`) changes the state or a panel on a command, so no panel writes the state or
//! another panel's fields, and the editor (`editor.rs`) draws every panel the same way.

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::state::EditorState;

/// A panel, window or dialog of the editor.
pub trait Panel {
    /// Draws the panel into `ui` (a window or dialog: when it is open, on `ui`'s context), reading
    /// `state` and pushing what the designer asked for to `commands`.
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>);
}
