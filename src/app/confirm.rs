//! Asking before an action with a consequence the designer may not see: closing a doorway that walls
//! off part of the mansion, or opening a preset without a hand edit that no longer fits. The action
//! waits in [`EditorState::confirm`] until the designer answers; it is carried out only on "yes", an edit
//! through the same history as every other edit.

use std::path::PathBuf;

use super::commands::Command;
use super::replace::{Pending, Replacement};
use super::state::{EditorState, MessageKind};

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

impl EditorState {
    /// The answer to the pending confirmation: carry out its command, or drop it and say so.
    pub fn answer_confirmation(&mut self, yes: bool) {
        let Some(confirmation) = self.confirm.take() else {
            return;
        };
        if yes {
            match confirmation.action {
                Confirmed::Apply(command) => self.apply(command),
                Confirmed::OpenSkippingBrokenEdits(path) => {
                    self.carry_out(Pending::Replace(Replacement::OpenSkippingBrokenEdits(path)));
                }
            }
        } else {
            let text = format!("{}: nothing changed", confirmation.no);
            self.say(MessageKind::Info, text);
        }
    }
}
