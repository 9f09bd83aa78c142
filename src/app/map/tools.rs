//! The hand-fix tools: what a click or a drag on the map does. Each tool turns the pointer into an
//! [`Edit`] sent through the history, so every fix is undoable and locks the rooms it touches.

use egui::{PointerButton, Response, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Confirmation, Confirmed};
use crate::app::map::clipboard::{Clip, take_items};
use crate::app::map::previews::{Preview, preview};
use crate::app::map::strokes::{
    PaintMode, brush_cells, fill_cells, line_cells, oriented, rectangle_cells,
};
use crate::app::map::tool::{ITEMS, PAINTS, Tool};
use crate::app::state::{EditorState, MessageKind};
use crate::edit::{self, Edit, placement};
use crate::model::{Cell, ItemKind, Level, Terrain};
use crate::paint::CellToScreen;

/// The tool settings: the tool, its pickers and an unfinished drag or stroke.
#[derive(Clone, Debug)]
pub struct ToolState {
    /// The tool a click or drag on the map uses; [`Command::SetTool`] sets it.
    pub tool: Tool,
    /// Index into [`PAINTS`].
    pub paint: usize,
    /// How the paint tool turns the pointer into cells: brush, rectangle or fill.
    pub paint_mode: PaintMode,
    /// Brush side in cells (see `BRUSH_SIZES`).
    pub brush: i32,
    /// Index into [`ITEMS`].
    pub item: usize,
    /// Where a move drag started.
    pub drag_from: Option<Cell>,
    /// The cells of the stroke being painted and their new terrain: a preview until the button goes up.
    pub stroke: Vec<(Cell, Terrain)>,
    /// The corner a rectangle is dragged from.
    pub stroke_from: Option<Cell>,
    /// The brush's last cell, so a fast drag paints the cells in between.
    pub last_stroke_cell: Option<Cell>,
    /// The placement under the pointer (a drag's target, or a click tool's cell) and its verdict.
    pub preview: Option<Preview>,
    /// The rectangle the Select tool dragged out (two corners), for copying.
    pub selection: Option<(Cell, Cell)>,
    /// What Ctrl+C copied.
    pub clipboard: Option<Clip>,
    /// Ctrl+V was pressed: the clipboard follows the pointer until a click pastes it.
    pub pasting: bool,
}

impl Default for ToolState {
    fn default() -> Self {
        ToolState {
            tool: Tool::default(),
            paint: 0,
            paint_mode: PaintMode::default(),
            brush: 1,
            item: 0,
            drag_from: None,
            stroke: Vec::new(),
            stroke_from: None,
            last_stroke_cell: None,
            preview: None,
            selection: None,
            clipboard: None,
            pasting: false,
        }
    }
}

impl ToolState {
    /// The terrain the paint tool lays, as picked in [`PAINTS`] (walls if the index is out of range).
    pub fn terrain(&self) -> Terrain {
        PAINTS.get(self.paint).map_or(Terrain::Wall, |p| p.0)
    }

    fn item_kind(&self) -> ItemKind {
        ITEMS.get(self.item).map_or(ItemKind::Coin, |p| p.0)
    }

    /// Drops what is under way on the map — a selection, a pending paste, a drag, a stroke — and keeps
    /// the tool, its pickers and the clipboard.
    pub fn cancel_transient(&mut self) {
        self.pasting = false;
        self.selection = None;
        self.preview = None;
        self.drag_from = None;
        self.finish_stroke();
    }
}

/// The wall segment (adjacency) whose cells include `cell`.
pub fn segment_at(level: &Level, cell: Cell) -> Option<usize> {
    level.adjacencies.iter().position(|a| {
        a.door_cells.contains(&cell)
            || a.segment
                .is_some_and(|s| (0..s.len).any(|k| s.cell(k) == cell))
    })
}

/// The patrol route cell under `cell`: (route, index).
fn waypoint_at(level: &Level, cell: Cell) -> Option<(usize, usize)> {
    level
        .patrols
        .iter()
        .enumerate()
        .find_map(|(r, p)| p.cells.iter().position(|&c| c == cell).map(|i| (r, i)))
}

