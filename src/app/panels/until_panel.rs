//! The Regenerate-until section of the details panel: a difficulty band and a try count, and
//! [`Command::RegenerateUntil`], which tries new seeds for the unlocked rooms on another thread (locks
//! and hand edits kept, each try played by the bots, [`crate::edit::until`]) until one gives a mansion
//! in the band. The seed found comes back as [`Command::RegenerateWithSeed`], one undoable
//! regeneration like any other; the panel never changes the document itself.
//!
//! A search belongs to one revision of the document: a change meanwhile stops it, since the seed it
//! would find was measured on a mansion that is no longer there.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::Poll;

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::widgets::command_button;
use crate::app::state::EditorState;
use crate::app::worker::Background;
use crate::edit::until::{Target, regenerate_until};
use crate::survey::{Condition, DIFFICULTY, SURVEY_RUNS, Test};

/// The most seeds one search tries.
pub const MAX_TRIES: usize = 1_000;

/// What a search came to: the seed found, if any, and the words for it.
#[derive(Debug)]
struct Found {
    seed: Option<u64>,
    words: String,
}

/// The Regenerate-until section's state.
#[derive(Debug)]
pub struct UntilPanel {
    /// The band's low end, in percent of runs caught.
    pub low: f64,
    /// The band's high end, in percent.
    pub high: f64,
    /// Seeds tried at most.
    pub tries: usize,
    /// The search under way, of a document revision.
    job: Option<Background<Found, u64>>,
    /// What the last search came to, in words.
    outcome: Option<String>,
}

impl Default for UntilPanel {
    fn default() -> Self {
        UntilPanel {
            low: 30.0,
            high: 50.0,
            tries: 50,
            job: None,
            outcome: None,
        }
    }
}

impl UntilPanel {
    /// The band as a condition on the survey's `difficulty` (a share, 0 to 1).
    pub fn condition(&self) -> Condition {
        Condition {
            key: DIFFICULTY.to_string(),
            test: Test::Between(self.low / 100.0, self.high / 100.0),
        }
    }

    /// Starts trying seeds from `first_seed` on the document, the thieves playing by the rules
    /// `rules` names; a search under way is stopped.
    pub fn start(&mut self, state: &EditorState, rules: &'static str, first_seed: u64) {
        let doc = state.doc.clone();
        let conditions = vec![self.condition()];
        let tries = self.tries.clamp(1, MAX_TRIES);
        self.outcome = None;
        self.job = Some(Background::spawn(
            tries,
            state.revision(),
            move |cancel, done| {
                let target = Target {
                    conditions: &conditions,
                    rules: Some(rules),
                    runs: SURVEY_RUNS,
                };
                let count = AtomicUsize::new(0);
                let tried = |_: &_| done(count.fetch_add(1, Ordering::Relaxed) + 1);
                let outcome = regenerate_until(&doc, (first_seed, tries), &target, cancel, &tried);
                if cancel.is_cancelled() {
                    return None;
                }
                Some(match outcome {
                    Err(e) => Found {
                        seed: None,
                        words: e.to_string(),
                    },
                    Ok(outcome) => match (&outcome.found, outcome.tries.last()) {
                        (Some(found), Some(last)) => Found {
                            seed: Some(found.recipe.seed),
                            words: format!(
                                "Seed {}: difficulty {:.0}% (try {} of at most {tries}); Undo goes back",
                                found.recipe.seed,
                                last.figures.as_ref().map_or(f64::NAN, |f| f[0]) * 100.0,
                                outcome.tries.len()
                            ),
                        },
                        _ => Found {
                            seed: None,
                            words: format!(
                                "No seed in {tries} tries was in the band: {}",
                                outcome.measured(&conditions)
                            ),
                        },
                    },
                })
            },
        ));
    }

    /// Follows the document: a search of another revision is stopped.
    pub fn follow(&mut self, state: &EditorState) {
        if self.job.as_ref().is_some_and(|j| j.key != state.revision()) {
            self.job = None;
            self.outcome = Some("Stopped: the document changed".to_string());
        }
    }

    /// Takes in a finished search: the seed it found, to regenerate with.
    pub fn poll(&mut self) -> Option<u64> {
        let Poll::Ready(found) = self.job.as_ref()?.poll() else {
            return None;
        };
        self.job = None;
        let found = found?;
        self.outcome = Some(found.words);
        found.seed
    }

    /// Waits for the search under way (tests, which have no frames to wait through): the seed found.
    pub fn finish(&mut self) -> Option<u64> {
        let (_, found) = self.job.take()?.wait();
        let found = found?;
        self.outcome = Some(found.words);
        found.seed
    }

    /// Whether a search is under way.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// What the last search came to, in words.
    pub fn outcome(&self) -> Option<&str> {
        self.outcome.as_deref()
    }
}

impl Panel for UntilPanel {
    fn ui(&mut self, ui: &mut Ui, _state: &EditorState, commands: &mut Vec<Command>) {
        egui::CollapsingHeader::new("Regenerate until")
            .default_open(true)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Difficulty from");
                    ui.add(
                        egui::DragValue::new(&mut self.low)
                            .range(0.0..=100.0)
                            .suffix("%"),
                    )
                    .labelled_by(label.id);
                    let label = ui.label("to");
                    ui.add(
                        egui::DragValue::new(&mut self.high)
                            .range(0.0..=100.0)
                            .suffix("%"),
                    )
                    .labelled_by(label.id);
                });
                ui.horizontal(|ui| {
                    let label = ui.label("Tries at most");
                    ui.add(egui::DragValue::new(&mut self.tries).range(1..=MAX_TRIES))
                        .labelled_by(label.id);
                    command_button(ui, Command::RegenerateUntil, commands);
                });
                if let Some(job) = &self.job {
                    job.progress(ui, |done, total| format!("Tried {done} of {total} seeds"));
                } else if let Some(words) = &self.outcome {
                    ui.label(words);
                } else {
                    ui.weak(
                        "New seeds for the unlocked rooms, each mansion played by the bots, until \
                         one is as hard as the band asks.",
                    );
                }
            });
    }
}
