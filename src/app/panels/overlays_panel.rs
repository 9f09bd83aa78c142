//! The overlays panel: which analysis overlays, which layers of the map and whether the cell grid are
//! shown, each switch with its key.

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::commands::keys::key_name;
use crate::app::panel::Panel;
use crate::app::panels::widgets::command_button;
use crate::app::state::{EditorState, Overlay};
use crate::paint::Layer;

/// Overlay checkboxes (each with its key), the cell grid, the layers and Fit to window.
#[derive(Default)]
pub struct OverlaysPanel;

impl Panel for OverlaysPanel {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        ui.heading("Overlays");
        for &overlay in Overlay::ALL {
            let cmd = Command::ToggleOverlay(overlay);
            let mut on = state.view.overlays.is_on(overlay);
            ui.horizontal(|ui| {
                if ui
                    .checkbox(&mut on, overlay.label())
                    .on_hover_text(cmd.tooltip())
                    .changed()
                {
                    commands.push(cmd);
                }
                ui.weak(format!("[{}]", key_name(overlay.key())));
            });
        }
        let mut grid = state.view.show_grid;
        ui.horizontal(|ui| {
            if ui
                .checkbox(&mut grid, "Cell grid")
                .on_hover_text(Command::ToggleGrid.tooltip())
                .changed()
            {
                commands.push(Command::ToggleGrid);
            }
            ui.weak("[G]");
        });
        layers_row(ui, state, commands);
        command_button(ui, Command::FitToWindow, commands);
    }
}

/// The layers panel: which parts of the map are drawn, so an overlay can be read without the
/// furniture, or the map without its text.
fn layers_row(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Layers");
        for &layer in Layer::ALL {
            let cmd = Command::ToggleLayer(layer);
            let mut on = state.view.layers.is_on(layer);
            if ui
                .checkbox(&mut on, layer.label())
                .on_hover_text(cmd.tooltip())
                .changed()
            {
                commands.push(cmd);
            }
        }
    });
}