/// The paint tool: the stroke grows while the button is down and becomes one edit when it goes up.
fn paint(
    ui: &Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    let down = response.is_pointer_button_down_on() && ui.input(|i| i.pointer.primary_down());
    let released = response.clicked() || response.drag_stopped_by(PointerButton::Primary);
    if let Some(cell) = pointer_cell
        && (down || released)
    {
        match tools.paint_mode {
            PaintMode::Brush => {
                let from = tools.last_stroke_cell.unwrap_or(cell);
                let size = tools.brush;
                let cells: Vec<Cell> = line_cells(from, cell)
                    .into_iter()
                    .flat_map(|c| brush_cells(c, size))
                    .collect();
                tools.add_to_stroke(level, cells);
                tools.last_stroke_cell = Some(cell);
            }
            PaintMode::Rectangle => {
                let from = *tools.stroke_from.get_or_insert(cell);
                tools.stroke.clear();
                tools.add_to_stroke(level, rectangle_cells(level, from, cell));
            }
            PaintMode::Fill => {
                if released {
                    tools.stroke.clear();
                    tools.add_to_stroke(level, fill_cells(level, cell));
                }
            }
        }
    }
    if released && let Some(e) = tools.finish_stroke() {
        push_checked(state, commands, e);
    }
}

/// Turns a primary click or drag on the map into a command for the current tool.
pub fn handle(
    ui: &Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    t: &CellToScreen,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    let pointer_cell = response.interact_pointer_pos().map(|p| t.cell_at(p));
    // Ctrl (⌘) + click, which window managers leave to the window; Alt+click too where it gets here.
    if response.clicked() && ui.input(|i| i.modifiers.command || i.modifiers.alt) {
        if let Some(cell) = pointer_cell {
            let picked = tools.pick(level, cell);
            state.say(MessageKind::Info, picked);
        }
        return;
    }
    if matches!(tools.tool, Tool::Select | Tool::Paint | Tool::Eyedropper) {
        tools.preview = None;
    }
    match tools.tool {
        Tool::Select => select(ui, state, tools, t, pointer_cell, response, commands),
        Tool::Paint => paint(ui, state, tools, pointer_cell, response, commands),
        Tool::Eyedropper => {
            if response.clicked()
                && let Some(cell) = pointer_cell
            {
                let picked = tools.pick(level, cell);
                state.say(MessageKind::Info, picked);
            }
        }
        Tool::PlaceItem
        | Tool::DeleteItem
        | Tool::Door
        | Tool::AddGuard
        | Tool::RemoveGuard
        | Tool::PlayerStart => click_tool(state, tools, t, pointer_cell, response, commands),
        Tool::MoveItem | Tool::MoveWaypoint => {
            drag_tool(ui, state, tools, t, pointer_cell, response, commands);
        }
    }
}

