//! The Playtest section of the details panel: simulated thieves ([`crate::playtest`]) play the document's
//! level many times on other threads, and the section shows per bot how often it was caught and seen
//! (with 95 % intervals), the loot and turns, the mansion's difficulty, and a heat map on the map of where
//! thieves were caught or first seen. Any bot's run can be replayed in the Play view.
//!
//! A playtest belongs to one revision of the document: a change (an edit, a regeneration, another file)
//! cancels the one under way and, once the designer has started playtesting, starts it again on the
//! new level (see [`PlaytestPanel::follow`]). The panel never changes the document.

use std::task::Poll;

use egui::{Color32, Ui};

use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::widgets::command_button;
use crate::app::state::EditorState;
use crate::app::worker::Background;
use crate::generate::recipe::Recipe;
use crate::model::{Cell, Grid};
use crate::paint::palette;
use crate::play::RuleSet;
use crate::playtest::{Bot, BotSpec, Course, Plan, Report, Share, playtest};
use crate::survey::difficulty_curve;

/// Runs per bot unless the designer asks for more or fewer.
pub const DEFAULT_RUNS: usize = 40;
/// The most runs per bot the panel plays.
pub const MAX_PANEL_RUNS: usize = 2_000;

/// What the heat map on the map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heat {
    /// No heat map.
    Off,
    /// Where thieves were caught.
    #[default]
    Caught,
    /// Where thieves were first seen.
    FirstSeen,
}

/// The heat map the map draws: per cell a run count, and the colour.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatFrame {
    /// Runs per cell.
    pub counts: Grid<u32>,
    /// The most runs on one cell.
    pub most: u32,
    /// Caught (red) or first seen (amber).
    pub colour: Color32,
}

/// The Playtest section's state.
#[derive(Debug)]
pub struct PlaytestPanel {
    /// Runs per bot.
    pub runs: usize,
    /// The bots to play, each on or off.
    pub bots: Vec<(Bot, bool)>,
    /// What the map shows of the figures.
    pub heat: Heat,
    /// Whether the designer has started playtesting: a change of the document then starts it again.
    active: bool,
    /// The playtest under way, of a document revision.
    job: Option<Background<Report, u64>>,
    /// The last figures and the document revision they are of.
    report: Option<(Report, u64)>,
    /// The heat map drawn from them.
    frame: Option<HeatFrame>,
    /// A run's difficulty curve being played, with the run's title.
    curve_job: Option<Background<Vec<Option<f64>>, String>>,
    /// The last difficulty curve.
    curve: Option<Curve>,
}

/// A run's difficulty by mansion, in play order.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The run: "Mansions of game 1", "Daily run of 2026-03-14".
    pub title: String,
    /// Each mansion's difficulty, 0 to 1 (`None`: it did not build).
    pub points: Vec<Option<f64>>,
}

impl Default for PlaytestPanel {
    fn default() -> Self {
        PlaytestPanel {
            runs: DEFAULT_RUNS,
            bots: Bot::ALL.iter().map(|&b| (b, true)).collect(),
            heat: Heat::default(),
            active: false,
            job: None,
            report: None,
            frame: None,
            curve_job: None,
            curve: None,
        }
    }
}

impl PlaytestPanel {
    /// Starts playtesting the document's level under `rules`, cancelling a playtest under way.
    pub fn start(&mut self, state: &EditorState, rules: &'static dyn RuleSet) {
        let plan = self.plan();
        self.active = true;
        let level = state.level().clone();
        let job = Background::spawn(plan.total(), state.revision(), move |cancel, done| {
            playtest(&Course::new(level, rules), &plan, cancel, done)
        });
        self.job = Some(job);
    }

    /// Plays the difficulty curve of the run `title` whose mansions `recipes` make, with the bots and
    /// runs chosen, under the rules `rules` names (`None`: each level's own).
    pub fn start_curve(
        &mut self,
        title: String,
        recipes: Vec<Recipe>,
        rules: Option<&'static str>,
    ) {
        let plan = self.plan();
        let total = recipes.len();
        let job = Background::spawn(total, title, move |cancel, done| {
            difficulty_curve(&recipes, rules, &plan, cancel, done)
        });
        self.curve_job = Some(job);
    }

