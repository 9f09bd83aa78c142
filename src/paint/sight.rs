//! Overlay 5, guard sight: a heat map of how much of the joint patrol cycle each cell the thief can
//! stand on is watched, hatching over lit cells and frames around the hiding cells. The light hatching
//! is also the patrol timeline's: at a chosen turn it shows that turn's light, carried torches included.
//! Every figure comes from the stealth analysis in the [`MapFacts`](super::MapFacts).

use egui::{Color32, CornerRadius, Mesh, Pos2, Rect, Shape, Stroke, StrokeKind, pos2, vec2};

use super::palette;
use super::scene::Scene;
use super::timeline;
use super::transform::{CellToScreen, Visible};
use crate::analysis::Overlay;
use crate::analysis::stealth::CellSet;

/// Alpha of the heat map: strong enough to read over every terrain colour, weak enough that the floor's
/// material, the furniture and the other overlays still read through it.
pub const HEAT_ALPHA: u8 = 140;
/// Alpha of the never-watched tint.
pub const NEVER_ALPHA: u8 = 120;

/// The heat map, the timeline's view areas and the light hatching: tints under the items.
pub fn draw_fills(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let Some(stealth) = scene.facts.stealth.as_ref() else {
        return;
    };
    let visible = Visible::new(t, scene.level);
    let sight = scene.overlays.is_on(Overlay::Sight);
    if sight {
        let mut mesh = Mesh::default();
        for c in visible
            .cells()
            .filter(|&c| stealth.rules.standable.contains(c))
        {
            mesh.add_colored_rect(t.cell_rect(c), heat_colour(stealth.watched_share.at(c)));
        }
        shapes.push(Shape::mesh(mesh));
    }
    match scene.timeline {
        Some(frame) => {
            timeline::draw_views(shapes, t, scene, frame, visible);
            shapes.push(hatch(t, &frame.lit, &stealth.rules.standable, visible));
        }
        None if sight => shapes.push(hatch(
            t,
            stealth.torch_lit_of(scene.light),
            &stealth.rules.standable,
            visible,
        )),
        None => {}
    }
}

/// The frames around hiding cells: over the tables and bushes, under the guards.
pub fn draw_marks(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let Some(stealth) = scene.facts.stealth.as_ref() else {
        return;
    };
    if !scene.overlays.is_on(Overlay::Sight) {
        return;
    }
    let visible = Visible::new(t, scene.level);
    for c in stealth.rules.hides.cells() {
        if visible.contains(c) && stealth.rules.standable.contains(c) {
            shapes.push(hiding_frame(t.cell_rect(c), t.cell));
        }
    }
}

/// The frame that marks a hiding cell, shared with the legend.
pub fn hiding_frame(cell: Rect, cell_size: f32) -> Shape {
    let width = (cell_size * 0.12).clamp(1.5, 3.0);
    Shape::rect_stroke(
        cell.shrink(width * 0.5),
        CornerRadius::ZERO,
        Stroke::new(width, palette::HIDING),
        StrokeKind::Inside,
    )
}

/// One diagonal stroke per lit cell the thief can stand on (light on walls tells nothing), so that
/// lit areas read as hatched whatever lies under them.
fn hatch(t: &CellToScreen, lit: &CellSet, floor: &CellSet, visible: Visible) -> Shape {
    let mut mesh = Mesh::default();
    for c in lit
        .cells()
        .filter(|&c| visible.contains(c) && floor.contains(c))
    {
        lit_hatch(&mut mesh, t.cell_rect(c), t.cell);
    }
    Shape::mesh(mesh)
}

/// The hatch stroke of one lit cell (bottom-left to top-right) as a quad, shared with the legend.
pub fn lit_hatch(mesh: &mut Mesh, cell: Rect, cell_size: f32) {
    let half = (cell_size * 0.07).clamp(0.6, 2.0);
    let (a, b) = (cell.left_bottom(), cell.right_top());
    let n = vec2(half, half);
    let colour = palette::with_alpha(palette::LIT_HATCH, 215);
    let base = mesh.vertices.len() as u32;
    for p in [a - n, a + n, b + n, b - n] {
        mesh.colored_vertex(clamp_to(p, cell), colour);
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// `p` kept inside `rect`, so neighbouring cells' strokes meet without overlapping.
fn clamp_to(p: Pos2, rect: Rect) -> Pos2 {
    pos2(
        p.x.clamp(rect.left(), rect.right()),
        p.y.clamp(rect.top(), rect.bottom()),
    )
}

/// A cell's heat-map tint: the ramp for a watched cell, the cool never-watched colour otherwise.
pub fn heat_colour(share: f32) -> Color32 {
    if share > 0.0 {
        palette::with_alpha(palette::watched_ramp(share), HEAT_ALPHA)
    } else {
        palette::with_alpha(palette::NEVER_WATCHED, NEVER_ALPHA)
    }
}
