//! `generate` (one mansion) and `campaign` (all ten mansions of a game, saved to a folder).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::args::{ExactArg, GameMansionArgs, RunArgs, exact_seed, parse_seed};
use super::error::CliError;
use super::export::emit;
use super::output::{print, progress_bar, refuse_stdout, say, write_file};
use super::recipe::{GeneratorArgs, build, build_recipe};
use crate::analysis::stats::level_stats;
use crate::generate::campaign::LEVELS;
use crate::generate::game::Run;
use crate::generate::games;
use crate::generate::recipe::Recipe;
use crate::generate::{campaign, registry, trace};
use crate::io::atomic_dir::StagedDir;
use crate::io::export::{self, Format, tiled_project};
use crate::io::written;
use crate::model::Level;

#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Game seed: decimal or 0x-prefixed hexadecimal.
    #[arg(long, value_parser = parse_seed,
          required_unless_present_any = ["game_seed", "daily", "level_seed"],
          conflicts_with_all = ["game_seed", "daily"])]
    seed: Option<u64>,
    /// Level of that game's campaign, 0–9 (of a daily run, 0–2: the day's three mansions; a level
    /// seed's is its own).
    #[arg(long, value_parser = clap::value_parser!(u32).range(..LEVELS as i64),
          required_unless_present = "level_seed")]
    level: Option<u32>,
    #[command(flatten)]
    game: GameMansionArgs,
    /// Output format [default: from the --out extension: .ron .json .tmj .tmx .ldtk .png .txt; else ascii].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Print on stderr the random draws made by the end of each step, as the game's reference vectors
    /// list them (`draws_by_step`): where a mansion parts from the game's. For generators that
    /// re-implement a game's stream (the 2025 one, and the exact 2023 mode).
    #[arg(long)]
    trace_draws: bool,
    /// Print on stderr each pass of the generation with the time it took (`mansion-forge: pass loot:
    /// 0.041 ms`), in the order they ran: where a generator spends its time.
    #[arg(long)]
    trace_passes: bool,
}

#[derive(Debug, Args)]
pub(super) struct CampaignArgs {
    /// Game seed: decimal or 0x-prefixed hexadecimal.
    #[arg(long, value_parser = parse_seed, required_unless_present_any = ["game_seed", "daily"],
          conflicts_with_all = ["game_seed", "daily"])]
    seed: Option<u64>,
    #[command(flatten)]
    game: RunArgs,
    /// Folder for level-0.ron … level-9.ron and summary.json; created if missing, replaced whole if it
    /// holds only campaign files, refused if it holds anything else.
    #[arg(long)]
    out: PathBuf,
    /// Format of the ten level files (ASCII files end in .txt; Tiled maps get a tileset image each).
    #[arg(long, value_enum, default_value = "ron")]
    format: Format,
    #[command(flatten)]
    exact: ExactArg,
}

