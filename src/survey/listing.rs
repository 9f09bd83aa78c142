//! What a list of a run's mansions says of each entry: the figures of the level the entry opens,
//! measured on that level, never the plan's targets. A plan asks for 28 loot and a 5×4 grid; the
//! mansion built from it may hold 25 coins in 12 rooms (slots merge into halls, loot finds no room),
//! and a designer choosing from a list must read what they will get.

use rayon::prelude::*;

use crate::analysis::loot_entries;
use crate::generate::game::{Mansion, Run};
use crate::model::{Level, RoomKind};

/// The figures a list shows of one mansion, as the status bar counts them once it is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opened {
    /// Rooms, courtyards and halls: every region but the exterior.
    pub rooms: usize,
    /// Coins on the map.
    pub loot: usize,
    /// Guards, outside ones included.
    pub guards: usize,
}

impl Opened {
    /// The figures of `level`.
    pub fn of(level: &Level) -> Self {
        Opened {
            rooms: level
                .rooms
                .iter()
                .filter(|r| r.kind != RoomKind::Exterior)
                .count(),
            loot: loot_entries(level).len(),
            guards: level.guards.len(),
        }
    }

    /// The words a list appends to an entry: `12 rooms, 5 loot`.
    pub fn words(&self) -> String {
        format!("{} rooms, {} loot", self.rooms, self.loot)
    }
}

/// The figures of every mansion of `run`, in order, each built from its recipe (in parallel: a run of
/// ten builds in a few tens of milliseconds); `None` for one that does not build.
pub fn opened_figures(run: &Run) -> Vec<Option<Opened>> {
    run.mansions
        .par_iter()
        .map(|mansion| mansion.recipe.build().ok().map(|level| Opened::of(&level)))
        .collect()
}

/// An entry of a run's list: the mansion's label and, when it builds, what it opens
/// (`Mansion 5: 5×4 grid, 12 rooms, 5 loot`).
pub fn entry(mansion: &Mansion, opened: Option<&Opened>) -> String {
    match opened {
        Some(opened) => format!("{}, {}", mansion.label, opened.words()),
        None => format!("{} (does not build)", mansion.label),
    }
}
