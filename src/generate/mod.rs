//! Generators: pure functions of (parameters, seed, locks) → level. No UI types here.

pub mod build;
pub mod campaign;
pub mod packed_mansion;
pub mod params;
pub mod passes;
pub mod preset;
pub mod registry;
pub mod rng;
pub mod rogue_grid;
pub mod siheyuan;
pub mod tile_growth;

use thiserror::Error;

use crate::model::{Level, LockedRoom};

/// What a generator is asked for: the level number (which sets dressing and patrol rules), the seed and
/// the rooms that must come out unchanged.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    pub level: u32,
    pub seed: u64,
    pub locks: &'a [LockedRoom],
}

/// Why a generator could not produce a level.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GenerateError {
    /// The locked rooms cannot all be kept; the message says which and why.
    #[error("the locked rooms cannot be kept: {0}")]
    LocksUnsatisfiable(String),
}

/// A level generator. Its parameters live in the implementing value.
pub trait Generator {
    /// The id written to files and accepted on the command line.
    fn id(&self) -> &'static str;
    /// Generates one level honouring the request's locks, or says why the locks cannot be honoured.
    fn generate(&self, request: &Request) -> Result<Level, GenerateError>;
}
