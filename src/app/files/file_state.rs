//! The file side of the document's state: its path, the recent files, the crash recovery file, the
//! prompt in progress and a path asked for. Plain values the state holds; `files` does the reading and
//! writing, `dialogs` the prompts, `file_dialogs` (a panel of its own) the picking of a path.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::app::commands::pending::Pending;
use crate::app::files::places::AppDirs;
use crate::io::export::Format;
use crate::io::{atomic, preset};

/// How many recent files the File menu lists.
const RECENT_LIMIT: usize = 8;

/// What a path asked for in a file dialog is for, to carry out when the dialog ends.
#[derive(Clone, Debug, PartialEq)]
pub enum PathPurpose {
    /// Save the document there, then carry out what the unsaved-changes prompt was for, if anything.
    SaveAs {
        /// The prompt's action to carry out once saved (quit, open another file…); `None` for a
        /// plain Save As.
        then: Option<Pending>,
    },
    /// Open the file chosen as the document.
    Open,
    /// Write the level in this format to the path chosen.
    Export(Format),
    /// Compare the level with the file chosen.
    Compare,
    /// Save the game being played as a play-through there (the play panel writes it).
    SavePlayThrough,
    /// Replay the play-through chosen (the play panel reads it).
    OpenPlayThrough,
}

/// File state: the document's path, recent files, the prompt in progress and autosave.
#[derive(Debug)]
pub struct FileState {
    /// The preset the document was opened from or saved to; Save writes here.
    pub path: Option<PathBuf>,
    /// Recently opened or saved files, most recent first, at most `RECENT_LIMIT`; File ▸ Open
    /// Recent lists them and the list is stored in the config folder.
    pub recent: Vec<PathBuf>,
    /// Where the recent list and the recovery file live; `None` in tests and when the platform
    /// has no such folders, so nothing is written outside the document.
    pub dirs: Option<AppDirs>,
    /// An action waiting for the Save / Discard / Cancel answer.
    pub pending: Option<Pending>,
    /// A file dialog a command asked for, shown when the frame's commands are done.
    pub ask: Option<PathPurpose>,
    /// Quitting was confirmed: the window closes at the end of the frame.
    pub close_window: bool,
    /// A recovery file found at start, offered to the user, with what the prompt says about it (read
    /// once, not every frame the prompt is shown).
    pub recovery_offer: Option<(PathBuf, String)>,
    /// When the recovery file was last considered; autosave waits 30 s from here.
    pub last_autosave: Instant,
    /// Quitting was confirmed, so the next close request goes through.
    pub allow_close: bool,
    /// The window title last sent, to send it only when it changes.
    pub title_sent: String,
}

impl Default for FileState {
    fn default() -> Self {
        FileState {
            path: None,
            recent: Vec::new(),
            dirs: None,
            pending: None,
            ask: None,
            close_window: false,
            recovery_offer: None,
            last_autosave: Instant::now(),
            allow_close: false,
            title_sent: String::new(),
        }
    }
}

impl FileState {
    /// The real editor's file state: recent files read, a leftover recovery file offered.
    pub fn for_window() -> Self {
        let dirs = AppDirs::current();
        if let Some(dirs) = &dirs {
            dirs.adopt_earlier_files();
        }
        let recent = dirs
            .as_ref()
            .and_then(|d| std::fs::read_to_string(d.recent_file()).ok())
            .map(|text| {
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(PathBuf::from)
                    .take(RECENT_LIMIT)
                    .collect()
            })
            .unwrap_or_default();
        let recovery_offer = dirs
            .as_ref()
            .map(AppDirs::recovery_file)
            .filter(|p| p.exists())
            .map(|p| {
                let summary = recovery_summary(&p);
                (p, summary)
            });
        FileState {
            recent,
            dirs,
            recovery_offer,
            ..FileState::default()
        }
    }

    /// Puts `path` first in the recent list and stores the list (best effort: a failure only loses
    /// the list).
    pub(crate) fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_LIMIT);
        if let Some(dirs) = &self.dirs {
            let mut text = String::new();
            for p in &self.recent {
                // Writing to a `String` cannot fail.
                let _ = writeln!(text, "{}", p.display());
            }
            // Best effort: the recent list is a convenience.
            let _ = std::fs::create_dir_all(&dirs.config)
                .and_then(|()| atomic::save_atomic(&dirs.recent_file(), text.as_bytes()));
        }
    }
}

/// Prefix of the recovery preset's name, followed by the document's path.
const RECOVERY_OF: &str = "recovery of ";

/// The recovery preset's name: it carries the document's path, so a recovered document keeps its file.
pub(crate) fn recovery_name(path: Option<&Path>) -> String {
    match path {
        Some(p) => format!("{RECOVERY_OF}{}", p.display()),
        None => "recovery of an untitled document".to_string(),
    }
}

/// The document path a recovery preset's name carries, if any.
pub fn recovered_path(name: &str) -> Option<PathBuf> {
    name.strip_prefix(RECOVERY_OF)
        .filter(|rest| *rest != "an untitled document")
        .map(PathBuf::from)
}

/// What the recovery prompt says about `path`: whose unsaved changes it holds and when they were saved.
pub fn recovery_summary(path: &Path) -> String {
    let file = preset::read(path)
        .ok()
        .and_then(|p| recovered_path(&p.name))
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "an untitled document".to_string());
    let age = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .map_or_else(
            || "at an unknown time".to_string(),
            |d| match d.as_secs() {
                s if s < 90 => "about a minute ago".to_string(),
                s if s < 90 * 60 => format!("{} minutes ago", s / 60),
                s if s < 36 * 3600 => format!("{} hours ago", s / 3600),
                s => format!("{} days ago", s / 86_400),
            },
        );
    format!("Unsaved changes of {file}, autosaved {age}, were kept.")
}
