//! The eframe editor: a map view with four analysis overlays, a generator panel, an inspector, a validation
//! panel and headless screenshots.
//!
//! [`run_editor`] and [`screenshot`] are the contract the CLI calls. The editor itself is [`Editor`], whose
//! [`Editor::show`] draws one frame into any [`egui::Ui`] — the same code runs in the eframe window, in the
//! egui_kittest tests, in the screenshot renderer and in the frame benchmark.
//!
//! Module map: `state` (level + cached analysis), `commands` (every user action), `camera` (cell ↔ screen),
//! `map_view` (terrain, items, actors, input), `overlays` and `legend`, `panels`, `findings` (validation
//! list), `describe` (names), `theme` (colours), `screenshot`.

mod camera;
mod commands;
mod describe;
mod findings;
mod legend;
mod map_view;
mod overlays;
mod panels;
mod patrol_overlay;
mod screenshot;
mod state;
mod theme;

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use egui::{Key, Ui};

pub use camera::{Camera, CellToScreen};
pub use commands::Command;
pub use findings::{Finding, Severity, level_findings};
pub use screenshot::{SCREENSHOT_SIZE, editor_for_request, render_editor};
pub use state::{Analysis, EditorState, Overlay, Overlays, Source};

use crate::model::Level;

/// What `mansion-forge screenshot` asks the editor to render.
#[derive(Clone, Debug)]
pub struct ScreenshotRequest {
    pub seed: u64,
    pub level: u32,
    /// Overlay names: `room-graph`, `distances`, `loot`, `patrols`, `all`, `none`.
    pub overlays: Vec<String>,
    /// Room to select so the inspector shows it.
    pub select_room: Option<usize>,
    pub out: PathBuf,
}

/// Opens the editor window, on `file` if given, else on the default mansion.
pub fn run_editor(file: Option<&Path>) -> anyhow::Result<()> {
    let state = match file {
        Some(path) => EditorState::from_file(load_level(path)?, path.display().to_string()),
        None => EditorState::new_default(),
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Mansion Forge")
            .with_inner_size([1400.0, 900.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Mansion Forge",
        options,
        Box::new(move |_cc| Ok(Box::new(Editor::new(state)))),
    )
    .map_err(|e| anyhow::anyhow!("the editor window failed: {e}"))
}

/// Renders the real editor to a PNG file.
pub fn screenshot(request: &ScreenshotRequest) -> anyhow::Result<()> {
    screenshot::save(request)
}

/// Reads a level saved as JSON (`.json`) or RON (`.ron`; other extensions try JSON, then RON).
pub fn load_level(path: &Path) -> anyhow::Result<Level> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let parsed = match ext {
        "ron" => ron::from_str(&text).map_err(anyhow::Error::from),
        "json" => serde_json::from_str(&text).map_err(anyhow::Error::from),
        _ => serde_json::from_str(&text)
            .or_else(|_| ron::from_str(&text))
            .map_err(anyhow::Error::from),
    };
    parsed.with_context(|| format!("{} is not a level file", path.display()))
}

/// The editor application.
pub struct Editor {
    pub state: EditorState,
}

impl Editor {
    pub fn new(state: EditorState) -> Self {
        Editor { state }
    }

    /// Draws one frame into `ui` and carries out what the user asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let mut commands = Vec::new();
        keyboard(ui.ctx(), &mut self.state, &mut commands);
        let state = &mut self.state;
        egui::Panel::top("menu").show(ui, |ui| panels::menu_bar(ui, state, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| panels::status_bar(ui, state));
        egui::Panel::left("controls")
            .default_size(330.0)
            .size_range(240.0..=480.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    panels::generator(ui, state, &mut commands);
                    ui.separator();
                    panels::overlays(ui, state, &mut commands);
                });
            });
        egui::Panel::right("details")
            .default_size(330.0)
            .size_range(240.0..=520.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    panels::inspector(ui, state, &mut commands);
                    ui.separator();
                    panels::validation(ui, state, &mut commands);
                });
            });
        egui::CentralPanel::no_frame().show(ui, |ui| map_view::show(ui, state, &mut commands));
        if !commands.is_empty() {
            for command in commands {
                self.state.apply(command);
            }
            ui.ctx().request_repaint();
        }
    }
}

impl eframe::App for Editor {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// Keyboard shortcuts from [`Command::key`], unless a text field has the keyboard.
///
/// Space doubles as "hold to pan", so Regenerate fires when Space is *released* without having panned.
fn keyboard(ctx: &egui::Context, state: &mut EditorState, commands: &mut Vec<Command>) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    ctx.input(|i| {
        if i.modifiers.ctrl || i.modifiers.alt || i.modifiers.command {
            return;
        }
        for command in Command::WITH_KEYS {
            let Some(key) = command.key() else { continue };
            let fired = match key {
                Key::Space => i.key_released(Key::Space) && !state.space_panned,
                Key::Plus => i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
                key => i.key_pressed(key),
            };
            if fired {
                commands.push(command);
            }
        }
        if i.key_released(Key::Space) {
            state.space_panned = false;
        }
    });
}
