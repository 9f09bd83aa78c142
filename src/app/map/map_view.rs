//! The map view: pan/zoom input, the hover tooltip, and the map drawn by the shared painter
//! ([`crate::paint`]) from the editor's state: what the PNG export draws, plus the grid, locks, the
//! selection and the focused finding when the editor shows them.

use egui::{CornerRadius, Key, PointerButton, PopupAnchor, Rect, Response, Sense, Tooltip, Ui};

use crate::analysis::diff::Mark;
use crate::app::commands::command::Command;
use crate::app::map::strokes::{PaintMode, brush_cells};
use crate::app::map::tool::Tool;
use crate::app::map::tools::ToolState;
use crate::app::panels::describe;
use crate::app::panels::playtest_panel::{self, HeatFrame};
use crate::app::state::{EditorState, View};
use crate::model::{Cell, ItemKind, Level, LockOrigin, RoomId};
use crate::paint::{self, CellToScreen, MapFacts, PlayFrame, Scene, TimelineFrame, palette};

/// What the map shows beside the document: the patrol timeline's turn, a game being play-tested.
#[derive(Clone, Copy, Debug, Default)]
pub struct Frames<'a> {
    /// The patrol timeline's turn, when it is open.
    pub timeline: Option<&'a TimelineFrame>,
    /// The game being played; while there is one, the tools do nothing on the map.
    pub play: Option<&'a PlayFrame>,
    /// Where the playtest's thieves were caught or first seen.
    pub heat: Option<&'a HeatFrame>,
}

