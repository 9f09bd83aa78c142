//! The side-by-side view: the document on the left, the version it is compared with on the right, in
//! one line what differs above them. Marks on one map alone leave the designer guessing what was
//! there before; two maps that move together show it. So the two views share everything a designer
//! sets: one camera (a drag or a zoom in either moves both, the other version lined up as the
//! comparison lined it up, entrance on entrance), the overlays, layers and grid, and the patrol
//! timeline's turn; each is marked with the differences in its own coordinates.
//!
//! The left view is the map view itself, tools and all; the right one is read-only (a drag there
//! only pans; its hover tooltip names the document's cell beside it) and drawn by the same painter from the same view settings ([`map_view::view_scene`]),
//! with the other version's own facts, analysed once per comparison (on another thread in the
//! editor's window, like the document's) and its own timeline frame of the shared turn.

use egui::{Label, PointerButton, Pos2, Rect, RichText, Sense, Ui, UiBuilder, Vec2, pos2, vec2};

use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON};
use crate::app::background::{Job, Outcome};
use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::map::map_view::{self, Frames};
use crate::app::map::rulers;
use crate::app::map::tools::ToolState;
use crate::app::state::{EditorState, MessageKind};
use crate::model::{Cell, Level};
use crate::paint::{self, CellToScreen, MapFacts, TimelineFrame, palette};
use crate::play::rule_sets;

/// Room between the two views, in points.
const GAP: f32 = 6.0;

/// The accessible name of the right-hand map (the left one is the map view's, "Map").
pub const OTHER_MAP: &str = "Compared map";

/// Whether the central area shows the two maps, and what the right one needs beyond the comparison.
#[derive(Default)]
pub struct SideBySide {
    /// Shown while there is a comparison; dropped with it.
    pub open: bool,
    /// The right map's cell → screen transform of the last frame (for tests and screenshots to aim
    /// at, as the map view's `last_transform`).
    pub last_transform: Option<CellToScreen>,
    /// The other version's facts, for the comparison they were made for.
    other: Option<Other>,
    /// A seed-browser pick to compare with once the first pick has replaced the document (after the
    /// designer answered the unsaved-changes prompt).
    queued: Option<Queued>,
}

/// What the right view draws beyond the comparison itself.
struct Other {
    /// [`crate::app::map::comparison::Comparison::id`] of the comparison whose reference this is.
    comparison: u64,
    /// The stealth rules it was analysed under (the view's choice, as for the document).
    rules: Option<&'static str>,
    /// Its depths, outlines, loot order… and, once analysed, its stealth analysis.
    facts: MapFacts,
    /// Its stealth analysis under way on another thread.
    job: Option<Job>,
    /// The patrol timeline's turn on this version, rebuilt when the turn changes.
    frame: Option<TimelineFrame>,
}

/// The second seed-browser pick, waiting for the first to be opened.
struct Queued {
    game_seed: u64,
    level: u32,
    /// The state's revision when it was queued: a replacement after it is the first pick's.
    seen: u64,
}

impl SideBySide {
    /// Shows the two maps, when there is something to compare with; says so when there is not.
    pub fn show_for(&mut self, state: &mut EditorState) {
        if state.comparison.is_some() {
            self.open = true;
            state.view.camera.request_fit();
        } else {
            state.say(
                MessageKind::Warning,
                "Nothing to show side by side: compare with something first (the Compare panel)",
            );
        }
    }

    /// Escape: drops a selection, paste or stroke first, and leaves the side-by-side view only when
    /// there was none, so one key press never does both.
    pub fn cancel(&mut self, tools: &mut ToolState) {
        let transient = tools.pasting || tools.selection.is_some() || tools.drag_from.is_some();
        tools.cancel_transient();
        if !transient {
            self.open = false;
        }
    }

    /// Compares seed-browser picks side by side: one pick with the document; of two, the first
    /// opens as the document (asking first about unsaved changes, as any open does) and the second
    /// is compared with it once it has.
    pub fn compare_picks(&mut self, state: &mut EditorState, picks: &[(u64, u32)]) {
        match *picks {
            [(game_seed, level)] => {
                state.compare_with_variant(game_seed, level);
                self.show_for(state);
            }
            [(game_seed, level), (second_seed, second_level)] => {
                self.queued = Some(Queued {
                    game_seed: second_seed,
                    level: second_level,
                    seen: state.revision(),
                });
                state.request(Pending::Replace(Replacement::Variant { game_seed, level }));
                self.follow_queue(state);
            }
            _ => state.say(
                MessageKind::Warning,
                "Tick one mansion (to compare with the document) or two in the seed browser",
            ),
        }
    }

