//! Locked rooms on the map: a dashed border just outside the room's cells and a small padlock badge on
//! the top-left corner of its first row, half on the wall, so it never hides what the room holds. Both
//! are sized in screen pixels with a floor so they stay visible at every zoom and in screenshots. A room
//! the designer locked is pink; one a hand edit locked (to keep the fix) is teal.

use egui::{Color32, CornerRadius, Pos2, Rect, Shape, Stroke, pos2, vec2};

use super::scene::Scene;
use super::transform::CellToScreen;
use super::{outline, palette};
use crate::model::RoomId;

/// The padlock badge of every locked room on screen, with its room.
pub fn badges(t: &CellToScreen, scene: &Scene) -> Vec<(RoomId, Rect)> {
    let size = (t.cell * 0.7).clamp(11.0, 18.0);
    scene
        .locked_rooms
        .iter()
        .filter_map(|&room| {
            let cells = &scene.level.rooms.get(room)?.cells;
            let corner = outline::first_row_corner(t, cells)?;
            // Centred a little inside the corner: mostly over the walls that meet there.
            let centre = corner + vec2(size * 0.15, size * 0.15);
            Some((room, Rect::from_center_size(centre, vec2(size, size))))
        })
        .collect()
}

/// A lock's two colours: the badge and border, and the dark of the padlock and the border's shadow.
pub fn lock_colours(by_edit: bool) -> (Color32, Color32) {
    if by_edit {
        (palette::LOCK_BY_EDIT, palette::LOCK_BY_EDIT_DARK)
    } else {
        (palette::LOCK, palette::LOCK_DARK)
    }
}

/// Draws every locked room's border and badge.
pub fn draw(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let width = (t.cell * 0.15).clamp(2.0, 4.0);
    let out = -t.cell * 0.25;
    for &room in scene.locked_rooms {
        let (colour, dark) = lock_colours(scene.edit_locked.contains(&room));
        let outlines = scene
            .facts
            .outlines
            .get(room)
            .map_or(&[][..], Vec::as_slice);
        let under = Stroke::new(width + 2.0, palette::with_alpha(dark, 160));
        outline::stroke(shapes, t, outlines, out, under);
        let dashes = ((t.cell * 0.6).max(6.0), (t.cell * 0.3).max(3.0));
        outline::dashed(shapes, t, outlines, out, Stroke::new(width, colour), dashes);
    }
    for (room, badge) in badges(t, scene) {
        let by_edit = scene.edit_locked.contains(&room);
        padlock(shapes, badge.min, badge.width(), by_edit);
    }
}

/// A padlock badge whose top-left corner is `at`, in the colours of a designer's or an edit's lock.
pub fn padlock(shapes: &mut Vec<Shape>, at: Pos2, size: f32, by_edit: bool) {
    let (colour, dark) = lock_colours(by_edit);
    let badge = Rect::from_min_size(at, vec2(size, size));
    shapes.push(Shape::rect_filled(
        badge,
        CornerRadius::same((size * 0.2) as u8),
        colour,
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
        Stroke::new((size * 0.09).max(1.5), dark),
    ));
    shapes.push(Shape::rect_filled(
        body,
        CornerRadius::same((size * 0.06) as u8),
        dark,
    ));
}
