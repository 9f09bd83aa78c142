//! `export` (a level file, a preset or a generated mansion to another format) and `regenerate` (a preset's
//! unlocked rooms with a new seed, keeping its locks).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::args::{
    BrokenEditsArg, GameMansionArgs, OverlayArg, parse_conditions, parse_seed, selected_overlays,
};
use super::error::{CliError, open_message, preset_message};
use super::output::progress_bar;
use super::output::{print, refuse_stdout, say, write_file};
use super::recipe::{GeneratorArgs, build, build_recipe};
use crate::analysis::stealth::Cancel;
use crate::edit::until::{Target, regenerate_until};
use crate::edit::{Command, Document};
use crate::generate::campaign::LEVELS;
use crate::io::atomic;
use crate::io::atomic_pair::save_pair;
use crate::io::export::{self, Format, Overlay};
use crate::io::level_or_preset::{self, LevelOrPreset};
use crate::io::preset::{BrokenEdits, PresetError};
use crate::io::read::input_name;
use crate::io::{level_file, preset};
use crate::model::{Level, RoomId};
use crate::play::rule_sets;
use crate::survey::SURVEY_RUNS;

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("mansion").args(["seed", "game_seed", "daily", "level_seed"]))]
pub(super) struct ExportArgs {
    /// A level file (.ron, .json) or a preset (.ron with `params`); `-` reads it from standard input.
    /// Leave out to export a generated mansion given by --seed and --level.
    file: Option<PathBuf>,
    /// Game seed of a generated mansion (instead of FILE).
    #[arg(long, value_parser = parse_seed, requires = "level",
          conflicts_with_all = ["file", "game_seed", "daily"])]
    seed: Option<u64>,
    /// Level 0–9 of that game (of a daily run, 0–2), instead of FILE.
    #[arg(long, requires = "mansion", value_parser = clap::value_parser!(u32).range(..LEVELS as i64))]
    level: Option<u32>,
    #[command(flatten)]
    game: GameMansionArgs,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Export format [default: from the --out extension: .ron .json .tmj .tmx .ldtk .png .txt].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// File to write; `-` writes level files and ASCII to standard output. Tiled maps get
    /// `terrain.png` beside them, LDtk projects `terrain.png` and `things.png`: one of each per folder.
    #[arg(long)]
    out: PathBuf,
    /// Overlay to draw on a PNG; repeat for several.
    #[arg(long = "overlay", value_enum)]
    overlays: Vec<OverlayArg>,
    /// Draw a preset's locked rooms on a PNG (a dashed border and a corner padlock badge), as the
    /// editor shows them.
    #[arg(long)]
    locks: bool,
    #[command(flatten)]
    broken_edits: BrokenEditsArg,
}

#[derive(Debug, Args)]
pub(super) struct RegenerateArgs {
    /// The preset to regenerate (its locks are kept); `-` reads it from standard input.
    file: PathBuf,
    /// The new level seed (the seed inside the preset, not a game seed): decimal or 0x-hexadecimal.
    /// With --until, the first seed tried.
    #[arg(long, value_parser = parse_seed)]
    seed: u64,
    /// Try seed after seed until the mansion meets this condition (repeat for several): KEY OP VALUE
    /// or KEY between LOW and HIGH, KEY a key of `stats` or of its playtest, e.g. 'difficulty between
    /// 0.3 and 0.5' or 'greedy_caught < 0.2' (the bots named are played).
    #[arg(long = "until", value_name = "CONDITION")]
    #[expect(
        clippy::doc_markdown,
        reason = "this comment is the option's --help text, whose key names are printed as plain words"
    )]
    until: Vec<String>,
    /// The most seeds --until tries.
    #[arg(long, default_value_t = 50, requires = "until",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    tries: u32,
    /// Runs per bot of each try's playtest.
    #[arg(long, value_name = "N", default_value_t = SURVEY_RUNS as u32, requires = "until",
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    runs: u32,
    /// The rules the playtest's thieves play by [default: the level's own].
    #[arg(long, value_name = "RULES", requires = "until")]
    rules: Option<String>,
    /// The preset file to write.
    #[arg(long)]
    out: PathBuf,
    /// Also write the regenerated level (.ron or .json). The preset and the level are written as a
    /// pair: both land, or neither (an interrupted run is completed by the next one).
    #[arg(long)]
    level_out: Option<PathBuf>,
    #[command(flatten)]
    broken_edits: BrokenEditsArg,
}

/// A level read from a level file or rebuilt from a preset.
pub(super) struct LoadedLevel {
    pub level: Level,
    /// The preset's drift warning (see [`preset::Preset::drift`]).
    pub drift: Option<String>,
    /// The preset's locked rooms (none for a level file).
    pub locked_rooms: Vec<RoomId>,
}

