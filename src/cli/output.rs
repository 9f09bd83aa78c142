//! Writing command output: to standard output without panicking when the reader goes away, or to a file
//! atomically; messages to standard error; and the progress bar of the batch commands.
//!
//! Nothing here uses `println!` or `eprintln!`: they panic when the stream is a closed pipe, and
//! `mansion-forge stats | head -1` must end quietly with exit 0. (Rust ignores SIGPIPE, so a closed pipe
//! shows up as an `EPIPE` write error, which [`stdout_error`] turns into [`CliError::BrokenPipe`].)

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use super::error::CliError;
use crate::io::atomic::save_atomic;
use crate::model::limits::printable_line;

/// Maps a standard-output write error; a closed pipe ends the command quietly.
#[expect(
    clippy::needless_pass_by_value,
    reason = "owned, so that writes can `.map_err(stdout_error)` on the error they return"
)]
pub(super) fn stdout_error(e: io::Error) -> CliError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        CliError::BrokenPipe
    } else {
        CliError::Failed(format!("cannot write to standard output: {e}"))
    }
}

/// Maps an error of `serde_json::to_writer` on standard output: the write's own error (a closed pipe
/// included) as [`stdout_error`] does, anything else as a failure to encode `what`.
pub(super) fn json_stdout_error(e: serde_json::Error, what: &str) -> CliError {
    if e.io_error_kind().is_some() {
        stdout_error(e.into())
    } else {
        CliError::Failed(format!("cannot encode {what}: {e}"))
    }
}

/// Writes all of `bytes` to standard output and flushes.
pub(super) fn print(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(stdout_error)
}

/// Writes one line to standard error. A closed or failing standard error loses the line rather than
/// the command's work: there is nowhere left to report it.
pub(super) fn say(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", printable_line(line));
}

/// Replaces `path` with `bytes` atomically; `-` prints them on standard output instead.
pub(super) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    if path == Path::new("-") {
        return print(bytes);
    }
    save_atomic(path, bytes)
        .map_err(|e| CliError::Input(format!("{}: cannot write: {e}", path.display())))
}

/// Refuses `-` for `flag`, whose output cannot go to standard output (`why`).
pub(super) fn refuse_stdout(path: &Path, flag: &str, why: &str) -> Result<(), CliError> {
    if path == Path::new("-") {
        return Err(CliError::Input(format!("{flag} -: {why}; name a file")));
    }
    Ok(())
}

/// A progress bar on stderr for batch work, hidden when stderr is not a terminal so logs and the tests'
/// one-line-error checks never see it.
pub(super) fn progress_bar(len: u64) -> indicatif::ProgressBar {
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar
}
