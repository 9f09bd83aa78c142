//! What went wrong, in a designer's words. The loaders' errors are written for the command line — a
//! path, `line:column`, the parser's own sentence ("Expected opening `(` for struct `Level`"), a limit
//! in bytes; the editor says instead what is wrong with which file and what it means, and keeps the
//! technical sentence for a collapsible "details" line in the status bar.

use std::io::ErrorKind;
use std::path::Path;

use crate::io::level_file::LevelFileError;
use crate::io::level_or_preset::OpenError;
use crate::io::preset::{PRESET_VERSION, PresetError};
use crate::io::read::ReadError;
pub use crate::io::read::size_in_words;

/// A message for the status bar: the summary in a designer's words, and the technical detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What went wrong and what to do, without jargon; the status bar shows it.
    pub summary: String,
    /// The loader's own message (line, column, the format's words), behind the status bar's
    /// "details"; `None` when the summary says it all.
    pub details: Option<String>,
}

impl Problem {
    fn new(summary: String, details: impl Into<Option<String>>) -> Self {
        Problem {
            summary,
            details: details.into(),
        }
    }
}

/// Why `path` cannot be opened (or compared with), in a designer's words; the details keep the
/// loader's own message, which names the line and column.
pub fn open_problem(path: &Path, error: &OpenError) -> Problem {
    let name = file_name(path);
    let technical = error.to_string();
    let summary = match error {
        OpenError::Level(LevelFileError::Read { source, .. })
        | OpenError::Preset(PresetError::Read { source, .. }) => unreadable(&name, source),
        OpenError::Level(LevelFileError::Parse { line, column, .. }) => format!(
            "{name} is not a level file the editor can read: something is wrong at line \
             {line}, column {column}"
        ),
        OpenError::Preset(PresetError::Parse { line, column, .. }) => format!(
            "{name} is not a preset the editor can read: something is wrong at line {line}, \
             column {column}"
        ),
        OpenError::Level(LevelFileError::NewerFormat { found, .. }) => format!(
            "{name} was saved by a newer Mansion Forge (level format {found}): update the editor \
             to open it"
        ),
        OpenError::Level(LevelFileError::UnknownFormat { found, .. }) => {
            format!("{name} says it is a level of format {found}, which has never existed")
        }
        OpenError::Preset(PresetError::Version { found, .. }) if *found > PRESET_VERSION => {
            format!(
                "{name} was saved by a newer Mansion Forge (preset format {found}): update the editor \
             to open it"
            )
        }
        OpenError::Preset(PresetError::Version { found, .. }) => {
            format!("{name} is a preset of format {found}, which this editor cannot read")
        }
        OpenError::Preset(PresetError::Generator { found, .. }) => {
            format!("{name} uses a generator this editor does not know: “{found}”")
        }
        OpenError::Level(LevelFileError::Shape { message, .. }) => {
            format!("{name} holds a level the editor cannot use: {message}")
        }
        OpenError::Preset(PresetError::Recipe { message, .. }) => {
            format!("{name} asks for a mansion the generators cannot make: {message}")
        }
        OpenError::Preset(PresetError::Rebuild { source, .. }) => {
            format!("{name} no longer rebuilds: {source}")
        }
        OpenError::Preset(PresetError::BrokenEdit { edit, .. }) => {
            let place = edit
                .place
                .map_or_else(String::new, |p| format!(" (line {})", p.line));
            let rest = edit.and_after();
            format!(
                "{name} has a hand edit that no longer fits its mansion: edit {} of {}{place}, \
                 “{}”, fails because {}. It can be opened without that edit{rest}",
                edit.index + 1,
                edit.total,
                edit.label,
                edit.error
            )
        }
        OpenError::Level(LevelFileError::NotALevel { .. }) => {
            format!("{name} is a preset, not a level file")
        }
        OpenError::Preset(PresetError::NotAPreset { .. }) => {
            format!("{name} is a level file, not a preset")
        }
        OpenError::Preset(PresetError::Json { .. }) => format!(
            "{name} is a preset written as JSON; the editor reads presets written as RON, as it saves \
             them"
        ),
        OpenError::Level(
            LevelFileError::Serialise { .. }
            | LevelFileError::Write { .. }
            | LevelFileError::Unsafe { .. }
            | LevelFileError::TooLarge { .. },
        )
        | OpenError::Preset(
            PresetError::Serialise(_) | PresetError::Write { .. } | PresetError::TooLarge { .. },
        ) => {
            format!("{name} could not be opened")
        }
    };
    Problem::new(summary, technical)
}

/// Why the document could not be saved as `path`, in a designer's words.
pub fn save_problem(path: &Path, error: &PresetError) -> Problem {
    let name = file_name(path);
    let summary = match error {
        PresetError::Write { source, .. } => match source.kind() {
            ErrorKind::PermissionDenied => {
                format!("Could not save {name}: you do not have permission to write there")
            }
            ErrorKind::NotFound => format!("Could not save {name}: its folder does not exist"),
            ErrorKind::StorageFull => format!("Could not save {name}: the disk is full"),
            _ => format!("Could not save {name}"),
        },
        PresetError::TooLarge { bytes, edits } => format!(
            "Could not save {name}: the preset would take {}, more than a preset may hold; lock the \
             rooms of its {edits} hand edits and regenerate to keep them in the locks instead",
            size_in_words(*bytes)
        ),
        _ => format!("Could not save {name}"),
    };
    Problem::new(summary, error.to_string())
}

