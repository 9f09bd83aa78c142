//! The map's symbols: items, stairs, guards and the player start. Each kind has its own shape as well
//! as its own colour, so that they stay apart when small or under an overlay's tint: a table is a large
//! dark top with a light rim, a chair a small burgundy seat with a back, a torch a stick with a head
//! (a flame with a glow when lit, a dark cup when not) where a pillar is a broad stone disc, and a guard
//! a shield where room-graph nodes, coins and the player are discs. The legend draws its samples with
//! these same functions.

use egui::epaint::FontsView;
use egui::{
    Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2,
};

use super::labels::text_shape;
use super::palette;
use super::transform::{CellToScreen, Visible};
use crate::model::{Cell, ItemKind, Level};

/// Every visible item, a stack bottom to top (the coin drawn over its chair), and on each stack a
/// badge of as many layers as it has items. The stacks are found by sorting the visible items' cells,
/// so a map full of items costs no more than drawing them.
pub fn draw_items(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level, v: Visible) {
    if t.cell < 3.0 {
        return;
    }
    let mut cells: Vec<Cell> = Vec::new();
    for item in level.items.iter().filter(|i| v.contains(i.cell)) {
        item_glyph(shapes, t.cell_centre(item.cell), t.cell, item.kind);
        cells.push(item.cell);
    }
    if t.cell < 10.0 {
        return;
    }
    cells.sort_unstable();
    for stack in cells.chunk_by(|a, b| a == b).filter(|run| run.len() > 1) {
        stack_badge(
            shapes,
            t.cell_rect(stack[0]).right_top(),
            t.cell,
            stack.len(),
        );
    }
}

/// A stack's badge at the top-right `corner` of its cell (side `s`): a dark tab with one light bar per
/// item, up to four.
pub fn stack_badge(shapes: &mut Vec<Shape>, corner: Pos2, s: f32, layers: usize) {
    let layers = layers.min(4);
    let bar = (s * 0.05).max(1.0);
    let height = bar * (2 * layers + 1) as f32;
    let width = (s * 0.28).max(5.0);
    let tab = Rect::from_min_max(corner + vec2(-width, 0.0), corner + vec2(0.0, height));
    shapes.push(Shape::rect_filled(
        tab,
        CornerRadius::same(1),
        palette::STACK_BADGE,
    ));
    for k in 0..layers {
        let y = tab.top() + bar * (2 * k + 1) as f32;
        let line = Rect::from_min_max(pos2(tab.left() + bar, y), pos2(tab.right() - bar, y + bar));
        shapes.push(Shape::rect_filled(
            line,
            CornerRadius::ZERO,
            palette::STACK_BADGE_BAR,
        ));
    }
}

/// One item's symbol centred at `c` in a cell of side `s`. Door and portcullis items draw nothing:
/// their terrain shows them.
pub fn item_glyph(shapes: &mut Vec<Shape>, c: Pos2, s: f32, kind: ItemKind) {
    let edge = Stroke::new((s * 0.06).max(0.5), palette::ITEM_EDGE);
    match kind {
        ItemKind::Coin => {
            shapes.push(Shape::circle_filled(c, s * 0.3, palette::COIN));
            shapes.push(Shape::circle_stroke(
                c,
                s * 0.3,
                Stroke::new((s * 0.07).max(0.7), palette::COIN_EDGE),
            ));
        }
        ItemKind::Chair => {
            let seat = Rect::from_center_size(c + vec2(0.0, s * 0.08), Vec2::splat(s * 0.36));
            let back = Rect::from_min_max(
                seat.left_top() - vec2(0.0, s * 0.2),
                seat.right_top() - vec2(0.0, s * 0.08),
            );
            for part in [back, seat] {
                shapes.push(Shape::rect_filled(part, CornerRadius::ZERO, palette::CHAIR));
                shapes.push(Shape::rect_stroke(
                    part,
                    CornerRadius::ZERO,
                    edge,
                    StrokeKind::Outside,
                ));
            }
        }
        ItemKind::Table => {
            let top = Rect::from_center_size(c, Vec2::splat(s * 0.82));
            shapes.push(Shape::rect_filled(
                top,
                CornerRadius::same(2),
                palette::TABLE,
            ));
            shapes.push(Shape::rect_stroke(
                top,
                CornerRadius::same(2),
                edge,
                StrokeKind::Inside,
            ));
            shapes.push(Shape::rect_stroke(
                top.shrink(s * 0.13),
                CornerRadius::ZERO,
                Stroke::new((s * 0.06).max(0.6), palette::TABLE_RIM),
                StrokeKind::Middle,
            ));
        }
        ItemKind::Bush => {
            shapes.push(Shape::circle_filled(c, s * 0.42, palette::BUSH));
            shapes.push(Shape::circle_filled(
                c - Vec2::splat(s * 0.1),
                s * 0.16,
                palette::GRASS,
            ));
        }
        ItemKind::TorchLit | ItemKind::TorchUnlit => {
            torch(shapes, c, s, kind == ItemKind::TorchLit);
        }
        ItemKind::Door(_) | ItemKind::Portcullis(_) => {}
        ItemKind::LockedDoor(_)
        | ItemKind::Health
        | ItemKind::BedLeft
        | ItemKind::BedRight
        | ItemKind::DrawersShort
        | ItemKind::DrawersTall
        | ItemKind::Bookshelf
        | ItemKind::Shelf
        | ItemKind::Stove
        | ItemKind::VaultBox
        | ItemKind::Plinth
        | ItemKind::Note
        | ItemKind::TreasureLock
        | ItemKind::Treasure(_) => block_2025(shapes, c, s, kind, edge),
    }
}

