//! Commands that talk to the user before acting: file dialogs (the system's through rfd where it can be
//! shown, else the editor's own — see `native_dialog`) and the modal prompts (unsaved changes before
//! New, Open and quit; recovery of an autosaved document).
//!
//! Everything past the dialog is a path-taking function in `files`, which is what the tests call.

use std::path::{Path, PathBuf};
use std::time::Instant;

use egui::{Context, Id, Modal, ViewportCommand};

use super::commands::Command;
use super::file_dialog::{FileDialog, Outcome, Request};
use super::file_state::PathPurpose;
use super::native_dialog::{self, DialogChoice};
use super::pending::{Answer, Pending, Replacement};
use super::state::{EditorState, MessageKind, Source};
use crate::paint::palette;

/// Serves what the frame's commands asked of the window: a file dialog, text for the system clipboard,
/// or closing it after Quit.
pub fn serve(ctx: &Context, state: &mut EditorState) {
    if let Some(text) = state.system_clipboard.take() {
        ctx.copy_text(text);
    }
    if let Some(purpose) = state.files.ask.take() {
        ask_path(state, purpose);
    }
    if std::mem::take(&mut state.files.close_window) {
        ctx.send_viewport_cmd(ViewportCommand::Close);
    }
}

/// What a dialog for `purpose` asks: title, file kind, and where it starts — the last dialog's folder,
/// else the document's, else the current one — with the document's name proposed when saving.
fn request_for(state: &EditorState, purpose: &PathPurpose) -> Request {
    let doc_path = state.files.path.as_deref();
    let doc_folder = doc_path.and_then(Path::parent).map(Path::to_path_buf);
    let last_folder = state.files.last_folder.clone();
    // An export goes beside its document; other dialogs start where the last one ended.
    let (first, second) = match purpose {
        PathPurpose::Export(_) => (doc_folder, last_folder),
        _ => (last_folder, doc_folder),
    };
    let folder = first
        .filter(|f| !f.as_os_str().is_empty())
        .or(second)
        .filter(|f| !f.as_os_str().is_empty())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."));
    let stem = match (doc_path.and_then(Path::file_stem), &state.source) {
        (Some(stem), _) => stem.to_string_lossy().into_owned(),
        (None, Source::Campaign { game_seed, level }) => {
            format!("game-{game_seed}-mansion-{level}")
        }
        (None, _) => "mansion".to_string(),
    };
    let (title, filter, extensions, save) = match purpose {
        PathPurpose::SaveAs { .. } => (
            "Save preset as".to_string(),
            "Mansion Forge preset".to_string(),
            vec!["ron"],
            true,
        ),
        PathPurpose::Open => (
            "Open a preset or level file".to_string(),
            "Presets and level files".to_string(),
            vec!["ron", "json"],
            false,
        ),
        PathPurpose::Compare => (
            "Compare with a preset or level file".to_string(),
            "Presets and level files".to_string(),
            vec!["ron", "json"],
            false,
        ),
        PathPurpose::Export(kind) => {
            let what = kind.label().trim_end_matches('…');
            (
                format!("Export {what}"),
                what.to_string(),
                vec![kind.extension()],
                true,
            )
        }
    };
    let file_name = if save {
        format!("{stem}.{}", extensions[0])
    } else {
        String::new()
    };
    Request {
        title,
        filter,
        extensions,
        folder,
        file_name,
        save,
    }
}

/// Asks for a path for `purpose` and carries it out: with the system dialog where it can be shown,
/// else by opening the editor's own, whose answer [`modals`] handles on a later frame.
fn ask_path(state: &mut EditorState, purpose: PathPurpose) {
    let request = request_for(state, &purpose);
    if state.files.dialogs == DialogChoice::Detect {
        state.files.dialogs = native_dialog::choose();
    }
    if let DialogChoice::Native { forced } = state.files.dialogs {
        let started = Instant::now();
        match native_dialog::ask(&request) {
            Some(path) => return finish(state, purpose, &path),
            None if forced || started.elapsed() >= native_dialog::INSTANT => return,
            None => {
                state.files.dialogs = DialogChoice::Builtin(
                    "the system file dialog closed before it was shown".to_string(),
                );
            }
        }
    }
    open_in_app_dialog(state, purpose);
}

/// Opens the editor's own file dialog for `purpose`, saying why in the status bar; its answer is
/// carried out by [`modals`] on a later frame. (Public for the documentation screenshot.)
pub fn open_in_app_dialog(state: &mut EditorState, purpose: PathPurpose) {
    let request = request_for(state, &purpose);
    let why = match &state.files.dialogs {
        DialogChoice::Builtin(why) => why.as_str(),
        _ => "the system file dialog cannot be shown",
    };
    state.say(
        MessageKind::Info,
        format!(
            "{}: using the editor's own file dialog ({why})",
            request.title
        ),
    );
    state.files.builtin_dialog = Some((FileDialog::new(request), purpose));
}

/// Carries out `purpose` with the chosen path.
fn finish(state: &mut EditorState, purpose: PathPurpose, path: &Path) {
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        state.files.last_folder = Some(folder.to_path_buf());
    }
    match purpose {
        PathPurpose::SaveAs { then } => {
            state.save_to(path);
            if let Some(pending) = then.filter(|_| !state.dirty) {
                state.carry_out(pending);
            }
        }
        PathPurpose::Open => {
            state.open_path(path);
        }
        PathPurpose::Compare => state.compare_with_file(path),
        PathPurpose::Export(kind) => state.export_to(kind, path),
    }
}

/// The editor's own file dialog while it is open; when it ends, its folder is remembered and a chosen
/// path carried out. Cancelling changes nothing else.
fn builtin_dialog(ctx: &Context, state: &mut EditorState) {
    let Some((dialog, _)) = state.files.builtin_dialog.as_mut() else {
        return;
    };
    let Some(outcome) = dialog.show(ctx) else {
        return;
    };
    let Some((dialog, purpose)) = state.files.builtin_dialog.take() else {
        return;
    };
    state.files.last_folder = Some(dialog.folder().to_path_buf());
    match outcome {
        Outcome::Chosen(path) => finish(state, purpose, &path),
        Outcome::Cancelled => {
            state.say(MessageKind::Info, format!("{}: cancelled", dialog.title()));
        }
    }
}

/// The modal prompts and the in-app file dialog, when one is due; one prompt at a time.
pub fn modals(ctx: &Context, state: &mut EditorState, commands: &mut Vec<Command>) {
    builtin_dialog(ctx, state);
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
                for choice in Answer::ALL {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::export::Format;

    #[test]
    fn an_export_defaults_to_the_documents_name_and_folder() {
        let mut state = EditorState::new_default();
        state.files.path = Some(PathBuf::from("/levels/castle/keep.ron"));
        state.files.last_folder = Some(PathBuf::from("/somewhere/else"));
        let export = request_for(&state, &PathPurpose::Export(Format::Json));
        assert_eq!(export.folder, PathBuf::from("/levels/castle"));
        assert_eq!(export.file_name, "keep.json");
        let save_as = request_for(&state, &PathPurpose::SaveAs { then: None });
        assert_eq!(save_as.folder, PathBuf::from("/somewhere/else"));
        state.files.path = None;
        state.source = Source::Campaign {
            game_seed: 3,
            level: 9,
        };
        let untitled = request_for(&state, &PathPurpose::Export(Format::Ron));
        assert_eq!(untitled.file_name, "game-3-mansion-9.ron");
    }
}
