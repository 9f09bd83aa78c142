//! Overlay 4, patrol chains: each route as a coloured polyline with direction arrows (solid loops, dashed
//! back-and-forth chains), station badges, split points and unpatrolled rooms. Kept apart from the other
//! overlays because it is the largest; the badge and split marker are shared with the editor's legend.

use egui::epaint::FontsView;
use egui::{Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, vec2};

use super::labels::{Labels, text_shape};
use super::scene::Scene;
use super::transform::CellToScreen;
use super::{outline, palette};
use crate::model::{Cell, Level, PatrolRoute, RoomId, StationKind, StationRole};

/// The letter on a station badge.
pub fn station_letter(kind: StationKind) -> &'static str {
    match kind {
        StationKind::Window => "W",
        StationKind::Loot => "$",
        StationKind::Chair => "C",
        StationKind::IntoRoom => "D",
    }
}

/// A route's shape on the map's route tags.
pub fn route_shape_short(loops: bool) -> &'static str {
    if loops { "loop" } else { "chain" }
}

/// "G3" for a guard's route, "R3" for a route without a guard (level 0).
pub fn short_route_name(level: &Level, route: usize) -> String {
    match level.guards.iter().position(|g| g.route == route) {
        Some(g) => format!("G{}", level.guard_number(g)),
        None => format!("R{route}"),
    }
}

/// A route's cells without waits, shifted by a per-route lane so parallel routes stay apart.
fn route_points(t: &CellToScreen, route: &PatrolRoute, lane: f32) -> Vec<Pos2> {
    let shift = Vec2::splat(lane * t.cell);
    let mut pts: Vec<Pos2> = Vec::with_capacity(route.cells.len());
    let mut last: Option<Cell> = None;
    for &c in &route.cells {
        if last != Some(c) {
            pts.push(t.cell_centre(c) + shift);
            last = Some(c);
        }
    }
    pts
}

fn lane_of(route: usize) -> f32 {
    ((route % 5) as f32 - 2.0) * 0.09
}

/// Small filled arrowheads along a polyline every `spacing` points, pointing forward.
fn arrows(shapes: &mut Vec<Shape>, pts: &[Pos2], spacing: f32, size: f32, colour: Color32) {
    let mut travelled = spacing * 0.5;
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = (b - a).length();
        if len <= f32::EPSILON {
            continue;
        }
        let dir = (b - a) / len;
        let mut along = spacing - travelled;
        while along <= len {
            let tip = a + dir * along + dir * size * 0.5;
            let back = tip - dir * size;
            let side = vec2(-dir.y, dir.x) * size * 0.55;
            shapes.push(Shape::convex_polygon(
                vec![tip, back + side, back - side],
                colour,
                Stroke::new(1.0, palette::MARKER_EDGE),
            ));
            along += spacing;
        }
        travelled = (travelled + len) % spacing;
    }
}

/// Every route with its arrows and station badges, split points, and unpatrolled rooms outlined along
/// their cells; the badges are marked taken in `labels`.
pub fn patrol_marks(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
) {
    let (level, a) = (scene.level, scene.facts);
    let width = (t.cell * 0.12).clamp(1.5, 4.0);
    for &r in &a.patrols.unpatrolled {
        let outlines = a.outlines.get(r).map_or(&[][..], Vec::as_slice);
        let stroke = Stroke::new(width * 1.3, palette::UNPATROLLED);
        outline::dashed(shapes, t, outlines, width * 0.65, stroke, (8.0, 5.0));
    }
    for (i, route) in level.patrols.iter().enumerate() {
        let colour = palette::route_colour(i);
        let mut pts = route_points(t, route, lane_of(i));
        let loops = route.loops();
        if loops && let Some(&first) = pts.first() {
            pts.push(first);
        }
        let w = if route.outside { width * 0.8 } else { width };
        let under = Stroke::new(w + 2.0, palette::PATROL_UNDERLAY);
        if loops {
            shapes.push(Shape::line(pts.clone(), under));
            shapes.push(Shape::line(pts.clone(), Stroke::new(w, colour)));
        } else {
            let dash = (t.cell * 0.6).max(5.0);
            shapes.extend(Shape::dashed_line(&pts, under, dash, dash * 0.6));
            shapes.extend(Shape::dashed_line(
                &pts,
                Stroke::new(w, colour),
                dash,
                dash * 0.6,
            ));
        }
        let spacing = (t.cell * 4.0).max(40.0);
        arrows(
            shapes,
            &pts,
            spacing,
            (t.cell * 0.45).clamp(6.0, 12.0),
            colour,
        );
        for station in &route.stations {
            let bounds = station_badge(
                shapes,
                t,
                fonts,
                station.cell,
                station.role,
                station_letter(station.kind),
                colour,
            );
            labels.block(bounds);
        }
    }
    for split in &level.split_points {
        if let Some(cell) = door_between(level, split.before, split.after) {
            let (c, r) = (t.cell_centre(cell), (t.cell * 0.4).clamp(5.0, 11.0));
            split_marker(shapes, c, r);
            labels.block_disc(c, r);
        }
    }
}

