//! The `mansion-forge` binary; everything lives in the library so tests and benchmarks share it.

use std::process::ExitCode;

/// mimalloc rather than the system allocator: the stealth analysis and the generators make many small,
/// short-lived cell sets and vectors, and `stats --stealth` spent about a tenth of its time in glibc's
/// malloc and free.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    mansion_forge::cli::run(std::env::args_os())
}
