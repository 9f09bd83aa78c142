//! One survey line (the figures of one mansion) and the [`Figures`] lookup that conditions read.
//!
//! Kept apart from the survey's root, which runs the survey and re-exports these, so that
//! [`condition`](super::condition) can name the figures it checks without importing the root that
//! imports it.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::analysis::stats::LevelStats;
use crate::analysis::stealth::Summary;
use crate::generate::figures::GeneratorFigures;

use super::playtest_columns::PlaytestColumns;

/// One mansion's figures: the shared keys, then the generator's own, then the stealth summary and the
/// playtest when asked for, in the key order of `stats`' JSON lines. A generator's figure named as a shared key
/// replaces the shared one in its place (the 2025 generator's `loot` counts purses, as the game's does).
#[derive(Clone, Debug)]
pub struct Line {
    /// The keys every generator's lines share (`seed`, `level`, `rooms`, `loot`, …).
    pub stats: LevelStats,
    /// The generator's own figures; empty for the campaign's siheyuan mansions.
    pub figures: GeneratorFigures,
    /// The game's own hash of the mansion (spec §14 of the 2025 generator), for a generator that
    /// re-implements a game's hash; printed after the figures, so a line names the very mansion.
    pub game_hash: Option<String>,
    /// The stealth analysis's summary, only when the survey was asked for it (it is the costly part).
    pub stealth: Option<StealthColumns>,
    /// The playtest's figures, only when the survey plays the mansions (costlier still).
    pub playtest: Option<PlaytestColumns>,
}

/// A line as printed: the shared and generator figures merged, then the stealth columns.
#[derive(Serialize)]
struct Printed<'a> {
    #[serde(flatten)]
    figures: Merged<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_hash: &'a Option<String>,
    #[serde(flatten)]
    stealth: &'a Option<StealthColumns>,
    #[serde(flatten)]
    playtest: &'a Option<PlaytestColumns>,
}

/// The shared keys in order, each replaced by the generator's figure of that name if it has one, then
/// the generator's other figures in order.
struct Merged<'a>(&'a Line);

impl Serialize for Merged<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Line { stats, figures, .. } = self.0;
        let shared = stats.entries();
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in shared {
            match figures.get(key) {
                Some(figure) => map.serialize_entry(key, &figure)?,
                None => map.serialize_entry(key, &value)?,
            }
        }
        for (key, figure) in &figures.0 {
            if !shared.iter().any(|(k, _)| k == key) {
                map.serialize_entry(key, figure)?;
            }
        }
        map.end()
    }
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Printed {
            figures: Merged(self),
            game_hash: &self.game_hash,
            stealth: &self.stealth,
            playtest: &self.playtest,
        }
        .serialize(serializer)
    }
}

impl Line {
    /// The line as a JSON object (its keys sorted, unlike the printed line's).
    pub fn to_json(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }
}

/// Where conditions look up figures: a survey line, or a line read back as JSON.
pub trait Figures {
    /// The figure named `key` as a number; `None` when the line has no such key, or holds no number
    /// there (JSON writes a non-finite figure as `null`).
    fn number(&self, key: &str) -> Option<f64>;
}

impl Figures for Line {
    /// Read off the fields, without building the JSON object: `search` and the seed browser ask this
    /// of every mansion they measure.
    fn number(&self, key: &str) -> Option<f64> {
        self.figures
            .number(key)
            .or_else(|| self.stats.number(key))
            .or_else(|| self.stealth.as_ref().and_then(|s| s.number(key)))
            .or_else(|| self.playtest.as_ref().and_then(|p| p.number(key)))
            .filter(|v| v.is_finite())
    }
}

impl Figures for Map<String, Value> {
    fn number(&self, key: &str) -> Option<f64> {
        self.get(key).and_then(Value::as_f64)
    }
}

/// The stealth summary without its `loot` key, which the shared keys already have.
#[derive(Clone, Debug, Serialize)]
pub struct StealthColumns {
    /// The id of the rule set the analysis followed (`play::rule_sets`).
    pub rules: &'static str,
    /// Share (0–1) of the cells the thief can stand on that the torches light as generated.
    pub lit_floor_share: f64,
    /// The same share once guards have relit the unlit torches they find (the settled light).
    pub lit_floor_share_settled: f64,
    /// Mean share (0–1) of the joint patrol cycle in which such a cell is watched.
    pub watched_share: f64,
    /// Share (0–1) of such cells no guard ever watches.
    pub never_watched_share: f64,
    /// Cells that hide the thief (a table or a bush).
    pub hiding_cells: usize,
    /// Coins with a ghost route: one the thief can take without ever being seen or heard.
    pub loot_ghost: usize,
    /// Turns of all ghost routes added up.
    pub ghost_route_turns: usize,
}

/// The keys the stealth summary adds (for "add --stealth" hints).
pub const STEALTH_KEYS: [&str; 7] = [
    "lit_floor_share",
    "lit_floor_share_settled",
    "watched_share",
    "never_watched_share",
    "hiding_cells",
    "loot_ghost",
    "ghost_route_turns",
];

impl StealthColumns {
    fn number(&self, key: &str) -> Option<f64> {
        match key {
            "lit_floor_share" => Some(self.lit_floor_share),
            "lit_floor_share_settled" => Some(self.lit_floor_share_settled),
            "watched_share" => Some(self.watched_share),
            "never_watched_share" => Some(self.never_watched_share),
            "hiding_cells" => Some(self.hiding_cells as f64),
            "loot_ghost" => Some(self.loot_ghost as f64),
            "ghost_route_turns" => Some(self.ghost_route_turns as f64),
            _ => None,
        }
    }
}

impl StealthColumns {
    /// The columns of summary `s`, made under the rules `rules`.
    pub fn of(s: &Summary, rules: &'static str) -> Self {
        StealthColumns {
            rules,
            lit_floor_share: s.lit_floor_share,
            lit_floor_share_settled: s.lit_floor_share_settled,
            watched_share: s.watched_share,
            never_watched_share: s.never_watched_share,
            hiding_cells: s.hiding_cells,
            loot_ghost: s.loot_ghost,
            ghost_route_turns: s.ghost_route_turns,
        }
    }
}
