//! Level files: a [`Level`] saved as RON (the default, readable and diffable) or JSON (for other tools).
//!
//! Both formats are plain serde of the model, so a file holds everything the editor needs to re-run later
//! generator steps, plus a `version` field first: the format of the file (see [`LEVEL_FORMAT_VERSION`]),
//! so a later build can migrate an old file and this one can refuse a newer file by name rather than with
//! a puzzling parse error. Errors name the file and, for parse errors, the line and column, because a
//! hand-edited file is the common way for one to break.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::atomic::save_atomic;
pub use super::format::Format;
use super::parse_message::{json_message, ron_message};
use super::read::{self, ReadError, size_in_words};
use super::sniff::{self, Kind};
use crate::generate::registry;
use crate::model::{Level, ValidLevel, valid};
use header::FormatHeader;

/// The level-file format this build writes, and the newest it reads.
///
/// Format 1 is the `Level` as it has been serialised since level files exist; files written before they
/// carried a `version` (the field is absent) are format 1 too, so they load unchanged. Format 2 lets a
/// cell hold a stack of items (bottom to top in list order, as the 2025 game stacks them); its fields
/// are format 1's, so format 1 reads as it is. A level is written in the oldest format that holds it
/// ([`format_of`]): a level without stacks stays format 1, readable by every earlier build, and a
/// build that reads only format 1 refuses a level with stacks by its version rather than misreading it.
/// A change to what the file holds bumps this number, and `check_format` then migrates or refuses the
/// older formats.
pub const LEVEL_FORMAT_VERSION: u64 = 2;

/// The oldest level format that holds `level`: 2 when a cell holds a stack of items, else 1.
pub fn format_of(level: &Level) -> u64 {
    if level.has_stacks() { 2 } else { 1 }
}

/// Why a level file could not be read or written.
#[derive(Debug, Error)]
pub enum LevelFileError {
    /// The file could not be read (missing, unreadable, too large, not UTF-8).
    #[error("{path}: {source}")]
    Read {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// What went wrong.
        source: ReadError,
    },
    /// The text is not a well-formed level in the syntax it looks like.
    #[error("{path}:{line}:{column}: invalid {format} level: {message}")]
    Parse {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// The syntax the text was read as.
        format: Format,
        /// 1-based line of the mistake.
        line: usize,
        /// 1-based column of the mistake.
        column: usize,
        /// The parser's complaint, fit to show (echoes cut, control characters escaped).
        message: String,
    },
    /// The file's format version is above [`LEVEL_FORMAT_VERSION`]: a newer build wrote it.
    #[error(
        "{path}: was saved by a newer Mansion Forge (level format {found}; this version reads up to \
         {LEVEL_FORMAT_VERSION})"
    )]
    NewerFormat {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// The version the file states.
        found: u64,
    },
    /// The file's format version is 0, which no build ever wrote.
    #[error(
        "{path}: level format {found} does not exist (this version reads formats 1 to \
         {LEVEL_FORMAT_VERSION})"
    )]
    UnknownFormat {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// The version the file states.
        found: u64,
    },
    /// Parsed, but not a level the rest of the program can index safely.
    #[error("{path}: invalid level: {message}")]
    Shape {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// What is out of range or unknown (the generator), and where.
        message: String,
    },
    /// A preset where a level file was asked for.
    #[error(
        "{path}: this is a preset, not a level file: open it in the editor and export its level, or \
         use `mansion-forge export` on it"
    )]
    NotALevel {
        /// The file, or `-` for standard input.
        path: PathBuf,
    },
    /// A level that the loader would refuse, so it is not written.
    #[error("not saved: {message}")]
    Unsafe {
        /// What the loader would refuse, and where.
        message: String,
    },
    /// The level's file would be larger than the loader reads, so it is not written.
    #[error("{}", too_large_message(*.format, *.bytes, *.as_ron))]
    TooLarge {
        /// The format it was to be written in.
        format: Format,
        /// The size the text would have.
        bytes: u64,
        /// Its size as RON, when it was too large as JSON and fits as RON.
        as_ron: Option<u64>,
    },
    /// The level could not be serialised (the serialiser's message).
    #[error("cannot write {format} level: {message}")]
    Serialise {
        /// The format it was to be written in.
        format: Format,
        /// The serialiser's complaint.
        message: String,
    },
    /// The file could not be written; the old file, if any, is left as it was.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file being saved.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
}

/// A parse failure before a path is attached (see [`parse`]).
#[derive(Debug)]
pub struct ParseFailure {
    /// The syntax the text was read as.
    pub format: Format,
    /// 1-based line of the mistake.
    pub line: usize,
    /// 1-based column of the mistake.
    pub column: usize,
    /// The parser's complaint, fit to show.
    pub message: String,
}

/// Serialises a level file: the format version, then the level. RON is pretty-printed one field per line
/// down to each room, adjacency and item, with lists of plain values (the terrain grid, cell lists) kept on
/// one line, so a file stays readable and diffable without spreading the grid over a thousand lines.
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
    text.and_then(|t| with_version(&t, format, format_of(level)))
        .map_err(|message| LevelFileError::Serialise { format, message })
}

