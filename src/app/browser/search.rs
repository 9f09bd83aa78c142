//! The seed browser: search many games of the document's generator for mansions that meet some
//! criteria, on a background thread (the editor stays responsive, with progress and cancel), and show
//! the matches as thumbnails with their figures; a click opens one as the document, undoably. The
//! criteria's histograms over the whole batch show how rare what the designer asks for is.
//!
//! The search is [`crate::survey`]'s, so it finds exactly what `mansion-forge search` finds.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use image::RgbaImage;

use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::io::export::png;
use crate::survey::{
    Condition, Figures, Line, Mansions, Progress, SURVEY_RUNS, Survey, Test, bots_named,
    playtest_keys, survey_plan,
};

/// Matches pictured at most (the rest are counted).
pub const THUMBNAILS: usize = 48;
/// Pixels per cell of a thumbnail.
const THUMBNAIL_CELL_PX: u32 = 4;

/// One criterion: `min ≤ key ≤ max`.
#[derive(Clone, Debug, PartialEq)]
pub struct Criterion {
    /// The survey figure measured, one of [`Browser::keys`] (e.g. `rooms`).
    pub key: String,
    /// The smallest value a match may have (inclusive).
    pub min: f64,
    /// The largest value a match may have (inclusive).
    pub max: f64,
}

impl Criterion {
    /// `key between min and max` (which nothing meets while the fields are upside down).
    fn condition(&self) -> Condition {
        Condition {
            key: self.key.clone(),
            test: Test::Between(self.min, self.max),
        }
    }
}

/// A mansion that met the criteria.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game the mansion belongs to; with `level` it is what
    /// [`Command::OpenVariant`](crate::app::Command::OpenVariant) opens.
    pub game_seed: u64,
    /// Which mansion of the game it is (0–9, as in the campaign).
    pub level: u32,
    /// The criteria keys' values, in criteria order.
    pub figures: Vec<(String, f64)>,
    /// The thumbnail, for the first `THUMBNAILS` matches.
    pub picture: Option<RgbaImage>,
}

/// What a finished (or cancelled) search found.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// Mansions measured.
    pub measured: usize,
    /// Every measured mansion's value of each criterion key, for the histograms.
    pub values: HashMap<String, Vec<f64>>,
    /// The first `THUMBNAILS` matches in search order; `matched` counts them all.
    pub matches: Vec<Match>,
    /// Matches found, pictured or not.
    pub matched: usize,
    /// True when the designer stopped the search early: the batch holds what was found until then.
    pub cancelled: bool,
}

/// A search under way.
pub struct Job {
    pub progress: Arc<Progress>,
    pub games: u64,
    result: Receiver<Result<Batch, String>>,
}

/// The browser's state.
#[derive(Default)]
pub struct Browser {
    /// Whether the browser window is shown; [`Command::ToggleBrowser`](crate::app::Command::ToggleBrowser)
    /// flips it.
    pub open: bool,
    /// How many games a search measures, every mansion of each; the window's field sets it.
    pub games: u64,
    /// The first game seed searched: a search covers `first_seed..first_seed + games`.
    pub first_seed: u64,
    /// Whether the search also runs the stealth analysis, which is slow but gives criteria its
    /// figures to use (lit and watched floor, hiding cells, ghost routes to loot).
    pub stealth: bool,
    /// The ranges a mansion must meet, all of them, to match.
    pub criteria: Vec<Criterion>,
    /// The keys a criterion may use: those of a real line of the document's generator, then the
    /// playtest's (a criterion on one plays its bots, [`SURVEY_RUNS`] runs each, on every mansion).
    pub keys: Vec<String>,
    /// The search under way, if any; [`Browser::poll`] takes its result and clears it.
    pub job: Option<Job>,
    /// The last finished (or cancelled) search's result, drawn as thumbnails and histograms.
    pub batch: Option<Batch>,
    /// Why the last search or key lookup failed, shown in the window; a new search clears it.
    pub error: Option<String>,
    /// The matches ticked to compare side by side, as (game seed, level), at most two, in the order
    /// ticked.
    pub picked: Vec<(u64, u32)>,
    /// The matches' pictures uploaded to the GPU, by (game seed, level); dropped with each new batch.
    pub(crate) thumbnails: HashMap<(u64, u32), egui::TextureHandle>,
}

