//! The small widgets panels share: a button, a menu entry and a menu checkbox built from a [`Command`]
//! (its label, tooltip and shortcut, so no panel words a command its own way), and a legend row with its
//! painted sample.

use egui::{Color32, CornerRadius, Sense, Shape, Ui, Vec2, vec2};

use crate::app::commands::command::Command;

/// A small dialog window (the File ▸ Open… dialogs): neither collapsible nor resizable, over the top left
/// of the map; its close button clears `open`.
pub fn dialog_window<'open>(title: &str, open: &'open mut bool) -> egui::Window<'open> {
    egui::Window::new(title.to_string())
        .open(open)
        .collapsible(false)
        .resizable(false)
        .default_pos([320.0, 120.0])
}

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

/// The size of a legend row's painted sample.
pub const SAMPLE: Vec2 = vec2(26.0, 14.0);

/// A legend row: a painted sample, then the text.
pub fn row(ui: &mut Ui, text: &str, paint: impl FnOnce(&mut Vec<Shape>, egui::Rect, &Ui)) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(SAMPLE, Sense::hover());
        let mut shapes = Vec::new();
        paint(&mut shapes, rect, ui);
        ui.painter().extend(shapes);
        ui.add(egui::Label::new(text).wrap());
    });
}

pub fn swatch(ui: &mut Ui, colour: Color32, text: &str) {
    row(ui, text, |s, r, _| {
        s.push(Shape::rect_filled(
            r.shrink(1.0),
            CornerRadius::same(2),
            colour,
        ));
    });
}
