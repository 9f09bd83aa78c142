//! Legends: what each colour, line style and badge on the map means, with the overlay's figures.
//!
//! Samples are painted with the same palette colours and shape helpers as the map, so a legend cannot show
//! something the map does not.

use egui::{
    Color32, CornerRadius, RichText, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, pos2, vec2,
};

use crate::analysis::LootClass;
use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::stealth_legends;
use crate::app::panels::widgets::{SAMPLE, row, swatch};
use crate::app::state::{EditorState, Overlay};
use crate::model::{ItemKind, LockOrigin, RoomKind, StationRole};
use crate::paint::palette;
use crate::paint::{badge, item_glyph, padlock, pillar, shield, split_marker, stack_badge, stairs};

/// Several small dot samples with short texts on one wrapped line.
fn dots(ui: &mut Ui, entries: &[(Color32, &str)]) {
    ui.horizontal_wrapped(|ui| {
        for &(colour, text) in entries {
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::hover());
            ui.painter().circle_filled(rect.center(), 6.0, colour);
            ui.painter()
                .circle_stroke(rect.center(), 6.0, Stroke::new(1.0, palette::MARKER_EDGE));
            ui.label(text);
            ui.add_space(6.0);
        }
    });
}

fn dot(ui: &mut Ui, colour: Color32, text: &str) {
    row(ui, text, |s, r, _| {
        s.push(Shape::circle_filled(r.center(), 6.0, colour));
        s.push(Shape::circle_stroke(
            r.center(),
            6.0,
            Stroke::new(1.0, palette::MARKER_EDGE),
        ));
    });
}

fn line(ui: &mut Ui, stroke: Stroke, dashed: bool, text: &str) {
    row(ui, text, |s, r, _| {
        let pts = [r.left_center(), r.right_center()];
        if dashed {
            s.extend(Shape::dashed_line(&pts, stroke, 5.0, 3.0));
        } else {
            s.push(Shape::line_segment(pts, stroke));
        }
    });
}

/// The legend of one overlay of the level's structure, with its figures for the current level; the
/// stealth overlays' legends are the stealth panels' (`stealth_legends`).
fn overlay_legend(ui: &mut Ui, overlay: Overlay, state: &EditorState) {
    match overlay {
        Overlay::RoomGraph => room_graph(ui, state),
        Overlay::Distances => distances(ui, state),
        Overlay::Loot => loot(ui, state),
        Overlay::Patrols => patrols(ui, state),
        Overlay::Sight | Overlay::Routes => {}
    }
}

fn room_graph(ui: &mut Ui, state: &EditorState) {
    let node = |kind, private| {
        let room = crate::model::Room {
            kind,
            private,
            depth: 0,
            interior: crate::model::Rect {
                x0: 0,
                y0: 0,
                x1: 0,
                y1: 0,
            },
            cells: Vec::new(),
            origin: crate::model::RoomOrigin::Exterior,
        };
        palette::room_node(&room)
    };
    ui.weak("Nodes (number = room id), each on a cell of its room:");
    dots(
        ui,
        &[
            (node(RoomKind::Room, false), "public room"),
            (node(RoomKind::Room, true), "private room"),
            (node(RoomKind::Courtyard, false), "public courtyard"),
            (node(RoomKind::Courtyard, true), "private courtyard"),
            (node(RoomKind::Exterior, false), "exterior"),
        ],
    );
    line(
        ui,
        Stroke::new(2.0, palette::EDGE_DOOR),
        false,
        "door (through its door cell)",
    );
    line(
        ui,
        Stroke::new(2.0, palette::EDGE_COURTYARD),
        true,
        "courtyard link",
    );
    line(
        ui,
        Stroke::new(3.5, palette::EDGE_FRONT),
        false,
        "front door",
    );
    let doors = state.level().adjacencies.iter().filter(|a| a.door).count();
    ui.weak(format!(
        "{} rooms, {doors} door connections",
        state.level().rooms.len()
    ));
}

