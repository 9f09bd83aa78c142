//! The 2025 game's runs in the editor: File ▸ Open daily run… asks for a date (today's, in UTC, to start
//! with) and File ▸ Open 2025 run… for a game seed (any text, as the game seeds a run: `game 7`, `my
//! run`); the Campaign panel then lists the run's mansions (a day's three, a game's ten), each opened as
//! a recipe of the 2025 generator — the mansion every player of that run met, cell for cell, which locks
//! and re-rolls then work on like any other recipe. Opening one goes through the replacement prompt, so
//! unsaved work is never dropped without consent.

use egui::{Context, RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::panels::widgets::dialog_window;
use crate::app::state::{EditorState, MessageKind};
use crate::generate::lll2025::date::Date;
use crate::generate::lll2025::declaration::recipe_of;
use crate::generate::lll2025::plan::{PlanEntry, daily_run_of, game_plan};

/// How a run was named: a day's daily run, or a game seed's run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunName {
    /// The daily run of this day.
    Daily(Date),
    /// The run the game seeds with this text.
    Seed(String),
}

impl RunName {
    /// The list's heading: `Daily run of 2025-09-01`, `Run 'my run'`.
    pub fn title(&self) -> String {
        match self {
            RunName::Daily(date) => format!("Daily run of {date}"),
            RunName::Seed(seed) => format!("Run '{seed}'"),
        }
    }
}

/// A run whose mansions the Campaign panel lists.
pub struct ShownRun {
    /// How it was named (the dialogs open on it).
    pub name: RunName,
    /// Its mansions in order of play.
    pub entries: Vec<PlanEntry>,
}

/// The run shown, the date dialog and the game seed dialog.
#[derive(Default)]
pub struct DailyPanel {
    /// The date as typed in the dialog, while the dialog is open.
    pub dialog: Option<String>,
    /// The game seed as typed in its dialog, while that is open.
    pub seed_dialog: Option<String>,
    /// The run whose mansions the Campaign panel lists.
    pub shown: Option<ShownRun>,
}

impl DailyPanel {
    /// Opens the date dialog on today's date (UTC), or on the day shown.
    pub fn ask(&mut self) {
        let date = self
            .shown
            .as_ref()
            .and_then(|run| match run.name {
                RunName::Daily(date) => Some(date),
                RunName::Seed(_) => None,
            })
            .or_else(Date::today_utc);
        self.dialog = Some(date.map(|d| d.to_string()).unwrap_or_default());
    }

    /// Opens the game seed dialog on the seed of the run shown, if it is one.
    pub fn ask_seed(&mut self) {
        let seed = match self.shown.as_ref().map(|run| &run.name) {
            Some(RunName::Seed(seed)) => seed.clone(),
            _ => String::new(),
        };
        self.seed_dialog = Some(seed);
    }

    /// Shows the day's run and asks to open its first mansion.
    pub fn open(&mut self, state: &mut EditorState, date: Date) {
        self.dialog = None;
        let run = daily_run_of(date);
        self.shown = Some(ShownRun {
            name: RunName::Daily(date),
            entries: run.levels().into_iter().cloned().collect(),
        });
        self.open_mansion(state, 0);
    }

    /// Shows the run the game seeds with `seed` (its ten mansions) and asks to open its first.
    pub fn open_run(&mut self, state: &mut EditorState, seed: &str) {
        self.seed_dialog = None;
        self.shown = Some(ShownRun {
            name: RunName::Seed(seed.to_string()),
            entries: game_plan(seed),
        });
        self.open_mansion(state, 0);
    }

    /// Asks to open mansion `pick` of the run shown.
    pub fn open_mansion(&self, state: &mut EditorState, pick: usize) {
        let Some(run) = &self.shown else {
            return;
        };
        let Some(entry) = run.entries.get(pick) else {
            return;
        };
        match recipe_of(entry) {
            Some(recipe) => state.request(Pending::Replace(Replacement::Recipe(recipe))),
            None => state.say(
                MessageKind::Error,
                format!("{} has a level seed of an unknown form", run.name.title()),
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
        dialog_window("Open daily run", &mut open).show(ctx, |ui| {
            ui.label("The 2025 game's daily run: three mansions every player of the day shares.");
            let parsed = text.parse::<Date>();
            ui.horizontal(|ui| {
                let label = ui.label("Date (UTC)");
                let field = egui::TextEdit::singleline(text)
                    .hint_text("YYYY-MM-DD")
                    .desired_width(110.0);
                let field = ui.add(field).labelled_by(label.id);
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
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

    /// The game seed dialog, while open: a text field, Open and Cancel.
    pub fn seed_dialog(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(text) = self.seed_dialog.as_mut() else {
            return;
        };
        let mut open = true;
        let mut cancel = false;
        dialog_window("Open 2025 run", &mut open).show(ctx, |ui| {
            ui.label(
                "A run of the 2025 game by its seed, any text, as the game seeds it ('game 7' is \
                     the run the statistics call game 7).",
            );
            ui.horizontal(|ui| {
                let label = ui.label("Seed of the run");
                let field = egui::TextEdit::singleline(text)
                    .hint_text("game 7")
                    .desired_width(180.0);
                let field = ui.add(field).labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    commands.push(Command::OpenRun(text.clone()));
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Open").clicked() {
                    commands.push(Command::OpenRun(text.clone()));
                }
                cancel = ui.button("Cancel").clicked();
            });
        });
        if !open || cancel {
            self.seed_dialog = None;
        }
    }

    /// The run's mansions in the Campaign panel, the one shown highlighted.
    pub fn list(&self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let Some(run) = &self.shown else {
            return;
        };
        ui.add_space(4.0);
        ui.label(RichText::new(run.name.title()).strong());
        for (pick, entry) in run.entries.iter().enumerate() {
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
            let command = Command::OpenRunMansion(pick);
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
