//! The editor itself: one frame joins the document's state and the panels' own — keys and panels push
//! [`Command`]s, the dispatcher carries them out, and the panels follow the document's changes.

use egui::{Key, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::dialogs;
use crate::app::commands::dispatch;
use crate::app::commands::keys;
use crate::app::files::file_state::PathPurpose;
use crate::app::files::session;
use crate::app::files::settings;
use crate::app::frame_log::FrameLog;
use crate::app::map::clipboard;
use crate::app::map::map_view;
use crate::app::map::side_by_side;
use crate::app::map::strokes;
use crate::app::map::tool::Tool;
use crate::app::panel::Panel;
use crate::app::panel_set::Panels;
use crate::app::panels::chrome;
use crate::app::state::{EditorState, MessageKind};

/// The editor application: the document's state and the panels' own, and the frame that joins them.
pub struct Editor {
    /// The document, the view and the selection.
    pub state: EditorState,
    /// Each panel's and window's own state.
    pub panels: Panels,
    /// The first start on this machine: the window takes most of the screen once its size is known.
    pub size_window_to_screen: bool,
    /// The window's frame times, printed when asked for ([`crate::app::frame_log::ENV`]).
    frame_log: Option<FrameLog>,
}

impl Editor {
    /// The editor on `state`, its panels fresh.
    pub fn new(state: EditorState) -> Self {
        let panels = Panels::new(&state);
        Editor {
            state,
            panels,
            size_window_to_screen: false,
            frame_log: FrameLog::from_env(),
        }
    }

    /// Carries out one command (see `dispatch`), as a menu, a key or the palette would.
    pub fn apply(&mut self, command: Command) {
        dispatch::apply(command, &mut self.state, &mut self.panels);
        self.follow();
    }

    /// The panels follow the document; a play-test the change ended says so in the status bar.
    fn follow(&mut self) {
        self.panels.side_by_side.follow_queue(&mut self.state);
        self.panels.follow(&self.state);
        if let Some(note) = self.panels.play.take_note() {
            self.state.say(MessageKind::Warning, note);
        }
    }

    /// Draws one frame into `ui` and carries out what the user asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.size_window_to_screen && session::size_window_to_screen(&ctx) {
            self.size_window_to_screen = false;
        }
        if self.state.poll_stealth() {
            ctx.request_repaint();
        }
        if self.state.analysing() {
            // Look for the result again soon, even with no input to wake the frame.
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.follow();
        let mut commands = Vec::new();
        keyboard(&ctx, &self.state, &mut self.panels, &mut commands);
        self.state.selection.hovered_loot = None;
        let timeline = &mut self.panels.timeline;
        if timeline.playing {
            let dt = ctx.input(|i| i.stable_dt).min(0.25);
            timeline.advance(dt, self.state.horizon());
            ctx.request_repaint();
        }
        timeline.refresh(self.state.analysis.map.stealth.as_ref());
        if self.panels.playtest.poll() || self.panels.until.running() {
            // Look for the figures and move the progress bar on, even with no input.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if let Some(seed) = self.panels.until.poll() {
            self.apply(Command::RegenerateWithSeed(seed));
        }
        if self.panels.play.auto_playing() {
            let dt = ctx.input(|i| i.stable_dt).min(0.25);
            self.panels.play.advance(&mut self.state, dt);
            ctx.request_repaint();
        }
        dialogs::on_dropped_files(&ctx, &mut self.state);
        panels_and_map(ui, &mut self.state, &mut self.panels, &mut commands);
        dialogs::modals(
            &ctx,
            &mut self.state,
            &mut self.panels.file_dialogs,
            &mut commands,
        );
        self.panels.palette.ui(ui, &self.state, &mut commands);
        if !commands.is_empty() {
            // The in-app file dialog is modal: keyboard shortcuts wait until it ends too.
            if self.panels.file_dialogs.open.is_none() {
                for command in commands {
                    self.apply(command);
                }
            }
            ctx.request_repaint();
        }
        dialogs::serve(&ctx, &mut self.state, &mut self.panels.file_dialogs);
        if let Some((purpose, path)) = self.panels.file_dialogs.play_path.take() {
            if purpose == PathPurpose::SavePlayThrough {
                self.panels.play.save_to(&mut self.state, &path);
            } else {
                self.panels.play.open_from(&mut self.state, &path);
            }
        }
        dialogs::on_close_request(&ctx, &mut self.state);
        dialogs::update_title(&ctx, &mut self.state);
        self.state.autosave();
        self.follow();
        if self.state.dirty {
            // Wake up for the next autosave even when the user is idle.
            ctx.request_repaint_after(std::time::Duration::from_secs(30));
        }
    }
}