/// A 2025 item: a rounded block in its kind's own colour, smaller for the walkable kinds (food, notes,
/// a locked door's lock over its slab) so the floor or door shows round it.
fn block_2025(shapes: &mut Vec<Shape>, c: Pos2, s: f32, kind: ItemKind, edge: Stroke) {
    let Some(fill) = palette::item_2025(kind) else {
        return;
    };
    let side = if kind.blocks_movement() && !matches!(kind, ItemKind::LockedDoor(_)) {
        0.8
    } else {
        0.4
    };
    let block = Rect::from_center_size(c, Vec2::splat(s * side));
    shapes.push(Shape::rect_filled(block, CornerRadius::same(2), fill));
    shapes.push(Shape::rect_stroke(
        block,
        CornerRadius::same(2),
        edge,
        StrokeKind::Inside,
    ));
}

/// A torch: a handle with a flame and its glow when lit, with a dark empty cup when not.
fn torch(shapes: &mut Vec<Shape>, c: Pos2, s: f32, lit: bool) {
    let head = c - vec2(0.0, s * 0.1);
    if lit {
        shapes.push(Shape::circle_filled(head, s * 0.7, palette::TORCH_GLOW));
    }
    shapes.push(Shape::line_segment(
        [c + vec2(0.0, s * 0.4), head],
        Stroke::new((s * 0.13).max(1.0), palette::TORCH_HANDLE),
    ));
    if lit {
        let flame = vec![
            head - vec2(0.0, s * 0.34),
            head + vec2(s * 0.16, -s * 0.04),
            head + vec2(0.0, s * 0.12),
            head - vec2(s * 0.16, s * 0.04),
        ];
        shapes.push(Shape::convex_polygon(
            flame,
            palette::TORCH_LIT,
            Stroke::NONE,
        ));
        shapes.push(Shape::circle_filled(head, s * 0.07, palette::TORCH_CORE));
    } else {
        let cup = Rect::from_center_size(head - vec2(0.0, s * 0.04), vec2(s * 0.3, s * 0.16));
        shapes.push(Shape::rect_filled(
            cup,
            CornerRadius::ZERO,
            palette::TORCH_UNLIT,
        ));
        shapes.push(Shape::rect_stroke(
            cup,
            CornerRadius::ZERO,
            Stroke::new((s * 0.05).max(0.6), palette::TORCH_UNLIT_EDGE),
            StrokeKind::Outside,
        ));
    }
}

/// A pillar: a broad stone disc with a lighter rim on the floor around it.
pub fn pillar(c: Pos2, s: f32) -> [Shape; 2] {
    [
        Shape::circle_filled(c, s * 0.42, palette::WALL),
        Shape::circle_stroke(
            c,
            s * 0.36,
            Stroke::new((s * 0.06).max(0.5), palette::PILLAR_RIM),
        ),
    ]
}

/// The stairs of a level without an outside (a Rogue-grid dungeon): the up-stairs the player comes
/// down (the entrance cell) and the down-stairs that lead on (the exit cell). Drawn over the overlays'
/// fills, like the items; returns the cells' screen rectangles.
pub fn draw_stairs(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level) -> Vec<Rect> {
    if level.exterior().is_some() {
        return Vec::new();
    }
    let ends = [Some(level.entrance.cell), level.entrance.exit_cell];
    ends.iter()
        .zip([true, false])
        .filter_map(|(cell, up)| {
            let rect = t.cell_rect((*cell)?);
            stairs(shapes, rect, up);
            Some(rect)
        })
        .collect()
}

/// Stairs in `cell`: light steps in a dark well, narrowing upward for the up-stairs (a ▲ of steps)
/// and downward for the down-stairs (a ▼).
pub fn stairs(shapes: &mut Vec<Shape>, cell: Rect, up: bool) {
    let s = cell.width();
    let well = cell.shrink(s * 0.04);
    shapes.push(Shape::rect_filled(
        well,
        CornerRadius::ZERO,
        palette::STAIRS_WELL,
    ));
    let steps = 4;
    let pitch = well.height() / steps as f32;
    for k in 0..steps {
        // k = 0 is the top step.
        let widest_last = if up { k } else { steps - 1 - k };
        let width = well.width() * (0.4 + 0.6 * widest_last as f32 / (steps - 1) as f32);
        let top = well.top() + pitch * (k as f32 + 0.2);
        shapes.push(Shape::rect_filled(
            Rect::from_center_size(
                egui::pos2(well.center().x, top + pitch * 0.3),
                vec2(width * 0.92, pitch * 0.6),
            ),
            CornerRadius::ZERO,
            palette::STAIRS_STEP,
        ));
    }
}