/// The click tools (place, delete, door, guards, player start): the cell under the pointer gets a
/// preview of the edit, and a click sends it (closing a door asks first).
fn click_tool(
    state: &mut EditorState,
    tools: &mut ToolState,
    t: &CellToScreen,
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    let hovered = response.hover_pos().map(|p| t.cell_at(p));
    let Some(cell) = pointer_cell.or(hovered).filter(|&c| level.in_bounds(c)) else {
        tools.preview = None;
        return;
    };
    let command = match tools.tool {
        // A click replaces what the cell holds; Shift+click puts the item on top of it (a coin on a
        // chair, as the 2025 game stacks them).
        Tool::PlaceItem
            if level.item_at(cell).is_some() && response.ctx.input(|i| i.modifiers.shift) =>
        {
            Some(Edit::PutOnTop {
                cell,
                item: tools.item_kind(),
            })
        }
        Tool::PlaceItem => Some(Edit::SetItem {
            cell,
            item: Some(tools.item_kind()),
        }),
        // A click takes the top item of a stack; Shift+click (or a cell of one item) clears the cell.
        Tool::DeleteItem => match level.stack_at(cell).count() {
            0 => None,
            1 => Some(Edit::SetItem { cell, item: None }),
            _ if response.ctx.input(|i| i.modifiers.shift) => {
                Some(Edit::SetItem { cell, item: None })
            }
            _ => Some(Edit::TakeTopItem { cell }),
        },
        Tool::Door => segment_at(level, cell).map(|adjacency| {
            door_edit(level, adjacency, response.ctx.input(|i| i.modifiers.shift))
        }),
        Tool::AddGuard => Some(Edit::AddGuard { cell }),
        Tool::RemoveGuard => level
            .guards
            .iter()
            .position(|g| g.start == cell)
            .map(|guard| Edit::RemoveGuard { guard }),
        _ => Some(Edit::MovePlayerStart { to: cell }),
    };
    let placing = matches!(
        tools.tool,
        Tool::PlaceItem | Tool::AddGuard | Tool::PlayerStart
    );
    tools.preview = match &command {
        Some(e) if placing => Some(preview(level, tools.preview.take(), None, cell, e)),
        _ => None,
    };
    if !response.clicked() {
        return;
    }
    match command {
        Some(e @ Edit::SetDoor { open: false, .. }) => close_door(state, commands, e),
        Some(e) => push_checked(state, commands, e),
        None => {
            let text = format!("{}: nothing here", tools.tool.label());
            state.say(MessageKind::Warning, text);
        }
    }
}

/// What the door tool does to the wall between two rooms: a plain wall gets a door; a door comes off
/// its hinges and leaves an open doorway; an open doorway gets its door back. Only Shift+click walls a
/// doorway up, the one change that can cut rooms off (it asks first when it does).
fn door_edit(level: &Level, adjacency: usize, wall_up: bool) -> Edit {
    let wall = &level.adjacencies[adjacency];
    let doorway = wall.door_cells.first().copied();
    match (wall.door, doorway) {
        (true, _) if wall_up => Edit::SetDoor {
            adjacency,
            open: false,
        },
        (true, Some(cell)) => match level.terrain(cell) {
            Terrain::Door(axis) => {
                let hung = level
                    .stack_at(cell)
                    .any(|i| matches!(i.kind, ItemKind::Door(_) | ItemKind::LockedDoor(_)));
                let item = (!hung).then_some(ItemKind::Door(axis));
                Edit::SetItem { cell, item }
            }
            _ => Edit::SetDoor {
                adjacency,
                open: false,
            },
        },
        _ => Edit::SetDoor {
            adjacency,
            open: true,
        },
    }
}

/// The drag tools (move item, move waypoint): the drag from the cell where the button went down
/// previews the move, and letting go sends it.
fn drag_tool(
    ui: &Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    t: &CellToScreen,
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    if response.drag_started_by(PointerButton::Primary) {
        // Where the button went down, not where the drag was recognised.
        let origin = ui.input(|i| i.pointer.press_origin());
        tools.drag_from = origin.map(|p| t.cell_at(p)).or(pointer_cell);
    }
    let moving = match (tools.drag_from, pointer_cell) {
        (Some(from), Some(to)) if from != to => Some((from, to)),
        _ => None,
    };
    let e = moving.and_then(|(from, to)| {
        if tools.tool == Tool::MoveItem {
            level.item_at(from).map(|_| Edit::MoveItem { from, to })
        } else {
            waypoint_at(level, from).map(|(route, index)| Edit::MoveWaypoint { route, index, to })
        }
    });
    tools.preview = match (&e, moving) {
        (Some(e), Some((from, to))) if tools.drag_from.is_some() => {
            Some(preview(level, tools.preview.take(), Some(from), to, e))
        }
        _ => None,
    };
    if response.drag_stopped() && tools.drag_from.take().is_some() {
        tools.preview = None;
        match (e, moving) {
            (Some(e), _) => push_checked(state, commands, e),
            (None, Some(_)) => {
                let what = if tools.tool == Tool::MoveItem {
                    "no item there to drag"
                } else {
                    "no patrol route there to drag"
                };
                state.say(MessageKind::Warning, what);
            }
            (None, None) => {}
        }
    }
}

