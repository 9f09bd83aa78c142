//! Starting where the designer left off: the window sized to the screen the first time (afterwards eframe
//! brings back the size and place it was left at), the panels as they were, and — when the designer
//! asks for it — the last file reopened.

use crate::app::state::EditorState;
use egui::{Context, ViewportCommand};

/// The key eframe keeps the window's size and place under: absent on the very first start.
const WINDOW_KEY: &str = "window";
/// The share of the screen a first window takes, leaving the desktop's bars and a margin.
const FIRST_WINDOW_SHARE: f32 = 0.9;

/// Whether eframe has a window size and place from an earlier session.
pub fn window_was_kept(storage: Option<&dyn eframe::Storage>) -> bool {
    storage.is_some_and(|s| s.get_string(WINDOW_KEY).is_some())
}

/// Sizes the window to the screen it is on, centred, once the screen's size is known; true when done.
pub fn size_window_to_screen(ctx: &Context) -> bool {
    let Some(monitor) = ctx.input(|i| i.viewport().monitor_size) else {
        return false;
    };
    let size = (monitor * FIRST_WINDOW_SHARE).max(egui::vec2(640.0, 420.0));
    ctx.send_viewport_cmd(ViewportCommand::InnerSize(size));
    let corner = ((monitor - size) / 2.0).max(egui::Vec2::ZERO);
    ctx.send_viewport_cmd(ViewportCommand::OuterPosition(corner.to_pos2()));
    true
}

impl EditorState {
    /// Opens the most recent file when the designer asked for that at start; a file that no longer
    /// opens leaves the default mansion, and the status bar says why.
    pub fn reopen_last_file(&mut self) {
        if !self.settings.reopen_last_file {
            return;
        }
        if let Some(path) = self.files.recent.first().cloned() {
            self.open_path(&path);
        }
    }
}