/// Reads FILE as a preset (rebuilt with its locks and edits) or as a level file, whichever it holds (see
/// [`crate::io::sniff`]). A file that cannot be read or parsed is bad input (exit 2); a preset that parses
/// but does not rebuild is a failed job (exit 1). With [`BrokenEdits::Skip`], a preset's edit that
/// cannot be applied is left out with the edits after it, and stderr says so.
pub(super) fn load_level_or_preset(
    path: &Path,
    broken: BrokenEdits,
) -> Result<LoadedLevel, CliError> {
    let read = level_or_preset::read(path).map_err(|e| CliError::Input(open_message(&e)))?;
    match read {
        LevelOrPreset::Level(level) => Ok(LoadedLevel {
            level: level.into_level(),
            drift: None,
            locked_rooms: Vec::new(),
        }),
        LevelOrPreset::Preset(preset) => {
            let loaded = rebuild(&preset, path, broken)?;
            Ok(LoadedLevel {
                locked_rooms: loaded.document.locked_rooms(),
                level: loaded.document.level,
                drift: loaded.drift,
            })
        }
    }
}

/// Rebuilds a preset read from `path`: a failure is a failed job (exit 1), an edit left out is said on
/// stderr.
fn rebuild(
    preset: &preset::Preset,
    path: &Path,
    broken: BrokenEdits,
) -> Result<preset::Loaded, CliError> {
    let loaded = preset
        .rebuild_with(path, broken)
        .map_err(|e| CliError::Failed(preset_message(&e)))?;
    if let Some(skipped) = &loaded.skipped {
        say(&format!(
            "warning: {}: {}",
            input_name(path).display(),
            skipped.skipped_message()
        ));
    }
    Ok(loaded)
}

/// Tells on stderr that a preset rebuilt to another level than it was saved with.
pub(super) fn warn_drift(path: &Path, drift: Option<&str>) {
    if let Some(drift) = drift {
        say(&format!("warning: {}: {drift}", input_name(path).display()));
    }
}

