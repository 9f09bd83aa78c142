//! The arguments several commands share: the game seed and level, `--skip-broken-edits` and
//! `--overlay`. A module of its own, apart from `cli/mod.rs`, because the command modules flatten these
//! into their own arguments and `mod.rs` in turn uses the command modules: kept in the parent, they
//! would tie each command back to the parent in an import cycle.

use clap::ValueEnum;

use super::error::CliError;
use crate::analysis::Overlay;
use crate::analysis::stealth::LitMap;
use crate::generate::date::Date;
use crate::generate::game::{Game, Run};
use crate::generate::games;
use crate::generate::recipe::Recipe;
use crate::io::preset::BrokenEdits;
use crate::model::limits::quote;
use crate::survey::Condition;

/// `--game`, `--game-seed` and `--daily`: a run of a game (`generate::game`), named as the game names
/// it. Its mansions are the game's generator's, cell for cell the game's.
#[derive(Debug, Clone, Default, clap::Args)]
pub(super) struct RunArgs {
    /// The game whose run `--game-seed`, `--daily` or `--level-seed` name [default: the first game
    /// that has runs of that kind].
    #[arg(long, value_name = "ID", help = game_help())]
    pub(super) game: Option<String>,
    /// A run of the game by its seed, as the game seeds it (the 2025 game: any text,
    /// `--game-seed 'game 7'`, the same run as `--seed 7 --generator lll2025`; the 2023 game: a number).
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["daily", "exact"])]
    pub(super) game_seed: Option<String>,
    /// The game's daily run of this UTC date (`YYYY-MM-DD`, or `today`): the 2025 game's three mansions
    /// are `--level 0`, `1` and `2`, each keeping the level number the day's plan gives it.
    #[arg(long, value_name = "DATE", value_parser = parse_daily, conflicts_with = "exact")]
    pub(super) daily: Option<Date>,
}

/// `--game`'s help, listing the games the registry has.
fn game_help() -> String {
    format!(
        "The game whose run --game-seed, --daily or --level-seed name: {} [default: the first \
         that has runs of that kind]",
        games::ids()
    )
}

/// The game `--game` names, or else the first game `offers` admits; an input error naming the flag
/// (`what`) when there is none or the named game does not offer it.
fn game_offering(
    named: Option<&str>,
    what: &str,
    offers: impl Fn(&dyn Game) -> bool,
) -> Result<&'static dyn Game, CliError> {
    let game = match named {
        Some(id) => games::named(id).map_err(|e| CliError::Input(format!("--game: {e}")))?,
        None => games::first_that(&offers)
            .ok_or_else(|| CliError::Input(format!("no game has {what}")))?,
    };
    if offers(game) {
        Ok(game)
    } else {
        Err(CliError::Input(format!(
            "--game {}: {} has no {what}",
            game.id(),
            game.label()
        )))
    }
}

impl RunArgs {
    /// The run named, with its game: the one of a game seed, or the day's; `None` when neither is
    /// given.
    pub(super) fn run(&self) -> Result<Option<(&'static dyn Game, Run)>, CliError> {
        if let Some(seed) = &self.game_seed {
            let game = game_offering(self.game.as_deref(), "runs by game seed", |_| true)?;
            let run = game
                .run(seed)
                .map_err(|e| CliError::Input(format!("--game-seed {}: {e}", quote(seed))))?;
            return Ok(Some((game, run)));
        }
        let Some(date) = self.daily else {
            if let Some(id) = &self.game {
                return Err(CliError::Input(format!(
                    "--game {}: name its run with --game-seed, --daily or --level-seed",
                    quote(id)
                )));
            }
            return Ok(None);
        };
        let game = game_offering(self.game.as_deref(), "daily runs", |g| g.has_daily())?;
        let run = game.daily(date).ok_or_else(|| {
            CliError::Failed(format!("{} gives no daily run of {date}", game.label()))
        })?;
        Ok(Some((game, run)))
    }

    /// Mansion `--level N` of the run, with its game and the run's seed, or `None` when no run is
    /// named.
    fn mansion(&self, level: u32) -> Result<Option<GameEntry>, CliError> {
        let Some((game, run)) = self.run()? else {
            return Ok(None);
        };
        let count = run.mansions.len();
        let mansion = run
            .mansions
            .into_iter()
            .nth(level as usize)
            .ok_or_else(|| {
                CliError::Input(format!(
                    "--level {level}: {} has {count} mansions, --level 0 to {}",
                    run.title,
                    count.saturating_sub(1)
                ))
            })?;
        Ok(Some(GameEntry {
            game,
            recipe: mansion.recipe,
            level_seed: None,
        }))
    }

