//! The compare view: the level with its differences from another version marked on the map — the
//! level before the last regeneration, any step of the history, or another file — and a summary of
//! what changed. The differences are `analysis::diff`'s, the marks `paint::diff`'s, so the editor and
//! `mansion-forge diff` agree.
//!
//! The marks are recomputed when the document changes, so an edit made while comparing shows at once.

use std::path::Path;

use egui::Ui;

use crate::analysis::diff::Mark;
use crate::app::commands::command::Command;
use crate::app::map::comparison::Comparison;
use crate::app::panel::Panel;
use crate::app::state::{EditorState, MessageKind};
use crate::edit::Document;
use crate::generate::recipe::Recipe;
use crate::model::Level;
use crate::paint::diff::colour;

impl EditorState {
    /// Starts comparing with `reference`, saying what differs in the status bar.
    pub fn compare_with(&mut self, against: String, reference: Level) {
        let comparison = Comparison::new(against, reference, &self.doc.level);
        let first = comparison.summary().join("; ");
        self.say(
            MessageKind::Info,
            format!("comparing with {}: {first}", comparison.against),
        );
        self.comparison = Some(comparison);
    }

    /// Compares with the level before the last regeneration, re-roll or new recipe.
    pub fn compare_with_last_regeneration(&mut self) {
        match self.before_regeneration.clone() {
            Some(level) => {
                self.compare_with("the level before the last regeneration".into(), level);
            }
            None => self.say(
                MessageKind::Warning,
                "nothing to compare with: the level has not been regenerated since it was opened",
            ),
        }
    }

    /// Compares with the document as it was after `done` commands of the history (0: as opened).
    pub fn compare_with_step(&mut self, done: usize) {
        let (labels, undone) = self.history.entries();
        let label = match done {
            0 => "the level as opened".to_string(),
            n => {
                let all: Vec<&str> = labels.iter().chain(&undone).copied().collect();
                let what = all.get(n - 1).copied().unwrap_or("?");
                format!("step {n} ({what})")
            }
        };
        match self.history.version(done) {
            Some(doc) => {
                let level = doc.level.clone();
                self.compare_with(label, level);
            }
            None if done == labels.len() => self.compare_with(label, self.doc.level.clone()),
            None => self.say(MessageKind::Error, format!("no step {done} in the history")),
        }
    }

    /// Compares with a seed-browser match: mansion `level` of game `game_seed` by the document's
    /// generator, built from its recipe by the document layer, as opening it would build it.
    pub fn compare_with_variant(&mut self, game_seed: u64, level: u32) {
        let recipe = Recipe::for_game(&self.doc.recipe.generator, game_seed, level);
        match Document::new(recipe) {
            Ok(doc) => {
                let name = format!("the seed browser's mansion {level} of game {game_seed}");
                self.compare_with(name, doc.level);
            }
            Err(e) => self.say(MessageKind::Error, format!("Cannot compare: {e}")),
        }
    }

    /// Compares with a level file or preset on disk.
    pub fn compare_with_file(&mut self, path: &Path) {
        match crate::app::files::open_save::read_document(path) {
            Ok(opened) => {
                let level = opened.loaded.document.level;
                self.compare_with(path.display().to_string(), level);
            }
            Err(e) => {
                let problem = crate::app::files::problems::open_problem(path, &e);
                let summary = format!("Cannot compare: {}", problem.summary);
                let problem = crate::app::files::problems::Problem { summary, ..problem };
                self.say_problem(MessageKind::Error, problem);
            }
        }
    }
}

/// The compare panel: what to compare with, and what differs.
#[derive(Default)]
pub struct ComparePanel;

impl Panel for ComparePanel {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        ui.heading("Compare");
        ui.horizontal_wrapped(|ui| {
            for cmd in [
                Command::CompareWithLastRegeneration,
                Command::CompareWithFile,
            ] {
                if ui
                    .button(cmd.label())
                    .on_hover_text(cmd.tooltip())
                    .clicked()
                {
                    commands.push(cmd);
                }
            }
        });
        let (done, undone) = state.history.entries();
        let steps = done.len() + undone.len();
        ui.horizontal(|ui| {
            let label = ui.label("History step");
            egui::ComboBox::from_id_salt("compare-step")
                .selected_text("choose…")
                .show_ui(ui, |ui| {
                    for n in 0..=steps {
                        let text = match n {
                            0 => "0. (opened)".to_string(),
                            n => format!(
                                "{n}. {}",
                                done.iter().chain(&undone).nth(n - 1).unwrap_or(&"")
                            ),
                        };
                        if ui.selectable_label(false, text).clicked() {
                            commands.push(Command::CompareWithStep(n));
                        }
                    }
                })
                .response
                .on_hover_text(Command::CompareWithStep(0).tooltip())
                .labelled_by(label.id);
        });
        let Some(comparison) = &state.comparison else {
            ui.weak("Mark on the map what differs from another version of this level.");
            return;
        };
        ui.label(format!("Compared with {}", comparison.against));
        for line in comparison.summary() {
            ui.label(line);
        }
        for (mark, what) in [
            (Mark::Terrain, "terrain changed"),
            (Mark::Added, "item, guard or start added"),
            (Mark::Removed, "item, guard or start removed"),
        ] {
            crate::app::panels::widgets::swatch(ui, colour(mark), what);
        }
        ui.weak("Dots: patrol-route cells added or removed.");
        ui.horizontal_wrapped(|ui| {
            for cmd in [Command::ShowSideBySide, Command::StopComparing] {
                if ui
                    .button(cmd.label())
                    .on_hover_text(cmd.tooltip())
                    .clicked()
                {
                    commands.push(cmd);
                }
            }
        });
    }
}
