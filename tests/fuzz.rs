//! A quick fuzz run over every loader (issue 9, part 7): a few thousand mutated levels, presets and
//! `--param` lists must load or be refused cleanly — no panic, no case over the time limit, no case
//! holding more than 1 GiB — and what loads must survive validation, analysis and every export. The
//! million-case run is `cargo run --release --example fuzz -- --cases 1000000` (see `docs/limits.md`).

#[path = "fuzz/mod.rs"]
mod fuzz;

use std::sync::Arc;
use std::time::Duration;

use fuzz::alloc::Counting;
use fuzz::corpus::Corpus;
use fuzz::runner::{Options, run};
use fuzz::targets::{Outcome, Target, case};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The largest input of the quick run.
const QUICK_MAX_BYTES: usize = 1 << 20;

fn corpus() -> Corpus {
    Corpus::build(&fuzz::repository().join("presets"))
}

fn options(cases: u64) -> Options {
    Options {
        seed: 1,
        cases,
        skip: 0,
        threads: 2,
        targets: Target::ALL.to_vec(),
        only: None,
        file: None,
        out_dir: fuzz::default_out_dir(),
        // Dependencies are not optimised in test builds and the machine may be busy: the 2 s bound
        // belongs to the release run; here only a real hang should trip the watchdog.
        time_limit: Duration::from_secs(10),
        // The giants (a 500,000-item level, a 1024×1024 map) are left to the release run.
        max_input_bytes: QUICK_MAX_BYTES,
        keep_going: false,
        max_failures: 1000,
        max_stuck: 1,
        replay_hint: "cargo run --release --example fuzz -- --seed {seed} --replay {case}".into(),
    }
}

#[test]
fn a_quick_run_over_every_loader_finds_no_failure() {
    let summary = run(Arc::new(corpus()), options(2000));
    assert_eq!(summary.cases(), 2000, "{}", summary.report());
    assert!(summary.failures.is_empty(), "{}", summary.report());
}

#[test]
fn a_resumed_run_runs_only_the_cases_after_those_skipped() {
    let summary = run(
        Arc::new(corpus()),
        Options {
            skip: 40,
            ..options(48)
        },
    );
    assert_eq!(summary.cases(), 8, "{}", summary.report());
    for (target, figures) in &summary.figures {
        assert_eq!(figures.cases, 2, "{target:?}");
        assert!(figures.max_time_case >= 40, "{target:?}: {figures:?}");
        assert!(figures.peak_case >= 40, "{target:?}: {figures:?}");
    }
}

#[test]
fn a_case_is_the_same_input_whenever_it_is_made() {
    let corpus = corpus();
    for index in [0, 1, 2, 3, 997, 123_456] {
        let (a, b) = (
            case(&corpus, 7, index, QUICK_MAX_BYTES),
            case(&corpus, 7, index, QUICK_MAX_BYTES),
        );
        assert_eq!(a.bytes, b.bytes, "case {index}");
        assert_eq!(a.target, Target::ALL[index as usize % 4]);
    }
    assert_ne!(
        case(&corpus, 7, 4, usize::MAX).bytes,
        case(&corpus, 8, 4, usize::MAX).bytes
    );
}

#[test]
fn structure_aware_mutations_get_past_the_parsers() {
    // Byte mutations alone rarely survive parsing; the typed and token mutations must, or the code
    // after loading is never reached.
    let corpus = corpus();
    for target in [Target::LevelRon, Target::LevelJson, Target::Preset] {
        let parsed = (0..200)
            .map(|i| case(&corpus, 3, i * 4 + target as u64, QUICK_MAX_BYTES))
            .filter(|c| parses(c.target, &c.bytes))
            .count();
        assert!(parsed >= 60, "{target:?}: {parsed} of 200 inputs parse");
    }
}

/// Whether `bytes` get through the target's parser: serde only, before any check of the values (which
/// a hostile value is meant to reach).
fn parses(target: Target, bytes: &[u8]) -> bool {
    use mansion_forge::io::level_file::{Format, parse};
    use mansion_forge::io::preset::PresetFile;
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    match target {
        Target::Preset => ron::from_str::<PresetFile<serde::de::IgnoredAny>>(text).is_ok(),
        Target::LevelJson => parse(text, Format::Json).is_ok(),
        _ => parse(text, Format::Ron).is_ok(),
    }
}

#[test]
fn a_generated_level_loads_and_garbage_is_refused() {
    let corpus = corpus();
    let level = &corpus.levels[0];
    assert_eq!(
        Target::LevelRon.run(level.ron.as_bytes()),
        Ok(Outcome::Loaded)
    );
    assert_eq!(
        Target::LevelJson.run(level.json.as_bytes()),
        Ok(Outcome::Loaded)
    );
    assert_eq!(Target::LevelRon.run(b"\xff("), Ok(Outcome::Refused));
}

#[test]
fn a_panic_in_a_case_is_caught_with_its_location() {
    let message = fuzz::runner::catch(|| -> u32 { panic!("boom {}", 7) }).expect_err("caught");
    assert!(message.starts_with("boom 7 at "), "{message}");
    assert!(message.contains("tests/fuzz.rs:"), "{message}");
}

#[test]
fn the_allocator_measures_a_case_peak_on_its_own_thread() {
    let elsewhere = std::thread::spawn(|| std::hint::black_box(vec![1u8; 64 << 20]).len());
    fuzz::alloc::begin_case(0);
    drop(std::hint::black_box(vec![1u8; 10 << 20]));
    let small = std::hint::black_box(vec![1u8; 1 << 10]);
    let peak = fuzz::alloc::end_case();
    drop(small);
    assert_eq!(elsewhere.join().unwrap(), 64 << 20);
    // The 10 MiB the case held at most, not the 64 MiB another thread allocated meanwhile.
    assert!((10 << 20..11 << 20).contains(&peak), "{peak}");
}