/// Why a file could not be read at all.
fn unreadable(name: &str, error: &ReadError) -> String {
    match error {
        ReadError::Io(e) if e.kind() == ErrorKind::NotFound => {
            format!("{name} is not there any more (moved, renamed or deleted?)")
        }
        ReadError::Io(e) if e.kind() == ErrorKind::PermissionDenied => {
            format!("{name} cannot be read: you do not have permission to open it")
        }
        ReadError::Io(e) if e.kind() == ErrorKind::IsADirectory => {
            format!("{name} is a folder, not a file")
        }
        ReadError::Io(_) => format!("{name} cannot be read"),
        ReadError::TooLarge { limit } => format!(
            "{name} is too large for a level or preset (more than {})",
            size_in_words(*limit)
        ),
        ReadError::NotUtf8 { line: 1, .. } => {
            format!("{name} is not a preset or level file: it is not text (an image or a program?)")
        }
        ReadError::NotUtf8 { line, .. } => format!(
            "{name} is not a preset or level file: from line {line} on it is not text (it may be \
             damaged)"
        ),
    }
}

/// The file's name, for a sentence; the whole path when it has none.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::level_or_preset;

    fn problem_with(name: &str, text: &str) -> Problem {
        let dir =
            std::env::temp_dir().join(format!("mansion-forge-problems-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        let error = level_or_preset::read(&path).expect_err("refused");
        open_problem(&path, &error)
    }

    #[test]
    fn parser_jargon_stays_in_the_details() {
        let problem = problem_with("broken.ron", "(version: 1, name: \"x\", generator: 7)");
        assert!(
            problem.summary.starts_with("broken.ron is not a preset"),
            "{problem:?}"
        );
        assert!(problem.summary.contains("line 1, column"), "{problem:?}");
        assert!(!problem.summary.contains('`'), "{problem:?}");
        let details = problem.details.expect("details");
        assert!(details.contains("broken.ron:1:"), "{details}");
    }

    #[test]
    fn a_missing_file_and_a_folder_are_said_plainly() {
        let missing = Path::new("/nonexistent/mansion.ron");
        let error = level_or_preset::read(missing).expect_err("refused");
        let problem = open_problem(missing, &error);
        assert_eq!(
            problem.summary,
            "mansion.ron is not there any more (moved, renamed or deleted?)"
        );
    }

    #[test]
    fn a_broken_edit_is_named_in_a_designers_words() {
        use crate::edit::{Document, Edit};
        use crate::generate::recipe::Recipe;
        use crate::io::preset::{self, Preset};
        use crate::model::Cell;
        let doc = Document::new(Recipe::campaign_level(1, 9)).expect("mansion");
        let preset = Preset {
            edits: vec![
                Edit::MovePlayerStart {
                    to: Cell::new(1, 1),
                },
                Edit::RemoveGuard { guard: 11 },
                Edit::MovePlayerStart {
                    to: Cell::new(2, 2),
                },
            ],
            made_with: None,
            ..Preset::of(&doc, "bad edit")
        };
        let text = preset::to_string(&preset).expect("serialises");
        let line = 1 + text
            .lines()
            .position(|l| l.contains("RemoveGuard"))
            .expect("edit");
        let dir = std::env::temp_dir().join(format!("mansion-forge-edit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("edited.ron");
        std::fs::write(&path, text).expect("written");
        let error = crate::app::read_document(&path).err().expect("refused");
        let problem = open_problem(&path, &error);
        assert_eq!(
            problem.summary,
            format!(
                "edited.ron has a hand edit that no longer fits its mansion: edit 2 of 3 (line \
                 {line}), “Remove guard 11”, fails because there is no guard 11. It can be opened \
                 without that edit and the edit after it"
            )
        );
        assert!(
            problem
                .details
                .expect("details")
                .contains("cannot be applied")
        );
    }

    #[test]
    fn a_file_of_the_other_kind_is_named_as_such() {
        let problem = problem_with(
            "preset.json",
            "{\"version\": 1, \"name\": \"x\", \"params\": {}}",
        );
        assert_eq!(
            problem.summary,
            "preset.json is a preset written as JSON; the editor reads presets written as RON, as it \
             saves them"
        );
        let path = Path::new("level.ron");
        let error = OpenError::Preset(PresetError::NotAPreset {
            path: path.to_path_buf(),
        });
        assert_eq!(
            open_problem(path, &error).summary,
            "level.ron is a level file, not a preset"
        );
    }

    #[test]
    fn sizes_are_in_kilobytes_and_megabytes() {
        assert_eq!(size_in_words(64 << 20), "64 MB");
        assert_eq!(size_in_words((64 << 20) + 1), "65 MB");
        assert_eq!(size_in_words(900 * 1024), "900 KB");
        assert_eq!(size_in_words(12), "12 bytes");
    }
}
