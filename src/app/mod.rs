//! The eframe editor: a map view with six analysis overlays, a patrol timeline, a generator panel, an
//! inspector, a validation panel and headless screenshots.
//!
//! [`run_editor`] and [`screenshot`] are the contract the CLI calls. The editor itself is [`Editor`], whose
//! [`Editor::show`] draws one frame into any [`egui::Ui`] — the same code runs in the eframe window, in the
//! egui_kittest tests, in the screenshot renderer and in the frame benchmark.
//!
//! Module map: `state` (the edited document, its history and view settings), `replace` (replacing the
//! document only with consent), `confirm` (edits that ask first), `cache` (analysis computed once per
//! change), `commands` (every user action), `camera` (pan and zoom), `map_view` (input, tooltip, and the
//! map through the shared painter [`crate::paint`]), `rulers`, `tools` (hand-fix tools), `clipboard`,
//! `legend`, `panels` and `edit_panels`, `validation_panel`, `stealth_panels` (stealth legends and
//! inspector section), `timeline` (the patrol timeline), `picker` (generator and parameters), `files`
//! (open, save, export, recovery — all path-taking), `places` (each platform's folders), `session`
//! (window, settings, reopening the last file), `problems` and `lock_notes` (what went wrong and what
//! locks do, in a designer's words), `dialogs` (file dialogs and prompts), `native_dialog` (the system
//! dialog and whether it can be shown), `file_dialog` (the in-app fallback), `findings` (validation
//! list), `describe` (names), `screenshot`. Colours are [`crate::paint::palette`]'s.

mod background;
mod browser;
mod browser_view;
mod cache;
mod camera;
mod campaign_panel;
mod clipboard;
mod command_list;
mod commands;
mod compare;
mod comparison;
mod confirm;
mod describe;
mod dialogs;
mod dispatch;
mod edit_panels;
mod file_dialog;
mod file_state;
mod files;
mod findings;
mod histogram;
mod legend;
mod lock_notes;
mod map_view;
mod minimap;
mod native_dialog;
mod palette;
mod panel_set;
mod panels;
mod pending;
mod picker;
mod places;
mod previews;
mod problems;
mod replace;
mod rulers;
mod screenshot;
mod session;
mod settings;
mod state;
mod stealth_panels;
mod strokes;
mod timeline;
mod tool;
mod tools;
mod validation_panel;
mod widgets;

use std::path::{Path, PathBuf};

use egui::{Key, Ui};

use crate::io::preset::BrokenEdits;

pub use crate::paint::CellToScreen;
pub use browser::Browser;
pub use browser::{Batch, Criterion, Match};
pub use camera::Camera;
pub use campaign_panel::CampaignPanel;
pub use commands::Command;
pub use comparison::Comparison;
pub use dialogs::open_in_app_dialog;
pub use file_state::{FileState, PathPurpose, recovery_summary};
pub use files::{Opened, level_document, read_document, read_document_with};
pub use findings::{Finding, Severity, level_findings};
pub use native_dialog::DialogChoice;
pub use palette::Palette;
pub use panel_set::{Layout, Panels};
pub use pending::{Answer, Confirmation, Confirmed, Pending, Replacement};
pub use picker::GeneratorPicker;
pub use places::{AppDirs, Platform};
pub use problems::{Problem, open_problem, size_in_words};
pub use screenshot::{SCREENSHOT_SIZE, editor_for_request, render_editor, save_editor};
pub use settings::Settings;
pub use state::{
    Analysis, DEFAULT_PRESET, EditorState, Focus, MessageKind, Overlay, Overlays, Selection,
    Source, View,
};
pub use strokes::PaintMode;
pub use timeline::Timeline;
pub use tool::{ITEMS, PAINTS, Tool};
pub use tools::ToolState;

/// What `mansion-forge screenshot` asks the editor to render.
#[derive(Clone, Debug)]
pub struct ScreenshotRequest {
    pub seed: u64,
    pub level: u32,
    /// The overlays to show (names are read where they are typed: the command line's `--overlay`).
    pub overlays: Vec<Overlay>,
    /// Room to select so the inspector shows it.
    pub select_room: Option<usize>,
    pub out: PathBuf,
}

