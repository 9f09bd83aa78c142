//! Surveys of many mansions: build every mansion of a range of games, measure it (the `stats` figures,
//! the generator's own figures and, when asked, the stealth summary) and keep those that meet some
//! conditions. `stats`, `search` and the editor's seed browser all run this one implementation.
//!
//! It stands on both `generate` and `analysis`, which never import each other, so it is a module of its
//! own. Games are measured in parallel on rayon's pool, each thread taking the next game when it is free,
//! and their lines are handed on in seed and level order, so the output never depends on the number of
//! threads.

pub mod condition;
mod difficulty;
mod line;
pub mod listing;
mod ordered;
mod playtest_columns;

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::analysis::stats::level_stats;
use crate::analysis::stealth::Cancel;
use crate::generate::declare::ExactStream;
pub use crate::generate::figures::GeneratorFigures;
use crate::generate::recipe::Recipe;
use crate::generate::{campaign, registry};
use crate::model::Level;
use crate::play::rule_sets;
use crate::playtest::Plan;

pub use condition::{Condition, ConditionError, Op, Test};
pub use difficulty::difficulty_curve;
pub use line::{Figures, Line, STEALTH_KEYS, StealthColumns};
pub use playtest_columns::{
    BOT_FIGURES, DIFFICULTY, PlaytestColumns, SURVEY_RUNS, bots_named, playtest_keys, survey_plan,
};

/// Games a thread takes at a time: few, so the last ones spread over the threads, but enough that the
/// calling thread is not woken for every game.
const GAMES_PER_CHUNK: u64 = 4;
/// How many games each thread may start beyond the one the caller waits for: enough to keep every
/// thread busy past a slow game, few enough to bound memory.
const GAMES_AHEAD_PER_THREAD: u64 = 16;

/// The exact mode's game seed: mulberry32's state is 32 bits.
/// Which mansions a survey builds: the campaign's, or recipes from a function of (game seed, level).
#[derive(Clone, Copy)]
pub enum Mansions<'a> {
    /// The campaign's siheyuan mansions, built as the campaign plans them.
    Campaign,
    /// A game's exact mansions ([`ExactStream`]): each game drawn whole from its one stream.
    Exact(ExactStream),
    /// Another generator or other parameters: the recipe of each (game seed, level), or why not.
    Recipes(&'a (dyn Fn(u64, u32) -> Result<Recipe, String> + Sync)),
}

/// What to survey and how.
#[derive(Clone, Copy)]
pub struct Survey<'a> {
    /// The mansions each game of the survey has.
    pub mansions: Mansions<'a>,
    /// Append the stealth summary to each line.
    pub stealth: bool,
    /// The id of the rules the stealth summary follows; `None`: each level's own where the analysis
    /// models them (`play::rule_sets::for_analysis`).
    pub rules: Option<&'static str>,
    /// Play each mansion by this plan and append the playtest's columns (under `rules` where given,
    /// else the level's own); `None`: no playtest.
    pub playtest: Option<&'a Plan>,
    /// Threads to measure on; `None`: one per core.
    pub jobs: Option<usize>,
}

/// Watched by another thread: set `cancel` to stop soon; `games_done` counts finished games.
#[derive(Debug, Default)]
pub struct Progress {
    /// Set by the watching thread (the seed browser, when its search is stopped or replaced) so that no
    /// further game is started.
    pub cancel: AtomicBool,
    /// Games measured so far, whole games only; for a progress bar.
    pub games_done: AtomicU64,
}

impl Progress {
    /// Whether `cancel` has been set.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl Survey<'_> {
    /// The line of one mansion.
    pub fn line(&self, seed: u64, level: u32) -> Result<Line, String> {
        match self.mansions {
            Mansions::Campaign => self.campaign_line(&campaign::plan(seed), level),
            Mansions::Exact(stream) => {
                (stream.check_seed)(seed)?;
                if level as usize >= campaign::LEVELS {
                    return Err(format!("a campaign has no level {level}"));
                }
                let built = (stream.mansions)(seed, level)?
                    .pop()
                    .ok_or_else(|| format!("a campaign has no level {level}"))?;
                Ok(self.measure(&built.level, seed, GeneratorFigures::default()))
            }
            Mansions::Recipes(recipe_for) => {
                let recipe = recipe_for(seed, level)?;
                let (built, figures) = recipe.build_with_figures().map_err(|e| {
                    format!(
                        "{} could not build game {seed} level {level}: {e}",
                        recipe.generator.id()
                    )
                })?;
                Ok(self.measure(&built, seed, figures))
            }
        }
    }

    /// The line of mansion `level` of a campaign.
    fn campaign_line(&self, plan: &campaign::Campaign, level: u32) -> Result<Line, String> {
        let built = plan
            .generate(level)
            .ok_or_else(|| format!("a campaign has no level {level}"))?;
        Ok(self.measure(&built, plan.game_seed, GeneratorFigures::default()))
    }

    fn measure(&self, built: &Level, seed: u64, figures: GeneratorFigures) -> Line {
        Line {
            stats: level_stats(built, seed),
            figures,
            game_hash: registry::game_hash(built),
            stealth: self.stealth.then(|| {
                let rules = rule_sets::for_analysis(self.rules, built)
                    .map_or(rule_sets::BUILT_IN[0], |(rules, _)| rules);
                let summary = rules.summarize(built).unwrap_or_default();
                StealthColumns::of(&summary, rules.id())
            }),
            playtest: self
                .playtest
                .and_then(|plan| PlaytestColumns::measure(built, self.rules, plan, &Cancel::new())),
        }
    }

