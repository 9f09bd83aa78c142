//! The marks of a comparison ([`crate::analysis::diff`]) over the newer level: each changed cell tinted
//! and framed in the colour of its change (a route's cells only dotted), on top of everything, so a
//! difference is never hidden under an overlay or a marker.

use egui::{Shape, Stroke, StrokeKind};

use super::palette;
use super::transform::CellToScreen;
use crate::analysis::diff::Mark;
use crate::model::Cell;

/// The colour of a mark: strong, for its frame.
pub fn colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Terrain => palette::DIFF_TERRAIN,
        Mark::Added | Mark::RouteAdded => palette::DIFF_ADDED,
        Mark::Removed | Mark::RouteRemoved => palette::DIFF_REMOVED,
    }
}

/// Tints and frames every marked cell.
pub fn draw(shapes: &mut Vec<Shape>, t: &CellToScreen, marks: &[(Cell, Mark)]) {
    let width = (t.cell * 0.12).clamp(1.0, 3.0);
    for &(cell, mark) in marks {
        if matches!(mark, Mark::RouteAdded | Mark::RouteRemoved) {
            let radius = (t.cell * 0.14).max(1.5);
            shapes.push(Shape::circle_filled(
                t.cell_centre(cell),
                radius,
                colour(mark),
            ));
            continue;
        }
        let rect = t.cell_rect(cell).shrink(width / 2.0);
        let strong = colour(mark);
        shapes.push(Shape::rect_filled(
            rect,
            0.0,
            palette::with_alpha(strong, 70),
        ));
        shapes.push(Shape::rect_stroke(
            rect,
            0.0,
            Stroke::new(width, strong),
            StrokeKind::Middle,
        ));
    }
}
