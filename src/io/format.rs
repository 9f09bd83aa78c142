//! The syntax of a level file: RON or JSON.
//!
//! A module of its own so that [`sniff`](super::sniff), which [`level_file`](super::level_file) calls
//! to tell a level from a preset, can name the syntax without importing `level_file` back; the public
//! path stays `io::level_file::Format`, which re-exports it.

use std::fmt;
use std::path::Path;

/// A level-file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Rusty Object Notation: the default, pretty-printed for reading and diffing.
    Ron,
    /// JSON, for tools in other languages.
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