fn distances(ui: &mut Ui, state: &EditorState) {
    let a = &state.analysis;
    let max = a.map.max_depth.max(1);
    row(
        ui,
        &format!(
            "depth 1 … {max} from the front: the room's fill, or a band inside its border when guard sight fills the cells"
        ),
        |s, r, _| {
            let n = 6;
            let w = r.width() / n as f32;
            for k in 0..n {
                let cell = egui::Rect::from_min_size(
                    pos2(r.min.x + w * k as f32, r.min.y),
                    vec2(w, r.height()),
                );
                s.push(Shape::rect_filled(
                    cell,
                    CornerRadius::ZERO,
                    palette::depth_ramp(k as f32 / (n - 1) as f32),
                ));
            }
        },
    );
    row(
        ui,
        "private room, outlined along its cells (tag “d P”)",
        |s, r, _| {
            s.push(Shape::rect_stroke(
                r.shrink(2.0),
                CornerRadius::ZERO,
                Stroke::new(2.0, palette::PRIVATE_OUTLINE),
                StrokeKind::Inside,
            ));
        },
    );
    line(
        ui,
        Stroke::new(4.0, palette::BOUNDARY),
        false,
        "public/private boundary",
    );
    let plan = state.level().plan.map(|p| (p.rooms_x, p.rooms_y));
    let target = match plan {
        Some((x, y)) => format!(
            "at least {} rooms (a quarter of the {x}×{y} grid's slots, rounded down)",
            a.private_target
        ),
        None => "at least a quarter of the rooms".to_string(),
    };
    ui.label(format!(
        "Rule: the deepest rooms become private, one whole depth at a time from the back, until \
         {target} are private; courtyards touching private courtyards are private too."
    ));
    ui.weak(format!(
        "Here: depth {} and deeper is private.",
        a.private_threshold
    ));
}

fn loot(ui: &mut Ui, state: &EditorState) {
    let a = &state.analysis.map;
    for class in [LootClass::DeadEnd, LootClass::Private, LootClass::Anywhere] {
        let rooms = a.loot_classes.iter().filter(|c| **c == Some(class)).count();
        let coins = a.loot.iter().filter(|e| e.class == Some(class)).count();
        swatch(
            ui,
            palette::loot_class(class),
            &format!("{}: {rooms} rooms, {coins} loot", class.label()),
        );
    }
    ui.weak(
        "A room's fill when alone; a frame inside the room (inside the depth band) when depth or \
         guard sight fills it.",
    );
    let elsewhere = a.loot.iter().filter(|e| e.class.is_none()).count();
    if elsewhere > 0 {
        ui.weak(format!("{elsewhere} loot outside any loot room"));
    }
    row(
        ui,
        "loot; the small tag is its number, which stays through edits and regenerations",
        |s, r, _| {
            s.push(Shape::circle_filled(r.center(), 5.0, palette::COIN));
            s.push(Shape::circle_stroke(
                r.center(),
                7.0,
                Stroke::new(2.0, palette::LOOT_RING),
            ));
        },
    );
    ui.weak("Loot goes to dead ends first, then private rooms, then anywhere.");
}

fn patrols(ui: &mut Ui, state: &EditorState) {
    let m = &state.analysis.map.patrols;
    let c = palette::route_colour(1);
    line(ui, Stroke::new(3.0, c), false, "loop route (tag “loop”)");
    line(
        ui,
        Stroke::new(3.0, c),
        true,
        "back-and-forth chain (tag “chain”)",
    );
    row(ui, "walking direction", |s, r, _| {
        let tip = r.right_center();
        s.push(Shape::line_segment(
            [r.left_center(), tip],
            Stroke::new(2.0, c),
        ));
        s.push(Shape::convex_polygon(
            vec![tip, tip + vec2(-9.0, -5.0), tip + vec2(-9.0, 5.0)],
            c,
            Stroke::new(1.0, palette::MARKER_EDGE),
        ));
    });
    row(
        ui,
        "end station: W window, C chair, $ loot, D into room",
        |s, r, ui| {
            ui.fonts_mut(|f| badge(s, f, r.center(), 13.0, StationRole::Tail, "W", c));
        },
    );
    row(ui, "side trip station", |s, r, ui| {
        ui.fonts_mut(|f| badge(s, f, r.center(), 11.0, StationRole::SideTrip, "C", c));
    });
    row(
        ui,
        "split point (chain cut for guard density)",
        |s, r, _| {
            split_marker(s, r.center(), 6.5);
        },
    );
    row(ui, "unpatrolled room", |s, r, _| {
        let pts = [
            r.left_top(),
            r.right_top(),
            r.right_bottom(),
            r.left_bottom(),
            r.left_top(),
        ];
        s.extend(Shape::dashed_line(
            &pts,
            Stroke::new(2.0, palette::UNPATROLLED),
            5.0,
            3.0,
        ));
    });
    ui.weak(format!(
        "{} interior routes ({} loops), {} outside, {} split points, {} unpatrolled rooms",
        m.routes,
        m.loops,
        m.outside_routes,
        state.level().split_points.len(),
        m.unpatrolled.len()
    ));
}

