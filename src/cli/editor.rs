//! The commands that hand over to the editor: opening it, and rendering it to a PNG.
//!
//! Arguments are checked here first, so a bad file, room or output name is reported as bad input (exit 2)
//! before any window or GPU context is created.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::args::{OverlayArg, selected_overlays};
use super::error::{CliError, open_message};
use super::export::warn_drift;
use super::output::say;
use super::target::{Target, TargetArgs};
use crate::app::{self, ScreenshotRequest, Shown, Source};
use crate::edit::Document;
use crate::generate::recipe::Recipe;
use crate::io::level_or_preset::OpenError;
use crate::io::preset::{BrokenEdits, PresetError};
use crate::io::read::is_standard_input;

#[derive(Debug, Args)]
pub(super) struct ScreenshotArgs {
    #[command(flatten)]
    target: TargetArgs,
    /// Overlay to show; repeat the option for several.
    #[arg(long = "overlay", value_enum)]
    overlays: Vec<OverlayArg>,
    /// Room to select, so the inspector shows it.
    #[arg(long)]
    select_room: Option<usize>,
    /// PNG file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Opens the editor, on `file` (a preset or a level file) if given. The file is read once here only to
/// report a broken one clearly, as bad input; a preset with a hand edit that no longer fits opens in the
/// editor, which asks whether to leave that edit out.
pub(super) fn edit(file: Option<&Path>, broken: BrokenEdits) -> Result<ExitCode, CliError> {
    if let Some(path) = file {
        if is_standard_input(path) {
            return Err(CliError::Input(
                "edit: the editor opens files and saves back to them, not standard input (-); \
                 save it to a file first"
                    .to_string(),
            ));
        }
        match app::read_document_with(path, broken) {
            // The editor names the edit and offers to open the preset without it.
            Ok(_) | Err(OpenError::Preset(PresetError::BrokenEdit { .. })) => {}
            Err(e) => return Err(CliError::Input(open_message(&e))),
        }
    }
    app::run_editor(file, broken).map_err(|e| CliError::Failed(format!("editor: {e:#}")))?;
    Ok(ExitCode::SUCCESS)
}

pub(super) fn screenshot(args: &ScreenshotArgs) -> Result<ExitCode, CliError> {
    let is_png = args
        .out
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !is_png {
        return Err(CliError::Input(format!(
            "{}: screenshots are PNG files; name the output *.png",
            args.out.display()
        )));
    }
    let (document, source) = match args.target.named("screenshot")? {
        Target::Generated {
            choice: None,
            seed,
            level,
        } => (
            document_of(&Recipe::campaign_level(seed, level))?,
            Source::Campaign {
                game_seed: seed,
                level,
            },
        ),
        Target::Generated {
            choice: Some(choice),
            seed,
            level,
        } => (
            document_of(&choice.recipe(seed, level)?)?,
            Source::Named(args.target.describe(Some(&choice))),
        ),
        Target::Game(recipe) => (
            document_of(&recipe)?,
            Source::Named(args.target.describe(None)),
        ),
        Target::File(path) => (
            read_document(path, args.target.broken_edits())?,
            Source::File(path.display().to_string()),
        ),
    };
    let rooms = document.level.rooms.len();
    if let Some(room) = args.select_room.filter(|&room| room >= rooms) {
        return Err(CliError::Input(format!(
            "--select-room {room}: the mansion has rooms 0 to {}",
            rooms.saturating_sub(1)
        )));
    }
    let request = ScreenshotRequest {
        shown: Shown::Document {
            document: Box::new(document),
            source,
        },
        overlays: selected_overlays(&args.overlays),
        select_room: args.select_room,
        out: args.out.clone(),
    };
    app::screenshot(&request).map_err(|e| CliError::Failed(format!("screenshot: {e:#}")))?;
    Ok(ExitCode::SUCCESS)
}

/// The document of a generated mansion, or why its generator could not build it.
fn document_of(recipe: &Recipe) -> Result<Document, CliError> {
    Document::new(recipe.clone()).map_err(|e| {
        CliError::Failed(format!(
            "{} could not build the mansion: {e}",
            recipe.generator.id()
        ))
    })
}

/// A preset (rebuilt, a broken edit left out when asked, as the editor would) or a level file, as a
/// document; standard input is refused, since the editor reads files.
fn read_document(path: &Path, broken: BrokenEdits) -> Result<Document, CliError> {
    if is_standard_input(path) {
        return Err(CliError::Input(
            "screenshot: the editor opens files, not standard input (-); save it to a file first"
                .to_string(),
        ));
    }
    let opened =
        app::read_document_with(path, broken).map_err(|e| CliError::Input(open_message(&e)))?;
    if let Some(skipped) = &opened.loaded.skipped {
        say(&format!(
            "warning: {}: {}",
            path.display(),
            skipped.skipped_message()
        ));
    }
    warn_drift(path, opened.loaded.drift.as_deref());
    Ok(opened.loaded.document)
}
