//! `validate`: checks a level file or a preset (rebuilt first) against the invariants.
//!
//! Playability errors (unreachable rooms or loot, guards through walls, no entrance, …) fail the check;
//! generator notes (a generator guarantee that a hand edit broke, such as mirror symmetry or the loot
//! budget, or a preset that now rebuilds to another level) are listed but fail only with `--strict`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use super::error::CliError;
use super::exit_codes;
use super::export::load_level_or_preset;
use super::output::print;
use crate::analysis::validate::{FindingKind, validate as check};
use crate::io::preset::BrokenEdits;
use crate::io::read::input_name;

/// Prints `ok` and exits 0 for a level with no error (and, with `strict`, no note); otherwise prints one
/// finding per line, errors first, and a count line, and exits 1.
pub(super) fn validate(
    file: &Path,
    strict: bool,
    broken: BrokenEdits,
) -> Result<ExitCode, CliError> {
    let super::export::LoadedLevel { level, drift, .. } = load_level_or_preset(file, broken)?;
    let name = input_name(file).display();
    let mut findings = check(&level);
    findings.sort_by_key(|v| v.kind);
    let errors = findings
        .iter()
        .filter(|v| v.kind == FindingKind::Playability)
        .count();
    let mut notes = findings.len() - errors;
    let mut report = String::new();
    // Writing to a String cannot fail.
    for v in &findings {
        let _ = writeln!(report, "{name}: {v}");
    }
    if let Some(drift) = drift {
        notes += 1;
        let _ = writeln!(report, "{name}: note: {drift}");
    }
    let failed = errors > 0 || (strict && notes > 0);
    if errors + notes == 0 {
        report.push_str("ok\n");
    } else {
        let verdict = if failed { "" } else { " (ok: notes only)" };
        let _ = writeln!(
            report,
            "{errors} playability error(s), {notes} generator note(s){verdict}"
        );
    }
    print(report.as_bytes())?;
    Ok(if failed {
        ExitCode::from(exit_codes::FAILED)
    } else {
        ExitCode::SUCCESS
    })
}
