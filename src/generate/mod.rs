//! Generators: pure functions of (parameters, seed) → level. No UI types here.

pub mod campaign;
pub mod passes;
pub mod rng;
pub mod siheyuan;

use crate::model::Level;

/// A level generator. Its parameters live in the implementing value; the level number sets the dressing
/// and patrol rules; the seed makes it reproducible.
pub trait Generator {
    /// The id written to files and accepted on the command line.
    fn id(&self) -> &'static str;
    /// Generates one level.
    fn generate(&self, level: u32, seed: u64) -> Level;
}
