//! The 2025 game's daily run in the editor: File ▸ Open daily run… asks for a date (today's, in UTC, to
//! start with) and the Campaign panel then lists the day's three mansions, each opened as a recipe of the
//! 2025 generator — the mansion every player of that day met, cell for cell, which locks and re-rolls
//! then work on like any other recipe. Opening one goes through the replacement prompt, so unsaved work
//! is never dropped without consent.

use egui::{Context, RichText, Ui};

use super::commands::Command;
use super::pending::{Pending, Replacement};
use super::state::{EditorState, MessageKind};
use crate::generate::lll2025::date::Date;
use crate::generate::lll2025::declaration::recipe_of;
use crate::generate::lll2025::plan::{DailyRun, daily_run_of};

/// The daily run shown and the date dialog.
#[derive(Default)]
pub struct DailyPanel {
    /// The date as typed in the dialog, while the dialog is open.
    pub dialog: Option<String>,
    /// The day whose mansions the Campaign panel lists, with its run.
    pub shown: Option<(Date, DailyRun)>,
}

impl DailyPanel {
    /// Opens the date dialog on today's date (UTC), or on the day shown.
    pub fn ask(&mut self) {
        let date = self
            .shown
            .as_ref()
            .map(|(d, _)| *d)
            .or_else(Date::today_utc);
        self.dialog = Some(date.map(|d| d.to_string()).unwrap_or_default());
    }

    /// Shows the day's run and asks to open its first mansion.
    pub fn open(&mut self, state: &mut EditorState, date: Date) {
        self.dialog = None;
        self.shown = Some((date, daily_run_of(date)));
        self.open_mansion(state, 0);
    }

    /// Asks to open mansion `pick` (0–2) of the day shown.
    pub fn open_mansion(&self, state: &mut EditorState, pick: usize) {
        let Some((date, run)) = &self.shown else {
            return;
        };
        let Some(entry) = run.levels().get(pick).copied() else {
            return;
        };
        match recipe_of(entry) {
            Some(recipe) => state.request(Pending::Replace(Replacement::Recipe(recipe))),
            None => state.say(
                MessageKind::Error,
                format!("the daily run of {date} has a level seed of an unknown form"),
            ),
        }
    }

    /// The date dialog, while open: a date field, Open and Cancel.
    pub fn dialog(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(text) = self.dialog.as_mut() else {
            return;
        };
        let mut open = true;
        let mut cancel = false;
        egui::Window::new("Open daily run")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_pos([320.0, 120.0])
            .show(ctx, |ui| {
                ui.label(
                    "The 2025 game's daily run: three mansions every player of the day shares.",
                );
                let parsed = text.parse::<Date>();
                ui.horizontal(|ui| {
                    let label = ui.label("Date (UTC)");
                    let field = egui::TextEdit::singleline(text)
                        .hint_text("YYYY-MM-DD")
                        .desired_width(110.0);
                    let field = ui.add(field).labelled_by(label.id);
                    let entered =
                        field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if let (true, Ok(date)) = (entered, &parsed) {
                        commands.push(Command::OpenDailyRun(*date));
                    }
                });
                if let Err(why) = &parsed {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
                ui.horizontal(|ui| {
                    let open_button = ui.add_enabled(parsed.is_ok(), egui::Button::new("Open"));
                    if let (true, Ok(date)) = (open_button.clicked(), &parsed) {
                        commands.push(Command::OpenDailyRun(*date));
                    }
                    cancel = ui.button("Cancel").clicked();
                });
            });
        if !open || cancel {
            self.dialog = None;
        }
    }

    /// The day's three mansions in the Campaign panel, the one shown highlighted.
    pub fn list(&self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let Some((date, run)) = &self.shown else {
            return;
        };
        ui.add_space(4.0);
        ui.label(RichText::new(format!("Daily run of {date}")).strong());
        for (pick, entry) in run.levels().into_iter().enumerate() {
            let shown = recipe_of(entry).is_some_and(|r| r == state.doc.recipe);
            let text = format!(
                "Mansion {}: level {}, {}, {}×{} rooms, {} loot",
                pick + 1,
                entry.level,
                entry.level_type.name(),
                entry.rooms_x,
                entry.rooms_y,
                entry.loot
            );
            let command = Command::OpenDailyMansion(pick);
            if ui
                .selectable_label(shown, text)
                .on_hover_text(command.description())
                .clicked()
            {
                commands.push(command);
            }
        }
    }
}
