//! The map view: pan/zoom input and drawing of terrain, openings, items, guards and the player start.
//!
//! Everything is drawn in **screen space** from **cell space** through one [`CellToScreen`] per frame, with
//! untextured meshes and shapes sized from the current zoom, so the map stays crisp at every zoom. Only the
//! visible cells are drawn. Overlays are drawn by [`super::overlays`] between the layers drawn here.

use egui::{
    Color32, CornerRadius, Key, Mesh, PointerButton, Pos2, Rect, Response, Sense, Shape, Stroke,
    StrokeKind, Ui, Vec2, vec2,
};

use super::camera::CellToScreen;
use super::commands::Command;
use super::state::EditorState;
use super::{describe, overlays, theme};
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

/// The inclusive range of cells that intersect the viewport, clamped to the map.
#[derive(Clone, Copy, Debug)]
pub struct Visible {
    pub x0: i32,
    pub x1: i32,
    pub y0: i32,
    pub y1: i32,
}

impl Visible {
    fn new(t: &CellToScreen, viewport: Rect, level: &Level) -> Self {
        let (ax, ay) = t.to_cell_space(viewport.left_bottom());
        let (bx, by) = t.to_cell_space(viewport.right_top());
        Visible {
            x0: (ax.floor() as i32).max(0),
            y0: (ay.floor() as i32).max(0),
            x1: (bx.ceil() as i32).min(level.width - 1),
            y1: (by.ceil() as i32).min(level.height - 1),
        }
    }

    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| Cell::new(x, y)))
    }

    pub fn contains(&self, c: Cell) -> bool {
        c.x >= self.x0 && c.x <= self.x1 && c.y >= self.y0 && c.y <= self.y1
    }
}

