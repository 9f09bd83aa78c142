//! Copy, cut and paste of a rectangle of cells with their items. The Select tool drags out the rectangle;
//! Ctrl+C copies its terrain and items (guards and routes stay: they belong to the whole level, not to
//! cells); Ctrl+X copies and takes the items away; Ctrl+V shows the copy under the pointer until a click
//! pastes it as one edit ([`Edit::Paste`]), held to the same placement rule as every other tool. Escape
//! drops the selection or the pending paste.
//!
//! The copy lives in the editor, so copy and paste work with no system clipboard at all (the Edit menu
//! has all three). It also goes onto the system clipboard as text ([`Clip::to_text`]), which makes
//! Ctrl+V work where the window hands a paste over only when that clipboard holds text, and lets a copy
//! travel between two editor windows; text from there is checked like any file ([`Clip::from_text`]).

use egui::{CornerRadius, Painter, Stroke, StrokeKind};
use serde::{Deserialize, Serialize};

use crate::edit::Edit;
use crate::model::limits::MAX_SIDE;
use crate::model::{Cell, ItemKind, Level, Terrain};
use crate::paint::{CellToScreen, palette};

/// The first line of a copy on the system clipboard, so other text is never taken for one.
const TEXT_HEADER: &str = "Mansion Forge cells";
/// The longest clipboard text read as a copy: a whole map at the largest size, with room to spare.
const MAX_TEXT_BYTES: usize = 16 << 20;

/// Copied cells, relative to the copy's south-west corner (its lowest x and y: y grows north).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clip {
    pub width: i32,
    pub height: i32,
    pub cells: Vec<((i32, i32), Terrain, Option<ItemKind>)>,
}

impl Clip {
    /// The cells of `level` in the rectangle with corners `a` and `b` (clipped to the map).
    pub fn copy(level: &Level, a: Cell, b: Cell) -> Option<Clip> {
        let (x0, y0, x1, y1) = bounds(level, a, b)?;
        let cells = (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| Cell::new(x, y)))
            .map(|c| {
                let item = level.item_at(c).map(|i| i.kind);
                ((c.x - x0, c.y - y0), level.terrain(c), item)
            })
            .collect();
        Some(Clip {
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
            cells,
        })
    }

    pub fn items(&self) -> usize {
        self.cells.iter().filter(|c| c.2.is_some()).count()
    }

    /// The copy as system-clipboard text: a header line, then the cells in RON.
    pub fn to_text(&self) -> String {
        let body = ron::to_string(self).unwrap_or_default();
        format!("{TEXT_HEADER}\n{body}")
    }

    /// A copy read back from system-clipboard text; `None` for any other text, and for a copy whose
    /// size or cells are out of range (the text may come from anywhere).
    pub fn from_text(text: &str) -> Option<Clip> {
        if text.len() > MAX_TEXT_BYTES {
            return None;
        }
        let body = text.strip_prefix(TEXT_HEADER)?;
        let clip: Clip = ron::from_str(body.trim()).ok()?;
        let sides = 1..=MAX_SIDE;
        let inside = |&((dx, dy), _, _): &((i32, i32), Terrain, Option<ItemKind>)| {
            (0..clip.width).contains(&dx) && (0..clip.height).contains(&dy)
        };
        let whole = sides.contains(&clip.width)
            && sides.contains(&clip.height)
            && clip.cells.len() == (clip.width * clip.height) as usize
            && clip.cells.iter().all(inside);
        whole.then_some(clip)
    }

    /// The clip with its south-west corner on `at`, clipped to the map, as cells.
    fn placed(
        &self,
        level: &Level,
        at: Cell,
    ) -> impl Iterator<Item = (Cell, Terrain, Option<ItemKind>)> {
        self.cells
            .iter()
            .map(move |&((dx, dy), t, item)| (at.offset(dx, dy), t, item))
            .filter(|(c, _, _)| level.in_bounds(*c))
    }

    /// The paste at `at` as one edit; `None` when no copied cell lands on the map.
    pub fn paste_at(&self, level: &Level, at: Cell) -> Option<Edit> {
        let cells: Vec<_> = self.placed(level, at).collect();
        (!cells.is_empty()).then_some(Edit::Paste { cells })
    }

    /// The paste under the pointer: each cell in its terrain's colour, items as dots, and an outline.
    pub fn draw_preview(&self, painter: &Painter, level: &Level, t: &CellToScreen, at: Cell) {
        for (cell, terrain, item) in self.placed(level, at) {
            let rect = t.cell_rect(cell);
            painter.rect_filled(
                rect,
                CornerRadius::ZERO,
                palette::with_alpha(palette::terrain(terrain), 190),
            );
            if let Some(kind) = item {
                let colour = match kind {
                    ItemKind::Coin => palette::COIN,
                    _ => palette::CLIP_ITEM,
                };
                painter.circle_filled(rect.center(), rect.width() * 0.2, colour);
            }
        }
        let corner = t.cell_rect(at).min;
        let size = egui::vec2(self.width as f32, self.height as f32) * t.cell;
        painter.rect_stroke(
            egui::Rect::from_min_size(corner, size),
            CornerRadius::ZERO,
            Stroke::new(2.0, palette::SELECTION),
            StrokeKind::Outside,
        );
    }
}

/// The rectangle with corners `a` and `b` clipped to the map, as `(x0, y0, x1, y1)` inclusive.
fn bounds(level: &Level, a: Cell, b: Cell) -> Option<(i32, i32, i32, i32)> {
    let (x0, x1) = (a.x.min(b.x).max(0), a.x.max(b.x).min(level.width - 1));
    let (y0, y1) = (a.y.min(b.y).max(0), a.y.max(b.y).min(level.height - 1));
    (x0 <= x1 && y0 <= y1).then_some((x0, y0, x1, y1))
}

/// The edit that takes the movable items off the rectangle with corners `a` and `b` — what a cut
/// leaves behind. Doors and portcullises stay: they belong to their walls, and a mansion has no empty
/// terrain to leave, so the terrain stays too. `None` when there is nothing to take away.
pub fn take_items(level: &Level, a: Cell, b: Cell) -> Option<Edit> {
    let (x0, y0, x1, y1) = bounds(level, a, b)?;
    let cells: Vec<Cell> = level
        .items
        .iter()
        .filter(|it| (x0..=x1).contains(&it.cell.x) && (y0..=y1).contains(&it.cell.y))
        .filter(|it| !matches!(it.kind, ItemKind::Door(_) | ItemKind::Portcullis(_)))
        .map(|it| it.cell)
        .collect();
    (!cells.is_empty()).then_some(Edit::ClearItems { cells })
}

/// Outlines the selected rectangle (corners `a` and `b`).
pub fn draw_selection(painter: &Painter, t: &CellToScreen, a: Cell, b: Cell) {
    let rect = t
        .cell_rect(Cell::new(a.x.min(b.x), a.y.min(b.y)))
        .union(t.cell_rect(Cell::new(a.x.max(b.x), a.y.max(b.y))));
    painter.rect_filled(
        rect,
        CornerRadius::ZERO,
        palette::with_alpha(palette::SELECTION, 40),
    );
    let dashes = egui::Shape::dashed_line(
        &[
            rect.left_top(),
            rect.right_top(),
            rect.right_bottom(),
            rect.left_bottom(),
            rect.left_top(),
        ],
        Stroke::new(1.5, palette::SELECTION),
        6.0,
        4.0,
    );
    painter.extend(dashes);
}
