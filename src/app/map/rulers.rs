//! Rulers along the map view's top and left edges, numbered in cells, with an arrow in the corner: a
//! designer reads a cell's coordinates at a glance and sees that y grows north (up the screen), as in
//! the game, the files and every message — the opposite of most image editors.

use egui::{Align2, Color32, CornerRadius, FontId, Painter, Rect, Shape, Stroke, pos2, vec2};

use crate::model::Cell;
use crate::paint::{CellToScreen, palette};

/// The top ruler's height and the left ruler's width, in points.
pub const TOP: f32 = 16.0;
pub const LEFT: f32 = 28.0;
/// Numbers closer together than this (points) are thinned out to every 2nd, 5th, 10th … cell.
const MIN_GAP_X: f32 = 30.0;
const MIN_GAP_Y: f32 = 18.0;
const STEPS: [i32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/// The smallest numbering step whose numbers stand at least `gap` points apart.
fn step(cell: f32, gap: f32) -> i32 {
    STEPS
        .into_iter()
        .find(|&s| s as f32 * cell >= gap)
        .unwrap_or(1000)
}

/// The part of the map view the map is fitted into: all of it but the rulers.
pub fn map_area(view: Rect) -> Rect {
    Rect::from_min_max(view.min + vec2(LEFT, TOP), view.max)
}

/// Draws both rulers along the edges of the map view `view` for a map of `width` × `height` cells.
pub fn draw(painter: &Painter, view: Rect, t: &CellToScreen, width: i32, height: i32) {
    let background = palette::with_alpha(palette::BACKGROUND, 225);
    let text = palette::RULER_TEXT;
    let tick = Stroke::new(1.0, palette::RULER_TICK);
    let font = FontId::proportional(10.0);
    let top = Rect::from_min_max(view.min, pos2(view.max.x, view.min.y + TOP));
    let left = Rect::from_min_max(view.min, pos2(view.min.x + LEFT, view.max.y));
    painter.rect_filled(top, CornerRadius::ZERO, background);
    painter.rect_filled(left, CornerRadius::ZERO, background);

    let sx = step(t.cell, MIN_GAP_X);
    for x in (0..width).filter(|x| x % sx == 0) {
        let centre = t.cell_rect(Cell::new(x, 0)).center().x;
        if centre < left.max.x + 4.0 || centre > view.max.x - 4.0 {
            continue;
        }
        painter.line_segment(
            [pos2(centre, top.max.y - 4.0), pos2(centre, top.max.y)],
            tick,
        );
        let at = pos2(centre, top.center().y - 1.0);
        painter.text(at, Align2::CENTER_CENTER, x.to_string(), font.clone(), text);
    }
    let sy = step(t.cell, MIN_GAP_Y);
    for y in (0..height).filter(|y| y % sy == 0) {
        let centre = t.cell_rect(Cell::new(0, y)).center().y;
        if centre < top.max.y + 4.0 || centre > view.max.y - 4.0 {
            continue;
        }
        painter.line_segment(
            [pos2(left.max.x - 4.0, centre), pos2(left.max.x, centre)],
            tick,
        );
        let at = pos2(left.max.x - 6.0, centre);
        painter.text(at, Align2::RIGHT_CENTER, y.to_string(), font.clone(), text);
    }
    corner(
        painter,
        Rect::from_min_size(view.min, vec2(LEFT, TOP)),
        text,
    );
}

/// The corner where the rulers meet: "y" with an arrow pointing up, the way y grows.
fn corner(painter: &Painter, rect: Rect, colour: Color32) {
    painter.rect_filled(rect, CornerRadius::ZERO, palette::BACKGROUND);
    let at = rect.center() + vec2(-5.0, 0.0);
    painter.text(
        at,
        Align2::CENTER_CENTER,
        "y",
        FontId::proportional(11.0),
        colour,
    );
    let x = rect.center().x + 5.0;
    let (tip, base) = (rect.top() + 2.0, rect.bottom() - 2.0);
    painter.line_segment(
        [pos2(x, base), pos2(x, tip + 3.0)],
        Stroke::new(1.5, colour),
    );
    painter.add(Shape::convex_polygon(
        vec![
            pos2(x, tip),
            pos2(x - 3.0, tip + 4.0),
            pos2(x + 3.0, tip + 4.0),
        ],
        colour,
        Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_thin_out_as_cells_shrink() {
        assert_eq!(step(40.0, MIN_GAP_X), 1);
        assert_eq!(step(16.0, MIN_GAP_X), 2);
        assert_eq!(step(5.0, MIN_GAP_X), 10);
        assert_eq!(step(0.01, MIN_GAP_X), 1000);
    }
}
