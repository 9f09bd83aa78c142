//! The patrol timeline's turn on the map: every guard where it stands at that turn with an arrow for
//! its facing, and the cells it watches then, tinted in its route's colour. The frame is built once
//! per turn from the stealth analysis ([`TimelineFrame::new`]); scrubbing and playing only pick frames.

use egui::epaint::FontsView;
use egui::{Color32, Mesh, Pos2, Shape, Stroke};

use super::glyphs::GuardMarker;
use super::labels::Labels;
use super::palette;
use super::scene::Scene;
use super::terrain::screen_dir;
use super::timeline_frame::TimelineFrame;
use super::transform::{CellToScreen, Visible};
use crate::model::Dir;

/// Alpha of a guard's view area: overlapping views add up, so each stays light.
pub const VIEW_ALPHA: u8 = 105;

/// Every guard's view area at the frame's turn, in its route's colour.
pub fn draw_views(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    frame: &TimelineFrame,
    visible: Visible,
) {
    let mut mesh = Mesh::default();
    for view in &frame.views {
        let route = scene.level.guards.get(view.guard).map_or(0, |g| g.route);
        let colour = palette::with_alpha(palette::route_colour(route), VIEW_ALPHA);
        for c in view.watched.cells().filter(|&c| visible.contains(c)) {
            mesh.add_colored_rect(t.cell_rect(c), colour);
        }
    }
    shapes.push(Shape::mesh(mesh));
}

/// The guards at the frame's turn, each with its facing arrow and its number at `numbers` opacity;
/// they are marked taken in `labels`.
pub fn draw_guards(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    frame: &TimelineFrame,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
    numbers: f32,
) {
    let level = scene.level;
    for (i, view) in frame.views.iter().enumerate() {
        let Some(guard) = level.guards.get(view.guard) else {
            continue;
        };
        let centre = frame.position(t, i);
        let r = GuardMarker::radius(t);
        let route = palette::route_colour(guard.route);
        shapes.push(facing_arrow(centre, view.facing, r, route));
        let marker = GuardMarker {
            number: level.guard_number(view.guard),
            outside: level.patrols.get(guard.route).is_some_and(|p| p.outside),
            carries_torch: guard.carries_torch,
        };
        marker.draw(shapes, t, centre, fonts, numbers);
        labels.block(GuardMarker::bounds(t, centre));
    }
}

/// A triangle from a guard marker of radius `r` at `centre` pointing the way it faces, shared with the
/// legend.
pub fn facing_arrow(centre: Pos2, facing: Dir, r: f32, colour: Color32) -> Shape {
    let d = screen_dir(facing);
    let side = egui::vec2(-d.y, d.x) * r * 0.75;
    let tip = centre + d * r * 2.1;
    let base = centre + d * r * 0.6;
    Shape::convex_polygon(
        vec![tip, base + side, base - side],
        colour,
        Stroke::new(1.0, palette::MARKER_EDGE),
    )
}
