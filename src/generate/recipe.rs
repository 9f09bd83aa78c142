//! A recipe: everything (besides locks and hand edits) that determines a level — the generator with its
//! parameters, the level number, the seed and the step re-rolls. Presets and documents store recipes.

use serde::{Deserialize, Serialize};

use super::siheyuan::Siheyuan;
use super::{GenerateError, Generator, Request, Rerolls, campaign};
use crate::model::{Level, LockedRoom, Plan};

/// A generator and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GeneratorParams {
    /// The siheyuan mansion with its plan (room-grid size and loot budget).
    Siheyuan { plan: Plan },
}

impl GeneratorParams {
    fn generator(&self) -> Box<dyn Generator> {
        match self {
            GeneratorParams::Siheyuan { plan } => Box::new(Siheyuan { plan: *plan }),
        }
    }
}

/// Everything but locks and edits that makes a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

    /// Builds the level, keeping `locks`.
    pub fn build(&self, locks: &[LockedRoom]) -> Result<Level, GenerateError> {
        let request = Request {
            level: self.level,
            seed: self.seed,
            locks,
            rerolls: self.rerolls,
        };
        self.generator.generator().generate(&request)
    }
}