/// Every guard at its start.
pub fn draw_guards(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    level: &Level,
    fonts: &mut FontsView<'_>,
    numbers: f32,
) {
    for (g, guard) in level.guards.iter().enumerate() {
        let outside = level.patrols.get(guard.route).is_some_and(|p| p.outside);
        let marker = GuardMarker {
            number: level.guard_number(g),
            outside,
            carries_torch: guard.carries_torch,
        };
        marker.draw(shapes, t, t.cell_centre(guard.start), fonts, numbers);
    }
}

/// How a guard is drawn: a red shield (purple for a guard outside the house), a flame when it carries a
/// torch, and its number when the cells are large enough. The patrol timeline draws its guards the same
/// way.
pub struct GuardMarker {
    /// The number the guard goes by ([`Level::guard_number`]), drawn on the shield.
    pub number: usize,
    pub outside: bool,
    pub carries_torch: bool,
}

impl GuardMarker {
    /// The marker's half-width at the zoom of `t`.
    pub fn radius(t: &CellToScreen) -> f32 {
        (t.cell * 0.42).max(3.0)
    }

    /// The screen rectangle the marker covers, centred at `c`, for label placement.
    pub fn bounds(t: &CellToScreen, c: Pos2) -> Rect {
        let r = Self::radius(t);
        Rect::from_min_max(c - vec2(r, r * 0.9), c + vec2(r, r))
    }

    /// Draws the marker at `c`, its number at `numbers` opacity (see [`super::labels::fade`]).
    pub fn draw(
        &self,
        shapes: &mut Vec<Shape>,
        t: &CellToScreen,
        c: Pos2,
        fonts: &mut FontsView<'_>,
        numbers: f32,
    ) {
        let r = Self::radius(t);
        let fill = if self.outside {
            palette::GUARD_OUTSIDE
        } else {
            palette::GUARD
        };
        shield(shapes, c, r, fill, (t.cell * 0.08).max(1.0));
        if self.carries_torch {
            let flame = c + vec2(r * 0.85, -r * 0.85);
            shapes.push(Shape::circle_filled(flame, r * 0.42, palette::TORCH_LIT));
            shapes.push(Shape::circle_stroke(
                flame,
                r * 0.42,
                Stroke::new(1.0, palette::MARKER_EDGE),
            ));
        }
        if numbers > 0.0 {
            let font = FontId::proportional((t.cell * 0.5).clamp(7.0, 14.0));
            shapes.push(text_shape(
                fonts,
                c - vec2(0.0, r * 0.12),
                &self.number.to_string(),
                font,
                palette::GUARD_NUMBER.gamma_multiply(numbers),
            ));
        }
    }
}

/// The guard's shield of half-width `r` centred at `c`: flat on top, pointed below, white-rimmed.
pub fn shield(shapes: &mut Vec<Shape>, c: Pos2, r: f32, fill: Color32, rim: f32) {
    let pts = vec![
        c + vec2(-r, -r * 0.9),
        c + vec2(r, -r * 0.9),
        c + vec2(r, r * 0.2),
        c + vec2(0.0, r),
        c + vec2(-r, r * 0.2),
    ];
    shapes.push(Shape::convex_polygon(
        pts,
        fill,
        Stroke::new(rim, palette::OUTLINE),
    ));
}

/// The player start's radius at the zoom of `t`: smaller on the stairs, so the steps show around it.
pub fn player_radius(t: &CellToScreen, level: &Level) -> f32 {
    let on_stairs = level.exterior().is_none() && level.player_start == level.entrance.cell;
    let share = if on_stairs { 0.3 } else { 0.45 };
    (t.cell * share).max(3.5)
}

/// The player start: a cyan disc with `@`.
pub fn draw_player(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    level: &Level,
    fonts: &mut FontsView<'_>,
    text: f32,
) {
    let s = t.cell;
    let p = t.cell_centre(level.player_start);
    let r = player_radius(t, level);
    shapes.push(Shape::circle_filled(p, r, palette::PLAYER));
    shapes.push(Shape::circle_stroke(
        p,
        r,
        Stroke::new((s * 0.1).max(1.0), palette::MARKER_EDGE),
    ));
    if text > 0.0 {
        let font = FontId::proportional((r * 1.1).clamp(7.0, 14.0));
        shapes.push(text_shape(
            fonts,
            p,
            "@",
            font,
            palette::PLAYER_MARK.gamma_multiply(text),
        ));
    }
}