/// A level file on one line (no indentation): what [`file_text`] writes when the pretty form would be
/// over [`MAX_FILE_BYTES`]. The loader reads both alike.
fn to_compact_string(level: &Level, format: Format) -> Result<String, LevelFileError> {
    let (text, open) = match format {
        Format::Ron => (ron::ser::to_string(level).map_err(|e| e.to_string()), '('),
        Format::Json => (serde_json::to_string(level).map_err(|e| e.to_string()), '{'),
    };
    let version = format_of(level);
    text.and_then(|t| {
        let body = t
            .strip_prefix(open)
            .ok_or("the level was not written as a struct")?;
        Ok(match format {
            Format::Ron => format!("(version:{version},{body}\n"),
            Format::Json => format!("{{\"version\":{version},{body}\n"),
        })
    })
    .map_err(|message| LevelFileError::Serialise { format, message })
}

/// Puts the `version` field first into a pretty-printed level, and ends the text with a newline.
///
/// The field is written into the text because serde's `flatten`, the way to add a field to a derived
/// struct, makes RON write a map (`{"version": 1, …}`) instead of the struct the loader reads; and it is
/// not a field of `Level`, whose serialisation the generators' golden hashes and the presets'
/// fingerprints are taken from. Both pretty printers open the struct on a line of its own.
fn with_version(text: &str, format: Format, version: u64) -> Result<String, String> {
    let (open, field) = match format {
        Format::Ron => ("(\n", format!("    version: {version},\n")),
        Format::Json => ("{\n", format!("  \"version\": {version},\n")),
    };
    let body = text
        .strip_prefix(open)
        .ok_or("the level was not written as a struct")?;
    Ok(format!("{open}{field}{body}\n"))
}

/// Refuses a format this build cannot read. Every format so far reads as it is.
fn check_format(path: &Path, found: u64) -> Result<(), LevelFileError> {
    let path = path.to_path_buf();
    match found {
        0 => Err(LevelFileError::UnknownFormat { path, found }),
        1..=LEVEL_FORMAT_VERSION => Ok(()),
        _ => Err(LevelFileError::NewerFormat { path, found }),
    }
}

/// Parses a level from text in `format`, with the failure's 1-based line and column. The `version` field
/// is skipped here; [`from_text`] checks it.
pub fn parse(text: &str, format: Format) -> Result<Level, ParseFailure> {
    parse_as(text, format)
}

/// Parses any `T` from text in `format`, with the failure's 1-based line and column.
fn parse_as<T: serde::de::DeserializeOwned>(text: &str, format: Format) -> Result<T, ParseFailure> {
    match format {
        Format::Ron => ron::from_str(text).map_err(|e| ParseFailure {
            format,
            line: e.span.start.line,
            column: e.span.start.col,
            message: ron_message(text, &e),
        }),
        // serde_json's column is 0 when the error is found on a line break; report the first column.
        Format::Json => serde_json::from_str(text).map_err(|e| ParseFailure {
            format,
            line: e.line(),
            column: e.column().max(1),
            message: json_message(text, &e),
        }),
    }
}

/// Loads and checks a level (from standard input for `-`); the format comes from the extension, else from
/// the content.
pub fn load(path: &Path) -> Result<ValidLevel, LevelFileError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| LevelFileError::Read {
        path: read::input_name(path).to_path_buf(),
        source,
    })?;
    from_text(path, &text)
}

