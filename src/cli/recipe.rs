//! `--generator NAME --param NAME=VALUE …`: choosing a generator and its parameters on the command line
//! (`generate`, `stats`, `export`). Without `--generator` the commands build the campaign's siheyuan
//! mansions as before, so existing scripts and outputs do not change.
//!
//! `--seed` stays a game seed everywhere: the generator is given that game's level seed for `--level`,
//! exactly as the campaign derives it, so `--generator siheyuan` with no parameters is the campaign mansion.
//! `--exact` picks the exact 2023 mode instead ([`crate::generate::siheyuan::exact`]): the siheyuan mansion the
//! original draws from one game-wide stream, whose recipe names only the game and level (it cannot be
//! re-rolled or locked).

use clap::Args;

use super::args::{ExactArg, GameEntry, exact_seed};
use super::error::CliError;
use crate::generate::campaign;
use crate::generate::declare::ExactStream;
use crate::generate::game::Game;
use crate::generate::games;
use crate::generate::recipe::Recipe;
use crate::generate::registry::{self, GeneratorKind};
use crate::model::Level;
use crate::model::limits::quote;

#[derive(Debug, Clone, Default, Args)]
pub(super) struct GeneratorArgs {
    /// Generator (its help lists them) [default: the campaign's siheyuan].
    #[arg(long, help = generator_help())]
    generator: Option<String>,
    /// A generator parameter, e.g. `--param modules-x=12`; repeat for several. Dashes in names may be
    /// written for the underscores of preset files. Implies `--generator siheyuan` when none is given.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    #[command(flatten)]
    exact: ExactArg,
}

/// A checked generator choice, ready to make recipes for any seed and level.
#[derive(Clone)]
pub(super) struct Choice {
    kind: &'static dyn GeneratorKind,
    params: Vec<(String, String)>,
    /// The game whose exact stream makes the mansions (`--exact`; then `kind` is its generator and
    /// `params` is empty).
    exact: Option<&'static dyn Game>,
}

impl std::fmt::Debug for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Choice")
            .field("generator", &self.kind.id())
            .field("params", &self.params)
            .field("exact", &self.exact.map(Game::id))
            .finish()
    }
}

/// `--generator`'s help, listing the generators the registry has.
fn generator_help() -> String {
    format!(
        "Generator: {} [default: the campaign's siheyuan]",
        registry::ids_for_people()
    )
}

impl GeneratorArgs {
    /// The choice, or `None` for the plain campaign. Unknown generators, malformed `NAME=VALUE` pairs,
    /// unknown parameters and bad values are input errors naming the culprit.
    pub(super) fn choice(&self) -> Result<Option<Choice>, CliError> {
        self.choice_or(None)
    }

    /// Like [`GeneratorArgs::choice`], with `generator` (a positional argument) used when no
    /// `--generator` is given.
    pub(super) fn choice_or(&self, generator: Option<&str>) -> Result<Option<Choice>, CliError> {
        let args = GeneratorArgs {
            generator: self.generator.clone().or(generator.map(str::to_string)),
            params: self.params.clone(),
            exact: self.exact,
        };
        args.checked_choice()
    }

    fn checked_choice(&self) -> Result<Option<Choice>, CliError> {
        if self.exact.exact {
            return self.exact_choice().map(Some);
        }
        if self.generator.is_none() && self.params.is_empty() {
            return Ok(None);
        }
        let named = self.generator.as_deref().unwrap_or(registry::CAMPAIGN_ID);
        let Some(kind) = registry::find(named) else {
            return Err(CliError::Input(format!(
                "--generator {}: unknown generator (known: {})",
                quote(named),
                registry::ids_for_people()
            )));
        };
        let params = self.named_params()?;
        let choice = Choice {
            kind,
            params,
            exact: None,
        };
        // Check the parameters once up front, on any mansion, so errors come before any work.
        choice.recipe(0, 0)?;
        Ok(Some(choice))
    }
}

impl GeneratorArgs {
    /// The recipe of a game's mansion (`--game-seed`, `--daily`, `--level-seed`): the game's generator
    /// with the run's parameters, then any `--param` (a level seed's mansion the game makes again with
    /// them). Another `--generator` is refused, not ignored.
    pub(super) fn game_recipe(&self, named: &GameEntry) -> Result<Recipe, CliError> {
        let game = named.game;
        if let Some(other) = self.generator.as_deref()
            && registry::find(other).is_none_or(|k| k.id() != game.generator())
        {
            return Err(CliError::Input(format!(
                "--game-seed, --daily and --level-seed name mansions of {}, made by --generator {}, not {}",
                game.label(),
                game.generator(),
                quote(other)
            )));
        }
        let params = self.named_params()?;
        if let Some(text) = &named.level_seed {
            return game
                .level_seed(text, &params)
                .map_or_else(
                    || Err(format!("{} has no level seeds", game.label())),
                    |mansion| mansion.map(|m| m.recipe),
                )
                .map_err(|e| CliError::Input(format!("--param: {e}")));
        }
        let bad = |e: registry::ParamError| CliError::Input(format!("--param: {e}"));
        Ok(Recipe {
            generator: named.recipe.generator.with(&params).map_err(bad)?,
            ..named.recipe.clone()
        })
    }

