//! `diff`: what differs between two versions of a level — two level files, two presets, or one of
//! each — as one JSON object, and optionally a picture of the second with the differences marked.
//! Useful before and after a regeneration, or between two seeds of one recipe.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::args::{BrokenEditsArg, OverlayArg, selected_overlays};
use super::error::CliError;
use super::export::{load_level_or_preset, warn_drift};
use super::output::{print, refuse_stdout, write_file};
use crate::analysis::diff::{LevelDiff, diff as level_diff};
use crate::io::export::png;
use crate::io::read::{input_name, is_standard_input};

#[derive(Debug, Args)]
pub(super) struct DiffArgs {
    /// The older version: a level file (.ron, .json) or a preset (rebuilt first); `-` reads it from
    /// standard input.
    a: PathBuf,
    /// The newer version, compared with A; `-` reads it from standard input (A or B, not both).
    b: PathBuf,
    /// Also write a PNG of B with every difference marked: magenta where the terrain changed, green
    /// where B has an item, guard, route cell or start that A has not, red where A had one B has not.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Overlays to draw under the marks in the picture; repeat for several.
    #[arg(long = "overlay", value_enum)]
    overlays: Vec<OverlayArg>,
    #[command(flatten)]
    broken_edits: BrokenEditsArg,
}

/// The printed object: whether anything differs, then the differences.
#[derive(Serialize)]
struct Report<'a> {
    identical: bool,
    #[serde(flatten)]
    diff: &'a LevelDiff,
}

pub(super) fn diff(args: &DiffArgs) -> Result<ExitCode, CliError> {
    if is_standard_input(&args.a) && is_standard_input(&args.b) {
        return Err(CliError::Input(
            "diff: standard input (-) can be only one of A and B".to_string(),
        ));
    }
    if let Some(out) = &args.out {
        refuse_stdout(out, "--out", "standard output carries the report")?;
    }
    let a = load_level_or_preset(&args.a, args.broken_edits.choice())?;
    warn_drift(&args.a, a.drift.as_deref());
    let b = load_level_or_preset(&args.b, args.broken_edits.choice())?;
    warn_drift(&args.b, b.drift.as_deref());
    let (a, b) = (a.level, b.level);
    let found = level_diff(&a, &b);
    if let Some(out) = &args.out {
        let overlays = selected_overlays(&args.overlays);
        let picture = png::render_marked(
            &b,
            &overlays,
            png::Marks {
                changes: &found.marks(),
                ..Default::default()
            },
        )
        .ok_or_else(|| {
            CliError::Input(format!(
                "{}: a {}×{} map is too large for a picture",
                input_name(&args.b).display(),
                b.width,
                b.height
            ))
        })?;
        let bytes = png::encode(&picture)
            .map_err(|e| CliError::Failed(format!("cannot encode the PNG: {e}")))?;
        write_file(out, &bytes)?;
    }
    let report = Report {
        identical: found.is_empty(),
        diff: &found,
    };
    let mut text = serde_json::to_string(&report)
        .map_err(|e| CliError::Failed(format!("cannot encode the differences: {e}")))?;
    text.push('\n');
    print(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
