//! Commands that talk to the user before acting: native file dialogs (rfd, only in the real window) and
//! the modal prompts (unsaved changes before New, Open and quit; recovery of an autosaved document).
//!
//! Everything past the dialog is a path-taking function in `files`, which is what the tests call.

use std::path::PathBuf;

use egui::{Context, Id, Modal, ViewportCommand};

use super::commands::Command;
use super::files::Pending;
use super::state::EditorState;
use crate::io::export::Format;

/// Carries out a command, asking first where a dialog or prompt is needed.
pub fn dispatch(ctx: &Context, state: &mut EditorState, command: Command) {
    match command {
        Command::New => request(ctx, state, Pending::New),
        Command::Open => request(ctx, state, Pending::Open(None)),
        Command::OpenRecent(n) => {
            if let Some(path) = state.files.recent.get(n).cloned() {
                request(ctx, state, Pending::Open(Some(path)));
            }
        }
        Command::SaveAs => {
            save_as(state);
        }
        Command::Save if state.files.path.is_none() => {
            save_as(state);
        }
        Command::Export(kind) => {
            if let Some(path) = pick_export(state, kind) {
                state.export_to(kind, &path);
            }
        }
        other => state.apply(other),
    }
}

/// Does `pending` now, or first asks about unsaved changes.
pub fn request(ctx: &Context, state: &mut EditorState, pending: Pending) {
    if state.dirty {
        state.files.pending = Some(pending);
    } else {
        carry_out(ctx, state, pending);
    }
}

fn carry_out(ctx: &Context, state: &mut EditorState, pending: Pending) {
    match pending {
        Pending::New => state.apply(Command::New),
        Pending::Open(Some(path)) => {
            state.open_path(&path);
        }
        Pending::Open(None) => {
            if let Some(path) = pick_open(state) {
                state.open_path(&path);
            }
        }
        Pending::Quit => {
            state.files.allow_close = true;
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }
}

/// Saves under a name from the dialog; false when cancelled or failed.
fn save_as(state: &mut EditorState) -> bool {
    if !state.files.native_dialogs {
        state.message = Some("Save As needs a file dialog, which this session has not".into());
        return false;
    }
    let Some(path) = rfd::FileDialog::new()
        .add_filter("Mansion Forge preset", &["ron"])
        .set_file_name("mansion.ron")
        .save_file()
    else {
        return false;
    };
    state.save_to(&path);
    !state.dirty
}

fn pick_open(state: &mut EditorState) -> Option<PathBuf> {
    if !state.files.native_dialogs {
        state.message = Some("Open needs a file dialog, which this session has not".into());
        return None;
    }
    rfd::FileDialog::new()
        .add_filter("Presets and level files", &["ron", "json"])
        .pick_file()
}

fn pick_export(state: &mut EditorState, format: Format) -> Option<PathBuf> {
    if !state.files.native_dialogs {
        state.message = Some("Export needs a file dialog, which this session has not".into());
        return None;
    }
    rfd::FileDialog::new()
        .add_filter(format.label(), &[format.extension()])
        .set_file_name(format!("mansion.{}", format.extension()))
        .save_file()
}

/// The modal prompts, when one is due.
pub fn modals(ctx: &Context, state: &mut EditorState) {
    if let Some(pending) = state.files.pending.clone() {
        let mut answer = None;
        Modal::new(Id::unique("unsaved-changes")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "{} has changes that are not saved.",
                state.file_name()
            ));
            ui.horizontal(|ui| {
                for choice in ["Save", "Discard", "Cancel"] {
                    if ui.button(choice).clicked() {
                        answer = Some(choice);
                    }
                }
            });
        });
        match answer {
            Some("Save") => {
                let saved = match state.files.path.clone() {
                    Some(path) => {
                        state.save_to(&path);
                        !state.dirty
                    }
                    None => save_as(state),
                };
                if saved {
                    state.files.pending = None;
                    carry_out(ctx, state, pending);
                }
            }
            Some("Discard") => {
                state.files.pending = None;
                state.mark_saved();
                carry_out(ctx, state, pending);
            }
            Some(_) => state.files.pending = None,
            None => {}
        }
    }
    if let Some(path) = state.files.recovery_offer.clone() {
        let mut answer = None;
        Modal::new(Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label("The editor did not close cleanly last time; an autosaved document was kept.");
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
                state.recover(&path);
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
        request(ctx, state, Pending::Open(Some(path)));
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
