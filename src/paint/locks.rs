//! Locked rooms on the map: a dashed border around the room and a padlock badge in its corner, both
//! sized in screen pixels with a floor so they stay visible at every zoom and in screenshots.

use egui::{CornerRadius, Pos2, Rect, Shape, Stroke, StrokeKind, pos2, vec2};

use super::Scene;
use super::palette;
use super::transform::CellToScreen;

/// Draws every locked room's border and badge.
pub fn draw(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let level = scene.level;
    let width = (t.cell * 0.15).clamp(2.0, 4.0);
    for &room in scene.locked_rooms {
        let Some(r) = level.rooms.get(room) else {
            continue;
        };
        let rect = t.rect(&r.interior).expand(t.cell * 0.25);
        let corners = [
            rect.left_top(),
            rect.right_top(),
            rect.right_bottom(),
            rect.left_bottom(),
            rect.left_top(),
        ];
        shapes.push(Shape::rect_stroke(
            rect,
            CornerRadius::ZERO,
            Stroke::new(width + 2.0, palette::with_alpha(palette::LOCK_DARK, 160)),
            StrokeKind::Middle,
        ));
        shapes.extend(Shape::dashed_line(
            &corners,
            Stroke::new(width, palette::LOCK),
            (t.cell * 0.6).max(6.0),
            (t.cell * 0.3).max(3.0),
        ));
        let size = (t.cell * 1.1).clamp(14.0, 30.0);
        padlock(
            shapes,
            rect.left_top() + vec2(size * 0.15, size * 0.1),
            size,
        );
    }
}

/// A padlock badge whose top-left corner is `at`.
fn padlock(shapes: &mut Vec<Shape>, at: Pos2, size: f32) {
    let badge = Rect::from_min_size(at, vec2(size, size));
    shapes.push(Shape::rect_filled(
        badge,
        CornerRadius::same((size * 0.2) as u8),
        palette::LOCK,
    ));
    let body = Rect::from_min_max(
        pos2(at.x + size * 0.22, at.y + size * 0.45),
        pos2(at.x + size * 0.78, at.y + size * 0.85),
    );
    let shackle_w = size * 0.34;
    let top = at.y + size * 0.15;
    let shackle = [
        pos2(body.center().x - shackle_w / 2.0, body.top()),
        pos2(body.center().x - shackle_w / 2.0, top + size * 0.08),
        pos2(body.center().x - shackle_w / 3.0, top),
        pos2(body.center().x + shackle_w / 3.0, top),
        pos2(body.center().x + shackle_w / 2.0, top + size * 0.08),
        pos2(body.center().x + shackle_w / 2.0, body.top()),
    ];
    shapes.push(Shape::line(
        shackle.to_vec(),
        Stroke::new((size * 0.09).max(1.5), palette::LOCK_DARK),
    ));
    shapes.push(Shape::rect_filled(
        body,
        CornerRadius::same((size * 0.06) as u8),
        palette::LOCK_DARK,
    ));
}
