//! The fuzz targets — one per loader — and the input of case `i` of a run with seed `s` for each.
//!
//! A target takes the bytes of one input file, loads it through the same entry point as the program
//! (`level_file::from_text`, `preset::parse`, the command line's `--param` parser), and when that
//! succeeds does what the program does next with a loaded level: the validator, the statistics, the
//! editor's analysis, every export format, and a reload of the saved level file. Clean errors pass;
//! a panic, a hang, a huge allocation, or a broken promise (a saved file its own loader refuses, an
//! export that fails, an error message no one can read) is a failure.

use std::path::Path;

use mansion_forge::analysis::Overlay;
use mansion_forge::analysis::stats::level_stats;
use mansion_forge::analysis::validate::{playability_errors, validate};
use mansion_forge::app::Analysis;
use mansion_forge::cli::recipe_from_args;
use mansion_forge::generate::params::ParamSpec;
use mansion_forge::generate::registry::{self, GeneratorKind};
use mansion_forge::io::export::{self, Format};
use mansion_forge::io::level_file::{self, MAX_FILE_BYTES};
use mansion_forge::io::preset::{self, Preset};
use mansion_forge::model::Level;
use mansion_forge::model::limits::patrol_turns;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::corpus::Corpus;
use super::mutate::{self, EXTREME_NUMBERS, below, count, pick};
use super::{typed, typed_preset};

/// A loader under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    LevelRon,
    LevelJson,
    Preset,
    Param,
}

/// How a case ended when nothing failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The loader refused the input with a clean error.
    Refused,
    /// The input loaded and went through everything after loading.
    Loaded,
}

/// The longest error message accepted: one clear line, not a dump of the input.
const MAX_MESSAGE: usize = 1024;

impl Target {
    pub const ALL: [Target; 4] = [
        Target::LevelRon,
        Target::LevelJson,
        Target::Preset,
        Target::Param,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::LevelRon => "level-ron",
            Target::LevelJson => "level-json",
            Target::Preset => "preset",
            Target::Param => "param",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The extension of the target's input files, which also picks the level-file format.
    pub fn extension(self) -> &'static str {
        match self {
            Target::LevelRon | Target::Preset => "ron",
            Target::LevelJson => "json",
            Target::Param => "txt",
        }
    }

    /// Loads `bytes` as the program would and exercises what follows a successful load. `Err` is a
    /// failure that did not panic.
    pub fn run(self, bytes: &[u8]) -> Result<Outcome, String> {
        // Every loader reads files with `read_to_string`: invalid UTF-8 is refused before parsing.
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Ok(Outcome::Refused);
        };
        match self {
            Target::LevelRon | Target::LevelJson => {
                let path = format!("fuzz.{}", self.extension());
                match level_file::from_text(Path::new(&path), text) {
                    Ok(level) => after_load(&level),
                    Err(e) => readable(&e.to_string()),
                }
            }
            Target::Preset => match preset::parse(text, Path::new("fuzz.ron")) {
                Ok(preset) => after_preset(&preset),
                Err(e) => readable(&e.to_string()),
            },
            Target::Param => {
                let (generator, params) = param_args(text);
                match recipe_from_args(generator, params, 1, 7) {
                    Ok(Some(recipe)) => match recipe.build() {
                        Ok(level) => {
                            generated_is_sound(&level, "a level generated with these --param")?;
                            after_load(&level)
                        }
                        Err(e) => readable(&e.to_string()),
                    },
                    Ok(None) => Ok(Outcome::Refused),
                    Err(message) => readable(&message),
                }
            }
        }
    }
}

/// A clean error must be short enough to read and keep serde's internals to itself.
fn readable(message: &str) -> Result<Outcome, String> {
    if message.len() > MAX_MESSAGE {
        return Err(format!(
            "error message of {} bytes: {:.160}…",
            message.len(),
            message
        ));
    }
    if message.contains("recursion_limit") {
        return Err(format!("error message shows serde internals: {message}"));
    }
    Ok(Outcome::Refused)
}

