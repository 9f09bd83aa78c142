//! Everything one level of the 2025 game keeps while it is played: the map, the guards in the game's
//! current order, the thief, the main random stream and the level's counters.

use crate::model::{Cell, SeedRandom};

use super::event::Event;
use super::field::Search;
use super::guard::Guard;
use super::kinds::{GuardMode, TerrainType};
use super::light::{LightScratch, Reader};
use super::map::Map;

/// What the thief last bumped or followed on purpose (`Player.pickTarget`): a guard to pickpocket on
/// the second bump, or a bookshelf whose switch a second bump works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pick {
    Nothing,
    /// A guard, by its setup index.
    Guard(usize),
    /// An item, by its id.
    Item(usize),
}

/// The thief (`Player`, `game-map.ts:390-453`), with what the rules read of it.
#[derive(Clone)]
pub(super) struct Player {
    pub pos: Cell,
    pub health: i32,
    pub health_max: i32,
    pub loot: u32,
    pub has_key: bool,
    /// The torch lit or doused this turn, by item id (`itemUsed`).
    pub item_used: Option<usize>,
    /// Turns left hidden under water (`turnsRemainingUnderwater`).
    pub underwater: i32,
    pub pick: Pick,
    /// The reading light of a bookshelf bumped in the dark: lights the thief's cell for a turn.
    pub light_active: bool,
    /// Bumped something last time without a turn passing: a leap the same way bangs on it.
    pub pre_noisy: bool,
    pub noise_offset: (i32, i32),
}

/// Turns hidden under water, plus one (`maxPlayerTurnsUnderwater`, `game-map.ts:388`).
pub(super) const UNDERWATER_TURNS: i32 = 7;

/// Where a thief taken off the map stands ([`super::Game2025::remove_thief`]): so far off that no
/// sight, earshot or guard's step reaches it (maps are at most 512 cells a side), yet near enough that
/// squared distances to it stay within `i32`.
pub(super) const ABSENT: Cell = Cell::new(-10_000, -10_000);

impl Player {
    /// `Player.hidden` (`game-map.ts:432-452`): not while reading by its light nor while any guard
    /// chases; else on a hiding place, or under water with turns left.
    pub fn hidden(&self, map: &Map, guards: &[Guard]) -> bool {
        if self.light_active
            || guards
                .iter()
                .any(|g| g.mode == GuardMode::ChaseVisibleTarget)
        {
            return false;
        }
        let cell = map.cell(self.pos);
        cell.hides_player || (cell.terrain == TerrainType::GroundWater && self.underwater > 0)
    }

    /// The thief as the lighting sees it.
    pub fn reader(&self) -> Reader {
        Reader {
            pos: self.pos,
            light: self.light_active,
        }
    }
}

/// Facts of the level the rules read but never change.
#[derive(Clone)]
pub(super) struct Rules {
    /// The level's place in the run (`state.level`): knock-out times shorten with it.
    pub level_index: i32,
    /// Taking a treasure sounds the alarm (the last level of a run, when it is a Fortress).
    pub treasure_alarm: bool,
    /// Loot to take before leaving (`lootAvailable`).
    pub loot_available: u32,
    /// The par time; the turn after it the vaults are emptied (`game.ts:2291-2316`).
    pub par_turns: u32,
}

/// The whole game state of one level.
#[derive(Clone)]
pub(super) struct World {
    pub map: Map,
    /// The guards in the game's current order (it re-sorts them every turn).
    pub guards: Vec<Guard>,
    /// Each guard's patrol route, by setup index.
    pub routes: Vec<Vec<Cell>>,
    pub player: Player,
    pub rng: SeedRandom,
    pub search: Search,
    pub light: LightScratch,
    pub rules: Rules,
    pub turns: u32,
    pub loot_stolen: u32,
    pub finished_level: bool,
    pub left_level: bool,
    pub num_spottings: u32,
    pub num_knockouts: u32,
    /// Some guard's sight test found the thief, or a guard bumped into it.
    pub noticed: bool,
    /// What happened since the last move began.
    pub events: Vec<Event>,
}

impl World {
    /// The guard whose setup index is `index`.
    pub fn guard_by_index(&self, index: usize) -> Option<&Guard> {
        self.guards.iter().find(|g| g.index == index)
    }
}
