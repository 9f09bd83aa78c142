//! The format version at the head of a level file, read before the level so that a newer file is
//! refused by its version.
//!
//! Read as a whole document of which only `version` is kept, a file was parsed twice, and skipping a
//! RON file's fields cost more than parsing them as a level (a 14 MB level: 1.9 s to skip, 1.1 s to
//! parse). Every file this program writes opens with the version, so that common form is read from the
//! first few bytes; any other form (a comment first, the field further down, a number written another
//! way) is still parsed whole.

use serde::Deserialize;

use crate::io::format::Format;

/// The format version of a level file; the rest of the file is skipped here and parsed as a
/// [`Level`](crate::model::Level). Named `Level` to serde, so a RON file that names its struct
/// (`Level(version: 1, …)`, as RON may) reads as one that does not.
#[derive(Deserialize)]
#[serde(rename = "Level")]
pub(super) struct FormatHeader {
    #[serde(default = "unversioned")]
    pub(super) version: u64,
}

/// The format of a file without a `version` field.
fn unversioned() -> u64 {
    1
}

/// The version when `text` opens with it as this program writes it — the struct opened (RON may name
/// it `Level`), then `version`, a plain decimal number and a comma or the struct's end, with ASCII
/// white space between — else `None`, and the caller parses the whole file for it.
pub(super) fn leading_version(text: &str, format: Format) -> Option<u64> {
    let rest = text.trim_ascii_start();
    let rest = match format {
        Format::Ron => {
            let rest = rest
                .strip_prefix("Level")
                .unwrap_or(rest)
                .trim_ascii_start();
            rest.strip_prefix('(')?
                .trim_ascii_start()
                .strip_prefix("version")?
        }
        Format::Json => rest
            .strip_prefix('{')?
            .trim_ascii_start()
            .strip_prefix("\"version\"")?,
    };
    let rest = rest
        .trim_ascii_start()
        .strip_prefix(':')?
        .trim_ascii_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, after) = rest.split_at(digits);
    // A leading zero, a sign, a fraction or an exponent: left to the parser, which knows its rules.
    if number.is_empty() || (number.len() > 1 && number.starts_with('0')) {
        return None;
    }
    let close = match format {
        Format::Ron => ')',
        Format::Json => '}',
    };
    let after = after.trim_ascii_start();
    (after.starts_with(',') || after.starts_with(close))
        .then(|| number.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a whole parse of the header says, for comparison.
    fn parsed(text: &str, format: Format) -> Option<u64> {
        match format {
            Format::Ron => ron::from_str::<FormatHeader>(text).ok(),
            Format::Json => serde_json::from_str::<FormatHeader>(text).ok(),
        }
        .map(|h| h.version)
    }

    #[test]
    fn the_version_at_the_head_is_the_one_a_whole_parse_reads() {
        let heads = [
            (Format::Ron, "(\n    version: 1,\n    width: 3,\n)"),
            (Format::Ron, "Level(version: 2, width: 3)"),
            (Format::Ron, "  Level ( version : 12 )"),
            (Format::Ron, "(version:7,body:[1,2])"),
            (Format::Json, "{\n  \"version\": 1,\n  \"width\": 3\n}"),
            (Format::Json, "{\"version\":2}"),
        ];
        for (format, text) in heads {
            assert!(leading_version(text, format).is_some(), "{text}");
            assert_eq!(
                leading_version(text, format),
                parsed(text, format),
                "{text}"
            );
        }
    }

    #[test]
    fn any_other_head_is_left_to_the_parser() {
        let ron = [
            "// a comment\n(version: 1)",
            "(width: 3, version: 1)",
            "(version: 01)",
            "(version: -1)",
            "(version: 1.5)",
            "(version: 0x10)",
            "(version: 1_0)",
            "(version: 99999999999999999999999)",
            "(version: )",
            "(versions: 1)",
            "#![enable(implicit_some)]\n(version: 1)",
            "",
        ];
        let json = [
            "{\"version\": 1e3}",
            "{\"version\": 1.0}",
            "[1]",
            "{\"width\": 1}",
        ];
        let heads = (ron.map(|text| (Format::Ron, text)).into_iter())
            .chain(json.map(|text| (Format::Json, text)));
        for (format, text) in heads {
            assert_eq!(leading_version(text, format), None, "{text}");
        }
    }
}
