//! Files and exports: level files, presets, atomic saves with backups, ASCII and the export formats.
//!
//! # Examples
//!
//! Saving a level file and loading it back, its extension picking RON or JSON. The files go to a
//! folder of the system's temporary directory, removed at the end:
//!
//! ```
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::io::level_file;
//!
//! let dir = std::env::temp_dir().join(format!("mansion-forge-doc-io-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).expect("a scratch folder");
//! let level = Recipe::campaign_level(4, 1).build().expect("builds");
//! for name in ["mansion.ron", "mansion.json"] {
//!     let path = dir.join(name);
//!     level_file::save(&path, &level).expect("saved");
//!     let text = std::fs::read_to_string(&path).expect("written");
//!     assert_eq!(text.starts_with('{'), name.ends_with(".json"));
//!     assert_eq!(*level_file::load(&path).expect("loads"), level);
//! }
//! std::fs::remove_dir_all(&dir).expect("cleaned up");
//! ```
//!
//! A document with a re-roll, a lock and a hand edit saved as preset text and rebuilt from it, in
//! memory: the preset replays to the same level, and records the level it was saved with, so no
//! drift is reported:
//!
//! ```
//! use std::path::Path;
//!
//! use mansion_forge::edit::{Command, Document, Edit};
//! use mansion_forge::generate::Step;
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::io::preset::{self, Preset};
//! use mansion_forge::model::{RoomKind, Terrain};
//!
//! let mut doc = Document::new(Recipe::campaign_level(6, 2)).expect("generates");
//! doc.execute(&Command::Reroll(Step::Loot)).expect("re-rolls");
//! let room = doc.level.rooms.iter().position(|r| r.kind == RoomKind::Room).expect("a chamber");
//! doc.apply(Edit::Lock { room }).expect("locks");
//! let cell = doc.level.rooms[room].cells[0];
//! doc.apply(Edit::PaintTerrain { cell, terrain: Terrain::Water }).expect("paints");
//!
//! let text = preset::to_string(&Preset::of(&doc, "Pond room")).expect("serialises");
//! let preset = preset::parse(&text, Path::new("pond.ron")).expect("reads back");
//! assert_eq!(preset.name, "Pond room");
//! assert_eq!(preset.recipe.rerolls.loot, 1);
//! assert_eq!(preset.edits.len(), 2);
//!
//! let loaded = preset.rebuild().expect("rebuilds");
//! assert_eq!(loaded.document.level, doc.level);
//! assert_eq!(loaded.document.level.terrain(cell), Terrain::Water);
//! assert!(loaded.document.is_locked(room));
//! assert!(loaded.drift.is_none());
//! ```

pub mod ascii;
pub mod atomic;
pub mod atomic_dir;
pub mod atomic_pair;
pub mod broken_edit;
pub mod edit_places;
pub mod export;
mod fingerprint;
mod format;
pub mod level_file;
pub mod level_or_preset;
pub mod parse_message;
pub mod playthrough;
pub mod preset;
pub mod read;
pub mod sniff;
pub mod written;