pub(super) fn generate(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    if args.trace_draws {
        trace_draws(args)?;
    }
    let make = || -> Result<Level, CliError> {
        if let Some(entry) = args.game.entry(args.level)? {
            return build_recipe(&args.generator.game_recipe(&entry)?);
        }
        let choice = args.generator.choice()?;
        build(
            choice.as_ref(),
            args.seed.unwrap_or_default(),
            args.level.unwrap_or_default(),
        )
    };
    let level = if args.trace_passes {
        let (level, passes) = trace::collect(make);
        for (pass, took) in passes {
            say(&format!(
                "mansion-forge: pass {pass}: {:.3} ms",
                took.as_secs_f64() * 1000.0
            ));
        }
        level?
    } else {
        make()?
    };
    // What fell short of the parameters, or was clamped, goes to stderr: the level is still written.
    for note in &level.diagnostics {
        say(&format!("mansion-forge: note: {note}"));
    }
    let format = args
        .format
        .or_else(|| Format::from_path(args.out.as_deref()?))
        .unwrap_or(Format::Ascii);
    emit(
        &level,
        format,
        &[],
        &[],
        args.out.as_deref().unwrap_or(Path::new("-")),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `--trace-draws`: the draws after each step of the mansion `args` names, on stderr.
fn trace_draws(args: &GenerateArgs) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_default();
    let level = args.level.unwrap_or_default();
    let recipe = match args.game.entry(args.level)? {
        Some(entry) => Some(args.generator.game_recipe(&entry)?),
        None => match args.generator.choice()? {
            Some(choice) => Some(choice.recipe(seed, level)?),
            None => None,
        },
    };
    let trace = recipe.and_then(|r| r.draw_trace());
    let trace = trace.ok_or_else(|| {
        CliError::Input(
            "--trace-draws: this generator re-implements no game's random stream to trace; \
             the lll2025 generator does (--generator lll2025, --game-seed, --daily, --level-seed), \
             and so does the exact 2023 mode (--exact)"
                .to_string(),
        )
    })?;
    for (step, draws) in trace {
        say(&format!("mansion-forge: draws after {step}: {draws}"));
    }
    Ok(())
}

/// One line of `summary.json` and of the printed table.
#[derive(Debug, Serialize)]
struct SummaryRow {
    level: u32,
    file: String,
    rooms_x: i32,
    rooms_y: i32,
    width: i32,
    height: i32,
    /// Regions except the exterior, courtyards included (the `rooms` of `stats`).
    rooms: usize,
    loot: usize,
    guards: usize,
    /// The hash the game behind the generator gives the mansion (the 2025 game's spec-§14 `fnv`).
    #[serde(skip_serializing_if = "Option::is_none")]
    game_hash: Option<String>,
}

#[derive(Debug, Serialize)]
struct Summary {
    /// The game seed of a campaign (`--seed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    game_seed: Option<u64>,
    /// A game's run (`--game-seed`, `--daily`), by its seed text.
    #[serde(skip_serializing_if = "Option::is_none")]
    run: Option<String>,
    /// That run's heading (`Daily run of 2025-09-01`), for the table.
    #[serde(skip)]
    title: Option<String>,
    levels: Vec<SummaryRow>,
}

/// Whether a file name in a folder is one `campaign` writes: `summary.json`, `level-N.EXT` for any
/// export extension, the LDtk project `campaign.ldtk` and its `things.png`, the Tiled maps' shared
/// `terrain.tsx` and `terrain.png`, their world `campaign.world` and project
/// `mansion-forge.tiled-project`, the per-map
/// `level-N-terrain.png` of earlier versions, or the `.bak` backup of one (which earlier versions left
/// when writing into an existing folder). A folder of these only may be replaced.
fn campaign_file(name: &str) -> bool {
    let name = name.strip_suffix(".bak").unwrap_or(name);
    if [
        written::MANIFEST,
        "summary.json",
        export::CAMPAIGN_PROJECT,
        export::SHARED_TILESET,
        export::SHARED_TILESET_IMAGE,
        export::THINGS_IMAGE,
        tiled_project::PROJECT,
        tiled_project::WORLD,
    ]
    .contains(&name)
    {
        return true;
    }
    let Some(rest) = name.strip_prefix("level-") else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (number, tail) = rest.split_at(digits);
    let known_tail = tail == "-terrain.png"
        || export::Format::ALL
            .iter()
            .any(|f| tail.strip_prefix('.') == Some(f.extension()));
    number.parse::<usize>().is_ok_and(|n| n < campaign::LEVELS) && known_tail
}

/// Writes the campaign into a temp folder beside `--out` and renames it into place at the end, so the
/// folder always holds one whole campaign whose `summary.json` matches its levels, and a killed run
/// leaves the previous folder as it was. An existing `--out` is replaced only when it holds nothing
/// but campaign files (see [`campaign_file`] and [`StagedDir`]); otherwise the command refuses.
pub(super) fn campaign(args: &CampaignArgs) -> Result<ExitCode, CliError> {
    refuse_stdout(
        &args.out,
        "--out",
        "a campaign is a folder of files, which standard output cannot hold",
    )?;
    let folder_error = |e: std::io::Error| CliError::Input(format!("{}: {e}", args.out.display()));
    let (mansions, named) = planned_mansions(args)?;
    let staged = StagedDir::create(&args.out, campaign_file).map_err(folder_error)?;
    let format = args.format;
    let progress = progress_bar(mansions.len() as u64);
    let mut rows = Vec::with_capacity(mansions.len());
    let mut project = Vec::new();
    let mut world = Vec::new();
    if format.is_tiled() {
        export::write_shared_tileset(staged.path()).map_err(|e| CliError::Input(e.to_string()))?;
    }
    for planned in mansions {
        progress.set_message(format!("level {}", planned.number));
        let level = build_recipe(&planned.recipe)?;
        let (rooms_x, rooms_y) = level.plan.map_or(planned.rooms, |p| (p.rooms_x, p.rooms_y));
        let file = if format == Format::Ldtk {
            export::CAMPAIGN_PROJECT.to_string()
        } else {
            format!("level-{}.{}", level.level, format.extension())
        };
        let path = staged.path().join(&file);
        if format == Format::Ldtk {
            // One project holds the levels; it is written after the last.
            Ok(())
        } else if format.is_tiled() {
            export::write_with_shared_tileset(&path, &level, format)
        } else {
            export::write(&path, &level, format, &[], &[]).map(drop)
        }
        .map_err(|e| CliError::Input(e.to_string()))?;
        progress.inc(1);
        let stats = level_stats(&level, args.seed.unwrap_or_default());
        rows.push(SummaryRow {
            level: level.level,
            file,
            rooms_x,
            rooms_y,
            width: stats.width,
            height: stats.height,
            rooms: stats.rooms,
            loot: stats.loot,
            guards: stats.guards,
            game_hash: registry::game_hash(&level),
        });
        if format == Format::Ldtk {
            project.push(level);
        } else if format.is_tiled() {
            world.push((rows[rows.len() - 1].file.clone(), level.width, level.height));
        }
    }
    progress.finish_and_clear();
    if format == Format::Ldtk {
        let levels: Vec<&Level> = project.iter().collect();
        export::write_project(&staged.path().join(export::CAMPAIGN_PROJECT), &levels)
            .map_err(|e| CliError::Input(e.to_string()))?;
    } else if format.is_tiled() {
        for (name, bytes) in [
            (tiled_project::WORLD, tiled_project::world(&world)),
            (tiled_project::PROJECT, tiled_project::project()),
        ] {
            let path = staged.path().join(name);
            write_file(&path, &bytes)?;
            written::record(&path, &bytes);
        }
    }
    let summary = Summary {
        game_seed: args.seed,
        run: named.as_ref().map(|(seed, _)| seed.clone()),
        title: named.map(|(_, title)| title),
        levels: rows,
    };
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| CliError::Failed(format!("cannot write the summary: {e}")))?;
    let summary_path = staged.path().join("summary.json");
    let summary_text = format!("{json}\n");
    write_file(&summary_path, summary_text.as_bytes())?;
    written::record(&summary_path, summary_text.as_bytes());
    keep_changed_files(&args.out, staged.path()).map_err(folder_error)?;
    staged.commit().map_err(folder_error)?;
    print(summary_table(&summary).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Copies into the new folder, as `NAME.bak`, every file of the folder it replaces that this program
/// did not write or that changed since (a level hand-edited in the editor, say), and the backups kept
/// there before: replacing a campaign folder never loses such a file without a trace.
fn keep_changed_files(old: &Path, new: &Path) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(old) else {
        return Ok(());
    };
    let files: Vec<(String, PathBuf)> = entries
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|entry| Some((entry.file_name().to_str()?.to_string(), entry.path())))
        .collect();
    let is_backup = |name: &str| Path::new(name).extension().is_some_and(|ext| ext == "bak");
    for (name, path) in files.iter().filter(|(name, _)| is_backup(name)) {
        std::fs::copy(path, new.join(name))?;
    }
    for (name, path) in &files {
        let ours = name == written::MANIFEST || is_backup(name) || written::is_ours(path);
        if !ours {
            std::fs::copy(path, new.join(format!("{name}.bak")))?;
        }
    }
    Ok(())
}

