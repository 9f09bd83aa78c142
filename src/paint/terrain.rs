//! The map itself: terrain with its openings (windows, doors, archways, portcullises, garden gates),
//! the cell grid and the selection. Items, stairs, guards and the player are [`super::glyphs`].
//!
//! Everything is drawn in screen space through the [`CellToScreen`] of the frame or picture, with
//! untextured meshes and shapes sized from the cell size, so the map stays crisp at every zoom. Only the
//! visible cells are drawn.

use std::collections::HashMap;

use egui::{Color32, CornerRadius, Mesh, Rect, Shape, Stroke, StrokeKind, Vec2, vec2};

use super::scene::Scene;
use super::transform::{CellToScreen, Visible};
use super::{glyphs, outline, palette};
use crate::model::{Axis, Cell, Dir, ItemKind, Level, Terrain};

/// Screen-space unit vector of a compass direction (north is up on screen).
pub fn screen_dir(dir: Dir) -> Vec2 {
    match dir {
        Dir::N => vec2(0.0, -1.0),
        Dir::S => vec2(0.0, 1.0),
        Dir::E => vec2(1.0, 0.0),
        Dir::W => vec2(-1.0, 0.0),
    }
}

/// Pillars: wall cells with no glyph-wall neighbours, drawn round on the floor around them.
fn is_pillar(scene: &Scene, c: Cell) -> bool {
    scene.level.terrain(c) == Terrain::Wall && scene.facts.wall_bits_at(c) == 0
}

pub fn draw_terrain(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene, visible: Visible) {
    let level = scene.level;
    let mut mesh = Mesh::default();
    let mut details = Vec::new();
    // Only a door cell's top item changes its look: found in one pass over the items, not a search of
    // them per cell (quadratic on a level with an item on every cell).
    let mut top_on_doors = HashMap::new();
    for item in &level.items {
        if matches!(level.terrain(item.cell), Terrain::Door(_)) {
            top_on_doors.insert(item.cell, item.kind);
        }
    }
    for c in visible.cells() {
        let terrain = level.terrain(c);
        let rect = t.cell_rect(c);
        let mut colour = palette::terrain(terrain);
        if is_pillar(scene, c) {
            colour = c
                .neighbours4()
                .into_iter()
                .map(|n| level.terrain(n))
                .find(|n| !n.is_blocking())
                .map_or(palette::GRASS, palette::terrain);
            details.extend(glyphs::pillar(rect.center(), t.cell));
        } else if t.cell >= 4.0 {
            let door_item = top_on_doors.get(&c).copied();
            opening_details(&mut details, &mut colour, terrain, rect, door_item);
        }
        mesh.add_colored_rect(rect, colour);
    }
    shapes.push(Shape::mesh(mesh));
    shapes.extend(details);
}

/// One cell of `terrain` on its own, as the Tiled tileset draws it: its colour and, for an opening,
/// its detail (a door without its door item shows as the open archway).
pub fn terrain_tile(rect: Rect, terrain: Terrain) -> Vec<Shape> {
    let mut details = Vec::new();
    let mut colour = palette::terrain(terrain);
    opening_details(&mut details, &mut colour, terrain, rect, None);
    let mut shapes = vec![Shape::rect_filled(rect, CornerRadius::ZERO, colour)];
    shapes.extend(details);
    shapes
}

