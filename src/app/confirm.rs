//! Asking before an edit with a consequence the designer may not see: closing a doorway that walls
//! off part of the mansion. The edit waits in [`EditorState::confirm`] until the designer answers; it is
//! made only on "yes", through the same history as every other edit.

use super::commands::Command;
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
    pub command: Command,
}

impl EditorState {
    /// The answer to the pending confirmation: carry out its command, or drop it and say so.
    pub fn answer_confirmation(&mut self, yes: bool) {
        let Some(confirmation) = self.confirm.take() else {
            return;
        };
        if yes {
            self.apply(confirmation.command);
        } else {
            let text = format!("{}: nothing changed", confirmation.no);
            self.say(MessageKind::Info, text);
        }
    }
}
