//! The first four analysis overlays, drawn in layers so that they compose: room fills under the
//! items ([`draw_fills`]), bands and frames over every fill ([`draw_frames`]), lines and markers under
//! the guards ([`draw_marks`]) and text tags on top ([`draw_labels`]). All figures come from the
//! [`MapFacts`](super::MapFacts); nothing is recomputed here. The room graph is drawn by
//! [`super::room_graph`], the patrol overlay by [`super::patrols`].
//!
//! **How fills combine.** A cell has one fill, taken by the first of: guard sight (overlay 5, per
//! cell), private-room depth (overlay 2, per room), loot priority (overlay 3, per room). An overlay
//! that does not get the fill shows inside the room's outline instead: depth as a band along the
//! inside of the border, loot priority as a thinner frame inside that. So no overlay hides another,
//! and the legend says which is which.

use egui::epaint::FontsView;
use egui::{Align2, Color32, Mesh, Pos2, Rect, Shape, Stroke, vec2};

use super::labels::{Labels, Tag, around_cell, label_size, lod};
use super::patrols::{patrol_marks, route_shape_short, short_route_name};
use super::scene::Scene;
use super::transform::CellToScreen;
use super::{outline, palette};
use crate::analysis::Overlay;
use crate::model::{Cell, Level, Room, RoomKind};

/// Alpha of a room's depth fill and of its loot-priority fill.
pub const DEPTH_ALPHA: u8 = 170;
pub const LOOT_ALPHA: u8 = 140;

/// How a per-room overlay shows this frame.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Hidden,
    /// It fills the room's cells.
    Fill,
    /// Another overlay has the fill: it shows inside the room's outline (depth as a band, loot
    /// priority as a frame).
    Edge,
}

/// How overlays 2 (depth) and 3 (loot priority) show this frame.
struct Roles {
    depth: Role,
    loot: Role,
}

fn roles(scene: &Scene) -> Roles {
    let on = |o| scene.overlays.is_on(o);
    let sight = on(Overlay::Sight) && scene.facts.stealth.is_some();
    let depth = on(Overlay::Distances);
    let loot = on(Overlay::Loot);
    let role = |shown: bool, fill_taken: bool| match (shown, fill_taken) {
        (false, _) => Role::Hidden,
        (true, false) => Role::Fill,
        (true, true) => Role::Edge,
    };
    Roles {
        depth: role(depth, sight),
        loot: role(loot, depth || sight),
    }
}

/// A room's colour on the depth ramp, `None` for the exterior and unreachable rooms.
fn depth_colour(scene: &Scene, r: usize, room: &Room) -> Option<Color32> {
    let a = scene.facts;
    let d = a.depths.get(r).copied().flatten()?;
    (room.kind != RoomKind::Exterior).then(|| {
        let ramp = d.saturating_sub(1) as f32 / a.max_depth.saturating_sub(1).max(1) as f32;
        palette::depth_ramp(ramp)
    })
}

/// Room fills: depth shading (overlay 2) or, without it, loot classes (overlay 3).
pub fn draw_fills(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let roles = roles(scene);
    let mut mesh = Mesh::default();
    for (r, room) in scene.level.rooms.iter().enumerate() {
        let colour = if roles.depth == Role::Fill {
            depth_colour(scene, r, room).map(|c| palette::with_alpha(c, DEPTH_ALPHA))
        } else if roles.loot == Role::Fill {
            let class = scene.facts.loot_classes.get(r).copied().flatten();
            class.map(|c| palette::with_alpha(palette::loot_class(c), LOOT_ALPHA))
        } else {
            None
        };
        if let Some(colour) = colour {
            for &c in &room.cells {
                mesh.add_colored_rect(t.cell_rect(c), colour);
            }
        }
    }
    shapes.push(Shape::mesh(mesh));
}

/// The width of the depth band along the inside of a room's border.
fn band_width(t: &CellToScreen) -> f32 {
    (t.cell * 0.3).clamp(2.0, 9.0)
}

/// The overlays that did not get the fill: depth as a band inside the border, loot priority as a
/// frame inside that.
pub fn draw_frames(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let roles = roles(scene);
    let band = band_width(t);
    let frame = (t.cell * 0.16).clamp(1.5, 4.0);
    for (r, room) in scene.level.rooms.iter().enumerate() {
        let outlines = scene.facts.outlines.get(r).map_or(&[][..], Vec::as_slice);
        let mut inset = 0.0;
        if roles.depth == Role::Edge
            && let Some(colour) = depth_colour(scene, r, room)
        {
            let stroke = Stroke::new(band, palette::with_alpha(colour, 235));
            outline::stroke(shapes, t, outlines, band / 2.0, stroke);
            inset = band;
        }
        if roles.loot == Role::Edge
            && let Some(class) = scene.facts.loot_classes.get(r).copied().flatten()
        {
            let inset = inset + frame * 0.5 + (t.cell * 0.08).min(3.0);
            let stroke = Stroke::new(frame, palette::loot_class(class));
            outline::stroke(shapes, t, outlines, inset, stroke);
        }
    }
}

/// Lines and markers of overlays 2–4 (the room graph is drawn later, over the routes to loot);
/// markers that text must keep clear of are marked in `labels`.
pub fn draw_marks(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
) {
    if scene.overlays.is_on(Overlay::Distances) {
        distance_marks(shapes, t, scene);
    }
    if scene.overlays.is_on(Overlay::Loot) {
        let ring = Stroke::new((t.cell * 0.1).max(1.5), palette::LOOT_RING);
        for entry in &scene.facts.loot {
            let c = t.cell_centre(entry.cell);
            shapes.push(Shape::circle_stroke(c, t.cell * 0.45, ring));
            labels.block_disc(c, t.cell * 0.45);
        }
    }
    if scene.overlays.is_on(Overlay::Patrols) {
        patrol_marks(shapes, t, scene, fonts, labels);
    }
}

