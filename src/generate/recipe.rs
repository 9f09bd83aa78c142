//! A recipe: everything (besides locks and hand edits) that determines a level — the generator with its
//! parameters, the level number, the seed and the step re-rolls. Presets and documents store recipes.
//!
//! An exact recipe ([`Recipe::exact`]) is a mansion of a game's exact stream, for a generator that
//! declares one ([`Declare::EXACT`]): its seed is the game seed, and the
//! mansion comes from the game's one stream, so it has no re-rolls and keeps no locks; a regeneration
//! turns it into the campaign's normal recipe of the same mansion ([`Recipe::normal`]).

pub use super::declare::GeneratorParams;
use super::declare::{Declare, ExactMansion, ExactStream, GeneratorKind};
use super::figures::GeneratorFigures;
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
    /// Built from the generator's exact stream ([`Recipe::exact`]): `seed` is then the game seed,
    /// `generator` the campaign's parameters of that game and level, and `rerolls` zero.
    pub exact: bool,
}

impl Recipe {
    /// Mansion `level` of the campaign of `game_seed`: its plan and its level seed.
    ///
    /// # Examples
    ///
    /// A campaign mansion is the siheyuan with the plan the game draws for that level, seeded with the
    /// level seed the campaign derives from the game seed:
    ///
    /// ```
    /// use mansion_forge::generate::campaign;
    /// use mansion_forge::generate::recipe::Recipe;
    ///
    /// let recipe = Recipe::campaign_level(42, 4);
    /// assert_eq!(recipe.generator.id(), "siheyuan");
    /// assert_eq!((recipe.level, recipe.seed), (4, campaign::level_seed(42, 4)));
    /// assert!(!recipe.exact);
    ///
    /// let level = recipe.build().expect("builds");
    /// assert_eq!(level.plan, Some(campaign::plan(42).plans[4]));
    /// assert_eq!(level.seed, recipe.seed);
    /// // Level numbers past the campaign's last mansion are read as the last one.
    /// assert_eq!(Recipe::campaign_level(42, 25).level, 9);
    /// ```
    pub fn campaign_level(game_seed: u64, level: u32) -> Self {
        let siheyuan = GeneratorParams::of::<SiheyuanDeclaration>(SiheyuanDeclaration::defaults());
        Recipe::for_game(&siheyuan, game_seed, level)
    }

