//! The kinds of simulated thief ([`Bot`]), each described once, and a bot with its settings
//! ([`BotSpec`]): what the command line parses (`greedy:patience=5:risk=0.2`), the editor's panel
//! lists, and a playtest runs.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cautious::Cautious;
use super::course::Course;
use super::ghost::Ghost;
use super::greedy::Greedy;
use super::speedrunner::Speedrunner;
use super::thief::Thief;
use crate::analysis::stealth::Cancel;

/// A kind of simulated thief.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bot {
    /// Follows the analysis's routes.
    Ghost,
    /// Nearest loot, shortest way, knows the map.
    Greedy,
    /// Knows only what it has seen.
    Cautious,
    /// Loot within a turn budget, then out.
    Speedrunner,
}

impl Bot {
    /// Every kind, in the order reports list them.
    pub const ALL: [Bot; 4] = [Bot::Ghost, Bot::Greedy, Bot::Cautious, Bot::Speedrunner];

    /// The name typed and written in files.
    pub fn id(self) -> &'static str {
        match self {
            Bot::Ghost => "ghost",
            Bot::Greedy => "greedy",
            Bot::Cautious => "cautious",
            Bot::Speedrunner => "speedrunner",
        }
    }

    /// What it models, in one line.
    pub fn about(self) -> &'static str {
        match self {
            Bot::Ghost => {
                "plays the analysis's ghost routes (least-noticed where there is none), chaining the next only where it still goes unnoticed"
            }
            Bot::Greedy => {
                "knows the map; rushes to the nearest loot, waits a little while its next cell is watched, shuns loot where it was seen"
            }
            Bot::Cautious => {
                "knows only what it has seen; explores, takes the loot it has seen, waits long for guards to look away, runs when chased"
            }
            Bot::Speedrunner => {
                "nearest loot while its turn budget lasts, barely waits, then maps what is needed and leaves"
            }
        }
    }

    /// The kind named `id`.
    pub fn parse(id: &str) -> Option<Bot> {
        Bot::ALL.into_iter().find(|b| b.id() == id)
    }

    /// Its usual settings.
    pub fn spec(self) -> BotSpec {
        let (patience, risk, budget) = match self {
            Bot::Ghost => (0, 0.0, 0),
            Bot::Greedy => (3, 0.05, 0),
            Bot::Cautious => (8, 0.0, 0),
            Bot::Speedrunner => (1, 0.3, 150),
        };
        BotSpec {
            bot: self,
            patience,
            risk,
            budget,
        }
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A bot with its settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotSpec {
    /// Which thief.
    pub bot: Bot,
    /// Turns in a row it waits for a watched cell to clear (not the ghost's: it waits as its route does).
    pub patience: usize,
    /// The chance, each turn it would wait or hide, that it goes on instead: 0 to 1.
    pub risk: f64,
    /// Turns the speedrunner spends on loot before it heads out.
    pub budget: usize,
}

/// The most patience or budget a setting may ask: longer than any game the budget lets run.
pub const MAX_SETTING: usize = 100_000;

impl BotSpec {
    /// Parses `greedy` or `greedy:patience=5:risk=0.2` (settings `patience`, `risk`, `budget`).
    pub fn parse(text: &str) -> Result<BotSpec, String> {
        let mut parts = text.trim().split(':');
        let id = parts.next().unwrap_or_default();
        let bot = Bot::parse(id).ok_or_else(|| {
            let ids: Vec<&str> = Bot::ALL.iter().map(|b| b.id()).collect();
            format!("no bot '{id}': the bots are {}", ids.join(", "))
        })?;
        let mut spec = bot.spec();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is no setting: write key=value"))?;
            let count = || {
                value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= MAX_SETTING)
                    .ok_or_else(|| {
                        format!("{key} wants a whole number up to {MAX_SETTING}, not '{value}'")
                    })
            };
            match key {
                "patience" => spec.patience = count()?,
                "budget" => spec.budget = count()?,
                "risk" => {
                    spec.risk = value
                        .parse::<f64>()
                        .ok()
                        .filter(|r| (0.0..=1.0).contains(r))
                        .ok_or_else(|| format!("risk wants a number from 0 to 1, not '{value}'"))?;
                }
                _ => {
                    return Err(format!(
                        "no setting '{key}': the settings are patience, risk, budget"
                    ));
                }
            }
        }
        Ok(spec)
    }

    /// Its thief for the run seeded `seed` on `course`; `None` for a ghost on a level the analysis
    /// found no route on, or when `cancel` stops the analysis the ghost needs.
    pub fn thief<'a>(
        &self,
        course: &'a Course,
        seed: u32,
        cancel: &Cancel,
    ) -> Option<Box<dyn Thief + 'a>> {
        let (patience, risk) = (self.patience, self.risk);
        Some(match self.bot {
            Bot::Ghost => Box::new(Ghost::new(course, course.routes(cancel)?, seed)?),
            Bot::Greedy => Box::new(Greedy::new(course, patience, risk, seed)),
            Bot::Cautious => Box::new(Cautious::new(course, patience, risk, seed)),
            Bot::Speedrunner => {
                Box::new(Speedrunner::new(course, self.budget, patience, risk, seed))
            }
        })
    }
}

impl fmt::Display for BotSpec {
    /// As [`BotSpec::parse`] reads it, with the settings that differ from the bot's usual ones.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let usual = self.bot.spec();
        write!(f, "{}", self.bot)?;
        if self.patience != usual.patience {
            write!(f, ":patience={}", self.patience)?;
        }
        if self.risk.to_bits() != usual.risk.to_bits() {
            write!(f, ":risk={}", self.risk)?;
        }
        if self.budget != usual.budget {
            write!(f, ":budget={}", self.budget)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_reads_back_as_it_is_written() {
        for text in [
            "greedy",
            "cautious:patience=12",
            "speedrunner:risk=0.5:budget=40",
        ] {
            let spec = BotSpec::parse(text).expect("parses");
            assert_eq!(spec.to_string(), text);
            assert_eq!(BotSpec::parse(&spec.to_string()), Ok(spec));
        }
        assert_eq!(
            BotSpec::parse("greedy:patience=3").expect("parses"),
            Bot::Greedy.spec()
        );
    }

    #[test]
    fn a_bad_spec_says_what_was_wanted() {
        let error = |text: &str| BotSpec::parse(text).expect_err(text);
        assert!(error("ninja").contains("the bots are ghost, greedy"));
        assert!(error("greedy:patience").contains("key=value"));
        assert!(error("greedy:patience=-1").contains("whole number"));
        assert!(error("greedy:patience=99999999999999999999").contains("whole number"));
        assert!(error("greedy:risk=1.5").contains("from 0 to 1"));
        assert!(error("greedy:risk=NaN").contains("from 0 to 1"));
        assert!(error("greedy:speed=3").contains("no setting 'speed'"));
    }
}