pub(super) fn export(args: &ExportArgs) -> Result<ExitCode, CliError> {
    let format = args
        .format
        .or_else(|| Format::from_path(&args.out))
        .ok_or_else(|| {
            CliError::Input(format!(
                "{}: name the format with --format (the extension is none of .ron .json .tmj .tmx .ldtk .png .txt)",
                args.out.display()
            ))
        })?;
    let overlays = selected_overlays(&args.overlays);
    if !overlays.is_empty() && format != Format::Png {
        return Err(CliError::Input(format!(
            "--overlay draws on PNG pictures, not on {format} exports"
        )));
    }
    if args.locks && format != Format::Png {
        return Err(CliError::Input(format!(
            "--locks draws on PNG pictures, not on {format} exports"
        )));
    }
    let run = match &args.file {
        None => args.game.entry(args.level)?,
        Some(_) => None,
    };
    let (level, locked_rooms) = match (&args.file, args.seed, args.level) {
        (None, _, _) if let Some(entry) = run => (
            build_recipe(&args.generator.game_recipe(&entry)?)?,
            Vec::new(),
        ),
        (Some(_), _, _) if args.game.is_named() => {
            return Err(CliError::Input(
                "--game-seed, --daily and --level-seed name a mansion; give them without a FILE"
                    .to_string(),
            ));
        }
        (Some(file), _, _) => {
            if args.generator.choice()?.is_some() {
                return Err(CliError::Input(
                    "--generator, --param and --exact build a new mansion; give --seed and --level instead of FILE"
                        .to_string(),
                ));
            }
            let loaded = load_level_or_preset(file, args.broken_edits.choice())?;
            warn_drift(file, loaded.drift.as_deref());
            (loaded.level, loaded.locked_rooms)
        }
        (None, Some(seed), Some(level)) => (
            build(args.generator.choice()?.as_ref(), seed, level)?,
            Vec::new(),
        ),
        _ => {
            return Err(CliError::Input(
                "give a level or preset FILE, or --seed and --level (see --help)".to_string(),
            ));
        }
    };
    let locked_rooms = if args.locks { &locked_rooms[..] } else { &[] };
    emit(&level, format, &overlays, locked_rooms, &args.out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `level` as `format` to `out` (a Tiled map with its tileset image beside it), or prints it
/// when `out` is `-` and the format is text: the one way `export` and `generate` write their output.
pub(super) fn emit(
    level: &Level,
    format: Format,
    overlays: &[Overlay],
    locked_rooms: &[RoomId],
    out: &Path,
) -> Result<(), CliError> {
    if out.as_os_str() == "-" {
        if format == Format::Png {
            return Err(CliError::Input(
                "PNG pictures are not written to standard output; name a file with --out"
                    .to_string(),
            ));
        }
        if !format.images().is_empty() {
            return Err(CliError::Input(format!(
                "a {format} export needs its tileset images ({}) written beside it, which standard \
                 output cannot hold; name a file with --out",
                format.images().join(", ")
            )));
        }
        let bytes = export::render(
            level,
            format,
            overlays,
            locked_rooms,
            export::SHARED_TILESET_IMAGE,
        )
        .map_err(|e| CliError::Input(format!("standard output: {e}")))?;
        return print(&bytes);
    }
    export::write(out, level, format, overlays, locked_rooms).map_err(|e| {
        CliError::Input(match e {
            export::ExportError::Write { .. } => e.to_string(),
            // The others do not name the file they were refused for.
            other => format!("{}: {other}", out.display()),
        })
    })?;
    Ok(())
}

/// `regenerate --until`: the first seed from `--seed` on, within `--tries`, whose mansion meets every
/// condition; a failed job (exit 1) when none does, saying what the tries came to.
fn regenerate_until_met(doc: &Document, args: &RegenerateArgs) -> Result<Document, CliError> {
    let conditions = parse_conditions(&args.until, "--until")?;
    if let Some(id) = &args.rules {
        rule_sets::named(id).map_err(|e| CliError::Input(format!("--rules: {e}")))?;
    }
    let target = Target {
        conditions: &conditions,
        rules: args.rules.as_deref(),
        runs: args.runs as usize,
    };
    let bar = progress_bar(u64::from(args.tries));
    let outcome = regenerate_until(
        doc,
        (args.seed, args.tries as usize),
        &target,
        &Cancel::new(),
        &|_| bar.inc(1),
    )
    .map_err(|e| CliError::Input(format!("--until: {e}")))?;
    bar.finish_and_clear();
    let wanted: Vec<String> = conditions.iter().map(ToString::to_string).collect();
    let Some(found) = outcome.found else {
        return Err(CliError::Failed(format!(
            "{}: no seed from {} in {} tries meets {}; {}",
            input_name(&args.file).display(),
            args.seed,
            args.tries,
            wanted.join(" and "),
            outcome.measured(&conditions)
        )));
    };
    say(&format!(
        "seed {} meets {} (try {} of at most {})",
        found.recipe.seed,
        wanted.join(" and "),
        outcome.tries.len(),
        args.tries
    ));
    Ok(found)
}

pub(super) fn regenerate(args: &RegenerateArgs) -> Result<ExitCode, CliError> {
    // A preset that parses but whose own locks no longer rebuild is a failed job (exit 1), like a
    // regeneration that cannot keep them; an unreadable or malformed preset is bad input (exit 2). It is
    // read once: standard input cannot be read twice.
    let read = preset::read(&args.file).map_err(|e| {
        CliError::Input(match e {
            PresetError::NotAPreset { path } => format!(
                "{}: this is a level file, not a preset: regenerate needs a preset; open it in the \
                 editor and save it as a preset",
                path.display()
            ),
            other => preset_message(&other),
        })
    })?;
    let loaded = rebuild(&read, &args.file, args.broken_edits.choice())?;
    warn_drift(&args.file, loaded.drift.as_deref());
    let doc = if args.until.is_empty() {
        let mut doc = loaded.document;
        doc.execute(&Command::Regenerate { seed: args.seed })
            .map_err(|e| {
                CliError::Failed(format!(
                    "{}: cannot regenerate with seed {} keeping its {} lock(s): {e}",
                    input_name(&args.file).display(),
                    args.seed,
                    doc.locks.len()
                ))
            })?;
        doc
    } else {
        regenerate_until_met(&loaded.document, args)?
    };
    // Everything is serialised (and checked against the loader's limits) before anything is written,
    // so a failure leaves no half-done output.
    let preset_text = preset::to_string(&preset::Preset::of(&doc, &read.name))
        .map_err(|e| CliError::Failed(format!("{}: {e}", args.out.display())))?;
    let Some(level_out) = &args.level_out else {
        write_file(&args.out, preset_text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    };
    refuse_stdout(
        &args.out,
        "--out",
        "with --level-out both files are written together",
    )?;
    refuse_stdout(
        level_out,
        "--level-out",
        "with --out both files are written together",
    )?;
    if same_file(&args.out, level_out) {
        return Err(CliError::Input(format!(
            "--out and --level-out both name {}: the level would replace the preset just written; \
             give them two files",
            level_out.display()
        )));
    }
    let format = level_file::Format::from_extension(level_out).ok_or_else(|| {
        CliError::Input(format!(
            "{}: a level file ends in .ron or .json",
            level_out.display()
        ))
    })?;
    let level_text = level_file::file_text(&doc.level, format)
        .map_err(|e| CliError::Input(format!("{}: {e}", level_out.display())))?;
    save_pair(
        (&args.out, preset_text.as_bytes()),
        (level_out, level_text.as_bytes()),
    )
    .map_err(|e| {
        CliError::Input(format!(
            "{} and {}: cannot write: {e}",
            args.out.display(),
            level_out.display()
        ))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Whether two paths name one file: the same path once made absolute with symbolic links followed, or
/// (for existing files) the same file on disk.
fn same_file(a: &Path, b: &Path) -> bool {
    let resolved = |p: &Path| {
        std::path::absolute(p)
            .ok()
            .and_then(|p| atomic::follow_symlinks(&p).ok())
    };
    if resolved(a).is_some_and(|a| Some(a) == resolved(b)) {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}
