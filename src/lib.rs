//! Mansion Forge: a level editor and visualizer for procedurally generated stealth-game mansions.
//!
//! Data flows one way: parameters → [`generate`] → [`model::Level`] → [`analysis`] → drawing ([`paint`],
//! shared by the editor in [`app`] and the PNG export in [`io`]). [`play`] plays a level forward one move at
//! a time under one game version's rules.
//!
//! # Generating a level
//!
//! Generators are found by id in [`generate::registry`]. A [`Recipe`](generate::recipe::Recipe) names
//! one with its parameters, the level number (0–9) and the seed, and building it is deterministic: the
//! same recipe gives the same level, byte for byte, which is what presets and regeneration rely on.
//!
//! ```
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::generate::registry;
//!
//! let siheyuan = registry::find("siheyuan").expect("a built-in generator");
//! // Mansion 9 of game 1: the plan and the level seed that game's campaign gives it.
//! let recipe = Recipe::for_game(&siheyuan.defaults(), 1, 9);
//! let level = recipe.build().expect("builds");
//! assert_eq!((level.generator.as_str(), level.level), ("siheyuan", 9));
//! assert!(!level.rooms.is_empty());
//! assert!(!level.guards.is_empty(), "guards patrol from level 1 on");
//! assert_eq!(recipe.build().expect("builds again"), level);
//! ```
//!
//! # A tour: generate, analyze, save
//!
//! The analysis reads a level and never changes it; a level file is the level as RON (or JSON), and
//! reading it back gives the same level.
//!
//! ```
//! use std::path::Path;
//!
//! use mansion_forge::analysis::stats::level_stats;
//! use mansion_forge::analysis::stealth::analyze;
//! use mansion_forge::analysis::validate::playability_errors;
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::io::level_file::{self, Format};
//! use mansion_forge::model::ItemKind;
//!
//! let level = Recipe::campaign_level(1, 3).build().expect("builds");
//!
//! // Generated levels are playable: every room reachable, every coin within the thief's reach, …
//! assert!(playability_errors(&level).is_empty());
//! let stats = level_stats(&level, 1);
//! assert_eq!(stats.loot, level.count_items(ItemKind::Coin));
//! assert_eq!(stats.guards, level.guards.len());
//! // The stealth analysis (`mansion-forge analyze`): routes to each coin a thief can take unseen.
//! let stealth = analyze(&level);
//! assert_eq!(stealth.summary.loot, stats.loot);
//! assert!(stealth.summary.loot_ghost <= stealth.summary.loot);
//!
//! let text = level_file::to_string(&level, Format::Ron).expect("serialises");
//! assert!(text.starts_with("(\n    version: 1,"));
//! let back = level_file::from_text(Path::new("mansion.ron"), &text).expect("reads back");
//! assert_eq!(*back, level);
//! ```

pub mod analysis;
pub mod app;
pub mod cli;
pub mod edit;
pub mod generate;
pub mod io;
pub mod model;
pub mod paint;
pub mod play;
pub mod playtest;
pub mod survey;
