//! Overlay 6, routes to loot: the route the stealth analysis found to each coin (or only to the coin in
//! focus), coloured by turn from the start to the way out. A ghost route is a solid line; loot without
//! one is ringed in red (loot the search left out on a huge level is not), and its least-noticed route
//! (seen or heard), if any, is a red dashed line with a red dot at each turn it is watched. The figures are the [`MapFacts`](super::MapFacts)'s; nothing is searched here.

use egui::epaint::FontsView;
use egui::{Align2, Pos2, Shape, Stroke, vec2};

use super::labels::{Labels, Tag, label_size};
use super::palette;
use super::scene::Scene;
use super::transform::CellToScreen;
use crate::analysis::Overlay;
use crate::analysis::stealth::{LootRoute, NoRoute};

/// The routes the overlay shows, with their indices into `Stealth::routes`: the one to the loot in
/// focus, or all of them.
pub fn shown_routes<'a>(scene: &Scene<'a>) -> Vec<(usize, &'a LootRoute)> {
    let Some(stealth) = scene.facts.stealth.as_ref() else {
        return Vec::new();
    };
    let all = stealth.routes.iter().enumerate();
    match scene.loot_focus {
        Some(item) if stealth.routes.iter().any(|r| r.item == item) => {
            all.filter(|(_, r)| r.item == item).collect()
        }
        _ => all.collect(),
    }
}

/// The turn count the colour ramp spans: the longest shown route (at least one turn).
pub fn ramp_turns(routes: &[(usize, &LootRoute)]) -> usize {
    routes
        .iter()
        .filter_map(|(_, r)| r.turns())
        .max()
        .unwrap_or(0)
        .max(1)
}

pub fn draw_marks(shapes: &mut Vec<Shape>, t: &CellToScreen, scene: &Scene) {
    if !scene.overlays.is_on(Overlay::Routes) {
        return;
    }
    let routes = shown_routes(scene);
    let span = ramp_turns(&routes) as f32;
    let width = (t.cell * 0.16).clamp(2.0, 5.0);
    for &(i, r) in &routes {
        let Some(route) = &r.route else { continue };
        let pts: Vec<Pos2> = route.path.iter().map(|&c| t.cell_centre(c)).collect();
        let under = Stroke::new(width + 2.5, palette::ROUTE_UNDERLAY);
        if r.ghost {
            shapes.push(Shape::line(pts.clone(), under));
            for (k, w) in pts.windows(2).enumerate() {
                let colour = palette::route_time_ramp((k as f32 + 0.5) / span);
                if w[0] == w[1] {
                    // A wait: a dot where the thief stands still for a turn.
                    shapes.push(Shape::circle_filled(w[0], width * 0.9, colour));
                } else {
                    shapes.push(Shape::line_segment(
                        [w[0], w[1]],
                        Stroke::new(width, colour),
                    ));
                }
            }
        } else {
            let dash = (t.cell * 0.45).max(4.0);
            shapes.extend(Shape::dashed_line(&pts, under, dash, dash * 0.7));
            shapes.extend(Shape::dashed_line(
                &pts,
                Stroke::new(width, palette::FALLBACK_ROUTE),
                dash,
                dash * 0.7,
            ));
            let watched = scene
                .facts
                .watched_turns
                .get(i)
                .map_or(&[][..], Vec::as_slice);
            for &turn in watched {
                if let Some(&p) = pts.get(turn) {
                    watched_dot(shapes, p, width * 1.3);
                }
            }
        }
    }
    // Loot the search left out for want of budget is unknown, not bad: it gets no ring.
    for (_, r) in routes
        .iter()
        .filter(|(_, r)| !r.ghost && r.no_route != Some(NoRoute::NotSearched))
    {
        no_ghost_ring(shapes, t.cell_centre(r.cell), t.cell * 0.7);
    }
}

/// A red dot with a white rim: the thief is watched at this turn of a fallback route.
pub fn watched_dot(shapes: &mut Vec<Shape>, p: Pos2, r: f32) {
    shapes.push(Shape::circle_filled(p, r, palette::FALLBACK_ROUTE));
    shapes.push(Shape::circle_stroke(
        p,
        r,
        Stroke::new(1.0, palette::WATCHED_DOT_RIM),
    ));
}

/// A thick red ring round loot that has no ghost route.
pub fn no_ghost_ring(shapes: &mut Vec<Shape>, p: Pos2, r: f32) {
    let w = (r * 0.25).clamp(2.0, 4.0);
    shapes.push(Shape::circle_stroke(
        p,
        r,
        Stroke::new(w + 2.0, palette::NO_GHOST_UNDERLAY),
    ));
    shapes.push(Shape::circle_stroke(
        p,
        r,
        Stroke::new(w, palette::NO_GHOST),
    ));
}

/// Tags on loot without a ghost route (how often its best route is seen, or that there is none), and
/// the turns of the route in focus: warnings, placed before every other overlay's tags.
pub fn draw_labels(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    scene: &Scene,
    fonts: &mut FontsView<'_>,
    labels: &mut Labels,
    alpha: f32,
) {
    if !scene.overlays.is_on(Overlay::Routes) {
        return;
    }
    let Some(stealth) = scene.facts.stealth.as_ref() else {
        return;
    };
    let size = label_size(t) * 0.85;
    let focused = scene.loot_focus.is_some();
    for (_, r) in shown_routes(scene) {
        let text = match (&r.route, r.ghost) {
            (Some(_), true) if focused => format!("ghost, {} turns", r.turns().unwrap_or(0)),
            (Some(_), true) => continue,
            (Some(route), false) => format!("seen {}×", route.watched_steps),
            (None, _) => match r.no_route {
                Some(NoRoute::NotSearched) => continue,
                Some(NoRoute::Unreachable) => "unreachable".to_string(),
                Some(NoRoute::NoneWithin) | None => {
                    format!("no route in {} turns", stealth.horizon)
                }
            },
        };
        let colour = if r.ghost {
            palette::TAG_TEXT
        } else {
            palette::TAG_NOT_GHOST
        };
        let cell = t.cell_rect(r.cell);
        let g = t.cell * 0.3;
        let spots = [
            (cell.center_bottom() + vec2(0.0, g), Align2::CENTER_TOP),
            (cell.center_top() - vec2(0.0, g), Align2::CENTER_BOTTOM),
            (cell.right_center() + vec2(g, 0.0), Align2::LEFT_CENTER),
            (cell.left_center() - vec2(g, 0.0), Align2::RIGHT_CENTER),
        ];
        let tag = Tag {
            text: &text,
            colour,
            size,
            alpha,
        };
        labels.place(shapes, fonts, &spots, tag);
    }
}
