//! The editor's frame around the panels: the menu bar (whose ticks and greyed items read the panels'
//! state) and the status bar. They only read the state and emit [`Command`]s.

use egui::Ui;

use crate::analysis::stealth::LitMap;
use crate::app::commands::command::Command;
use crate::app::commands::help;
use crate::app::commands::menus::{Entry, MENUS};
use crate::app::panel_set::Panels;
use crate::app::panels::describe::{self};
use crate::app::panels::widgets::{menu_item, menu_toggle};
use crate::app::state::{EditorState, MessageKind, Source};
use crate::model::RoomKind;
use crate::paint::palette;
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
        Command::TogglePatrolsIn => state
            .selection
            .room
            .is_some_and(|r| state.doc.allows_patrols(r)),
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
        Command::TogglePatrolsIn => state.selection.room.is_some_and(|r| state.doc.is_locked(r)),
        Command::PlayStepBack
        | Command::RestartPlay
        | Command::StopPlaying
        | Command::SavePlayThrough => panels.play.playing(),
        _ => true,
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
    let recipe = &state.doc.recipe;
    let source = (state.source.short(recipe)).unwrap_or_else(|| state.source.long(recipe));
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
