//! A recipe: everything (besides locks and hand edits) that determines a level — the generator with its
//! parameters, the level number, the seed and the step re-rolls. Presets and documents store recipes.

use super::declare::Declare;
pub use super::declare::GeneratorParams;
use super::siheyuan::declaration::Declaration as SiheyuanDeclaration;
use super::{GenerateError, Request, Rerolls, campaign};
use crate::model::Level;

/// Everything but locks and edits that makes a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Recipe {
    /// The generator and its parameters.
    pub generator: GeneratorParams,
    /// Level number 0–9: dressing and patrol rules.
    pub level: u32,
    /// The level seed (for a campaign mansion, derived from the game seed).
    pub seed: u64,
    /// How often each late step was re-rolled since the seed was drawn.
    pub rerolls: Rerolls,
}

impl Recipe {
    /// Mansion `level` of the campaign of `game_seed`: its plan and its level seed.
    pub fn campaign_level(game_seed: u64, level: u32) -> Self {
        let siheyuan = GeneratorParams::of::<SiheyuanDeclaration>(SiheyuanDeclaration::defaults());
        Recipe::for_game(&siheyuan, game_seed, level)
    }

    /// Mansion `level` of game `game_seed` made by `generator`'s kind: the parameters that game and
    /// level choose for it (the campaign's plan for the siheyuan; otherwise `generator` as it is) and
    /// the level seed the campaign derives.
    pub fn for_game(generator: &GeneratorParams, game_seed: u64, level: u32) -> Self {
        let level = level.min(campaign::LEVELS as u32 - 1);
        let kind = generator.kind();
        Recipe {
            generator: if kind.follows_campaign() {
                kind.for_game(game_seed, level)
            } else {
                generator.clone()
            },
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
        self.generator.check()?;
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
