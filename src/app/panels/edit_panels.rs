//! The editing panels: regenerate and re-roll, the tool palette with its pickers, the selected room's
//! lock and kind, the history list, and the File and Edit menus. Like the other panels they only read the
//! state and emit [`Command`]s.

use egui::{RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::map::strokes::{BRUSH_SIZES, PaintMode};
use crate::app::map::tool::{ITEMS, PAINTS, Tool};
use crate::app::map::tools::ToolState;
use crate::app::panels::describe::drawable;
use crate::app::panels::picker::{self, GeneratorPicker};
use crate::app::panels::widgets::command_button;
use crate::app::state::EditorState;
use crate::edit::{self, Edit};
use crate::generate::Step;
use crate::model::{LockOrigin, RoomKind};
use crate::paint::palette;

/// Generator picker, regenerate, re-roll.
pub fn document(
    ui: &mut Ui,
    state: &EditorState,
    picker: &mut GeneratorPicker,
    commands: &mut Vec<Command>,
) {
    ui.heading("Document");
    let locked = state.doc.locked_rooms().len();
    ui.label(format!(
        "{} · level {} · seed {} · {locked} locked room{}",
        picker::generator_name(state.doc.recipe.generator.id()),
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
    egui::CollapsingHeader::new("Generator and parameters")
        .default_open(picker.open)
        .show(ui, |ui| {
            picker::show(ui, picker, &state.doc, commands);
        });
}

/// The tool palette and the picker of the current tool.
pub fn tools(ui: &mut Ui, tools: &mut ToolState, commands: &mut Vec<Command>) {
    ui.heading("Tools");
    ui.horizontal_wrapped(|ui| {
        for &tool in Tool::ALL {
            let help = format!(
                "{} ({})",
                tool.help(),
                crate::app::commands::keys::key_name(tool.key())
            );
            if ui
                .selectable_label(tools.tool == tool, tool.label())
                .on_hover_text(help)
                .clicked()
            {
                commands.push(Command::SetTool(tool));
            }
        }
    });
    match tools.tool {
        Tool::Paint => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Terrain:");
                for (i, (_, name)) in PAINTS.iter().enumerate() {
                    ui.selectable_value(&mut tools.paint, i, *name);
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Mode:");
                for &mode in PaintMode::ALL {
                    ui.selectable_value(&mut tools.paint_mode, mode, mode.label());
                }
            });
            if tools.paint_mode == PaintMode::Brush {
                ui.add(
                    egui::Slider::new(&mut tools.brush, BRUSH_SIZES)
                        .text("brush size ([ and ])")
                        .suffix(" cells"),
                );
            }
        }
        Tool::PlaceItem => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Item:");
                for (i, (_, name)) in ITEMS.iter().enumerate() {
                    ui.selectable_value(&mut tools.item, i, *name);
                }
            });
        }
        tool => {
            ui.weak(tool.help());
        }
    }
}

/// The selected room's lock toggle and kind/privacy fields, for the inspector.
pub fn room_controls(ui: &mut Ui, state: &EditorState, room: usize, commands: &mut Vec<Command>) {
    let Some(r) = state.level().rooms.get(room) else {
        return;
    };
    let origin = state.doc.lock_origin(room);
    let mut locked = origin.is_some();
    let text = match origin {
        Some(LockOrigin::Edit) => "Locked (by an edit)",
        _ => "Locked",
    };
    let help = match origin {
        Some(origin) => crate::app::panels::lock_notes::lock_tooltip(origin),
        None => Command::ToggleLock.tooltip(),
    };
    if r.kind != RoomKind::Exterior && ui.checkbox(&mut locked, text).on_hover_text(help).changed()
    {
        let edit = if locked {
            Edit::Lock { room }
        } else {
            Edit::Unlock { room }
        };
        commands.push(Command::Run(edit::Command::Edit(edit)));
    }
    if r.kind == RoomKind::Exterior {
        return;
    }
    let (mut kind, mut private) = (r.kind, r.private);
    ui.horizontal(|ui| {
        let label = ui.label("Room kind");
        egui::ComboBox::from_id_salt("room-kind")
            .selected_text(format!("{kind:?}"))
            .show_ui(ui, |ui| {
                for k in [
                    RoomKind::Room,
                    RoomKind::Hall,
                    RoomKind::Corridor,
                    RoomKind::Courtyard,
                ] {
                    ui.selectable_value(&mut kind, k, format!("{k:?}"));
                }
            })
            .response
            .labelled_by(label.id);
        ui.checkbox(&mut private, "Private room");
    });
    if (kind, private) != (r.kind, r.private) {
        commands.push(Command::Run(edit::Command::Edit(Edit::SetRoomKind {
            room,
            kind,
            private,
        })));
    }
    route_controls(ui, state, room, commands);
}

/// "Move to route": hands the room to another guard's route (refused, with the reason in the status
/// bar, when the room has no door to that route or holds its own route together).
fn route_controls(ui: &mut Ui, state: &EditorState, room: usize, commands: &mut Vec<Command>) {
    let patrols = &state.level().patrols;
    let current = patrols
        .iter()
        .position(|p| !p.outside && p.visits.contains(&room));
    let others: Vec<usize> = (0..patrols.len())
        .filter(|&i| !patrols[i].outside && !patrols[i].visits.is_empty() && Some(i) != current)
        .collect();
    if others.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Move to route");
        for route in others {
            let button = ui
                .small_button(format!("route {route}"))
                .on_hover_text(format!("Give this room to the guard walking route {route}"));
            if button.clicked() {
                commands.push(Command::Run(edit::Command::Edit(Edit::MoveRoomToRoute {
                    room,
                    route,
                })));
            }
        }
    });
}

/// The history: done commands, then undone ones (greyed); clicking one steps there.
pub fn history(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
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
        let text = RichText::new(drawable(&format!("{n}. {label}"))).color(palette::TEXT_UNDONE);
        if ui
            .selectable_label(false, text)
            .on_hover_text("Undone: click to redo up to here")
            .clicked()
        {
            commands.push(Command::HistoryGoto(n));
        }
    }
}
