//! Where the document on screen came from, and what that makes it: the window title, the Document
//! panel, the status bar and the file dialogs' first name all say it in the same words, so a designer
//! who opened the second mansion of a day's daily run reads "Daily run of 2027-03-14, mansion 2 of 3"
//! everywhere rather than "untitled". No game is named here: a game's mansion is named by its run's
//! title and its game's label (`generate::games`).

use crate::app::panels::describe::capitalised;
use crate::generate::game::Game;
use crate::generate::games;
use crate::generate::recipe::Recipe;

/// Where the document on screen came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The built-in default mansion (at start, and New).
    Default,
    /// A campaign mansion; the window title and the campaign panel name it by these two numbers (and
    /// the recipe says whether it is the game's exact one).
    Campaign {
        /// The game whose campaign it belongs to.
        game_seed: u64,
        /// Which mansion of the game (0–9).
        level: u32,
    },
    /// A seed-browser pick: mansion `level` of game `game_seed`, made by the document's generator.
    Browsed {
        /// The game the pick was found in.
        game_seed: u64,
        /// Which mansion of the game (0–9).
        level: u32,
    },
    /// A preset or level file.
    File(String),
    /// A recipe set in the generator picker.
    Recipe,
    /// An autosaved document of no file, recovered after a crash.
    Recovered,
    /// A generated mansion named by how it was asked for: a run's mansion ("Daily run of 2027-03-14,
    /// mansion 2 of 3"), a level seed, or one named on the command line.
    Named(String),
}

impl Source {
    /// What the document is, in a few words that fit in a title's parentheses: `game 3, mansion 5`,
    /// `game 3, mansion 5, exact`, `Daily run of 2027-03-14, mansion 2 of 3`, `seed browser: game 0,
    /// mansion 4`; `None` for the default mansion and a picker's recipe, which have no more to say.
    pub fn short(&self, recipe: &Recipe) -> Option<String> {
        match self {
            Source::Campaign { game_seed, level } => Some(if recipe.exact {
                format!("game {game_seed}, mansion {level}, exact")
            } else {
                format!("game {game_seed}, mansion {level}")
            }),
            Source::Browsed { game_seed, level } => {
                Some(format!("seed browser: game {game_seed}, mansion {level}"))
            }
            Source::File(name) => Some(format!("from {}", file_name(name))),
            Source::Recovered => Some("recovered".to_string()),
            Source::Named(name) => Some(name.clone()),
            Source::Default | Source::Recipe => None,
        }
    }

    /// What the document is, as a sentence's subject for the Document panel: `Mansion 5 of game 3,
    /// exactly as Lurk Leap Loot (2023) makes it`, `Daily run of 2027-03-14, mansion 2 of 3`.
    pub fn long(&self, recipe: &Recipe) -> String {
        let game = || games::of_generator(recipe.generator.id()).map(Game::label);
        match self {
            Source::Default => "The default mansion".to_string(),
            Source::Campaign { game_seed, level } => match (recipe.exact, game()) {
                (true, Some(game)) => {
                    format!("Mansion {level} of game {game_seed}, exactly as {game} makes it")
                }
                (false, Some(game)) => format!("Mansion {level} of game {game_seed} of {game}"),
                (_, None) => format!("Mansion {level} of game {game_seed}"),
            },
            Source::Browsed { game_seed, level } => {
                format!("The seed browser's pick: mansion {level} of game {game_seed}")
            }
            Source::File(name) => format!("Opened from {}", file_name(name)),
            Source::Recipe => "A recipe from the generator picker".to_string(),
            Source::Recovered => "Recovered after the editor closed uncleanly".to_string(),
            Source::Named(name) => capitalised(name),
        }
    }

    /// A file name for a document of no file, from what it is (`game-3-mansion-5`,
    /// `daily-run-of-2027-03-14-mansion-2-of-3`), or `None` to use the plain default.
    pub fn file_stem(&self, recipe: &Recipe) -> Option<String> {
        match self {
            Source::Campaign { game_seed, level } | Source::Browsed { game_seed, level } => {
                Some(format!("game-{game_seed}-mansion-{level}"))
            }
            Source::Named(_) => self.short(recipe).map(|name| slug(&name)),
            _ => None,
        }
    }
}

/// The last part of a path as written.
fn file_name(name: &str) -> String {
    std::path::Path::new(name)
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned())
}

/// `name` as a file name: lower-case letters and digits, runs of anything else as one `-`.
fn slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runs_mansion_is_named_and_slugged_by_its_run() {
        let source = Source::Named("Daily run of 2027-03-14, mansion 2 of 3".to_string());
        let recipe = Recipe::campaign_level(1, 2);
        assert_eq!(
            source.short(&recipe).as_deref(),
            Some("Daily run of 2027-03-14, mansion 2 of 3")
        );
        assert_eq!(
            source.file_stem(&recipe).as_deref(),
            Some("daily-run-of-2027-03-14-mansion-2-of-3")
        );
        let named = Source::Named("run 'game 7', mansion 3 of 10".to_string());
        assert_eq!(named.long(&recipe), "Run 'game 7', mansion 3 of 10");
        assert_eq!(
            named.file_stem(&recipe).as_deref(),
            Some("run-game-7-mansion-3-of-10")
        );
    }

    #[test]
    fn an_exact_campaign_mansion_says_so_and_names_its_game() {
        let source = Source::Campaign {
            game_seed: 3,
            level: 5,
        };
        let exact = Recipe::exact_level(3, 5);
        assert_eq!(
            source.short(&exact).as_deref(),
            Some("game 3, mansion 5, exact")
        );
        let long = source.long(&exact);
        assert!(
            long.starts_with("Mansion 5 of game 3, exactly as "),
            "{long}"
        );
        let normal = Recipe::campaign_level(3, 5);
        assert_eq!(source.short(&normal).as_deref(), Some("game 3, mansion 5"));
        assert!(!source.long(&normal).contains("exactly"));
    }
}
