//! How a game a generator re-implements declares itself ([`Game`], written once beside its generator):
//! how the game names its runs of mansions (a game seed, a day's daily run, a level's seed string, the
//! exact stream of a seed), which generator makes them, and which rule set plays them. A game's
//! mansions are recipes of its generator, so locks, re-rolls, exports and the analysis work on them like
//! on any other level. Nothing here names a game; `games` lists them.

use super::date::Date;
use super::recipe::Recipe;

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
    /// How the game names one mansion by its level's own seed string ([`Game::level_seed`]), for a
    /// game that does: what the editor's dialog says and asks.
    fn level_seeds(&self) -> Option<LevelSeeds> {
        None
    }
    /// The mansion a level's own seed string names, for a game that has them: the generator's default
    /// parameters with `params` (`NAME=VALUE`, what the string does not hold) applied, and what the
    /// game draws from the string for them; why not, when the text is no level seed of this game or a
    /// parameter does not fit.
    fn level_seed(
        &self,
        _text: &str,
        _params: &[(String, String)],
    ) -> Option<Result<Mansion, String>> {
        None
    }
    /// The level seed string of `recipe`'s mansion, when it is one of this game's that a string names
    /// (the dialog opens on it, so a designer can read it off).
    fn level_seed_of(&self, _recipe: &Recipe) -> Option<String> {
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

/// What a game's level seed strings are, for the dialog that asks for one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSeeds {
    /// What the string names and what the other fields add, in words that follow the game's name
    /// (`Lurk Leap Loot (2025): one mansion by …`).
    pub about: &'static str,
    /// An example string, the field's hint.
    pub hint: &'static str,
    /// The generator's parameters the string does not hold, which the dialog asks for with the
    /// generator's own fields (its parameter specs).
    pub params: &'static [&'static str],
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
    /// Its name and what its plan says of it, `Mansion 3: level 5, Manor, 4×3 grid`: the plan's grid
    /// of room slots, not its rooms or loot, which only the built level knows (a list adds them,
    /// `survey::listing`).
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
