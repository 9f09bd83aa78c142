//! The Play panel's help for a newcomer: the moves that go from where the thief stands, and before
//! the first move a hint on how the game is played; and the choice of rules the game is played by.
//! Kept apart from the panel so that its words stay in one place beside the refused-move words of
//! [`crate::play::advice`].

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::state::EditorState;
use crate::play::advice::keys;
use crate::play::{Move, RuleSet, rule_sets};

/// What the first-play hint says.
pub const FIRST_PLAY_HINT: &str = "You are the thief (the @ disc). Arrows or WASD step; \
     Shift+direction leaps two cells: over windows, portcullises and torches a step cannot pass. \
     Take the loot, then leave by the map's edge once every cell has been seen. Guards see you in \
     the light, and in the dark only close by.";

/// The moves line ("From here: Up (N), Shift+Up (L:N), …") and, on turn 0, the first-play hint; the
/// key list otherwise.
pub(super) fn moves_help(ui: &mut Ui, open: &[Move], turn: usize) {
    let moves: Vec<String> = open.iter().map(|&mv| keys(mv)).collect();
    if moves.is_empty() {
        ui.label("From here: no move goes.");
    } else {
        ui.label(format!("From here: {}", moves.join(", ")));
    }
    if turn == 0 {
        ui.label(egui::RichText::new(FIRST_PLAY_HINT).italics());
    } else {
        ui.weak(
            "Arrows or WASD step, Shift+direction leaps, Space or . waits, Backspace takes back, \
             F8 or Escape stops.",
        );
    }
}

/// The rules of the game under way (`playing`) and the choice of others, `chosen` now: the level's
/// own first, then every rule set by name.
pub(super) fn rules_choice(
    ui: &mut Ui,
    chosen: Option<&'static str>,
    playing: &'static dyn RuleSet,
    state: &EditorState,
    commands: &mut Vec<Command>,
) {
    let own = rule_sets::of_level(state.level());
    let mut choice = chosen;
    egui::ComboBox::from_id_salt("play-rules")
        .selected_text(format!("{} rules", playing.label()))
        .show_ui(ui, |ui| {
            ui.selectable_value(
                &mut choice,
                None,
                format!("The level's own ({})", own.label()),
            );
            for rules in rule_sets::all() {
                ui.selectable_value(&mut choice, Some(rules.id()), rules.label())
                    .on_hover_text(rules.about());
            }
        })
        .response
        .on_hover_text(Command::SetPlayRules(None).description());
    if choice != chosen {
        commands.push(Command::SetPlayRules(choice));
    }
}