/// Draws windows, doors, archways, portcullises and garden gates over their cell; may change the base colour.
fn opening_details(
    out: &mut Vec<Shape>,
    base: &mut Color32,
    terrain: Terrain,
    rect: Rect,
    item: Option<ItemKind>,
) {
    let s = rect.width();
    let c = rect.center();
    // The wall line's direction on screen and the passage direction across it.
    let along = |axis: Axis| match axis {
        Axis::NS => vec2(0.0, 1.0),
        Axis::EW => vec2(1.0, 0.0),
    };
    let across = |axis: Axis| match axis {
        Axis::NS => vec2(1.0, 0.0),
        Axis::EW => vec2(0.0, 1.0),
    };
    match terrain {
        Terrain::Window(dir) => {
            let out_dir = screen_dir(dir);
            let line = vec2(out_dir.y.abs(), out_dir.x.abs()) * s * 0.42;
            out.push(Shape::line_segment(
                [c - line, c + line],
                Stroke::new(s * 0.22, palette::WINDOW_GLASS),
            ));
            let tip = c + out_dir * s * 0.5;
            let side = vec2(-out_dir.y, out_dir.x) * s * 0.22;
            let base_c = c + out_dir * s * 0.16;
            out.push(Shape::convex_polygon(
                vec![tip, base_c + side, base_c - side],
                palette::WINDOW_GLASS,
                Stroke::NONE,
            ));
        }
        Terrain::Door(axis)
            if matches!(item, Some(ItemKind::Door(_) | ItemKind::LockedDoor(_))) =>
        {
            let size = along(axis) * s * 0.9 + across(axis) * s * 0.45;
            let slab = Rect::from_center_size(c, size);
            out.push(Shape::rect_filled(slab, CornerRadius::ZERO, palette::DOOR));
            out.push(Shape::rect_stroke(
                slab,
                CornerRadius::ZERO,
                Stroke::new((s * 0.07).max(1.0), palette::DOOR_EDGE),
                StrokeKind::Inside,
            ));
            out.push(Shape::circle_filled(
                c + along(axis) * s * 0.25,
                (s * 0.09).max(0.8),
                palette::DOOR_KNOB,
            ));
        }
        Terrain::Door(axis) => {
            // An open archway: floor with the wall's jambs at both ends.
            *base = palette::ARCHWAY;
            for end in [-1.0, 1.0] {
                let centre = c + along(axis) * s * 0.4 * end;
                let size = along(axis).abs() * s * 0.2 + across(axis).abs() * s;
                out.push(Shape::rect_filled(
                    Rect::from_center_size(centre, size),
                    CornerRadius::ZERO,
                    palette::WALL,
                ));
            }
        }
        Terrain::Portcullis(axis) => {
            let stroke = Stroke::new((s * 0.09).max(1.0), palette::PORTCULLIS);
            for k in [-0.3, 0.0, 0.3] {
                let mid = c + along(axis) * s * k;
                out.push(Shape::line_segment(
                    [mid - across(axis) * s * 0.3, mid + across(axis) * s * 0.3],
                    stroke,
                ));
            }
            out.push(Shape::line_segment(
                [c - along(axis) * s * 0.5, c + along(axis) * s * 0.5],
                stroke,
            ));
        }
        Terrain::GardenDoor(axis) => {
            *base = palette::GRASS;
            let stroke = Stroke::new((s * 0.12).max(1.0), palette::GARDEN_GATE);
            out.push(Shape::line_segment(
                [c - along(axis) * s * 0.5, c + along(axis) * s * 0.5],
                stroke,
            ));
            for k in [-0.25, 0.25] {
                let mid = c + along(axis) * s * k;
                out.push(Shape::line_segment(
                    [mid - across(axis) * s * 0.2, mid + across(axis) * s * 0.2],
                    stroke,
                ));
            }
        }
        _ => {}
    }
}

pub fn draw_grid(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level, v: Visible) {
    let stroke = Stroke::new(1.0, palette::GRID);
    for x in v.x0..=v.x1 + 1 {
        let a = t.point(x as f32, v.y0 as f32);
        let b = t.point(x as f32, (v.y1 + 1).min(level.height) as f32);
        shapes.push(Shape::line_segment([a, b], stroke));
    }
    for y in v.y0..=v.y1 + 1 {
        let a = t.point(v.x0 as f32, y as f32);
        let b = t.point((v.x1 + 1).min(level.width) as f32, y as f32);
        shapes.push(Shape::line_segment([a, b], stroke));
    }
}

/// The selected room's frame and the focused finding's ring.
pub fn draw_selection(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let width = (t.cell * 0.18).clamp(2.0, 5.0);
    if let Some(r) = scene.selected_room
        && let Some(room) = scene.level.rooms.get(r)
    {
        let mut mesh = Mesh::default();
        let tint = palette::with_alpha(palette::SELECTION, 40);
        for &c in &room.cells {
            mesh.add_colored_rect(t.cell_rect(c), tint);
        }
        shapes.push(Shape::mesh(mesh));
        let outlines = scene.facts.outlines.get(r).map_or(&[][..], Vec::as_slice);
        let stroke = Stroke::new(width, palette::SELECTION);
        outline::stroke(shapes, t, outlines, -width / 2.0, stroke);
    }
    if let Some(cell) = scene.focus {
        shapes.push(Shape::circle_stroke(
            t.cell_centre(cell),
            t.cell.max(6.0) * 1.2,
            Stroke::new(width, palette::FOCUS),
        ));
    }
}