/// Parses and checks the text of the level file `path` (which only names it in errors — `-` as standard
/// input — and picks the format by its extension, else by the content).
///
/// A byte-order mark before the text is skipped, and a preset is refused as one. The format version is
/// read first, so a newer file is refused by its version, not by whatever in it this build cannot parse.
/// When the version cannot be read, the level's own parse error (which sees more) is reported; if the
/// level parses all the same, the `version` field itself is malformed.
///
/// # Examples
///
/// A level round trip through RON and JSON, the format picked by the name's extension or, for
/// standard input (`-`), by the content; a newer format and a mistake are refused by name and place:
///
/// ```
/// use std::path::Path;
///
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::io::level_file::{self, Format, LevelFileError};
///
/// let level = Recipe::campaign_level(3, 2).build().expect("builds");
/// for (format, name) in [(Format::Ron, "mansion.ron"), (Format::Json, "mansion.json")] {
///     let text = level_file::file_text(&level, format).expect("serialises");
///     let back = level_file::from_text(Path::new(name), &text).expect("reads back");
///     assert_eq!(*back, level, "{format}");
///     let sniffed = level_file::from_text(Path::new("-"), &text).expect("reads back");
///     assert_eq!(sniffed.into_level(), level, "{format}");
/// }
///
/// let json = level_file::to_string(&level, Format::Json).expect("serialises");
/// assert!(json.starts_with("{\n  \"version\": 1,"));
/// let newer = json.replacen("\"version\": 1", "\"version\": 99", 1);
/// let refused = level_file::from_text(Path::new("new.json"), &newer);
/// assert!(matches!(refused, Err(LevelFileError::NewerFormat { found: 99, .. })));
/// let typo = "(\n    version: 1,\n    width: wide,\n)";
/// let refused = level_file::from_text(Path::new("typo.ron"), typo);
/// assert!(matches!(refused, Err(LevelFileError::Parse { line: 3, .. })), "{refused:?}");
/// ```
pub fn from_text(path: &Path, text: &str) -> Result<ValidLevel, LevelFileError> {
    let path = read::input_name(path);
    let text = sniff::without_bom(text);
    if sniff::kind(text) == Kind::Preset {
        return Err(LevelFileError::NotALevel {
            path: path.to_path_buf(),
        });
    }
    let format = Format::from_extension(path).unwrap_or_else(|| Format::sniff(text));
    let located = |f: ParseFailure| LevelFileError::Parse {
        path: path.to_path_buf(),
        format: f.format,
        line: f.line,
        column: f.column,
        message: f.message,
    };
    let header = match header::leading_version(text, format) {
        Some(version) => Ok(FormatHeader { version }),
        None => parse_as::<FormatHeader>(text, format),
    };
    if let Ok(header) = &header {
        check_format(path, header.version)?;
    }
    let level = parse(text, format).map_err(located)?;
    header.map_err(located)?;
    let shape = |message| LevelFileError::Shape {
        path: path.to_path_buf(),
        message,
    };
    known_generator(&level).map_err(shape)?;
    ValidLevel::new(level).map_err(|e| shape(e.0))
}

/// The level names a generator this build has (the registry), and holds what that generator's levels
/// must (the siheyuan: its plan).
fn known_generator(level: &Level) -> Result<(), String> {
    match registry::find_in_file(&level.generator) {
        Some(kind) => kind.check_level(level),
        None => Err(format!(
            "unknown generator `{}` (expected {})",
            crate::model::limits::quote(&level.generator),
            registry::ids_in_files()
        )),
    }
}

/// Saves a level atomically; the format comes from the extension, RON when it names none.
pub fn save(path: &Path, level: &Level) -> Result<(), LevelFileError> {
    save_as(
        path,
        level,
        Format::from_extension(path).unwrap_or(Format::Ron),
    )
}

/// Saves a level atomically in `format`. A level the loader would refuse (see [`file_text`]) is not
/// written: the old file stays.
pub fn save_as(path: &Path, level: &Level, format: Format) -> Result<(), LevelFileError> {
    let text = file_text(level, format)?;
    save_atomic(path, text.as_bytes()).map_err(|source| LevelFileError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The text of a level file that the loader will read back: [`to_string`], refused when the level is
/// not one the loader accepts (off-map cells left by code that skipped the checks) or when the text is
/// over [`MAX_FILE_BYTES`]. Every writer of level files (saves, exports, `regenerate --level-out`, the
/// campaign folder) goes through it, so the program never writes a level it would refuse to open.
pub fn file_text(level: &Level, format: Format) -> Result<String, LevelFileError> {
    valid::check(level).map_err(|e| LevelFileError::Unsafe { message: e.0 })?;
    known_generator(level).map_err(|message| LevelFileError::Unsafe { message })?;
    let text = to_string(level, format)?;
    let bytes = text.len() as u64;
    if bytes <= MAX_FILE_BYTES {
        return Ok(text);
    }
    // Too large pretty-printed: the same format on one line, which is what a large level read from a
    // file most likely was, so a level that loads can be written back in its own format.
    let compact = to_compact_string(level, format)?;
    if compact.len() as u64 <= MAX_FILE_BYTES {
        return Ok(compact);
    }
    let bytes = compact.len() as u64;
    let as_ron = match format {
        Format::Json => to_string(level, Format::Ron)
            .ok()
            .map(|ron| ron.len() as u64)
            .filter(|&ron| ron <= MAX_FILE_BYTES),
        Format::Ron => None,
    };
    Err(LevelFileError::TooLarge {
        format,
        bytes,
        as_ron,
    })
}

/// Why a level is not saved in `format`, and what to do about it.
fn too_large_message(format: Format, bytes: u64, as_ron: Option<u64>) -> String {
    let advice = match as_ron {
        Some(ron) => format!(
            "save it as RON instead, where it takes {}",
            size_in_words(ron)
        ),
        None => "make the level smaller: shorter or fewer patrol routes, fewer items or rooms"
            .to_string(),
    };
    format!(
        "not saved: the level is too large to save as {format}: it would take {}, more than the {} \
         a level file may hold; {advice}",
        size_in_words(bytes),
        size_in_words(MAX_FILE_BYTES)
    )
}

/// The largest level file read or written: a few megabytes is a large level, and a level at every limit
/// of [`crate::model::limits`] still fits.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

mod header;
#[cfg(test)]
mod tests;