    /// `--param NAME=VALUE` pairs, dashes in names read as underscores.
    fn named_params(&self) -> Result<Vec<(String, String)>, CliError> {
        self.params
            .iter()
            .map(|pair| {
                let (name, value) = pair.split_once('=').ok_or_else(|| {
                    CliError::Input(format!("--param {}: expected NAME=VALUE", quote(pair)))
                })?;
                Ok((name.trim().replace('-', "_"), value.trim().to_string()))
            })
            .collect()
    }

    /// Whether `--exact` was given.
    pub(super) fn is_exact(&self) -> bool {
        self.exact.exact
    }

    /// The exact mode's choice: the game with an exact stream, whose generator alone has it; its plan
    /// comes from the game's stream, so parameters are refused rather than ignored.
    fn exact_choice(&self) -> Result<Choice, CliError> {
        let game = games::first_that(|g| g.has_exact())
            .ok_or_else(|| CliError::Input("--exact: no game has an exact stream".to_string()))?;
        if let Some(named) = self.generator.as_deref()
            && registry::find(named).is_none_or(|k| k.id() != game.generator())
        {
            return Err(CliError::Input(format!(
                "--exact: the exact mode is {}'s own stream, of its {} generator; --generator {} has none",
                game.label(),
                game.generator(),
                quote(named)
            )));
        }
        if !self.params.is_empty() {
            return Err(CliError::Input(
                "--exact: the plan of an exact mansion is drawn from the game's stream; --param cannot change it"
                    .to_string(),
            ));
        }
        let kind = registry::find(game.generator()).ok_or_else(|| {
            CliError::Failed(format!(
                "the {} generator is not registered",
                game.generator()
            ))
        })?;
        Ok(Choice {
            kind,
            params: Vec::new(),
            exact: Some(game),
        })
    }
}

/// The recipe that `--generator GENERATOR --param NAME=VALUE …` select for mansion `level` of game
/// `seed` (`None`: the plain campaign), or the message the command line would print. Public so that the
/// fuzz harness (`examples/fuzz.rs`) drives this parser in-process, without starting the program.
pub fn recipe_from_args(
    generator: Option<String>,
    params: Vec<String>,
    seed: u64,
    level: u32,
) -> Result<Option<Recipe>, String> {
    let message = |e: CliError| match e {
        CliError::Input(m) | CliError::Failed(m) => m,
        CliError::BrokenPipe => "broken pipe".to_string(),
    };
    match (GeneratorArgs {
        generator,
        params,
        exact: ExactArg::default(),
    })
    .choice()
    .map_err(message)?
    {
        Some(choice) => choice.recipe(seed, level).map(Some).map_err(message),
        None => Ok(None),
    }
}

impl Choice {
    /// The generator's id.
    pub(super) fn id(&self) -> &'static str {
        self.kind.id()
    }

    /// Whether this is the exact 2023 mode (`--exact`).
    pub(super) fn is_exact(&self) -> bool {
        self.exact.is_some()
    }

    /// The exact stream the mansions come from, in the exact mode.
    pub(super) fn exact_stream(&self) -> Option<ExactStream> {
        self.exact.and(self.kind.exact_stream())
    }

    /// The recipe of mansion `level` of game `seed` with this generator (the exact mode's: game seeds
    /// of 32 bits, no parameters).
    pub(super) fn recipe(&self, seed: u64, level: u32) -> Result<Recipe, CliError> {
        if let Some(game) = self.exact {
            let seed = exact_seed(seed)?.to_string();
            let run = game
                .exact(&seed)
                .unwrap_or_else(|| Err(format!("{} has no exact stream", game.label())))
                .map_err(CliError::Input)?;
            let mansion = run.mansion(level as usize).map_err(CliError::Input)?;
            return Ok(mansion.recipe.clone());
        }
        let bad = |e: registry::ParamError| CliError::Input(format!("--param: {e}"));
        let base = Recipe::for_game(&self.kind.defaults(), seed, level);
        let recipe = Recipe {
            generator: base.generator.with(&self.params).map_err(bad)?,
            ..base
        };
        recipe
            .check()
            .map_err(|m| CliError::Input(format!("--param: {m}")))?;
        Ok(recipe)
    }
}

/// Mansion `level` of game `seed`: the campaign's, the exact 2023 mode's, or the chosen generator's.
pub(super) fn build(choice: Option<&Choice>, seed: u64, level: u32) -> Result<Level, CliError> {
    match choice {
        Some(choice) if choice.is_exact() => build_recipe(&choice.recipe(seed, level)?),
        None => campaign::plan(seed)
            .generate(level)
            .ok_or_else(|| CliError::Input(format!("a campaign has no level {level}"))),
        Some(choice) => build_recipe(&choice.recipe(seed, level)?),
    }
}

/// The level of `recipe`, or why its generator could not build it.
pub(super) fn build_recipe(recipe: &Recipe) -> Result<Level, CliError> {
    recipe.build().map_err(|e| {
        CliError::Failed(format!(
            "{} could not build the mansion: {e}",
            recipe.generator.id()
        ))
    })
}
