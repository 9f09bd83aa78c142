//! Headless screenshots of the real editor.
//!
//! The editor runs inside an `egui_kittest` [`Harness`] (the same eframe app as the window) and the harness
//! renders the frame with wgpu. Without a GPU wgpu picks Mesa's lavapipe, a CPU Vulkan driver (Debian
//! package `mesa-vulkan-drivers`, installed by `scripts/setup.sh`), so no display, X server or
//! GPU is needed and the output is deterministic.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use egui::{Vec2, vec2};
use egui_kittest::Harness;

use crate::app::editor::Editor;
use crate::app::state::Overlay;
use crate::app::state::{EditorState, Source};
use crate::edit::Document;

/// The mansion a screenshot shows.
#[derive(Clone, Debug)]
pub enum Shown {
    /// Mansion `level` (0–9) of game `seed`'s campaign, named so in the title and the Campaign panel.
    Campaign {
        /// The game seed.
        seed: u64,
        /// The mansion of that game.
        level: u32,
    },
    /// A document made already (a recipe built, a preset or level file read: the command line does
    /// that, so the editor shows any mansion a command names), and where it came from, which the title
    /// names.
    Document {
        /// The document.
        document: Box<Document>,
        /// Where it came from.
        source: Source,
    },
}

/// What `mansion-forge screenshot` asks the editor to render.
#[derive(Clone, Debug)]
pub struct ScreenshotRequest {
    /// The mansion to show.
    pub shown: Shown,
    /// The overlays to show (names are read where they are typed: the command line's `--overlay`).
    pub overlays: Vec<Overlay>,
    /// Room to select so the inspector shows it.
    pub select_room: Option<usize>,
    /// The PNG file to write.
    pub out: PathBuf,
}

/// The logical size of a screenshot in points (= pixels at scale 1).
pub const SCREENSHOT_SIZE: Vec2 = vec2(1600.0, 1200.0);

/// The editor as a screenshot request describes it, with its room checked.
pub fn editor_for_request(request: &ScreenshotRequest) -> anyhow::Result<Editor> {
    let mut state = match &request.shown {
        Shown::Campaign { seed, level } => EditorState::generated(*seed, *level)?,
        Shown::Document { document, source } => {
            EditorState::with_document(document.as_ref().clone(), source.clone())
        }
    };
    for &overlay in &request.overlays {
        state.view.overlays.set(overlay, true);
    }
    if let Some(room) = request.select_room {
        let rooms = state.level().rooms.len();
        if room >= rooms {
            anyhow::bail!(
                "there is no room {room}: this mansion has rooms 0–{}",
                rooms.saturating_sub(1)
            );
        }
        state.selection.room = Some(room);
    }
    Ok(Editor::new(state))
}

/// Runs the editor for a few frames at `size` and renders the last one on the CPU.
///
/// `egui_kittest` panics when wgpu finds no adapter at all; that becomes an error naming the fix.
pub fn render_editor(editor: Editor, size: Vec2) -> anyhow::Result<image::RgbaImage> {
    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        // Like the window, draw a box for a character the fonts lack (a file name, say) rather than fail.
        let mut harness = Harness::builder()
            .with_size(size)
            .allow_missing_glyphs()
            .wgpu()
            .build_eframe(move |_cc| editor);
        // Panel sizes settle on the second frame; the camera fits on the frame after that.
        harness.run_steps(3);
        harness.render()
    }));
    match rendered {
        Ok(Ok(image)) => Ok(image),
        Ok(Err(e)) => anyhow::bail!("rendering the editor failed: {e}"),
        Err(_) => anyhow::bail!(
            "no wgpu adapter to render with: install a CPU renderer with scripts/setup.sh \
             (Debian package mesa-vulkan-drivers)"
        ),
    }
}

/// Renders the request to its PNG file.
pub fn save(request: &ScreenshotRequest) -> anyhow::Result<()> {
    save_editor(editor_for_request(request)?, &request.out)
}

/// Renders an editor in any state (locks, tools, another generator) to a PNG file at
/// [`SCREENSHOT_SIZE`]; the documentation screenshots that a request cannot describe use this.
pub fn save_editor(editor: Editor, out: &Path) -> anyhow::Result<()> {
    let image = render_editor(editor, SCREENSHOT_SIZE)?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    image
        .save(out)
        .with_context(|| format!("cannot write {}", out.display()))
}
