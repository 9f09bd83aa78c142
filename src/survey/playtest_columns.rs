//! A survey line's playtest columns: each mansion played by simulated thieves ([`crate::playtest`]), so
//! `stats`, `search --where 'greedy_caught between 0.3 and 0.5'`, the seed browser and `regenerate
//! --until` can ask for mansions of a given difficulty.
//!
//! Playtesting costs far more than the other figures, so a survey plays only the bots its conditions
//! name ([`bots_named`]); `difficulty` names every bot but the ghost, as the editor's figure does.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::analysis::stealth::Cancel;
use crate::model::Level;
use crate::play::rule_sets;
use crate::playtest::{Bot, Course, Plan, Report, playtest};

/// The per-bot figures, each a key `{bot}_{figure}` (`greedy_caught`).
pub const BOT_FIGURES: [&str; 4] = ["caught", "seen", "loot", "turns"];

/// The key of the mansion's difficulty (the share of runs caught over the bots but the ghost).
pub const DIFFICULTY: &str = "difficulty";

/// Runs per bot a survey plays unless told otherwise: enough to tell an easy mansion from a hard one
/// (a share's 95 % interval is about ±0.2 wide at 20 runs), few enough to search hundreds of games.
pub const SURVEY_RUNS: usize = 20;

/// Every playtest key a line can have: `difficulty`, then each bot's figures.
pub fn playtest_keys() -> Vec<String> {
    std::iter::once(DIFFICULTY.to_string())
        .chain(Bot::ALL.iter().flat_map(|bot| {
            BOT_FIGURES
                .iter()
                .map(move |figure| format!("{}_{figure}", bot.id()))
        }))
        .collect()
}

/// The bots whose runs the keys `keys` need, in report order: `difficulty` needs every bot but the
/// ghost; `greedy_seen` the greedy one. Empty when no key is a playtest key.
pub fn bots_named<'k>(keys: impl IntoIterator<Item = &'k str>) -> Vec<Bot> {
    let mut wanted = [false; Bot::ALL.len()];
    for key in keys {
        for (k, bot) in Bot::ALL.iter().enumerate() {
            let of_bot = key
                .strip_prefix(bot.id())
                .and_then(|rest| rest.strip_prefix('_'))
                .is_some_and(|figure| BOT_FIGURES.contains(&figure));
            wanted[k] |= of_bot || (key == DIFFICULTY && *bot != Bot::Ghost);
        }
    }
    Bot::ALL
        .into_iter()
        .zip(wanted)
        .filter_map(|(bot, wanted)| wanted.then_some(bot))
        .collect()
}

/// A survey plan for `bots` with their usual settings, `runs` runs each.
pub fn survey_plan(bots: &[Bot], runs: usize) -> Plan {
    Plan {
        bots: bots.iter().map(|b| b.spec()).collect(),
        ..Plan::every_bot(runs)
    }
}

/// One bot's figures over its runs.
#[derive(Clone, Debug, PartialEq)]
struct BotFigures {
    bot: Bot,
    /// Share of runs caught, 0–1.
    caught: f64,
    /// Share of runs seen at least once, 0–1.
    seen: f64,
    /// Coins taken per run.
    loot: f64,
    /// Turns per run.
    turns: f64,
}

impl BotFigures {
    fn number(&self, figure: &str) -> Option<f64> {
        match figure {
            "caught" => Some(self.caught),
            "seen" => Some(self.seen),
            "loot" => Some(self.loot),
            "turns" => Some(self.turns),
            _ => None,
        }
    }
}

/// The playtest of one mansion, as a line's columns.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaytestColumns {
    /// The id of the rule set the thieves played by.
    pub rules: &'static str,
    /// Runs per bot.
    pub runs: usize,
    /// The share of runs caught over every bot but the ghost, as the editor gives it; `None` unless
    /// each of those bots played.
    pub difficulty: Option<f64>,
    bots: Vec<BotFigures>,
}

impl PlaytestColumns {
    /// Plays `level` by `plan` under the rules `rules` names (`None`: the level's own). `None` when
    /// the rules name none, or `cancel` stopped it.
    pub fn measure(
        level: &Level,
        rules: Option<&str>,
        plan: &Plan,
        cancel: &Cancel,
    ) -> Option<Self> {
        let rules = rule_sets::chosen(rules, level).ok()?;
        let course = Course::new(level.clone(), rules);
        let report = playtest(&course, plan, cancel, &|_| {})?;
        Some(Self::of(&report, rules.id()))
    }

