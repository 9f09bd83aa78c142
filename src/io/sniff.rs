//! Telling what a text holds before parsing it: a level file or a preset, in RON or JSON, with or
//! without the byte-order mark many Windows editors put first.
//!
//! The decision looks at the top-level keys, not the extension (both kinds end in `.ron`) and not a
//! `version` field (both kinds have one): the first key only one kind has decides — `params`, say, for a
//! preset, `width` for a level. It is made before parsing, so a broken file is reported in the terms of
//! what it looks like (a preset cut off after its `params` gets the preset parser's line and column), and
//! a file of the other kind is named as such instead of failing on the first field it lacks.

use std::fmt;

use serde::de::{IgnoredAny, MapAccess, Visitor};

use super::format::Format;

/// Which of the two a text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A level file: the level itself ([`level_file`](super::level_file)).
    Level,
    /// A preset: the recipe a level is rebuilt from ([`preset`](super::preset)).
    Preset,
}

/// What a text holds, in which syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    /// Level or preset, from the first top-level key only one of them has.
    pub kind: Kind,
    /// RON or JSON, from the first character.
    pub syntax: Format,
}

/// Top-level keys of a preset that a level file has not.
pub(crate) const PRESET_KEYS: [&str; 6] =
    ["name", "params", "rerolls", "locks", "edits", "made_with"];

/// Top-level keys of a level file that a preset has not.
pub(crate) const LEVEL_KEYS: [&str; 13] = [
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

/// The UTF-8 byte-order mark: Notepad and other Windows editors put it before the text, where neither
/// RON nor JSON allows anything but the value.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// `text` without a leading byte-order mark.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text)
}

/// What `text` holds: JSON when it starts with `{`, else RON; the first top-level key only one kind has
/// decides the kind. A text that breaks off (or goes wrong) before any such key is a preset when it has
/// a `version` and is RON — presets always had one, and are written in RON — and a level otherwise.
pub fn sniff(text: &str) -> Sniffed {
    let text = without_bom(text);
    let syntax = Format::sniff(text);
    let mut scan = KeyScan::default();
    // The scan stops at the deciding key, so the parser's complaint about the rest is expected.
    match syntax {
        Format::Json => {
            let mut deserializer = serde_json::Deserializer::from_str(text);
            let _ = serde::Deserializer::deserialize_map(&mut deserializer, &mut scan);
        }
        Format::Ron => {
            if let Ok(mut deserializer) = ron::Deserializer::from_str(text) {
                let _ =
                    serde::Deserializer::deserialize_struct(&mut deserializer, "", &[], &mut scan);
            }
        }
    }
    let kind = scan
        .decided
        .unwrap_or(if scan.saw_version && syntax == Format::Ron {
            Kind::Preset
        } else {
            Kind::Level
        });
    Sniffed { kind, syntax }
}

/// Which of the two `text` holds (see [`sniff`]).
pub fn kind(text: &str) -> Kind {
    sniff(text).kind
}

/// Walks the top-level keys of a struct or object until one decides the kind.
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
    use crate::io::level_file;
    use crate::io::preset::{self, PresetFile};
    use crate::model::Plan;

    /// The top-level keys a value serialises with.
    fn keys(value: &impl serde::Serialize) -> Vec<String> {
        match serde_json::to_value(value).expect("serialises") {
            serde_json::Value::Object(map) => map.keys().cloned().collect(),
            other => panic!("not an object: {other}"),
        }
    }

    fn preset_file() -> PresetFile<Plan> {
        PresetFile {
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
            exact: false,
            locks: Vec::new(),
            edits: Vec::new(),
            made_with: None,
        }
    }

    #[test]
    fn the_key_lists_match_what_levels_and_presets_hold() {
        let level = keys(&campaign::plan(1).generate(3).expect("level 3"));
        let preset = keys(&preset_file());
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
        for format in [Format::Ron, Format::Json] {
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

    #[test]
    fn a_preset_written_as_json_and_a_byte_order_mark_are_seen() {
        let json = serde_json::to_string_pretty(&preset_file()).expect("serialises");
        let found = sniff(&json);
        assert_eq!(
            found,
            Sniffed {
                kind: Kind::Preset,
                syntax: Format::Json
            }
        );
        let preset = std::fs::read_to_string("presets/default.ron").expect("default preset");
        assert_eq!(sniff(&format!("\u{feff}{preset}")).kind, Kind::Preset);
        assert_eq!(without_bom("\u{feff}(x: 1)"), "(x: 1)");
        assert_eq!(without_bom("(x: 1)"), "(x: 1)");
    }
}
