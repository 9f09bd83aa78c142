//! The editing panels: regenerate and re-roll, the tool palette with its pickers, the selected room's
//! lock and kind, the history list, and the File and Edit menus. Like the other panels they only read the
//! state and emit [`Command`]s.

use egui::{RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::map::strokes::{BRUSH_SIZES, PaintMode};
use crate::app::map::tool::{ITEMS, PAINTS, Tool};
use crate::app::map::tools::ToolState;
use crate::app::panel::Panel;
use crate::app::panels::describe::{self, drawable};
use crate::app::panels::widgets::command_button;
use crate::app::state::EditorState;
use crate::generate::Step;
use crate::paint::palette;

/// What the document is, its game's hash, regenerate and re-roll (the generator picker follows it).
#[derive(Default)]
pub struct DocumentPanel;

impl Panel for DocumentPanel {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        ui.heading("Document");
        ui.label(RichText::new(state.source.long(&state.doc.recipe)).strong())
            .on_hover_text("What this document is: where it was opened or generated from");
        let locked = state.doc.locked_rooms().len();
        ui.label(format!(
            "{} · level {} · seed {} · {locked} locked room{}",
            describe::generator_name(state.doc.recipe.generator.id()),
            state.doc.recipe.level,
            state.doc.recipe.seed,
            if locked == 1 { "" } else { "s" }
        ));
        if let Some(hash) = &state.analysis.game_hash {
            ui.label(format!("Game's hash: {hash}")).on_hover_text(
                "The hash the game gives this mansion: equal to the game's own while the level is \
                 as the generator made it, different after any edit",
            );
        }
        ui.horizontal_wrapped(|ui| {
            command_button(ui, Command::RegenerateUnlocked, commands);
            command_button(ui, Command::RegenerateSameSeed, commands);
        });
        ui.horizontal_wrapped(|ui| {
            for step in [Step::Furniture, Step::Loot, Step::Patrols] {
                command_button(ui, Command::Reroll(step), commands);
            }
        });
    }
}

/// The tool palette and the picker of the current tool.
impl Panel for ToolState {
    fn ui(&mut self, ui: &mut Ui, _: &EditorState, commands: &mut Vec<Command>) {
        ui.heading("Tools");
        ui.horizontal_wrapped(|ui| {
            for &tool in Tool::ALL {
                let help = format!(
                    "{} ({})",
                    tool.help(),
                    crate::app::commands::keys::key_name(tool.key())
                );
                if ui
                    .selectable_label(self.tool == tool, tool.label())
                    .on_hover_text(help)
                    .clicked()
                {
                    commands.push(Command::SetTool(tool));
                }
            }
        });
        match self.tool {
            Tool::Paint => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Terrain:");
                    for (i, (_, name)) in PAINTS.iter().enumerate() {
                        ui.selectable_value(&mut self.paint, i, *name);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label("Mode:");
                    for &mode in PaintMode::ALL {
                        ui.selectable_value(&mut self.paint_mode, mode, mode.label());
                    }
                });
                if self.paint_mode == PaintMode::Brush {
                    ui.add(
                        egui::Slider::new(&mut self.brush, BRUSH_SIZES)
                            .text("brush size ([ and ])")
                            .suffix(" cells"),
                    );
                }
            }
            Tool::PlaceItem => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Item:");
                    for (i, (_, name)) in ITEMS.iter().enumerate() {
                        ui.selectable_value(&mut self.item, i, *name);
                    }
                });
            }
            tool => {
                ui.weak(tool.help());
            }
        }
    }
}

/// The history: done commands, then undone ones (greyed); clicking one steps there.
#[derive(Default)]
pub struct HistoryPanel;

impl Panel for HistoryPanel {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let (done, undone) = state.history.entries();
        ui.heading(format!("History ({})", done.len()));
        ui.horizontal(|ui| {
            let undo = ui.add_enabled(state.history.can_undo(), egui::Button::new("Undo"));
            if undo.on_hover_text(Command::Undo.tooltip()).clicked() {
                commands.push(Command::Undo);
            }
            let redo = ui.add_enabled(state.history.can_redo(), egui::Button::new("Redo"));
            if redo.on_hover_text(Command::Redo.tooltip()).clicked() {
                commands.push(Command::Redo);
            }
        });
        if ui
            .selectable_label(done.is_empty(), "(opened)")
            .on_hover_text(Command::HistoryGoto(0).description())
            .clicked()
        {
            commands.push(Command::HistoryGoto(0));
        }
        for (i, label) in done.iter().enumerate() {
            let current = i + 1 == done.len();
            if ui
                .selectable_label(current, drawable(&format!("{}. {label}", i + 1)))
                .clicked()
            {
                commands.push(Command::HistoryGoto(i + 1));
            }
        }
        for (i, label) in undone.iter().enumerate() {
            let n = done.len() + i + 1;
            let text =
                RichText::new(drawable(&format!("{n}. {label}"))).color(palette::TEXT_UNDONE);
            if ui
                .selectable_label(false, text)
                .on_hover_text("Undone: click to redo up to here")
                .clicked()
            {
                commands.push(Command::HistoryGoto(n));
            }
        }
    }
}
