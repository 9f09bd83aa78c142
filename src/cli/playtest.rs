//! `playtest`: simulated thieves (`crate::playtest`) play a level, or every mansion of a run, many
//! times under the game's rules; per bot the share of runs caught and seen with 95 % intervals, the
//! loot and turns, and the cells where thieves were first seen and caught. A one-screen text summary,
//! or one JSON object per mansion and bot (`--format json`).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::error::CliError;
use super::output::{print, progress_bar};
use super::target::{Target, TargetArgs};
use crate::analysis::stealth::Cancel;
use crate::model::{Cell, Grid, Level};
use crate::play::rule_sets;
use crate::playtest::{
    Bot, BotSpec, Course, DEFAULT_MAX_TURNS, MAX_RUNS, Plan, Report, Share, Tally, playtest,
};

#[derive(Debug, Args)]
pub(super) struct PlaytestArgs {
    /// The level, as `analyze` takes it; or a whole run: `--game-seed` or `--daily` without `--level`
    /// plays every mansion of it and prints the run's difficulty curve.
    #[command(flatten)]
    target: TargetArgs,
    /// The bots, comma-separated, each with optional settings: `greedy:patience=5:risk=0.2`
    /// (patience, risk, budget). The bots: ghost, greedy, cautious, speedrunner.
    #[arg(long, value_delimiter = ',', default_value = "ghost,greedy,cautious,speedrunner", value_parser = BotSpec::parse)]
    bots: Vec<BotSpec>,
    /// Runs per bot and mansion, each with its own seed.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_RUNS as u64))]
    runs: u64,
    /// The seed of the first run (the next runs count on from it).
    #[arg(long, default_value_t = 1)]
    first_seed: u32,
    /// Turns a run may last.
    #[arg(long, default_value_t = DEFAULT_MAX_TURNS as u64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_turns: u64,
    /// The rules the thieves play by [default: the level's own].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Threads to play on [default: one per core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// `text`: a summary for people; `json`: one object per mansion and bot.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// One line of `--format json`.
#[derive(Serialize)]
struct BotLine<'a> {
    mansion: &'a str,
    rules: &'static str,
    bot: Bot,
    /// The bot as `--bots` names it, settings that differ from its usual ones included.
    settings: String,
    patience: usize,
    risk: f64,
    budget: usize,
    runs: usize,
    caught: Share,
    seen: Share,
    /// Share of runs in which the thief left the level.
    left: f64,
    /// Loot taken per run, and the loot on the level.
    loot: f64,
    coins: usize,
    turns: f64,
    /// `[x, y, runs]`, most runs first: where thieves were first seen.
    first_seen: Vec<[i64; 3]>,
    /// `[x, y, runs]`, most runs first: where thieves were caught.
    caught_at: Vec<[i64; 3]>,
    /// The mansion's difficulty (every bot but the ghost: the share of runs caught).
    difficulty: Option<f64>,
}

