//! Files and exports: level files, presets, atomic saves with backups, ASCII and the export formats.

pub mod ascii;
pub mod atomic;
pub mod export;
pub mod level_file;
pub mod preset;