/// Shows the map in the remaining space of `ui`; clicks and drags go to the current tool, unless a
/// game is being played.
pub fn show(
    ui: &mut Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    frames: Frames,
    commands: &mut Vec<Command>,
) {
    let (view, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map"));
    // The camera fits the map beside the rulers; the map is drawn under them when panned there.
    let viewport = crate::app::map::rulers::map_area(view);
    let playing = frames.play.is_some();
    handle_input(ui, state, tools, viewport, &response, playing, commands);
    let t = state.view.camera.transform(viewport, state.level().height);
    state.view.last_transform = Some(t);
    state.view.cursor_cell = response
        .hover_pos()
        .map(|pos| t.cell_at(pos))
        .filter(|&c| state.level().in_bounds(c));
    if let Some(pos) = response.hover_pos() {
        let cell = t.cell_at(pos);
        let coin = state
            .level()
            .items
            .iter()
            .position(|it| it.cell == cell && it.kind == ItemKind::Coin);
        if coin.is_some() {
            state.selection.hovered_loot = coin;
        }
    }

    let painter = ui.painter_at(view);
    painter.rect_filled(view, CornerRadius::ZERO, palette::BACKGROUND);
    let shapes = ui
        .ctx()
        .fonts_mut(|fonts| state.paint_map(&t, frames, fonts));
    painter.extend(shapes);
    if let Some(heat) = frames.heat.filter(|_| !playing) {
        playtest_panel::draw_heat(&painter, &t, heat);
    }
    crate::app::map::strokes::paint_preview(&painter, state.level(), &t, &tools.stroke);
    if let Some(preview) = &tools.preview {
        crate::app::map::previews::draw(&painter, &t, preview);
    }
    if let Some((a, b)) = tools.selection {
        crate::app::map::clipboard::draw_selection(&painter, &t, a, b);
    }
    if tools.pasting
        && let (Some(clip), Some(at)) = (&tools.clipboard, state.view.cursor_cell)
    {
        clip.draw_preview(&painter, state.level(), &t, at);
    }

    let (w, h) = (state.level().width, state.level().height);
    crate::app::map::rulers::draw(&painter, view, &t, w, h);
    crate::app::map::minimap::show(ui, state, &t);
    let level = state.level();
    if let Some(pos) = response.hover_pos()
        && !response.dragged()
    {
        let cell = t.cell_at(pos);
        // A refused placement's reason is drawn beside its cell: it is what matters, and the
        // tooltip would cover it.
        let refused = tools.preview.as_ref().is_some_and(|p| p.refusal.is_some());
        if level.in_bounds(cell) && !refused && Tooltip::should_show_tooltip(&response, false) {
            let footprint = tool_footprint(tools, &t, cell);
            Tooltip::always_open(
                ui.ctx().clone(),
                response.layer_id,
                response.id,
                PopupAnchor::ParentRect(footprint.expand(2.0)),
            )
            .gap(6.0)
            .show(|ui| hover_tooltip(ui, state, tools.tool, cell));
        }
    }
}

/// What the tool would touch around `cell`, on screen — the brush's whole footprint, the copy being
/// pasted — for the hover tooltip to stand beside, never over it.
fn tool_footprint(tools: &ToolState, t: &CellToScreen, cell: Cell) -> Rect {
    let mut footprint = t.cell_rect(cell);
    if tools.tool == Tool::Paint && tools.paint_mode == PaintMode::Brush {
        for c in brush_cells(cell, tools.brush) {
            footprint = footprint.union(t.cell_rect(c));
        }
    }
    if tools.pasting
        && let Some(clip) = &tools.clipboard
    {
        let far = cell.offset(clip.width - 1, clip.height - 1);
        footprint = footprint.union(t.cell_rect(far));
    }
    footprint
}

impl EditorState {
    /// The map as the editor shows it: the shared painter's shapes for the current document, analysis
    /// and view settings, through `t`, with the guards where the patrol timeline's frame puts them, or
    /// the game being played.
    pub fn paint_map(
        &self,
        t: &CellToScreen,
        frames: Frames,
        fonts: &mut egui::epaint::FontsView<'_>,
    ) -> Vec<egui::Shape> {
        let locked = self.doc.locked_rooms();
        let edit_locked: Vec<RoomId> = locked
            .iter()
            .copied()
            .filter(|&r| self.doc.lock_origin(r) == Some(LockOrigin::Edit))
            .collect();
        let marks = self.comparison.as_ref().map_or(&[][..], |c| &c.marks);
        let scene = Scene {
            locked_rooms: &locked,
            edit_locked: &edit_locked,
            selected_room: self.selection.room,
            focus: self.selection.focus.and_then(|f| f.cell),
            loot_focus: self.shown_loot(),
            ..view_scene(&self.view, self.level(), &self.analysis.map, frames, marks)
        };
        paint::paint(&scene, t, fonts)
    }
}

/// A level as the view shows it — its overlays, layers, grid and light, the timeline's turn or the
/// game, a comparison's marks — and nothing of the document's own (locks, selection): the document's
/// map adds those, the side-by-side view draws the other version with this alone, so the two views
/// cannot show different things.
pub fn view_scene<'a>(
    view: &View,
    level: &'a Level,
    facts: &'a MapFacts,
    frames: Frames<'a>,
    marks: &'a [(Cell, Mark)],
) -> Scene<'a> {
    Scene {
        overlays: view.overlays,
        layers: view.layers,
        grid: view.show_grid,
        light: view.lit_map,
        timeline: frames.timeline,
        play: frames.play,
        diff: marks,
        ..Scene::picture(level, facts, view.overlays)
    }
}

fn handle_input(
    ui: &Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    viewport: Rect,
    response: &Response,
    playing: bool,
    commands: &mut Vec<Command>,
) {
    let (w, h) = (state.level().width, state.level().height);
    state.view.camera.resolve(viewport, w, h);
    let space_down = ui.input(|i| i.key_down(Key::Space));
    let panning = response.dragged_by(PointerButton::Middle)
        || response.dragged_by(PointerButton::Secondary)
        || (space_down && response.dragged_by(PointerButton::Primary));
    if panning {
        state.view.camera.pan(response.drag_delta());
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = pinch * (scroll * 0.0015).exp();
        if (factor - 1.0).abs() > 1e-4 {
            state.view.camera.zoom_around(viewport, pointer, factor);
        }
    }
    if playing {
        // A play-test leaves the document alone: the map only pans and zooms.
        tools.finish_stroke();
    } else if !space_down && !panning {
        let t = state.view.camera.transform(viewport, h);
        crate::app::map::tools::handle(ui, state, tools, &t, response, commands);
    } else {
        // A stroke interrupted by panning is dropped, not painted.
        tools.finish_stroke();
    }
}

