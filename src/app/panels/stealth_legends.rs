//! The legends of the stealth analysis: overlays 5 (guard sight) and 6 (routes to loot) with the level's
//! figures, and the patrol timeline's; drawn by the legend panel (`legend.rs`).
//! Samples are painted with the map painter's own helpers, so a legend cannot show what the map does not.

use egui::{Color32, CornerRadius, Mesh, Shape, Stroke, Ui, pos2, vec2};

use crate::analysis::stealth::{self, LitMap, LootRoute};
use crate::app::commands::command::Command;
use crate::app::panels::describe;
use crate::app::panels::widgets::{row, swatch};
use crate::app::state::EditorState;
use crate::paint::{self, palette};
use crate::play::rule_sets;

/// Lit floor as the map hatches it, over wood.
fn lit_sample(s: &mut Vec<Shape>, r: egui::Rect, _: &Ui) {
    s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::WOOD));
    let mut mesh = Mesh::default();
    let side = r.height();
    let mut x = r.left();
    while x + side <= r.right() + 0.5 {
        let cell = egui::Rect::from_min_size(pos2(x, r.top()), vec2(side, side));
        paint::lit_hatch(&mut mesh, cell, side);
        x += side;
    }
    s.push(Shape::mesh(mesh));
}

/// The patrol timeline's legend: what the map shows at the chosen turn.
pub fn timeline_legend(ui: &mut Ui) {
    // A route's colour that is not the guards' red, so the arrow and the view read apart from them.
    let route = palette::route_colour(1);
    row(
        ui,
        "guard where it stands this turn, facing the arrow",
        |s, r, _| {
            let centre = r.left_center() + vec2(6.0, 0.0);
            paint::shield(s, centre, 5.5, palette::GUARD, 1.0);
            s.push(paint::facing_arrow(
                centre,
                crate::model::Dir::E,
                6.0,
                route,
            ));
        },
    );
    row(
        ui,
        "what that guard sees this turn (its route's colour)",
        |s, r, _| {
            s.push(Shape::rect_filled(r, CornerRadius::ZERO, palette::WOOD));
            s.push(Shape::rect_filled(
                r,
                CornerRadius::ZERO,
                palette::with_alpha(route, paint::VIEW_ALPHA),
            ));
        },
    );
    row(
        ui,
        "lit this turn, carried torches included (hatched)",
        lit_sample,
    );
    ui.weak(
        "Guards walk their patrols undisturbed and relight the torches they find: they never react \
         to the thief here.",
    );
}

/// A colour ramp drawn left to right over a legend sample.
fn ramp_sample(shapes: &mut Vec<Shape>, r: egui::Rect, colour: impl Fn(f32) -> Color32) {
    let n = 12;
    let w = r.width() / n as f32;
    for k in 0..n {
        let cell =
            egui::Rect::from_min_size(pos2(r.min.x + w * k as f32, r.min.y), vec2(w, r.height()));
        shapes.push(Shape::rect_filled(
            cell,
            CornerRadius::ZERO,
            colour(k as f32 / (n - 1) as f32),
        ));
    }
}

/// What a stealth legend says while the analysis is still under way (or missing).
fn not_yet(ui: &mut Ui, state: &EditorState) {
    if state.analysing() {
        ui.weak(describe::ANALYSING);
    } else {
        ui.weak("No analysis of how this mansion plays.");
    }
}

/// What the analysis simplifies under the rules it follows for the level.
fn model_note(ui: &mut Ui, state: &EditorState) {
    if let Ok((rules, _)) = rule_sets::for_analysis(state.view.analysis_rules, state.level()) {
        ui.weak(rules.analysis_model());
    }
}

/// Which rules the analysis plays the level by, warning where they are not the level's own, and the
/// choice of others (`salt` tells the legends' choices apart when both are shown).
fn rules_note(ui: &mut Ui, state: &EditorState, salt: &str, commands: &mut Vec<Command>) {
    let level = state.level();
    let own = rule_sets::of_level(level);
    match rule_sets::for_analysis(state.view.analysis_rules, level) {
        Ok((rules, None)) if rules.id() == own.id() => {
            ui.weak(format!("Analysed by the {} rules.", rules.label()));
        }
        Ok((rules, None)) => {
            ui.colored_label(
                palette::TEXT_WARNING,
                format!(
                    "Analysed by the {} rules, not this level's own (the {} rules).",
                    rules.label(),
                    own.label()
                ),
            );
        }
        Ok((rules, Some(_))) => {
            ui.colored_label(
                palette::TEXT_WARNING,
                format!(
                    "Analysed by the {} rules: this level's own, the {} rules, are not modelled by \
                     the analysis yet. A play-test (F5) plays them.",
                    rules.label(),
                    own.label()
                ),
            );
        }
        Err(why) => {
            ui.colored_label(palette::TEXT_WARNING, why);
        }
    }
    let mut chosen = state.view.analysis_rules;
    ui.horizontal(|ui| {
        ui.label("Rules:");
        egui::ComboBox::from_id_salt(("analysis-rules", salt))
            .selected_text(chosen.map_or_else(
                || format!("the level's own ({})", own.id()),
                |id| rule_sets::find(id).map_or(id.to_string(), |r| r.label().to_string()),
            ))
            .show_ui(ui, |ui| {
                ui.selectable_value(
                    &mut chosen,
                    None,
                    format!("The level's own ({})", own.label()),
                );
                for rules in rule_sets::all().into_iter().filter(|r| r.analysed()) {
                    ui.selectable_value(&mut chosen, Some(rules.id()), rules.label())
                        .on_hover_text(rules.about());
                }
            })
            .response
            .on_hover_text(Command::SetAnalysisRules(None).description());
    });
    if chosen != state.view.analysis_rules {
        commands.push(Command::SetAnalysisRules(chosen));
    }
}