    /// Compares the queued pick once the first pick has become the document; forgets it when the
    /// designer kept the old document instead.
    pub fn follow_queue(&mut self, state: &mut EditorState) {
        let Some(queued) = &self.queued else {
            return;
        };
        if state.replaced_since(queued.seen) {
            let (game_seed, level) = (queued.game_seed, queued.level);
            self.queued = None;
            state.compare_with_variant(game_seed, level);
            self.show_for(state);
        } else if state.files.pending.is_none() && state.files.ask.is_none() {
            self.queued = None;
        }
    }

    /// The patrol timeline's turn the other map showed last, when the timeline is open (it follows the
    /// document's: tests check it).
    pub fn timeline_turn(&self) -> Option<usize> {
        self.other.as_ref()?.frame.as_ref().map(|f| f.turn)
    }

    /// Keeps the other version's facts those of the comparison shown, under the rules the view
    /// chose; takes its stealth analysis when it arrives. True when the right view changed.
    fn follow(&mut self, state: &EditorState) -> bool {
        let Some(comparison) = &state.comparison else {
            self.other = None;
            return false;
        };
        let rules = state.view.analysis_rules;
        let current = self
            .other
            .as_ref()
            .is_some_and(|o| o.comparison == comparison.id && o.rules == rules);
        if !current {
            let level = &comparison.reference;
            let mut facts = MapFacts::without_stealth(level);
            let mut job = None;
            if state.analyse_in_background {
                job = Some(Job::start(level.clone(), rules));
            } else if let Some(stealth) =
                rule_sets::analyse_level(level, rules, DEFAULT_HORIZON, &Cancel::new())
            {
                facts.set_stealth(stealth);
            }
            self.other = Some(Other {
                comparison: comparison.id,
                rules,
                facts,
                job,
                frame: None,
            });
            return true;
        }
        let Some(other) = &mut self.other else {
            return false;
        };
        match other.job.as_ref().and_then(Job::poll) {
            Some(Outcome::Arrived(stealth, _)) => {
                other.facts.set_stealth(*stealth);
                other.job = None;
                other.frame = None;
                true
            }
            Some(Outcome::Stopped) => {
                other.job = None;
                true
            }
            None => false,
        }
    }
}

/// The central area: the two maps side by side while comparing with the view open, else the map
/// view alone.
pub fn show(
    ui: &mut Ui,
    state: &mut EditorState,
    side: &mut SideBySide,
    tools: &mut ToolState,
    frames: Frames,
    commands: &mut Vec<Command>,
) {
    if state.comparison.is_none() {
        side.open = false;
    }
    if !side.open {
        map_view::show(ui, state, tools, frames, commands);
        return;
    }
    if side.follow(state) {
        ui.ctx().request_repaint();
    }
    if side.other.as_ref().is_some_and(|o| o.job.is_some()) {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
    let Some(comparison) = &state.comparison else {
        return;
    };
    let against = format!("Compared with {}", comparison.against);
    // The central panel has no frame (the map paints its own ground): the lines above the maps and
    // the gap between them get the panels' colour.
    let fill = ui.visuals().panel_fill;
    ui.painter()
        .rect_filled(ui.available_rect_before_wrap(), 0.0, fill);
    ui.horizontal(|ui| {
        ui.add_space(4.0);
        let leave = Command::LeaveSideBySide;
        if ui
            .button(leave.label())
            .on_hover_text(leave.tooltip())
            .clicked()
        {
            commands.push(leave);
        }
        ui.add(Label::new(RichText::new(comparison.one_line()).strong()).truncate());
    });
    let area = ui.available_rect_before_wrap();
    let half = ((area.width() - GAP) / 2.0).max(1.0);
    let left = Rect::from_min_size(area.min, vec2(half, area.height()));
    let right = Rect::from_min_size(pos2(left.max.x + GAP, area.min.y), left.size());
    let between = left.max.x + GAP / 2.0;
    let line = ui.visuals().widgets.noninteractive.bg_stroke;
    ui.painter()
        .vline(between, area.y_range(), egui::Stroke::new(2.0, line.color));
    let mut left_view = Rect::NOTHING;
    ui.scope_builder(UiBuilder::new().max_rect(left), |ui| {
        ui.add(Label::new("This document").truncate());
        left_view = Rect::from_min_size(ui.cursor().min, ui.available_size());
        map_view::show(ui, state, tools, frames, commands);
    });
    ui.scope_builder(UiBuilder::new().max_rect(right), |ui| {
        ui.add(Label::new(against).truncate());
        other_view(ui, state, side, rulers::map_area(left_view), frames);
    });
}

/// The other version, read-only, through the shared camera: a drag (any button) pans both maps, the
/// wheel zooms both around the point under the pointer.
fn other_view(
    ui: &mut Ui,
    state: &mut EditorState,
    side: &mut SideBySide,
    left_viewport: Rect,
    frames: Frames,
) {
    let (Some(comparison), Some(other)) = (&state.comparison, &mut side.other) else {
        return;
    };
    let (view, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, OTHER_MAP));
    let viewport = rulers::map_area(view);
    // Where the left view's point is drawn on this side.
    let shift = viewport.min - left_viewport.min;
    let camera = &mut state.view.camera;
    if response.dragged_by(PointerButton::Primary)
        || response.dragged_by(PointerButton::Secondary)
        || response.dragged_by(PointerButton::Middle)
    {
        camera.pan(response.drag_delta());
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = pinch * (scroll * 0.0015).exp();
        if (factor - 1.0).abs() > 1e-4 {
            camera.zoom_around(left_viewport, pointer - shift, factor);
        }
    }
    let level = &comparison.reference;
    let offset = comparison.diff.offset.unwrap_or_default();
    let left = camera.transform(left_viewport, state.doc.level.height);
    let t = lined_up(&left, viewport, shift, offset, level.height);
    side.last_transform = Some(t);

    let turn = frames.timeline.map(|f| (f.turn, f.progress));
    other.frame = match (turn, other.facts.stealth.as_ref()) {
        (Some((turn, progress)), Some(stealth)) => {
            let mut frame = match other.frame.take() {
                Some(frame) if frame.turn == turn => frame,
                _ => TimelineFrame::new(stealth, turn),
            };
            frame.progress = progress;
            Some(frame)
        }
        _ => None,
    };
    let other_frames = Frames {
        timeline: other.frame.as_ref(),
        play: None,
        heat: None,
    };
    let scene = map_view::view_scene(
        &state.view,
        level,
        &other.facts,
        other_frames,
        &comparison.reference_marks,
    );
    let painter = ui.painter_at(view);
    painter.rect_filled(view, 0.0, palette::BACKGROUND);
    let shapes = ui.ctx().fonts_mut(|fonts| paint::paint(&scene, &t, fonts));
    painter.extend(shapes);
    rulers::draw(&painter, view, &t, level.width, level.height);
    if let Some(pos) = response.hover_pos().filter(|_| !response.dragged()) {
        let cell = t.cell_at(pos);
        if level.in_bounds(cell) {
            response.on_hover_ui_at_pointer(|ui| other_tooltip(ui, level, cell, offset));
        }
    }
}