/// The storage key of the [`Layout`].
pub const LAYOUT_KEY: &str = "layout";
/// Below this window width the details panel folds away by itself, so the map keeps room.
const NARROW: f32 = 1000.0;

/// The menu, the side panels, the status bar and the map.
fn panels_and_map(
    ui: &mut Ui,
    state: &mut EditorState,
    panels: &mut Panels,
    commands: &mut Vec<Command>,
) {
    egui::Panel::top("menu").show(ui, |ui| chrome::menu_bar(ui, state, panels, commands));
    egui::Panel::bottom("status").show(ui, |ui| chrome::status_bar(ui, state));
    if panels.play.playing() {
        egui::Panel::bottom("play").show(ui, |ui| panels.play.ui(ui, state, commands));
    }
    if panels.timeline.open {
        egui::Panel::bottom("timeline").show(ui, |ui| panels.timeline.ui(ui, state, commands));
    }
    panels.narrow = ui.available_width() < NARROW;
    if panels.layout.controls {
        egui::Panel::left("controls")
            .default_size(330.0)
            .size_range(240.0..=480.0)
            .show(ui, |ui| controls(ui, state, panels, commands));
    } else {
        folded(
            ui,
            "controls-folded",
            true,
            Command::ToggleControls,
            commands,
        );
    }
    if panels.details_shown() {
        egui::Panel::right("details")
            .default_size(330.0)
            .size_range(240.0..=520.0)
            .show(ui, |ui| details(ui, state, panels, commands));
    } else {
        folded(
            ui,
            "details-folded",
            false,
            Command::ToggleDetails,
            commands,
        );
    }
    let frames = map_view::Frames {
        timeline: panels.timeline.frame(),
        play: panels.play.frame(),
        heat: panels.playtest.frame(),
    };
    egui::CentralPanel::no_frame().show(ui, |ui| {
        let side = &mut panels.side_by_side;
        side_by_side::show(ui, state, side, &mut panels.tools, frames, commands);
    });
    if let Some(cell) = state.view.cursor_cell {
        panels.play.last_cell = Some(cell);
    }
    panels.browser.ui(ui, state, commands);
    panels.runs.ui(ui, state, commands);
    panels.level_seed.ui(ui, state, commands);
}

/// The controls panel: document, tools, overlays with their legends, and campaign, in one column
/// that scrolls.
fn controls(ui: &mut Ui, state: &EditorState, panels: &mut Panels, commands: &mut Vec<Command>) {
    panels.legends.timeline_open = panels.timeline.open;
    egui::ScrollArea::vertical().show(ui, |ui| {
        panels.document.ui(ui, state, commands);
        panels.picker.ui(ui, state, commands);
        ui.separator();
        panels.tools.ui(ui, state, commands);
        ui.separator();
        panels.overlays.ui(ui, state, commands);
        panels.legends.ui(ui, state, commands);
        ui.separator();
        panels.campaign.ui(ui, state, commands);
        panels.runs.list(ui, state, commands);
    });
}

