//! The eframe editor: a map view with six analysis overlays, a patrol timeline, a generator panel, an
//! inspector, a validation panel and headless screenshots.
//!
//! [`run_editor`] and [`screenshot`] are the contract the CLI calls. The editor itself is [`Editor`], whose
//! [`Editor::show`] draws one frame into any [`egui::Ui`] — the same code runs in the eframe window, in the
//! `egui_kittest` tests, in the screenshot renderer and in the frame benchmark.
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
mod daily_panel;
mod describe;
mod dialogs;
mod dispatch;
mod edit_panels;
mod editor;
mod file_dialog;
mod file_dialogs;
mod file_state;
mod files;
mod findings;
mod histogram;
mod legend;
mod level_seed_panel;
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
mod play_panel;
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

use std::path::Path;

use crate::io::preset::BrokenEdits;

pub use crate::paint::CellToScreen;
pub use browser::Browser;
pub use browser::{Batch, Criterion, Match};
pub use camera::Camera;
pub use campaign_panel::CampaignPanel;
pub use commands::Command;
pub use comparison::Comparison;
pub use editor::Editor;
pub use file_dialogs::FileDialogs;
pub use file_state::{FileState, PathPurpose, recovery_summary};
pub use files::{Opened, level_document, read_document, read_document_with};
pub use findings::{Finding, Severity, level_findings};
pub use map_view::Frames;
pub use native_dialog::DialogChoice;
pub use palette::Palette;
pub use panel_set::{Layout, Panels};
pub use pending::{Answer, Confirmation, Confirmed, Pending, Replacement};
pub use picker::GeneratorPicker;
pub use places::{AppDirs, Platform};
pub use play_panel::{PlayPanel, event_text};
pub use problems::{Problem, open_problem, size_in_words};
pub use screenshot::{
    SCREENSHOT_SIZE, ScreenshotRequest, Shown, editor_for_request, render_editor, save_editor,
};
pub use settings::Settings;
pub use state::{
    Analysis, DEFAULT_PRESET, EditorState, Focus, MessageKind, Overlay, Overlays, Selection,
    Source, View,
};
pub use strokes::PaintMode;
pub use timeline::Timeline;
pub use tool::{ITEMS, PAINTS, Tool};
pub use tools::ToolState;

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
