//! What happens in a move of the 2025 game, as it reports it: the events in order and the noises the
//! thief makes. Kept apart from the turn that makes them, so that every part of the turn can report
//! without importing the game.

use crate::model::Cell;

use super::kinds::ItemType;

/// Something that happened in a move, in the order it happened. Guards are named by setup index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// A guard's sight test found the thief at a distance: it stops to look.
    Noticed {
        /// The guard.
        guard: usize,
    },
    /// A guard entered a chase: one spotting (a level with none is a ghost).
    Spotted {
        /// The guard.
        guard: usize,
    },
    /// A guard walked into the thief.
    Bumped {
        /// The guard.
        guard: usize,
    },
    /// A chasing guard hit the thief for one health.
    Hit {
        /// The guard.
        guard: usize,
    },
    /// The thief knocked a guard out.
    KnockedOut {
        /// The guard.
        guard: usize,
    },
    /// The thief took a guard's purse or key.
    Pickpocketed {
        /// The guard.
        guard: usize,
        /// A purse (one loot).
        purse: bool,
        /// The key.
        key: bool,
    },
    /// The thief took an item.
    Looted {
        /// Where it lay.
        cell: Cell,
        /// What it was.
        item: ItemType,
    },
    /// A torch was lit, by the thief or by a guard.
    TorchLit {
        /// The torch.
        cell: Cell,
        /// The guard that lit it, `None` for the thief.
        by_guard: Option<usize>,
    },
    /// The thief put a torch out, by bumping it or leaping over it.
    TorchDoused {
        /// The torch.
        cell: Cell,
    },
    /// The thief made a noise.
    Noise {
        /// What kind.
        noise: Noise,
        /// How many guards heard it.
        heard_by: usize,
    },
    /// A treasure's last switch lifted its lock.
    Unlocked {
        /// The treasure.
        cell: Cell,
    },
    /// The thief stepped off the map: the level is over.
    LeftLevel,
}

/// What made a noise (`NoiseType`); only the alarm sends the nearest hearer to the treasure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noise {
    /// A move ended on creaky boards.
    Creak,
    /// A leap landed in water.
    Splash,
    /// A leap attack knocked a guard down.
    Thud,
    /// A vault box or a final treasure was taken.
    Alarm,
    /// The thief banged on something it bumped.
    BangDoor,
}