    /// The columns of `report`, played under the rules `rules`.
    pub fn of(report: &Report, rules: &'static str) -> Self {
        let bots: Vec<BotFigures> = report
            .tallies
            .iter()
            .map(|t| BotFigures {
                bot: t.spec.bot,
                caught: t.caught_share().share,
                seen: t.seen_share().share,
                loot: t.mean_loot(),
                turns: t.mean_turns(),
            })
            .collect();
        let every_player = Bot::ALL
            .iter()
            .filter(|&&b| b != Bot::Ghost)
            .all(|&b| report.tallies.iter().any(|t| t.spec.bot == b));
        PlaytestColumns {
            rules,
            runs: report.tallies.iter().map(|t| t.runs).max().unwrap_or(0),
            difficulty: report.difficulty().filter(|_| every_player),
            bots,
        }
    }

    /// The figure named `key`, when this playtest has it.
    pub fn number(&self, key: &str) -> Option<f64> {
        match key {
            DIFFICULTY => return self.difficulty,
            "playtest_runs" => return Some(self.runs as f64),
            _ => {}
        }
        self.bots.iter().find_map(|b| {
            let figure = key.strip_prefix(b.bot.id())?.strip_prefix('_')?;
            b.number(figure)
        })
    }
}

impl Serialize for PlaytestColumns {
    /// `playtest_rules`, `playtest_runs`, `difficulty` (when every player bot played), then each bot's
    /// figures in report order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("playtest_rules", self.rules)?;
        map.serialize_entry("playtest_runs", &self.runs)?;
        if let Some(difficulty) = self.difficulty {
            map.serialize_entry(DIFFICULTY, &difficulty)?;
        }
        for b in &self.bots {
            for figure in BOT_FIGURES {
                map.serialize_entry(&format!("{}_{figure}", b.bot.id()), &b.number(figure))?;
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;

    #[test]
    fn conditions_play_only_the_bots_they_name() {
        assert_eq!(bots_named(["rooms", "loot_ghost"]), Vec::<Bot>::new());
        assert_eq!(bots_named(["greedy_caught"]), vec![Bot::Greedy]);
        assert_eq!(
            bots_named(["speedrunner_loot", "ghost_seen"]),
            vec![Bot::Ghost, Bot::Speedrunner]
        );
        assert_eq!(
            bots_named(["difficulty"]),
            vec![Bot::Greedy, Bot::Cautious, Bot::Speedrunner]
        );
        assert_eq!(bots_named(["greedy_fame", "greedy"]), Vec::<Bot>::new());
        assert!(playtest_keys().len() == 1 + 4 * BOT_FIGURES.len());
    }

    /// The columns are the report's figures under their keys, and a key of a bot not played is none.
    #[test]
    fn columns_read_back_the_reports_figures() {
        let level = Recipe::campaign_level(3, 4).build().expect("a mansion");
        let plan = survey_plan(&[Bot::Greedy, Bot::Speedrunner], 6);
        let rules = rule_sets::of_level(&level);
        let course = Course::new(level.clone(), rules);
        let report = playtest(&course, &plan, &Cancel::new(), &|_| {}).expect("played");
        let columns =
            PlaytestColumns::measure(&level, None, &plan, &Cancel::new()).expect("played");
        assert_eq!(columns, PlaytestColumns::of(&report, rules.id()));
        let greedy = &report.tallies[0];
        assert_eq!(
            columns.number("greedy_caught"),
            Some(greedy.caught as f64 / 6.0)
        );
        assert_eq!(
            columns.number("greedy_seen"),
            Some(greedy.seen as f64 / 6.0)
        );
        assert_eq!(
            columns.number("greedy_loot"),
            Some(greedy.loot as f64 / 6.0)
        );
        assert_eq!(
            columns.number("difficulty"),
            None,
            "not every player bot played"
        );
        assert_eq!(columns.number("cautious_caught"), None);
        let json = serde_json::to_value(&columns).expect("JSON");
        assert_eq!(json["playtest_runs"], 6);
        assert_eq!(
            json["greedy_turns"].as_f64(),
            columns.number("greedy_turns")
        );
        assert!(json.get("cautious_caught").is_none());
    }

    #[test]
    fn the_difficulty_is_the_reports_over_every_player_bot() {
        let level = Recipe::campaign_level(3, 4).build().expect("a mansion");
        let plan = survey_plan(&bots_named(["difficulty"]), 3);
        let rules = rule_sets::of_level(&level);
        let report = playtest(
            &Course::new(level.clone(), rules),
            &plan,
            &Cancel::new(),
            &|_| {},
        )
        .expect("played");
        let columns =
            PlaytestColumns::measure(&level, None, &plan, &Cancel::new()).expect("played");
        assert!(report.difficulty().is_some());
        assert_eq!(columns.number("difficulty"), report.difficulty());
    }

    #[test]
    fn a_ghost_alone_gives_no_difficulty() {
        let level = Recipe::campaign_level(3, 1).build().expect("a mansion");
        let plan = survey_plan(&[Bot::Ghost], 2);
        let columns =
            PlaytestColumns::measure(&level, None, &plan, &Cancel::new()).expect("played");
        assert_eq!(columns.difficulty, None);
        assert!(columns.number("ghost_caught").is_some());
    }
}
