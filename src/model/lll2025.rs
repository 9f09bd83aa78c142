//! What a level of the game's 2025 generator carries beyond the shared contract: its level type, the
//! rooms' 16 types and what each guard carries or does.
//!
//! Kept in the level's one extension slot ([`Extension`](super::Extension)) rather than spread over
//! rooms and guards, so that every other generator's levels, their files and the code that builds rooms
//! and guards stay exactly as they were (an absent part is neither read nor written).

use serde::{Deserialize, Serialize};

/// The 2025 game's level type: it decides the house's layout and which doors are locked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LevelType2025 {
    /// Courtyard manor, one tile colour.
    Manor,
    /// The same manor in the other tile colour.
    ManorRed,
    /// 2×2 room blocks joined by a tree, the lanes between them outdoors.
    Mansion,
    /// Rooms around a ring of courtyards around a core; the back doors locked.
    Fortress,
}

impl LevelType2025 {
    /// The name the game and the vectors use (`Manor`, `ManorRed`, `Mansion`, `Fortress`).
    pub fn name(self) -> &'static str {
        match self {
            LevelType2025::Manor => "Manor",
            LevelType2025::ManorRed => "ManorRed",
            LevelType2025::Mansion => "Mansion",
            LevelType2025::Fortress => "Fortress",
        }
    }

    /// Manor and `ManorRed` differ only in colour: the campaign alternates them and re-draws after others.
    pub fn is_manor(self) -> bool {
        matches!(self, LevelType2025::Manor | LevelType2025::ManorRed)
    }
}

/// The 2025 game's room types; the model's [`RoomKind`](super::RoomKind) keeps the coarse shape
/// (courtyard or room) every analysis understands, this the furnishing the game chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RoomType2025 {
    /// The outside and a Mansion's outdoor lanes.
    Exterior,
    /// A courtyard anyone may cross.
    PublicCourtyard,
    /// A front room that kept no other type.
    PublicRoom,
    /// A deep courtyard.
    PrivateCourtyard,
    /// A deep room that kept no other type.
    PrivateRoom,
    /// The smallest dead end, behind locked doors.
    Vault,
    /// A small private room with a bed.
    Bedroom,
    /// A room with a long table.
    Dining,
    /// A public room lined with bookshelves.
    PublicLibrary,
    /// A private room lined with bookshelves.
    PrivateLibrary,
    /// Stoves and shelves, no outside door.
    Kitchen,
    /// A treasure on a plinth.
    Treasure,
    /// A courtyard with a treasure on a plinth.
    TreasureCourtyard,
    /// A treasure locked behind a book puzzle.
    LockedTreasure,
    /// A courtyard whose treasure is locked behind a book puzzle.
    LockedTreasureCourtyard,
    /// A Fortress's throne room.
    ThroneRoom,
}

/// How a 2025 guard keeps its post: the game's stationary guards stand or sit on one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Post2025 {
    /// Walks its route.
    #[default]
    Patrolling,
    /// Stands still on one cell (a vault or window post).
    Standing,
    /// Sits on a chair at its one-cell post; seated guards never carry torches.
    Seated,
}

/// What one guard of a 2025 level carries and how it keeps its post, beside the model's
/// [`Guard`](super::Guard) of the same index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GuardExtras2025 {
    /// Carries a purse: loot the player can pickpocket.
    pub purse: bool,
    /// Carries the key of the locked doors: the thief needs it to pass them.
    pub key: bool,
    /// Walking, standing or seated.
    pub post: Post2025,
}

/// The 2025 part of a level: present only on the 2025 generator's levels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level2025 {
    /// The level type the game drew or the plan fixed.
    pub level_type: LevelType2025,
    /// One type per room, indexed like [`Level::rooms`](super::Level::rooms).
    pub room_types: Vec<RoomType2025>,
    /// One entry per guard, indexed like [`Level::guards`](super::Level::guards).
    pub guards: Vec<GuardExtras2025>,
}
