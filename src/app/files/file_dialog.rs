//! The editor's own file dialog, for sessions where the system one cannot be shown (no desktop portal
//! and no zenity: rfd then returns at once as if cancelled, and Save As, Open and Export would do
//! nothing). See `native_dialog` for how that is detected.
//!
//! Deliberately small: a folder listing to click through (folders first, then the files with the
//! request's extensions; hidden entries left out), a file-name field that also takes a path, and
//! OK/Cancel. It never changes the file system itself — no rename, no new folder — so the only write is
//! the save the caller makes with the chosen path. Every widget has an accessible name, so the tests
//! drive it like a user.
//!
//! (The egui file-dialog crates were considered: `egui-file-dialog` does not support egui 0.37, and
//! `egui_file`'s text fields have no accessible names and it renames and creates folders.)

use std::path::{Path, PathBuf};

use egui::{Context, Id, Key, Modal, RichText, ScrollArea};

use crate::paint::palette;

/// What a dialog asks for; the system dialog is given the same.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The window title, e.g. "Save preset as".
    pub title: String,
    /// The name of the kind of file, e.g. "Mansion Forge preset".
    pub filter: String,
    /// Extensions (without the dot) of the files listed; a saved name without an extension gets the
    /// first.
    pub extensions: Vec<&'static str>,
    /// The folder shown first.
    pub folder: PathBuf,
    /// The file name proposed (saving) or empty (opening).
    pub file_name: String,
    /// Saving (the file may be new) rather than opening (it must exist).
    pub save: bool,
}

/// How a dialog ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Chosen(PathBuf),
    Cancelled,
}

/// One row of the folder listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub is_dir: bool,
}

/// Rows listed at most, so a folder of a million files cannot stall a frame.
const MAX_ENTRIES: usize = 2000;

/// The in-app dialog while it is open.
#[derive(Debug)]
pub struct FileDialog {
    request: Request,
    folder: PathBuf,
    /// The file-name field: a name in `folder`, or a relative or absolute path.
    name: String,
    listing: Result<Vec<Entry>, String>,
    /// Why the last OK did not end the dialog.
    problem: Option<String>,
    /// An existing file the user was asked about; a second OK with the same name replaces it.
    replace: Option<PathBuf>,
    focus_name: bool,
}

impl FileDialog {
    pub fn new(request: Request) -> Self {
        let folder = request.folder.clone();
        let mut dialog = FileDialog {
            name: request.file_name.clone(),
            listing: Ok(Vec::new()),
            folder: PathBuf::new(),
            request,
            problem: None,
            replace: None,
            focus_name: true,
        };
        dialog.enter(folder);
        dialog
    }

    /// The folder shown, which the editor remembers for the next dialog.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The title, for the status line.
    pub fn title(&self) -> &str {
        &self.request.title
    }

    fn enter(&mut self, folder: PathBuf) {
        self.listing = list_folder(&folder, &self.request.extensions);
        self.folder = folder;
        self.problem = None;
        self.replace = None;
    }

    /// OK: the chosen path, or `None` with [`FileDialog::problem`] saying why (or after entering a
    /// folder typed in the field).
    fn confirm(&mut self) -> Option<PathBuf> {
        let typed = self.name.trim();
        if typed.is_empty() {
            self.problem = Some("type a file name, or click a file".to_string());
            return None;
        }
        let mut path = self.folder.join(typed);
        if path.is_dir() {
            self.name.clear();
            self.enter(path);
            return None;
        }
        if !self.request.save {
            if path.is_file() {
                return Some(path);
            }
            self.problem = Some(format!("there is no file {}", path.display()));
            return None;
        }
        if path.extension().is_none()
            && let Some(ext) = self.request.extensions.first()
        {
            path.set_extension(ext);
        }
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
        if folder.is_some_and(|f| !f.is_dir()) {
            self.problem = Some(format!(
                "there is no folder {}",
                folder.unwrap_or(Path::new(".")).display()
            ));
            return None;
        }
        if path.exists() && self.replace.as_ref() != Some(&path) {
            self.problem = Some(format!(
                "{} exists: press Replace to overwrite it (the old file is kept as .bak)",
                path.display()
            ));
            self.replace = Some(path);
            return None;
        }
        Some(path)
    }

