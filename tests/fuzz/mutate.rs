//! Format-agnostic mutations: on bytes (flips, inserts, deletes, repeats, splices, truncation, invalid
//! UTF-8), on the tokens of RON/JSON text (numbers swapped for extreme values, duplicated or removed
//! lines — one field per line in the pretty formats —, deep nesting, long strings, swapped names), and on
//! a parsed JSON tree. The typed mutations of levels and presets are in [`super::typed`].

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Numbers that sit on or just past the limits of the model's integer and float types, and values that
/// drive sizes and loops.
pub const EXTREME_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "255",
    "1024",
    "1025",
    "65536",
    "2000000000",
    "2147483647",
    "-2147483648",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e308",
    "-1e308",
    "1e999",
    "0.5",
    "-0.0",
    "NaN",
    "inf",
    "-inf",
    "1.7976931348623157e308",
    "5e-324",
];

/// Bytes that open or close structures, quote, separate, or break UTF-8.
const SPECIAL_BYTES: &[u8] = b"()[]{}\",:;\\/#*\n\0 -.eE+";

/// A random index below `n` (`n > 0`).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.random_range(0..n)
}

/// One of `items`.
pub fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[below(rng, items.len())]
}

/// A count drawn mostly small but sometimes large: 1–4, up to 64, or up to `max`.
pub fn count(rng: &mut ChaCha8Rng, max: usize) -> usize {
    match below(rng, 10) {
        0..=6 => 1 + below(rng, 4),
        7 | 8 => 1 + below(rng, 64),
        _ => 1 + below(rng, max.max(1)),
    }
}

/// One byte-level mutation of `data`; `other` is another seed file of the same kind, for splices.
pub fn bytes(rng: &mut ChaCha8Rng, data: &mut Vec<u8>, other: &[u8]) {
    let len = data.len();
    let at = |rng: &mut ChaCha8Rng| below(rng, len + 1);
    match below(rng, 9) {
        0 if len > 0 => {
            let i = below(rng, len);
            data[i] ^= 1 << below(rng, 8);
        }
        1 => {
            let i = at(rng);
            let n = count(rng, 16);
            let insert: Vec<u8> = (0..n)
                .map(|_| {
                    if rng.random_bool(0.5) {
                        *pick(rng, SPECIAL_BYTES)
                    } else {
                        rng.random()
                    }
                })
                .collect();
            data.splice(i..i, insert);
        }
        2 if len > 0 => {
            let i = below(rng, len);
            let n = count(rng, len - i).min(len - i);
            data.drain(i..i + n);
        }
        3 if len > 0 => {
            let i = below(rng, len);
            let n = count(rng, 256).min(len - i);
            let chunk = data[i..i + n].to_vec();
            let times = count(rng, 2000);
            let repeated: Vec<u8> = chunk.iter().copied().cycle().take(n * times).collect();
            data.splice(i..i, repeated);
        }
        4 if !other.is_empty() => {
            let cut = at(rng);
            let from = below(rng, other.len());
            data.truncate(cut);
            data.extend_from_slice(&other[from..]);
        }
        5 => {
            let cut = at(rng);
            data.truncate(cut);
        }
        6 => {
            // Invalid UTF-8: a lone continuation byte, a truncated sequence, an overlong form, 0xFF.
            let bad: &[&[u8]] = &[
                b"\x80",
                b"\xC3",
                b"\xE2\x82",
                b"\xC0\xAF",
                b"\xFF",
                b"\xED\xA0\x80",
            ];
            let i = at(rng);
            data.splice(i..i, pick(rng, bad).iter().copied());
        }
        7 if len > 1 => {
            let (a, b) = (below(rng, len), below(rng, len));
            data.swap(a, b);
        }
        _ => {
            let i = at(rng);
            data.splice(i..i, pick(rng, EXTREME_NUMBERS).bytes());
        }
    }
}

/// A token of RON or JSON text, by byte range.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Number,
    Word,
    Str,
}

/// The number, identifier and string tokens of `text`, as `(kind, start, end)` byte ranges.
fn tokens(text: &str) -> Vec<(Kind, usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push((Kind::Str, start, i));
        } else if c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b"._+-".contains(&b[i])) {
                i += 1;
            }
            out.push((Kind::Number, start, i));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Kind::Word, start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// One token-level mutation of RON or JSON text; `json` picks the nesting brackets that parse there.
