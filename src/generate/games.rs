//! The games the generators re-implement, each declared once beside its generator (a [`Game`]) and
//! listed here, one line each. The command line (`--game`, `--game-seed`, `--daily`, `--level-seed`,
//! `--exact`), the editor's run dialogs and the Campaign panel's list ask this registry; none of them
//! names a game. A plug-in (or a test's toy game) is added while running with [`register`].
//!
//! # Examples
//!
//! The games this build knows, a run named by a game seed, and a day's daily run:
//!
//! ```
//! use mansion_forge::generate::date::Date;
//! use mansion_forge::generate::games;
//!
//! let ids: Vec<&str> = games::all().iter().map(|g| g.id()).collect();
//! assert_eq!(ids, ["lll2025", "lll2023"]);
//!
//! let lll2023 = games::find("lll2023").expect("a built-in game");
//! assert_eq!((lll2023.generator(), lll2023.rules()), ("siheyuan", "2023"));
//! let run = lll2023.run("42").expect("a seed of the 2023 game");
//! assert_eq!(run.mansions.len(), 10);
//! assert_eq!(run.mansions[4].recipe.level, 4);
//! assert!(lll2023.run("forty-two").is_err(), "2023 seeds are numbers");
//! assert!(lll2023.daily(Date::new(2025, 1, 1).expect("a date")).is_none());
//!
//! let lll2025 = games::find("lll2025").expect("a built-in game");
//! let day = lll2025.daily(Date::new(2025, 1, 1).expect("a date")).expect("daily runs");
//! assert_eq!(day.seed, "Daily 2025/01/01");
//! assert_eq!(day.mansions.len(), 3);
//! assert!(day.mansions.iter().all(|m| m.recipe.generator.id() == "lll2025"));
//! ```

use std::sync::RwLock;

use super::game::Game;
use super::{lll2025, siheyuan};
use crate::model::limits::quote;

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

/// The first game, in list order, that `offers` admits: the one a kind of run is taken from when no
/// game is named (`--daily` and File ▸ Open daily run… take the first with daily runs, `--exact` the
/// first with an exact stream).
pub fn first_that(offers: impl Fn(&dyn Game) -> bool) -> Option<&'static dyn Game> {
    all().into_iter().find(|game| offers(*game))
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
