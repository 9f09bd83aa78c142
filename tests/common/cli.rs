//! Running the built `mansion-forge` binary from the command-line tests.

#![allow(
    dead_code,
    reason = "each test crate that includes this file uses only some of the runners"
)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
}

/// Runs `mansion-forge ARGS…` and returns what it printed and how it exited.
pub fn run(args: &[&str]) -> Output {
    binary().args(args).output().expect("the binary runs")
}

/// Runs the binary with `args` in the working folder `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    binary()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `mansion-forge ARGS…` with `input` on its standard input.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    let input = input.to_vec();
    // Written from another thread, so a large input cannot block against a full stdout pipe; a
    // command that stops reading early (a refused file) closes the pipe, which is not an error here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer thread ends");
    output
}

/// Runs `mansion-forge ARGS…` with standard output a pipe that is closed after `lines` lines have been
/// read from it (at once for 0), as `… | head -n LINES` does. Returns the lines read and the rest of the
/// output (stderr and the exit status; stdout is empty).
pub fn run_closing_stdout(args: &[&str], lines: usize) -> (String, Output) {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut reader = BufReader::new(child.stdout.take().expect("a stdout pipe"));
    let mut read = String::new();
    for _ in 0..lines {
        reader.read_line(&mut read).expect("a line of output");
    }
    drop(reader);
    (read, child.wait_with_output().expect("the binary ends"))
}

/// What the command printed on standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh, empty folder `name` under Cargo's scratch space for integration tests.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A path as a command-line argument.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// The names in a folder, sorted: what a command left behind.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What `generate --trace-draws` printed on stderr: `STEP: DRAWS` per step, in order.
pub fn traced_draws(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("mansion-forge: draws after "))
        .map(str::to_string)
        .collect()
}

/// A reference-vector level's `draws_by_step` (either game's vectors), in the same `STEP: DRAWS` form.
pub fn listed_draws(level: &serde_json::Value) -> Vec<String> {
    level["draws_by_step"]
        .as_array()
        .expect("draws_by_step")
        .iter()
        .map(|s| format!("{}: {}", s[0].as_str().expect("a step"), s[1]))
        .collect()
}
