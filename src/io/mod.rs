//! Files and exports: level files, atomic saves, ASCII.

pub mod ascii;
pub mod atomic;
pub mod level_file;
pub mod preset;
