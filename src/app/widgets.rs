//! The small widgets every panel builds from a [`Command`]: a button, a menu entry and a menu checkbox,
//! each with the command's label, tooltip and shortcut, so no panel words a command its own way.

use egui::Ui;

use super::commands::Command;

/// A button for a command, with its tooltip (which names the key).
pub fn command_button(ui: &mut Ui, command: Command, commands: &mut Vec<Command>) {
    if ui
        .button(command.label())
        .on_hover_text(command.tooltip())
        .clicked()
    {
        commands.push(command);
    }
}

/// A menu entry for a command, with its shortcut.
pub fn menu_item(ui: &mut Ui, command: Command, enabled: bool, commands: &mut Vec<Command>) {
    let mut button = egui::Button::new(command.label());
    if let Some(keys) = command.shortcut_text() {
        button = button.shortcut_text(keys);
    }
    if ui
        .add_enabled(enabled, button)
        .on_hover_text(command.description())
        .clicked()
    {
        commands.push(command);
        ui.close();
    }
}

/// A menu checkbox for a command that toggles something, ticked when `on`.
pub fn menu_toggle(ui: &mut Ui, command: Command, on: bool, commands: &mut Vec<Command>) {
    let mut checked = on;
    if ui
        .checkbox(&mut checked, command.label())
        .on_hover_text(command.tooltip())
        .changed()
    {
        commands.push(command);
    }
}
