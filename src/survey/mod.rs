//! Surveys of many mansions: build every mansion of a range of games, measure it (the `stats` figures,
//! the generator's own figures and, when asked, the stealth summary) and keep those that meet some
//! conditions. `stats`, `search` and the editor's seed browser all run this one implementation.
//!
//! It stands on both `generate` and `analysis`, which never import each other, so it is a module of its
//! own. Games are measured in parallel on rayon's pool, in batches whose results are handed on in
//! seed and level order, so the output never depends on the number of threads.

pub mod condition;

use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::analysis::stats::{LevelStats, level_stats};
use crate::analysis::stealth::{Summary, analyze};
use crate::generate::campaign;
use crate::generate::figures::{growth_figures, hole_fraction};
use crate::generate::packed_mansion::PackedMansion;
use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::generate::tile_growth::TileGrowth;

pub use condition::{Condition, ConditionError, Op};

/// Games measured per thread per batch: enough to dwarf the cost of handing work out, small enough to
/// stream results and to notice a cancel soon.
const GAMES_PER_THREAD: u64 = 16;

/// One mansion's figures: the shared keys, then the generator's own, then the stealth summary when
/// asked for. Field order is the key order of `stats`' JSON lines.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    #[serde(flatten)]
    pub stats: LevelStats,
    #[serde(flatten)]
    pub figures: GeneratorFigures,
    #[serde(flatten)]
    pub stealth: Option<StealthColumns>,
}

impl Line {
    /// The line as a JSON object (its keys sorted, unlike the printed line's).
    pub fn to_json(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }

    /// The value of `key` as a number, if the line has it.
    pub fn value(&self, key: &str) -> Option<f64> {
        self.to_json().get(key).and_then(Value::as_f64)
    }
}

/// The generator-specific figures `stats` adds after the shared keys, where the generator has them.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GeneratorFigures {
    /// Packed mansion: enclosed unused plan squares per used square.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hole_fraction: Option<f64>,
    /// Tile growth: modules placed, their share of the grid, and closed-growth reopenings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modules: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fill: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reopens: Option<usize>,
}

/// The stealth summary without its `loot` key, which the shared keys already have.
#[derive(Clone, Debug, Serialize)]
pub struct StealthColumns {
    pub lit_floor_share: f64,
    pub watched_share: f64,
    pub never_watched_share: f64,
    pub hiding_cells: usize,
    pub loot_ghost: usize,
    pub ghost_route_turns: usize,
}

/// The keys the stealth summary adds (for "add --stealth" hints).
pub const STEALTH_KEYS: [&str; 6] = [
    "lit_floor_share",
    "watched_share",
    "never_watched_share",
    "hiding_cells",
    "loot_ghost",
    "ghost_route_turns",
];

impl From<Summary> for StealthColumns {
    fn from(s: Summary) -> Self {
        StealthColumns {
            lit_floor_share: s.lit_floor_share,
            watched_share: s.watched_share,
            never_watched_share: s.never_watched_share,
            hiding_cells: s.hiding_cells,
            loot_ghost: s.loot_ghost,
            ghost_route_turns: s.ghost_route_turns,
        }
    }
}

/// The figures of `recipe`'s generator, re-running its planning step (cheap next to the whole level).
pub fn figures(recipe: &Recipe) -> GeneratorFigures {
    match &recipe.generator {
        GeneratorParams::PackedMansion(params) => GeneratorFigures {
            hole_fraction: PackedMansion {
                params: params.clone(),
            }
            .plan(recipe.seed, &[])
            .ok()
            .map(|p| hole_fraction(&p.plan)),
            ..Default::default()
        },
        GeneratorParams::TileGrowth(params) => TileGrowth {
            params: params.clone(),
        }
        .grow(recipe.seed, &[])
        .map(|g| {
            let f = growth_figures(&g);
            GeneratorFigures {
                modules: Some(f.modules),
                fill: Some(f.fill),
                reopens: Some(f.reopens),
                ..Default::default()
            }
        })
        .unwrap_or_default(),
        GeneratorParams::Siheyuan { .. } | GeneratorParams::RogueGrid(_) => {
            GeneratorFigures::default()
        }
    }
}

/// Which mansions a survey builds: the campaign's, or recipes from a function of (game seed, level).
#[derive(Clone, Copy)]
pub enum Mansions<'a> {
    /// The campaign's siheyuan mansions, built as the campaign plans them.
    Campaign,
    /// Another generator or other parameters: the recipe of each (game seed, level), or why not.
    Recipes(&'a (dyn Fn(u64, u32) -> Result<Recipe, String> + Sync)),
}

