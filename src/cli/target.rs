//! The level a command works on, given as `analyze` and `play` take it: a level file or a preset (rebuilt
//! first), `-` for standard input, or a generated mansion (`--seed`, `--level`, an optional generator name
//! and its `--param`s), or a mansion of a 2025 run (`--game-seed` or `--daily`, with `--level`), named as
//! `generate` names it. A module of its own so that the commands share one loader.

use std::path::Path;

use clap::Args;

use super::args::{BrokenEditsArg, GameMansionArgs, parse_seed};
use super::error::CliError;
use super::export::{load_level_or_preset, warn_drift};
use super::recipe::{GeneratorArgs, build, build_recipe};
use crate::generate::campaign::LEVELS;
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
        if let Some(entry) = self.game.entry(self.level)? {
            if let Some(file) = &self.target {
                return Err(CliError::Input(format!(
                    "{command}: --game-seed, --daily and --level-seed name a mansion; give them without the file {file}"
                )));
            }
            return build_recipe(&self.generator.game_recipe(&entry)?);
        }
        if let (Some(seed), Some(level)) = (self.seed, self.level) {
            let choice = self.generator.choice_or(self.target.as_deref())?;
            return build(choice.as_ref(), seed, level);
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
        let path = Path::new(file);
        let loaded = load_level_or_preset(path, self.broken_edits.choice())?;
        warn_drift(path, loaded.drift.as_deref());
        Ok(loaded.level)
    }
}