/// The other map's hover tooltip: what its cell holds, and which of the document's cells lies over it
/// when the two were lined up on their entrances.
fn other_tooltip(ui: &mut Ui, level: &Level, cell: Cell, [dx, dy]: [i32; 2]) {
    ui.strong(format!(
        "Cell ({}, {}) of the other version",
        cell.x, cell.y
    ));
    map_view::terrain_and_items(ui, level, cell);
    for (g, guard) in level.guards.iter().enumerate() {
        if guard.start == cell {
            ui.label(format!("Guard {} starts here", level.guard_number(g)));
        }
    }
    if (dx, dy) != (0, 0) {
        ui.label(format!(
            "Lined up with the document's cell ({}, {})",
            cell.x - dx,
            cell.y - dy
        ));
    }
}

/// The right view's transform: the left's, moved into the right viewport, with the other version's
/// cell `(x, y)` drawn where the document's `(x - dx, y - dy)` is on the left (`offset` moves the
/// document onto the other version, as `analysis::diff` reports it).
fn lined_up(
    left: &CellToScreen,
    viewport: Rect,
    shift: Vec2,
    [dx, dy]: [i32; 2],
    height: i32,
) -> CellToScreen {
    let c = left.cell;
    let origin: Pos2 =
        left.origin + shift + vec2(-dx as f32 * c, (left.height + dy - height) as f32 * c);
    CellToScreen {
        origin,
        cell: c,
        height,
        viewport,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_versions_cell_is_drawn_where_its_counterpart_is_on_the_left() {
        let left = CellToScreen {
            origin: pos2(30.0, 40.0),
            cell: 8.0,
            height: 20,
            viewport: Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 300.0)),
        };
        let viewport = Rect::from_min_size(pos2(306.0, 0.0), vec2(300.0, 300.0));
        let shift = vec2(306.0, 0.0);
        // The document moved by (+3, +2) lies on the other version: its (5, 6) is the other's (8, 8).
        let t = lined_up(&left, viewport, shift, [3, 2], 25);
        let on_left = left.cell_rect(Cell::new(5, 6));
        let on_right = t.cell_rect(Cell::new(8, 8));
        assert_eq!(on_right.min, on_left.min + shift);
        assert_eq!(on_right.size(), on_left.size());
    }
}
