//! Hostile input: thousands of truncated, byte-mutated and random files for every loader — level RON and
//! JSON, presets — and the `validate`/`export` commands on such files. All must end in an error or a
//! level, never a panic. Files that parse but lie about their size or indices are refused before anything
//! allocates a grid. The RNG seed is fixed so a failure reproduces in CI.

use std::path::Path;
use std::process::Command;

use mansion_forge::analysis::stats::level_stats;
use mansion_forge::analysis::validate::validate;
use mansion_forge::generate::campaign;
use mansion_forge::io::export::{self, Format, Overlay};
use mansion_forge::io::level_file;
use mansion_forge::io::preset;
use mansion_forge::model::valid::check as check_shape;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x4d46_2026),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A small level (game 1, mansion 0: 21×16) in both formats.
fn level_texts() -> [(String, level_file::Format); 2] {
    let level = campaign::plan(1).generate(0).expect("level 0");
    [level_file::Format::Ron, level_file::Format::Json]
        .map(|f| (level_file::to_string(&level, f).expect("serialises"), f))
}

fn preset_texts() -> Vec<String> {
    let mut texts: Vec<String> = std::fs::read_dir("presets")
        .expect("presets folder")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    texts.sort();
    texts
}

/// How a valid text is damaged: cut short, bytes overwritten, or a run of bytes duplicated.
#[derive(Clone, Debug)]
enum Damage {
    Truncate(usize),
    Overwrite(Vec<(usize, u8)>),
    Repeat { at: usize, len: usize },
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Truncate),
        prop::collection::vec((any::<usize>(), any::<u8>()), 1..8).prop_map(Damage::Overwrite),
        (any::<usize>(), 1usize..64).prop_map(|(at, len)| Damage::Repeat { at, len }),
    ]
}