/// The base map's legend: terrain, openings, items and actors.
pub fn map(ui: &mut Ui) {
    for (colour, text) in [
        (palette::GROUND, "ground"),
        (palette::GRASS, "grass"),
        (palette::WATER, "water"),
        (palette::WOOD, "wood (public floor)"),
        (palette::WOOD_CREAKY, "creaky wood"),
        (palette::MARBLE, "marble (private floor)"),
        (palette::WALL, "wall"),
        (palette::VOID, "void"),
    ] {
        swatch(ui, colour, text);
    }
    openings(ui);
    items_and_actors(ui);
    locks(ui);
}

/// The map legend's openings in walls: window, door, archway, portcullis, garden gate.
fn openings(ui: &mut Ui) {
    row(ui, "window, arrow points outward", |s, r, _| {
        s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::WALL));
        s.push(Shape::line_segment(
            [r.left_center(), r.right_center()],
            Stroke::new(3.0, palette::WINDOW_GLASS),
        ));
        let c = r.center();
        s.push(Shape::convex_polygon(
            vec![
                c + vec2(0.0, -7.0),
                c + vec2(-4.0, -1.0),
                c + vec2(4.0, -1.0),
            ],
            palette::WINDOW_GLASS,
            Stroke::NONE,
        ));
    });
    row(ui, "closed door (brass knob)", |s, r, _| {
        s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::WALL));
        s.push(Shape::rect_filled(
            r.shrink2(vec2(1.0, 4.0)),
            CornerRadius::ZERO,
            palette::DOOR,
        ));
        s.push(Shape::circle_filled(
            r.center() + vec2(5.0, 0.0),
            1.5,
            palette::DOOR_KNOB,
        ));
    });
    row(ui, "open archway", |s, r, _| {
        s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::ARCHWAY));
        for x in [r.left(), r.right() - 5.0] {
            s.push(Shape::rect_filled(
                egui::Rect::from_min_size(pos2(x, r.top()), vec2(5.0, r.height())),
                CornerRadius::ZERO,
                palette::WALL,
            ));
        }
    });
    row(ui, "portcullis", |s, r, _| {
        s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::WALL));
        for k in [0.25, 0.5, 0.75] {
            let x = r.left() + r.width() * k;
            s.push(Shape::line_segment(
                [pos2(x, r.top() + 2.0), pos2(x, r.bottom() - 2.0)],
                Stroke::new(1.5, palette::PORTCULLIS),
            ));
        }
        s.push(Shape::line_segment(
            [r.left_center(), r.right_center()],
            Stroke::new(1.5, palette::PORTCULLIS),
        ));
    });
    row(ui, "garden gate", |s, r, _| {
        s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::GRASS));
        s.push(Shape::line_segment(
            [r.left_center(), r.right_center()],
            Stroke::new(2.5, palette::GARDEN_GATE),
        ));
    });
}

