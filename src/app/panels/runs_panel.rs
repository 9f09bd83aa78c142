//! The games' runs in the editor: File ▸ Open daily run… asks for a date (today's, in UTC, to start
//! with) and File ▸ Open game run… for a game seed (as the game seeds a run: `7`, `game 7`, `my run`),
//! each for a game of `generate::game` (a choice when more than one offers it); the Campaign panel then
//! lists the run's mansions (a day's three, a game's ten), each opened as a recipe of the game's
//! generator, which locks and re-rolls then work on like any other recipe. Opening one goes through the
//! replacement prompt, so unsaved work is never dropped without consent. No game is named here.

use egui::{Context, RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::panel::Panel;
use crate::app::panels::widgets::dialog_window;
use crate::app::state::{EditorState, MessageKind};
use crate::generate::date::Date;
use crate::generate::game::{Game, Run};
use crate::generate::games;
use crate::survey::listing::{self, Opened};

/// A dialog's game and its text as typed, while the dialog is open.
pub struct Asking {
    /// The id of the game the run is asked of.
    pub game: &'static str,
    /// The date or the seed as typed.
    pub text: String,
}

/// The run shown, the date dialog and the game seed dialog.
#[derive(Default)]
pub struct RunsPanel {
    /// The date dialog, while open.
    pub dialog: Option<Asking>,
    /// The game seed dialog, while open.
    pub seed_dialog: Option<Asking>,
    /// The run whose mansions the Campaign panel lists, with its game's id.
    pub shown: Option<(&'static str, Run)>,
    /// What each of the shown run's mansions opens, so the list shows that.
    opened: Vec<Option<Opened>>,
    /// The date of the daily run shown, for the date dialog to open on.
    shown_date: Option<Date>,
}

impl RunsPanel {
    /// Opens the date dialog on the day shown, or today's date (UTC), for the game shown if it has
    /// daily runs, else the first that does; says so when no game has them.
    pub fn ask(&mut self, state: &mut EditorState) {
        let game = self
            .shown_game()
            .filter(|g| g.has_daily())
            .or_else(|| games::first_that(|g| g.has_daily()));
        let Some(game) = game else {
            state.say(MessageKind::Error, "No game of this build has daily runs");
            return;
        };
        let date = self.shown_date.or_else(Date::today_utc);
        self.dialog = Some(Asking {
            game: game.id(),
            text: date.map(|d| d.to_string()).unwrap_or_default(),
        });
    }

    /// Opens the game seed dialog on the run shown (its game and seed), else the first game's.
    pub fn ask_seed(&mut self) {
        let (game, text) = match (&self.shown, self.shown_date) {
            (Some((game, run)), None) => (*game, run.seed.clone()),
            (Some((game, _)), Some(_)) => (*game, String::new()),
            (None, _) => (games::BUILT_IN[0].id(), String::new()),
        };
        self.seed_dialog = Some(Asking { game, text });
    }

    /// The game of the run shown.
    fn shown_game(&self) -> Option<&'static dyn Game> {
        self.shown.as_ref().and_then(|(id, _)| games::find(id))
    }

    /// Shows `game`'s daily run of `date` and asks to open its first mansion.
    pub fn open(&mut self, state: &mut EditorState, game: &str, date: Date) {
        self.dialog = None;
        let run = games::named(game).and_then(|g| {
            g.daily(date)
                .map(|run| (g.id(), run))
                .ok_or_else(|| format!("{} has no daily runs", g.label()))
        });
        match run {
            Ok(shown) => {
                self.show(shown);
                self.shown_date = Some(date);
                self.open_mansion(state, 0);
            }
            Err(why) => state.say(MessageKind::Error, why),
        }
    }

    /// Shows the run `game` plays from `seed` and asks to open its first mansion.
    pub fn open_run(&mut self, state: &mut EditorState, game: &str, seed: &str) {
        match games::named(game).and_then(|g| g.run(seed).map(|run| (g.id(), run))) {
            Ok(shown) => {
                self.seed_dialog = None;
                self.show(shown);
                self.shown_date = None;
                self.open_mansion(state, 0);
            }
            Err(why) => state.say(MessageKind::Error, why),
        }
    }

    /// Lists `shown`'s mansions with what each opens.
    fn show(&mut self, shown: (&'static str, Run)) {
        self.opened = listing::opened_figures(&shown.1);
        self.shown = Some(shown);
    }

    /// Asks to open mansion `pick` of the run shown.
    pub fn open_mansion(&self, state: &mut EditorState, pick: usize) {
        if let Some((run, mansion)) = self
            .shown
            .as_ref()
            .and_then(|(_, run)| Some((run, run.mansions.get(pick)?)))
        {
            let name = run_mansion_name(run, &mansion.label, pick);
            let recipe = mansion.recipe.clone();
            state.request(Pending::Replace(Replacement::GameMansion { recipe, name }));
        }
    }

    /// The date dialog, while open: the game (when several have daily runs), a date field, Open and
    /// Cancel.
    fn dialog(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(asking) = self.dialog.as_mut() else {
            return;
        };
        let mut open = true;
        let mut cancel = false;
        dialog_window("Open daily run", &mut open).show(ctx, |ui| {
            game_choice(ui, &mut asking.game, Runs::Daily);
            ui.label("A game's daily run: the mansions every player of the day shares.");
            let parsed = asking.text.parse::<Date>();
            let open_it = |date: Date| Command::OpenDailyRun {
                game: asking.game,
                date,
            };
            ui.horizontal(|ui| {
                let label = ui.label("Date (UTC)");
                let field = egui::TextEdit::singleline(&mut asking.text)
                    .hint_text("YYYY-MM-DD")
                    .desired_width(110.0);
                let field = ui.add(field).labelled_by(label.id);
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let (true, Ok(date)) = (entered, &parsed) {
                    commands.push(open_it(*date));
                }
            });
            if let Err(why) = &parsed {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            ui.horizontal(|ui| {
                let open_button = ui.add_enabled(parsed.is_ok(), egui::Button::new("Open"));
                if let (true, Ok(date)) = (open_button.clicked(), &parsed) {
                    commands.push(open_it(*date));
                }
                cancel = ui.button("Cancel").clicked();
            });
        });
        if !open || cancel {
            self.dialog = None;
        }
    }

    /// The game seed dialog, while open: the game, a text field, Open and Cancel.
    fn seed_dialog(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(asking) = self.seed_dialog.as_mut() else {
            return;
        };
        let mut open = true;
        let mut cancel = false;
        dialog_window("Open game run", &mut open).show(ctx, |ui| {
            game_choice(ui, &mut asking.game, Runs::BySeed);
            let hint = games::find(asking.game).map_or("", Game::seed_hint);
            ui.label(format!(
                "A run of the game by its seed, as the game seeds it (e.g. '{hint}')."
            ));
            let open_it = Command::OpenRun {
                game: asking.game,
                seed: asking.text.clone(),
            };
            ui.horizontal(|ui| {
                let label = ui.label("Seed of the run");
                let field = egui::TextEdit::singleline(&mut asking.text)
                    .hint_text(hint)
                    .desired_width(180.0);
                let field = ui.add(field).labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    commands.push(open_it.clone());
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Open").clicked() {
                    commands.push(open_it);
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
        let Some((_, run)) = &self.shown else {
            return;
        };
        ui.add_space(4.0);
        ui.label(RichText::new(&run.title).strong());
        for (pick, mansion) in run.mansions.iter().enumerate() {
            let shown = mansion.recipe == state.doc.recipe;
            let command = Command::OpenRunMansion(pick);
            let entry = listing::entry(mansion, self.opened.get(pick).copied().flatten().as_ref());
            if ui
                .selectable_label(shown, entry)
                .on_hover_text(command.description())
                .clicked()
            {
                commands.push(command);
            }
        }
    }
}

/// What a run's mansion is, for its document: `Daily run of 2027-03-14, mansion 2 of 3`. The mansion
/// is named as its list names it (the label's part before the colon); "of N" follows when that name
/// counts from 1, as the game's own numbering does.
fn run_mansion_name(run: &Run, label: &str, pick: usize) -> String {
    let number = label
        .split(':')
        .next()
        .unwrap_or("a mansion")
        .to_lowercase();
    let counts_from_one = number.ends_with(&format!(" {}", pick + 1));
    let of = if counts_from_one {
        format!(" of {}", run.mansions.len())
    } else {
        String::new()
    };
    format!("{}, {number}{of}", run.title)
}

/// The kind of run a dialog asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Runs {
    /// A run by its game seed, which every game has.
    BySeed,
    /// A day's daily run.
    Daily,
}

/// The game a dialog asks of: a choice among the games with runs of that kind, shown when there is more
/// than one.
fn game_choice(ui: &mut Ui, chosen: &mut &'static str, kind: Runs) {
    let games: Vec<&'static dyn Game> = games::all()
        .into_iter()
        .filter(|g| kind == Runs::BySeed || g.has_daily())
        .collect();
    if games.len() < 2 {
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Game");
        egui::ComboBox::from_id_salt("run-game")
            .selected_text(games::find(chosen).map_or(*chosen, Game::label))
            .show_ui(ui, |ui| {
                for game in games {
                    ui.selectable_value(chosen, game.id(), game.label());
                }
            })
            .response
            .labelled_by(label.id);
    });
}

impl Panel for RunsPanel {
    /// The date and game seed dialogs, each while open (the run's list is drawn in the Campaign
    /// section, by [`RunsPanel::list`]).
    fn ui(&mut self, ui: &mut Ui, _: &EditorState, commands: &mut Vec<Command>) {
        self.dialog(ui.ctx(), commands);
        self.seed_dialog(ui.ctx(), commands);
    }
}
