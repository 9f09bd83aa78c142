//! `stats`: the figures of every mansion of many games, one JSON object per line, for the fidelity
//! comparison with the original's measurements; and `search`: the lines of those mansions that meet
//! some conditions. Both run [`crate::survey`], which measures the games in parallel and hands the lines
//! on in seed and level order, so the output is byte-identical whatever the number of threads.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;

use super::args::{exact_seed, parse_conditions, parse_seed};
use super::error::CliError;
use super::output::{json_stdout_error, progress_bar, stdout_error};
use super::recipe::{Choice, GeneratorArgs};
use crate::play::{RuleSet, rule_sets};
use crate::playtest::Bot;
use crate::survey::{
    Condition, Line, Mansions, Progress, SURVEY_RUNS, Survey, bots_named, survey_plan,
};

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
    /// Append the stealth summary of each mansion (lit_floor_share, lit_floor_share_settled,
    /// watched_share, never_watched_share, hiding_cells, loot_ghost, ghost_route_turns; `loot` is
    /// already there).
    #[arg(long)]
    #[expect(
        clippy::doc_markdown,
        reason = "this comment is the option's --help text, whose key names are printed as plain words"
    )]
    stealth: bool,
    /// Threads to measure on [default: one per core; at most two per core are started]; the output is
    /// the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
    /// The rules the stealth summary follows (only rules the analysis models; each line's `rules`
    /// names them) and the playtest's thieves play by [default: each level's own where modelled].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Append each mansion's playtest: every bot played --playtest-runs times (difficulty, and per bot
    /// BOT_caught, BOT_seen, BOT_loot, BOT_turns). `search` plays the bots its conditions name without
    /// it.
    #[arg(long)]
    #[expect(
        clippy::doc_markdown,
        reason = "this comment is the option's --help text, whose key names are printed as plain words"
    )]
    playtest: bool,
    /// Runs per bot of the playtest.
    #[arg(long, value_name = "N", default_value_t = SURVEY_RUNS as u32,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    playtest_runs: u32,
}

#[derive(Debug, Args)]
pub(super) struct SearchArgs {
    #[command(flatten)]
    stats: StatsArgs,
    /// A condition every printed mansion meets: KEY OP VALUE, e.g. 'rooms >= 20' (OP: < <= > >= == !=),
    /// or KEY between LOW and HIGH, e.g. 'greedy_caught between 0.3 and 0.5'. KEY: any key of `stats`,
    /// of `stats --stealth` with --stealth, or of `stats --playtest` (the bots named are played);
    /// repeat for several.
    #[arg(long = "where", value_name = "CONDITION", required = true)]
    #[expect(
        clippy::doc_markdown,
        reason = "this comment is the option's --help text, whose key names are printed as plain words"
    )]
    conditions: Vec<String>,
    /// Stop after this many matches (the first ones in seed and level order).
    #[arg(long)]
    limit: Option<u64>,
}

pub(super) fn stats(args: &StatsArgs) -> Result<ExitCode, CliError> {
    print_lines(args, &[], None)
}

pub(super) fn search(args: &SearchArgs) -> Result<ExitCode, CliError> {
    let conditions = parse_conditions(&args.conditions, "--where")?;
    print_lines(&args.stats, &conditions, args.limit)
}

/// Prints the lines of the games that meet every condition, at most `limit` of them.
fn print_lines(
    args: &StatsArgs,
    conditions: &[Condition],
    limit: Option<u64>,
) -> Result<ExitCode, CliError> {
    let bots = if args.playtest {
        Bot::ALL.to_vec()
    } else {
        bots_named(conditions.iter().map(|c| c.key.as_str()))
    };
    let rules = match args.rules.as_deref() {
        None => None,
        Some(_) if !args.stealth && bots.is_empty() => {
            return Err(CliError::Input(
                "--rules: rules matter only with --stealth or a playtest (--playtest, or a \
                 condition on a playtest key such as difficulty)"
                    .to_string(),
            ));
        }
        // The stealth summary needs rules the analysis models; the thieves play by any.
        Some(id) if args.stealth => Some(rule_sets::modelled(id)),
        Some(id) => Some(rule_sets::named(id)),
    }
    .transpose()
    .map_err(|e| CliError::Input(format!("--rules: {e}")))?
    .map(RuleSet::id);
    let choice = args.generator.choice()?;
    // The last seed measured: none for `--games 0`; u64::MAX itself is a seed.
    let last = match args.games.checked_sub(1) {
        None => None,
        Some(more) => Some(args.first_seed.checked_add(more).ok_or_else(|| {
            CliError::Input("--first-seed plus --games exceeds the 64-bit seed range".to_string())
        })?),
    };
    let recipe_for = |seed: u64, level: u32| -> Result<_, String> {
        let choice: &Choice = choice.as_ref().ok_or("no generator chosen")?;
        choice.recipe(seed, level).map_err(|e| match e {
            CliError::Input(m) | CliError::Failed(m) => m,
            CliError::BrokenPipe => "broken pipe".to_string(),
        })
    };
    if let Some(last) = last
        && choice.as_ref().is_some_and(Choice::is_exact)
    {
        exact_seed(last)?;
    }
    let plan = survey_plan(&bots, args.playtest_runs as usize);
    let survey = Survey {
        mansions: match &choice {
            Some(choice) if let Some(stream) = choice.exact_stream() => Mansions::Exact(stream),
            Some(_) => Mansions::Recipes(&recipe_for),
            None => Mansions::Campaign,
        },
        stealth: args.stealth,
        rules,
        playtest: (!bots.is_empty()).then_some(&plan),
        jobs: args.jobs.map(usize::from),
    };
    if !conditions.is_empty() {
        let keys = survey.keys(args.first_seed).map_err(CliError::Failed)?;
        for condition in conditions {
            condition
                .check_key(&keys)
                .map_err(|e| CliError::Input(format!("--where: {e}")))?;
        }
    }
    let progress = Progress::default();
    // Thousands of games take minutes, and a search may print nothing for a long while.
    let bar = progress_bar(args.games);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut printed = 0u64;
    let mut failure = None;
    let result = survey.run((args.first_seed, args.games), &progress, |line: Line| {
        bar.set_position(
            progress
                .games_done
                .load(std::sync::atomic::Ordering::Relaxed),
        );
        if limit.is_some_and(|l| printed >= l) {
            return false;
        }
        if !conditions.iter().all(|c| c.holds(&line)) {
            return true;
        }
        let written = serde_json::to_writer(&mut out, &line)
            .map_err(|e| json_stdout_error(e, "statistics"))
            .and_then(|()| out.write_all(b"\n").map_err(stdout_error));
        match written {
            Ok(()) => {
                printed += 1;
                limit.is_none_or(|l| printed < l)
            }
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    result.map_err(CliError::Failed)?;
    out.flush().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
