//! Generator presets: small self-describing RON files in `presets/` naming a generator, its parameters,
//! the level number and a seed. Parameters left out take their defaults.
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "Crypt maze",
//!     generator: "tile_growth",
//!     level: 5,
//!     seed: 1,
//!     params: (w_dead_end: 1, w_straight: 1, w_turn: 2, w_branch: 4, w_cross: 0),
//! )
//! ```
//!
//! The shipped presets use level 5 (guards with torches, no outside patrols); the Palace uses 7 to show the
//! outside patrol ring. The file is read twice: once for the generator id, then with the parameter type that id names, so the
//! parameters are checked field by field.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::packed_mansion::{self, PackedMansion, PackedMansionParams};
use super::rogue_grid::{self, RogueGrid, RogueGridParams};
use super::siheyuan::{self, Siheyuan};
use super::tile_growth::{self, TileGrowth, TileGrowthParams};
use super::{Generator, Request};
use crate::model::Plan;

/// The preset format version this code reads and writes.
pub const VERSION: u32 = 1;

/// One preset with typed parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preset<P> {
    pub version: u32,
    pub name: String,
    pub generator: String,
    /// Level number 0–9: sets the dressing and patrol rules (guards from 1, outside patrols from 6).
    pub level: u32,
    pub seed: u64,
    pub params: P,
}

/// The fields every preset has, read before the parameters' type is known.
#[derive(Deserialize)]
struct Header {
    version: u32,
    generator: String,
}

/// Why a preset could not be read.
#[derive(Debug, Error)]
pub enum PresetError {
    #[error("preset is not valid RON: {0}")]
    Syntax(String),
    #[error("preset version {0} is not supported (expected {VERSION})")]
    Version(u32),
    #[error("preset names unknown generator `{0}`")]
    UnknownGenerator(String),
}

/// A loaded preset, ready to generate.
pub struct Loaded {
    pub name: String,
    pub level: u32,
    pub seed: u64,
    pub generator: Box<dyn Generator>,
}

impl Loaded {
    /// The request this preset describes, without locks.
    pub fn request(&self) -> Request<'static> {
        Request {
            level: self.level,
            seed: self.seed,
            locks: &[],
        }
    }
}

fn typed<P: for<'de> Deserialize<'de>>(text: &str) -> Result<Preset<P>, PresetError> {
    ron::from_str(text).map_err(|e| PresetError::Syntax(e.to_string()))
}

fn loaded<P>(preset: Preset<P>, generator: Box<dyn Generator>) -> Loaded {
    Loaded {
        name: preset.name,
        level: preset.level,
        seed: preset.seed,
        generator,
    }
}

/// Reads a preset from RON text.
pub fn load(text: &str) -> Result<Loaded, PresetError> {
    let header: Header = ron::from_str(text).map_err(|e| PresetError::Syntax(e.to_string()))?;
    if header.version != VERSION {
        return Err(PresetError::Version(header.version));
    }
    Ok(match header.generator.as_str() {
        tile_growth::ID => {
            let p = typed::<TileGrowthParams>(text)?;
            let params = p.params.clone();
            loaded(p, Box::new(TileGrowth { params }))
        }
        packed_mansion::ID => {
            let p = typed::<PackedMansionParams>(text)?;
            let params = p.params.clone();
            loaded(p, Box::new(PackedMansion { params }))
        }
        rogue_grid::ID => {
            let p = typed::<RogueGridParams>(text)?;
            let params = p.params.clone();
            loaded(p, Box::new(RogueGrid { params }))
        }
        siheyuan::ID => {
            let p = typed::<Plan>(text)?;
            let plan = p.params;
            loaded(p, Box::new(Siheyuan { plan }))
        }
        other => return Err(PresetError::UnknownGenerator(other.to_string())),
    })
}

/// Writes a preset as pretty RON.
pub fn save<P: Serialize>(preset: &Preset<P>) -> Result<String, PresetError> {
    ron::ser::to_string_pretty(preset, ron::ser::PrettyConfig::default())
        .map_err(|e| PresetError::Syntax(e.to_string()))
}
