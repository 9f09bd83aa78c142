//! Level files: a [`Level`] saved as RON (the default, readable and diffable) or JSON (for other tools).
//!
//! Both formats are plain serde of the model, so a file holds everything the editor needs to re-run later
//! generator steps. Errors name the file and, for parse errors, the line and column, because a hand-edited
//! file is the common way for one to break.

use std::fmt;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::atomic::save_atomic;
use super::read::{self, ReadError};
use crate::model::{Level, ValidLevel, valid};

/// A level-file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Ron,
    Json,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Ron => "RON",
            Format::Json => "JSON",
        })
    }
}

impl Format {
    /// The format named by the file extension (`.ron`, `.json`, any case), if any.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "ron" => Some(Format::Ron),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// Guesses from the content: a JSON level is an object, so it starts with `{`; RON starts with `(`.
    pub fn sniff(text: &str) -> Format {
        if text.trim_start().starts_with('{') {
            Format::Json
        } else {
            Format::Ron
        }
    }
}

/// Why a level file could not be read or written.
#[derive(Debug, Error)]
pub enum LevelFileError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: ReadError },
    #[error("{path}:{line}:{column}: invalid {format} level: {message}")]
    Parse {
        path: PathBuf,
        format: Format,
        line: usize,
        column: usize,
        message: String,
    },
    /// Parsed, but not a level the rest of the program can index safely.
    #[error("{path}: invalid level: {message}")]
    Shape { path: PathBuf, message: String },
    #[error("cannot write {format} level: {message}")]
    Serialise { format: Format, message: String },
    #[error("{path}: cannot write: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// A parse failure before a path is attached (see [`parse`]).
#[derive(Debug)]
pub struct ParseFailure {
    pub format: Format,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Serialises a level. RON is pretty-printed one field per line down to each room, adjacency and item,
/// with lists of plain values (the terrain grid, cell lists) kept on one line, so a file stays readable and
/// diffable without spreading the grid over a thousand lines.
pub fn to_string(level: &Level, format: Format) -> Result<String, LevelFileError> {
    let text = match format {
        Format::Ron => {
            let config = ron::ser::PrettyConfig::new()
                .depth_limit(2)
                .compact_arrays(true)
                .struct_names(false);
            ron::ser::to_string_pretty(level, config).map_err(|e| e.to_string())
        }
        Format::Json => serde_json::to_string_pretty(level).map_err(|e| e.to_string()),
    };
    text.map(|mut t| {
        t.push('\n');
        t
    })
    .map_err(|message| LevelFileError::Serialise { format, message })
}

/// Parses a level from text in `format`, with the failure's 1-based line and column.
pub fn parse(text: &str, format: Format) -> Result<Level, ParseFailure> {
    match format {
        Format::Ron => ron::from_str(text).map_err(|e| ParseFailure {
            format,
            line: e.span.start.line,
            column: e.span.start.col,
            message: read::ron_message(&e.code),
        }),
        // serde_json's column is 0 when the error is found on a line break; report the first column.
        Format::Json => serde_json::from_str(text).map_err(|e| ParseFailure {
            format,
            line: e.line(),
            column: e.column().max(1),
            message: read::json_message(&e),
        }),
    }
}

/// Loads and checks a level; the format comes from the extension, else from the content.
pub fn load(path: &Path) -> Result<ValidLevel, LevelFileError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| LevelFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    from_text(path, &text)
}

/// Parses and checks the text of the level file `path` (which only names it in errors and picks the
/// format by its extension, else by the content).
pub fn from_text(path: &Path, text: &str) -> Result<ValidLevel, LevelFileError> {
    let format = Format::from_extension(path).unwrap_or_else(|| Format::sniff(text));
    let level = parse(text, format).map_err(|f| LevelFileError::Parse {
        path: path.to_path_buf(),
        format: f.format,
        line: f.line,
        column: f.column,
        message: f.message,
    })?;
    ValidLevel::new(level).map_err(|e| LevelFileError::Shape {
        path: path.to_path_buf(),
        message: e.0,
    })
}

