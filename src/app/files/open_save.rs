//! File handling behind functions that take a path: open, save, export, recent files and the crash
//! recovery file. Dialogs (in `dialogs`) only pick the path, so tests drive all of this without a
//! dialog ever opening.
//!
//! A level file (not a preset) opens as a document whose recipe is rebuilt from the level's own generator,
//! level number, seed and plan, while the level shown is the one loaded. Hand edits apply on top of it;
//! "Regenerate" builds from that recipe, and saving stores the recipe and edits (a preset), so a hand-made
//! level file is best kept with File ▸ Export ▸ Level file.

use std::path::Path;
use std::time::Instant;

use crate::app::commands::pending::{Confirmation, Confirmed};
use crate::app::files::file_state::{recovered_path, recovery_name};
use crate::app::files::problems::{open_problem, save_problem};
use crate::app::state::{EditorState, MessageKind, Source};
use crate::edit::Document;
use crate::generate::Rerolls;
use crate::generate::recipe::Recipe;
use crate::generate::registry;
use crate::io::broken_edit::BrokenEdit;
use crate::io::export::{self, Format};
use crate::io::level_or_preset::{self, LevelOrPreset, OpenError};
use crate::io::preset;
use crate::io::preset::{BrokenEdits, Loaded, PresetError};
use crate::model::{Level, ValidLevel};

/// The recipe a loaded level was made with, as far as the level says.
fn recipe_of(level: &Level) -> Recipe {
    // A loaded level names a known generator (checked when it was read).
    let kind = registry::find(&level.generator).unwrap_or(registry::BUILT_IN[0]);
    let generator = kind.of_level(level);
    Recipe {
        generator,
        level: level.level.min(9),
        seed: level.seed,
        rerolls: Rerolls::default(),
        exact: false,
    }
}

/// A document showing a loaded level: its recipe from the level, no locks, no edits.
pub fn level_document(level: ValidLevel) -> Document {
    let level = level.into_level();
    Document {
        recipe: recipe_of(&level),
        base_locks: Vec::new(),
        edits: Vec::new(),
        locks: Vec::new(),
        level,
    }
}

/// A file read as a document, and whether it is a preset (which Save may write back to).
pub struct Opened {
    /// The document read, with any warning about how it was rebuilt; a level file comes as a
    /// document of its own with no edits.
    pub loaded: Loaded,
    /// True for a preset: the document then keeps the path, so Save writes back to it. A level file
    /// is opened untitled, since saving writes a preset.
    pub is_preset: bool,
}

/// Reads a preset (and rebuilds it) or a level file, whichever the file holds (see
/// [`crate::io::sniff`]). A preset edit that cannot be applied refuses the file with
/// [`crate::io::preset::PresetError::BrokenEdit`], which names it.
pub fn read_document(path: &Path) -> Result<Opened, OpenError> {
    read_document_with(path, BrokenEdits::Refuse)
}

/// [`read_document`], refusing a preset whose edit cannot be applied or opening it without that edit
/// and the edits after it ([`Loaded::skipped`] names what was left out).
pub fn read_document_with(path: &Path, broken: BrokenEdits) -> Result<Opened, OpenError> {
    match level_or_preset::read(path)? {
        LevelOrPreset::Level(level) => Ok(Opened {
            loaded: Loaded {
                document: level_document(*level),
                drift: None,
                skipped: None,
            },
            is_preset: false,
        }),
        LevelOrPreset::Preset(preset) => Ok(Opened {
            loaded: preset.rebuild_with(path, broken)?,
            is_preset: true,
        }),
    }
}

/// The name a preset is saved under: its file stem.
fn preset_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

impl EditorState {
    /// The editor on a level loaded from a level file named `name` (see [`level_document`]).
    pub fn from_file(level: ValidLevel, name: String) -> Self {
        Self::with_document(level_document(level), Source::File(name))
    }

    /// Opens a preset or level file; on failure the status bar says what is wrong with it (the line
    /// and column in its details) and the current document stays.
    pub fn open_path(&mut self, path: &Path) -> bool {
        self.open_path_with(path, BrokenEdits::Refuse)
    }

    /// Opens a preset without its first edit that cannot be applied and the edits after it (what
    /// [`open_path`](Self::open_path) refused with a `PresetError::BrokenEdit`), saying in the status bar
    /// what was left out. The document is marked unsaved: saving it writes the preset without them.
    pub fn open_path_skipping_broken_edits(&mut self, path: &Path) -> bool {
        self.open_path_with(path, BrokenEdits::Skip)
    }

    fn open_path_with(&mut self, path: &Path, broken: BrokenEdits) -> bool {
        match read_document_with(path, broken) {
            Ok(Opened { loaded, is_preset }) => {
                // Save writes back only to a preset: a level file opens untitled.
                self.replace_document(
                    loaded.document,
                    Source::File(path.display().to_string()),
                    is_preset.then(|| path.to_path_buf()),
                );
                self.files.remember(path);
                if let Some(skipped) = loaded.skipped {
                    // The file still holds the edits left out: the document differs from it.
                    self.saved = None;
                    self.dirty = true;
                    self.say(
                        MessageKind::Warning,
                        format!("opened {}: {}", path.display(), skipped.skipped_message()),
                    );
                    return true;
                }
                match loaded.drift {
                    Some(drift) => self.say(
                        MessageKind::Warning,
                        format!("opened {}: {drift}", path.display()),
                    ),
                    None => self.say(MessageKind::Success, format!("opened {}", path.display())),
                }
                true
            }
            Err(e) => {
                self.say_problem(MessageKind::Error, open_problem(path, &e));
                if let OpenError::Preset(PresetError::BrokenEdit { edit, .. }) = &e {
                    self.offer_to_skip_broken_edits(path, edit);
                }
                false
            }
        }
    }

