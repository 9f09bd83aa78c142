//! The file dialogs' own state: which kind of dialog this session shows (the system's through rfd
//! where it can be shown, else the editor's own — see `native_dialog`), the in-app dialog while it is
//! open, and the folder the next dialog starts in. A dialog only picks a path; what the path is for is
//! carried out by the path-taking functions in `files`, which is what the tests call.

use std::path::{Path, PathBuf};
use std::time::Instant;

use egui::Context;

use crate::app::files::file_dialog::{FileDialog, Outcome, Request};
use crate::app::files::file_state::PathPurpose;
use crate::app::files::native_dialog::{self, DialogChoice};
use crate::app::state::{EditorState, MessageKind};

/// The file dialogs: a panel of their own beside the document's state.
#[derive(Debug)]
pub struct FileDialogs {
    /// Native or in-app file dialogs: detected in the real window; in-app elsewhere (tests).
    pub choice: DialogChoice,
    /// The in-app file dialog while it is open, and what its path is for.
    pub open: Option<(FileDialog, PathPurpose)>,
    /// The folder the last dialog ended in, where the next one starts.
    pub last_folder: Option<PathBuf>,
    /// A play-through path chosen, for the play panel to save to or open (it holds the game).
    pub play_path: Option<(PathPurpose, PathBuf)>,
}

impl Default for FileDialogs {
    fn default() -> Self {
        FileDialogs {
            choice: DialogChoice::Builtin(
                "the system dialog is used only in the editor's own window".to_string(),
            ),
            open: None,
            last_folder: None,
            play_path: None,
        }
    }
}

impl FileDialogs {
    /// The real editor window's dialogs: whether the system's can be shown is found out when first
    /// needed.
    pub fn for_window() -> Self {
        FileDialogs {
            choice: DialogChoice::Detect,
            ..FileDialogs::default()
        }
    }

    /// What a dialog for `purpose` asks: title, file kind, and where it starts — the last dialog's folder,
    /// else the document's, else the current one — with the document's name proposed when saving.
    fn request_for(&self, state: &EditorState, purpose: &PathPurpose) -> Request {
        let doc_path = state.files.path.as_deref();
        let doc_folder = doc_path.and_then(Path::parent).map(Path::to_path_buf);
        let last_folder = self.last_folder.clone();
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
        let stem = match doc_path.and_then(Path::file_stem) {
            Some(stem) => stem.to_string_lossy().into_owned(),
            None => state
                .source
                .file_stem(&state.doc.recipe)
                .unwrap_or_else(|| "mansion".to_string()),
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
            PathPurpose::SavePlayThrough => (
                "Save play-through as".to_string(),
                "Mansion Forge play-through".to_string(),
                vec!["ron"],
                true,
            ),
            PathPurpose::OpenPlayThrough => (
                "Open a play-through".to_string(),
                "Mansion Forge play-through".to_string(),
                vec!["ron"],
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
        let file_name = if purpose == &PathPurpose::SavePlayThrough {
            format!("{stem}.play.ron")
        } else if save {
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
    /// else by opening the editor's own, whose answer [`Self::ui`] handles on a later frame.
    pub fn ask_path(&mut self, state: &mut EditorState, purpose: PathPurpose) {
        let request = self.request_for(state, &purpose);
        if self.choice == DialogChoice::Detect {
            self.choice = native_dialog::choose();
        }
        if let DialogChoice::Native { forced } = self.choice {
            let started = Instant::now();
            match native_dialog::ask(&request) {
                Some(path) => return self.finish(state, purpose, &path),
                None if forced || started.elapsed() >= native_dialog::INSTANT => return,
                None => {
                    self.choice = DialogChoice::Builtin(
                        "the system file dialog closed before it was shown".to_string(),
                    );
                }
            }
        }
        self.open_in_app(state, purpose);
    }

    /// Opens the editor's own file dialog for `purpose`, saying why in the status bar; its answer is
    /// carried out by [`Self::ui`] on a later frame.
    pub fn open_in_app(&mut self, state: &mut EditorState, purpose: PathPurpose) {
        let request = self.request_for(state, &purpose);
        let why = match &self.choice {
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
        self.open = Some((FileDialog::new(request), purpose));
    }

    /// Carries out `purpose` with the chosen path.
    fn finish(&mut self, state: &mut EditorState, purpose: PathPurpose, path: &Path) {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            self.last_folder = Some(folder.to_path_buf());
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
            PathPurpose::SavePlayThrough | PathPurpose::OpenPlayThrough => {
                self.play_path = Some((purpose, path.to_path_buf()));
            }
        }
    }

    /// The editor's own file dialog while it is open; when it ends, its folder is remembered and a chosen
    /// path carried out. Cancelling changes nothing else.
    pub fn ui(&mut self, ctx: &Context, state: &mut EditorState) {
        let Some((dialog, _)) = self.open.as_mut() else {
            return;
        };
        let Some(outcome) = dialog.show(ctx) else {
            return;
        };
        let Some((dialog, purpose)) = self.open.take() else {
            return;
        };
        self.last_folder = Some(dialog.folder().to_path_buf());
        match outcome {
            Outcome::Chosen(path) => self.finish(state, purpose, &path),
            Outcome::Cancelled => {
                state.say(MessageKind::Info, format!("{}: cancelled", dialog.title()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::state::Source;
    use crate::io::export::Format;

    #[test]
    fn an_export_defaults_to_the_documents_name_and_folder() {
        let mut state = EditorState::new_default();
        let mut dialogs = FileDialogs::default();
        state.files.path = Some(PathBuf::from("/levels/castle/keep.ron"));
        dialogs.last_folder = Some(PathBuf::from("/somewhere/else"));
        let export = dialogs.request_for(&state, &PathPurpose::Export(Format::Json));
        assert_eq!(export.folder, PathBuf::from("/levels/castle"));
        assert_eq!(export.file_name, "keep.json");
        let save_as = dialogs.request_for(&state, &PathPurpose::SaveAs { then: None });
        assert_eq!(save_as.folder, PathBuf::from("/somewhere/else"));
        state.files.path = None;
        state.source = Source::Campaign {
            game_seed: 3,
            level: 9,
        };
        let untitled = dialogs.request_for(&state, &PathPurpose::Export(Format::Ron));
        assert_eq!(untitled.file_name, "game-3-mansion-9.ron");
    }
}
