//! Single-cell pictures of things, for tilesets that export a map's items and guards as tiles (the LDtk
//! export's things tileset): each drawn as the map draws it, so an engine shows what the editor shows.

use egui::{Rect, Shape, Stroke, vec2};

use super::{glyphs, palette, terrain};
use crate::model::{ItemKind, Terrain};

/// The tile of an item kind filling `rect`. A door or a portcullis item is drawn as its terrain is (the
/// map shows those items through their cell's terrain); every other item as its map symbol.
pub fn item_tile(rect: Rect, kind: ItemKind) -> Vec<Shape> {
    match kind {
        ItemKind::Door(axis) => terrain::terrain_tile(rect, Terrain::Door(axis)),
        ItemKind::Portcullis(axis) => terrain::terrain_tile(rect, Terrain::Portcullis(axis)),
        _ => {
            let mut shapes = Vec::new();
            glyphs::item_glyph(&mut shapes, rect.center(), rect.width(), kind);
            shapes
        }
    }
}

/// What a guard's tile shows beside its shield.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardBadge {
    /// Nothing: a guard walking its patrol.
    None,
    /// A lit torch at the shield's corner.
    Torch,
    /// A white bar across the shield: a guard keeping one post.
    Post,
    /// A gold key ring at the shield's corner: the guard the locked doors' key is on.
    Key,
}

/// A guard's tile filling `rect`: the map's red shield with `badge`.
pub fn guard_tile(rect: Rect, badge: GuardBadge) -> Vec<Shape> {
    let mut shapes = Vec::new();
    let c = rect.center();
    let r = rect.width() * 0.42;
    glyphs::shield(&mut shapes, c, r, palette::GUARD, 1.0);
    let corner = c + vec2(r * 0.85, -r * 0.85);
    match badge {
        GuardBadge::None => {}
        GuardBadge::Torch => {
            shapes.push(Shape::circle_filled(corner, r * 0.42, palette::TORCH_LIT));
            shapes.push(Shape::circle_stroke(
                corner,
                r * 0.42,
                Stroke::new(1.0, palette::MARKER_EDGE),
            ));
        }
        GuardBadge::Post => {
            let bar = Rect::from_center_size(c, vec2(r * 1.2, r * 0.3));
            shapes.push(Shape::rect_filled(bar, 0.0, palette::GUARD_NUMBER));
        }
        GuardBadge::Key => {
            shapes.push(Shape::circle_stroke(
                corner,
                r * 0.35,
                Stroke::new(r * 0.2, palette::COIN),
            ));
        }
    }
    shapes
}