/// Pixels per cell of the oracle's PNG: the full-size picture runs the same painter on up to 256 times
/// the pixels, which would make the painting nearly all of a case's time.
const ORACLE_CELL_PX: u32 = 2;

/// What the program does with a loaded level: `validate`, `stats`, the editor's analysis, the stealth
/// analysis (`analyze`), every export (the PNG with all overlays, drawn small), and the level file it
/// would save, which must load back unchanged.
pub fn after_load(level: &Level) -> Result<Outcome, String> {
    validate(level);
    level_stats(level, 0);
    // The editor's analysis includes the stealth analysis (what `analyze` prints).
    Analysis::new(level);
    if export::png::render_at(level, Overlay::ALL, ORACLE_CELL_PX).is_none() {
        return Err("a loaded level is too large to picture".to_string());
    }
    for format in Format::ALL.iter().copied().filter(|&f| f != Format::Png) {
        let bytes = export::render(level, format, &[], &[], "terrain.png")
            .map_err(|e| format!("{format} export of a loaded level fails: {e}"))?;
        let file_format = match format {
            Format::Ron => level_file::Format::Ron,
            Format::Json => level_file::Format::Json,
            _ => continue,
        };
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(format!(
                "saving writes a {file_format} level of {} bytes, which the loader refuses (over {MAX_FILE_BYTES})",
                bytes.len()
            ));
        }
        let text = String::from_utf8(bytes).map_err(|e| format!("{format} export: {e}"))?;
        let path = format!("saved.{}", format.extension());
        match level_file::from_text(Path::new(&path), &text) {
            Ok(back) if *back == *level => {}
            Ok(_) => return Err(format!("a saved {file_format} level loads back different")),
            Err(e) => {
                return Err(format!(
                    "a saved {file_format} level does not load back: {e:.200}"
                ));
            }
        }
    }
    Ok(Outcome::Loaded)
}

/// A generator's level is playable: no validation error (generator notes may fire for extreme
/// parameters, such as more loot than the plan holds).
fn generated_is_sound(level: &Level, what: &str) -> Result<(), String> {
    match playability_errors(level).first() {
        None => Ok(()),
        Some(v) => Err(format!("{what} is not playable: {v}")),
    }
}

/// A preset is rebuilt as `edit` and `export` do; its level goes on as a loaded level, and the preset
/// the editor would save from it must parse again. Without hand edits the rebuilt level is the
/// generator's and meets every invariant — which a lock taken from another generator can break.
fn after_preset(preset: &Preset) -> Result<Outcome, String> {
    let doc = match preset.document() {
        Ok(doc) => doc,
        Err(e) => return readable(&e.to_string()),
    };
    if preset.edits.is_empty() {
        generated_is_sound(&doc.level, "a preset without hand edits")?;
    }
    after_load(&doc.level)?;
    let text = preset::to_string(&Preset::of(&doc, &preset.name))
        .map_err(|e| format!("the rebuilt preset does not serialise: {e}"))?;
    preset::parse(&text, Path::new("saved.ron"))
        .map(|_| Outcome::Loaded)
        .map_err(|e| format!("a saved preset does not load back: {e:.200}"))
}

/// The `--generator` value (first line; empty for none) and the `--param` values (the other lines) of
/// a param-target input; a final line break ends the last line rather than adding an empty value.
fn param_args(text: &str) -> (Option<String>, Vec<String>) {
    let mut lines = text.strip_suffix('\n').unwrap_or(text).split('\n');
    let generator = lines.next().filter(|g| !g.is_empty()).map(str::to_string);
    (generator, lines.map(str::to_string).collect())
}

/// One generated input, with how it was made.
pub struct Case {
    pub target: Target,
    pub bytes: Vec<u8>,
    pub how: String,
    /// Patrol turns of the level the input was built from (0 when not a level): the stealth analysis
    /// simulates each, so such a case gets more time (see `runner::case_limit`).
    pub patrol_turns: usize,
}

