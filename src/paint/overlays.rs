//! The first four analysis overlays, drawn in three layers so that they compose: room tints under the items
//! ([`draw_fills`]), lines and markers under the guards ([`draw_marks`]) and text tags on top of everything
//! ([`draw_labels`]). All figures come from the [`MapFacts`](super::MapFacts); nothing is recomputed here.
//! The patrol overlay's drawing lives in [`super::patrols`].

use egui::epaint::FontsView;
use egui::{
    Align2, Color32, CornerRadius, FontId, Mesh, Pos2, Shape, Stroke, StrokeKind, Vec2, vec2,
};

use super::palette;
use super::patrols::{patrol_marks, route_shape_short, short_route_name};
use super::transform::CellToScreen;
use super::{Scene, text_shape};
use crate::analysis::Overlay;
use crate::model::{Cell, Level, RoomId, RoomKind};

/// Font size of overlay text at the current zoom.
pub(super) fn label_size(t: &CellToScreen) -> f32 {
    (t.cell * 0.5).clamp(9.0, 14.0)
}

/// Whether the zoom leaves room for text.
pub(super) fn labels_fit(t: &CellToScreen) -> bool {
    t.cell >= 7.0
}

/// A text tag with a dark rounded background, placed by `align` relative to `anchor` (`at`).
pub(super) fn tag(
    shapes: &mut Vec<Shape>,
    fonts: &mut FontsView<'_>,
    t: &CellToScreen,
    (anchor, align): (Pos2, Align2),
    text: &str,
    size: f32,
    colour: Color32,
) {
    let galley = fonts.layout_no_wrap(text.to_string(), FontId::proportional(size), colour);
    let pad = vec2(3.0, 1.0);
    let mut rect = align.anchor_size(anchor, galley.size() + pad * 2.0);
    // Slide the tag back inside the map view rather than clipping it.
    let inside = t.viewport.shrink(2.0);
    rect = rect.translate(vec2(
        (inside.left() - rect.left()).max(0.0) + (inside.right() - rect.right()).min(0.0),
        (inside.top() - rect.top()).max(0.0) + (inside.bottom() - rect.bottom()).min(0.0),
    ));
    shapes.push(Shape::rect_filled(
        rect,
        CornerRadius::same(3),
        Color32::from_black_alpha(200),
    ));
    shapes.push(Shape::galley(rect.min + pad, galley, colour));
}

fn fill_cells(mesh: &mut Mesh, t: &CellToScreen, cells: &[Cell], colour: Color32) {
    for &c in cells {
        mesh.add_colored_rect(t.cell_rect(c), colour);
    }
}

/// Room tints: depth shading (overlay 2) and loot classes (overlay 3, as a fill when alone).
pub fn draw_fills(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let (level, a) = (scene.level, scene.facts);
    let mut mesh = Mesh::default();
    let distances = scene.overlays.is_on(Overlay::Distances);
    if distances {
        for (r, room) in level.rooms.iter().enumerate() {
            if room.kind == RoomKind::Exterior {
                continue;
            }
            if let Some(d) = a.depths[r] {
                let ramp = d.saturating_sub(1) as f32 / a.max_depth.saturating_sub(1).max(1) as f32;
                fill_cells(
                    &mut mesh,
                    t,
                    &room.cells,
                    palette::with_alpha(palette::depth_ramp(ramp), 170),
                );
            }
        }
    }
    if scene.overlays.is_on(Overlay::Loot) && !distances {
        for (r, room) in level.rooms.iter().enumerate() {
            if let Some(class) = a.loot_classes[r] {
                fill_cells(
                    &mut mesh,
                    t,
                    &room.cells,
                    palette::with_alpha(palette::loot_class(class), 140),
                );
            }
        }
    }
    shapes.push(Shape::mesh(mesh));
}

/// Lines and markers of every overlay.
pub fn draw_marks(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
) {
    if scene.overlays.is_on(Overlay::Distances) {
        distance_marks(shapes, t, scene);
    }
    if scene.overlays.is_on(Overlay::Loot) {
        loot_marks(shapes, t, scene);
    }
    if scene.overlays.is_on(Overlay::Patrols) {
        patrol_marks(shapes, t, scene, fonts);
    }
    if scene.overlays.is_on(Overlay::RoomGraph) {
        room_graph_marks(shapes, t, scene, fonts);
    }
}