/// The door cell joining two rooms, if a door joins them.
fn door_between(level: &Level, a: RoomId, b: RoomId) -> Option<Cell> {
    level
        .adjacencies
        .iter()
        .find(|adj| adj.door && adj.touches(a) && adj.touches(b) && adj.left != adj.right)
        .and_then(|adj| adj.door_cell_for(a))
}

/// A white disc with a black cross: where a chain was cut for guard density.
pub fn split_marker(shapes: &mut Vec<Shape>, c: Pos2, r: f32) {
    shapes.push(Shape::circle_filled(c, r, palette::SPLIT_MARKER));
    shapes.push(Shape::circle_stroke(
        c,
        r,
        Stroke::new(1.5, palette::MARKER_EDGE),
    ));
    let d = r * 0.55;
    let stroke = Stroke::new((r * 0.25).max(1.5), palette::MARKER_EDGE);
    shapes.push(Shape::line_segment(
        [c + vec2(-d, -d), c + vec2(d, d)],
        stroke,
    ));
    shapes.push(Shape::line_segment(
        [c + vec2(-d, d), c + vec2(d, -d)],
        stroke,
    ));
}

/// A station badge in the bottom-right corner of its cell: a square for route ends, a diamond for side
/// trips. Returns the screen rectangle it covers.
pub fn station_badge(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    fonts: &mut FontsView<'_>,
    cell: Cell,
    role: StationRole,
    letter: &str,
    colour: Color32,
) -> Rect {
    let size = (t.cell * 0.6).clamp(9.0, 16.0);
    let centre = t.cell_rect(cell).right_bottom() - Vec2::splat(t.cell * 0.2);
    badge(shapes, fonts, centre, size, role, letter, colour);
    Rect::from_center_size(centre, Vec2::splat(size * 1.25))
}

/// The badge shape itself, shared with the legend.
pub fn badge(
    shapes: &mut Vec<Shape>,
    fonts: &mut FontsView<'_>,
    centre: Pos2,
    size: f32,
    role: StationRole,
    letter: &str,
    colour: Color32,
) {
    let h = size * 0.5;
    let outline = Stroke::new(1.0, palette::MARKER_EDGE);
    match role {
        StationRole::SideTrip => {
            let pts = vec![
                centre + vec2(0.0, -h * 1.25),
                centre + vec2(h * 1.25, 0.0),
                centre + vec2(0.0, h * 1.25),
                centre + vec2(-h * 1.25, 0.0),
            ];
            shapes.push(Shape::convex_polygon(pts, colour, outline));
        }
        StationRole::Head | StationRole::Tail => {
            let rect = Rect::from_center_size(centre, Vec2::splat(size));
            shapes.push(Shape::rect_filled(rect, CornerRadius::same(2), colour));
            shapes.push(Shape::rect_stroke(
                rect,
                CornerRadius::same(2),
                outline,
                StrokeKind::Inside,
            ));
        }
    }
    shapes.push(text_shape(
        fonts,
        centre,
        letter,
        FontId::monospace(size * 0.75),
        palette::BADGE_LETTER,
    ));
}