pub fn sight_legend(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
    let Some(stealth) = state.analysis.map.stealth.as_ref() else {
        return not_yet(ui, state);
    };
    rules_note(ui, state, "sight", commands);
    row(
        ui,
        "watched 1 % … 100 % of the patrol cycle",
        |s, r, _| {
            // The ramp as the map paints it, share by share (the map takes the square root).
            ramp_sample(s, r, |x| paint::heat_colour((x * x).max(0.01)));
        },
    );
    swatch(ui, paint::heat_colour(0.0), "never watched by any guard");
    let settled = state.view.lit_map == LitMap::Settled;
    row(
        ui,
        if settled {
            "lit by a torch once guards relit the unlit ones (hatched)"
        } else {
            "lit by a torch as generated, placed lit (hatched)"
        },
        lit_sample,
    );
    let mut toggle = settled;
    if ui
        .checkbox(&mut toggle, "light once torches are relit")
        .on_hover_text(Command::ToggleSettledLight.tooltip())
        .changed()
    {
        commands.push(Command::ToggleSettledLight);
    }
    row(ui, "hiding cell (table, bed or bush)", |s, r, _| {
        let cell = egui::Rect::from_center_size(r.center(), vec2(r.height(), r.height()));
        s.push(Shape::rect_filled(cell, CornerRadius::ZERO, palette::TABLE));
        s.push(paint::hiding_frame(cell, r.height()));
    });
    let sum = &stealth.summary;
    ui.label(format!(
        "Floor lit: {} as generated, {} once guards relit torches; watched on average (after \
         relighting): {}; never watched: {}; hiding cells: {}",
        describe::percent(sum.lit_floor_share),
        describe::percent(sum.lit_floor_share_settled),
        describe::percent(sum.watched_share),
        describe::percent(sum.never_watched_share),
        sum.hiding_cells
    ));
    model_note(ui, state);
}

pub fn routes_legend(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
    let Some(stealth) = state.analysis.map.stealth.as_ref() else {
        return not_yet(ui, state);
    };
    rules_note(ui, state, "routes", commands);
    let shown: Vec<&LootRoute> = match state.shown_loot() {
        Some(item) if stealth.routes.iter().any(|r| r.item == item) => {
            stealth.routes.iter().filter(|r| r.item == item).collect()
        }
        _ => stealth.routes.iter().collect(),
    };
    if stealth.horizon < stealth::DEFAULT_HORIZON {
        ui.colored_label(
            palette::TEXT_WARNING,
            format!(
                "Routes searched within {} turns only (usually {}): this level's size, guards and \
                 loot bound the search, so a coin shown without a route may still have one.",
                stealth.horizon,
                stealth::DEFAULT_HORIZON
            ),
        );
    }
    let span = shown
        .iter()
        .filter_map(|r| r.turns())
        .max()
        .unwrap_or(0)
        .max(1);
    row(ui, &format!("ghost route, turn 0 … {span}"), |s, r, _| {
        ramp_sample(s, r.shrink2(vec2(0.0, 4.0)), palette::route_time_ramp);
    });
    row(ui, "no ghost route: least-noticed route", |s, r, _| {
        let pts = [r.left_center(), r.right_center()];
        s.extend(Shape::dashed_line(
            &pts,
            Stroke::new(3.0, palette::FALLBACK_ROUTE),
            5.0,
            3.0,
        ));
    });
    row(ui, "a turn the thief is noticed", |s, r, _| {
        paint::watched_dot(s, r.center(), 4.5);
    });
    row(ui, "loot with no ghost route", |s, r, _| {
        s.push(Shape::circle_filled(r.center(), 4.0, palette::COIN));
        paint::no_ghost_ring(s, r.center(), 6.5);
    });
    let sum = &stealth.summary;
    ui.label(format!(
        "Loot: {}; ghost-reachable: {}; taken without a chase: {}; ghost route turns in all: {}",
        sum.loot, sum.loot_ghost, sum.loot_unchased, sum.ghost_route_turns
    ));
    if state.selection.loot.is_some() {
        if ui
            .button("Show all loot")
            .on_hover_text(Command::SelectLoot(None).description())
            .clicked()
        {
            commands.push(Command::SelectLoot(None));
        }
    } else {
        ui.weak("Hover loot on the map, or pick it in the inspector, to see its route alone.");
    }
    model_note(ui, state);
}
