//! Files and exports: level files, presets, ASCII.

pub mod ascii;
