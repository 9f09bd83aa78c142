//! The eframe editor: a map view with six analysis overlays, a patrol timeline, a generator panel, an
//! inspector, a validation panel and headless screenshots.
//!
//! [`run_editor`] and [`screenshot`] are the contract the CLI calls. The editor itself is [`Editor`], whose
//! [`Editor::show`] draws one frame into any [`egui::Ui`] — the same code runs in the eframe window, in the
//! `egui_kittest` tests, in the screenshot renderer and in the frame benchmark.
//!
//! The folders show the editor's parts: `commands/` (every user action, its words and keys, the
//! dispatcher, and the questions asked before an action with consequences), `map/` (the map view, the
//! camera, rulers and minimap, the hand-fix tools, the clipboard and the compare marks), `panels/` (the
//! panels and windows around the map, the legends, the timeline, the picker, the palette and the widgets
//! they share), `browser/` (the seed browser), `files/` (open, save, export and recovery, the file
//! dialogs, the platform folders, the session and settings, problems in a designer's words). At the top:
//! `editor` (one frame), `state` (the document with its history and view), `panel_set` (the panels' own
//! state), `cache` and `background` (the analysis, once per change, off the UI thread) and `screenshot`.
//! Colours are [`crate::paint::palette`]'s.

mod background;
mod browser;
mod cache;
mod commands;
mod editor;
mod files;
mod frame_log;
mod map;
mod panel;
mod panel_set;
mod panels;
mod screenshot;
mod source;
mod state;
mod worker;

use std::path::Path;

use crate::io::preset::BrokenEdits;

pub use crate::paint::CellToScreen;
pub use browser::search::Browser;
pub use browser::search::{Batch, Criterion, Match};
pub use commands::command::Command;
pub use commands::pending::{Answer, Confirmation, Confirmed, Pending, Replacement};
pub use editor::Editor;
pub use files::file_dialogs::FileDialogs;
pub use files::file_state::{FileState, PathPurpose, recovery_summary};
pub use files::native_dialog::DialogChoice;
pub use files::open_save::{Opened, level_document, read_document, read_document_with};
pub use files::places::{AppDirs, Platform};
pub use files::problems::{Problem, open_problem, size_in_words};
pub use files::settings::Settings;
pub use map::camera::Camera;
pub use map::comparison::Comparison;
pub use map::map_view::Frames;
pub use map::strokes::PaintMode;
pub use map::tool::{ITEMS, PAINTS, Tool};
pub use map::tools::ToolState;
pub use panel_set::{Layout, Panels};
pub use panels::campaign_panel::CampaignPanel;
pub use panels::findings::{Finding, Severity, level_findings};
pub use panels::palette::Palette;
pub use panels::param_fields::FieldValue;
pub use panels::picker::GeneratorPicker;
pub use panels::play_panel::PlayPanel;
pub use panels::play_words::event_text;
pub use panels::timeline::Timeline;
pub use screenshot::{
    SCREENSHOT_SIZE, ScreenshotRequest, Shown, editor_for_request, render_editor, save_editor,
};
pub use state::{
    Analysis, DEFAULT_PRESET, EditorState, Focus, MessageKind, Overlay, Overlays, Selection,
    Source, View,
};

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
            .with_min_inner_size([640.0, 420.0])
            .with_icon(window_icon()),
        // The window's size and place, and the panels' widths, come back as they were left.
        persist_window: true,
        // In the editor's own configuration folder, with its recent list (one folder per platform).
        persistence_path: AppDirs::current().map(|dirs| {
            dirs.adopt_earlier_files();
            let _ = std::fs::create_dir_all(&dirs.config);
            dirs.storage_file()
        }),
        ..Default::default()
    };
    eframe::run_native(
        "Mansion Forge",
        options,
        Box::new(move |cc| {
            let mut editor = Editor::new(state);
            editor.panels.file_dialogs = FileDialogs::for_window();
            if let Some(storage) = cc.storage {
                if let Some(layout) = eframe::get_value(storage, editor::LAYOUT_KEY) {
                    editor.panels.layout = layout;
                }
                if let Some(settings) = eframe::get_value(storage, files::settings::SETTINGS_KEY) {
                    editor.state.settings = settings;
                }
            }
            if !file_named {
                editor.state.reopen_last_file();
            }
            editor.size_window_to_screen = !files::session::window_was_kept(cc.storage);
            Ok(Box::new(editor))
        }),
    )
    .map_err(|e| anyhow::anyhow!("the editor window failed: {e}"))
}

/// The window's icon: the same picture the desktop launcher shows (`assets/icon.png`, installed beside
/// `assets/mansion-forge.desktop` by `scripts/package.sh`), built into the binary so a bare executable
/// has it too.
fn window_icon() -> std::sync::Arc<egui::IconData> {
    let png = include_bytes!("../../assets/icon.png");
    std::sync::Arc::new(eframe::icon_data::from_png_bytes(png).unwrap_or_default())
}

/// Renders the real editor to a PNG file.
pub fn screenshot(request: &ScreenshotRequest) -> anyhow::Result<()> {
    screenshot::save(request)
}

#[cfg(test)]
mod tests {
    /// A broken icon would fall back to none without a word: the built-in picture must decode.
    #[test]
    fn the_window_icon_is_the_256_pixel_picture() {
        let icon = super::window_icon();
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    }
}