pub fn text(rng: &mut ChaCha8Rng, text: &mut String, json: bool) {
    let toks = tokens(text);
    let of_kind = |kind: Kind| -> Vec<(usize, usize)> {
        toks.iter()
            .filter(|t| t.0 == kind)
            .map(|t| (t.1, t.2))
            .collect()
    };
    match below(rng, 8) {
        0..=2 => extreme_numbers(rng, text, &of_kind(Kind::Number)),
        3 => drop_or_repeat_line(rng, text),
        4 => {
            let anchors: Vec<(usize, usize)> = toks.iter().map(|t| (t.1, t.2)).collect();
            nest_deeply(rng, text, &anchors, json);
        }
        5 => odd_string(rng, text, &of_kind(Kind::Str)),
        6 => swap_words(rng, text, &of_kind(Kind::Word)),
        _ => duplicate_field(rng, text),
    }
}

/// Replaces one or several of the `numbers` (byte ranges of `text`) with extreme values.
fn extreme_numbers(rng: &mut ChaCha8Rng, text: &mut String, numbers: &[(usize, usize)]) {
    if numbers.is_empty() {
        return;
    }
    // Several numbers at once now and then, so two fields can be extreme together.
    for _ in 0..count(rng, 8) {
        let (s, e) = *pick(rng, numbers);
        if e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e) {
            let replacement = pick(rng, EXTREME_NUMBERS).to_string();
            let padded = format!("{replacement:<width$}", width = e - s);
            // Same length keeps the other ranges valid.
            if padded.len() == e - s {
                text.replace_range(s..e, &padded);
            } else {
                text.replace_range(s..e, &replacement);
                return;
            }
        }
    }
}

/// Removes one line, or repeats it up to a thousand times.
fn drop_or_repeat_line(rng: &mut ChaCha8Rng, text: &mut String) {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    if lines.is_empty() {
        return;
    }
    let i = below(rng, lines.len());
    let mut out: Vec<&str> = lines.clone();
    if rng.random_bool(0.5) {
        out.remove(i);
    } else {
        for _ in 0..count(rng, 1000) {
            out.insert(i, lines[i]);
        }
    }
    *text = out.concat();
}

/// Wraps one of the token ranges `anchors` in brackets nested around the parsers' limits and far past
/// them.
fn nest_deeply(rng: &mut ChaCha8Rng, text: &mut String, anchors: &[(usize, usize)], json: bool) {
    let depth = match below(rng, 4) {
        0 => 64 + below(rng, 64),
        1 => 128 + below(rng, 16),
        2 => 1000,
        _ => 100_000,
    };
    let (open, close) = match (json, below(rng, 3)) {
        (true, _) | (false, 0) => ("[", "]"),
        (false, 1) => ("(", ")"),
        (false, _) => ("Some(", ")"),
    };
    if anchors.is_empty() {
        return;
    }
    let (s, e) = *pick(rng, anchors);
    let nested = format!(
        "{}{}{}",
        open.repeat(depth),
        &text[s..e],
        close.repeat(depth)
    );
    text.replace_range(s..e, &nested);
}

/// Replaces one of the `strings` with a huge, escaped, exotic or empty one.
fn odd_string(rng: &mut ChaCha8Rng, text: &mut String, strings: &[(usize, usize)]) {
    if strings.is_empty() {
        return;
    }
    let (s, e) = *pick(rng, strings);
    let body = match below(rng, 4) {
        0 => "A".repeat(count(rng, 1 << 20)),
        1 => "\\u0000\\n\\\"".to_string(),
        2 => "é🏚\u{202e}".repeat(count(rng, 1000)),
        _ => String::new(),
    };
    text.replace_range(s..e, &format!("\"{body}\""));
}

/// Puts one of the `words` (keys, variant names) in the place of another.
fn swap_words(rng: &mut ChaCha8Rng, text: &mut String, words: &[(usize, usize)]) {
    if words.len() < 2 {
        return;
    }
    let (s, e) = *pick(rng, words);
    let (s2, e2) = *pick(rng, words);
    let other = text[s2..e2].to_string();
    text.replace_range(s..e, &other);
}

/// A field duplicated in place: the line's `name: value` again on the same line.
fn duplicate_field(rng: &mut ChaCha8Rng, text: &mut String) {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let fields: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(':'))
        .collect();
    if fields.is_empty() {
        return;
    }
    let i = *pick(rng, &fields);
    let line = lines[i].trim_end_matches('\n');
    let sep = if line.trim_end().ends_with(',') {
        ""
    } else {
        ","
    };
    let mut out: Vec<String> = lines.iter().map(std::string::ToString::to_string).collect();
    out[i] = format!("{line}{sep} {}\n", line.trim_start());
    *text = out.concat();
}

