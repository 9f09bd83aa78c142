//! `generate` (one mansion) and `campaign` (all ten mansions of a game, saved to a folder).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::args::{ExactArg, MansionArgs, exact_seed, parse_seed};
use super::error::CliError;
use super::export::emit;
use super::output::{print, progress_bar, say, write_file};
use super::recipe::{GeneratorArgs, build};
use crate::analysis::stats::level_stats;
use crate::generate::{campaign, exact};
use crate::io::atomic_dir::StagedDir;
use crate::io::export::{self, Format};
use crate::model::Level;

#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    #[command(flatten)]
    mansion: MansionArgs,
    /// Output format [default: from the --out extension: .ron .json .tmj .tmx .ldtk .png .txt; else ascii].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    generator: GeneratorArgs,
}

#[derive(Debug, Args)]
pub(super) struct CampaignArgs {
    /// Game seed: decimal or 0x-prefixed hexadecimal.
    #[arg(long, value_parser = parse_seed)]
    seed: u64,
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
    let MansionArgs { seed, level } = args.mansion;
    let choice = args.generator.choice()?;
    let level = build(choice.as_ref(), seed, level)?;
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
}

#[derive(Debug, Serialize)]
struct Summary {
    game_seed: u64,
    levels: Vec<SummaryRow>,
}

/// Whether a file name in a folder is one `campaign` writes: `summary.json`, `level-N.EXT` for any
/// export extension, the LDtk project `campaign.ldtk`, the Tiled maps' shared `terrain.tsx` and `terrain.png`, the per-map
/// `level-N-terrain.png` of earlier versions, or the `.bak` backup of one (which earlier versions left
/// when writing into an existing folder). A folder of these only may be replaced.
fn campaign_file(name: &str) -> bool {
    let name = name.strip_suffix(".bak").unwrap_or(name);
    if [
        "summary.json",
        export::CAMPAIGN_PROJECT,
        export::SHARED_TILESET,
        export::SHARED_TILESET_IMAGE,
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
            .into_iter()
            .any(|f| tail.strip_prefix('.') == Some(f.extension()));
    number.parse::<usize>().is_ok_and(|n| n < campaign::LEVELS) && known_tail
}

/// Writes the campaign into a temp folder beside `--out` and renames it into place at the end, so the
/// folder always holds one whole campaign whose `summary.json` matches its levels, and a killed run
/// leaves the previous folder as it was. An existing `--out` is replaced only when it holds nothing
/// but campaign files (see [`campaign_file`] and [`StagedDir`]); otherwise the command refuses.
pub(super) fn campaign(args: &CampaignArgs) -> Result<ExitCode, CliError> {
    let folder_error = |e: std::io::Error| CliError::Input(format!("{}: {e}", args.out.display()));
    let staged = StagedDir::create(&args.out, campaign_file).map_err(folder_error)?;
    let game = campaign::plan(args.seed);
    // The exact mode draws the whole game from one stream, so its levels come in one pass.
    let exact_levels = if args.exact.exact {
        exact::game(exact_seed(args.seed)?)
    } else {
        Vec::new()
    };
    let format = args.format;
    let progress = progress_bar(campaign::LEVELS as u64);
    let mut rows = Vec::with_capacity(campaign::LEVELS);
    let mut project = Vec::new();
    if format.has_tileset() {
        export::write_shared_tileset(staged.path()).map_err(|e| CliError::Input(e.to_string()))?;
    }
    for (number, planned) in (0..campaign::LEVELS as u32).zip(&game.plans) {
        progress.set_message(format!("level {number}"));
        let level = if args.exact.exact {
            exact_levels.get(number as usize).cloned()
        } else {
            game.generate(number)
        }
        .ok_or_else(|| CliError::Failed(format!("a campaign has no level {number}")))?;
        let plan = level.plan.unwrap_or(*planned);
        let file = if format == Format::Ldtk {
            export::CAMPAIGN_PROJECT.to_string()
        } else {
            format!("level-{number}.{}", format.extension())
        };
        let path = staged.path().join(&file);
        if format == Format::Ldtk {
            // One project holds the ten levels; it is written after the last.
            Ok(())
        } else if format.has_tileset() {
            export::write_with_shared_tileset(&path, &level, format)
        } else {
            export::write(&path, &level, format, &[], &[]).map(drop)
        }
        .map_err(|e| CliError::Input(e.to_string()))?;
        progress.inc(1);
        let stats = level_stats(&level, args.seed);
        rows.push(SummaryRow {
            level: level.level,
            file,
            rooms_x: plan.rooms_x,
            rooms_y: plan.rooms_y,
            width: stats.width,
            height: stats.height,
            rooms: stats.rooms,
            loot: stats.loot,
            guards: stats.guards,
        });
        if format == Format::Ldtk {
            project.push(level);
        }
    }
    progress.finish_and_clear();
    if format == Format::Ldtk {
        let levels: Vec<&Level> = project.iter().collect();
        export::write_project(&staged.path().join(export::CAMPAIGN_PROJECT), &levels)
            .map_err(|e| CliError::Input(e.to_string()))?;
    }
    let summary = Summary {
        game_seed: args.seed,
        levels: rows,
    };
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| CliError::Failed(format!("cannot write the summary: {e}")))?;
    write_file(
        &staged.path().join("summary.json"),
        format!("{json}\n").as_bytes(),
    )?;
    staged.commit().map_err(folder_error)?;
    print(summary_table(&summary).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn summary_table(summary: &Summary) -> String {
    let mut table = format!(
        "game seed {}\nlevel  grid  map    rooms  loot  guards  file\n",
        summary.game_seed
    );
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