    /// The run's name for people: `'game 7'`, or the daily's seed text.
    pub(super) fn name(&self) -> Option<String> {
        self.run().ok().flatten().map(|(_, run)| run.seed)
    }
}

/// How a command that makes one mansion names a mansion of a game: a run with its `--level`
/// ([`RunArgs`]), or `--level-seed`, the level's own seed string.
#[derive(Debug, Clone, Default, clap::Args)]
pub(super) struct GameMansionArgs {
    #[command(flatten)]
    run: RunArgs,
    /// One mansion of the game by the seed string the game gives its level (the 2025 game's
    /// `'lvl' + level + u`, `--level-seed 'lvl10.3206486422043705'`); the level number is the string's.
    /// The string does not hold what the game's plan adds, the level type and loot: give them as
    /// `--param level_type=Mansion --param loot=10` [default: Manor, 10]; the room grid is the one the
    /// game draws for that type.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["game_seed", "daily", "exact", "seed"])]
    level_seed: Option<String>,
}

/// A mansion of a game, named on the command line, before `--param` is applied.
pub(super) struct GameEntry {
    /// The game.
    pub(super) game: &'static dyn Game,
    /// Its recipe as the run makes it (a level seed's: with the game's default parameters).
    pub(super) recipe: Recipe,
    /// The level seed it was named by, whose mansion the game makes again with the parameters given.
    pub(super) level_seed: Option<String>,
}

impl GameMansionArgs {
    /// Whether a game's mansion is named (a run or a level seed): a file given beside it is refused.
    pub(super) fn is_named(&self) -> bool {
        self.level_seed.is_some()
            || self.run.game_seed.is_some()
            || self.run.daily.is_some()
            || self.run.game.is_some()
    }

    /// The mansion named, in words for people (`'game 3', mansion 5`; `level seed lvl10.32…`).
    pub(super) fn describe(&self, level: Option<u32>) -> Option<String> {
        if let Some(text) = &self.level_seed {
            return Some(format!("level seed {text}"));
        }
        Some(format!("'{}', mansion {}", self.run.name()?, level?))
    }

    /// The whole run named by `--game-seed` or `--daily` when no `--level` (nor a level seed) picks
    /// one of its mansions.
    pub(super) fn whole_run(&self, level: Option<u32>) -> Result<Option<Run>, CliError> {
        if level.is_some() || self.level_seed.is_some() {
            return Ok(None);
        }
        Ok(self.run.run()?.map(|(_, run)| run))
    }

    /// The mansion named: the level seed's, or `--level` of the run (`None` without a run or a level).
    pub(super) fn entry(&self, level: Option<u32>) -> Result<Option<GameEntry>, CliError> {
        if let Some(text) = &self.level_seed {
            let game = game_offering(self.run.game.as_deref(), "level seeds", |g| {
                g.level_seeds().is_some()
            })?;
            let recipe = game
                .level_seed(text, &[])
                .map_or_else(
                    || Err(format!("{} has no level seeds", game.label())),
                    |mansion| mansion.map(|m| m.recipe),
                )
                .map_err(|e| CliError::Input(format!("--level-seed {}: {e}", quote(text))))?;
            if let Some(level) = level.filter(|&l| l != recipe.level) {
                return Err(CliError::Input(format!(
                    "--level {level}: the level seed {} is a seed of level {}",
                    quote(text),
                    recipe.level
                )));
            }
            return Ok(Some(GameEntry {
                game,
                recipe,
                level_seed: Some(text.clone()),
            }));
        }
        match level {
            Some(level) => self.run.mansion(level),
            None => self.run.run().map(|_| None),
        }
    }
}

/// Reads `--daily`: a date, or `today` (UTC, by this machine's clock).
fn parse_daily(text: &str) -> Result<Date, String> {
    if text.eq_ignore_ascii_case("today") {
        return Date::today_utc().ok_or_else(|| "this machine's clock gives no date".to_string());
    }
    text.parse()
}

/// `--exact`, on every command that generates mansions of a game (through [`super::recipe::GeneratorArgs`],
/// and `campaign`).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(super) struct ExactArg {
    /// The exact 2023 mode: the mansion the original 2023 game makes when its `Math.random` is
    /// mulberry32 of the game seed (seeds 0…4294967295): the campaign plan and levels 0…L drawn from one
    /// stream. Siheyuan only, without parameters or locks.
    #[arg(long)]
    pub(super) exact: bool,
}