/// The input of case `index` of a run with `seed`: target `index mod 4`, drawn from its own stream.
/// An input over `max_bytes` is drawn again from a stream of the next attempt, so a quick run can leave
/// out the giants (a 500,000-item level takes seconds to write and parse in a test build).
pub fn case(corpus: &Corpus, seed: u64, index: u64, max_bytes: usize) -> Case {
    let target = Target::ALL[(index % Target::ALL.len() as u64) as usize];
    for attempt in 0u64.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(attempt << 32));
        rng.set_stream(index);
        let ((bytes, how), patrol_turns) = match target {
            Target::LevelRon => level_input(&mut rng, corpus, false),
            Target::LevelJson => level_input(&mut rng, corpus, true),
            Target::Preset => (preset_input(&mut rng, corpus), 0),
            Target::Param => (param_input(&mut rng), 0),
        };
        if bytes.len() <= max_bytes {
            return Case {
                target,
                bytes,
                how,
                patrol_turns,
            };
        }
    }
    unreachable!("some attempt draws an input under the size bound")
}

/// Byte mutations on top of `text`, spliced with `other`.
fn with_bytes(rng: &mut ChaCha8Rng, text: String, other: &str) -> Vec<u8> {
    let mut bytes = text.into_bytes();
    for _ in 0..=below(rng, 8) {
        mutate::bytes(rng, &mut bytes, other.as_bytes());
    }
    bytes
}

/// A level input, its description, and the most patrol turns of a level it was built from.
fn level_input(rng: &mut ChaCha8Rng, corpus: &Corpus, json: bool) -> ((Vec<u8>, String), usize) {
    let seed = pick(rng, &corpus.levels);
    let format = if json {
        level_file::Format::Json
    } else {
        level_file::Format::Ron
    };
    let seed_text = if json { &seed.json } else { &seed.ron };
    let mut how = vec![seed.name.clone()];
    let turns = std::cell::Cell::new(patrol_turns(&seed.level));
    let typed_text = |rng: &mut ChaCha8Rng, how: &mut Vec<String>| {
        let mut level = seed.level.clone();
        for _ in 0..=below(rng, 2) {
            how.push(typed::level(rng, &mut level, corpus));
        }
        turns.set(turns.get().max(patrol_turns(&level)));
        level_file::to_string(&level, format).unwrap_or_else(|_| seed_text.clone())
    };
    let bytes = match below(rng, 10) {
        0..=4 => typed_text(rng, &mut how).into_bytes(),
        5 | 6 => {
            let mut text = if rng.random_bool(0.3) {
                typed_text(rng, &mut how)
            } else {
                seed_text.clone()
            };
            for _ in 0..=below(rng, 3) {
                mutate::text(rng, &mut text, json);
            }
            how.push("token mutations".into());
            text.into_bytes()
        }
        7 if json => {
            let donor = pick(rng, &corpus.levels);
            let mut value = serde_json::to_value(&seed.level).expect("a level is JSON");
            let donor = serde_json::to_value(&donor.level).expect("a level is JSON");
            for _ in 0..=below(rng, 3) {
                mutate::json(rng, &mut value, &donor);
            }
            how.push("JSON tree mutations".into());
            // Compact: pretty printing indents every line by its depth, so a mutation nesting
            // thousands of arrays deep printed gigabytes (quadratic in the depth).
            serde_json::to_vec(&value).expect("a JSON value prints")
        }
        _ => {
            let other = pick(rng, &corpus.levels);
            let other = if json { &other.json } else { &other.ron };
            let text = if rng.random_bool(0.3) {
                typed_text(rng, &mut how)
            } else {
                seed_text.clone()
            };
            how.push("byte mutations".into());
            with_bytes(rng, text, other)
        }
    };
    ((bytes, how.join("; ")), turns.get())
}

