//! The 2025 game's turn loop, exact (`stealth-rules.md` §10), ported from the original's own code
//! (`guard.ts`, `game-map.ts`, `game.ts` at 85ae99f) rule by rule, each cited by file and line.
//!
//! It is a rule set of its own rather than a second [`Rules`](super::Rules) of the 2023 loop: the
//! 2025 turn differs in its shape, not only in its numbers. Guards plan their steps before the thief
//! moves (the thief may follow a guard into its cell), all guards move and then all sense under one
//! relighting, the list of guards is re-sorted every turn, light is graded, noises and alarms carry
//! with an earshot, guards are knocked out, wake each other and relight torches, and every random
//! number comes from the game's one main stream ([`SeedRandom`](crate::model::SeedRandom)), so the
//! draws must come in the game's order.
//!
//! [`Setup`] is a level in the game's own terms (its terrain and item kinds, stacked items, routes,
//! loads and treasures); [`Setup::from_level`] makes one from the model, and says what the model cannot
//! know. [`Game2025`] plays it: [`Game2025::play`] one [`Move`](crate::play::Move) at a time, and
//! [`Game2025::snapshot`] the state the reference data records.

mod act;
mod event;
mod facing;
mod field;
mod game;
mod guard;
mod kinds;
mod landing;
mod leap;
mod light;
mod loot;
mod map;
mod route_player;
mod sense;
mod setup;
mod sight;
mod sketch;
mod stealth;
mod thief;
mod turn;
mod view;
mod world;

pub use event::{Event, Noise};
pub use facing::facing_dir;
pub use game::{Game2025, GuardSnapshot, Outcome, Snapshot};
pub use kinds::{GuardMode, ItemType, TerrainType};
pub use setup::{GuardSetup, LevelType, Setup, TreasureSetup};
pub use sketch::{sketch_mark, sketch_marks};
pub use stealth::GhostGame;
