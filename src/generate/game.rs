//! The games the generators re-implement, each declared once beside its generator ([`Game`]) and
//! listed here, one line each: how the game names its runs of mansions (a game seed, a day's daily run,
//! the exact stream of a seed), which generator makes them, and which rule set plays them.
//!
//! The command line (`--game`, `--game-seed`, `--daily`, `--exact`), the editor's run dialogs and the
//! Campaign panel's list ask this registry; none of them names a game. A game's mansions are recipes of
//! its generator, so locks, re-rolls, exports and the analysis work on them like on any other level. A
//! plug-in (or a test's toy game) is added while running with [`register`].
//!
//! # Examples
//!
//! The games this build knows, a run named by a game seed, and a day's daily run:
//!
//! ```
//! use mansion_forge::generate::date::Date;
//! use mansion_forge::generate::game;
//!
//! let ids: Vec<&str> = game::all().iter().map(|g| g.id()).collect();
//! assert_eq!(ids, ["lll2025", "lll2023"]);
//!
//! let lll2023 = game::find("lll2023").expect("a built-in game");
//! assert_eq!((lll2023.generator(), lll2023.rules()), ("siheyuan", "2023"));
//! let run = lll2023.run("42").expect("a seed of the 2023 game");
//! assert_eq!(run.mansions.len(), 10);
//! assert_eq!(run.mansions[4].recipe.level, 4);
//! assert!(lll2023.run("forty-two").is_err(), "2023 seeds are numbers");
//! assert!(lll2023.daily(Date::new(2025, 1, 1).expect("a date")).is_none());
//!
//! let lll2025 = game::find("lll2025").expect("a built-in game");
//! let day = lll2025.daily(Date::new(2025, 1, 1).expect("a date")).expect("daily runs");
//! assert_eq!(day.seed, "Daily 2025/01/01");
//! assert_eq!(day.mansions.len(), 3);
//! assert!(day.mansions.iter().all(|m| m.recipe.generator.id() == "lll2025"));
//! ```

use std::sync::RwLock;

use super::date::Date;
use super::recipe::Recipe;
use super::{lll2025, siheyuan};
use crate::model::limits::quote;

/// A game a generator re-implements: its runs of mansions and the rules they are played by. Declared
/// once, in the generator's folder.
pub trait Game: Send + Sync {
    /// The id the command line (`--game`) and the editor name it by.
    fn id(&self) -> &'static str;
    /// The name a designer reads.
    fn label(&self) -> &'static str;
    /// The id of the generator that makes its mansions.
    fn generator(&self) -> &'static str;
    /// The id of the rule set (`play::rule_sets`) its mansions are played and analysed by.
    fn rules(&self) -> &'static str;
    /// What a game seed of this game looks like, for a field's hint (`7`, `game 7`).
    fn seed_hint(&self) -> &'static str;
    /// The run a game seed names, its mansions in order of play; why not, when the text is no seed of
    /// this game.
    fn run(&self, seed: &str) -> Result<Run, String>;
    /// Whether the game has daily runs ([`Game::daily`]).
    fn has_daily(&self) -> bool {
        false
    }
    /// The daily run of a calendar date (UTC), for a game that has them.
    fn daily(&self, _date: Date) -> Option<Run> {
        None
    }
    /// Whether the game names one mansion by its level's own seed string ([`Game::level_seed`]).
    fn has_level_seeds(&self) -> bool {
        false
    }
    /// The mansion a level's own seed string names, for a game that has them: the generator's default
    /// parameters with `params` (`NAME=VALUE`, what the string does not hold) applied, and what the
    /// game draws from the string for them; why not, when the text is no level seed of this game or a
    /// parameter does not fit.
    fn level_seed(
        &self,
        _text: &str,
        _params: &[(String, String)],
    ) -> Option<Result<Recipe, String>> {
        None
    }
    /// Whether the game has an exact stream ([`Game::exact`]).
    fn has_exact(&self) -> bool {
        false
    }
    /// The run a game seed names when every mansion comes from the game's one stream (the original's
    /// own mansions, which cannot be locked or re-rolled alone), for a game that has one.
    fn exact(&self, _seed: &str) -> Option<Result<Run, String>> {
        None
    }
}