pub(super) fn playtest_command(args: &PlaytestArgs) -> Result<ExitCode, CliError> {
    let mansions = mansions(&args.target)?;
    let plan = Plan {
        bots: args.bots.clone(),
        runs: usize::try_from(args.runs).unwrap_or(MAX_RUNS),
        first_seed: args.first_seed,
        max_turns: usize::try_from(args.max_turns).unwrap_or(DEFAULT_MAX_TURNS),
    };
    let threads = args.jobs.map_or(0, |j| j as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start {threads} threads: {e}")))?;
    let bar = progress_bar((plan.total() * mansions.len()) as u64);
    let mut text = String::new();
    let mut curve = Vec::new();
    for (k, (name, level)) in mansions.iter().enumerate() {
        let rules = rule_sets::chosen(args.rules.as_deref(), level)
            .map_err(|e| CliError::Input(format!("--rules: {e}")))?;
        bar.set_message(name.clone());
        let course = Course::new(level.clone(), rules);
        let base = (k * plan.total()) as u64;
        let report = pool
            .install(|| {
                playtest(&course, &plan, &Cancel::new(), &|n| {
                    bar.set_position(base + n as u64);
                })
            })
            .ok_or_else(|| CliError::Failed("the playtest was cancelled".into()))?;
        curve.push(report.difficulty());
        match args.format {
            Format::Json => {
                for tally in &report.tallies {
                    let line = bot_line(name, rules.id(), tally, &report);
                    let mut json = serde_json::to_string(&line)
                        .map_err(|e| CliError::Failed(format!("cannot encode a line: {e}")))?;
                    json.push('\n');
                    text.push_str(&json);
                }
            }
            Format::Text => summary(&mut text, name, rules.label(), &plan, &report),
        }
    }
    bar.finish_and_clear();
    if matches!(args.format, Format::Text) && mansions.len() > 1 {
        let figures: Vec<String> = curve.iter().map(|d| percent(*d)).collect();
        let _ = writeln!(text, "Difficulty by mansion: {}", figures.join("  "));
    }
    print(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The mansions the arguments name, each with a name for the report.
fn mansions(target: &TargetArgs) -> Result<Vec<(String, Level)>, CliError> {
    if let Some(run) = target.whole_run()? {
        return run
            .mansions
            .iter()
            .map(|m| {
                let level = m
                    .recipe
                    .build()
                    .map_err(|e| CliError::Failed(format!("{}: {e}", m.label)))?;
                Ok((format!("{}, {}", run.seed, m.label), level))
            })
            .collect();
    }
    let name = match target.named("playtest")? {
        Target::File(path) => path.display().to_string(),
        Target::Generated { choice, .. } => target.describe(choice.as_ref()),
        Target::Game(_) => target.describe(None),
    };
    Ok(vec![(name, target.load("playtest")?)])
}

fn bot_line<'a>(
    mansion: &'a str,
    rules: &'static str,
    tally: &Tally,
    report: &Report,
) -> BotLine<'a> {
    let spec = tally.spec;
    BotLine {
        mansion,
        rules,
        bot: spec.bot,
        settings: spec.to_string(),
        patience: spec.patience,
        risk: spec.risk,
        budget: spec.budget,
        runs: tally.runs,
        caught: tally.caught_share(),
        seen: tally.seen_share(),
        left: Share::of(tally.left, tally.runs).share,
        loot: tally.mean_loot(),
        coins: report.coins,
        turns: tally.mean_turns(),
        first_seen: hot_cells(&tally.first_seen),
        caught_at: hot_cells(&tally.caught_at),
        difficulty: report.difficulty(),
    }
}

/// The cells with a count, most first (then row by row).
fn hot_cells(grid: &Grid<u32>) -> Vec<[i64; 3]> {
    let shape = grid.shape();
    let mut cells: Vec<(Cell, u32)> = (0..shape.len())
        .map(|i| (shape.cell(i), grid.values()[i]))
        .filter(|&(_, n)| n > 0)
        .collect();
    cells.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), c.y, c.x));
    cells
        .into_iter()
        .map(|(c, n)| [i64::from(c.x), i64::from(c.y), i64::from(n)])
        .collect()
}

/// A share as a whole percentage, `–` for none.
fn percent(share: Option<f64>) -> String {
    share.map_or_else(|| "–".to_string(), |s| format!("{:.0}%", s * 100.0))
}

/// One mansion's figures for people: a heading with the difficulty, then a row per bot.
fn summary(out: &mut String, name: &str, rules: &str, plan: &Plan, report: &Report) {
    let _ = writeln!(
        out,
        "{name} — {rules}, {} runs per bot, {} loot: difficulty {}",
        plan.runs,
        report.coins,
        percent(report.difficulty())
    );
    let _ = writeln!(
        out,
        "  {:<12} {:>19} {:>19} {:>11} {:>7} {:>5}  most caught at",
        "bot", "caught (95% CI)", "seen (95% CI)", "loot", "turns", "left"
    );
    for tally in &report.tallies {
        let share = |s: Share| {
            format!(
                "{:>3.0}% ({:>3.0}–{:>3.0}%)",
                s.share * 100.0,
                s.low * 100.0,
                s.high * 100.0
            )
        };
        let hottest = hot_cells(&tally.caught_at)
            .first()
            .map_or_else(String::new, |[x, y, n]| format!("({x}, {y}) ×{n}"));
        let played = if tally.runs == 0 {
            "no route to play".to_string()
        } else {
            hottest
        };
        let _ = writeln!(
            out,
            "  {:<12} {:>19} {:>19} {:>5.1} of {:<2} {:>7.0} {:>4.0}%  {played}",
            tally.spec.to_string(),
            share(tally.caught_share()),
            share(tally.seen_share()),
            tally.mean_loot(),
            report.coins,
            tally.mean_turns(),
            Share::of(tally.left, tally.runs).share * 100.0,
        );
    }
}
