//! `stats`: the figures of every mansion of many games, one JSON object per line, for the fidelity
//! comparison with the original's measurements. Thousands of games are typical, so the games are split
//! over the available cores in fixed batches; each batch's output is written in seed order, which keeps
//! the output byte-identical to a single-threaded run.

use std::io::{self, BufWriter, Write};
use std::ops::Range;
use std::process::ExitCode;
use std::thread;

use rayon::prelude::*;

use clap::Args;

use serde::Serialize;

use super::output::stdout_error;
use super::recipe::{Choice, GeneratorArgs, GeneratorFigures, figures};
use super::{CliError, parse_seed};
use crate::analysis::stats::{LevelStats, level_stats};
use crate::analysis::stealth::{Summary, analyze};
use crate::generate::campaign;
use crate::model::Level;

/// Games per worker per batch: enough to dwarf the cost of a thread, small enough to stream output.
const GAMES_PER_WORKER: u64 = 64;

#[derive(Debug, Args)]
pub(super) struct StatsArgs {
    /// Number of games (campaigns of ten mansions) to measure.
    #[arg(long)]
    games: u64,
    /// Seed of the first game; the others follow consecutively.
    #[arg(long, default_value_t = 0, value_parser = parse_seed)]
    first_seed: u64,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Append the stealth summary of each mansion (lit_floor_share, watched_share,
    /// never_watched_share, hiding_cells, loot_ghost, ghost_route_turns; `loot` is already there).
    #[arg(long)]
    stealth: bool,
}

/// A line of `stats`: the shared keys, then the chosen generator's own figures, then the stealth
/// summary when asked for.
#[derive(Serialize)]
struct Line {
    #[serde(flatten)]
    stats: LevelStats,
    #[serde(flatten)]
    figures: Option<GeneratorFigures>,
    #[serde(flatten)]
    stealth: Option<StealthColumns>,
}

/// The stealth summary without its `loot` key, which the shared keys already have.
#[derive(Serialize)]
struct StealthColumns {
    lit_floor_share: f64,
    watched_share: f64,
    never_watched_share: f64,
    hiding_cells: usize,
    loot_ghost: usize,
    ghost_route_turns: usize,
}

impl From<Summary> for StealthColumns {
    fn from(s: Summary) -> Self {
        StealthColumns {
            lit_floor_share: s.lit_floor_share,
            watched_share: s.watched_share,
            never_watched_share: s.never_watched_share,
            hiding_cells: s.hiding_cells,
            loot_ghost: s.loot_ghost,
            ghost_route_turns: s.ghost_route_turns,
        }
    }
}

impl Line {
    fn of(level: &Level, seed: u64, figures: Option<GeneratorFigures>, stealth: bool) -> Self {
        Line {
            stats: level_stats(level, seed),
            figures,
            stealth: stealth.then(|| analyze(level).summary.into()),
        }
    }
}

pub(super) fn stats(args: &StatsArgs) -> Result<ExitCode, CliError> {
    let choice = args.generator.choice()?;
    let end = args.first_seed.checked_add(args.games).ok_or_else(|| {
        CliError::Input("--first-seed plus --games exceeds the 64-bit seed range".to_string())
    })?;
    let workers = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut start = args.first_seed;
    while start < end {
        let batch_end = start + (end - start).min(workers * GAMES_PER_WORKER);
        for chunk in run_batch(start..batch_end, workers, choice.as_ref(), args.stealth)? {
            out.write_all(&chunk).map_err(stdout_error)?;
        }
        start = batch_end;
    }
    out.flush().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// Splits `seeds` into `workers` consecutive runs measured in parallel; returns their output in order.
fn run_batch(
    seeds: Range<u64>,
    workers: u64,
    choice: Option<&Choice>,
    stealth: bool,
) -> Result<Vec<Vec<u8>>, CliError> {
    let per_worker = (seeds.end - seeds.start).div_ceil(workers.max(1));
    let runs: Vec<Range<u64>> = (0..workers)
        .map(|w| {
            let lo = (seeds.start + w * per_worker).min(seeds.end);
            lo..(lo + per_worker).min(seeds.end)
        })
        .filter(|r| !r.is_empty())
        .collect();
    // On rayon's threads rather than threads of our own, so that the stealth analysis's own parallel
    // halves are joined inside the pool instead of waking it from outside for every mansion.
    runs.into_par_iter()
        .map(|run| {
            std::panic::catch_unwind(|| game_lines(run, choice, stealth))
                .map_err(|_| CliError::Failed("a statistics worker panicked".to_string()))?
        })
        .collect()
}

/// The JSON lines of every mansion of the games `seeds`, in seed then level order.
fn game_lines(
    seeds: Range<u64>,
    choice: Option<&Choice>,
    stealth: bool,
) -> Result<Vec<u8>, CliError> {
    let mut buf = Vec::new();
    let mut write = |line: &Line| {
        serde_json::to_writer(&mut buf, line)
            .map_err(|e| CliError::Failed(format!("cannot encode statistics: {e}")))?;
        buf.push(b'\n');
        Ok::<(), CliError>(())
    };
    for seed in seeds {
        match choice {
            Some(choice) => {
                for level in 0..campaign::LEVELS as u32 {
                    let recipe = choice.recipe(seed, level)?;
                    let built = recipe.build().map_err(|e| {
                        CliError::Failed(format!(
                            "{} could not build game {seed} level {level}: {e}",
                            choice.id()
                        ))
                    })?;
                    write(&Line::of(&built, seed, Some(figures(&recipe)), stealth))?;
                }
            }
            None => {
                for level in campaign::plan(seed).generate_all() {
                    write(&Line::of(&level, seed, None, stealth))?;
                }
            }
        }
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_batches_match_one_worker() {
        let one: Vec<u8> = run_batch(10..15, 1, None, false).unwrap().concat();
        let three: Vec<u8> = run_batch(10..15, 3, None, false).unwrap().concat();
        assert_eq!(one, three);
        assert_eq!(one.iter().filter(|&&b| b == b'\n').count(), 50);
    }
}
