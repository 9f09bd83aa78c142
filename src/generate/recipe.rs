//! A recipe: everything (besides locks and hand edits) that determines a level — the generator with its
//! parameters, the level number, the seed and the step re-rolls. Presets and documents store recipes.

use serde::{Deserialize, Serialize};

use super::packed_mansion::{PackedMansion, PackedMansionParams};
use super::rogue_grid::{RogueGrid, RogueGridParams};
use super::siheyuan::Siheyuan;
use super::tile_growth::{TileGrowth, TileGrowthParams};
use super::{GenerateError, Generator, Request, Rerolls, campaign};
use crate::model::{Level, Plan};

/// A generator and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GeneratorParams {
    /// The siheyuan mansion with its plan (room-grid size and loot budget).
    Siheyuan {
        plan: Plan,
    },
    TileGrowth(TileGrowthParams),
    PackedMansion(PackedMansionParams),
    RogueGrid(RogueGridParams),
}

impl GeneratorParams {
    /// The generator these parameters configure.
    pub fn generator(&self) -> Box<dyn Generator> {
        match self {
            GeneratorParams::Siheyuan { plan } => Box::new(Siheyuan { plan: *plan }),
            GeneratorParams::TileGrowth(params) => Box::new(TileGrowth {
                params: params.clone(),
            }),
            GeneratorParams::PackedMansion(params) => Box::new(PackedMansion {
                params: params.clone(),
            }),
            GeneratorParams::RogueGrid(params) => Box::new(RogueGrid {
                params: params.clone(),
            }),
        }
    }

    /// The generator's id, as in files and on the command line.
    pub fn id(&self) -> &'static str {
        self.generator().id()
    }
}

/// Everything but locks and edits that makes a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recipe {
    pub generator: GeneratorParams,
    /// Level number 0–9: dressing and patrol rules.
    pub level: u32,
    pub seed: u64,
    #[serde(default)]
    pub rerolls: Rerolls,
}

impl Recipe {
    /// Mansion `level` of the campaign of `game_seed`: its plan and its level seed.
    pub fn campaign_level(game_seed: u64, level: u32) -> Self {
        let plan = campaign::plan(game_seed);
        let level = level.min(campaign::LEVELS as u32 - 1);
        let plan = plan.plans[level as usize];
        Recipe {
            generator: GeneratorParams::Siheyuan { plan },
            level,
            seed: campaign::level_seed(game_seed, level),
            rerolls: Rerolls::default(),
        }
    }

    /// Checks the recipe is one the generators can build in reasonable time and memory (files are
    /// untrusted input); the message says what is out of range.
    pub fn check(&self) -> Result<(), String> {
        if self.level > 9 {
            return Err(format!("level {} is not 0–9", self.level));
        }
        match &self.generator {
            GeneratorParams::Siheyuan { plan } => {
                plan.check()?;
            }
            GeneratorParams::TileGrowth(p) if p.max_fill < p.min_fill => {
                return Err(format!(
                    "max_fill ({}) is below min_fill ({}): a mansion cannot fill less than its minimum",
                    p.max_fill, p.min_fill
                ));
            }
            // Otherwise the generators clamp their parameters and report it in the level's diagnostics.
            GeneratorParams::TileGrowth(_)
            | GeneratorParams::PackedMansion(_)
            | GeneratorParams::RogueGrid(_) => {}
        }
        Ok(())
    }

    /// Builds the level without locks (with locks, `edit::rebuild::build` retries where needed).
    pub fn build(&self) -> Result<Level, GenerateError> {
        let request = Request {
            level: self.level,
            seed: self.seed,
            locks: &[],
            rerolls: self.rerolls,
        };
        self.generator.generator().generate(&request)
    }
}
