//! The level a command works on, given as `analyze` and `play` take it: a level file or a preset (rebuilt
//! first), `-` for standard input, or a generated mansion (`--seed`, `--level`, an optional generator name
//! and its `--param`s), or a mansion of a 2025 run (`--game-seed` or `--daily`, with `--level`), named as
//! `generate` names it. A module of its own so that the commands share one loader.

use std::path::Path;

use clap::Args;

use super::args::{BrokenEditsArg, GameMansionArgs, parse_seed};
use super::error::CliError;
use super::export::{load_level_or_preset, warn_drift};
use super::recipe::{Choice, GeneratorArgs, build, build_recipe};
use crate::generate::campaign::LEVELS;
use crate::generate::game::Run;
use crate::generate::recipe::Recipe;
use crate::io::preset::BrokenEdits;
use crate::model::Level;

/// A level file, a preset or a generated mansion.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("mansion").args(["seed", "game_seed", "daily", "level_seed"]))]
pub(super) struct TargetArgs {
    /// A level file or a preset (rebuilt first), `-` for standard input; with --seed and --level, a
    /// generator name instead (siheyuan, tile-growth, packed-mansion, rogue-grid; default: the
    /// campaign's siheyuan).
    target: Option<String>,
    /// Game seed of a generated mansion: decimal or 0x-prefixed hexadecimal.
    #[arg(long, value_parser = parse_seed, requires = "level", conflicts_with_all = ["game_seed", "daily"])]
    seed: Option<u64>,
    /// Level of that game's campaign, 0–9 (of a daily run, 0–2: the day's three mansions).
    #[arg(long, value_parser = clap::value_parser!(u32).range(..LEVELS as i64),
          requires = "mansion")]
    level: Option<u32>,
    #[command(flatten)]
    game: GameMansionArgs,
    #[command(flatten)]
    generator: GeneratorArgs,
    #[command(flatten)]
    broken_edits: BrokenEditsArg,
}

impl TargetArgs {
    /// Whether the level is read from standard input (`-`).
    pub(super) fn is_stdin(&self) -> bool {
        self.seed.is_none() && !self.game.is_named() && self.target.as_deref() == Some("-")
    }

    /// The level: generated when `--seed` and `--level` are given, else read from the file (a preset's
    /// drift from its generator is a warning on stderr). `command` names the command in the error for a
    /// missing target.
    pub(super) fn load(&self, command: &str) -> Result<Level, CliError> {
        let file = match self.named(command)? {
            Target::Game(recipe) => return build_recipe(&recipe),
            Target::Generated {
                choice,
                seed,
                level,
            } => return build(choice.as_ref(), seed, level),
            Target::File(file) => file,
        };
        let loaded = load_level_or_preset(file, self.broken_edits.choice())?;
        warn_drift(file, loaded.drift.as_deref());
        Ok(loaded.level)
    }

    /// Which mansion the arguments name, checked but not yet built or read. `command` names the command
    /// in the error for a missing target.
    pub(super) fn named(&self, command: &str) -> Result<Target<'_>, CliError> {
        if let Some(entry) = self.game.entry(self.level)? {
            if let Some(file) = &self.target {
                return Err(CliError::Input(format!(
                    "{command}: --game-seed, --daily and --level-seed name a mansion; give them without the file {file}"
                )));
            }
            return Ok(Target::Game(self.generator.game_recipe(&entry)?));
        }
        if let (Some(seed), Some(level)) = (self.seed, self.level) {
            let choice = self.generator.choice_or(self.target.as_deref())?;
            return Ok(Target::Generated {
                choice,
                seed,
                level,
            });
        }
        let file = self.target.as_deref().ok_or_else(|| {
            CliError::Input(format!("{command} needs a FILE, or --seed and --level"))
        })?;
        if self.generator.is_exact() {
            return Err(CliError::Input(
                "--exact generates a mansion of a game: give --seed and --level instead of a file"
                    .to_string(),
            ));
        }
        Ok(Target::File(Path::new(file)))
    }

    /// The generated mansion named, in words for people (the screenshot's status bar and title):
    /// a 2025 mansion as it was named, else the generator (or exact mode), game seed and level.
    pub(super) fn describe(&self, choice: Option<&Choice>) -> String {
        if let Some(named) = self.game.describe(self.level) {
            return named;
        }
        let (seed, level) = (
            self.seed.unwrap_or_default(),
            self.level.unwrap_or_default(),
        );
        match choice {
            Some(choice) if choice.is_exact() => {
                format!("exact 2023 game {seed}, mansion {level}")
            }
            Some(choice) => format!("{}, game seed {seed}, mansion {level}", choice.id()),
            None => format!("game seed {seed}, mansion {level}"),
        }
    }

    /// The whole run named by `--game-seed` or `--daily` without `--level` (for commands that take
    /// every mansion of a run), `None` when the arguments name one mansion.
    pub(super) fn whole_run(&self) -> Result<Option<Run>, CliError> {
        if self.target.is_some() {
            return Ok(None);
        }
        self.game.whole_run(self.level)
    }

    /// Whether a broken hand edit of a preset is left out rather than refused.
    pub(super) fn broken_edits(&self) -> BrokenEdits {
        self.broken_edits.choice()
    }
}

/// The mansion a command's arguments name.
pub(super) enum Target<'a> {
    /// A mansion of a 2025 game, by its recipe.
    Game(Recipe),
    /// Mansion `level` of game `seed`, by the chosen generator (`None`: the campaign's siheyuan).
    Generated {
        /// The generator and its parameters, or the exact mode.
        choice: Option<Choice>,
        /// The game seed.
        seed: u64,
        /// The level.
        level: u32,
    },
    /// A level file or a preset, or `-`.
    File(&'a Path),
}
