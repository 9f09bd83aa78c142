//! What a parser says about a broken file, made fit to show a user: cut to a sane length, without a
//! library's advice to programmers (ron's `recursion_limit`), and with numbers out of range said in words.
//!
//! serde reports a number that does not fit its field in the terms of its own types: ron says only
//! "Integer is out of bounds", `serde_json` says "invalid type: floating point `1.8446744073709552e+19`,
//! expected u64" for a seed of 2^64 (it read the number as a float because no integer holds it). Both
//! point at the number, so the file's own text gives the number as written and the field it is for.

use crate::model::limits::fit_message;

/// ron's nesting limit, which its default options apply while parsing.
pub const RON_NESTING_LIMIT: usize = 128;

/// `serde_json`'s nesting limit.
pub const JSON_NESTING_LIMIT: usize = 128;

/// The user's message for a RON parse error of `text`: ron's own sentence, except for the recursion
/// limit (whose message advises raising `ron::Options::recursion_limit`, advice for programmers) and a
/// number out of range, which is said with the number and its field.
pub fn ron_message(text: &str, error: &ron::error::SpannedError) -> String {
    match &error.code {
        ron::Error::ExceededRecursionLimit => nesting_message(RON_NESTING_LIMIT),
        ron::Error::IntegerOutOfBounds => {
            let start = byte_offset(text, error.span.start.line, error.span.start.col, true);
            let end = byte_offset(text, error.span.end.line, error.span.end.col, true);
            match (start, end) {
                (Some(start), Some(end)) if start < end => {
                    // ron's span leaves out the sign.
                    let start = start - usize::from(text[..start].ends_with(['-', '+']));
                    out_of_range(text, start, &text[start..end], None)
                }
                _ => fit_message(&error.code.to_string()),
            }
        }
        other => fit_message(&other.to_string()),
    }
}

/// The user's message for a `serde_json` error of `text` without its location (reported separately), with
/// the recursion limit said in the same words as for RON and a number out of range said in words.
pub fn json_message(text: &str, error: &serde_json::Error) -> String {
    let full = error.to_string();
    let message = full
        .rfind(" at line ")
        .map_or(full.as_str(), |i| &full[..i]);
    if message == "recursion limit exceeded" {
        return nesting_message(JSON_NESTING_LIMIT);
    }
    if let Some(expected) = wrong_number(message)
        // serde_json's column is that of the number's last character (in bytes).
        && let Some(last) = byte_offset(text, error.line(), error.column(), false)
    {
        let start = number_start(text, last + 1);
        return out_of_range(text, start, &text[start..=last], Some(expected));
    }
    fit_message(message)
}

fn nesting_message(limit: usize) -> String {
    format!("nesting deeper than {limit} levels")
}

/// The integer type serde expected when `message` says a number did not fit it.
fn wrong_number(message: &str) -> Option<&str> {
    let about_a_number = ["invalid type: floating point `", "invalid value: integer `"]
        .iter()
        .any(|p| message.starts_with(p));
    let expected = message.rsplit_once("`, expected ")?.1;
    let integer = [
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize",
    ];
    (about_a_number && integer.contains(&expected)).then_some(expected)
}

/// "`seed` 18446744073709551616 is out of range: …" for the number `written` that starts at byte
/// `start` of `text`; `expected` is the integer type when the parser said it.
fn out_of_range(text: &str, start: usize, written: &str, expected: Option<&str>) -> String {
    let subject = match field_before(text, start) {
        Some(field) => format!("{} {}", field, crate::model::limits::quote(written)),
        None => format!("the number {}", crate::model::limits::quote(written)),
    };
    let hexadecimal = written.trim_start_matches(['-', '+']).starts_with("0x");
    if !hexadecimal && written.contains(['.', 'e', 'E']) {
        return format!("{subject} is not a whole number");
    }
    let why = match expected.and_then(range_of) {
        Some((low, high)) => format!("it must be a whole number from {low} to {high}"),
        None if written.starts_with('-') && written.parse::<i32>().is_ok() => {
            "it cannot be negative".to_string()
        }
        None if written.starts_with('-') => "it is below any number allowed here".to_string(),
        None if written.parse::<u64>().is_err() => {
            format!("no number in a level or preset is above {}", u64::MAX)
        }
        None => "it is larger than this field holds".to_string(),
    };
    format!("{subject} is out of range: {why}")
}