fn preset_input(rng: &mut ChaCha8Rng, corpus: &Corpus) -> (Vec<u8>, String) {
    let seed = pick(rng, &corpus.presets);
    let mut how = vec![seed.name.clone()];
    let typed_text = |rng: &mut ChaCha8Rng, how: &mut Vec<String>| match &seed.preset {
        Some(p) => {
            let mut p = p.clone();
            for _ in 0..=below(rng, 3) {
                how.push(typed_preset::preset(rng, &mut p, corpus));
            }
            preset::to_string(&p).unwrap_or_else(|_| seed.text.clone())
        }
        None => seed.text.clone(),
    };
    let bytes = match below(rng, 10) {
        0..=4 => typed_text(rng, &mut how).into_bytes(),
        5..=7 => {
            let mut text = if rng.random_bool(0.3) {
                typed_text(rng, &mut how)
            } else {
                seed.text.clone()
            };
            for _ in 0..=below(rng, 3) {
                mutate::text(rng, &mut text, false);
            }
            how.push("token mutations".into());
            text.into_bytes()
        }
        _ => {
            let other = &pick(rng, &corpus.presets).text;
            how.push("byte mutations".into());
            with_bytes(rng, seed.text.clone(), other)
        }
    };
    (bytes, how.join("; "))
}

/// A `--param` value of the shape the parameter takes (half the time, so that whole lists get through
/// and the level is built), or a hostile one.
fn param_value(rng: &mut ChaCha8Rng, kind: &dyn GeneratorKind, spec: &ParamSpec) -> String {
    let default = registry::default_text(kind, spec.name);
    if rng.random_bool(0.5) {
        return match (spec.min, spec.max) {
            (Some(lo), Some(hi)) if default.contains('.') => {
                format!("{:.3}", rng.random_range(lo..=hi))
            }
            (Some(lo), Some(hi)) => (rng.random_range(lo..=hi) as i64).to_string(),
            _ => default,
        };
    }
    match below(rng, 10) {
        0 => default.clone(),
        1..=3 => pick(rng, EXTREME_NUMBERS).to_string(),
        4 => (0..count(rng, 100_000))
            .map(|_| pick(rng, &["2", "3", "cross", "dead_end", "-1", "99"]).to_string())
            .collect::<Vec<_>>()
            .join(","),
        5 => format!(
            r#"{{"Cell":{{"i":{},"j":{}}}}}"#,
            pick(rng, EXTREME_NUMBERS),
            pick(rng, EXTREME_NUMBERS)
        ),
        6 => {
            let depth = *pick(rng, &[10, 127, 128, 129, 10_000]);
            format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
        }
        7 => "v".repeat(count(rng, 1 << 20)),
        8 => pick(
            rng,
            &[
                "Random", "Centre", "WalkEnd", "true", "null", "", "{}", "[]", "\"x\"", "Cell",
            ],
        )
        .to_string(),
        _ => format!("{default},{default}"),
    }
}

fn param_input(rng: &mut ChaCha8Rng) -> (Vec<u8>, String) {
    let kinds = registry::all();
    let kind = *pick(rng, &kinds);
    let id = kind.id();
    let generator = match below(rng, 20) {
        0 => String::new(),
        1 => "g".repeat(count(rng, 1 << 16)),
        2 => "maze".to_string(),
        3 => id.replace('_', "-"),
        _ => id.to_string(),
    };
    let specs = kind.params();
    let mut lines = vec![generator];
    for _ in 0..count(rng, 6) {
        let Some(spec) = (!specs.is_empty()).then(|| pick(rng, specs)) else {
            break;
        };
        let name = match below(rng, 16) {
            0 | 1 => spec.name.replace('_', "-"),
            2 => "nope".to_string(),
            3 => format!(" {} ", spec.name),
            _ => spec.name.to_string(),
        };
        let value = param_value(rng, kind, spec);
        lines.push(if below(rng, 50) == 0 {
            format!("{name}{value}")
        } else {
            format!("{name}={value}")
        });
    }
    let text = lines.join("\n");
    let how = format!("--generator {} with {} --param", id, lines.len() - 1);
    if below(rng, 4) == 0 {
        (with_bytes(rng, text, ""), format!("{how}; byte mutations"))
    } else {
        (text.into_bytes(), how)
    }
}
