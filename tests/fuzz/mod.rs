//! In-process fuzzing of every loader on stable Rust (no nightly toolchain, so no cargo-fuzz/libFuzzer).
//!
//! Layout: this folder is shared by the quick test (`tests/fuzz.rs`) and the million-case command
//! (`examples/fuzz.rs`), which both include it with `#[path]`. It lives under `tests/` rather than in
//! `src/` so that no fuzzing code or dependency is part of the shipped library; cargo does not build a
//! folder of `tests/` as a test of its own.
//!
//! - [`corpus`]: the real files mutations start from (levels of every generator, the shipped presets,
//!   presets with locks and edits, lock snapshots);
//! - [`mutate`]: byte, token and JSON-tree mutations; [`typed`] and [`typed_preset`]: mutations of the
//!   typed level and preset (cells off the map, indices past the end, extreme integers, huge plans,
//!   foreign locks…);
//! - [`targets`]: level RON, level JSON, preset and `--param`, each followed by what the program does
//!   with a loaded level;
//! - [`runner`]: worker threads, the panic guard, reproducer files; [`watchdog`]: the time and memory
//!   guards; [`report`]: figures, failures and the printed report; [`minimize`]: shrinking reproducers;
//! - [`alloc`]: the counting global allocator each fuzz binary installs.
//!
//! Case `i` of a run with seed `s` is a pure function of `(s, i)`: a failure is replayed with
//! `cargo run --release --example fuzz -- --seed S --replay I`.

#![allow(
    dead_code,
    reason = "the fuzz test and the fuzz example include this folder, and each uses only part of it"
)]

pub mod alloc;
pub mod corpus;
pub mod minimize;
pub mod mutate;
pub mod report;
pub mod runner;
pub mod targets;
pub mod typed;
pub mod typed_preset;
pub mod watchdog;

use std::path::{Path, PathBuf};

/// The repository root (where `presets/` is).
pub fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where failing inputs go unless told otherwise.
pub fn default_out_dir() -> PathBuf {
    repository().join("target").join("fuzz-failures")
}
