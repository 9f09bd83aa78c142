//! Running the built `mansion-forge` binary from the command-line tests.

use std::process::{Command, Output};

/// Runs `mansion-forge ARGS…` and returns what it printed and how it exited.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
        .args(args)
        .output()
        .expect("the binary runs")
}