/// Saves a level atomically; the format comes from the extension, RON when it names none.
pub fn save(path: &Path, level: &Level) -> Result<(), LevelFileError> {
    save_as(
        path,
        level,
        Format::from_extension(path).unwrap_or(Format::Ron),
    )
}

/// Saves a level atomically in `format`. A level the loader would refuse (off-map cells left by code that
/// skipped the checks, or a file over [`MAX_FILE_BYTES`]) is not written: the old file stays.
pub fn save_as(path: &Path, level: &Level, format: Format) -> Result<(), LevelFileError> {
    let refuse = |message: String| LevelFileError::Shape {
        path: path.to_path_buf(),
        message: format!("not saved: {message}"),
    };
    valid::check(level).map_err(|e| refuse(e.0))?;
    let text = to_string(level, format)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(refuse(format!(
            "{} bytes is above the {MAX_FILE_BYTES}-byte limit for a level file",
            text.len()
        )));
    }
    save_atomic(path, text.as_bytes()).map_err(|source| LevelFileError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The largest level file read or written: a few megabytes is a large level, and a level at every limit
/// of [`crate::model::limits`] still fits.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::campaign;
    use crate::io::atomic::tests::scratch_dir;

    fn sample() -> Level {
        campaign::plan(3).generate(6).expect("level 6 exists")
    }

    #[test]
    fn ron_and_json_round_trip() {
        let level = sample();
        let dir = scratch_dir("round-trip");
        for name in ["level.ron", "level.json"] {
            let path = dir.join(name);
            save(&path, &level).unwrap();
            assert_eq!(*load(&path).unwrap(), level, "{name}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn format_follows_extension_then_content() {
        let level = sample();
        let json = to_string(&level, Format::Json).unwrap();
        assert_eq!(Format::sniff(&json), Format::Json);
        assert_eq!(
            Format::sniff(&to_string(&level, Format::Ron).unwrap()),
            Format::Ron
        );
        let dir = scratch_dir("sniff");
        let path = dir.join("level.txt");
        std::fs::write(&path, json).unwrap();
        assert_eq!(*load(&path).unwrap(), level);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn truncated_file_names_line_and_column() {
        let level = sample();
        let dir = scratch_dir("truncated");
        for format in [Format::Ron, Format::Json] {
            let text = to_string(&level, format).unwrap();
            let cut = &text[..text.len() / 2];
            let expected_line = 1 + cut.matches('\n').count();
            let path = dir.join(format!("cut.{}", format.to_string().to_lowercase()));
            std::fs::write(&path, cut).unwrap();
            match load(&path) {
                Err(LevelFileError::Parse { line, column, .. }) => {
                    assert_eq!(line, expected_line, "{format}");
                    assert!(column >= 1, "{format}");
                }
                other => panic!("{format}: expected a parse error, got {other:?}"),
            }
            let message = load(&path).unwrap_err().to_string();
            assert!(message.starts_with(&format!("{}:{expected_line}:", path.display())));
            assert!(!message.contains('\n'), "{message}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn mismatched_grid_is_rejected() {
        let mut level = sample();
        level.height -= 1;
        let dir = scratch_dir("shape");
        let path = dir.join("bad.json");
        std::fs::write(&path, to_string(&level, Format::Json).unwrap()).unwrap();
        assert!(matches!(load(&path), Err(LevelFileError::Shape { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_level_the_loader_would_refuse_is_not_written() {
        let mut level = sample();
        let dir = scratch_dir("refuse-save");
        let path = dir.join("level.ron");
        save(&path, &level).unwrap();
        let before = std::fs::read(&path).unwrap();
        level.items[0].cell = crate::model::Cell::new(i32::MAX, 3);
        let err = save(&path, &level).expect_err("refused");
        assert!(err.to_string().contains("off the"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