/// What to survey and how.
#[derive(Clone, Copy)]
pub struct Survey<'a> {
    pub mansions: Mansions<'a>,
    /// Append the stealth summary to each line.
    pub stealth: bool,
    /// Threads to measure on; `None`: one per core.
    pub jobs: Option<usize>,
}

/// Watched by another thread: set `cancel` to stop soon; `games_done` counts finished games.
#[derive(Debug, Default)]
pub struct Progress {
    pub cancel: AtomicBool,
    pub games_done: AtomicU64,
}

impl Progress {
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl Survey<'_> {
    /// The lines of one mansion.
    pub fn line(&self, seed: u64, level: u32) -> Result<Line, String> {
        let (built, figures) = match self.mansions {
            Mansions::Campaign => {
                let built = campaign::plan(seed)
                    .generate(level)
                    .ok_or_else(|| format!("a campaign has no level {level}"))?;
                (built, GeneratorFigures::default())
            }
            Mansions::Recipes(recipe_for) => {
                let recipe = recipe_for(seed, level)?;
                let built = recipe.build().map_err(|e| {
                    format!(
                        "{} could not build game {seed} level {level}: {e}",
                        recipe.generator.id()
                    )
                })?;
                (built, figures(&recipe))
            }
        };
        Ok(Line {
            stats: level_stats(&built, seed),
            figures,
            stealth: self.stealth.then(|| analyze(&built).summary.into()),
        })
    }

    /// The lines of every mansion of one game, in level order.
    fn game(&self, seed: u64) -> Result<Vec<Line>, String> {
        (0..campaign::LEVELS as u32)
            .map(|level| self.line(seed, level))
            .collect()
    }

    /// Measures every mansion of the games `seeds` on a pool of [`Survey::jobs`] threads and hands each
    /// line to `visit`, on the calling thread, in seed, then level, order; `visit` returns false to
    /// stop. Stops early, between batches, when `progress` is cancelled. Returns the first error.
    ///
    /// Batches are pipelined: the pool measures the next batch while `visit` takes this one's lines,
    /// so printing and filtering do not leave the workers idle.
    pub fn run(
        &self,
        seeds: Range<u64>,
        progress: &Progress,
        mut visit: impl FnMut(Line) -> bool,
    ) -> Result<(), String> {
        // On a pool's threads, so the stealth analysis's own parallel halves join inside the pool.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.unwrap_or(0))
            .build()
            .map_err(|e| format!("cannot start the worker threads: {e}"))?;
        let batch = pool.current_num_threads() as u64 * GAMES_PER_THREAD;
        // Set when `visit` has had enough or a game failed: the measuring side stops at its next batch.
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            // One batch waits while the next is measured: memory stays bounded by two batches.
            let (batches, measured) = std::sync::mpsc::sync_channel(1);
            let done = &done;
            scope.spawn(move || {
                let mut start = seeds.start;
                while start < seeds.end && !progress.cancelled() && !done.load(Ordering::Relaxed) {
                    let end = start + (seeds.end - start).min(batch);
                    let games = pool.install(|| self.measure(start..end, progress));
                    if batches.send(games).is_err() {
                        return;
                    }
                    start = end;
                }
            });
            let outcome = hand_on(measured, &mut visit);
            done.store(true, Ordering::Relaxed);
            outcome
        })
    }

    /// The lines of the games `seeds`, measured in parallel on the current pool, in seed order.
    fn measure(&self, seeds: Range<u64>, progress: &Progress) -> Vec<Result<Vec<Line>, String>> {
        seeds
            .into_par_iter()
            .map(|seed| {
                let game = AssertUnwindSafe(|| self.game(seed));
                let lines = std::panic::catch_unwind(game)
                    .unwrap_or_else(|_| Err(format!("measuring game {seed} panicked")));
                progress.games_done.fetch_add(1, Ordering::Relaxed);
                lines
            })
            .collect()
    }

    /// The keys of this survey's lines, sorted: those of a real line, so they are exactly what
    /// `stats` prints for these mansions.
    pub fn keys(&self, first_seed: u64) -> Result<Vec<String>, String> {
        Ok(self
            .line(first_seed, 0)?
            .to_json()
            .keys()
            .cloned()
            .collect())
    }
}

/// The measured batches' lines to `visit`, in order, until it returns false, a game failed (its error)
/// or the batches end.
fn hand_on(
    measured: std::sync::mpsc::Receiver<Vec<Result<Vec<Line>, String>>>,
    visit: &mut impl FnMut(Line) -> bool,
) -> Result<(), String> {
    for games in measured {
        for game in games {
            for line in game? {
                if !visit(line) {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}