/// One mansion of a `campaign` run, before it is built.
struct Planned {
    /// Its level number (a daily's picks keep theirs).
    number: u32,
    /// Its room grid, as the plan gives it.
    rooms: (i32, i32),
    /// Its recipe.
    recipe: Recipe,
}

/// The mansions `campaign` writes: the ten of a game seed (normal or exact), or a game's run's (the
/// 2025 game's: ten of a game seed, the day's three of a daily), with that run's seed and heading.
type PlannedRun = (Vec<Planned>, Option<(String, String)>);

/// See [`PlannedRun`].
fn planned_mansions(args: &CampaignArgs) -> Result<PlannedRun, CliError> {
    let (run, named) = match args.game.run()? {
        Some((_, run)) => {
            let named = (run.seed.clone(), run.title.clone());
            (run, Some(named))
        }
        None => (
            seed_run(args.seed.unwrap_or_default(), args.exact.exact)?,
            None,
        ),
    };
    let slots = |x: u32, y: u32| (x.cast_signed(), y.cast_signed());
    let planned = run
        .mansions
        .into_iter()
        .map(|mansion| Planned {
            number: mansion.recipe.level,
            rooms: slots(mansion.grid.0, mansion.grid.1),
            recipe: mansion.recipe,
        })
        .collect();
    Ok((planned, named))
}

