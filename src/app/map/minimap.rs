//! The minimap: when the mansion is larger than the map view, a small picture of the whole level in the
//! view's corner, with the part on screen outlined; clicking or dragging on it moves the view there.
//! The picture is one texture of a pixel per cell, made once per document change (not per frame).

use egui::{ColorImage, CornerRadius, Rect, Sense, Stroke, StrokeKind, TextureOptions, Ui};

use crate::app::state::EditorState;
use crate::model::Level;
use crate::paint::{CellToScreen, palette};

/// The minimap's largest side, in points.
const MAX_SIDE: f32 = 180.0;
/// Gap to the view's corner.
const MARGIN: f32 = 10.0;

/// The level as a picture of a pixel per cell (north up), items over terrain.
fn picture(level: &Level) -> ColorImage {
    let (w, h) = (level.width.max(1) as usize, level.height.max(1) as usize);
    let mut pixels = vec![palette::BACKGROUND; w * h];
    for c in level.all_cells() {
        let row = h - 1 - c.y as usize;
        pixels[row * w + c.x as usize] = palette::terrain(level.terrain(c));
    }
    for item in &level.items {
        if level.in_bounds(item.cell) && item.kind == crate::model::ItemKind::Coin {
            let row = h - 1 - item.cell.y as usize;
            pixels[row * w + item.cell.x as usize] = palette::COIN;
        }
    }
    ColorImage::new([w, h], pixels)
}

/// Draws the minimap over the map view if the map does not fit in it; a click or drag on it centres the
/// camera there.
pub fn show(ui: &Ui, state: &mut EditorState, t: &CellToScreen) {
    let level = state.level();
    let whole = Rect::from_min_max(
        t.point(0.0, level.height as f32),
        t.point(level.width as f32, 0.0),
    );
    if t.viewport.contains_rect(whole) || level.width <= 0 || level.height <= 0 {
        return;
    }
    let scale = MAX_SIDE / level.width.max(level.height) as f32;
    let size = egui::vec2(level.width as f32, level.height as f32) * scale;
    let rect = Rect::from_min_size(t.viewport.max - size - egui::vec2(MARGIN, MARGIN), size);
    let doc_level = &state.doc.level;
    let texture = state
        .view
        .minimap
        .get_or_insert_with(|| {
            ui.ctx()
                .load_texture("minimap", picture(doc_level), TextureOptions::NEAREST)
        })
        .clone();
    let response = ui.interact(rect, ui.scope_id().with("minimap"), Sense::click_and_drag());
    let painter = ui.painter_at(t.viewport);
    painter.rect_filled(
        rect.expand(3.0),
        CornerRadius::same(3),
        palette::MINIMAP_BACKING,
    );
    painter.image(
        texture.id(),
        rect,
        Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        palette::NO_TINT,
    );
    // The part of the map on screen, in minimap points.
    let (x0, y1) = t.to_cell_space(t.viewport.min);
    let (x1, y0) = t.to_cell_space(t.viewport.max);
    let height = state.level().height as f32;
    let to_mini = |x: f32, y: f32| rect.min + egui::vec2(x, height - y) * scale;
    let view = Rect::from_min_max(to_mini(x0, y1), to_mini(x1, y0)).intersect(rect);
    painter.rect_stroke(
        view,
        CornerRadius::ZERO,
        Stroke::new(1.5, palette::SELECTION),
        StrokeKind::Inside,
    );
    if let Some(p) = response
        .interact_pointer_pos()
        .filter(|_| response.is_pointer_button_down_on())
    {
        let (x, y) = (
            (p.x - rect.min.x) / scale,
            height - (p.y - rect.min.y) / scale,
        );
        state.view.camera.request_centre((x, y));
    }
    response.on_hover_text("The whole mansion: click or drag to move the view");
}
