//! Commands that talk to the user before acting: the modal prompts (unsaved changes before New, Open
//! and quit; an edit to confirm; recovery of an autosaved document), and serving the file dialogs
//! (`file_dialogs`) and the window what the frame's commands asked of them.
//!
//! Everything past the dialog is a path-taking function in `files`, which is what the tests call.

use std::path::PathBuf;

use egui::{Context, Id, Modal, ViewportCommand};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Answer, Pending, Replacement};
use crate::app::files::file_dialogs::FileDialogs;
use crate::app::state::{EditorState, MessageKind};
use crate::paint::palette;

/// Serves what the frame's commands asked of the window: a file dialog, text for the system clipboard,
/// or closing it after Quit.
pub fn serve(ctx: &Context, state: &mut EditorState, file_dialogs: &mut FileDialogs) {
    if let Some(text) = state.system_clipboard.take() {
        ctx.copy_text(text);
    }
    if let Some(purpose) = state.files.ask.take() {
        file_dialogs.ask_path(state, purpose);
    }
    if std::mem::take(&mut state.files.close_window) {
        ctx.send_viewport_cmd(ViewportCommand::Close);
    }
}

/// The modal prompts and the in-app file dialog, when one is due; one prompt at a time.
pub fn modals(
    ctx: &Context,
    state: &mut EditorState,
    file_dialogs: &mut FileDialogs,
    commands: &mut Vec<Command>,
) {
    file_dialogs.ui(ctx, state);
    if let Some(pending) = &state.files.pending {
        let question = match &state.files.path {
            Some(_) => format!(
                "Save the changes to {} before you {}?",
                state.file_name(),
                pending.describe()
            ),
            None => format!(
                "Save this untitled document before you {}?",
                pending.describe()
            ),
        };
        let mut answer = None;
        let modal = Modal::new(Id::unique("unsaved-changes")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(question);
            ui.weak("Discard loses the changes made since the document was last saved.");
            if state.message_kind == MessageKind::Error
                && let Some(message) = &state.message
            {
                ui.colored_label(palette::TEXT_ERROR, message);
            }
            ui.horizontal(|ui| {
                for &choice in Answer::ALL {
                    if ui.button(choice.label()).clicked() {
                        answer = Some(choice);
                    }
                }
            });
        });
        // Escape or a click beside the prompt is Cancel.
        if answer.is_none() && modal.should_close() {
            answer = Some(Answer::Cancel);
        }
        if let Some(answer) = answer {
            state.answer_prompt(answer);
        }
    }
    // One question at a time: a confirmation waits while unsaved work or a recovery is asked about.
    let other_question = state.files.pending.is_some() || state.files.recovery_offer.is_some();
    if let Some(confirmation) = state.confirm.as_ref().filter(|_| !other_question) {
        let mut answer = None;
        let modal = Modal::new(Id::unique("confirmation")).show(ctx, |ui| {
            ui.heading(&confirmation.title);
            ui.label(&confirmation.question);
            ui.horizontal(|ui| {
                if ui.button(confirmation.yes).clicked() {
                    answer = Some(true);
                }
                if ui.button(confirmation.no).clicked() {
                    answer = Some(false);
                }
            });
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(false);
        }
        if let Some(yes) = answer {
            commands.extend(state.answer_confirmation(yes));
        }
    }
    if let Some((path, summary)) = state.files.recovery_offer.clone() {
        let mut answer = None;
        Modal::new(Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label("The editor did not close cleanly last time.");
            ui.label(summary);
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard recovered document").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                state.files.recovery_offer = None;
                state.request(Pending::Replace(Replacement::Recover(path)));
            }
            Some(false) => {
                state.files.recovery_offer = None;
                state.remove_recovery();
            }
            None => {}
        }
    }
}

/// Keeps the window open while there are unsaved changes (asking first), and removes the recovery
/// file on a clean exit.
pub fn on_close_request(ctx: &Context, state: &mut EditorState) {
    if !ctx.input(|i| i.viewport().close_requested()) {
        return;
    }
    if state.dirty && !state.files.allow_close {
        ctx.send_viewport_cmd(ViewportCommand::CancelClose);
        state.files.pending = Some(Pending::Quit);
    } else {
        state.remove_recovery();
    }
}

/// Opens a `.ron` or `.json` dropped on the window (asking about unsaved changes first).
pub fn on_dropped_files(ctx: &Context, state: &mut EditorState) {
    let dropped: Vec<PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .collect()
    });
    if let Some(path) = dropped.into_iter().next() {
        state.request(Pending::Replace(Replacement::Open(Some(path))));
    }
}

/// Sends the window title when it changed (file name and the unsaved marker).
pub fn update_title(ctx: &Context, state: &mut EditorState) {
    let title = state.title();
    if title != state.files.title_sent {
        ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
        state.files.title_sent = title;
    }
}