/// The game seed of the exact 2023 mode: mulberry32's state is 32 bits, so a larger seed would name
/// the same game as its low bits; refuse it instead.
pub(super) fn exact_seed(seed: u64) -> Result<u32, CliError> {
    u32::try_from(seed).map_err(|_| {
        CliError::Input(format!(
            "--exact: game seed {seed} is out of range; the 2023 convention's seeds are 0…{}",
            u32::MAX
        ))
    })
}

/// `--skip-broken-edits`, on every command that reads a preset.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(super) struct BrokenEditsArg {
    /// When a preset's hand edit cannot be applied, load the preset without it and the edits after it
    /// (which may depend on it), and say on stderr what was left out; without this, such a preset is
    /// refused with the edit's number, what it does and its line.
    #[arg(long)]
    skip_broken_edits: bool,
}

impl BrokenEditsArg {
    pub(super) fn choice(self) -> BrokenEdits {
        if self.skip_broken_edits {
            BrokenEdits::Skip
        } else {
            BrokenEdits::Refuse
        }
    }
}

/// Accepts `123` and `0x7b`, since seeds are often written in hex.
pub(super) fn parse_seed(text: &str) -> Result<u64, String> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|e| format!("not a 64-bit seed ({e})"))
}

/// A `--light` value: which of the two lit maps of the stealth analysis the lit figures use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub(super) enum LightArg {
    /// The torches as generated: the ones placed lit.
    #[default]
    AsGenerated,
    /// After the guards have relit the unlit torches they find (the settled light).
    Settled,
}

impl LightArg {
    pub(super) fn lit_map(self) -> LitMap {
        match self {
            LightArg::AsGenerated => LitMap::AsGenerated,
            LightArg::Settled => LitMap::Settled,
        }
    }
}

/// An `--overlay` value (`screenshot`, `export`, `diff`): one of the analysis overlays by its
/// [`Overlay::name`], `all` or `none`. Its values are read off [`Overlay::ALL`], so a new overlay is
/// accepted here, listed in `--help` and completed by the shells once it is added there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OverlayArg {
    /// One overlay.
    One(Overlay),
    /// Every overlay.
    All,
    /// None: clears the overlays named before it.
    None,
}

/// Every `--overlay` value, in the order `--help` lists them.
static OVERLAY_ARGS: std::sync::LazyLock<Vec<OverlayArg>> = std::sync::LazyLock::new(|| {
    let mut values: Vec<OverlayArg> = Overlay::ALL.iter().copied().map(OverlayArg::One).collect();
    values.extend([OverlayArg::All, OverlayArg::None]);
    values
});

impl ValueEnum for OverlayArg {
    fn value_variants<'a>() -> &'a [Self] {
        OVERLAY_ARGS.as_slice()
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(match self {
            OverlayArg::One(overlay) => overlay.name(),
            OverlayArg::All => "all",
            OverlayArg::None => "none",
        }))
    }
}

/// The overlays a list of `--overlay` values selects, in order: `all` adds them all, `none` clears what
/// came before.
pub(super) fn selected_overlays(args: &[OverlayArg]) -> Vec<Overlay> {
    let mut overlays = Vec::new();
    for arg in args {
        match arg {
            OverlayArg::One(overlay) => overlays.push(*overlay),
            OverlayArg::All => overlays.extend(Overlay::ALL),
            OverlayArg::None => overlays.clear(),
        }
    }
    overlays
}

/// The conditions `texts` as the option `flag` gave them (`--where`, `--until`); a malformed one is bad
/// input naming the option.
pub(super) fn parse_conditions(texts: &[String], flag: &str) -> Result<Vec<Condition>, CliError> {
    texts
        .iter()
        .map(|text| Condition::parse(text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| CliError::Input(format!("{flag}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse_in_decimal_and_hex() {
        assert_eq!(parse_seed("123"), Ok(123));
        assert_eq!(parse_seed("0x7b"), Ok(123));
        assert_eq!(parse_seed("0XFFFFFFFFFFFFFFFF"), Ok(u64::MAX));
        assert!(parse_seed("-1").is_err());
        assert!(parse_seed("0x").is_err());
    }

    #[test]
    fn every_overlay_is_an_overlay_value_by_its_name() {
        for &overlay in Overlay::ALL {
            let arg = OverlayArg::from_str(overlay.name(), false).expect("accepted");
            assert_eq!(selected_overlays(&[arg]), [overlay]);
        }
        let all = OverlayArg::from_str("all", false).expect("all");
        let none = OverlayArg::from_str("none", false).expect("none");
        let loot = OverlayArg::One(Overlay::Loot);
        assert_eq!(selected_overlays(&[all]), Overlay::ALL);
        assert_eq!(selected_overlays(&[all, none, loot]), [Overlay::Loot]);
        assert!(OverlayArg::from_str("heat", false).is_err());
    }
}
