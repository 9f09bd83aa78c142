//! The patrol timeline: a turn of the guards' undisturbed patrols chosen with a slider, played or
//! stepped, and shown on the map (guards where they stand, what they watch, the light at that turn).
//!
//! The stealth analysis is computed once per document change; the timeline only asks it for the views
//! of one turn ([`TimelineFrame::new`], cheap) and keeps that frame until the turn changes, so scrubbing
//! and playing never recompute the analysis, and a frame that does not change turn builds nothing.

use egui::Ui;

use crate::analysis::stealth::Stealth;
use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::widgets::command_button;
use crate::app::state::EditorState;
use crate::paint::TimelineFrame;

/// Playback speeds offered, in turns per second.
pub const SPEEDS: [u32; 6] = [1, 2, 4, 8, 16, 32];

/// The timeline's settings and its frame cache.
#[derive(Clone, Debug)]
pub struct Timeline {
    /// Whether the timeline is shown; while it is, the map draws the guards where they stand at
    /// `turn` instead of at their starts.
    pub open: bool,
    /// The patrol turn shown, from 0 (every guard at its start) to the analysis's horizon.
    pub turn: usize,
    /// Whether the turns advance by themselves, at `speed`.
    pub playing: bool,
    /// Turns per second while playing.
    pub speed: u32,
    /// The part of a turn played since `turn` (0 to 1).
    progress: f32,
    /// The frame of `turn`, built on demand; cleared when the document changes.
    frame: Option<TimelineFrame>,
}

impl Default for Timeline {
    fn default() -> Self {
        Timeline {
            open: false,
            turn: 0,
            playing: false,
            speed: 4,
            progress: 0.0,
            frame: None,
        }
    }
}

impl Timeline {
    /// Goes to `turn`, within `0..=horizon`.
    pub fn set_turn(&mut self, turn: usize, horizon: usize) {
        self.turn = turn.min(horizon);
        self.progress = 0.0;
    }

    /// Opens the timeline and starts or pauses playback.
    pub fn play_or_pause(&mut self) {
        self.open = true;
        self.playing ^= true;
    }

    /// Opens the timeline and steps one turn forward or back, pausing playback.
    pub fn step(&mut self, forward: bool, horizon: usize) {
        self.open = true;
        self.playing = false;
        let turn = if forward {
            self.turn + 1
        } else {
            self.turn.saturating_sub(1)
        };
        self.set_turn(turn, horizon);
    }

    /// Plays `dt` seconds: whole turns move `turn` on (back to 0 after `horizon`), the rest is progress
    /// towards the next turn, so guards glide between cells.
    pub fn advance(&mut self, dt: f32, horizon: usize) {
        self.progress += dt.max(0.0) * self.speed as f32;
        while self.progress >= 1.0 {
            self.progress -= 1.0;
            self.turn = if self.turn >= horizon {
                0
            } else {
                self.turn + 1
            };
        }
    }

    /// Drops the cached frame: the analysis it came from has changed.
    pub fn invalidate(&mut self, horizon: usize) {
        self.frame = None;
        self.set_turn(self.turn, horizon);
    }

    /// Builds the frame of the current turn if the cache holds another one.
    pub fn refresh(&mut self, stealth: Option<&Stealth>) {
        let Some(stealth) = stealth.filter(|_| self.open) else {
            return;
        };
        if self.frame.as_ref().is_none_or(|f| f.turn != self.turn) {
            self.frame = Some(TimelineFrame::new(stealth, self.turn));
        }
        if let Some(frame) = &mut self.frame {
            frame.progress = if self.playing { self.progress } else { 0.0 };
        }
    }

    /// The frame to draw: the current turn's, when the timeline is open and refreshed.
    pub fn frame(&self) -> Option<&TimelineFrame> {
        self.frame
            .as_ref()
            .filter(|f| self.open && f.turn == self.turn)
    }
}

impl Timeline {}

impl Panel for Timeline {
    /// The timeline panel: turn slider, play/pause, steps and speed, and what the map shows at the turn.
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let Some(stealth) = state.analysis.map.stealth.as_ref() else {
            if state.analysing() {
                ui.weak(format!(
                    "Patrol timeline: {}",
                    crate::app::panels::describe::ANALYSING
                ));
            } else {
                ui.weak("No stealth analysis for this level.");
            }
            return;
        };
        // Every field named, so a new one cannot be forgotten here.
        let shown = self.frame();
        let Timeline {
            open: _,
            turn,
            playing,
            speed: current_speed,
            progress: _,
            frame: _,
        } = &*self;
        ui.horizontal(|ui| {
            ui.strong("Patrol timeline");
            command_button(ui, Command::StepBack, commands);
            let play = if *playing { "Pause" } else { "Play" };
            if ui
                .button(play)
                .on_hover_text(Command::PlayPause.tooltip())
                .clicked()
            {
                commands.push(Command::PlayPause);
            }
            command_button(ui, Command::StepForward, commands);
            let mut turn = *turn;
            ui.spacing_mut().slider_width = (ui.available_width() - 260.0).clamp(120.0, 700.0);
            let slider = ui.add(
                egui::Slider::new(&mut turn, 0..=stealth.horizon)
                    .text("Turn")
                    .clamping(egui::SliderClamping::Always),
            );
            if slider
                .on_hover_text(Command::SetTurn(0).description())
                .changed()
            {
                commands.push(Command::SetTurn(turn));
            }
            let mut speed = *current_speed;
            egui::ComboBox::from_label("Speed")
                .selected_text(format!("{speed} turns/s"))
                .show_ui(ui, |ui| {
                    for s in SPEEDS {
                        ui.selectable_value(&mut speed, s, format!("{s} turns/s"));
                    }
                });
            if speed != *current_speed {
                commands.push(Command::SetSpeed(speed));
            }
        });
        if let Some(frame) = shown {
            ui.weak(format!(
            "Turn {} of {}: {} guards, {} cells watched, {} cells lit (carried torches included). \
             The slowest patrol repeats every {} turns. Guards never react to the thief here.",
            frame.turn,
            stealth.horizon,
            frame.views.len(),
            frame.watched,
            frame.lit.len(),
            stealth.longest_period()
        ));
        }
    }
}