/// Text tags of every overlay, drawn last so nothing covers them.
pub fn draw_labels(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
) {
    if !labels_fit(t) {
        return;
    }
    let (level, a) = (scene.level, scene.facts);
    let size = label_size(t);
    if scene.overlays.is_on(Overlay::Distances) {
        for (r, room) in level.rooms.iter().enumerate() {
            if room.kind == RoomKind::Exterior {
                continue;
            }
            let text = match a.depths[r] {
                Some(d) if room.private => format!("{d} P"),
                Some(d) => d.to_string(),
                None => "no path".to_string(),
            };
            let corner =
                t.point(room.interior.x0 as f32, room.interior.y1 as f32) + Vec2::splat(2.0);
            let colour = if room.private {
                palette::NODE_PRIVATE_ROOM
            } else {
                Color32::WHITE
            };
            tag(
                shapes,
                fonts,
                t,
                (corner, Align2::LEFT_TOP),
                &text,
                size,
                colour,
            );
        }
    }
    if scene.overlays.is_on(Overlay::Loot) {
        for entry in &a.loot {
            let colour = entry.class.map_or(Color32::WHITE, palette::loot_class);
            let anchor = t.cell_rect(entry.cell).right_top();
            let text = (entry.order + 1).to_string();
            tag(
                shapes,
                fonts,
                t,
                (anchor, Align2::CENTER_CENTER),
                &text,
                size * 0.85,
                brighten(colour),
            );
        }
    }
    if scene.overlays.is_on(Overlay::Patrols) {
        for (i, route) in level.patrols.iter().enumerate() {
            let Some(&start) = route.cells.first() else {
                continue;
            };
            let shape = route_shape_short(route.loops());
            let place = if route.outside { ", outside" } else { "" };
            let text = format!("{} {shape}{place}", short_route_name(level, i));
            let anchor = t.cell_rect(start).left_top() - vec2(2.0, 2.0);
            tag(
                shapes,
                fonts,
                t,
                (anchor, Align2::RIGHT_BOTTOM),
                &text,
                size * 0.9,
                palette::route_colour(i),
            );
        }
        for &r in &a.patrols.unpatrolled {
            if let Some(room) = level.rooms.get(r) {
                let corner =
                    t.point(room.interior.x1 as f32, room.interior.y1 as f32) + vec2(-2.0, 2.0);
                tag(
                    shapes,
                    fonts,
                    t,
                    (corner, Align2::RIGHT_TOP),
                    "no patrol",
                    size * 0.9,
                    palette::UNPATROLLED,
                );
            }
        }
    }
}

fn brighten(c: Color32) -> Color32 {
    let up = |v: u8| v.saturating_add((255 - v) / 2);
    Color32::from_rgb(up(c.r()), up(c.g()), up(c.b()))
}

/// The screen line along an adjacency's wall segment, extended half a cell at both ends.
fn segment_line(t: &CellToScreen, level: &Level, adj: usize) -> Option<[Pos2; 2]> {
    let seg = level.adjacencies.get(adj)?.segment?;
    let (dx, dy) = seg.dir.delta();
    let first = t.cell_centre(seg.cell(0));
    let last = t.cell_centre(seg.cell(seg.len - 1));
    let half = vec2(dx as f32, -(dy as f32)) * t.cell * 0.5;
    Some([first - half, last + half])
}

fn distance_marks(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let level = scene.level;
    let width = (t.cell * 0.3).clamp(2.0, 7.0);
    for room in level
        .rooms
        .iter()
        .filter(|r| r.private && r.kind != RoomKind::Exterior)
    {
        shapes.push(Shape::rect_stroke(
            t.rect(&room.interior),
            CornerRadius::ZERO,
            Stroke::new(width * 0.4, palette::PRIVATE_OUTLINE),
            StrokeKind::Inside,
        ));
    }
    for (i, adj) in level.adjacencies.iter().enumerate() {
        let (Some(a), Some(b)) = (level.rooms.get(adj.left), level.rooms.get(adj.right)) else {
            continue;
        };
        let interior = a.kind != RoomKind::Exterior && b.kind != RoomKind::Exterior;
        if interior
            && a.private != b.private
            && let Some(line) = segment_line(t, level, i)
        {
            shapes.push(Shape::line_segment(
                line,
                Stroke::new(width, palette::BOUNDARY),
            ));
        }
    }
}