/// The Select tool: a click selects a room (or pastes, after Ctrl+V); a drag selects a rectangle.
fn select(
    ui: &Ui,
    state: &mut EditorState,
    tools: &mut ToolState,
    t: &CellToScreen,
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    if tools.pasting {
        if response.clicked()
            && let Some(cell) = pointer_cell
        {
            tools.pasting = false;
            let paste = tools
                .clipboard
                .as_ref()
                .and_then(|clip| clip.paste_at(&state.doc.level, cell));
            if let Some(e) = paste {
                push_checked(state, commands, e);
            }
        }
        return;
    }
    if response.drag_started_by(PointerButton::Primary) {
        let origin = ui.input(|i| i.pointer.press_origin());
        let start = origin.map(|p| t.cell_at(p)).or(pointer_cell);
        tools.selection = start.map(|c| (c, c));
    }
    if response.dragged_by(PointerButton::Primary)
        && let (Some((a, _)), Some(b)) = (tools.selection, pointer_cell)
    {
        tools.selection = Some((a, b));
    }
    if response.clicked()
        && let Some(cell) = pointer_cell
    {
        tools.selection = None;
        commands.push(Command::SelectRoom(state.analysis.room_at(cell)));
    }
}

/// Runs `e` unless the placement rule refuses it, in which case the status bar says why.
/// Closes a door, asking first when that walls cells off from the entrance: how many, and in which rooms.
fn close_door(state: &mut EditorState, commands: &mut Vec<Command>, e: Edit) {
    let cut = placement::cut_off_cells(state.level(), &e);
    if cut.is_empty() {
        return push_checked(state, commands, e);
    }
    let mut rooms: Vec<usize> = cut
        .iter()
        .filter_map(|&c| state.analysis.room_at(c))
        .collect();
    rooms.sort_unstable();
    rooms.dedup();
    let names: Vec<String> = rooms.iter().map(|&r| format!("{r}")).collect();
    let rooms = match names.len() {
        0 => String::new(),
        1 => format!(" (room {})", names[0]),
        _ => format!(" (rooms {})", names.join(", ")),
    };
    let cells = if cut.len() == 1 { "cell" } else { "cells" };
    state.confirm = Some(Confirmation {
        title: format!("Wall off {} {cells}?", cut.len()),
        question: format!(
            "Walling up this doorway cuts {} {cells}{rooms} off from the entrance: the thief can no \
             longer reach them. Wall it up anyway?",
            cut.len()
        ),
        yes: "Wall it up",
        no: "Keep the doorway",
        action: Confirmed::Apply(Command::Run(edit::Command::Edit(e))),
    });
}

fn push_checked(state: &mut EditorState, commands: &mut Vec<Command>, e: Edit) {
    match placement::refusal(state.level(), &e) {
        Some(reason) => state.say(MessageKind::Warning, format!("Refused: {reason}")),
        None => commands.push(Command::Run(edit::Command::Edit(e))),
    }
}

/// The paint tool's stroke and the eyedropper (see `strokes`).
impl ToolState {
    /// Adds `cells` to the stroke being painted with the picked terrain, skipping cells off the map,
    /// cells already in the stroke and cells that already have that terrain.
    pub fn add_to_stroke(&mut self, level: &Level, cells: impl IntoIterator<Item = Cell>) {
        let terrain = self.terrain();
        for cell in cells {
            if !level.in_bounds(cell) || self.stroke.iter().any(|(c, _)| *c == cell) {
                continue;
            }
            let painted = oriented(level, cell, terrain);
            if level.terrain(cell) != painted {
                self.stroke.push((cell, painted));
            }
        }
    }

    /// The stroke as one edit, leaving the stroke empty; `None` when it changes nothing.
    pub fn finish_stroke(&mut self) -> Option<Edit> {
        self.stroke_from = None;
        self.last_stroke_cell = None;
        let cells = std::mem::take(&mut self.stroke);
        (!cells.is_empty()).then_some(Edit::PaintCells { cells })
    }