fn apply(text: &str, d: &Damage) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let n = bytes.len().max(1);
    match d {
        Damage::Truncate(at) => bytes.truncate(at % n),
        Damage::Overwrite(edits) => {
            for &(at, b) in edits {
                if let Some(slot) = bytes.get_mut(at % n) {
                    *slot = b;
                }
            }
        }
        Damage::Repeat { at, len } => {
            let at = at % n;
            let end = (at + len).min(bytes.len());
            let run = bytes[at..end].to_vec();
            bytes.splice(at..at, run);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whatever a damaged level parses to, the checks and every consumer behind them must not panic.
fn exercise_level(text: &str, format: level_file::Format) {
    let Ok(level) = level_file::parse(text, format) else {
        return;
    };
    if check_shape(&level).is_err() {
        return;
    }
    let _ = validate(&level);
    let _ = level_stats(&level, 0);
    for &f in Format::ALL {
        let _ = export::render(&level, f, Overlay::ALL, &[], "t.png");
    }
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn damaged_levels_never_panic(d in damage(), json in any::<bool>()) {
        let texts = level_texts();
        let (text, format) = &texts[usize::from(json)];
        exercise_level(&apply(text, &d), *format);
    }

    #[test]
    fn damaged_presets_never_panic(d in damage(), pick in any::<usize>()) {
        let texts = preset_texts();
        let text = apply(&texts[pick % texts.len()], &d);
        let _ = preset::parse(&text, Path::new("fuzz.ron"));
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        exercise_level(&text, level_file::Format::Ron);
        exercise_level(&text, level_file::Format::Json);
        let _ = preset::parse(&text, Path::new("fuzz.ron"));
    }
}

proptest! {
    // Presets that still parse are rebuilt: the generators must refuse or build, not panic.
    #![proptest_config(config(300))]

    #[test]
    fn damaged_presets_that_parse_rebuild_or_refuse(d in damage(), pick in any::<usize>()) {
        let texts = preset_texts();
        let text = apply(&texts[pick % texts.len()], &d);
        if let Ok(p) = preset::parse(&text, Path::new("fuzz.ron")) {
            let _ = p.document();
        }
    }
}

proptest! {
    // The binary on damaged files: exit 0, 1 or 2, never a panic, errors on one line.
    #![proptest_config(config(60))]

    #[test]
    fn commands_on_damaged_files_fail_cleanly(d in damage(), pick in 0usize..3) {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robustness-cli");
        std::fs::create_dir_all(&dir).expect("scratch");
        let levels = level_texts();
        let (text, name) = match pick {
            0 => (levels[0].0.clone(), "fuzz.ron"),
            1 => (levels[1].0.clone(), "fuzz.json"),
            _ => (preset_texts()[0].clone(), "fuzz-preset.ron"),
        };
        let file = dir.join(name);
        std::fs::write(&file, apply(&text, &d)).expect("write");
        let file = file.to_str().expect("UTF-8").to_string();
        let png = dir.join("out.png");
        let png = png.to_str().expect("UTF-8");
        for args in [vec!["validate", file.as_str()], vec!["export", file.as_str(), "--out", png]] {
            let out = Command::new(env!("CARGO_BIN_EXE_mansion-forge")).args(&args).output().expect("runs");
            let err = String::from_utf8_lossy(&out.stderr);
            prop_assert!(matches!(out.status.code(), Some(0..=2)), "{args:?}: {:?} {err}", out.status);
            prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
            prop_assert!(err.lines().count() <= 1, "{args:?}: {err}");
        }
    }
}

/// A generated level's RON with `field: old` replaced, for hand-made hostile files.
fn level_with(replace: &[(&str, &str)]) -> String {
    let mut text = level_texts()[0].0.clone();
    for (from, to) in replace {
        assert!(text.contains(from), "{from} not in the level");
        text = text.replacen(from, to, 1);
    }
    text
}

fn shape_error(text: &str) -> String {
    let level = level_file::parse(text, level_file::Format::Ron).expect("still parses");
    check_shape(&level).expect_err("refused").0
}

#[test]
fn hostile_sizes_and_indices_are_refused_with_a_message() {
    let e = shape_error(&level_with(&[
        ("width: 21", "width: 100000"),
        ("height: 16", "height: 100000"),
    ]));
    assert!(e.contains("above the 512×512 limit"), "{e}");
    let e = shape_error(&level_with(&[("width: 21", "width: -21")]));
    assert!(e.contains("not positive"), "{e}");
    let e = shape_error(&level_with(&[("width: 21", "width: 22")]));
    assert!(e.contains("terrain has"), "{e}");
    let e = shape_error(&level_with(&[("left: 0", "left: 4000")]));
    assert!(e.contains("room 4000"), "{e}");
    let e = shape_error(&level_with(&[("room: 1,", "room: 999,")]));
    assert!(e.contains("room 999"), "{e}");
    // Every shipped generator's levels pass the same check.
    for text in preset_texts() {
        let level = preset::parse(&text, Path::new("p.ron"))
            .expect("parses")
            .document()
            .expect("builds")
            .level;
        assert_eq!(check_shape(&level), Ok(()), "{}", level.generator);
    }
}

#[test]
fn hostile_presets_are_refused_before_building() {
    for (params, expected) in [
        ("(rooms_x: 99999, rooms_y: 4, loot: 5)", "rooms_x 99999"),
        ("(rooms_x: 5, rooms_y: -3, loot: 5)", "rooms_y -3"),
        (
            "(rooms_x: 5, rooms_y: 4, loot: 4000000000)",
            "loot 4000000000",
        ),
    ] {
        let text =
            format!("(version: 1, generator: \"siheyuan\", level: 3, seed: 1, params: {params})");
        let err = preset::parse(&text, Path::new("p.ron"))
            .expect_err("refused")
            .to_string();
        assert!(err.contains(expected), "{err}");
    }
    let err = preset::parse("(version: 1, generator: \"siheyuan\", level: 99, seed: 1, params: (rooms_x: 5, rooms_y: 4, loot: 5))", Path::new("p.ron"))
        .expect_err("refused")
        .to_string();
    assert!(err.contains("level 99"), "{err}");
}
