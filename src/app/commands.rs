//! Every user action as one enum. Menus, buttons, keyboard shortcuts and tooltips are all generated from
//! [`Command`], so a label, a key and its explanation can never drift apart, and tests can drive the editor
//! with the same values the UI produces.

use egui::Key;

use super::state::Overlay;
use crate::model::RoomId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    ToggleOverlay(Overlay),
    ToggleGrid,
    FitToWindow,
    ZoomIn,
    ZoomOut,
    /// Generate the mansion in the generator fields (game seed, level) again.
    Regenerate,
    /// Pick a new random game seed, then regenerate.
    RandomSeed,
    /// Open mansion `n` (0–9) of the current game.
    OpenMansion(u32),
    SelectRoom(Option<RoomId>),
    /// Focus the map on validation finding `n`.
    FocusFinding(usize),
}

impl Command {
    /// Commands that have a keyboard shortcut, in the order the Help menu lists them.
    pub const WITH_KEYS: [Command; 10] = [
        Command::ToggleOverlay(Overlay::RoomGraph),
        Command::ToggleOverlay(Overlay::Distances),
        Command::ToggleOverlay(Overlay::Loot),
        Command::ToggleOverlay(Overlay::Patrols),
        Command::ToggleGrid,
        Command::FitToWindow,
        Command::ZoomIn,
        Command::ZoomOut,
        Command::Regenerate,
        Command::RandomSeed,
    ];

    /// The menu or button label.
    pub fn label(self) -> String {
        match self {
            Command::ToggleOverlay(o) => o.label().to_string(),
            Command::ToggleGrid => "Cell grid".to_string(),
            Command::FitToWindow => "Fit to window".to_string(),
            Command::ZoomIn => "Zoom in".to_string(),
            Command::ZoomOut => "Zoom out".to_string(),
            Command::Regenerate => "Regenerate".to_string(),
            Command::RandomSeed => "Random seed".to_string(),
            Command::OpenMansion(n) => format!("Mansion {n}"),
            Command::SelectRoom(Some(r)) => format!("Select room {r}"),
            Command::SelectRoom(None) => "Clear selection".to_string(),
            Command::FocusFinding(n) => format!("Show finding {}", n + 1),
        }
    }

    /// The key that triggers the command (no modifiers), if any.
    pub fn key(self) -> Option<Key> {
        match self {
            Command::ToggleOverlay(o) => Some(o.key()),
            Command::ToggleGrid => Some(Key::G),
            Command::FitToWindow => Some(Key::F),
            Command::ZoomIn => Some(Key::Plus),
            Command::ZoomOut => Some(Key::Minus),
            Command::Regenerate => Some(Key::Space),
            Command::RandomSeed => Some(Key::R),
            Command::OpenMansion(_) | Command::SelectRoom(_) | Command::FocusFinding(_) => None,
        }
    }

    /// What the command does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Command::ToggleOverlay(Overlay::RoomGraph) => {
                "Show the room graph: a node per room, an edge per door"
            }
            Command::ToggleOverlay(Overlay::Distances) => {
                "Shade rooms by door distance from the front and outline the private rooms"
            }
            Command::ToggleOverlay(Overlay::Loot) => {
                "Tint rooms by loot priority class and number the coins in assignment order"
            }
            Command::ToggleOverlay(Overlay::Patrols) => {
                "Draw each guard's patrol route with its stations, side trips and split points"
            }
            Command::ToggleGrid => "Draw the cell grid",
            Command::FitToWindow => "Zoom and pan so the whole mansion fits the map view",
            Command::ZoomIn => "Zoom in around the centre of the map view",
            Command::ZoomOut => "Zoom out around the centre of the map view",
            Command::Regenerate => "Generate the mansion for the seed and level in the fields",
            Command::RandomSeed => "Pick a new random game seed and generate its mansion",
            Command::OpenMansion(_) => "Open this mansion of the game",
            Command::SelectRoom(_) => "Select a room to show it in the inspector",
            Command::FocusFinding(_) => "Centre the map on this finding",
        }
    }

    /// The tooltip: the description plus the key, e.g. "Fit … (F)".
    pub fn tooltip(self) -> String {
        match self.key() {
            Some(key) => format!("{} ({})", self.description(), key_name(key)),
            None => self.description().to_string(),
        }
    }
}

/// A short human name of a key.
pub fn key_name(key: Key) -> &'static str {
    match key {
        Key::Space => "Space",
        Key::Plus => "+",
        Key::Minus => "-",
        other => other.symbol_or_name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique() {
        let mut keys: Vec<_> = Command::WITH_KEYS.iter().filter_map(|c| c.key()).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n);
        assert_eq!(n, Command::WITH_KEYS.len());
    }
}
