//! The menu bar, the overlays and legends, the inspector and the status bar. They only read the state
//! and emit [`Command`]s.

use egui::{RichText, Ui};

use crate::analysis::stealth::LitMap;
use crate::app::commands::command::Command;
use crate::app::commands::help;
use crate::app::commands::keys::key_name;
use crate::app::commands::menus::{Entry, MENUS};
use crate::app::panel_set::Panels;
use crate::app::panels::describe::{self, route_summary};
use crate::app::panels::edit_panels;
use crate::app::panels::legend;
use crate::app::panels::stealth_panels;
use crate::app::panels::widgets::{command_button, menu_item, menu_toggle};
use crate::app::state::{EditorState, MessageKind, Overlay, Source};
use crate::model::{Item, ItemKind, Room, RoomId, RoomKind, RoomOrigin};
use crate::paint::{Layer, palette};
use crate::play::rule_sets;

/// The menu bar: the menus of [`MENUS`], then the Help cheat sheet.
pub fn menu_bar(ui: &mut Ui, state: &EditorState, panels: &Panels, commands: &mut Vec<Command>) {
    egui::MenuBar::new().ui(ui, |ui| {
        for (title, entries) in MENUS {
            ui.menu_button(title, |ui| {
                // Room for the longest label beside its shortcut ("Save As…", Ctrl+Shift+S).
                ui.set_min_width(260.0);
                menu_entries(ui, &entries(), state, panels, commands);
            });
        }
        ui.menu_button("Help", |ui| {
            ui.label("Drag with the right or middle button, or hold Space and drag, to pan; wheel to zoom.");
            for (title, lines) in help::sheet() {
                ui.strong(title);
                for line in lines {
                    ui.label(format!("{:>12}  {}", line.keys, line.what));
                }
            }
        });
    });
}

/// Draws menu entries: a toggle as a checkbox ticked as it stands, a command as a button, enabled when
/// it can act now.
fn menu_entries(
    ui: &mut Ui,
    entries: &[Entry],
    state: &EditorState,
    panels: &Panels,
    commands: &mut Vec<Command>,
) {
    for entry in entries {
        match entry {
            Entry::Command(command) => match ticked(command, state, panels) {
                Some(on) => menu_toggle(ui, command.clone(), on, commands),
                None => menu_item(
                    ui,
                    command.clone(),
                    enabled(command, state, panels),
                    commands,
                ),
            },
            Entry::Separator => {
                ui.separator();
            }
            Entry::Submenu(title, inner) => {
                ui.menu_button(*title, |ui| {
                    menu_entries(ui, inner, state, panels, commands);
                });
            }
            Entry::RecentFiles => {
                ui.menu_button("Open recent", |ui| {
                    if state.files.recent.is_empty() {
                        ui.weak("No recent files");
                    }
                    for (i, path) in state.files.recent.iter().enumerate() {
                        if ui.button(path.display().to_string()).clicked() {
                            commands.push(Command::OpenRecent(i));
                            ui.close();
                        }
                    }
                });
            }
        }
    }
}

/// Whether a toggling command's setting is on; `None` for a command that does not toggle.
fn ticked(command: &Command, state: &EditorState, panels: &Panels) -> Option<bool> {
    Some(match command {
        Command::ToggleOverlay(overlay) => state.view.overlays.is_on(*overlay),
        Command::ToggleLayer(layer) => state.view.layers.is_on(*layer),
        Command::ToggleGrid => state.view.show_grid,
        Command::ToggleSettledLight => state.view.lit_map == LitMap::Settled,
        Command::ToggleTimeline => panels.timeline.open,
        Command::ToggleControls => panels.layout.controls,
        Command::ToggleDetails => panels.details_shown(),
        Command::ToggleBrowser => panels.browser.open,
        Command::ToggleFog => panels.play.fog,
        Command::ToggleReopenLastFile => state.settings.reopen_last_file,
        _ => return None,
    })
}