    /// Draws the dialog; `Some` once it ends. Escape cancels.
    pub fn show(&mut self, ctx: &Context) -> Option<Outcome> {
        let mut outcome = None;
        Modal::new(Id::unique("in-app-file-dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(&self.request.title);
            ui.horizontal(|ui| {
                let parent = self.folder.parent().map(Path::to_path_buf);
                if ui
                    .add_enabled(parent.is_some(), egui::Button::new("Parent folder"))
                    .clicked()
                    && let Some(parent) = parent
                {
                    self.enter(parent);
                }
                ui.label(RichText::new(self.folder.display().to_string()).monospace());
            });
            ui.separator();
            self.listing_ui(ui, &mut outcome);
            let extensions: Vec<String> = self
                .request
                .extensions
                .iter()
                .map(|e| format!(".{e}"))
                .collect();
            ui.label(
                RichText::new(format!(
                    "{}: folders and {} files are shown",
                    self.request.filter,
                    extensions.join(", ")
                ))
                .weak(),
            );
            ui.separator();
            ui.horizontal(|ui| {
                let label = ui.label("File name");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.name).desired_width(440.0))
                    .labelled_by(label.id);
                if std::mem::take(&mut self.focus_name) {
                    field.request_focus();
                }
                if field.changed() {
                    self.replace = None;
                    self.problem = None;
                }
                if field.lost_focus()
                    && ui.input(|i| i.key_pressed(Key::Enter))
                    && let Some(path) = self.confirm()
                {
                    outcome = Some(Outcome::Chosen(path));
                }
            });
            if let Some(problem) = &self.problem {
                ui.label(RichText::new(problem).color(palette::TEXT_FILE_PROBLEM));
            }
            ui.horizontal(|ui| {
                let ok = match (&self.replace, self.request.save) {
                    (Some(_), _) => "Replace",
                    (None, true) => "Save",
                    (None, false) => "Open",
                };
                if ui.button(ok).clicked()
                    && let Some(path) = self.confirm()
                {
                    outcome = Some(Outcome::Chosen(path));
                }
                if ui.button("Cancel").clicked() {
                    outcome = Some(Outcome::Cancelled);
                }
            });
        });
        if ctx.input(|i| i.key_pressed(Key::Escape)) {
            outcome = Some(Outcome::Cancelled);
        }
        outcome
    }

    /// The folder's entries: a click enters a folder or takes a file's name; a double click on a file
    /// is OK.
    fn listing_ui(&mut self, ui: &mut egui::Ui, outcome: &mut Option<Outcome>) {
        /// What a click on a row asks for, carried out once the listing is drawn.
        enum Click {
            Enter(PathBuf),
            Pick(String),
            Confirm(String),
        }
        let mut click = None;
        ScrollArea::vertical()
            .max_height(300.0)
            .min_scrolled_height(300.0)
            .auto_shrink([false, false])
            .show(ui, |ui| match &self.listing {
                Err(e) => {
                    ui.label(RichText::new(e).color(palette::TEXT_FILE_PROBLEM));
                }
                Ok(entries) if entries.is_empty() => {
                    ui.label(RichText::new("No folders or matching files here").weak());
                }
                Ok(entries) => {
                    for entry in entries {
                        // Plain text: egui's bundled fonts have no folder or file icons.
                        let text = if entry.is_dir {
                            RichText::new(format!("{}/", entry.name)).strong()
                        } else {
                            RichText::new(&entry.name)
                        };
                        let selected = !entry.is_dir && entry.name == self.name;
                        let row = ui.selectable_label(selected, text);
                        if entry.is_dir && row.clicked() {
                            click = Some(Click::Enter(self.folder.join(&entry.name)));
                        } else if row.double_clicked() {
                            click = Some(Click::Confirm(entry.name.clone()));
                        } else if row.clicked() {
                            click = Some(Click::Pick(entry.name.clone()));
                        }
                    }
                }
            });
        match click {
            Some(Click::Enter(folder)) => self.enter(folder),
            Some(Click::Pick(name)) => {
                self.name = name;
                self.replace = None;
                self.problem = None;
            }
            Some(Click::Confirm(name)) => {
                self.name = name;
                if let Some(path) = self.confirm() {
                    *outcome = Some(Outcome::Chosen(path));
                }
            }
            None => {}
        }
    }
}