    /// The last difficulty curve, if any.
    pub fn curve(&self) -> Option<&Curve> {
        self.curve.as_ref()
    }

    /// The bots and runs chosen.
    fn plan(&self) -> Plan {
        let bots: Vec<BotSpec> = self
            .bots
            .iter()
            .filter(|(_, on)| *on)
            .map(|(b, _)| b.spec())
            .collect();
        Plan {
            bots,
            ..Plan::every_bot(self.runs.clamp(1, MAX_PANEL_RUNS))
        }
    }

    /// Takes in a finished curve; `true` while one is being played.
    fn poll_curve(&mut self) -> bool {
        let Some(ended) = self.curve_job.as_ref().map(Background::poll) else {
            return false;
        };
        let Poll::Ready(points) = ended else {
            return true;
        };
        if let Some(job) = self.curve_job.take() {
            self.curve = points.map(|points| Curve {
                title: job.key.clone(),
                points,
            });
        }
        false
    }

    /// Follows the document: figures of another revision are dropped, and a playtest under way or
    /// shown is started again on the new level.
    pub fn follow(&mut self, state: &EditorState, rules: &'static dyn RuleSet) {
        let revision = state.revision();
        let stale = |r: u64| r != revision;
        if self.job.as_ref().is_some_and(|j| stale(j.key)) {
            self.job = None;
        }
        if self.report.as_ref().is_some_and(|(_, r)| stale(*r)) {
            self.report = None;
            self.frame = None;
        }
        if self.active && self.job.is_none() && self.report.is_none() {
            self.start(state, rules);
        }
    }

    /// Takes in a finished playtest; `true` while one is under way (the editor then repaints).
    pub fn poll(&mut self) -> bool {
        let curving = self.poll_curve();
        let Some(ended) = self.job.as_ref().map(Background::poll) else {
            return curving;
        };
        let Poll::Ready(report) = ended else {
            return true;
        };
        let job = self.job.take();
        if let (Some(job), Some(report)) = (job, report) {
            self.report = Some((report, job.key));
            self.refresh_frame();
        }
        curving
    }

    /// Waits for the playtest under way (tests and screenshots, which have no frames to wait through).
    pub fn finish(&mut self) {
        if let Some((revision, Some(report))) = self.job.take().map(Background::wait) {
            self.report = Some((report, revision));
            self.refresh_frame();
        }
        if let Some((title, points)) = self.curve_job.take().map(Background::wait) {
            self.curve = points.map(|points| Curve { title, points });
        }
    }

    /// Shows `heat` on the map.
    pub fn show_heat(&mut self, heat: Heat) {
        self.heat = heat;
        self.refresh_frame();
    }

    /// Whether a playtest is under way.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The figures shown, if any.
    pub fn report(&self) -> Option<&Report> {
        self.report.as_ref().map(|(r, _)| r)
    }

    /// What the map draws of the figures.
    pub fn frame(&self) -> Option<&HeatFrame> {
        self.frame.as_ref()
    }

    fn refresh_frame(&mut self) {
        let heat = self.report().and_then(Report::heat);
        self.frame = heat.and_then(|(first_seen, caught)| {
            let (counts, colour) = match self.heat {
                Heat::Off => return None,
                Heat::Caught => (caught, palette::HEAT_CAUGHT),
                Heat::FirstSeen => (first_seen, palette::HEAT_FIRST_SEEN),
            };
            let most = counts.values().iter().copied().max().unwrap_or(0);
            (most > 0).then_some(HeatFrame {
                counts,
                most,
                colour,
            })
        });
    }
}

/// A share with its interval, as a whole percentage.
fn share_text(share: Share) -> String {
    format!(
        "{:.0}% ({:.0}–{:.0})",
        share.share * 100.0,
        share.low * 100.0,
        share.high * 100.0
    )
}