/// Whether a menu's command can act now (undo with a history, cut with a selection, a game's
/// commands while one is played).
fn enabled(command: &Command, state: &EditorState, panels: &Panels) -> bool {
    match command {
        Command::Undo => state.history.can_undo(),
        Command::Redo => state.history.can_redo(),
        Command::Cut | Command::Copy => panels.tools.selection.is_some(),
        Command::Paste => panels.tools.clipboard.is_some(),
        Command::ToggleLock => state.selection.room.is_some(),
        Command::PlayStepBack
        | Command::RestartPlay
        | Command::StopPlaying
        | Command::SavePlayThrough => panels.play.playing(),
        _ => true,
    }
}

/// Overlay checkboxes (each with its key) and the legends of the shown overlays.
pub fn overlays(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
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

/// The legend panel: the legend of every overlay shown and of the patrol timeline when it is open,
/// then the map's symbols — in a scroll area of its own, so with every overlay on the legends never
/// push the rest of the controls out of reach.
pub fn legends(
    ui: &mut Ui,
    state: &EditorState,
    timeline_open: bool,
    commands: &mut Vec<Command>,
    height: f32,
) {
    ui.heading("Legend");
    egui::ScrollArea::vertical()
        .id_salt("legends")
        .min_scrolled_height(height)
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let shown: Vec<Overlay> = Overlay::ALL
                .iter()
                .copied()
                .filter(|&o| state.view.overlays.is_on(o))
                .collect();
            if shown.is_empty() && !timeline_open {
                ui.weak("Turn an overlay on (keys 1–6) to see what its colours mean.");
            }
            for overlay in shown {
                ui.label(RichText::new(overlay.label()).strong());
                ui.indent(overlay.name(), |ui| {
                    match overlay {
                        Overlay::Sight => stealth_panels::sight_legend(ui, state, commands),
                        Overlay::Routes => stealth_panels::routes_legend(ui, state, commands),
                        Overlay::RoomGraph
                        | Overlay::Distances
                        | Overlay::Loot
                        | Overlay::Patrols => legend::overlay(ui, overlay, state),
                    }
                });
            }
            if timeline_open {
                ui.label(RichText::new("Patrol timeline").strong());
                ui.indent("timeline-legend", stealth_panels::timeline_legend);
            }
            ui.collapsing("Map symbols", legend::map);
        });
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

/// The inspector: everything about the selected room. Returns the loot item under the pointer.
pub fn inspector(ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) -> Option<usize> {
    ui.heading("Inspector");
    let Some(r) = state.selection.room else {
        ui.weak("Click a room on the map to inspect it.");
        return None;
    };
    let Some(room) = state.level().rooms.get(r) else {
        ui.weak("The selected room no longer exists.");
        return None;
    };
    ui.label(RichText::new(state.room_name(r)).strong().size(16.0));
    edit_panels::room_controls(ui, state, r, commands);
    room_facts(ui, state, r, room);
    room_doors(ui, state, r, commands);
    room_contents(ui, state, r);
    room_stacks(ui, state, r);
    let hovered = stealth_panels::room_section(ui, state, r, commands);
    room_patrols(ui, state, r, room);
    hovered
}

/// The inspector's grid of the room's facts: kind, depth, privacy, size, slot, doors, loot class.
fn room_facts(ui: &mut Ui, state: &EditorState, r: RoomId, room: &Room) {
    let a = &state.analysis;
    egui::Grid::new("inspector-grid")
        .num_columns(2)
        .show(ui, |ui| {
            let field = |ui: &mut Ui, name: &str, value: String| {
                ui.label(name);
                ui.label(value);
                ui.end_row();
            };
            field(ui, "Kind", room.kind_label());
            let depth = a.map.depths.get(r).copied().flatten();
            field(
                ui,
                "Depth",
                depth.map_or("unreachable".into(), |d| d.to_string()),
            );
            field(
                ui,
                "Private",
                if room.private { "yes" } else { "no" }.into(),
            );
            let i = &room.interior;
            field(
                ui,
                "Interior",
                format!("{}×{} at ({}, {})", i.width(), i.height(), i.x0, i.y0),
            );
            if let RoomOrigin::Slot { rx, ry } = room.origin {
                field(ui, "Slot", format!("({rx}, {ry})"));
            }
            field(ui, "Door connections", a.graph.degree(r).to_string());
            if let Some(class) = a.map.loot_classes.get(r).copied().flatten() {
                field(ui, "Loot priority", class.label().to_string());
            }
        });
}

