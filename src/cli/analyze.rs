//! `analyze`: the stealth analysis of one level as one JSON object — the summary figures, a route per
//! loot item and every guard's cycle — for scripts and for checking the editor's overlays by hand.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::error::CliError;
use super::output::{print, say};
use super::target::TargetArgs;
use crate::analysis::stealth::{self, DEFAULT_HORIZON, LootRoute, Stealth, Summary};

#[derive(Debug, Args)]
pub(super) struct AnalyzeArgs {
    #[command(flatten)]
    target: TargetArgs,
    /// Turns searched for routes to the loot.
    #[arg(long, default_value_t = DEFAULT_HORIZON as u64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    horizon: u64,
}

/// The printed object: the summary keys first, then the details.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    summary: Summary,
    /// Turns the routes were searched within: `horizon_asked`, or fewer where the level's size, guards
    /// and loot would make the search too costly (the analysis's budgets).
    horizon: usize,
    horizon_asked: usize,
    routes: Vec<RouteReport>,
    guards: Vec<GuardReport>,
}

#[derive(Serialize)]
struct RouteReport {
    cell: [i32; 2],
    ghost: bool,
    /// Turns from the start to the way out, `null` when no route was found within the horizon.
    turns: Option<usize>,
    watched_steps: Option<usize>,
    /// `[x, y, t]` for every turn `t` from 0 at the player start.
    path: Vec<[i64; 3]>,
}

#[derive(Serialize)]
struct GuardReport {
    /// Index into the level's guards.
    guard: usize,
    cycle: usize,
    /// `[x, y, facing_x, facing_y]` for turns 0 … cycle − 1 (facing at that turn's sight test).
    steps: Vec<[i32; 4]>,
}

pub(super) fn analyze(args: &AnalyzeArgs) -> Result<ExitCode, CliError> {
    let level = args.target.load("analyze")?;
    let horizon = usize::try_from(args.horizon).unwrap_or(DEFAULT_HORIZON);
    let stealth = stealth::analyze_within(&level, horizon);
    if stealth.horizon < horizon {
        say(&format!(
            "mansion-forge: note: routes searched within {} turns, not {horizon}: the level's size, \
             guards and loot bound the search",
            stealth.horizon
        ));
    }
    let mut report = report(&stealth);
    report.horizon_asked = horizon;
    let mut text = serde_json::to_string(&report)
        .map_err(|e| CliError::Failed(format!("cannot encode the analysis: {e}")))?;
    text.push('\n');
    print(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn report(stealth: &Stealth) -> Report {
    Report {
        summary: stealth.summary.clone(),
        horizon: stealth.horizon,
        horizon_asked: stealth.horizon,
        routes: stealth.routes.iter().map(route_report).collect(),
        guards: stealth
            .timelines
            .iter()
            .map(|tl| GuardReport {
                guard: tl.guard,
                cycle: tl.period,
                steps: (0..tl.period)
                    .map(|t| {
                        let (c, facing) = tl.at(t);
                        let (fx, fy) = facing.delta();
                        [c.x, c.y, fx, fy]
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn route_report(r: &LootRoute) -> RouteReport {
    RouteReport {
        cell: [r.cell.x, r.cell.y],
        ghost: r.ghost,
        turns: r.turns(),
        watched_steps: r.route.as_ref().map(|route| route.watched_steps),
        path: r.route.as_ref().map_or_else(Vec::new, |route| {
            route
                .path
                .iter()
                .enumerate()
                .map(|(t, c)| [i64::from(c.x), i64::from(c.y), t as i64])
                .collect()
        }),
    }
}
