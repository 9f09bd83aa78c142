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
use crate::model::Level;

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

/// Loads a level; the format comes from the extension, else from the content.
pub fn load(path: &Path) -> Result<Level, LevelFileError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| LevelFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    from_text(path, &text)
}

/// Parses and checks the text of the level file `path` (which only names it in errors and picks the
/// format by its extension, else by the content).
pub fn from_text(path: &Path, text: &str) -> Result<Level, LevelFileError> {
    let format = Format::from_extension(path).unwrap_or_else(|| Format::sniff(text));
    let level = parse(text, format).map_err(|f| LevelFileError::Parse {
        path: path.to_path_buf(),
        format: f.format,
        line: f.line,
        column: f.column,
        message: f.message,
    })?;
    check_shape(&level).map_err(|message| LevelFileError::Shape {
        path: path.to_path_buf(),
        message,
    })?;
    Ok(level)
}

/// Saves a level atomically; the format comes from the extension, RON when it names none.
pub fn save(path: &Path, level: &Level) -> Result<(), LevelFileError> {
    save_as(
        path,
        level,
        Format::from_extension(path).unwrap_or(Format::Ron),
    )
}

/// Saves a level atomically in `format`.
pub fn save_as(path: &Path, level: &Level, format: Format) -> Result<(), LevelFileError> {
    let text = to_string(level, format)?;
    save_atomic(path, text.as_bytes()).map_err(|source| LevelFileError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The largest map side a level file may declare. Generated mansions stay far below it (the siheyuan's
/// largest is about 60 cells); the cap keeps a hostile file from making the analysis, the views or the
/// PNG export allocate a grid of billions of cells.
pub const MAX_SIDE: i32 = 1024;

/// The largest level file read (the read stops past it): a few megabytes is a large level.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Checks what the rest of the program indexes without further checks: the grid matches a bounded size,
/// and every room, route and patrol index points at something that exists. Cells may still lie off the
/// map (every reader goes through [`Level::terrain`] or checks bounds), so hand edits are not refused for
/// that.
pub fn check_shape(level: &Level) -> Result<(), String> {
    if level.width < 1 || level.height < 1 {
        return Err(format!(
            "map size {}×{} is not positive",
            level.width, level.height
        ));
    }
    if level.width > MAX_SIDE || level.height > MAX_SIDE {
        return Err(format!(
            "map size {}×{} is above the {MAX_SIDE}×{MAX_SIDE} limit",
            level.width, level.height
        ));
    }
    let cells = i64::from(level.width) * i64::from(level.height);
    if level.terrain.len() as i64 != cells {
        return Err(format!(
            "terrain has {} cells but the map is {}×{} = {cells}",
            level.terrain.len(),
            level.width,
            level.height
        ));
    }
    let rooms = level.rooms.len();
    let room_ok = |what: &str, r: usize| {
        if r < rooms {
            Ok(())
        } else {
            Err(format!(
                "{what} names room {r}, but the level has {rooms} rooms"
            ))
        }
    };
    for (i, adj) in level.adjacencies.iter().enumerate() {
        room_ok(&format!("adjacency {i}"), adj.left)?;
        room_ok(&format!("adjacency {i}"), adj.right)?;
        if let Some(m) = adj.mirror.filter(|&m| m >= level.adjacencies.len()) {
            return Err(format!(
                "adjacency {i} names mirror {m}, which does not exist"
            ));
        }
    }
    for (i, route) in level.patrols.iter().enumerate() {
        for &r in &route.visits {
            room_ok(&format!("patrol {i}"), r)?;
        }
        for station in &route.stations {
            room_ok(&format!("a station of patrol {i}"), station.room)?;
        }
    }
    for (i, guard) in level.guards.iter().enumerate() {
        if guard.route >= level.patrols.len() {
            return Err(format!(
                "guard {i} walks route {}, but the level has {} routes",
                guard.route,
                level.patrols.len()
            ));
        }
    }
    for split in &level.split_points {
        room_ok("a split point", split.before)?;
        room_ok("a split point", split.after)?;
    }
    room_ok("the entrance", level.entrance.room)?;
    if let Some(ext) = level.entrance.exterior {
        room_ok("the entrance's exterior", ext)?;
    }
    for &seed in &level.entrance.depth_seeds {
        room_ok("the entrance's depth seeds", seed)?;
    }
    Ok(())
}

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
            assert_eq!(load(&path).unwrap(), level, "{name}");
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
        assert_eq!(load(&path).unwrap(), level);
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
        level.terrain.pop();
        let dir = scratch_dir("shape");
        let path = dir.join("bad.json");
        std::fs::write(&path, to_string(&level, Format::Json).unwrap()).unwrap();
        assert!(matches!(load(&path), Err(LevelFileError::Shape { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
