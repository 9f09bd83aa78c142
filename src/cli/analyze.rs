//! `analyze`: the stealth analysis of one level as one JSON object — the summary figures, a route per
//! loot item and every guard's cycle — for scripts and for checking the editor's overlays by hand.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::args::LightArg;
use super::error::CliError;
use super::output::{print, say};
use super::target::TargetArgs;
use crate::analysis::stealth::{
    Cancel, DEFAULT_HORIZON, LitMap, LootRoute, NoRoute, Stealth, Summary,
};
use crate::generate::registry;
use crate::play::rule_sets;

#[derive(Debug, Args)]
pub(super) struct AnalyzeArgs {
    #[command(flatten)]
    target: TargetArgs,
    /// Turns searched for routes to the loot.
    #[arg(long, default_value_t = DEFAULT_HORIZON as u64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    horizon: u64,
    /// Which lit map `light` and `lit_share` report: the torches as generated, or settled, once the
    /// guards have relit the unlit torches they find (both shares are printed either way).
    #[arg(long, value_enum, default_value = "as-generated")]
    light: LightArg,
    /// The rules the analysis follows [default: the level's own, when the analysis models them].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
}

/// The printed object: the summary keys first, then the details.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    summary: Summary,
    /// The id of the rule set the analysis followed (`play::rule_sets`).
    rules: &'static str,
    /// The hash the game behind the level's generator gives it (the 2025 game's spec-§14 `fnv`);
    /// absent for generators that re-implement no game with a hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    game_hash: Option<String>,
    /// Turns the routes were searched within: `horizon_asked`, or fewer where the level's size, guards
    /// and loot would make the search too costly (the analysis's budgets).
    horizon: usize,
    horizon_asked: usize,
    /// The lit map chosen with `--light`: `as-generated` or `settled`.
    light: &'static str,
    /// Share of the cells the thief can stand on that the chosen lit map lights.
    lit_share: f64,
    /// Turn from which no torch changes and every guard walks its lap (the watched shares' cycle).
    settle: usize,
    /// The torches guards relight: `[x, y, turn]`, in the order they are lit.
    relit: Vec<[i64; 3]>,
    routes: Vec<RouteReport>,
    guards: Vec<GuardReport>,
}

#[derive(Serialize)]
struct RouteReport {
    cell: [i32; 2],
    ghost: bool,
    /// The game's own ghost: played in the game, no guard gives chase (every ghost route is).
    unchased: bool,
    /// Turns from the start to the way out, `null` when no route was found within the horizon.
    turns: Option<usize>,
    watched_steps: Option<usize>,
    /// `[x, y, t]` for every turn `t` from 0 at the player start.
    path: Vec<[i64; 3]>,
    /// `[x, y, t]`: the route takes the loot on cell (x, y) by bumping it in turn `t`, staying put
    /// (loot on furniture the thief cannot enter); absent when it steps or leaps onto or over it.
    #[serde(skip_serializing_if = "Option::is_none")]
    bump: Option<[i64; 3]>,
    /// Why there is no route (`unreachable`, `none-within-horizon`, `not-searched`); absent when
    /// there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    no_route: Option<&'static str>,
}

#[derive(Serialize)]
struct GuardReport {
    /// Index into the level's guards.
    guard: usize,
    /// The guard's period: turns of its lap.
    cycle: usize,
    /// The first turn of the lap (`τ`): `lead_in` holds turns 0 … `lap_starts` − 1.
    lap_starts: usize,
    /// `[x, y, facing_x, facing_y]` for turns 0 … `lap_starts` − 1 (facing at that turn's sight test):
    /// the relighting transient and the first turns, before the guard's motion repeats.
    lead_in: Vec<[i32; 4]>,
    /// The same for turns `lap_starts` … `lap_starts` + cycle − 1, repeated from then on.
    lap: Vec<[i32; 4]>,
}

pub(super) fn analyze(args: &AnalyzeArgs) -> Result<ExitCode, CliError> {
    let level = args.target.load("analyze")?;
    let (rules, note) = rule_sets::for_analysis(args.rules.as_deref(), &level)
        .map_err(|e| CliError::Input(format!("--rules: {e}")))?;
    if let Some(note) = note {
        say(&format!("mansion-forge: note: {note}"));
    }
    let horizon = usize::try_from(args.horizon).unwrap_or(DEFAULT_HORIZON);
    let stealth = rules
        .analyse(&level, horizon, &Cancel::new())
        .ok_or_else(|| CliError::Failed("the stealth analysis was cancelled".into()))?;
    if stealth.horizon < horizon {
        say(&format!(
            "mansion-forge: note: routes searched within {} turns, not {horizon}: the level's size, \
             guards and loot bound the search",
            stealth.horizon
        ));
    }
    let unsearched = stealth
        .routes
        .iter()
        .filter(|r| r.no_route == Some(NoRoute::NotSearched))
        .count();
    if unsearched > 0 {
        say(&format!(
            "mansion-forge: note: {unsearched} of {} loot items were not searched (`no_route`: \
             `not-searched`): on a level this big the route search covers only the loot nearest \
             the start",
            stealth.routes.len()
        ));
    }
    let mut report = report(&stealth, args.light.lit_map(), rules.id());
    report.horizon_asked = horizon;
    report.game_hash = registry::game_hash(&level);
    let mut text = serde_json::to_string(&report)
        .map_err(|e| CliError::Failed(format!("cannot encode the analysis: {e}")))?;
    text.push('\n');
    print(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn report(stealth: &Stealth, light: LitMap, rules: &'static str) -> Report {
    let summary = stealth.summary.clone();
    let lit_share = match light {
        LitMap::AsGenerated => summary.lit_floor_share,
        LitMap::Settled => summary.lit_floor_share_settled,
    };
    Report {
        summary,
        rules,
        game_hash: None,
        horizon: stealth.horizon,
        horizon_asked: stealth.horizon,
        light: light.name(),
        lit_share,
        settle: stealth.settle,
        relit: stealth
            .relit
            .iter()
            .map(|r| [i64::from(r.cell.x), i64::from(r.cell.y), r.turn as i64])
            .collect(),
        routes: stealth.routes.iter().map(route_report).collect(),
        guards: stealth
            .timelines
            .iter()
            .map(|tl| {
                let step = |t: usize| {
                    let (c, facing) = tl.at(t);
                    let (fx, fy) = facing.delta();
                    [c.x, c.y, fx, fy]
                };
                GuardReport {
                    guard: tl.guard,
                    cycle: tl.period,
                    lap_starts: tl.lead_in,
                    lead_in: (0..tl.lead_in).map(step).collect(),
                    lap: (tl.lead_in..tl.lead_in + tl.period).map(step).collect(),
                }
            })
            .collect(),
    }
}

fn route_report(r: &LootRoute) -> RouteReport {
    RouteReport {
        cell: [r.cell.x, r.cell.y],
        ghost: r.ghost,
        unchased: r.unchased,
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
        bump: r
            .route
            .as_ref()
            .and_then(|route| route.bump)
            .map(|b| [i64::from(b.loot.x), i64::from(b.loot.y), b.turn as i64]),
        no_route: r.no_route.map(NoRoute::name),
    }
}