impl Panel for PlaytestPanel {
    fn ui(&mut self, ui: &mut Ui, _state: &EditorState, commands: &mut Vec<Command>) {
        egui::CollapsingHeader::new("Playtest")
            .default_open(true)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (bot, on) in &mut self.bots {
                        ui.checkbox(on, bot.id()).on_hover_text(bot.about());
                    }
                });
                ui.horizontal(|ui| {
                    let label = ui.label("Runs per bot");
                    ui.add(egui::DragValue::new(&mut self.runs).range(1..=MAX_PANEL_RUNS))
                        .labelled_by(label.id);
                    command_button(ui, Command::RunPlaytest, commands);
                });
                if let Some(job) = &self.job {
                    job.progress(ui, |done, total| format!("Playing run {done} of {total}"));
                }
                self.curve_ui(ui, commands);
                let Some(report) = self.report() else {
                    if self.job.is_none() {
                        ui.weak("Simulated thieves play the level by the game's rules.");
                    }
                    return;
                };
                let difficulty = report
                    .difficulty()
                    .map_or_else(|| "–".to_string(), |d| format!("{:.0}%", d * 100.0));
                ui.heading(format!("Difficulty {difficulty}"))
                    .on_hover_text("The share of runs caught, over every bot but the ghost");
                let mut replay = None;
                egui::Grid::new("playtest-figures")
                    .striped(true)
                    .show(ui, |ui| {
                        for head in ["bot", "caught", "seen", "loot", "turns", ""] {
                            ui.strong(head);
                        }
                        ui.end_row();
                        for tally in &report.tallies {
                            ui.label(tally.spec.bot.id())
                                .on_hover_text(tally.spec.bot.about());
                            if tally.runs == 0 {
                                ui.weak("no route to play");
                                ui.end_row();
                                continue;
                            }
                            ui.label(share_text(tally.caught_share()));
                            ui.label(share_text(tally.seen_share()));
                            ui.label(format!("{:.1} of {}", tally.mean_loot(), report.coins));
                            ui.label(format!("{:.0}", tally.mean_turns()));
                            if ui
                                .small_button("Replay")
                                .on_hover_text("Replay this bot's first run in the Play view")
                                .clicked()
                            {
                                replay = Some(tally.spec);
                            }
                            ui.end_row();
                        }
                    });
                if let Some(spec) = replay {
                    commands.push(Command::ReplayBotRun { spec, seed: 1 });
                }
                ui.horizontal(|ui| {
                    ui.label("Map:");
                    let mut heat = self.heat;
                    ui.radio_value(&mut heat, Heat::Caught, "caught here");
                    ui.radio_value(&mut heat, Heat::FirstSeen, "first seen here");
                    ui.radio_value(&mut heat, Heat::Off, "off");
                    if heat != self.heat {
                        self.show_heat(heat);
                    }
                });
            });
    }
}

impl PlaytestPanel {
    /// The run's difficulty curve: the button, the progress, the plot.
    fn curve_ui(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        command_button(ui, Command::PlaytestRun, commands);
        if let Some(job) = &self.curve_job {
            job.progress(ui, |done, total| {
                format!("{}: mansion {done} of {total}", job.key)
            });
        }
        let Some(curve) = &self.curve else {
            return;
        };
        ui.label(format!("{}: difficulty by mansion", curve.title));
        let points: Vec<[f64; 2]> = curve
            .points
            .iter()
            .enumerate()
            .filter_map(|(k, d)| Some([k as f64, (*d)? * 100.0]))
            .collect();
        egui_plot::Plot::new("playtest-curve")
            .height(150.0)
            .include_x(0.0)
            .include_x(curve.points.len().saturating_sub(1) as f64)
            .include_y(0.0)
            .include_y(100.0)
            .x_axis_label("mansion")
            .y_axis_label("caught %")
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.line(
                    egui_plot::Line::new("difficulty", points.clone()).color(palette::HEAT_CAUGHT),
                );
                plot.points(
                    egui_plot::Points::new("mansions", points)
                        .radius(3.5)
                        .color(palette::HEAT_CAUGHT),
                );
            });
    }
}

/// Paints the heat map: each cell with runs tinted by its share of the busiest cell's.
pub fn draw_heat(painter: &egui::Painter, t: &crate::paint::CellToScreen, frame: &HeatFrame) {
    let shape = frame.counts.shape();
    for (i, &n) in frame.counts.values().iter().enumerate() {
        if n == 0 {
            continue;
        }
        let cell: Cell = shape.cell(i);
        let strength = 0.25 + 0.6 * n as f32 / frame.most.max(1) as f32;
        painter.rect_filled(
            t.cell_rect(cell),
            egui::CornerRadius::ZERO,
            frame.colour.gamma_multiply(strength),
        );
    }
}
