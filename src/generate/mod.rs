//! Generators: pure functions of (parameters, seed, locks) → level. No UI types here.

pub mod build;
pub mod campaign;
pub mod date;
pub mod declare;
pub mod figures;
pub mod game;
pub mod games;
pub mod lll2025;
pub mod packed_mansion;
pub mod params;
pub mod passes;
pub mod recipe;
pub mod registry;
pub mod rng;
pub mod rogue_grid;
pub mod siheyuan;
pub mod tile_growth;
pub mod trace;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{Cell, Level, LockedRoom, RoomId};

/// What a generator is asked for: the level number (which sets dressing and patrol rules), the seed,
/// the rooms that must come out unchanged, and how often single steps were re-rolled.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// Level number 0–9: sets the dressing and the patrol rules (no guards below level 1, outside
    /// patrols from level 6).
    pub level: u32,
    /// The level seed every random stream of the generation is keyed with.
    pub seed: u64,
    /// Rooms that must come out as they were locked; empty for a fresh level.
    pub locks: &'a [LockedRoom],
    /// How often each late step was re-rolled, so that step draws from a fresh stream while the layout
    /// stays.
    pub rerolls: Rerolls,
}

/// Per-step re-roll counters: re-rolling a step draws it from the stream `"{tag}#{n}"` instead of
/// `"{tag}"`, so the earlier steps (the layout) stay exactly as they were. Zero is the plain stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rerolls {
    /// Re-rolls of the furniture pass (stream tag `furniture`).
    pub furniture: u32,
    /// Re-rolls of the loot pass (stream tag `loot`).
    pub loot: u32,
    /// Re-rolls of the patrol and guard passes (stream tags `patrols` and `guards`).
    pub patrols: u32,
}

/// A step that can be re-rolled alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::VariantArray)]
pub enum Step {
    /// Furniture and floor dressing.
    Furniture,
    /// Coins.
    Loot,
    /// Patrol routes and the guards on them.
    Patrols,
}

impl Step {
    /// Every step that can be re-rolled alone, in the Document panel's order.
    pub const ALL: &'static [Step] = <Step as strum::VariantArray>::VARIANTS;
}

impl Rerolls {
    /// How often `step` was re-rolled.
    pub fn count(&self, step: Step) -> u32 {
        match step {
            Step::Furniture => self.furniture,
            Step::Loot => self.loot,
            Step::Patrols => self.patrols,
        }
    }

    /// The stream tag of a pass of `step` whose plain tag is `tag`: `tag` itself until the step is
    /// re-rolled, then `"{tag}#{n}"`.
    pub fn tag(&self, step: Step, tag: &str) -> String {
        match self.count(step) {
            0 => tag.to_string(),
            n => format!("{tag}#{n}"),
        }
    }

    /// One more re-roll of `step`.
    #[must_use]
    pub fn bump(mut self, step: Step) -> Self {
        match step {
            Step::Furniture => self.furniture += 1,
            Step::Loot => self.loot += 1,
            Step::Patrols => self.patrols += 1,
        }
        self
    }
}

/// Why a generator could not produce a level.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GenerateError {
    /// The locked rooms cannot all be kept; the message says which and why.
    #[error("the locked rooms cannot be kept: {0}")]
    LocksUnsatisfiable(String),
    /// An exact 2023 recipe that cannot be built as asked (a seed past 32 bits, or locks, which need the
    /// normal mode's per-step streams).
    #[error("exact 2023 mode: {0}")]
    Exact(String),
}

/// A level generator. Its parameters live in the implementing value.
///
/// Generators meet their invariants by construction; a generator makes one attempt per request. Where
/// locks can make an attempt fail (a pinned room that the rest cannot be fitted around), the caller
/// retries with derived seeds in one place above the generators (`edit::rebuild`), so that what the
/// validator accepts never changes what a generator builds.
pub trait Generator {
    /// The id written to files and accepted on the command line.
    fn id(&self) -> &'static str;
    /// The version of this generator's output. Bump it whenever the same request can give a different
    /// level, so a preset saved by an older build says so instead of silently rebuilding another level.
    fn version(&self) -> u32;
    /// Generates one level honouring the request's locks, or says why the locks cannot be honoured.
    fn generate(&self, request: &Request) -> Result<Level, GenerateError>;
    /// The random draws made by the end of each step of making the level `request` asks for, under the
    /// step names of the game's reference vectors (`generate --trace-draws`): where a desync with the
    /// game starts. `None` for a generator that re-implements no game's stream.
    fn draw_trace(&self, _request: &Request) -> Option<Vec<(&'static str, u64)>> {
        None
    }
    /// The level with the generator's own figures of it, from one build, for a generator whose figures
    /// are read off its build's internals (the 2025 one: `stats` would otherwise build every mansion
    /// twice). `None`: the figures come apart, from the declaration ([`declare::Declare::figures`]).
    fn generate_with_figures(
        &self,
        _request: &Request,
    ) -> Option<Result<(Level, figures::GeneratorFigures), GenerateError>> {
        None
    }
    /// Whether a finding at `room` or `cell` of `level` lies in what `locks` keep (or pin around them),
    /// where a regeneration cannot change it and so must not retry for it. By default: a locked room, or
    /// a cell of or next to a locked room's interior.
    fn lock_covers(
        &self,
        level: &Level,
        locks: &[LockedRoom],
        room: Option<RoomId>,
        cell: Option<Cell>,
    ) -> bool {
        let locked = |r: RoomId| {
            level
                .rooms
                .get(r)
                .is_some_and(|room| locks.iter().any(|l| l.room.origin == room.origin))
        };
        room.is_some_and(locked)
            || cell.is_some_and(|c| {
                locks.iter().any(|l| {
                    let i = l.room.interior;
                    c.x >= i.x0 - 1 && c.x <= i.x1 && c.y >= i.y0 - 1 && c.y <= i.y1
                })
            })
    }
}