/// The details panel: inspector, validation, history and compare.
fn details(ui: &mut Ui, state: &mut EditorState, panels: &mut Panels, commands: &mut Vec<Command>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        panels.inspector.ui(ui, state, commands);
        ui.separator();
        panels.validation.ui(ui, state, commands);
        ui.separator();
        panels.playtest.ui(ui, state, commands);
        ui.separator();
        panels.until.ui(ui, state, commands);
        ui.separator();
        panels.history.ui(ui, state, commands);
        ui.separator();
        panels.compare.ui(ui, state, commands);
    });
    state.selection.hovered_loot = panels.inspector.hovered_loot;
}

/// A folded side panel: a narrow strip with the button that opens it again.
fn folded(ui: &mut Ui, id: &str, left: bool, open: Command, commands: &mut Vec<Command>) {
    let panel = if left {
        egui::Panel::left(id.to_string())
    } else {
        egui::Panel::right(id.to_string())
    };
    panel.resizable(false).exact_size(26.0).show(ui, |ui| {
        let arrow = if left { ">" } else { "<" };
        if ui.button(arrow).on_hover_text(open.tooltip()).clicked() {
            commands.push(open);
        }
    });
}

impl eframe::App for Editor {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        self.show(ui);
        if let Some(log) = &mut self.frame_log {
            log.record(ui.ctx(), frame.info().cpu_usage);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, LAYOUT_KEY, &self.panels.layout);
        eframe::set_value(storage, settings::SETTINGS_KEY, &self.state.settings);
    }
}

/// Keyboard shortcuts from [`Command::key`], [`Command::shortcuts`] and [`Tool::key`], unless a text
/// field has the keyboard. Space is only "hold to pan": it never changes the document.
fn keyboard(
    ctx: &egui::Context,
    state: &EditorState,
    panels: &mut Panels,
    commands: &mut Vec<Command>,
) {
    // A prompt or the palette has the keyboard: shortcuts wait until it is answered.
    let prompting = state.files.pending.is_some()
        || state.confirm.is_some()
        || state.files.recovery_offer.is_some();
    if ctx.egui_wants_keyboard_input() || panels.palette.open || prompting {
        return;
    }
    let playing = panels.play.playing();
    if playing {
        ctx.input(|i| commands.extend(keys::play_keys_fired(i)));
    }
    ctx.input_mut(|i| {
        // The window turns Ctrl+C, Ctrl+X and Ctrl+V into copy, cut and paste events rather than keys;
        // a paste brings the system clipboard's text, which may be a copy from another window.
        for event in &i.events {
            match event {
                egui::Event::Copy => commands.push(Command::Copy),
                egui::Event::Cut => commands.push(Command::Cut),
                egui::Event::Paste(text) => {
                    if let Some(clip) = clipboard::Clip::from_text(text) {
                        panels.tools.clipboard = Some(clip);
                    }
                    commands.push(Command::Paste);
                }
                _ => {}
            }
        }
        for command in Command::with_shortcuts() {
            if command.shortcuts().iter().any(|s| i.consume_shortcut(s)) {
                commands.push(command);
            }
        }
    });
    ctx.input(|i| {
        if i.modifiers.ctrl || i.modifiers.alt || i.modifiers.command {
            return;
        }
        for command in Command::with_keys() {
            let Some(key) = command.key() else { continue };
            // While playing, the plain keys move the thief: only the play commands keep theirs.
            if playing && !command.keeps_its_key_while_playing() {
                continue;
            }
            let fired = match key {
                Key::Plus => i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                key => i.key_pressed(key),
            };
            if fired {
                commands.push(command);
            }
        }
        if playing {
            return;
        }
        for &tool in Tool::ALL {
            if i.key_pressed(tool.key()) && !i.modifiers.shift {
                commands.push(Command::SetTool(tool));
            }
        }
        // `[` and `]`: brush size.
        let step = i32::from(i.key_pressed(Key::CloseBracket))
            - i32::from(i.key_pressed(Key::OpenBracket));
        let (low, high) = (*strokes::BRUSH_SIZES.start(), *strokes::BRUSH_SIZES.end());
        panels.tools.brush = (panels.tools.brush + step).clamp(low, high);
    });
}