/// The inspector's list of the room's open doors, each a link that selects the room beyond.
fn room_doors(ui: &mut Ui, state: &EditorState, r: RoomId, commands: &mut Vec<Command>) {
    ui.label(RichText::new("Doors").strong());
    let level = state.level();
    for (_, adj) in level.adjacencies_of(r).filter(|(_, adj)| adj.door) {
        let other = adj.other(r);
        let at = adj
            .door_cell_for(r)
            .map_or(String::new(), |c| format!(" at ({}, {})", c.x, c.y));
        let text = format!("to {}{at}", state.room_name(other));
        if ui.link(text).on_hover_text("Select that room").clicked() {
            commands.push(Command::SelectRoom(Some(other)));
        }
    }
}

/// The inspector's counts of the room's furniture and torches, and its loot in assignment order.
fn room_contents(ui: &mut Ui, state: &EditorState, r: RoomId) {
    let (level, a) = (state.level(), &state.analysis);
    let in_room = |cell| a.room_at(cell) == Some(r);
    let count = |kind| {
        level
            .items
            .iter()
            .filter(|it| it.kind == kind && in_room(it.cell))
            .count()
    };
    let items: Vec<String> = [
        (ItemKind::Chair, "chair", "chairs"),
        (ItemKind::Table, "table", "tables"),
        (ItemKind::TorchLit, "lit torch", "lit torches"),
        (ItemKind::TorchUnlit, "unlit torch", "unlit torches"),
        (ItemKind::Bush, "bush", "bushes"),
    ]
    .into_iter()
    .filter_map(|(kind, one, many)| match count(kind) {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {many}")),
    })
    .collect();
    ui.label(RichText::new("Items").strong());
    ui.label(if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    });

    let loot: Vec<String> = a
        .map
        .loot
        .iter()
        .filter(|e| e.room == Some(r))
        .map(|e| format!("#{} at ({}, {})", e.order + 1, e.cell.x, e.cell.y))
        .collect();
    ui.label(RichText::new(format!("Loot ({})", loot.len())).strong());
    if !loot.is_empty() {
        ui.label(loot.join(", "));
    }
}

/// The inspector's stacks: every cell of the room holding more than one item (the 2025 game's coin on
/// a chair, treasure on its plinth under its lock), each with its items from the bottom up.
fn room_stacks(ui: &mut Ui, state: &EditorState, r: RoomId) {
    let (level, a) = (state.level(), &state.analysis);
    let mut in_room: Vec<&Item> = level
        .items
        .iter()
        .filter(|it| a.room_at(it.cell) == Some(r))
        .collect();
    // A stable sort keeps each cell's items in list order: bottom to top.
    in_room.sort_by_key(|it| (it.cell.y, it.cell.x));
    let stacks: Vec<String> = in_room
        .chunk_by(|p, q| p.cell == q.cell)
        .filter(|stack| stack.len() > 1)
        .map(|stack| {
            let names: Vec<&str> = stack.iter().map(|it| describe::item(it.kind)).collect();
            format!(
                "({}, {}): {}",
                stack[0].cell.x,
                stack[0].cell.y,
                names.join(", ")
            )
        })
        .collect();
    if stacks.is_empty() {
        return;
    }
    ui.label(RichText::new(format!("Stacks ({}), bottom to top", stacks.len())).strong());
    for stack in stacks {
        ui.label(stack);
    }
}

