//! `validate`: checks a level file (say, after a hand edit) against the generator's invariants.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use super::CliError;
use super::output::print;
use crate::analysis::validate::validate as check;
use crate::io::level_file;

/// Prints `ok` and exits 0 for a clean level; otherwise prints one violation per line and exits 1.
pub(super) fn validate(file: &Path) -> Result<ExitCode, CliError> {
    let level = level_file::load(file)?;
    let violations = check(&level);
    if violations.is_empty() {
        print(b"ok\n")?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut report = String::new();
    for v in &violations {
        // Writing to a String cannot fail.
        let _ = writeln!(report, "{}: {v}", file.display());
    }
    let _ = writeln!(report, "{} violation(s)", violations.len());
    print(report.as_bytes())?;
    Ok(ExitCode::from(1))
}
