//! The hand-fix tools: what a click or a drag on the map does. Each tool turns the pointer into an
//! [`Edit`] sent through the history, so every fix is undoable and locks the rooms it touches.

use egui::{Key, PointerButton, Response, Ui};

use super::clipboard::Clip;
use super::commands::Command;
use super::confirm::{Confirmation, Confirmed};
use super::previews::{Preview, preview};
use super::state::{EditorState, MessageKind};
use super::strokes::{PaintMode, brush_cells, fill_cells, line_cells, rectangle_cells};
use crate::edit::{self, Edit, placement};
use crate::model::{Axis, Cell, Dir, ItemKind, Level, Terrain};
use crate::paint::CellToScreen;

/// The map tool in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Click a room to inspect it.
    #[default]
    Select,
    /// Paint the picked terrain (click or drag).
    Paint,
    /// Put the picked item on a cell.
    PlaceItem,
    /// Drag an item to another cell.
    MoveItem,
    DeleteItem,
    /// Open or close the wall segment under the cursor.
    Door,
    /// Drag a cell of a patrol route elsewhere.
    MoveWaypoint,
    AddGuard,
    RemoveGuard,
    PlayerStart,
    /// Pick the terrain or item under the cursor into the pickers (also Ctrl+click with any tool).
    Eyedropper,
}

impl Tool {
    pub const ALL: [Tool; 11] = [
        Tool::Select,
        Tool::Paint,
        Tool::PlaceItem,
        Tool::MoveItem,
        Tool::DeleteItem,
        Tool::Door,
        Tool::MoveWaypoint,
        Tool::AddGuard,
        Tool::RemoveGuard,
        Tool::PlayerStart,
        Tool::Eyedropper,
    ];

    /// The palette button label, which is also the accessible name.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Paint => "Paint terrain",
            Tool::PlaceItem => "Place item",
            Tool::MoveItem => "Move item",
            Tool::DeleteItem => "Delete item",
            Tool::Door => "Toggle door",
            Tool::MoveWaypoint => "Move waypoint",
            Tool::AddGuard => "Add guard",
            Tool::RemoveGuard => "Remove guard",
            Tool::PlayerStart => "Move player start",
            Tool::Eyedropper => "Eyedropper",
        }
    }

    /// The tool's key (no modifiers), shown in its button's tooltip and in Help.
    pub fn key(self) -> Key {
        match self {
            Tool::Select => Key::V,
            Tool::Paint => Key::B,
            Tool::PlaceItem => Key::O,
            Tool::MoveItem => Key::M,
            Tool::DeleteItem => Key::X,
            Tool::Door => Key::D,
            Tool::MoveWaypoint => Key::W,
            Tool::AddGuard => Key::A,
            Tool::RemoveGuard => Key::Q,
            Tool::PlayerStart => Key::S,
            Tool::Eyedropper => Key::I,
        }
    }

    pub fn help(self) -> &'static str {
        match self {
            Tool::Select => "Click a room to inspect it",
            Tool::Paint => {
                "Drag to paint the picked terrain: brush, rectangle or fill; one stroke is one undo step"
            }
            Tool::PlaceItem => "Click a cell to put the picked item there",
            Tool::MoveItem => "Drag an item to a free cell",
            Tool::DeleteItem => "Click an item to remove it",
            Tool::Door => "Click a wall segment between rooms to open or close its door",
            Tool::MoveWaypoint => "Drag a cell of a patrol route to move it",
            Tool::AddGuard => "Click a cell to post a guard there",
            Tool::RemoveGuard => "Click a guard to remove it and its route",
            Tool::PlayerStart => "Click a cell to move the player start there",
            Tool::Eyedropper => {
                "Click a cell to pick its item or terrain (Ctrl+click does it with any tool)"
            }
        }
    }
}

/// The terrains the paint tool offers, with their picker names.
pub const PAINTS: [(Terrain, &str); 10] = [
    (Terrain::Wall, "Wall"),
    (Terrain::Wood, "Wood"),
    (Terrain::WoodCreaky, "Creaky wood"),
    (Terrain::Marble, "Marble"),
    (Terrain::Grass, "Grass"),
    (Terrain::Water, "Water"),
    (Terrain::Door(Axis::NS), "Door"),
    (Terrain::Window(Dir::N), "Window"),
    (Terrain::Ground, "Ground"),
    (Terrain::Floor, "Floor"),
];

/// The items the place tool offers.
pub const ITEMS: [(ItemKind, &str); 6] = [
    (ItemKind::Coin, "Coin"),
    (ItemKind::Chair, "Chair"),
    (ItemKind::Table, "Table"),
    (ItemKind::Bush, "Bush"),
    (ItemKind::TorchLit, "Lit torch"),
    (ItemKind::TorchUnlit, "Unlit torch"),
];

/// The tool settings: the tool, its pickers and an unfinished drag or stroke.
#[derive(Clone, Debug)]
pub struct ToolState {
    pub tool: Tool,
    /// Index into [`PAINTS`].
    pub paint: usize,
    pub paint_mode: PaintMode,
    /// Brush side in cells (see [`BRUSH_SIZES`]).
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
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    let tools = &mut state.tools;
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
    t: &CellToScreen,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let level = &state.doc.level;
    let pointer_cell = response.interact_pointer_pos().map(|p| t.cell_at(p));
    let tools = &mut state.tools;
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
        Tool::Select => select(ui, state, t, pointer_cell, response, commands),
        Tool::Paint => paint(ui, state, pointer_cell, response, commands),
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
        | Tool::PlayerStart => {
            let hovered = response.hover_pos().map(|p| t.cell_at(p));
            let Some(cell) = pointer_cell.or(hovered).filter(|&c| level.in_bounds(c)) else {
                tools.preview = None;
                return;
            };
            let command = match tools.tool {
                Tool::PlaceItem => Some(Edit::SetItem {
                    cell,
                    item: Some(tools.item_kind()),
                }),
                Tool::DeleteItem => level
                    .items
                    .iter()
                    .any(|it| it.cell == cell)
                    .then_some(Edit::SetItem { cell, item: None }),
                Tool::Door => segment_at(level, cell).map(|adjacency| Edit::SetDoor {
                    adjacency,
                    open: !level.adjacencies[adjacency].door,
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
        Tool::MoveItem | Tool::MoveWaypoint => {
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
                    waypoint_at(level, from).map(|(route, index)| Edit::MoveWaypoint {
                        route,
                        index,
                        to,
                    })
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
    }
}

/// The Select tool: a click selects a room (or pastes, after Ctrl+V); a drag selects a rectangle.
fn select(
    ui: &Ui,
    state: &mut EditorState,
    t: &CellToScreen,
    pointer_cell: Option<Cell>,
    response: &Response,
    commands: &mut Vec<Command>,
) {
    let tools = &mut state.tools;
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
            "Closing this door cuts {} {cells}{rooms} off from the entrance: the thief can no longer \
             reach them. Close it anyway?",
            cut.len()
        ),
        yes: "Close the door",
        no: "Keep it open",
        action: Confirmed::Apply(Command::Run(edit::Command::Edit(e))),
    });
}

fn push_checked(state: &mut EditorState, commands: &mut Vec<Command>, e: Edit) {
    match placement::refusal(state.level(), &e) {
        Some(reason) => state.say(MessageKind::Warning, format!("Refused: {reason}")),
        None => commands.push(Command::Run(edit::Command::Edit(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::strokes::oriented;
    use crate::generate::recipe::Recipe;

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
