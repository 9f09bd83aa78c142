//! Writing command output: to standard output without panicking when the reader goes away, or to a file
//! atomically.

use std::io::{self, Write};
use std::path::Path;

use super::CliError;
use crate::io::atomic::save_atomic;

/// Maps a standard-output write error; a closed pipe ends the command quietly.
pub(super) fn stdout_error(e: io::Error) -> CliError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        CliError::BrokenPipe
    } else {
        CliError::Failed(format!("cannot write to standard output: {e}"))
    }
}

/// Writes all of `bytes` to standard output and flushes.
pub(super) fn print(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(stdout_error)
}

/// Replaces `path` with `bytes` atomically.
pub(super) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    save_atomic(path, bytes)
        .map_err(|e| CliError::Input(format!("{}: cannot write: {e}", path.display())))
}
