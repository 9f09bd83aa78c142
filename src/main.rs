//! The `mansion-forge` binary; everything lives in the library so tests and benchmarks share it.

use std::process::ExitCode;

fn main() -> ExitCode {
    mansion_forge::cli::run(std::env::args_os())
}
