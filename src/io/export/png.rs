//! The map picture: the editor's map painter ([`crate::paint`]) drawn on the CPU, with the chosen
//! overlays and nothing of the editor around it, so a PNG from the command line and one from the editor's
//! File ▸ Export are the same picture, in the editor's colours.

use std::io::Cursor;

use image::{ImageFormat, RgbaImage};

use crate::analysis::Overlay;
use crate::analysis::diff::Mark;
use crate::model::{Cell, Level, RoomId};
use crate::paint::{self, MapFacts, Overlays, Scene};

/// Pixels per cell at most: enough for the overlays' labels and the guards' numbers; large maps get
/// fewer so the picture stays within [`MAX_SIDE_PX`].
pub const CELL_PX: u32 = 32;
/// The longest side of a picture in pixels, unless the map has more cells than that (one pixel each).
pub const MAX_SIDE_PX: u32 = 2048;
/// The most cells a side of a pictured map may have (one pixel per cell).
pub const MAX_SIDE_CELLS: i32 = 16_384;

/// Pixels per cell for a map of `width × height` cells.
pub fn cell_px(width: i32, height: i32) -> u32 {
    let side = width.max(height).max(1) as u32;
    (MAX_SIDE_PX / side).clamp(1, CELL_PX)
}

/// What a picture may draw over the level besides its overlays: the editor's lock marks and a
/// comparison's marks (`mansion-forge diff --out`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks<'a> {
    /// Rooms drawn as locked in the editor: a dashed border and a small corner padlock badge.
    pub locked_rooms: &'a [RoomId],
    /// Cells marked as changed against another version of the level.
    pub changes: &'a [(Cell, Mark)],
}

/// The picture, or `None` for a map too large to picture (over [`MAX_SIDE_CELLS`] a side).
pub fn render(level: &Level, overlays: &[Overlay]) -> Option<RgbaImage> {
    render_marked(level, overlays, Marks::default())
}

/// The picture with `marks` drawn over the level, or `None` for a map too large to picture.
pub fn render_marked(level: &Level, overlays: &[Overlay], marks: Marks) -> Option<RgbaImage> {
    picture(level, overlays, marks, cell_px(level.width, level.height))
}

/// The picture with `cell_px` pixels per cell (at most [`CELL_PX`]): the same shapes drawn smaller,
/// for thumbnails and for tests that paint many levels.
///
/// # Examples
///
/// A small picture of a mansion with the room-graph overlay, four pixels a cell, encoded as PNG:
///
/// ```
/// use mansion_forge::analysis::Overlay;
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::io::export::png;
///
/// let level = Recipe::campaign_level(1, 0).build().expect("builds");
/// let picture = png::render_at(&level, &[Overlay::RoomGraph], 4).expect("small enough");
/// assert_eq!(picture.dimensions(), (level.width as u32 * 4, level.height as u32 * 4));
/// let bytes = png::encode(&picture).expect("encodes");
/// assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
/// // Pixels per cell are capped, so a big map still makes a picture of sensible size.
/// assert_eq!(png::cell_px(level.width, level.height), png::CELL_PX);
/// assert_eq!(png::cell_px(1000, 10), 2);
/// ```
pub fn render_at(level: &Level, overlays: &[Overlay], cell_px: u32) -> Option<RgbaImage> {
    picture(level, overlays, Marks::default(), cell_px.clamp(1, CELL_PX))
}

fn picture(level: &Level, overlays: &[Overlay], marks: Marks, cell_px: u32) -> Option<RgbaImage> {
    if level.width > MAX_SIDE_CELLS || level.height > MAX_SIDE_CELLS {
        return None;
    }
    let overlays = Overlays::of(overlays);
    let facts = MapFacts::for_overlays(level, overlays);
    let scene = Scene {
        diff: marks.changes,
        locked_rooms: marks.locked_rooms,
        ..Scene::picture(level, &facts, overlays)
    };
    Some(paint::picture(&scene, cell_px))
}

/// The picture as PNG bytes.
pub fn encode(image: &RgbaImage) -> Result<Vec<u8>, image::ImageError> {
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)?;
    Ok(bytes)
}