/// A tooltip's lines on what `cell` of `level` holds: its terrain (a doorway or a door), then its item
/// or its stack bottom to top. Both maps of the side-by-side view say it so.
pub(super) fn terrain_and_items(ui: &mut Ui, level: &Level, cell: Cell) {
    let item = level.item_at(cell).map(|i| i.kind);
    let door_item = matches!(item, Some(ItemKind::Door(_)));
    ui.label(format!(
        "Terrain: {}",
        describe::terrain(level.terrain(cell), door_item)
    ));
    let stack: Vec<&str> = level
        .stack_at(cell)
        .map(|it| describe::item(it.kind))
        .collect();
    if stack.len() > 1 {
        ui.label(format!("Items, bottom to top: {}", stack.join(", ")));
    } else if let Some(kind) = item {
        ui.label(format!("Item: {}", describe::item(kind)));
    }
}

/// The hover tooltip: everything known about one cell.
fn hover_tooltip(ui: &mut Ui, state: &EditorState, tool: Tool, cell: Cell) {
    let level = state.level();
    ui.strong(format!("Cell ({}, {})", cell.x, cell.y));
    terrain_and_items(ui, level, cell);
    if let Some(entry) = state.analysis.map.loot.iter().find(|e| e.cell == cell) {
        ui.label(format!("Loot #{}", entry.number));
    }
    if let Some(stealth) = state.analysis.map.stealth.as_ref() {
        if stealth.rules.standable.contains(cell) {
            let share = stealth.watched_share.at(cell);
            ui.label(if share > 0.0 {
                format!("Watched {:.1} % of the patrol cycle", share * 100.0)
            } else {
                "Never watched".to_string()
            });
        }
        if let Some(r) = stealth.routes.iter().find(|r| r.cell == cell) {
            ui.label(crate::app::panels::describe::route_text(r, stealth.horizon));
        }
    }
    if let Some(r) = state.analysis.room_at(cell) {
        ui.label(state.room_name(r));
        if let Some(origin) = state.doc.lock_origin(r) {
            ui.label(crate::app::panels::lock_notes::lock_tooltip(origin));
            let allow = state.doc.allows_patrols(r);
            let patrols =
                crate::app::panels::lock_notes::lock_patrols_note(state.level(), r, allow);
            ui.label(patrols);
        }
        let depth = state.analysis.map.depths.get(r).copied().flatten();
        ui.label(match depth {
            Some(d) => format!("Depth from the front: {d}"),
            None => "Depth: unreachable".to_string(),
        });
        if let Some(class) = state.analysis.map.loot_classes.get(r).copied().flatten() {
            ui.label(format!("Loot priority: {}", class.label()));
        }
    }
    for (g, guard) in level.guards.iter().enumerate() {
        if guard.start == cell {
            ui.label(format!("Guard {} starts here", level.guard_number(g)));
        }
    }
    if level.player_start == cell {
        ui.label("Player start");
    }
    if tool == Tool::Door {
        ui.label(match crate::app::map::tools::segment_at(level, cell) {
            Some(a) if level.adjacencies[a].door => "Door tool: click to take the door off or \
                 hang it again; Shift+click walls the doorway up"
                .to_string(),
            Some(_) => "Door tool: click to open a door in the middle of this wall".to_string(),
            None => "Door tool: no wall between two rooms here".to_string(),
        });
    }
    let routes = state.analysis.routes_at(cell);
    if !routes.is_empty() {
        let names: Vec<String> = routes
            .iter()
            .map(|&r| describe::route_name(level, r))
            .collect();
        ui.label(format!("Patrolled by: {}", names.join(", ")));
    }
}
