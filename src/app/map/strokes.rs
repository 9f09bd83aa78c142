//! Painting terrain the way a designer expects from a paint program: a brush stroke, a rectangle or a
//! flood fill is collected while the button is down, shown as a preview, and becomes *one* edit (one
//! history entry, one re-analysis) when the button goes up. The eyedropper picks the terrain or item
//! under the cursor into the pickers.

use std::collections::{HashSet, VecDeque};

use egui::{CornerRadius, Painter, Stroke, StrokeKind};

use crate::edit::placement::buries_door;
use crate::model::{Axis, Cell, Dir, Level, Terrain};
use crate::paint::{CellToScreen, palette};

/// How the paint tool lays terrain down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, strum::VariantArray)]
pub enum PaintMode {
    /// Click or drag: a square brush of `ToolState::brush` cells a side.
    #[default]
    Brush,
    /// Drag from one corner to the other.
    Rectangle,
    /// Click: every cell of the same terrain connected to the clicked one (4-neighbours).
    Fill,
}

impl PaintMode {
    /// Every mode, in the order the tools panel offers them.
    pub const ALL: &'static [PaintMode] = <PaintMode as strum::VariantArray>::VARIANTS;

    /// The mode's name on its button in the tools panel.
    pub fn label(self) -> &'static str {
        match self {
            PaintMode::Brush => "Brush",
            PaintMode::Rectangle => "Rectangle",
            PaintMode::Fill => "Fill",
        }
    }
}

/// Brush sizes offered (cells a side).
pub const BRUSH_SIZES: std::ops::RangeInclusive<i32> = 1..=7;

/// The cells of a square brush of `size` cells a side centred on `centre` (the extra cell of an even
/// size goes right and down).
pub fn brush_cells(centre: Cell, size: i32) -> impl Iterator<Item = Cell> {
    let size = size.clamp(*BRUSH_SIZES.start(), *BRUSH_SIZES.end());
    let low = (size - 1) / 2;
    (0..size).flat_map(move |dy| (0..size).map(move |dx| centre.offset(dx - low, dy - low)))
}

/// The cells on the straight line from `a` to `b`, both included: a fast drag skips cells between two
/// frames, and the stroke must not have gaps.
pub fn line_cells(a: Cell, b: Cell) -> Vec<Cell> {
    let steps = (b.x - a.x).abs().max((b.y - a.y).abs()).max(1);
    (0..=steps)
        .map(|i| {
            let f = i as f32 / steps as f32;
            Cell::new(
                a.x + ((b.x - a.x) as f32 * f).round() as i32,
                a.y + ((b.y - a.y) as f32 * f).round() as i32,
            )
        })
        .collect()
}

/// The cells of the rectangle with corners `a` and `b`, clipped to the map.
pub fn rectangle_cells(level: &Level, a: Cell, b: Cell) -> Vec<Cell> {
    let (x0, x1) = (a.x.min(b.x).max(0), a.x.max(b.x).min(level.width - 1));
    let (y0, y1) = (a.y.min(b.y).max(0), a.y.max(b.y).min(level.height - 1));
    (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| Cell::new(x, y)))
        .collect()
}

/// Every cell of the same terrain as `start` connected to it through 4-neighbours.
pub fn fill_cells(level: &Level, start: Cell) -> Vec<Cell> {
    if !level.in_bounds(start) {
        return Vec::new();
    }
    let terrain = level.terrain(start);
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut cells = Vec::new();
    while let Some(c) = queue.pop_front() {
        cells.push(c);
        for n in c.neighbours4() {
            if level.in_bounds(n) && level.terrain(n) == terrain && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    cells
}

/// Doors and windows take their orientation from the wall they are painted into: a door in a wall that
/// runs north–south is `Door(NS)`; a window faces the outdoor side (ground, grass or water) if it has one.
pub fn oriented(level: &Level, cell: Cell, terrain: Terrain) -> Terrain {
    let blocks = |dx: i32, dy: i32| {
        let c = cell.offset(dx, dy);
        level.in_bounds(c) && level.terrain(c).is_glyph_wall()
    };
    let wall_runs_ns = blocks(0, 1) || blocks(0, -1);
    let outdoor = |dx: i32, dy: i32| {
        let c = cell.offset(dx, dy);
        !level.in_bounds(c)
            || matches!(
                level.terrain(c),
                Terrain::Ground | Terrain::Grass | Terrain::Water
            )
    };
    match terrain {
        Terrain::Door(_) if wall_runs_ns => Terrain::Door(Axis::NS),
        Terrain::Door(_) => Terrain::Door(Axis::EW),
        Terrain::Window(_) if wall_runs_ns => {
            Terrain::Window(if outdoor(-1, 0) { Dir::W } else { Dir::E })
        }
        Terrain::Window(_) => Terrain::Window(if outdoor(0, -1) { Dir::S } else { Dir::N }),
        other => other,
    }
}

/// Draws the stroke being painted: each cell in its new terrain's colour, outlined; cells that would
/// bury a door item under a wall (which the placement rule refuses) are outlined in the warning colour.
pub fn paint_preview(
    painter: &Painter,
    level: &Level,
    t: &CellToScreen,
    stroke: &[(Cell, Terrain)],
) {
    for &(cell, terrain) in stroke {
        let rect = t.cell_rect(cell);
        painter.rect_filled(
            rect,
            CornerRadius::ZERO,
            palette::with_alpha(palette::terrain(terrain), 210),
        );
        let outline = if buries_door(level, cell, terrain) {
            Stroke::new(2.0, palette::WARNING)
        } else {
            Stroke::new(1.0, palette::STROKE_CELL_EDGE)
        };
        painter.rect_stroke(rect, CornerRadius::ZERO, outline, StrokeKind::Inside);
    }
}
