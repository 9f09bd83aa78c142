//! Reading a file that may hold a level or a preset — what `validate`, `analyze`, `export`, `diff` and the
//! editor's Open accept — with one read and one decision about which of the two it is ([`sniff`]).

use std::path::Path;

use thiserror::Error;

use super::level_file::{self, LevelFileError, MAX_FILE_BYTES};
use super::preset::{self, Preset, PresetError};
use super::read;
use super::sniff::{Kind, sniff};
use crate::model::ValidLevel;

/// A level file or a preset, read and parsed (a preset is not rebuilt yet).
#[derive(Debug)]
pub enum LevelOrPreset {
    /// A level file, checked against the limits and ready to show (boxed: a level's header outweighs a
    /// preset's).
    Level(Box<ValidLevel>),
    /// A preset, checked and ready to rebuild with [`Preset::rebuild_with`].
    Preset(Preset),
}

/// Why a file could not be read as the kind it holds.
#[derive(Debug, Error)]
pub enum OpenError {
    /// The file could not be read, or holds a level that does not parse or is out of range.
    #[error(transparent)]
    Level(#[from] LevelFileError),
    /// The file holds a preset that does not parse or is out of range.
    #[error(transparent)]
    Preset(#[from] PresetError),
}

/// Reads `path` (standard input for `-`) as a level file or a preset, whichever [`sniff`] says it holds.
/// A `.json` file is a level (presets are RON) unless its keys are a preset's: then it is refused as a
/// preset written in JSON, in those words.
pub fn read(path: &Path) -> Result<LevelOrPreset, OpenError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| LevelFileError::Read {
        path: read::input_name(path).to_path_buf(),
        source,
    })?;
    let found = sniff(&text);
    let json_file = level_file::Format::from_extension(path) == Some(level_file::Format::Json);
    if found.kind == Kind::Preset && (found.syntax == level_file::Format::Json || !json_file) {
        Ok(LevelOrPreset::Preset(preset::parse(&text, path)?))
    } else {
        Ok(LevelOrPreset::Level(Box::new(level_file::from_text(
            path, &text,
        )?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::campaign;
    use crate::io::atomic::tests::scratch_dir;

    #[test]
    fn a_byte_order_mark_is_read_past_in_every_kind_and_syntax() {
        let dir = scratch_dir("bom");
        let level = campaign::plan(1).generate(3).expect("level 3");
        let preset = std::fs::read_to_string("presets/default.ron").expect("default preset");
        for (name, text) in [
            (
                "level.ron",
                level_file::to_string(&level, level_file::Format::Ron).expect("RON"),
            ),
            (
                "level.json",
                level_file::to_string(&level, level_file::Format::Json).expect("JSON"),
            ),
            ("preset.ron", preset),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, format!("\u{feff}{text}")).expect("written");
            match read(&path) {
                Ok(LevelOrPreset::Level(read)) => assert_eq!(**read, level, "{name}"),
                Ok(LevelOrPreset::Preset(_)) => assert!(name.starts_with("preset"), "{name}"),
                Err(e) => panic!("{name}: {e}"),
            }
        }
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