    /// Sets the pickers from what lies on `cell` (an item first, else the terrain) and switches to the
    /// tool that lays it down. Returns what was picked, in words, or why nothing was.
    pub fn pick(&mut self, level: &Level, cell: Cell) -> String {
        if !level.in_bounds(cell) {
            return "Eyedropper: outside the map".to_string();
        }
        if let Some(item) = level.item_at(cell)
            && let Some(i) = ITEMS.iter().position(|(kind, _)| *kind == item.kind)
        {
            self.item = i;
            self.tool = Tool::PlaceItem;
            return format!("Picked {}", ITEMS[i].1.to_lowercase());
        }
        let terrain = level.terrain(cell);
        let same = |t: Terrain| std::mem::discriminant(&t) == std::mem::discriminant(&terrain);
        match PAINTS.iter().position(|(t, _)| same(*t)) {
            Some(i) => {
                self.paint = i;
                self.tool = Tool::Paint;
                format!("Picked {}", PAINTS[i].1.to_lowercase())
            }
            None => format!("Eyedropper: {terrain:?} cannot be painted"),
        }
    }
}

/// Copy and cut of the Select tool's rectangle, as the Edit menu and Ctrl+C / Ctrl+X do them.
impl ToolState {
    /// Copies the Select tool's rectangle to the editor's clipboard, and as text to the system's;
    /// false when nothing is selected.
    pub fn copy(&mut self, state: &mut EditorState) -> bool {
        let copied = self
            .selection
            .and_then(|(a, b)| Clip::copy(&state.doc.level, a, b));
        if let Some(clip) = copied {
            let text = format!(
                "Copied {} × {} cells with {} items",
                clip.width,
                clip.height,
                clip.items()
            );
            state.system_clipboard = Some(clip.to_text());
            self.clipboard = Some(clip);
            state.say(MessageKind::Success, text);
            true
        } else {
            state.say(
                MessageKind::Warning,
                "Nothing selected: drag out cells with the Select tool (V) first",
            );
            false
        }
    }

    /// Copies the selection, then takes its items away as one undo step (Cut in the Edit menu, Ctrl+X).
    pub fn cut(&mut self, state: &mut EditorState) {
        let Some((a, b)) = self.selection else {
            self.copy(state);
            return;
        };
        if !self.copy(state) {
            return;
        }
        let copied = state.message.take().unwrap_or_default();
        match take_items(&state.doc.level, a, b) {
            Some(take) => {
                let count = match &take {
                    edit::Edit::ClearItems { cells } => cells.len(),
                    _ => 0,
                };
                if state.run(&edit::Command::Edit(take)) {
                    let text = format!("{copied}; took away its {count} movable items");
                    state.say(MessageKind::Success, text);
                }
            }
            None => state.say(
                MessageKind::Success,
                format!("{copied}; no movable items to take away (the terrain stays)"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::map::strokes::oriented;
    use crate::generate::recipe::Recipe;
    use crate::model::Axis;

    #[test]
    fn painted_doors_follow_the_wall() {
        let level = Recipe::campaign_level(1, 9).build().expect("generates");
        let wall = |c: Cell| level.in_bounds(c) && level.terrain(c) == Terrain::Wall;
        let ns = level
            .all_cells()
            .find(|&c| wall(c) && wall(c.offset(0, 1)) && wall(c.offset(0, -1)))
            .expect("a north–south wall");
        let door = Terrain::Door(Axis::EW);
        assert_eq!(oriented(&level, ns, door), Terrain::Door(Axis::NS));
        let ew = level
            .all_cells()
            .find(|&c| {
                wall(c)
                    && wall(c.offset(1, 0))
                    && wall(c.offset(-1, 0))
                    && !wall(c.offset(0, 1))
                    && !wall(c.offset(0, -1))
            })
            .expect("an east–west wall");
        assert_eq!(oriented(&level, ew, door), Terrain::Door(Axis::EW));
    }
}