/// Opens the editor window, on `file` (a preset or a level file) if given, else on the default preset;
/// `broken` says whether a preset whose hand edit cannot be applied opens without it and the edits
/// after it, or is refused.
pub fn run_editor(file: Option<&Path>, broken: BrokenEdits) -> anyhow::Result<()> {
    let mut state = EditorState::new_default();
    state.files = FileState::for_window();
    state.analyse_in_background = true;
    if let Some(path) = file {
        let opened = match broken {
            BrokenEdits::Refuse => state.open_path(path),
            BrokenEdits::Skip => state.open_path_skipping_broken_edits(path),
        };
        // A preset with a broken hand edit opens the window with the question of leaving it out.
        if !opened && state.confirm.is_none() {
            anyhow::bail!("{}", state.message.take().unwrap_or_default());
        }
    }
    let file_named = file.is_some();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Mansion Forge")
            .with_app_id("mansion-forge")
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([640.0, 420.0]),
        // The window's size and place, and the panels' widths, come back as they were left.
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "Mansion Forge",
        options,
        Box::new(move |cc| {
            let mut editor = Editor::new(state);
            if let Some(storage) = cc.storage {
                if let Some(layout) = eframe::get_value(storage, LAYOUT_KEY) {
                    editor.panels.layout = layout;
                }
                if let Some(settings) = eframe::get_value(storage, settings::SETTINGS_KEY) {
                    editor.state.settings = settings;
                }
            }
            if !file_named {
                editor.state.reopen_last_file();
            }
            editor.size_window_to_screen = !session::window_was_kept(cc.storage);
            Ok(Box::new(editor))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the editor window failed: {e}"))
}

/// Renders the real editor to a PNG file.
pub fn screenshot(request: &ScreenshotRequest) -> anyhow::Result<()> {
    screenshot::save(request)
}

/// The editor application: the document's state and the panels' own, and the frame that joins them.
pub struct Editor {
    /// The document, the view and the selection.
    pub state: EditorState,
    /// Each panel's and window's own state.
    pub panels: Panels,
    /// The first start on this machine: the window takes most of the screen once its size is known.
    pub size_window_to_screen: bool,
}

impl Editor {
    /// The editor on `state`, its panels fresh.
    pub fn new(state: EditorState) -> Self {
        let panels = Panels::new(&state);
        Editor {
            state,
            panels,
            size_window_to_screen: false,
        }
    }

    /// Carries out one command (see `dispatch`), as a menu, a key or the palette would.
    pub fn apply(&mut self, command: Command) {
        dispatch::apply(command, &mut self.state, &mut self.panels);
        self.panels.follow(&self.state);
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
        self.panels.follow(&self.state);
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
        dialogs::on_dropped_files(&ctx, &mut self.state);
        panels_and_map(ui, &mut self.state, &mut self.panels, &mut commands);
        dialogs::modals(&ctx, &mut self.state, &mut commands);
        self.panels.palette.ui(&ctx, &self.state, &mut commands);
        if !commands.is_empty() {
            // The in-app file dialog is modal: keyboard shortcuts wait until it ends too.
            if self.state.files.builtin_dialog.is_none() {
                for command in commands {
                    self.apply(command);
                }
            }
            ctx.request_repaint();
        }
        dialogs::serve(&ctx, &mut self.state);
        dialogs::on_close_request(&ctx, &mut self.state);
        dialogs::update_title(&ctx, &mut self.state);
        self.state.autosave();
        self.panels.follow(&self.state);
        if self.state.dirty {
            // Wake up for the next autosave even when the user is idle.
            ctx.request_repaint_after(std::time::Duration::from_secs(30));
        }
    }
}

/// The storage key of the [`Layout`].
const LAYOUT_KEY: &str = "layout";
/// The most of the controls panel's height the legends take (they scroll within it).
const LEGEND_SHARE: f32 = 0.45;
/// Below this window width the details panel folds away by itself, so the map keeps room.
const NARROW: f32 = 1000.0;

/// The menu, the side panels, the status bar and the map.
fn panels_and_map(
    ui: &mut Ui,
    state: &mut EditorState,
    panels: &mut Panels,
    commands: &mut Vec<Command>,
) {
    egui::Panel::top("menu").show(ui, |ui| panels::menu_bar(ui, state, panels, commands));
    egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(ui, state));
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
            .show(ui, |ui| details(ui, state, commands));
    } else {
        folded(
            ui,
            "details-folded",
            false,
            Command::ToggleDetails,
            commands,
        );
    }
    let frame = panels.timeline.frame();
    egui::CentralPanel::no_frame().show(ui, |ui| {
        map_view::show(ui, state, &mut panels.tools, frame, commands)
    });
    panels.browser.window(ui.ctx(), commands);
}

/// The controls panel: document, tools, overlays and campaign, with the legends at the bottom.
fn controls(ui: &mut Ui, state: &EditorState, panels: &mut Panels, commands: &mut Vec<Command>) {
    // The legends at the bottom, as tall as they need up to a share of the panel, in a scroll area
    // of their own.
    let most = ui.available_height() * LEGEND_SHARE;
    let timeline_open = panels.timeline.open;
    egui::Panel::bottom("legend-panel")
        .resizable(false)
        .show(ui, |ui| {
            panels::legends(ui, state, timeline_open, commands, most)
        });
    egui::ScrollArea::vertical().show(ui, |ui| {
        edit_panels::document(ui, state, &mut panels.picker, commands);
        ui.separator();
        edit_panels::tools(ui, &mut panels.tools, commands);
        ui.separator();
        panels::overlays(ui, state, commands);
        ui.separator();
        panels.campaign.ui(ui, state, commands);
    });
}

/// The details panel: inspector, validation, history and compare.
fn details(ui: &mut Ui, state: &mut EditorState, commands: &mut Vec<Command>) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        state.selection.hovered_loot = panels::inspector(ui, state, commands);
        ui.separator();
        validation_panel::show(ui, state, commands);
        ui.separator();
        edit_panels::history(ui, state, commands);
        ui.separator();
        compare::panel(ui, state, commands);
    });
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
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
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
            let fired = match key {
                Key::Plus => i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                key => i.key_pressed(key),
            };
            if fired {
                commands.push(command);
            }
        }
        for tool in Tool::ALL {
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