    /// Asks whether to open the preset without the hand edit that no longer fits (and the edits after
    /// it, which were made on top of it), naming what would be left out.
    fn offer_to_skip_broken_edits(&mut self, path: &Path, edit: &BrokenEdit) {
        let place = edit
            .place
            .map_or_else(String::new, |p| format!(" on line {}", p.line));
        let kept = match edit.index {
            0 => "none of its hand edits".to_string(),
            1 => "its first hand edit".to_string(),
            n => format!("its first {n} hand edits"),
        };
        self.confirm = Some(Confirmation {
            title: "Open without the edits that no longer fit?".to_string(),
            question: format!(
                "Hand edit {} of {}{place} of {}, “{}”, cannot be made: {}.\n\nThe preset can be \
                 opened with {kept}, leaving out edit {}{}. The file is not changed until you save.",
                edit.index + 1,
                edit.total,
                path.display(),
                edit.label,
                edit.error,
                edit.index + 1,
                edit.and_after(),
            ),
            yes: "Open without them",
            no: "Keep the current document",
            action: Confirmed::OpenSkippingBrokenEdits(path.to_path_buf()),
        });
    }

    /// Saves the document as a preset at `path` and makes it the document's file.
    pub fn save_to(&mut self, path: &Path) {
        match preset::save(path, &self.doc, &preset_name(path)) {
            Ok(()) => {
                self.files.path = Some(path.to_path_buf());
                self.source = Source::File(path.display().to_string());
                self.files.remember(path);
                self.mark_saved();
                self.say(MessageKind::Success, format!("saved {}", path.display()));
            }
            Err(e) => self.say_problem(MessageKind::Error, save_problem(path, &e)),
        }
    }

    /// Writes the level in another format through the command line's [`export::write`], so both give
    /// the same file; a PNG picture shows the overlays and the locked rooms shown on screen.
    pub fn export_to(&mut self, format: Format, path: &Path) {
        let overlays = self.view.overlays.list();
        let locked = self.doc.locked_rooms();
        match export::write(path, &self.doc.level, format, &overlays, &locked) {
            Ok(written) => {
                let beside: Vec<String> = written
                    .iter()
                    .filter(|p| p.as_path() != path)
                    .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                    .collect();
                let message = match beside.as_slice() {
                    [] => format!("exported {}", path.display()),
                    [one] => format!(
                        "exported {} and its tileset image {one} beside it (one per folder, \
                         shared by every map exported there)",
                        path.display()
                    ),
                    many => format!(
                        "exported {} and its tileset images {} beside it (one of each per \
                         folder, shared by every project exported there)",
                        path.display(),
                        many.join(" and ")
                    ),
                };
                self.say(MessageKind::Success, message);
            }
            Err(e) => self.say(MessageKind::Error, format!("cannot export: {e}")),
        }
    }

    /// Writes the recovery file if the document has unsaved changes and 30 s have passed.
    pub fn autosave(&mut self) {
        const EVERY: std::time::Duration = std::time::Duration::from_secs(30);
        if !self.dirty || self.files.last_autosave.elapsed() < EVERY {
            return;
        }
        self.files.last_autosave = Instant::now();
        let Some(dirs) = self.files.dirs.clone() else {
            return;
        };
        let saved = std::fs::create_dir_all(&dirs.state)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                let name = recovery_name(self.files.path.as_deref());
                preset::save(&dirs.recovery_file(), &self.doc, &name).map_err(|e| e.to_string())
            });
        if let Err(e) = saved {
            self.say(MessageKind::Error, format!("autosave failed: {e}"));
        }
    }

    /// Removes the recovery file, and the backup its atomic saves kept, on a clean exit.
    pub fn remove_recovery(&self) {
        if let Some(dirs) = &self.files.dirs {
            // Absent is fine: nothing was autosaved.
            let _ = std::fs::remove_file(dirs.recovery_file());
            let _ = std::fs::remove_file(crate::io::atomic::backup_path(&dirs.recovery_file()));
        }
    }

    /// Opens the offered recovery file as an unsaved document.
    pub fn recover(&mut self, path: &Path) {
        match preset::load(path) {
            Ok(loaded) => {
                let original = preset::read(path)
                    .ok()
                    .and_then(|p| recovered_path(&p.name));
                let source = original
                    .as_ref()
                    .map_or(Source::Recovered, |p| Source::File(p.display().to_string()));
                self.replace_document(loaded.document, source, original);
                self.saved = None;
                self.dirty = true;
                self.say(
                    MessageKind::Success,
                    format!("recovered the unsaved changes of {}", self.file_name()),
                );
            }
            Err(e) => self.say(MessageKind::Error, format!("cannot recover: {e}")),
        }
    }

    /// The document's file name, or "untitled".
    pub fn file_name(&self) -> String {
        self.files
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(
                || "untitled".to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
    }

    /// The document as the title and prompts name it: the preset Save writes to, or "untitled" with
    /// what the document is ("untitled (Daily run of 2027-03-14, mansion 2 of 3)").
    pub fn document_name(&self) -> String {
        if self.files.path.is_some() {
            return self.file_name();
        }
        match self.source.short(&self.doc.recipe) {
            Some(what) => format!("untitled ({what})"),
            None => "untitled".to_string(),
        }
    }

    /// The window title: the document's name, and `•` while there are unsaved changes.
    pub fn title(&self) -> String {
        let dot = if self.dirty { "• " } else { "" };
        format!("{dot}{} — Mansion Forge", self.document_name())
    }
}