/// A random node of `value`, chosen uniformly by reservoir sampling over a walk of the tree.
fn random_node<'a>(rng: &mut ChaCha8Rng, value: &'a mut Value) -> &'a mut Value {
    let mut chosen = Vec::new();
    collect_paths(value, &mut Vec::new(), &mut chosen, &mut 0, rng);
    let path = chosen;
    let mut node = value;
    for step in path {
        node = match (step, node) {
            (PathStep::Index(i), Value::Array(a)) => &mut a[i],
            (PathStep::Key(k), Value::Object(m)) => m.get_mut(&k).expect("a key just seen"),
            _ => unreachable!("paths follow the tree they were read from"),
        };
    }
    node
}

#[derive(Clone)]
enum PathStep {
    Index(usize),
    Key(String),
}

/// Keeps the path to one node in `chosen`: the `seen`-th node replaces it with probability 1/`seen`.
fn collect_paths(
    value: &Value,
    here: &mut Vec<PathStep>,
    chosen: &mut Vec<PathStep>,
    seen: &mut usize,
    rng: &mut ChaCha8Rng,
) {
    *seen += 1;
    if below(rng, *seen) == 0 {
        chosen.clone_from(here);
    }
    match value {
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                here.push(PathStep::Index(i));
                collect_paths(v, here, chosen, seen, rng);
                here.pop();
            }
        }
        Value::Object(m) => {
            for (k, v) in m {
                here.push(PathStep::Key(k.clone()));
                collect_paths(v, here, chosen, seen, rng);
                here.pop();
            }
        }
        _ => {}
    }
}

/// A hostile JSON value: extreme numbers, wrong types, huge or deeply nested containers.
fn hostile_value(rng: &mut ChaCha8Rng) -> Value {
    match below(rng, 10) {
        0 => Value::Null,
        1 => Value::Bool(rng.random()),
        2 => Value::String("x".repeat(count(rng, 100_000))),
        3 => Value::from(*pick(
            rng,
            &[
                i64::MIN,
                -1,
                i64::from(i32::MIN),
                i64::from(i32::MAX),
                i64::MAX,
            ],
        )),
        4 => Value::from(*pick(rng, &[u64::MAX, u64::from(u32::MAX), 2_000_000_000])),
        5 => Value::from(*pick(rng, &[1e308, -1e308, 0.5, f64::MIN_POSITIVE])),
        6 => {
            let mut v = Value::from(0);
            for _ in 0..*pick(rng, &[10usize, 127, 128, 129, 5000]) {
                v = Value::Array(vec![v]);
            }
            v
        }
        7 => Value::Array(Vec::new()),
        8 => Value::Object(serde_json::Map::new()),
        _ => Value::from(below(rng, 1 << 20) as i64 - (1 << 19)),
    }
}

/// One mutation of a parsed JSON tree: a node replaced, an array element removed or repeated, a key
/// removed, or a node replaced by one from `donor` (another seed file).
/// The most a JSON tree mutation adds by copying an array item, in bytes of compact JSON.
const MAX_GROWTH_BYTES: usize = 4 << 20;

pub fn json(rng: &mut ChaCha8Rng, value: &mut Value, donor: &Value) {
    match below(rng, 5) {
        0 | 1 => *random_node(rng, value) = hostile_value(rng),
        2 => {
            if let Value::Array(a) = random_node(rng, value)
                && !a.is_empty()
            {
                let i = below(rng, a.len());
                if rng.random_bool(0.4) {
                    a.remove(i);
                } else {
                    let item = a[i].clone();
                    // At most a few MiB more per mutation: copies of an item that an earlier
                    // mutation already multiplied would otherwise grow the tree without bound.
                    let size = serde_json::to_vec(&item).map_or(1, |b| b.len().max(1));
                    let times = count(rng, 100_000).min(MAX_GROWTH_BYTES / size).max(1);
                    a.splice(i..i, std::iter::repeat_n(item, times));
                }
            }
        }
        3 => {
            if let Value::Object(m) = random_node(rng, value)
                && !m.is_empty()
            {
                let key = m.keys().nth(below(rng, m.len())).cloned();
                if let Some(key) = key {
                    m.remove(&key);
                }
            }
        }
        _ => {
            let mut donor = donor.clone();
            let graft = random_node(rng, &mut donor).take();
            *random_node(rng, value) = graft;
        }
    }
}