impl Browser {
    /// A closed browser set to search 200 games with one criterion every mansion meets (0–1000
    /// rooms), for the designer to narrow.
    pub fn new() -> Self {
        Browser {
            games: 200,
            criteria: vec![Criterion {
                key: "rooms".to_string(),
                min: 0.0,
                max: 1000.0,
            }],
            ..Default::default()
        }
    }

    /// Learns the keys criteria may use from a real line of `generator`'s mansions.
    pub fn refresh_keys(&mut self, generator: &GeneratorParams) {
        let recipe_for = |seed: u64, level: u32| Ok(Recipe::for_game(generator, seed, level));
        let survey = Survey {
            mansions: Browser::mansions(generator, &recipe_for),
            stealth: self.stealth,
            rules: None,
            playtest: None,
            jobs: None,
        };
        match survey.keys(self.first_seed) {
            Ok(keys) => self.keys = keys.into_iter().chain(playtest_keys()).collect(),
            Err(e) => self.error = Some(e),
        }
    }

    /// Opens or closes the window; opening learns the keys of the document's generator.
    pub fn toggle(&mut self, generator: &GeneratorParams) {
        self.open ^= true;
        if self.open {
            self.refresh_keys(generator);
        }
    }

    /// Starts a search of `generator`'s mansions with the criteria set.
    pub fn search(&mut self, generator: &GeneratorParams) {
        self.refresh_keys(generator);
        self.start(generator);
    }

    /// Whether a search is under way (its result not yet taken by [`Browser::poll`]).
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a search of `games` games from `first_seed` for mansions like the document's.
    pub fn start(&mut self, generator: &GeneratorParams) {
        self.cancel();
        let progress = Arc::new(Progress::default());
        let (send, result) = mpsc::channel();
        let job = Search {
            generator: generator.clone(),
            games: self.first_seed..self.first_seed.saturating_add(self.games),
            stealth: self.stealth,
            criteria: self.criteria.clone(),
        };
        let watched = Arc::clone(&progress);
        thread::spawn(move || {
            // The receiver may be gone (the search was replaced): nothing to tell then.
            let _ = send.send(job.run(&watched));
        });
        self.job = Some(Job {
            progress,
            games: self.games,
            result,
        });
        self.error = None;
    }

    /// Asks the search under way to stop; it still sends what it found so far, which
    /// [`Browser::poll`] then takes. Does nothing when no search runs.
    pub fn cancel(&mut self) {
        if let Some(job) = &self.job {
            job.progress.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes the search's result when it has finished; true when something changed.
    pub fn poll(&mut self) -> bool {
        let Some(job) = &self.job else {
            return false;
        };
        match job.result.try_recv() {
            Ok(Ok(batch)) => self.batch = Some(batch),
            Ok(Err(e)) => self.error = Some(e),
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => {
                self.error = Some("the search stopped unexpectedly".to_string());
            }
        }
        self.job = None;
        self.thumbnails.clear();
        true
    }

    /// The mansions a search measures: the campaign's, built as it plans them, for a generator that
    /// follows the campaign; else `recipe_for`'s.
    fn mansions<'a>(
        generator: &GeneratorParams,
        recipe_for: &'a (dyn Fn(u64, u32) -> Result<Recipe, String> + Sync),
    ) -> Mansions<'a> {
        if generator.kind().follows_campaign() {
            Mansions::Campaign
        } else {
            Mansions::Recipes(recipe_for)
        }
    }
}

/// A search's work, moved to its thread.
struct Search {
    generator: GeneratorParams,
    games: std::ops::Range<u64>,
    stealth: bool,
    criteria: Vec<Criterion>,
}

