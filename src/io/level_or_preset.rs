//! Reading a file that may hold a level or a preset — what `validate`, `analyze`, `export`, `diff` and the
//! editor's Open accept — with one read and one decision about which of the two it is.
//!
//! The decision looks at the top-level keys, not the extension (both kinds end in `.ron`) and not a
//! `version` field (both kinds have one): the first key only one kind has decides — `params`, say, for a
//! preset, `width` for a level. It is made before parsing, so a broken file is reported in the terms of
//! what it looks like: a preset cut off after its `params` gets the preset parser's line and column.

use std::fmt;
use std::path::Path;

use serde::de::{IgnoredAny, MapAccess, Visitor};
use thiserror::Error;

use super::level_file::{self, LevelFileError, MAX_FILE_BYTES};
use super::preset::{self, Preset, PresetError};
use super::read;
use crate::model::ValidLevel;

/// Which of the two a text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Level,
    Preset,
}

/// Top-level keys of a preset that a level file has not.
const PRESET_KEYS: [&str; 6] = ["name", "params", "rerolls", "locks", "edits", "made_with"];

/// Top-level keys of a level file that a preset has not.
const LEVEL_KEYS: [&str; 13] = [
    "plan",
    "width",
    "height",
    "terrain",
    "rooms",
    "adjacencies",
    "items",
    "patrols",
    "guards",
    "split_points",
    "player_start",
    "entrance",
    "diagnostics",
];

/// A level file or a preset, read and parsed (a preset is not rebuilt yet).
#[derive(Debug)]
pub enum LevelOrPreset {
    Level(ValidLevel),
    Preset(Preset),
}

/// Why a file could not be read as the kind it holds.
#[derive(Debug, Error)]
pub enum OpenError {
    #[error(transparent)]
    Level(#[from] LevelFileError),
    #[error(transparent)]
    Preset(#[from] PresetError),
}

/// Reads `path` (standard input for `-`) as a level file or a preset, whichever [`kind`] says it holds
/// (a `.json` file is always a level: presets are RON).
pub fn read(path: &Path) -> Result<LevelOrPreset, OpenError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| LevelFileError::Read {
        path: read::input_name(path).to_path_buf(),
        source,
    })?;
    let json_file = level_file::Format::from_extension(path) == Some(level_file::Format::Json);
    if json_file || kind(&text) == Kind::Level {
        Ok(LevelOrPreset::Level(level_file::from_text(path, &text)?))
    } else {
        Ok(LevelOrPreset::Preset(preset::parse(&text, path)?))
    }
}

/// Which of the two `text` holds: JSON is a level (presets are RON); in RON, the first top-level key only
/// one kind has decides. A text that breaks off (or goes wrong) before any such key is a preset when it
/// has a `version` — presets always had one — and a level otherwise.
pub fn kind(text: &str) -> Kind {
    if level_file::Format::sniff(text) == level_file::Format::Json {
        return Kind::Level;
    }
    let mut scan = KeyScan::default();
    if let Ok(mut deserializer) = ron::Deserializer::from_str(text) {
        // The scan stops at the deciding key, so the parser's complaint about the rest is expected.
        let _ = serde::Deserializer::deserialize_struct(&mut deserializer, "", &[], &mut scan);
    }
    scan.decided.unwrap_or(if scan.saw_version {
        Kind::Preset
    } else {
        Kind::Level
    })
}

/// Walks the top-level keys of a RON struct until one decides the kind.
#[derive(Default)]
struct KeyScan {
    decided: Option<Kind>,
    saw_version: bool,
}

impl<'de> Visitor<'de> for &mut KeyScan {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a level or a preset")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if PRESET_KEYS.contains(&key.as_str()) {
                self.decided = Some(Kind::Preset);
                return Ok(());
            }
            if LEVEL_KEYS.contains(&key.as_str()) {
                self.decided = Some(Kind::Level);
                return Ok(());
            }
            self.saw_version |= key == "version";
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rerolls;
    use crate::generate::campaign;
    use crate::io::preset::PresetFile;
    use crate::model::Plan;

    /// The top-level keys a value serialises with.
    fn keys(value: &impl serde::Serialize) -> Vec<String> {
        match serde_json::to_value(value).expect("serialises") {
            serde_json::Value::Object(map) => map.keys().cloned().collect(),
            other => panic!("not an object: {other}"),
        }
    }

    #[test]
    fn the_key_lists_match_what_levels_and_presets_hold() {
        let level = keys(&campaign::plan(1).generate(3).expect("level 3"));
        let preset = keys(&PresetFile {
            version: preset::PRESET_VERSION,
            name: String::new(),
            generator: "siheyuan".to_string(),
            level: 3,
            seed: 1,
            params: Plan {
                rooms_x: 3,
                rooms_y: 2,
                loot: 2,
            },
            rerolls: Rerolls::default(),
            locks: Vec::new(),
            edits: Vec::new(),
            made_with: None,
        });
        for key in LEVEL_KEYS {
            assert!(level.iter().any(|k| k == key), "levels have no {key}");
            assert!(!preset.iter().any(|k| k == key), "presets have {key} too");
        }
        for key in PRESET_KEYS {
            assert!(preset.iter().any(|k| k == key), "presets have no {key}");
            assert!(!level.iter().any(|k| k == key), "levels have {key} too");
        }
    }

    #[test]
    fn levels_and_presets_are_told_apart_even_when_cut_short() {
        let level = campaign::plan(1).generate(3).expect("level 3");
        for format in [level_file::Format::Ron, level_file::Format::Json] {
            let text = level_file::to_string(&level, format).expect("serialises");
            assert_eq!(kind(&text), Kind::Level, "{format}");
            assert_eq!(kind(&text[..text.len() / 2]), Kind::Level, "{format}");
        }
        let preset = std::fs::read_to_string("presets/default.ron").expect("default preset");
        assert_eq!(kind(&preset), Kind::Preset);
        let after_params = preset.find("params").expect("params") + 20;
        assert_eq!(kind(&preset[..after_params]), Kind::Preset);
        // Nothing telling before the break: a `version` makes it a preset, as it always did.
        assert_eq!(
            kind("(version: 1, generator: \"siheyuan\", lev"),
            Kind::Preset
        );
        assert_eq!(kind("(generator: \"siheyuan\", lev"), Kind::Level);
        assert_eq!(kind(""), Kind::Level);
    }
}
