//! The fuzz command: runs many cases over every loader and prints, per target, the cases run, cases per
//! second, the longest case and the largest allocation; exits 1 when any case failed.
//!
//! ```text
//! cargo run --release --example fuzz -- --cases 1000000
//! cargo run --release --example fuzz -- --cases 1000000 --skip 250000 # the same run, resumed
//! cargo run --release --example fuzz -- --seed 1 --replay 4242      # one reported case again
//! cargo run --release --example fuzz -- --target preset --input bad.ron
//! cargo run --release --example fuzz -- --seed 1 --replay 4242 --minimize
//! ```
//!
//! The harness itself is in `tests/fuzz/` (see its module comment for why it lives there).

#[path = "../tests/fuzz/mod.rs"]
mod fuzz;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;

use fuzz::alloc::Counting;
use fuzz::corpus::Corpus;
use fuzz::runner::{Options, run};
use fuzz::targets::Target;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[derive(Parser)]
#[command(about = "In-process fuzzing of the level, preset and --param loaders")]
struct Args {
    /// Number of cases, spread evenly over the selected targets.
    #[arg(long, default_value_t = 100_000)]
    cases: u64,
    /// Skip the first N cases: resumes a run stopped part way (N = the lowest case its
    /// `in-flight.txt` showed running).
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: u64,
    /// Run seed: case I of seed S is always the same input.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads [default: the number of cores].
    #[arg(long)]
    threads: Option<usize>,
    /// Only this target (level-ron, level-json, preset, param); repeat for several.
    #[arg(long = "target")]
    targets: Vec<String>,
    /// Run case number N of the seed only (to replay a reported failure).
    #[arg(long, value_name = "N")]
    replay: Option<u64>,
    /// Run this file through the one --target given, instead of generated cases.
    #[arg(long)]
    input: Option<PathBuf>,
    /// Folder for the inputs of failing cases [default: target/fuzz-failures].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Longest a case may run, in seconds (plus 50 ms per MiB of input and 250 ms per thousand patrol turns of its level).
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// After a hang or an allocation past 1 GiB, go on with a new worker thread instead of aborting.
    #[arg(long)]
    keep_going: bool,
    /// Shrink the --input file or the --replay case while it fails the same way, and write the result
    /// to the output folder (panics and broken promises only).
    #[arg(long)]
    minimize: bool,
    /// Stop after this many failing cases.
    #[arg(long, default_value_t = 1000)]
    max_failures: usize,
    /// With --keep-going, stop once this many abandoned cases are still running.
    #[arg(long, default_value_t = 4)]
    max_stuck: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut targets = Vec::new();
    for name in &args.targets {
        if let Some(t) = Target::from_name(name) {
            targets.push(t);
        } else {
            eprintln!("fuzz: unknown target `{name}` (level-ron, level-json, preset, param)");
            return ExitCode::from(2);
        }
    }
    if targets.is_empty() {
        targets = Target::ALL.to_vec();
    }
    let file = match &args.input {
        Some(path) => {
            let [target] = targets[..] else {
                eprintln!("fuzz: --input needs exactly one --target");
                return ExitCode::from(2);
            };
            match std::fs::read(path) {
                Ok(bytes) => Some((target, bytes)),
                Err(e) => {
                    eprintln!("fuzz: {}: {e}", path.display());
                    return ExitCode::from(2);
                }
            }
        }
        None => None,
    };
    let began = Instant::now();
    let corpus = Arc::new(Corpus::build(&fuzz::repository().join("presets")));
    eprintln!(
        "corpus: {} levels, {} presets, {} locks ({:.1} s)",
        corpus.levels.len(),
        corpus.presets.len(),
        corpus.locks.len(),
        began.elapsed().as_secs_f64()
    );
    let out_dir = args.out.unwrap_or_else(fuzz::default_out_dir);
    if args.minimize {
        return minimize(file, args.replay, args.seed, &corpus, &out_dir);
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let options = Options {
        seed: args.seed,
        cases: args.cases,
        skip: args.skip,
        threads,
        targets,
        only: args.replay,
        file,
        out_dir,
        time_limit: Duration::from_secs_f64(args.time_limit),
        max_input_bytes: usize::MAX,
        keep_going: args.keep_going,
        max_failures: args.max_failures.max(1),
        max_stuck: args.max_stuck.max(1),
        replay_hint: "cargo run --release --example fuzz -- --seed {seed} --replay {case}".into(),
    };
    let summary = run(corpus, options);
    print!("{}", summary.report());
    if summary.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Shrinks the `--input` file or the `--replay` case while it fails the same way and writes the
/// result to the output folder.
fn minimize(
    file: Option<(Target, Vec<u8>)>,
    replay: Option<u64>,
    seed: u64,
    corpus: &Corpus,
    out_dir: &std::path::Path,
) -> ExitCode {
    let (target, bytes, name) = match (file, replay) {
        (Some((target, bytes)), _) => (target, bytes, "input".to_string()),
        (None, Some(index)) => {
            let case = fuzz::targets::case(corpus, seed, index, usize::MAX);
            (case.target, case.bytes, format!("seed{seed}-case{index}"))
        }
        (None, None) => {
            eprintln!("fuzz: --minimize needs --input or --replay");
            return ExitCode::from(2);
        }
    };
    let small = fuzz::minimize::minimize(target, &bytes, 20_000);
    let path = out_dir.join(format!(
        "{}-{name}-min.{}",
        target.name(),
        target.extension()
    ));
    if let Err(e) = std::fs::create_dir_all(out_dir).and_then(|()| std::fs::write(&path, &small)) {
        eprintln!("fuzz: {}: {e}", path.display());
        return ExitCode::from(2);
    }
    println!(
        "{} bytes → {} bytes: {}",
        bytes.len(),
        small.len(),
        path.display()
    );
    ExitCode::SUCCESS
}