/// A run of a game: the mansions a player meets one after the other.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The run's heading in lists: `Daily run of 2025-09-01`, `Mansions of game 7`.
    pub title: String,
    /// The seed as the game writes it (`Daily 2025/09/01`, `game 7`, `7`), for messages.
    pub seed: String,
    /// Its mansions in order of play.
    pub mansions: Vec<Mansion>,
}

/// One mansion of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Mansion {
    /// What a list shows of it: `Mansion 3: level 5, Manor, 4×3 rooms, 12 loot`.
    pub label: String,
    /// Its plan's room grid, slots across and deep.
    pub grid: (u32, u32),
    /// The recipe that builds it.
    pub recipe: Recipe,
}

impl Run {
    /// Mansion `pick` (0 first), or a message saying how many the run has.
    pub fn mansion(&self, pick: usize) -> Result<&Mansion, String> {
        self.mansions.get(pick).ok_or_else(|| {
            format!(
                "{} has {} mansions, numbered 0 to {}",
                self.title,
                self.mansions.len(),
                self.mansions.len().saturating_sub(1)
            )
        })
    }
}

/// The games this build comes with, newest first: one line per game. The first is the one a run is
/// taken from when no game is named.
pub static BUILT_IN: [&(dyn Game + 'static); 2] =
    [&lll2025::game::Lll2025Game, &siheyuan::game::Lll2023Game];

/// Games added while running (plug-ins, a test's toy game), after the built-in ones.
static REGISTERED: RwLock<Vec<&'static dyn Game>> = RwLock::new(Vec::new());

/// Adds a game to [`all`] for the rest of the run (a second one with a known id is ignored).
pub fn register(game: &'static dyn Game) {
    if find(game.id()).is_some() {
        return;
    }
    if let Ok(mut list) = REGISTERED.write() {
        list.push(game);
    }
}

/// Every game, built-in ones first.
pub fn all() -> Vec<&'static dyn Game> {
    let mut list: Vec<&'static dyn Game> = BUILT_IN.to_vec();
    if let Ok(registered) = REGISTERED.read() {
        list.extend(registered.iter().copied());
    }
    list
}

/// The game with this id (dashes read as underscores).
pub fn find(id: &str) -> Option<&'static dyn Game> {
    let id = id.replace('-', "_");
    all().into_iter().find(|game| game.id() == id)
}

/// Every id, for messages and help.
pub fn ids() -> String {
    all()
        .into_iter()
        .map(Game::id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game `id` names, or a message listing the ids.
pub fn named(id: &str) -> Result<&'static dyn Game, String> {
    find(id).ok_or_else(|| format!("no game `{}`: the games are {}", quote(id), ids()))
}

/// The game whose mansions `generator` makes, if one declares it.
pub fn of_generator(generator: &str) -> Option<&'static dyn Game> {
    all().into_iter().find(|game| game.generator() == generator)
}

/// The first game with daily runs (the one `--daily` and File ▸ Open daily run… take when no game is
/// named).
pub fn first_with_daily() -> Option<&'static dyn Game> {
    all().into_iter().find(|game| game.has_daily())
}

/// The first game with an exact stream (the one `--exact` takes).
pub fn first_with_exact() -> Option<&'static dyn Game> {
    all().into_iter().find(|game| game.has_exact())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::registry;

    /// Every game names a generator the registry has, and ids are unique.
    #[test]
    fn every_game_names_a_known_generator() {
        let games = all();
        for (i, game) in games.iter().enumerate() {
            assert!(
                registry::find_in_file(game.generator()).is_some(),
                "{}",
                game.id()
            );
            assert!(games[..i].iter().all(|g| g.id() != game.id()));
            assert_eq!(
                of_generator(game.generator()).map(Game::id),
                Some(game.id())
            );
        }
    }

    /// A run's mansions are its generator's recipes, numbered in order, and each builds.
    #[test]
    fn runs_are_recipes_of_the_games_generator() {
        for game in all() {
            let run = game.run(game.seed_hint()).expect("the hint is a seed");
            assert!(!run.mansions.is_empty());
            for mansion in &run.mansions {
                assert_eq!(mansion.recipe.generator.id(), game.generator());
            }
            let first = run.mansion(0).expect("a first mansion");
            assert_eq!(
                first.recipe.build().expect("builds").generator,
                game.generator()
            );
            assert!(run.mansion(run.mansions.len()).is_err());
        }
    }
}