/// The run of `--seed`: the campaign generator's game's, or with `--exact` the exact stream's of the
/// game that has one.
fn seed_run(seed: u64, exact: bool) -> Result<Run, CliError> {
    let unknown = |what: &str| CliError::Failed(format!("no game has {what}"));
    let run = if exact {
        let game =
            games::first_that(|g| g.has_exact()).ok_or_else(|| unknown("an exact stream"))?;
        game.exact(&exact_seed(seed)?.to_string())
            .unwrap_or_else(|| Err(format!("{} has no exact stream", game.label())))
    } else {
        let game =
            games::of_generator(registry::CAMPAIGN_ID).ok_or_else(|| unknown("a campaign"))?;
        game.run(&seed.to_string())
    };
    run.map_err(CliError::Input)
}

fn summary_table(summary: &Summary) -> String {
    let name = match (&summary.title, summary.game_seed) {
        (Some(title), _) => title.clone(),
        (None, seed) => format!("game seed {}", seed.unwrap_or_default()),
    };
    let mut table = format!("{name}\nlevel  grid  map    rooms  loot  guards  file\n");
    for row in &summary.levels {
        // Writing to a String cannot fail.
        let _ = writeln!(
            table,
            "{:>5}  {:<4}  {:<5}  {:>5}  {:>4}  {:>6}  {}",
            row.level,
            format!("{}×{}", row.rooms_x, row.rooms_y),
            format!("{}×{}", row.width, row.height),
            row.rooms,
            row.loot,
            row.guards,
            row.file
        );
    }
    table
}

#[cfg(test)]
mod tests {
    use super::campaign_file;

    #[test]
    fn campaign_files_are_recognised_and_nothing_else() {
        for name in [
            "summary.json",
            "summary.json.bak",
            "level-0.ron",
            "level-9.tmj",
            "level-9-terrain.png",
            "level-4.txt.bak",
            "campaign.world",
            "mansion-forge.tiled-project",
        ] {
            assert!(campaign_file(name), "{name}");
        }
        for name in [
            "notes.txt",
            "level-10.ron",
            "level-.ron",
            "level-3.ron.orig",
            "level-3.exe",
            "level-3",
            "summary.json.old",
        ] {
            assert!(!campaign_file(name), "{name}");
        }
    }
}