/// The entries of `folder` worth showing: subfolders, then files with one of `extensions` (any case),
/// each group sorted by name ignoring case; hidden entries (a leading dot) left out.
pub fn list_folder(folder: &Path, extensions: &[&str]) -> Result<Vec<Entry>, String> {
    let entries =
        std::fs::read_dir(folder).map_err(|e| format!("cannot list {}: {e}", folder.display()))?;
    let mut rows: Vec<Entry> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            // Follows links, so a link to a folder is entered like a folder.
            let is_dir = entry.path().is_dir();
            let wanted = is_dir
                || Path::new(&name)
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
            (wanted && !name.starts_with('.')).then_some(Entry { name, is_dir })
        })
        .take(MAX_ENTRIES)
        .collect();
    rows.sort_by_cached_key(|e| (!e.is_dir, e.name.to_lowercase()));
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "mansion-forge-file-dialog-{test}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    fn request(folder: &Path, save: bool) -> Request {
        Request {
            title: "Test".into(),
            filter: "Mansion Forge preset".into(),
            extensions: vec!["ron", "json"],
            folder: folder.to_path_buf(),
            file_name: String::new(),
            save,
        }
    }

    #[test]
    fn folders_come_first_and_only_matching_files_are_listed() {
        let dir = scratch("list");
        for name in ["b.ron", "A.JSON", "notes.txt", ".hidden.ron"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        for name in ["zeta", "Alpha", ".git"] {
            std::fs::create_dir(dir.join(name)).unwrap();
        }
        let names: Vec<(String, bool)> = list_folder(&dir, &["ron", "json"])
            .unwrap()
            .into_iter()
            .map(|e| (e.name, e.is_dir))
            .collect();
        let expected = [
            ("Alpha", true),
            ("zeta", true),
            ("A.JSON", false),
            ("b.ron", false),
        ];
        let expected: Vec<(String, bool)> =
            expected.iter().map(|(n, d)| (n.to_string(), *d)).collect();
        assert_eq!(names, expected);
        assert!(list_folder(&dir.join("missing"), &["ron"]).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_adds_the_extension_and_asks_before_replacing() {
        let dir = scratch("save");
        let mut dialog = FileDialog::new(request(&dir, true));
        dialog.name = "castle".into();
        assert_eq!(dialog.confirm(), Some(dir.join("castle.ron")));
        std::fs::write(dir.join("castle.ron"), "old").unwrap();
        assert_eq!(dialog.confirm(), None, "asks first");
        assert!(dialog.problem.as_deref().unwrap().contains("Replace"));
        assert_eq!(dialog.confirm(), Some(dir.join("castle.ron")));
        dialog.name = "no-such-folder/x.ron".into();
        dialog.replace = None;
        assert_eq!(dialog.confirm(), None);
        assert!(dialog.problem.as_deref().unwrap().contains("no folder"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn opening_needs_an_existing_file_and_a_typed_folder_is_entered() {
        let dir = scratch("open");
        std::fs::create_dir(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub").join("p.ron"), "").unwrap();
        let mut dialog = FileDialog::new(request(&dir, false));
        dialog.name = "p.ron".into();
        assert_eq!(dialog.confirm(), None);
        dialog.name = "sub".into();
        assert_eq!(dialog.confirm(), None);
        assert_eq!(dialog.folder(), dir.join("sub"));
        assert!(dialog.name.is_empty());
        dialog.name = "p.ron".into();
        assert_eq!(dialog.confirm(), Some(dir.join("sub").join("p.ron")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
