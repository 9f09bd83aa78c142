//! Shrinks a failing input while it still fails the same way (same [`signature_of`]), so a report
//! comes with a reproducer a person can read. Only for panics and broken promises: a hang or an
//! allocation past the limit cannot be stopped in-process, so each try could take the run with it.
//!
//! Levels and presets are shrunk on their parsed value — list elements removed in halves, then
//! quarters, down to single ones, strings shortened — and written back in the target's own format, so
//! every try is a well-formed file. Anything that does not parse (and `--param` lists) is shrunk by
//! lines, then by bytes.

use std::path::Path;

use mansion_forge::io::level_file::{self, Format};
use mansion_forge::io::preset;
use mansion_forge::model::Level;
use serde_json::Value;

use super::report::signature_of;
use super::runner::try_case;
use super::targets::Target;

/// The failure signature of `bytes` in `target`, if it fails.
fn failure(target: Target, bytes: &[u8]) -> Option<String> {
    try_case(target, bytes)
        .err()
        .map(|(kind, message)| signature_of(kind, target, &message))
}

/// The smallest input found that fails like `bytes`, trying at most `budget` candidates.
pub fn minimize(target: Target, bytes: &[u8], budget: usize) -> Vec<u8> {
    let Some(wanted) = failure(target, bytes) else {
        return bytes.to_vec();
    };
    let mut tries = 0;
    let mut same = |candidate: &[u8]| {
        tries += 1;
        tries <= budget && failure(target, candidate).as_deref() == Some(wanted.as_str())
    };
    let text = std::str::from_utf8(bytes).ok();
    let mut best = match (target, text) {
        (Target::LevelRon | Target::LevelJson, Some(text)) => {
            let format = if target == Target::LevelJson {
                Format::Json
            } else {
                Format::Ron
            };
            match level_file::parse(text, format) {
                Ok(level) => shrink_value(
                    serde_json::to_value(&level).expect("a level is JSON"),
                    &mut |v| {
                        let level: Level = serde_json::from_value(v.clone()).ok()?;
                        level_file::to_string(&level, format)
                            .ok()
                            .map(String::into_bytes)
                    },
                    &mut same,
                ),
                Err(_) => bytes.to_vec(),
            }
        }
        (Target::Preset, Some(text)) => match preset::parse(text, Path::new("x.ron")) {
            Ok(p) => {
                let name = p.name.clone();
                let recipe = p.recipe.clone();
                let value = serde_json::json!({ "locks": p.locks, "edits": p.edits, "name": name });
                shrink_value(
                    value,
                    &mut |v| {
                        let mut q = p.clone();
                        q.recipe = recipe.clone();
                        q.locks = serde_json::from_value(v["locks"].clone()).ok()?;
                        q.edits = serde_json::from_value(v["edits"].clone()).ok()?;
                        q.name = v["name"].as_str()?.to_string();
                        preset::to_string(&q).ok().map(String::into_bytes)
                    },
                    &mut same,
                )
            }
            Err(_) => bytes.to_vec(),
        },
        _ => bytes.to_vec(),
    };
    best = shrink_units(&best, b'\n', &mut same);
    if best.len() <= 4096 {
        best = shrink_bytes(best, &mut same);
    }
    best
}

/// Removes list elements and shortens strings of `value` while `write` makes a file that fails the same.
fn shrink_value(
    mut value: Value,
    write: &mut dyn FnMut(&Value) -> Option<Vec<u8>>,
    same: &mut dyn FnMut(&[u8]) -> bool,
) -> Vec<u8> {
    let mut best = write(&value).unwrap_or_default();
    loop {
        let mut progress = false;
        for path in paths(&value) {
            let len = match node(&mut value, &path) {
                Some(Value::Array(a)) => a.len(),
                Some(Value::String(s)) if s.len() > 1 => {
                    let old = std::mem::take(s);
                    let candidate = write(&value);
                    match candidate.filter(|c| same(c)) {
                        Some(c) => {
                            best = c;
                            progress = true;
                        }
                        None => {
                            if let Some(Value::String(s)) = node(&mut value, &path) {
                                *s = old;
                            }
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            let mut chunk = len.div_ceil(2).max(1);
            while chunk >= 1 && len > 0 {
                let mut start = 0;
                while let Some(Value::Array(a)) = node(&mut value, &path) {
                    if start >= a.len() {
                        break;
                    }
                    let end = (start + chunk).min(a.len());
                    let removed: Vec<Value> = a.drain(start..end).collect();
                    if let Some(c) = write(&value).filter(|c| same(c)) {
                        best = c;
                        progress = true;
                    } else {
                        if let Some(Value::Array(a)) = node(&mut value, &path) {
                            a.splice(start..start, removed);
                        }
                        start = end;
                    }
                }
                if chunk == 1 {
                    break;
                }
                chunk /= 2;
            }
        }
        if !progress {
            return best;
        }
    }
}

/// Paths (keys and indices) to every array and string of `value`, outermost first.
fn paths(value: &Value) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    let mut stack = vec![(value, Vec::new())];
    while let Some((v, path)) = stack.pop() {
        match v {
            Value::Array(a) => {
                out.push(path.clone());
                for (i, item) in a.iter().enumerate() {
                    let mut p = path.clone();
                    p.push(Value::from(i));
                    stack.push((item, p));
                }
            }
            Value::Object(m) => {
                for (k, item) in m {
                    let mut p = path.clone();
                    p.push(Value::from(k.as_str()));
                    stack.push((item, p));
                }
            }
            Value::String(_) => out.push(path),
            _ => {}
        }
    }
    out
}

fn node<'a>(value: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |v, step| match step {
        Value::Number(i) => v.get_mut(i.as_u64()? as usize),
        Value::String(k) => v.get_mut(k.as_str()),
        _ => None,
    })
}

/// Removes runs of `sep`-terminated units (lines) while the input fails the same.
fn shrink_units(bytes: &[u8], sep: u8, same: &mut dyn FnMut(&[u8]) -> bool) -> Vec<u8> {
    let mut units: Vec<Vec<u8>> = bytes
        .split_inclusive(|&b| b == sep)
        .map(<[u8]>::to_vec)
        .collect();
    let mut chunk = units.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        while start < units.len() {
            let end = (start + chunk).min(units.len());
            let candidate: Vec<u8> = units[..start]
                .iter()
                .chain(&units[end..])
                .flatten()
                .copied()
                .collect();
            if same(&candidate) {
                units.drain(start..end);
            } else {
                start = end;
            }
        }
        if chunk == 1 {
            return units.concat();
        }
        chunk /= 2;
    }
}

/// Removes single bytes while the input fails the same (for short inputs only: one try per byte).
fn shrink_bytes(mut bytes: Vec<u8>, same: &mut dyn FnMut(&[u8]) -> bool) -> Vec<u8> {
    let mut i = 0;
    while i < bytes.len() {
        let removed = bytes.remove(i);
        if !same(&bytes) {
            bytes.insert(i, removed);
            i += 1;
        }
    }
    bytes
}