/// Shows the map in the remaining space of `ui`; clicks and drags go to the current tool.
pub fn show(ui: &mut Ui, state: &mut EditorState, commands: &mut Vec<Command>) {
    let (viewport, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map"));
    handle_input(ui, state, viewport, &response, commands);
    let t = state.camera.transform(viewport, state.level().height);
    state.last_transform = Some(t);

    let painter = ui.painter_at(viewport);
    painter.rect_filled(viewport, CornerRadius::ZERO, theme::BACKGROUND);
    let level = state.level();
    let visible = Visible::new(&t, viewport, level);
    let mut shapes = Vec::new();
    draw_terrain(&mut shapes, &t, state, visible);
    overlays::draw_fills(&mut shapes, &t, state);
    if state.show_grid && t.cell >= 6.0 {
        draw_grid(&mut shapes, &t, level, visible);
    }
    draw_items(&mut shapes, &t, level, visible);
    overlays::draw_marks(&mut shapes, &t, state, ui);
    draw_actors(&mut shapes, &t, level, ui);
    overlays::draw_labels(&mut shapes, &t, state, ui);
    draw_selection(&mut shapes, &t, state);
    // After the selection, so a selected locked room still shows its badge and border.
    super::lock_badges::draw(&mut shapes, &t, state);
    painter.extend(shapes);

    if let Some(pos) = response.hover_pos()
        && !response.dragged()
    {
        let cell = t.cell_at(pos);
        if level.in_bounds(cell) {
            response.on_hover_ui_at_pointer(|ui| hover_tooltip(ui, state, cell));
        }
    }
}

fn handle_input(
    ui: &Ui,
    state: &mut EditorState,
    viewport: Rect,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let (w, h) = (state.level().width, state.level().height);
    state.camera.resolve(viewport, w, h);
    let space_down = ui.input(|i| i.key_down(Key::Space));
    let panning = response.dragged_by(PointerButton::Middle)
        || response.dragged_by(PointerButton::Secondary)
        || (space_down && response.dragged_by(PointerButton::Primary));
    if panning {
        state.camera.pan(response.drag_delta());
        if space_down {
            state.space_panned = true;
        }
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = pinch * (scroll * 0.0015).exp();
        if (factor - 1.0).abs() > 1e-4 {
            state.camera.zoom_around(viewport, pointer, factor);
        }
    }
    if !space_down && !panning {
        let t = state.camera.transform(viewport, h);
        super::tools::handle(ui, state, &t, response, commands);
    }
}

/// Pillars: wall cells with no glyph-wall neighbours, drawn round on the floor around them.
fn is_pillar(state: &EditorState, c: Cell) -> bool {
    state.level().terrain(c) == Terrain::Wall && state.analysis.wall_bits_at(c) == 0
}

fn draw_terrain(shapes: &mut Vec<Shape>, t: &CellToScreen, state: &EditorState, visible: Visible) {
    let level = state.level();
    let mut mesh = Mesh::default();
    let mut details = Vec::new();
    for c in visible.cells() {
        let terrain = level.terrain(c);
        let rect = t.cell_rect(c);
        let mut colour = theme::terrain(terrain);
        if is_pillar(state, c) {
            colour = c
                .neighbours4()
                .into_iter()
                .map(|n| level.terrain(n))
                .find(|n| !n.is_blocking())
                .map_or(theme::GRASS, theme::terrain);
            details.push(Shape::circle_filled(
                rect.center(),
                t.cell * 0.42,
                theme::WALL,
            ));
        } else if t.cell >= 4.0 {
            opening_details(
                &mut details,
                &mut colour,
                terrain,
                rect,
                level.item_at(c).map(|i| i.kind),
            );
        }
        mesh.add_colored_rect(rect, colour);
    }
    shapes.push(Shape::mesh(mesh));
    shapes.extend(details);
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
                Stroke::new(s * 0.22, theme::WINDOW_GLASS),
            ));
            let tip = c + out_dir * s * 0.5;
            let side = vec2(-out_dir.y, out_dir.x) * s * 0.22;
            let base_c = c + out_dir * s * 0.16;
            out.push(Shape::convex_polygon(
                vec![tip, base_c + side, base_c - side],
                theme::WINDOW_GLASS,
                Stroke::NONE,
            ));
        }
        Terrain::Door(axis) if matches!(item, Some(ItemKind::Door(_))) => {
            let size = along(axis) * s * 0.9 + across(axis) * s * 0.45;
            let slab = Rect::from_center_size(c, size);
            out.push(Shape::rect_filled(slab, CornerRadius::ZERO, theme::DOOR));
            out.push(Shape::rect_stroke(
                slab,
                CornerRadius::ZERO,
                Stroke::new((s * 0.07).max(1.0), theme::DOOR_EDGE),
                StrokeKind::Inside,
            ));
        }
        Terrain::Door(axis) => {
            // An open archway: floor with the wall's jambs at both ends.
            *base = theme::ARCHWAY;
            for end in [-1.0, 1.0] {
                let centre = c + along(axis) * s * 0.4 * end;
                let size = along(axis).abs() * s * 0.2 + across(axis).abs() * s;
                out.push(Shape::rect_filled(
                    Rect::from_center_size(centre, size),
                    CornerRadius::ZERO,
                    theme::WALL,
                ));
            }
        }
        Terrain::Portcullis(axis) => {
            let stroke = Stroke::new((s * 0.09).max(1.0), theme::PORTCULLIS);
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
            *base = theme::GRASS;
            let stroke = Stroke::new((s * 0.12).max(1.0), theme::GARDEN_GATE);
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

fn draw_grid(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level, v: Visible) {
    let stroke = Stroke::new(1.0, theme::GRID);
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

fn draw_items(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level, v: Visible) {
    let s = t.cell;
    if s < 3.0 {
        return;
    }
    let edge = Stroke::new((s * 0.06).max(0.5), Color32::from_black_alpha(160));
    for item in level.items.iter().filter(|i| v.contains(i.cell)) {
        let c = t.cell_centre(item.cell);
        match item.kind {
            ItemKind::Coin => {
                shapes.push(Shape::circle_filled(c, s * 0.3, theme::COIN));
                shapes.push(Shape::circle_stroke(
                    c,
                    s * 0.3,
                    Stroke::new((s * 0.07).max(0.7), theme::COIN_EDGE),
                ));
            }
            ItemKind::Chair => {
                let seat = Rect::from_center_size(c + vec2(0.0, s * 0.06), Vec2::splat(s * 0.42));
                shapes.push(Shape::rect_filled(seat, CornerRadius::ZERO, theme::CHAIR));
                let back = Rect::from_min_size(
                    seat.left_top() - vec2(0.0, s * 0.14),
                    vec2(seat.width(), s * 0.14),
                );
                shapes.push(Shape::rect_filled(back, CornerRadius::ZERO, theme::CHAIR));
            }
            ItemKind::Table => {
                let top = Rect::from_center_size(c, Vec2::splat(s * 0.8));
                shapes.push(Shape::rect_filled(top, CornerRadius::same(2), theme::TABLE));
                shapes.push(Shape::rect_stroke(
                    top,
                    CornerRadius::same(2),
                    edge,
                    StrokeKind::Inside,
                ));
            }
            ItemKind::Bush => {
                shapes.push(Shape::circle_filled(c, s * 0.42, theme::BUSH));
                shapes.push(Shape::circle_filled(
                    c - Vec2::splat(s * 0.1),
                    s * 0.16,
                    theme::GRASS,
                ));
            }
            ItemKind::TorchLit => {
                shapes.push(Shape::circle_filled(c, s * 0.7, theme::TORCH_GLOW));
                shapes.push(Shape::circle_filled(c, s * 0.24, theme::TORCH_LIT));
                shapes.push(Shape::circle_filled(
                    c,
                    s * 0.1,
                    Color32::from_rgb(255, 240, 160),
                ));
            }
            ItemKind::TorchUnlit => {
                shapes.push(Shape::circle_filled(c, s * 0.22, theme::TORCH_UNLIT));
                shapes.push(Shape::circle_stroke(
                    c,
                    s * 0.22,
                    Stroke::new((s * 0.06).max(0.5), Color32::from_gray(150)),
                ));
            }
            // Door and portcullis items are drawn with their terrain.
            ItemKind::Door(_) | ItemKind::Portcullis(_) => {}
        }
    }
}

/// Guards at their start cells (outside guards as purple diamonds, torch carriers with a flame) and the
/// player start.
fn draw_actors(shapes: &mut Vec<Shape>, t: &CellToScreen, level: &Level, ui: &Ui) {
    let s = t.cell;
    let outline = Stroke::new((s * 0.08).max(1.0), theme::OUTLINE);
    let font = egui::FontId::proportional((s * 0.5).clamp(7.0, 14.0));
    for (g, guard) in level.guards.iter().enumerate() {
        let c = t.cell_centre(guard.start);
        let r = (s * 0.42).max(3.0);
        let outside = level.patrols.get(guard.route).is_some_and(|p| p.outside);
        if outside {
            let pts = vec![
                c + vec2(0.0, -r),
                c + vec2(r, 0.0),
                c + vec2(0.0, r),
                c + vec2(-r, 0.0),
            ];
            shapes.push(Shape::convex_polygon(pts, theme::GUARD_OUTSIDE, outline));
        } else {
            shapes.push(Shape::circle_filled(c, r, theme::GUARD));
            shapes.push(Shape::circle_stroke(c, r, outline));
        }
        if guard.carries_torch {
            let flame = c + vec2(r * 0.8, -r * 0.8);
            shapes.push(Shape::circle_filled(flame, r * 0.45, theme::TORCH_LIT));
            shapes.push(Shape::circle_stroke(
                flame,
                r * 0.45,
                Stroke::new(1.0, Color32::BLACK),
            ));
        }
        if s >= 14.0 {
            shapes.push(text_shape(
                ui,
                c,
                &g.to_string(),
                font.clone(),
                Color32::WHITE,
            ));
        }
    }
    let p = t.cell_centre(level.player_start);
    let r = (s * 0.45).max(3.5);
    shapes.push(Shape::circle_filled(p, r, theme::PLAYER));
    shapes.push(Shape::circle_stroke(
        p,
        r,
        Stroke::new((s * 0.1).max(1.0), Color32::BLACK),
    ));
    if s >= 10.0 {
        shapes.push(text_shape(ui, p, "@", font, Color32::BLACK));
    }
}

/// Centred text as a shape.
pub fn text_shape(ui: &Ui, centre: Pos2, text: &str, font: egui::FontId, colour: Color32) -> Shape {
    let galley = ui.painter().layout_no_wrap(text.to_string(), font, colour);
    let pos = centre - galley.size() / 2.0;
    Shape::galley(pos, galley, colour)
}

fn draw_selection(shapes: &mut Vec<Shape>, t: &CellToScreen, state: &EditorState) {
    let width = (t.cell * 0.18).clamp(2.0, 5.0);
    if let Some(room) = state.selected_room.and_then(|r| state.level().rooms.get(r)) {
        let rect = t.rect(&room.interior);
        shapes.push(Shape::rect_filled(
            rect,
            CornerRadius::ZERO,
            theme::with_alpha(theme::SELECTION, 40),
        ));
        shapes.push(Shape::rect_stroke(
            rect,
            CornerRadius::ZERO,
            Stroke::new(width, theme::SELECTION),
            StrokeKind::Outside,
        ));
    }
    if let Some(cell) = state.focus.and_then(|f| f.cell) {
        shapes.push(Shape::circle_stroke(
            t.cell_centre(cell),
            t.cell.max(6.0) * 1.2,
            Stroke::new(width, theme::FOCUS),
        ));
    }
}

/// The hover tooltip: everything known about one cell.
fn hover_tooltip(ui: &mut Ui, state: &EditorState, cell: Cell) {
    let level = state.level();
    let item = level.item_at(cell).map(|i| i.kind);
    let door_item = matches!(item, Some(ItemKind::Door(_)));
    ui.strong(format!("Cell ({}, {})", cell.x, cell.y));
    ui.label(format!(
        "Terrain: {}",
        describe::terrain(level.terrain(cell), door_item)
    ));
    if let Some(kind) = item {
        ui.label(format!("Item: {}", describe::item(kind)));
    }
    if let Some(entry) = state.analysis.loot.iter().find(|e| e.cell == cell) {
        ui.label(format!("Loot #{} in assignment order", entry.order + 1));
    }
    if let Some(r) = state.analysis.room_at(cell) {
        ui.label(state.room_name(r));
        let depth = state.analysis.depths.get(r).copied().flatten();
        ui.label(match depth {
            Some(d) => format!("Depth from the front: {d}"),
            None => "Depth: unreachable".to_string(),
        });
        if let Some(class) = state.analysis.loot_classes.get(r).copied().flatten() {
            ui.label(format!("Loot priority: {}", class.label()));
        }
    }
    for (g, guard) in level.guards.iter().enumerate() {
        if guard.start == cell {
            ui.label(format!("Guard {g} starts here"));
        }
    }
    if level.player_start == cell {
        ui.label("Player start");
    }
    let routes = state.analysis.routes_at(cell);
    if !routes.is_empty() {
        let names: Vec<String> = routes.iter().map(|&r| route_name(level, r)).collect();
        ui.label(format!("Patrolled by: {}", names.join(", ")));
    }
}

/// "guard 3" for a route walked by a guard, "route 3 (no guard)" otherwise.
pub fn route_name(level: &Level, route: usize) -> String {
    let guards: Vec<String> = level
        .guards
        .iter()
        .enumerate()
        .filter(|(_, g)| g.route == route)
        .map(|(i, _)| format!("guard {i}"))
        .collect();
    if guards.is_empty() {
        format!("route {route} (no guard)")
    } else {
        guards.join(" and ")
    }
}
