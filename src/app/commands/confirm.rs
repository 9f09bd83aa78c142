//! Asking before an action with a consequence the designer may not see: closing a doorway that walls
//! off part of the mansion, or opening a preset without a hand edit that no longer fits. The action
//! waits in [`EditorState::confirm`] until the designer answers; it is carried out only on "yes", an edit
//! through the same history as every other edit.

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Confirmed, Pending, Replacement};
use crate::app::state::{EditorState, MessageKind};

impl EditorState {
    /// The answer to the pending confirmation: on "yes", the command it was for (for the dispatcher to
    /// carry out) or the file opened; on "no", nothing but a word in the status bar.
    pub fn answer_confirmation(&mut self, yes: bool) -> Option<Command> {
        let confirmation = self.confirm.take()?;
        if !yes {
            let text = format!("{}: nothing changed", confirmation.no);
            self.say(MessageKind::Info, text);
            return None;
        }
        match confirmation.action {
            Confirmed::Apply(command) => Some(command),
            Confirmed::OpenSkippingBrokenEdits(path) => {
                self.carry_out(Pending::Replace(Replacement::OpenSkippingBrokenEdits(path)));
                None
            }
        }
    }
}