/// The smallest and largest value of an integer type named as serde names it.
fn range_of(name: &str) -> Option<(i128, i128)> {
    Some(match name {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "u64" | "usize" => (0, u64::MAX.into()),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => (i64::MIN.into(), i64::MAX.into()),
        _ => return None,
    })
}

/// The byte offset in `text` of 1-based `line` and `column`; the column counts characters (ron) or
/// bytes (`serde_json`).
fn byte_offset(text: &str, line: usize, column: usize, in_chars: bool) -> Option<usize> {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &text[line_start..];
    let within = if in_chars {
        rest.char_indices()
            .map(|(i, _)| i)
            .chain([rest.len()])
            .nth(column.checked_sub(1)?)?
    } else {
        column.checked_sub(1).filter(|&c| c < rest.len())?
    };
    Some(line_start + within)
}

/// Where the number that ends just before byte `end` of `text` starts.
fn number_start(text: &str, end: usize) -> usize {
    let number = |b: u8| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E');
    let bytes = text.as_bytes();
    let mut start = end;
    while start > 0 && number(bytes[start - 1]) {
        start -= 1;
    }
    start
}

/// The key a value starting at byte `start` of `text` belongs to: `seed` in `seed: 1` (RON) or in
/// `"seed": 1` (JSON), when there is one.
fn field_before(text: &str, start: usize) -> Option<String> {
    let before = text[..start].trim_end().strip_suffix(':')?.trim_end();
    let key = if let Some(quoted) = before.strip_suffix('"') {
        &quoted[quoted.rfind('"')? + 1..]
    } else {
        let from = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        &before[from..]
    };
    let plain = !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_');
    plain.then(|| key.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[expect(
        dead_code,
        reason = "the fields exist to be parsed, which is what these tests exercise; none is read"
    )]
    struct Numbers {
        seed: u64,
        level: u32,
        width: i32,
    }

    fn ron_says(text: &str) -> String {
        let error = ron::from_str::<Numbers>(text).expect_err("refused");
        ron_message(text, &error)
    }

    fn json_says(text: &str) -> String {
        let error = serde_json::from_str::<Numbers>(text).expect_err("refused");
        json_message(text, &error)
    }

    #[test]
    fn deep_nesting_is_said_plainly() {
        let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
        let ron_err = ron::from_str::<ron::Value>(&deep).unwrap_err();
        assert_eq!(
            ron_message(&deep, &ron_err),
            "nesting deeper than 128 levels"
        );
        let json_err = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
        assert_eq!(
            json_message(&deep, &json_err),
            "nesting deeper than 128 levels"
        );
    }

    #[test]
    fn a_seed_of_two_to_the_64_is_said_in_words() {
        assert_eq!(
            ron_says("(seed: 18446744073709551616, level: 1, width: 1)"),
            "seed 18446744073709551616 is out of range: no number in a level or preset is above \
             18446744073709551615"
        );
        assert_eq!(
            json_says("{\"seed\": 18446744073709551616, \"level\": 1, \"width\": 1}"),
            "seed 18446744073709551616 is out of range: it must be a whole number from 0 to \
             18446744073709551615"
        );
    }

    #[test]
    fn negative_large_and_fractional_numbers_are_said_in_words() {
        assert_eq!(
            ron_says("(seed: 1,\n level: -1, width: 1)"),
            "level -1 is out of range: it cannot be negative"
        );
        assert_eq!(
            ron_says("(seed: 1, level: 1, width: 99999999999)"),
            "width 99999999999 is out of range: it is larger than this field holds"
        );
        assert_eq!(
            json_says("{\"seed\": -1, \"level\": 1, \"width\": 1}"),
            "seed -1 is out of range: it must be a whole number from 0 to 18446744073709551615"
        );
        assert_eq!(
            json_says("{\"seed\": 1,\n \"level\": 1, \"width\": 99999999999}"),
            "width 99999999999 is out of range: it must be a whole number from -2147483648 to \
             2147483647"
        );
        assert_eq!(
            json_says("{\"seed\": 1.5, \"level\": 1, \"width\": 1}"),
            "seed 1.5 is not a whole number"
        );
    }

    #[test]
    fn other_messages_keep_the_parsers_words() {
        assert!(
            ron_says("(seed: x)").contains("Expected"),
            "{}",
            ron_says("(seed: x)")
        );
        assert_eq!(
            json_says("{\"seed\": true}"),
            "invalid type: boolean `true`, expected u64"
        );
    }
}