impl Search {
    fn run(&self, progress: &Progress) -> Result<Batch, String> {
        let recipe_for = |seed: u64, level: u32| Ok(Recipe::for_game(&self.generator, seed, level));
        let bots = bots_named(self.criteria.iter().map(|c| c.key.as_str()));
        let plan = survey_plan(&bots, SURVEY_RUNS);
        let survey = Survey {
            mansions: Browser::mansions(&self.generator, &recipe_for),
            stealth: self.stealth,
            rules: None,
            playtest: (!bots.is_empty()).then_some(&plan),
            jobs: None,
        };
        let conditions: Vec<Condition> = self.criteria.iter().map(Criterion::condition).collect();
        let keys = survey.keys(self.games.start)?;
        for condition in &conditions {
            condition.check_key(&keys).map_err(|e| e.to_string())?;
        }
        let mut batch = Batch::default();
        survey.run(
            (self.games.start, self.games.end - self.games.start),
            progress,
            |line: Line| {
                batch.measured += 1;
                for c in &self.criteria {
                    if let Some(v) = line.number(&c.key) {
                        batch.values.entry(c.key.clone()).or_default().push(v);
                    }
                }
                if conditions.iter().all(|c| c.holds(&line)) {
                    batch.matched += 1;
                    if batch.matches.len() < THUMBNAILS {
                        batch.matches.push(Match {
                            game_seed: line.stats.seed,
                            level: line.stats.level,
                            figures: self
                                .criteria
                                .iter()
                                .filter_map(|c| Some((c.key.clone(), line.number(&c.key)?)))
                                .collect(),
                            picture: None,
                        });
                    }
                }
                true
            },
        )?;
        batch.cancelled = progress.cancelled();
        for m in &mut batch.matches {
            let recipe = Recipe::for_game(&self.generator, m.game_seed, m.level);
            m.picture = recipe
                .build()
                .ok()
                .and_then(|level| png::render_at(&level, &[], THUMBNAIL_CELL_PX));
        }
        Ok(batch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_finds_what_its_criteria_ask_for_and_pictures_it() {
        let mut browser = Browser::new();
        browser.games = 6;
        browser.criteria = vec![Criterion {
            key: "rooms".into(),
            min: 20.0,
            max: 30.0,
        }];
        let generator = Recipe::campaign_level(0, 0).generator;
        browser.start(&generator);
        while !browser.poll() {
            thread::sleep(std::time::Duration::from_millis(5));
        }
        let batch = browser.batch.expect("a batch");
        assert_eq!(batch.measured, 60);
        assert_eq!(batch.values["rooms"].len(), 60);
        let expected = batch.values["rooms"]
            .iter()
            .filter(|&&r| (20.0..=30.0).contains(&r))
            .count();
        assert!(expected > 0);
        assert_eq!(batch.matched, expected);
        for m in &batch.matches {
            let level = crate::generate::campaign::plan(m.game_seed)
                .generate(m.level)
                .expect("a mansion");
            let rooms = crate::analysis::stats::level_stats(&level, m.game_seed).rooms;
            assert!((20..=30).contains(&rooms));
            assert_eq!(m.figures, vec![("rooms".to_string(), rooms as f64)]);
            assert!(m.picture.is_some());
        }
    }

    /// A criterion on a playtest figure plays its bot on every mansion: each match's greedy figure is
    /// what a playtest of that mansion by the same plan gives, and inside the range.
    #[test]
    fn a_difficulty_criterion_plays_the_mansions() {
        let generator = Recipe::campaign_level(0, 0).generator;
        let mut browser = Browser::new();
        browser.refresh_keys(&generator);
        assert!(browser.keys.iter().any(|k| k == "difficulty"));
        assert!(browser.keys.iter().any(|k| k == "greedy_caught"));
        browser.games = 1;
        browser.first_seed = 5;
        browser.criteria = vec![Criterion {
            key: "greedy_caught".into(),
            min: 0.1,
            max: 1.0,
        }];
        browser.start(&generator);
        while !browser.poll() {
            thread::sleep(std::time::Duration::from_millis(5));
        }
        let batch = browser.batch.expect("a batch");
        assert_eq!(batch.values["greedy_caught"].len(), 10);
        assert!(
            batch.matched > 0,
            "some mansion of game 5 catches the greedy thief"
        );
        let plan = crate::survey::survey_plan(&[crate::playtest::Bot::Greedy], SURVEY_RUNS);
        for m in &batch.matches {
            let level = crate::generate::campaign::plan(m.game_seed)
                .generate(m.level)
                .expect("a mansion");
            let columns = crate::survey::PlaytestColumns::measure(
                &level,
                None,
                &plan,
                &crate::analysis::stealth::Cancel::new(),
            )
            .expect("played");
            let caught = columns.number("greedy_caught").expect("greedy played");
            assert_eq!(m.figures, vec![("greedy_caught".to_string(), caught)]);
            assert!((0.1..=1.0).contains(&caught));
        }
    }
}
