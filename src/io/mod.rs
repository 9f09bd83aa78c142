//! Files and exports: level files, presets, atomic saves with backups, ASCII and the export formats.

pub mod ascii;
pub mod atomic;
pub mod atomic_dir;
pub mod atomic_pair;
pub mod broken_edit;
pub mod edit_places;
pub mod export;
mod format;
pub mod level_file;
pub mod level_or_preset;
pub mod parse_message;
pub mod playthrough;
pub mod preset;
pub mod read;
pub mod sniff;
