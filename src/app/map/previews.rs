//! What a placing tool would do, shown before it does it: the item or waypoint being dragged drawn at
//! the cell under the pointer with a line back to where it came from, and any placement the rule of
//! [`crate::edit::placement`] refuses drawn in the warning colour with its reason beside it. The check
//! runs once per target cell, not once per frame.

use egui::{Align2, CornerRadius, FontId, Painter, Stroke, StrokeKind};

use crate::edit::Edit;
use crate::edit::placement::refusal;
use crate::model::{Cell, Level};
use crate::paint::{CellToScreen, palette};

/// A placement under the pointer: where from (for a drag), where to, and why it would be refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub from: Option<Cell>,
    pub to: Cell,
    pub refusal: Option<String>,
}

/// The preview of `edit`, reusing `last`'s verdict when it was for the same cells.
pub fn preview(
    level: &Level,
    last: Option<Preview>,
    from: Option<Cell>,
    to: Cell,
    edit: &Edit,
) -> Preview {
    match last {
        Some(p) if p.from == from && p.to == to => p,
        _ => Preview {
            from,
            to,
            refusal: refusal(level, edit),
        },
    }
}

/// Draws `preview`: the target cell outlined (in the warning colour with the reason when refused) and,
/// for a drag, a line from the source cell.
pub fn draw(painter: &Painter, t: &CellToScreen, preview: &Preview) {
    let colour = match preview.refusal {
        Some(_) => palette::WARNING,
        None => palette::SELECTION,
    };
    let target = t.cell_rect(preview.to);
    if let Some(from) = preview.from {
        painter.line_segment(
            [t.cell_centre(from), t.cell_centre(preview.to)],
            Stroke::new(2.0, palette::with_alpha(colour, 200)),
        );
        painter.rect_stroke(
            t.cell_rect(from),
            CornerRadius::ZERO,
            Stroke::new(1.0, palette::DRAG_FROM),
            StrokeKind::Inside,
        );
    }
    painter.rect_stroke(
        target.expand(1.0),
        CornerRadius::ZERO,
        Stroke::new(2.5, colour),
        StrokeKind::Outside,
    );
    if let Some(reason) = &preview.refusal {
        let at = target.right_top() + egui::vec2(6.0, -2.0);
        let galley = painter.layout_no_wrap(
            format!("Refused: {reason}"),
            FontId::proportional(13.0),
            palette::WARNING,
        );
        let back = Align2::LEFT_BOTTOM
            .anchor_size(at, galley.size())
            .expand(3.0);
        painter.rect_filled(back, CornerRadius::same(3), palette::TAG_BACKING);
        painter.galley(back.min + egui::vec2(3.0, 3.0), galley, palette::WARNING);
    }
}
