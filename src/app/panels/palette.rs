//! The command palette (Ctrl+P): every command the editor has, found by typing a few letters of its
//! name, run with Enter. It is a view of [`Command`] — labels, shortcuts and tooltips come from the same
//! enum that builds the menus and reads the keys — so a command can never be missing from it or be
//! named differently there. Typing a number (or "room 12") offers to go to that room.

use egui::{Context, Id, Key, Modal, Modifiers, RichText, TextEdit, Ui};

use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::state::EditorState;
use crate::model::RoomId;

/// Entries listed at most, so a one-letter query stays a short list.
const MAX_SHOWN: usize = 14;

/// The palette's text and highlighted entry, while it is open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// The palette is shown (Ctrl+P, or Go to room).
    pub open: bool,
    /// What is typed: words of a command's name, or a room number.
    pub query: String,
    /// Index into the matching entries of the highlighted one.
    pub highlighted: usize,
    /// The text field has been given the keyboard since the palette opened.
    focused: bool,
}

impl Palette {
    /// Opens the palette on `query` (empty: every command).
    pub fn open_with(&mut self, query: &str) {
        *self = Palette {
            open: true,
            query: query.to_string(),
            ..Palette::default()
        };
    }
}

/// Every command the palette offers, in the order it lists them before any typing: the menus' order.
pub fn catalogue(state: &EditorState) -> Vec<Command> {
    let recent = (0..state.files.recent.len()).map(Command::OpenRecent);
    let mut list: Vec<Command> = Command::listed()
        .into_iter()
        .filter(|c| *c != Command::CommandPalette)
        .collect();
    // The recent files, after Save As as in the File menu.
    let at = list
        .iter()
        .position(|c| *c == Command::SaveAs)
        .map_or(0, |i| i + 1);
    list.splice(at..at, recent);
    list
}

/// How an entry reads in the palette: the command's label, with the file name for a recent file.
fn entry_label(state: &EditorState, command: &Command) -> String {
    match command {
        Command::OpenRecent(n) => match state.files.recent.get(*n) {
            Some(path) => format!("Open recent: {}", path.display()),
            None => command.label(),
        },
        Command::OpenMansion(n) => format!("Open mansion {n} of the game"),
        Command::Export(_) => format!("Export {}", command.label()),
        other => other.label(),
    }
}

/// The room a query names: "12", "room 12" or "#12", if the level has it.
fn room_of_query(state: &EditorState, query: &str) -> Option<RoomId> {
    let query = query.trim().to_lowercase();
    let number = query
        .strip_prefix("room")
        .or_else(|| query.strip_prefix("go to room"))
        .unwrap_or(&query)
        .trim()
        .trim_start_matches('#');
    let room: RoomId = number.parse().ok()?;
    (room < state.level().rooms.len()).then_some(room)
}

/// The entries matching `query`, best first: a room it names, then commands whose label (or shortcut)
/// holds every word of the query, those starting with the query first.
pub fn matches(state: &EditorState, query: &str) -> Vec<(Command, String)> {
    // Lower case without hyphens or ellipses, so "reroll" finds "Re-roll".
    let plain = |text: &str| text.to_lowercase().replace(['-', '…'], "");
    let words: Vec<String> = query.split_whitespace().map(plain).collect();
    let mut found: Vec<(bool, Command, String)> = Vec::new();
    if let Some(room) = room_of_query(state, query) {
        let label = format!("Go to {}", state.room_name(room));
        found.push((true, Command::FocusRoom(room), label));
    }
    for command in catalogue(state) {
        let label = entry_label(state, &command);
        let haystack = format!(
            "{} {}",
            plain(&label),
            plain(&command.shortcut_text().unwrap_or_default())
        );
        if words.iter().all(|w| haystack.contains(w.as_str())) {
            let starts = !words.is_empty() && plain(&label).starts_with(&words[0]);
            found.push((starts, command, label));
        }
    }
    // Stable: within each group the catalogue's order stays.
    found.sort_by_key(|(starts, _, _)| !starts);
    found.into_iter().map(|(_, c, l)| (c, l)).collect()
}

impl Palette {
    fn modal(&mut self, ctx: &Context, state: &EditorState, commands: &mut Vec<Command>) {
        let found = matches(state, &self.query);
        let last = found.len().min(MAX_SHOWN).saturating_sub(1);
        let (up, down, enter, escape) = ctx.input_mut(|i| {
            (
                i.consume_key(Modifiers::default(), Key::ArrowUp),
                i.consume_key(Modifiers::default(), Key::ArrowDown),
                i.consume_key(Modifiers::default(), Key::Enter),
                i.consume_key(Modifiers::default(), Key::Escape),
            )
        });
        let palette = self;
        palette.highlighted = if down {
            (palette.highlighted + 1).min(last)
        } else if up {
            palette.highlighted.saturating_sub(1)
        } else {
            palette.highlighted.min(last)
        };
        let mut chosen = enter
            .then(|| found.get(palette.highlighted).map(|(c, _)| c.clone()))
            .flatten();
        let modal = Modal::new(Id::unique("command-palette")).show(ctx, |ui| {
            ui.set_width(460.0);
            let field = ui.add(
                TextEdit::singleline(&mut palette.query)
                    .hint_text("Type a command, or a room number")
                    .desired_width(f32::INFINITY),
            );
            if !palette.focused {
                field.request_focus();
                palette.focused = true;
            }
            if field.changed() {
                palette.highlighted = 0;
            }
            ui.separator();
            if found.is_empty() {
                ui.weak("No command matches.");
            }
            for (i, (command, label)) in found.iter().take(MAX_SHOWN).enumerate() {
                ui.horizontal(|ui| {
                    let entry = ui
                        .selectable_label(i == palette.highlighted, label)
                        .on_hover_text(command.description());
                    if entry.clicked() {
                        chosen = Some(command.clone());
                    }
                    if let Some(keys) = command.shortcut_text() {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.label(RichText::new(keys).weak().monospace());
                        });
                    }
                });
            }
            if found.len() > MAX_SHOWN {
                ui.weak(format!(
                    "… {} more: type more letters",
                    found.len() - MAX_SHOWN
                ));
            }
        });
        if chosen.is_some() || escape || modal.should_close() {
            *palette = Palette::default();
        }
        commands.extend(chosen);
    }
}

impl Panel for Palette {
    /// Draws the palette if it is open; the command chosen goes to `commands`.
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        if self.open {
            self.modal(ui.ctx(), state, commands);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listed command (every kind a designer calls by name, `Command::reach`) is found by
    /// typing its label.
    #[test]
    fn every_listed_command_is_found_by_its_label() {
        let state = EditorState::new_default();
        let listed = Command::listed();
        for command in listed.iter().filter(|c| **c != Command::CommandPalette) {
            let found = matches(&state, &command.label());
            assert!(
                found.iter().any(|(c, _)| c == command),
                "{command:?} not found by {:?}",
                command.label()
            );
        }
    }

    #[test]
    fn a_number_offers_its_room_first_and_words_narrow_the_list() {
        let state = EditorState::new_default();
        assert_eq!(matches(&state, "room 3")[0].0, Command::FocusRoom(3));
        assert_eq!(matches(&state, "#3")[0].0, Command::FocusRoom(3));
        assert!(
            matches(&state, "room 99999")
                .iter()
                .all(|(c, _)| !matches!(c, Command::FocusRoom(_)))
        );
        let all = matches(&state, "").len();
        let narrowed = matches(&state, "reroll");
        assert!(narrowed.len() == 3 && all > 40, "{narrowed:?} of {all}");
    }
}
