//! The map tools a designer picks (Select, Paint, Door, …) and what the paint and place tools offer:
//! plain values the command list, the shortcuts and the tools panel all name.

use egui::Key;

use crate::model::{Axis, Dir, ItemKind, Terrain};

/// The map tool in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, strum::VariantArray)]
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
    /// Click an item to remove it.
    DeleteItem,
    /// Open or close the wall segment under the cursor.
    Door,
    /// Drag a cell of a patrol route elsewhere.
    MoveWaypoint,
    /// Post a new guard on the clicked cell.
    AddGuard,
    /// Remove the clicked guard and its patrol route.
    RemoveGuard,
    /// Move the player's start to the clicked cell.
    PlayerStart,
    /// Pick the terrain or item under the cursor into the pickers (also Ctrl+click with any tool).
    Eyedropper,
}

impl Tool {
    /// Every tool, in the order the tools panel and the command palette list them.
    pub const ALL: &'static [Tool] = <Tool as strum::VariantArray>::VARIANTS;

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

    /// What the tool does with a click or drag, in a sentence: its button's tooltip, and the hint
    /// under the tools for a tool with no picker.
    pub fn help(self) -> &'static str {
        match self {
            Tool::Select => "Click a room to inspect it",
            Tool::Paint => {
                "Drag to paint the picked terrain: brush, rectangle or fill; one stroke is one undo \
                 step. Ctrl+click picks a cell's terrain (the eyedropper; Alt+click too, where the \
                 window manager passes it on)"
            }
            Tool::PlaceItem => {
                "Click a cell to put the picked item there; Shift+click to put it on top of what the \
                 cell holds. Ctrl+click picks a cell's item (the eyedropper)"
            }
            Tool::MoveItem => "Drag an item to a free cell",
            Tool::DeleteItem => {
                "Click an item to remove it (the top item of a stack; Shift+click: the whole stack)"
            }
            Tool::Door => {
                "Click a wall between rooms: a plain wall gets a door, a door is taken off to leave \
                 an open doorway, an open doorway gets its door back. Shift+click walls a doorway up"
            }
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