    /// Mansion `level` of game `game_seed` made by `generator`'s kind: the parameters that game and
    /// level choose for it (the campaign's plan for the siheyuan; otherwise `generator` as it is) and
    /// the level seed the campaign derives.
    ///
    /// # Examples
    ///
    /// A generator that does not follow the campaign keeps the parameters it is given; the 2025
    /// generator takes the game's own plan of that level, whatever parameters it is given:
    ///
    /// ```
    /// use mansion_forge::generate::campaign;
    /// use mansion_forge::generate::lll2025::declaration::Declaration as Lll2025;
    /// use mansion_forge::generate::recipe::Recipe;
    /// use mansion_forge::generate::registry;
    ///
    /// let tile_growth = registry::by_id("tile_growth", &[("modules_x".into(), "6".into())])
    ///     .expect("valid parameters");
    /// let recipe = Recipe::for_game(&tile_growth, 7, 3);
    /// assert_eq!(recipe.generator, tile_growth);
    /// assert_eq!(recipe.seed, campaign::level_seed(7, 3));
    ///
    /// let lll2025 = registry::find("lll2025").expect("built in");
    /// let recipe = Recipe::for_game(&lll2025.defaults(), 1, 9);
    /// let params = recipe.generator.get::<Lll2025>().expect("2025 parameters");
    /// // Level 9 of the game's run 'game 1' is a 7 × 7 Fortress holding 25 loot.
    /// assert_eq!((params.level_type.name(), params.rooms_x, params.rooms_y), ("Fortress", 7, 7));
    /// assert_eq!(params.loot, 25);
    /// ```
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
            seed: kind.seed_for_game(game_seed, level),
            rerolls: Rerolls::default(),
            exact: false,
        }
    }

    /// Mansion `level` of game `game_seed` from the exact stream of `kind`'s game: the campaign's recipe
    /// of that mansion, keyed by the game seed itself; `None` when the game has no exact stream.
    ///
    /// # Examples
    ///
    /// The siheyuan's game, Lurk Leap Loot 2023, draws a whole run from one mulberry32 stream;
    /// [`Recipe::normal`] gives the same mansion's normal-mode recipe, a seed past 32 bits is refused,
    /// and a generator without an exact stream has no exact recipe:
    ///
    /// ```
    /// use mansion_forge::generate::recipe::Recipe;
    /// use mansion_forge::generate::siheyuan::exact;
    /// use mansion_forge::generate::{GenerateError, registry};
    ///
    /// let siheyuan = registry::find("siheyuan").expect("built in");
    /// let recipe = Recipe::exact(siheyuan, 1, 2).expect("an exact stream");
    /// assert_eq!(recipe, Recipe::exact_level(1, 2));
    /// assert!(recipe.exact);
    /// assert_eq!((recipe.seed, recipe.level), (1, 2));
    /// assert!(recipe.check().is_ok());
    ///
    /// let level = recipe.build().expect("builds");
    /// assert_eq!(Some(&level), exact::level(1, 2).as_ref());
    /// assert_eq!(level.generator, "siheyuan");
    ///
    /// let normal = recipe.normal();
    /// assert!(!normal.exact);
    /// assert_eq!(normal, Recipe::campaign_level(1, 2));
    ///
    /// let too_big = Recipe { seed: 1 << 40, ..recipe };
    /// assert!(matches!(too_big.build(), Err(GenerateError::Exact(_))));
    /// assert!(too_big.check().is_err());
    ///
    /// let rogue_grid = registry::find("rogue_grid").expect("built in");
    /// assert_eq!(Recipe::exact(rogue_grid, 1, 2), None);
    /// ```
    pub fn exact(kind: &dyn GeneratorKind, game_seed: u64, level: u32) -> Option<Self> {
        kind.exact_stream()?;
        Some(Recipe {
            seed: game_seed,
            exact: true,
            ..Recipe::for_game(&kind.defaults(), game_seed, level)
        })
    }

    /// Mansion `level` of game `game_seed` in the exact 2023 mode: [`Recipe::exact`] of the campaign's
    /// generator, the siheyuan (as [`Recipe::campaign_level`] is its campaign mansion).
    pub fn exact_level(game_seed: u32, level: u32) -> Self {
        Recipe {
            seed: u64::from(game_seed),
            exact: true,
            ..Recipe::campaign_level(u64::from(game_seed), level)
        }
    }

    /// The normal-mode recipe of the same mansion: itself unless exact, else the campaign's recipe of
    /// that game and level (per-step streams, which re-rolls and locks need).
    #[must_use]
    pub fn normal(&self) -> Self {
        if self.exact {
            Recipe::for_game(&self.generator.kind().defaults(), self.seed, self.level)
        } else {
            self.clone()
        }
    }

    /// Checks the recipe is one the generators can build in reasonable time and memory (files are
    /// untrusted input); the message says what is out of range.
    pub fn check(&self) -> Result<(), String> {
        if self.level > 9 {
            return Err(format!("level {} is not 0–9", self.level));
        }
        self.generator.check()?;
        if self.exact {
            (self.exact_stream()?.check_seed)(self.seed)?;
            let kind = self.generator.kind();
            if Recipe::exact(kind, self.seed, self.level).as_ref() != Some(self) {
                return Err(format!(
                    "an exact recipe is the {} campaign mansion of its game, without re-rolls",
                    kind.id()
                ));
            }
        }
        Ok(())
    }

    /// The exact stream of an exact recipe's generator.
    fn exact_stream(&self) -> Result<ExactStream, String> {
        let kind = self.generator.kind();
        kind.exact_stream()
            .ok_or_else(|| format!("the {} generator has no exact stream", kind.id()))
    }

    /// Mansions `0..=level` of an exact recipe's game, from its generator's exact stream.
    fn exact_mansions(&self) -> Result<Vec<ExactMansion>, String> {
        let stream = self.exact_stream()?;
        (stream.check_seed)(self.seed)?;
        if self.level as usize >= campaign::LEVELS {
            return Err(format!("no level {}", self.level));
        }
        (stream.mansions)(self.seed, self.level)
    }

    /// The request this recipe makes of its generator: no locks (a preset's locks go through
    /// `edit::rebuild`).
    fn request(&self) -> Request<'static> {
        Request {
            level: self.level,
            seed: self.seed,
            locks: &[],
            rerolls: self.rerolls,
        }
    }

    /// The draws step by step of [`Recipe::build`] ([`Generator::draw_trace`](super::Generator::draw_trace));
    /// `None` where the generator counts none. An exact recipe's are this mansion's draws, counted from
    /// its own start as the 2023 vectors count them (the plan's and the earlier levels' come before).
    pub fn draw_trace(&self) -> Option<Vec<(&'static str, u64)>> {
        if self.exact {
            return self
                .exact_mansions()
                .ok()?
                .pop()
                .map(|mansion| mansion.draws_by_step);
        }
        self.generator.generator().draw_trace(&self.request())
    }

    /// Builds the level without locks (with locks, `edit::rebuild::build` retries where needed).
    ///
    /// # Examples
    ///
    /// Building is deterministic: the same recipe gives the same level every time, and another seed
    /// gives another level:
    ///
    /// ```
    /// use mansion_forge::generate::recipe::Recipe;
    /// use mansion_forge::generate::registry;
    ///
    /// for kind in registry::all() {
    ///     let recipe = Recipe::for_game(&kind.defaults(), 5, 2);
    ///     let level = recipe.build().expect("builds");
    ///     assert_eq!(level.generator, kind.id());
    ///     assert_eq!(recipe.build().expect("builds again"), level, "{}", kind.id());
    ///
    ///     let other = Recipe { seed: recipe.seed ^ 1, ..recipe.clone() };
    ///     assert_ne!(other.build().expect("builds"), level, "{}", kind.id());
    /// }
    /// ```
    pub fn build(&self) -> Result<Level, GenerateError> {
        if self.exact {
            return self
                .exact_mansions()
                .and_then(|mut mansions| {
                    mansions
                        .pop()
                        .map(|mansion| mansion.level)
                        .ok_or_else(|| format!("no level {}", self.level))
                })
                .map_err(GenerateError::Exact);
        }
        self.generator.generator().generate(&self.request())
    }

    /// The level with its generator's own figures (what `stats` prints after the shared keys), built
    /// once where the generator can give both; the exact mode's siheyuan has no figures of its own.
    pub fn build_with_figures(&self) -> Result<(Level, GeneratorFigures), GenerateError> {
        if self.exact {
            return self
                .build()
                .map(|level| (level, GeneratorFigures::default()));
        }
        let generator = self.generator.generator();
        let request = self.request();
        generator
            .generate_with_figures(&request)
            .unwrap_or_else(|| {
                let level = generator.generate(&request)?;
                Ok((level, self.generator.figures(self.seed, self.level)))
            })
    }
}