/// The inspector's patrol routes through the room with their stations there; a room no route
/// visits (outside excepted) is flagged.
fn room_patrols(ui: &mut Ui, state: &EditorState, r: RoomId, room: &Room) {
    let (level, a) = (state.level(), &state.analysis);
    ui.label(RichText::new("Patrols").strong());
    let routes = a
        .map
        .patrols
        .routes_of_room
        .get(r)
        .map_or(&[][..], Vec::as_slice);
    if routes.is_empty() && room.kind != RoomKind::Exterior {
        ui.colored_label(palette::TEXT_ERROR, "not patrolled");
    }
    for &route in routes {
        ui.label(route_summary(level, route));
        if let Some(p) = level.patrols.get(route) {
            for s in p.stations.iter().filter(|s| s.room == r) {
                ui.weak(format!(
                    "   {} station ({}) at ({}, {})",
                    crate::app::panels::describe::station_kind(s.kind),
                    crate::app::panels::describe::station_role(s.role),
                    s.cell.x,
                    s.cell.y
                ));
            }
        }
    }
}

/// The status bar: size, rooms, loot, guards and generation time.
pub fn status_bar(ui: &mut Ui, state: &EditorState) {
    let level = state.level();
    let rooms = level
        .rooms
        .iter()
        .filter(|r| r.kind != RoomKind::Exterior)
        .count();
    let source = match &state.source {
        Source::Campaign { game_seed, level } => format!("game seed {game_seed}, mansion {level}"),
        Source::File(name) | Source::Named(name) => name.clone(),
        Source::Recipe => "recipe from the generator picker".to_string(),
        Source::Default => "the default mansion".to_string(),
        Source::Recovered => "recovered after a crash".to_string(),
    };
    let took = match (state.last_generation, &state.source) {
        (Some(took), _) => format!("generated in {:.1} ms", took.as_secs_f64() * 1000.0),
        (None, Source::Named(_)) => "generated".to_string(),
        (None, _) => "loaded from file".to_string(),
    };
    ui.horizontal(|ui| {
        // Fixed-width figures first, so the rest of the line does not jump as the pointer moves.
        let cursor = state
            .view
            .cursor_cell
            .map_or("–".to_string(), |c| format!("({}, {})", c.x, c.y));
        ui.monospace(format!(
            "{cursor:>10} {:>5.0}%",
            state.view.camera.zoom_percent()
        ))
        .on_hover_text("The cell under the pointer, and the zoom (100 % = 16 points per cell)");
        ui.separator();
        ui.label(format!(
            "{} × {} cells · {rooms} rooms · {} loot · {} guards · {} rules · {took} · {source}",
            level.width,
            level.height,
            state.analysis.map.loot.len(),
            level.guards.len(),
            rule_sets::of_level(level).id()
        ))
        .on_hover_text(rule_sets::of_level(level).about());
        if state.analysing() {
            ui.spinner();
            ui.weak(describe::ANALYSING);
        }
    });
    // The row is there with or without a message, so the map does not resize as messages come and go.
    let message = state.message.as_deref().unwrap_or("");
    message_row(
        ui,
        message,
        state.message_kind,
        state.message_details.as_deref(),
    );
}

/// The status message on its own row, coloured by kind, with a "details" toggle that shows the
/// technical side (a parser's sentence, a path and line) on a row of its own.
fn message_row(ui: &mut Ui, message: &str, kind: MessageKind, details: Option<&str>) {
    let colour = match kind {
        MessageKind::Info => ui.visuals().text_color(),
        MessageKind::Success => palette::TEXT_SUCCESS,
        MessageKind::Warning => palette::TEXT_WARNING,
        MessageKind::Error => palette::TEXT_ERROR,
    };
    let open_id = ui.make_persistent_id("status-details-open");
    let mut open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    ui.horizontal(|ui| {
        ui.add(egui::Label::new(egui::RichText::new(message).color(colour)).truncate());
        if details.is_some() {
            let text = if open { "hide details" } else { "details" };
            if ui
                .small_button(text)
                .on_hover_text("The technical detail, for a bug report or a hand-edited file")
                .clicked()
            {
                open = !open;
                ui.data_mut(|d| d.insert_temp(open_id, open));
            }
        }
    });
    if let Some(details) = details.filter(|_| open) {
        ui.add(egui::Label::new(egui::RichText::new(details).monospace().weak()).wrap());
    }
}
