//! Text on the map that keeps out of the way: every overlay's tags go through one [`Labels`] per
//! drawing, which places each tag at the first of a few candidate spots where it covers neither an
//! earlier tag nor a marker (room-graph node, guard, player, coin, station badge, padlock), tries again
//! smaller, and otherwise leaves it out. Tags are placed in order of importance, so the ones that
//! are left out when a big mansion is zoomed out are the least important.
//!
//! Text also fades with the zoom ([`fade`]): over a range of cell sizes rather than popping in at one,
//! and each kind of text over its own range, so the numbers that matter most stay longest.

use std::collections::HashMap;

use egui::epaint::FontsView;
use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Shape, Vec2, vec2};

use super::palette;
use super::transform::CellToScreen;

/// How opaque zoom-dependent text is at the zoom of `t`: 0 below `from` points per cell, 1 above
/// `to`, smooth in between.
pub fn fade(t: &CellToScreen, (from, to): (f32, f32)) -> f32 {
    let x = ((t.cell - from) / (to - from).max(f32::EPSILON)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// Zoom ranges over which each kind of text fades in, most important first.
pub mod lod {
    /// Room numbers on room-graph nodes.
    pub const NODE_NUMBERS: (f32, f32) = (9.0, 13.0);
    /// Warnings: unpatrolled rooms, loot without a ghost route.
    pub const WARNINGS: (f32, f32) = (5.0, 9.0);
    /// Patrol route names.
    pub const ROUTE_TAGS: (f32, f32) = (7.0, 11.0);
    /// Depth tags of the private-room overlay.
    pub const DEPTH_TAGS: (f32, f32) = (8.0, 13.0);
    /// Loot assignment order.
    pub const LOOT_ORDER: (f32, f32) = (9.0, 14.0);
    /// The player's `@`.
    pub const PLAYER: (f32, f32) = (8.0, 12.0);
    /// Guard numbers inside their markers.
    pub const GUARD_NUMBERS: (f32, f32) = (10.0, 14.0);
}

/// Font size of overlay text at the zoom of `t`.
pub fn label_size(t: &CellToScreen) -> f32 {
    (t.cell * 0.5).clamp(9.0, 14.0)
}

/// Side of the square buckets the occupied rectangles are filed under.
const BUCKET: f32 = 48.0;
/// Space kept between a tag and anything else.
const GAP: f32 = 1.0;
/// A tag that fits nowhere is tried once more at this share of its size.
const SHRINK: f32 = 0.8;
/// Tags are no smaller than this, shrunk or not.
const MIN_SIZE: f32 = 7.0;

/// One tag to place: its text, colour and font size, and how opaque ([`fade`]).
#[derive(Clone, Copy, Debug)]
pub struct Tag<'a> {
    /// The words or figures shown, on one line.
    pub text: &'a str,
    /// The text's colour; its dark backing plate is the same for every tag.
    pub colour: Color32,
    /// Font size in screen points, before any shrinking to fit.
    pub size: f32,
    /// Opacity from 0 (not drawn, and takes no room) to 1, usually [`fade`] of the zoom.
    pub alpha: f32,
}

/// The occupied parts of the screen, and the tags placed so far.
pub struct Labels {
    viewport: Rect,
    buckets: HashMap<(i32, i32), Vec<Rect>>,
    /// Whether tags are drawn at all (the labels layer).
    pub on: bool,
}

impl Labels {
    /// Nothing placed yet on a drawing of `viewport`; with `on` false every tag is refused, so a
    /// drawing with the labels layer off places none.
    pub fn new(viewport: Rect, on: bool) -> Self {
        Labels {
            viewport,
            buckets: HashMap::new(),
            on,
        }
    }

    fn keys(rect: Rect) -> impl Iterator<Item = (i32, i32)> {
        let (x0, y0) = (
            (rect.min.x / BUCKET).floor() as i32,
            (rect.min.y / BUCKET).floor() as i32,
        );
        let (x1, y1) = (
            (rect.max.x / BUCKET).floor() as i32,
            (rect.max.y / BUCKET).floor() as i32,
        );
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
    }

    /// Marks `rect` as taken: no tag is placed over it.
    pub fn block(&mut self, rect: Rect) {
        if !rect.is_finite() || !rect.intersects(self.viewport) {
            return;
        }
        for key in Self::keys(rect.intersect(self.viewport)) {
            self.buckets.entry(key).or_default().push(rect);
        }
    }

    /// Marks a disc as taken.
    pub fn block_disc(&mut self, centre: Pos2, r: f32) {
        self.block(Rect::from_center_size(centre, Vec2::splat(2.0 * r)));
    }

    fn free(&self, rect: Rect) -> bool {
        let grown = rect.expand(GAP);
        Self::keys(grown).all(|key| {
            self.buckets
                .get(&key)
                .is_none_or(|rects| rects.iter().all(|r| !r.intersects(grown)))
        })
    }

    /// Places `tag` at the first candidate — an anchor point in the view and how the tag sits on it —
    /// where it is inside the view and covers nothing taken, trying all of them again smaller when none is
    /// free. Draws it and returns its rectangle, or `None` when it was left out.
    pub fn place(
        &mut self,
        shapes: &mut Vec<Shape>,
        fonts: &mut FontsView<'_>,
        candidates: &[(Pos2, Align2)],
        tag: Tag<'_>,
    ) -> Option<Rect> {
        if !self.on || tag.alpha <= 0.0 {
            return None;
        }
        let alpha = tag.alpha.clamp(0.0, 1.0);
        let colour = tag.colour.gamma_multiply(alpha);
        for size in [tag.size, (tag.size * SHRINK).max(MIN_SIZE)] {
            let galley =
                fonts.layout_no_wrap(tag.text.to_string(), FontId::proportional(size), colour);
            let pad = vec2(3.0, 1.0);
            // A spot off the view would slide a tag of something unseen into it.
            let seen = self.viewport.expand(2.0);
            for &(anchor, align) in candidates.iter().filter(|(a, _)| seen.contains(*a)) {
                let rect = self.slide_inside(align.anchor_size(anchor, galley.size() + pad * 2.0));
                if self.free(rect) {
                    self.block(rect);
                    shapes.push(Shape::rect_filled(
                        rect,
                        CornerRadius::same(3),
                        palette::TAG_BACKING.gamma_multiply(alpha),
                    ));
                    shapes.push(Shape::galley(rect.min + pad, galley, colour));
                    return Some(rect);
                }
            }
        }
        None
    }

    /// `rect` moved back inside the view rather than clipped, when it sticks out.
    fn slide_inside(&self, rect: Rect) -> Rect {
        let inside = self.viewport.shrink(2.0);
        rect.translate(vec2(
            (inside.left() - rect.left()).max(0.0) + (inside.right() - rect.right()).min(0.0),
            (inside.top() - rect.top()).max(0.0) + (inside.bottom() - rect.bottom()).min(0.0),
        ))
    }
}

/// Candidate spots around a cell, in order of preference: the four corners (the tag centred on each,
/// so it overlaps the cell only a little), then beside and below it.
pub fn around_cell(t: &CellToScreen, cell: Rect) -> [(Pos2, Align2); 8] {
    let g = (t.cell * 0.1).max(1.0);
    [
        (cell.right_top(), Align2::CENTER_CENTER),
        (cell.left_top(), Align2::CENTER_CENTER),
        (cell.right_bottom(), Align2::CENTER_CENTER),
        (cell.left_bottom(), Align2::CENTER_CENTER),
        (cell.right_center() + vec2(g, 0.0), Align2::LEFT_CENTER),
        (cell.left_center() - vec2(g, 0.0), Align2::RIGHT_CENTER),
        (cell.center_top() - vec2(0.0, g), Align2::CENTER_BOTTOM),
        (cell.center_bottom() + vec2(0.0, g), Align2::CENTER_TOP),
    ]
}

/// Centred text as a shape.
pub fn text_shape(
    fonts: &mut FontsView<'_>,
    centre: Pos2,
    text: &str,
    font: FontId,
    colour: Color32,
) -> Shape {
    let galley = fonts.layout_no_wrap(text.to_string(), font, colour);
    let pos = centre - galley.size() / 2.0;
    Shape::galley(pos, galley, colour)
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::paint::picture_fonts;

    #[test]
    fn placed_tags_never_overlap_each_other_or_a_marker() {
        let mut fonts = picture_fonts();
        let mut fonts = fonts.with_pixels_per_point(1.0);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let t = CellToScreen::whole_map(40, 30, 12.0);
        let mut labels = Labels::new(t.viewport, true);
        let mut markers = Vec::new();
        for _ in 0..60 {
            let c = egui::pos2(rng.random_range(0.0..480.0), rng.random_range(0.0..360.0));
            labels.block_disc(c, 6.0);
            markers.push(Rect::from_center_size(c, Vec2::splat(12.0)));
        }
        let (mut placed, mut shapes) = (Vec::new(), Vec::new());
        for i in 0..400 {
            let cell = Rect::from_min_size(
                egui::pos2(rng.random_range(0.0..468.0), rng.random_range(0.0..348.0)),
                Vec2::splat(12.0),
            );
            let text = format!("{}", i * 7);
            let tag = Tag {
                text: &text,
                colour: Color32::WHITE,
                size: 10.0,
                alpha: 1.0,
            };
            if let Some(rect) = labels.place(&mut shapes, &mut fonts, &around_cell(&t, cell), tag) {
                placed.push(rect);
            }
        }
        assert!(placed.len() > 40, "only {} tags placed", placed.len());
        assert!(placed.len() < 400, "a crowded map must leave some tags out");
        for (i, a) in placed.iter().enumerate() {
            assert!(t.viewport.contains_rect(*a), "{a:?} outside the view");
            for b in &placed[i + 1..] {
                assert!(!a.intersects(*b), "tags {a:?} and {b:?} overlap");
            }
            for m in &markers {
                assert!(!a.intersects(*m), "tag {a:?} covers marker {m:?}");
            }
        }
        assert_eq!(
            shapes.len(),
            placed.len() * 2,
            "a background and a text each"
        );
    }

    #[test]
    #[expect(
        clippy::float_cmp,
        reason = "the fade is clamped to exactly 0 and 1 outside its range, and `place` skips a tag at exactly 0"
    )]
    fn text_fades_in_over_its_range_and_not_at_all_with_the_layer_off() {
        let at = |cell: f32| fade(&CellToScreen::whole_map(1, 1, cell), (8.0, 12.0));
        assert_eq!(at(4.0), 0.0);
        assert_eq!(at(16.0), 1.0);
        assert!(at(9.0) > 0.0 && at(9.0) < at(10.0) && at(10.0) < at(11.0) && at(11.0) < 1.0);
        let mut fonts = picture_fonts();
        let mut labels = Labels::new(Rect::from_min_size(Pos2::ZERO, Vec2::splat(100.0)), false);
        let tag = Tag {
            text: "1",
            colour: Color32::WHITE,
            size: 10.0,
            alpha: 1.0,
        };
        let spot = [(egui::pos2(50.0, 50.0), Align2::CENTER_CENTER)];
        let mut shapes = Vec::new();
        let placed = labels.place(
            &mut shapes,
            &mut fonts.with_pixels_per_point(1.0),
            &spot,
            tag,
        );
        assert!(placed.is_none() && shapes.is_empty());
    }
}
