//! A game being play-tested on the map: the thief, every guard of the game where it stands with its
//! facing, a badge for its mode (relaxed, wary, chasing, knocked out), the cells it would see the thief on now, an
//! alert guard's goal, a ring on a guard that heard something, the game's light, the coins taken and
//! the fog of war. The frame is built once per turn from the game (`PlayFrame::new`); drawing only
//! reads it.

use egui::epaint::FontsView;
use egui::{Color32, FontId, Mesh, Pos2, Shape, Stroke, vec2};

use super::glyphs::GuardMarker;
use super::labels::{Labels, text_shape};
use super::palette;
use super::play_frame::PlayFrame;
use super::scene::Scene;
use super::timeline::facing_arrow;
use super::transform::{CellToScreen, Visible};
use crate::play::GuardMode;

/// Alpha of a guard's view on the map.
const VIEW_ALPHA: u8 = 90;

/// The colour of a guard's mode: relaxed, wary or chasing.
pub fn mode_colour(mode: GuardMode) -> Color32 {
    match mode {
        GuardMode::ChaseVisibleTarget => palette::PLAY_CHASE,
        GuardMode::Unconscious => palette::PLAY_DOWN,
        m if m.relaxed() => palette::PLAY_RELAXED,
        _ => palette::PLAY_WARY,
    }
}

/// The game's light, the guards' views and goals and the coins taken, under the markers.
pub fn draw_fills(shapes: &mut Vec<Shape>, t: &CellToScreen, frame: &PlayFrame, visible: Visible) {
    let mut mesh = Mesh::default();
    for c in frame.lit.cells().filter(|&c| visible.contains(c)) {
        let strength = frame.light.get(c).copied().unwrap_or(1.0);
        mesh.add_colored_rect(t.cell_rect(c), palette::play_light(strength));
    }
    for g in &frame.guards {
        let colour = palette::with_alpha(mode_colour(g.mode), VIEW_ALPHA);
        for &c in g.view.iter().filter(|&&c| visible.contains(c)) {
            mesh.add_colored_rect(t.cell_rect(c).shrink(t.cell * 0.08), colour);
        }
    }
    shapes.push(Shape::mesh(mesh));
    let width = (t.cell * 0.12).max(1.5);
    for &c in &frame.taken {
        let r = t.cell_rect(c).shrink(t.cell * 0.2);
        let stroke = Stroke::new(width, palette::PLAY_TAKEN);
        shapes.push(Shape::line_segment(
            [r.left_top(), r.right_bottom()],
            stroke,
        ));
        shapes.push(Shape::line_segment(
            [r.right_top(), r.left_bottom()],
            stroke,
        ));
    }
    for g in &frame.guards {
        let Some(goal) = g.goal.filter(|&goal| goal != g.cell) else {
            continue;
        };
        let colour = mode_colour(g.mode);
        let (from, to) = (t.cell_centre(g.cell), t.cell_centre(goal));
        shapes.extend(Shape::dashed_line(
            &[from, to],
            Stroke::new(width, colour),
            t.cell * 0.3,
            t.cell * 0.2,
        ));
        let r = t.cell * 0.3;
        let stroke = Stroke::new(width * 1.5, colour);
        shapes.push(Shape::line_segment(
            [to - vec2(r, r), to + vec2(r, r)],
            stroke,
        ));
        shapes.push(Shape::line_segment(
            [to + vec2(-r, r), to + vec2(r, -r)],
            stroke,
        ));
    }
}

/// The static guards and player start of the document, dimmed under the game's own.
pub fn dim_static(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    let level = scene.level;
    let r = GuardMarker::radius(t) * 1.3;
    for guard in &level.guards {
        shapes.push(Shape::circle_filled(
            t.cell_centre(guard.start),
            r,
            palette::PLAY_DIM,
        ));
    }
    shapes.push(Shape::circle_filled(
        t.cell_centre(level.player_start),
        r,
        palette::PLAY_DIM,
    ));
}

/// The game's guards with their facing, number and mode badge, a ring on those that heard something,
/// and the thief; they are marked taken in `labels`.
pub fn draw_markers(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    frame: &PlayFrame,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
    numbers: f32,
) {
    let level = scene.level;
    let r = GuardMarker::radius(t);
    for g in &frame.guards {
        let Some(guard) = level.guards.get(g.guard) else {
            continue;
        };
        let centre = t.cell_centre(g.cell);
        let colour = mode_colour(g.mode);
        shapes.push(facing_arrow(centre, g.facing, r, colour));
        let marker = GuardMarker {
            number: level.guard_number(g.guard),
            outside: level.patrols.get(guard.route).is_some_and(|p| p.outside),
            carries_torch: guard.carries_torch,
        };
        marker.draw(shapes, t, centre, fonts, numbers);
        if g.heard {
            shapes.push(Shape::circle_stroke(
                centre,
                r * 1.55,
                Stroke::new((t.cell * 0.08).max(1.0), palette::PLAY_HEARD),
            ));
        }
        badge(shapes, t, centre - vec2(r * 0.9, r * 0.9), g.mode, fonts);
        labels.block(GuardMarker::bounds(t, centre));
    }
    let p = t.cell_centre(frame.thief);
    let tr = (t.cell * 0.4).max(3.5);
    shapes.push(Shape::circle_filled(p, tr, palette::PLAY_THIEF));
    shapes.push(Shape::circle_stroke(
        p,
        tr,
        Stroke::new((t.cell * 0.1).max(1.0), palette::MARKER_EDGE),
    ));
    if t.cell >= 10.0 {
        let font = FontId::proportional((tr * 1.1).clamp(7.0, 14.0));
        shapes.push(text_shape(fonts, p, "@", font, palette::PLAYER_MARK));
    }
    labels.block_disc(p, tr);
}

/// A guard's mode badge at `at`: a disc in the mode's colour, with `!` when chasing and `?` when wary.
fn badge(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    at: Pos2,
    mode: GuardMode,
    fonts: &mut FontsView<'_>,
) {
    let r = (t.cell * 0.24).max(2.5);
    shapes.push(Shape::circle_filled(at, r, mode_colour(mode)));
    shapes.push(Shape::circle_stroke(
        at,
        r,
        Stroke::new(1.0, palette::MARKER_EDGE),
    ));
    let mark = match mode {
        GuardMode::ChaseVisibleTarget => "!",
        GuardMode::Unconscious => "z",
        m if m.relaxed() => "",
        _ => "?",
    };
    if !mark.is_empty() && t.cell >= 10.0 {
        let font = FontId::proportional((r * 1.6).clamp(7.0, 14.0));
        shapes.push(text_shape(fonts, at, mark, font, palette::MARKER_EDGE));
    }
}

/// The fog of war: the cells the thief has not seen, darkened.
pub fn draw_fog(shapes: &mut Vec<Shape>, t: &CellToScreen, frame: &PlayFrame, visible: Visible) {
    let Some(seen) = &frame.fog else { return };
    let mut mesh = Mesh::default();
    for c in visible.cells().filter(|&c| !seen.contains(c)) {
        mesh.add_colored_rect(t.cell_rect(c), palette::PLAY_FOG);
    }
    shapes.push(Shape::mesh(mesh));
}
