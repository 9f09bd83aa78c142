//! Overlay 1, the room graph: a node per room on one of the room's own cells, and an edge per door
//! through its door cells, where the [`GraphLayout`](super::graph_layout::GraphLayout) kept in the
//! [`MapFacts`](super::MapFacts) puts them (worked out once per level, not per frame).

use egui::epaint::FontsView;
use egui::{FontId, Pos2, Shape, Stroke};

use super::labels::Labels;
use super::labels::text_shape;
use super::palette;
use super::scene::Scene;
use super::transform::CellToScreen;

/// The radius of a node at the zoom of `t`: inside its cell, so neighbouring markers stay clear.
pub fn node_radius(t: &CellToScreen) -> f32 {
    (t.cell * 0.5).clamp(5.0, 14.0)
}

/// Edges under the nodes, each node with its room number at `numbers` opacity; the nodes are marked
/// taken in `labels`.
pub fn draw(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
    numbers: f32,
) {
    let level = scene.level;
    let layout = &scene.facts.graph;
    let width = (t.cell * 0.14).clamp(1.5, 4.0);
    let r = node_radius(t);
    for edge in &layout.edges {
        let Some(adj) = level.adjacencies.get(edge.adjacency) else {
            continue;
        };
        let (Some(a), Some(b)) = (level.rooms.get(adj.left), level.rooms.get(adj.right)) else {
            continue;
        };
        let pts: Vec<Pos2> = edge.cells.iter().map(|&c| t.cell_centre(c)).collect();
        let under = Stroke::new(width + 2.5, palette::GRAPH_EDGE_UNDERLAY);
        if a.is_courtyard() && b.is_courtyard() {
            let dash = (t.cell * 0.5).max(5.0);
            shapes.extend(Shape::dashed_line(&pts, under, dash, dash * 0.6));
            shapes.extend(Shape::dashed_line(
                &pts,
                Stroke::new(width, palette::EDGE_COURTYARD),
                dash,
                dash * 0.6,
            ));
        } else {
            let (colour, w) = if edge.front {
                (palette::EDGE_FRONT, width * 1.8)
            } else {
                (palette::EDGE_DOOR, width)
            };
            shapes.push(Shape::line(
                pts.clone(),
                Stroke::new(w + 2.5, palette::GRAPH_EDGE_UNDERLAY),
            ));
            shapes.push(Shape::line(pts, Stroke::new(w, colour)));
        }
        if let Some(stub) = edge.stub {
            let p = t.cell_centre(stub);
            shapes.push(Shape::circle_filled(p, r * 0.45, palette::NODE_EXTERIOR));
            shapes.push(Shape::circle_stroke(
                p,
                r * 0.45,
                Stroke::new(1.0, palette::MARKER_EDGE),
            ));
        }
    }
    for (id, room) in level.rooms.iter().enumerate() {
        let Some(cell) = layout.nodes.get(id).copied().flatten() else {
            continue;
        };
        let p = t.cell_centre(cell);
        shapes.push(Shape::circle_filled(p, r, palette::room_node(room)));
        shapes.push(Shape::circle_stroke(
            p,
            r,
            Stroke::new(1.5, palette::MARKER_EDGE),
        ));
        labels.block_disc(p, r);
        if numbers > 0.0 {
            // Three digits take a smaller font to stay inside the node.
            let digits = id.to_string();
            let size = if digits.len() > 2 { r * 0.8 } else { r * 0.95 };
            shapes.push(text_shape(
                fonts,
                p,
                &digits,
                FontId::proportional(size.max(6.5)),
                palette::NODE_NUMBER.gamma_multiply(numbers),
            ));
        }
    }
}