    /// The lines of every mansion of one game, in level order (a campaign planned once).
    fn game(&self, seed: u64) -> Result<Vec<Line>, String> {
        let levels = 0..campaign::LEVELS as u32;
        match self.mansions {
            Mansions::Campaign => {
                let plan = campaign::plan(seed);
                levels
                    .map(|level| self.campaign_line(&plan, level))
                    .collect()
            }
            Mansions::Exact(stream) => {
                (stream.check_seed)(seed)?;
                Ok((stream.mansions)(seed, campaign::LEVELS as u32 - 1)?
                    .iter()
                    .map(|built| self.measure(&built.level, seed, GeneratorFigures::default()))
                    .collect())
            }
            Mansions::Recipes(_) => levels.map(|level| self.line(seed, level)).collect(),
        }
    }

    /// Measures every mansion of the `count` games from seed `first` on (the last seed may be
    /// `u64::MAX`, which no `Range` reaches) on a pool of [`Survey::jobs`] threads and hands each
    /// line to `visit`, on the calling thread, in seed, then level, order; `visit` returns false to
    /// stop. When `progress` is cancelled no new game is started, and the games already started are
    /// still handed on whole. Returns the first error.
    ///
    /// Each thread takes the next game as soon as it is free (see the `ordered` module), while `visit` takes
    /// the lines on the calling thread, so printing and filtering do not leave the workers idle.
    pub fn run(
        &self,
        (first, count): (u64, u64),
        progress: &Progress,
        mut visit: impl FnMut(Line) -> bool,
    ) -> Result<(), String> {
        // On a pool's threads, so the stealth analysis's own parallel halves join inside the pool.
        // More threads than cores only cost their start-up (1,024 took 12 s): at most two per core.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.map_or(0, |jobs| jobs.min(2 * cores)))
            .build()
            .map_err(|e| format!("cannot start the worker threads: {e}"))?;
        let ahead = pool.current_num_threads() as u64 * GAMES_AHEAD_PER_THREAD;
        let measure = |index: u64| {
            let seed = first.wrapping_add(index);
            let game = AssertUnwindSafe(|| self.game(seed));
            let lines = std::panic::catch_unwind(game)
                .unwrap_or_else(|_| Err(format!("measuring game {seed} panicked")));
            progress.games_done.fetch_add(1, Ordering::Relaxed);
            lines
        };
        let mut outcome = Ok(());
        let mut take = |game: Result<Vec<Line>, String>| match game {
            Ok(lines) => lines.into_iter().all(&mut visit),
            Err(e) => {
                outcome = Err(e);
                false
            }
        };
        ordered::map_in_order(
            &pool,
            0..count,
            (GAMES_PER_CHUNK, ahead),
            &|| progress.cancelled(),
            &measure,
            &mut take,
        );
        outcome
    }

    /// The number keys of this survey's lines, sorted: those of a real line, so they are exactly what
    /// `stats` prints for these mansions.
    pub fn keys(&self, first_seed: u64) -> Result<Vec<String>, String> {
        Ok(self
            .line(first_seed, 0)?
            .to_json()
            .into_iter()
            // Conditions compare numbers: the words (`rules`, `game_hash`) are no keys of theirs. A
            // figure JSON writes as `null` (not finite) is a number still.
            .filter(|(_, value)| value.is_number() || value.is_null())
            .map(|(key, _)| key)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rerolls;
    use crate::generate::recipe::GeneratorParams;
    use crate::generate::registry;

    /// Each generator's recipes, as `stats --generator` makes them.
    fn recipes(generator: GeneratorParams) -> impl Fn(u64, u32) -> Result<Recipe, String> + Sync {
        move |seed, level| {
            Ok(Recipe {
                generator: generator.clone(),
                level,
                seed: campaign::level_seed(seed, level),
                rerolls: Rerolls::default(),
                exact: false,
            })
        }
    }

    /// A figure read off the fields is the number the printed line holds, for every key of every
    /// generator's lines with the stealth summary; a key the line lacks is no number.
    #[test]
    fn figures_are_the_numbers_of_the_printed_line() {
        let others: Vec<_> = registry::all()
            .into_iter()
            .filter(|kind| !kind.follows_campaign())
            .map(|kind| recipes(kind.defaults()))
            .collect();
        let surveys = std::iter::once(Mansions::Campaign)
            .chain(others.iter().map(|recipes| Mansions::Recipes(recipes)));
        let plan = Plan::every_bot(2);
        for mansions in surveys {
            let survey = Survey {
                mansions,
                stealth: true,
                rules: None,
                playtest: Some(&plan),
                jobs: Some(1),
            };
            for (seed, level) in [(3, 0), (4, 6), (5, 9)] {
                let line = survey.line(seed, level).expect("a line");
                let json = line.to_json();
                assert!(json.len() >= 34 + 2 + playtest_keys().len(), "{json:?}");
                for (key, value) in &json {
                    assert_eq!(line.number(key), value.as_f64(), "{key}");
                }
                assert_eq!(line.number("no_such_key"), None);
            }
        }
    }
}