fn loot_marks(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let (level, a) = (scene.level, scene.facts);
    if scene.overlays.is_on(Overlay::Distances) {
        // The depth shading owns the fill; show the loot class as an inset frame instead.
        let width = (t.cell * 0.22).clamp(2.0, 5.0);
        for (r, room) in level.rooms.iter().enumerate() {
            if let Some(class) = a.loot_classes[r] {
                let rect = t.rect(&room.interior).shrink(width * 1.5);
                shapes.push(Shape::rect_stroke(
                    rect,
                    CornerRadius::ZERO,
                    Stroke::new(width, palette::loot_class(class)),
                    StrokeKind::Inside,
                ));
            }
        }
    }
    let ring = Stroke::new((t.cell * 0.1).max(1.5), Color32::WHITE);
    for entry in &a.loot {
        shapes.push(Shape::circle_stroke(
            t.cell_centre(entry.cell),
            t.cell * 0.45,
            ring,
        ));
    }
}

/// Where the room graph draws a room's node: its centre, or for the exterior just outside the front door.
fn node_position(t: &CellToScreen, level: &Level, room: RoomId) -> Option<Pos2> {
    let r = level.rooms.get(room)?;
    if r.kind != RoomKind::Exterior {
        let (x, y) = r.interior.centre();
        return Some(t.point(x, y));
    }
    let door = level.entrance.cell;
    let outward = door
        .neighbours4()
        .into_iter()
        .find(|n| r.cells.contains(n))
        .map_or((0, -1), |n| (n.x - door.x, n.y - door.y));
    // Out of the front door and one step to the side, so it does not cover the player start.
    let side = (-outward.1, outward.0);
    Some(t.point(
        door.x as f32 + 0.5 + outward.0 as f32 * 1.5 + side.0 as f32 * 2.5,
        door.y as f32 + 0.5 + outward.1 as f32 * 1.5 + side.1 as f32 * 2.5,
    ))
}

fn room_graph_marks(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
) {
    let level = scene.level;
    let width = (t.cell * 0.14).clamp(1.5, 4.0);
    for adj in level
        .adjacencies
        .iter()
        .filter(|a| a.door && a.left != a.right)
    {
        let (Some(a), Some(b)) = (level.rooms.get(adj.left), level.rooms.get(adj.right)) else {
            continue;
        };
        let (Some(pa), Some(pb)) = (
            node_position(t, level, adj.left),
            node_position(t, level, adj.right),
        ) else {
            continue;
        };
        let mut pts = vec![pa];
        pts.extend(adj.door_cells.iter().map(|&c| t.cell_centre(c)));
        pts.push(pb);
        let front = a.kind == RoomKind::Exterior || b.kind == RoomKind::Exterior;
        let courtyard = a.is_courtyard() && b.is_courtyard();
        let under = Stroke::new(width + 2.5, Color32::from_black_alpha(190));
        if courtyard {
            let dash = (t.cell * 0.5).max(5.0);
            shapes.extend(Shape::dashed_line(&pts, under, dash, dash * 0.6));
            shapes.extend(Shape::dashed_line(
                &pts,
                Stroke::new(width, palette::EDGE_COURTYARD),
                dash,
                dash * 0.6,
            ));
        } else {
            let (colour, w) = if front {
                (palette::EDGE_FRONT, width * 1.8)
            } else {
                (palette::EDGE_DOOR, width)
            };
            shapes.push(Shape::line(
                pts.clone(),
                Stroke::new(w + 2.5, Color32::from_black_alpha(190)),
            ));
            shapes.push(Shape::line(pts, Stroke::new(w, colour)));
        }
    }
    let r = (t.cell * 0.55).clamp(6.0, 15.0);
    let font = FontId::proportional(r * 0.95);
    for (id, room) in level.rooms.iter().enumerate() {
        let Some(p) = node_position(t, level, id) else {
            continue;
        };
        shapes.push(Shape::circle_filled(p, r, palette::room_node(room)));
        shapes.push(Shape::circle_stroke(p, r, Stroke::new(1.5, Color32::BLACK)));
        if labels_fit(t) {
            shapes.push(text_shape(
                fonts,
                p,
                &id.to_string(),
                font.clone(),
                Color32::BLACK,
            ));
        }
    }
}