/// The spots for a tag in a room's corners, inside it, starting with `first` (0 top-left, 1
/// top-right, 2 bottom-right, 3 bottom-left, going round).
fn room_corners(t: &CellToScreen, cells: &[Cell], first: usize) -> Vec<(Pos2, Align2)> {
    let pick = |key: fn(&Cell) -> (i32, i32)| cells.iter().min_by_key(|c| key(c)).copied();
    let inset = 2.0;
    let corners = [
        pick(|c| (-c.y, c.x)).map(|c| {
            (
                t.cell_rect(c).left_top() + vec2(inset, inset),
                Align2::LEFT_TOP,
            )
        }),
        pick(|c| (-c.y, -c.x)).map(|c| {
            (
                t.cell_rect(c).right_top() + vec2(-inset, inset),
                Align2::RIGHT_TOP,
            )
        }),
        pick(|c| (c.y, -c.x)).map(|c| {
            let p = t.cell_rect(c).right_bottom() - vec2(inset, inset);
            (p, Align2::RIGHT_BOTTOM)
        }),
        pick(|c| (c.y, c.x)).map(|c| {
            let p = t.cell_rect(c).left_bottom() + vec2(inset, -inset);
            (p, Align2::LEFT_BOTTOM)
        }),
    ];
    (0..4).filter_map(|k| corners[(first + k) % 4]).collect()
}

/// Text tags of the first four overlays, most important first: unpatrolled rooms, route names, room
/// depths, then the loot order. `text` is [`super::labels::fade`] with the labels layer applied.
pub fn draw_labels(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
    text: impl Fn((f32, f32)) -> f32,
) {
    let (level, a) = (scene.level, scene.facts);
    let size = label_size(t);
    if scene.overlays.is_on(Overlay::Patrols) {
        for &r in &a.patrols.unpatrolled {
            if let Some(room) = level.rooms.get(r) {
                let tag = Tag {
                    text: "no patrol",
                    colour: palette::UNPATROLLED,
                    size: size * 0.9,
                    alpha: text(lod::WARNINGS),
                };
                labels.place(shapes, fonts, &room_corners(t, &room.cells, 2), tag);
            }
        }
        for (i, route) in level.patrols.iter().enumerate() {
            let Some(&start) = route.cells.first() else {
                continue;
            };
            let shape = route_shape_short(route.loops());
            let place = if route.outside { ", outside" } else { "" };
            let name = format!("{} {shape}{place}", short_route_name(level, i));
            let tag = Tag {
                text: &name,
                colour: palette::route_colour(i),
                size: size * 0.9,
                alpha: text(lod::ROUTE_TAGS),
            };
            labels.place(shapes, fonts, &beside_start(t, t.cell_rect(start)), tag);
        }
    }
    if scene.overlays.is_on(Overlay::Distances) {
        for (r, room) in level.rooms.iter().enumerate() {
            if room.kind == RoomKind::Exterior {
                continue;
            }
            let depth = match a.depths.get(r).copied().flatten() {
                Some(d) if room.private => format!("{d} P"),
                Some(d) => d.to_string(),
                None => "no path".to_string(),
            };
            let colour = if room.private {
                palette::NODE_PRIVATE_ROOM
            } else {
                palette::TAG_TEXT
            };
            let tag = Tag {
                text: &depth,
                colour,
                size,
                alpha: text(lod::DEPTH_TAGS),
            };
            labels.place(shapes, fonts, &room_corners(t, &room.cells, 0), tag);
        }
    }
    if scene.overlays.is_on(Overlay::Loot) {
        for entry in &a.loot {
            let order = entry.number.to_string();
            let colour = entry.class.map_or(palette::TAG_TEXT, palette::loot_class);
            let tag = Tag {
                text: &order,
                colour: palette::brighter(colour),
                size: size * 0.8,
                alpha: text(lod::LOOT_ORDER),
            };
            labels.place(shapes, fonts, &around_cell(t, t.cell_rect(entry.cell)), tag);
        }
    }
}

/// Spots for a route's name around its first cell: above it to the left first, as before.
fn beside_start(t: &CellToScreen, cell: Rect) -> [(Pos2, Align2); 6] {
    let g = (t.cell * 0.1).max(2.0);
    [
        (cell.left_top() - vec2(g, g), Align2::RIGHT_BOTTOM),
        (cell.right_top() + vec2(g, -g), Align2::LEFT_BOTTOM),
        (cell.left_bottom() + vec2(-g, g), Align2::RIGHT_TOP),
        (cell.right_bottom() + vec2(g, g), Align2::LEFT_TOP),
        (cell.left_center() - vec2(g, 0.0), Align2::RIGHT_CENTER),
        (cell.right_center() + vec2(g, 0.0), Align2::LEFT_CENTER),
    ]
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

/// Private rooms outlined along their cells, and the walls between public and private rooms.
fn distance_marks(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let level = scene.level;
    let width = (t.cell * 0.3).clamp(2.0, 7.0);
    for (r, room) in level.rooms.iter().enumerate() {
        if room.private && room.kind != RoomKind::Exterior {
            let outlines = scene.facts.outlines.get(r).map_or(&[][..], Vec::as_slice);
            let stroke = Stroke::new(width * 0.4, palette::PRIVATE_OUTLINE);
            outline::stroke(shapes, t, outlines, width * 0.2, stroke);
        }
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