/// The map legend's items, pillars, stairs, guards and player start, each drawn as on the map.
fn items_and_actors(ui: &mut Ui) {
    // Items on a cell of floor, as on the map.
    let on_floor = |s: &mut Vec<Shape>, r: egui::Rect| {
        let cell = egui::Rect::from_center_size(r.center(), Vec2::splat(r.height()));
        s.push(Shape::rect_filled(cell, CornerRadius::ZERO, palette::WOOD));
        cell
    };
    let glyph = |ui: &mut Ui, kind: ItemKind, text: &str| {
        row(ui, text, |s, r, _| {
            let cell = on_floor(s, r);
            item_glyph(s, cell.center(), cell.height(), kind);
        });
    };
    glyph(ui, ItemKind::Coin, "loot (coin)");
    glyph(ui, ItemKind::Table, "table (light rim)");
    glyph(ui, ItemKind::Chair, "chair (burgundy, with a back)");
    row(
        ui,
        "a stack: a coin on a chair (a bar per item)",
        |s, r, _| {
            let cell = on_floor(s, r);
            item_glyph(s, cell.center(), cell.height(), ItemKind::Chair);
            item_glyph(s, cell.center(), cell.height(), ItemKind::Coin);
            stack_badge(s, cell.right_top(), cell.height(), 2);
        },
    );
    dot(ui, palette::BUSH, "bush");
    glyph(ui, ItemKind::TorchLit, "lit torch (flame and glow)");
    glyph(ui, ItemKind::TorchUnlit, "unlit torch (dark cup)");
    row(ui, "pillar (broad stone disc)", |s, r, _| {
        let cell = on_floor(s, r);
        s.extend(pillar(cell.center(), cell.height()));
    });
    row(ui, "stairs up / down (Rogue grid)", |s, r, _| {
        let side = r.height();
        stairs(s, egui::Rect::from_min_size(r.min, vec2(side, side)), true);
        let down = egui::Rect::from_min_size(r.right_top() - vec2(side, 0.0), vec2(side, side));
        stairs(s, down, false);
    });
    row(
        ui,
        "guard at its start (flame: carries a torch)",
        |s, r, _| {
            shield(s, r.center(), 6.5, palette::GUARD, 1.0);
        },
    );
    row(ui, "outside guard", |s, r, _| {
        shield(s, r.center(), 6.5, palette::GUARD_OUTSIDE, 1.0);
    });
    dot(ui, palette::PLAYER, "player start (@)");
}

/// The map legend's padlocks: who locked a room, with what each lock means on hover.
fn locks(ui: &mut Ui) {
    for (by_edit, text, origin) in [
        (false, "room locked by you", LockOrigin::Designer),
        (true, "room locked by a hand edit", LockOrigin::Edit),
    ] {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(SAMPLE, Sense::hover());
            let mut shapes = Vec::new();
            padlock(
                &mut shapes,
                rect.min + vec2(6.0, 0.0),
                rect.height(),
                by_edit,
            );
            ui.painter().extend(shapes);
            ui.label(text)
                .on_hover_text(crate::app::panels::lock_notes::lock_tooltip(origin));
        });
    }
}

/// The legends: the legend of every overlay shown and of the patrol timeline when it is open, then
/// the map's symbols. They sit in the controls column under the overlay toggles they explain, folded
/// under one header, and scroll with the column: a legend never covers or squeezes a control (as a
/// panel of its own at the column's foot did, hiding the campaign list at the default window size).
#[derive(Default)]
pub struct Legends {
    /// The patrol timeline is open: its legend is shown too.
    pub timeline_open: bool,
}

impl Panel for Legends {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let timeline_open = self.timeline_open;
        egui::CollapsingHeader::new(RichText::new("Legend").heading())
            .id_salt("legends")
            .default_open(true)
            .show(ui, |ui| {
                let shown: Vec<Overlay> = Overlay::ALL
                    .iter()
                    .copied()
                    .filter(|&o| state.view.overlays.is_on(o))
                    .collect();
                if shown.is_empty() && !timeline_open {
                    ui.weak("Turn an overlay on (keys 1–6) to see what its colours mean.");
                }
                for overlay in shown {
                    ui.label(RichText::new(overlay.label()).strong());
                    ui.indent(overlay.name(), |ui| match overlay {
                        Overlay::Sight => stealth_legends::sight_legend(ui, state, commands),
                        Overlay::Routes => stealth_legends::routes_legend(ui, state, commands),
                        Overlay::RoomGraph
                        | Overlay::Distances
                        | Overlay::Loot
                        | Overlay::Patrols => overlay_legend(ui, overlay, state),
                    });
                }
                if timeline_open {
                    ui.label(RichText::new("Patrol timeline").strong());
                    ui.indent("timeline-legend", stealth_legends::timeline_legend);
                }
                ui.collapsing("Map symbols", map);
            });
    }
}
