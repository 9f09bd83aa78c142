//! The Campaign panel: a game seed, its ten mansions, the level slider and the exact stream. The mansions
//! listed are the run of the campaign generator's game (`generate::game`), its exact run while the
//! exact box is ticked, so the list shows what each entry opens. Opening a mansion asks through the
//! document's replacement prompt like every other replacement, so unsaved work is never dropped without
//! consent.

use egui::{RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::panel::Panel;
use crate::app::panels::widgets::command_button;
use crate::app::state::{EditorState, MessageKind, Source};
use crate::generate::campaign;
use crate::generate::game::Run;
use crate::generate::games;
use crate::generate::registry;
use crate::model::limits::quote;
use crate::survey::listing::{self, Opened};

/// The panel's own state: the seed as typed and the run of the game it names.
pub struct CampaignPanel {
    /// The game seed as typed (a half-typed seed stays until Enter or Regenerate).
    pub seed_text: String,
    /// The game seed the list shows.
    game_seed: u64,
    /// The run of that game seed, for the mansion list (`None` when the campaign generator declares
    /// no game or the seed has no run of the kind asked).
    run: Option<Run>,
    /// What each of `run`'s mansions opens (`None`: does not build), so the list shows that.
    opened: Vec<Option<Opened>>,
    /// Whether `run` is the exact run.
    listed_exact: bool,
    /// Open mansions from the game's exact stream ([`crate::generate::game::Game::exact`]): the
    /// original's own mansion of the game, drawn from one stream. Regenerating such a mansion turns it
    /// into a normal recipe.
    pub exact: bool,
}

impl CampaignPanel {
    /// The panel on game `game_seed`.
    pub fn on_game(game_seed: u64) -> Self {
        Self::showing(game_seed, false)
    }

    /// The panel on game `game_seed`, listing its exact run when `exact` is set.
    fn showing(game_seed: u64, exact: bool) -> Self {
        let seed = game_seed.to_string();
        let run = games::of_generator(registry::CAMPAIGN_ID).and_then(|game| {
            if exact {
                game.exact(&seed)?.ok()
            } else {
                game.run(&seed).ok()
            }
        });
        let opened = run
            .as_ref()
            .map(listing::opened_figures)
            .unwrap_or_default();
        CampaignPanel {
            seed_text: seed,
            game_seed,
            run,
            opened,
            listed_exact: exact,
            exact,
        }
    }

    /// Shows the game of a campaign mansion the document became (opened, browsed to, recovered), and
    /// the exact or the normal run as the box says. Called every frame: it redraws the run only when
    /// either changed.
    pub fn follow(&mut self, source: &Source) {
        let game_seed = match *source {
            Source::Campaign { game_seed, .. } | Source::Browsed { game_seed, .. } => game_seed,
            _ => self.game_seed,
        };
        if game_seed == self.game_seed {
            self.relist();
        } else {
            *self = Self::showing(game_seed, self.exact);
        }
    }

    /// Lists the exact or the normal run as the box now says, keeping the seed as typed.
    fn relist(&mut self) {
        if self.listed_exact != self.exact {
            let typed = std::mem::take(&mut self.seed_text);
            *self = Self {
                seed_text: typed,
                ..Self::showing(self.game_seed, self.exact)
            };
        }
    }

    /// The game seed typed, or the status-bar sentence that says why it is not one.
    pub fn game_seed(&self) -> Result<u64, String> {
        self.seed_text.trim().parse::<u64>().map_err(|_| {
            format!(
                "“{}” is not a seed: enter a whole number 0–{}",
                quote(self.seed_text.trim()),
                u64::MAX
            )
        })
    }

    /// The run the panel lists (the mansions of its game), if any.
    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }

    /// Asks to open mansion `level` of the game seed typed (see [`EditorState::request`]).
    pub fn open_mansion(&self, state: &mut EditorState, level: u32) {
        match self.game_seed() {
            Ok(game_seed) if self.exact && u32::try_from(game_seed).is_err() => state.say(
                MessageKind::Error,
                format!(
                    "game {game_seed} has no exact 2023 mansions: its seeds are 0–{}",
                    u32::MAX
                ),
            ),
            Ok(game_seed) => {
                let level = level.min(campaign::LEVELS as u32 - 1);
                let mansion = Replacement::Mansion {
                    game_seed,
                    level,
                    exact: self.exact,
                };
                state.request(Pending::Replace(mansion));
            }
            Err(why) => state.say(MessageKind::Error, why),
        }
    }

    /// Which mansion of the panel's run the document is, if it is one as the run makes it (same plan,
    /// level seed and no re-rolls): the panel highlights it, so the highlight follows undo and
    /// regeneration.
    fn mansion_shown(&self, state: &EditorState) -> Option<usize> {
        let run = self.run.as_ref()?;
        run.mansions
            .iter()
            .position(|mansion| mansion.recipe == state.doc.recipe)
    }
}

/// The mansion number the slider shows, Regenerate reopens and Random seed keeps: the document's level.
pub fn campaign_level(state: &EditorState) -> u32 {
    state.doc.recipe.level.min(campaign::LEVELS as u32 - 1)
}

impl Panel for CampaignPanel {
    /// Level, seed, regenerate and the campaign list.
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        ui.heading("Campaign");
        let mut level = campaign_level(state);
        let slider = ui.add(egui::Slider::new(&mut level, 0..=9).text("Level"));
        if slider.changed() {
            commands.push(Command::OpenMansion(level));
        }
        ui.horizontal(|ui| {
            let label = ui.label("Game seed");
            let field = egui::TextEdit::singleline(&mut self.seed_text).desired_width(110.0);
            let field = ui.add(field).labelled_by(label.id);
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                commands.push(Command::Regenerate);
            }
        });
        ui.horizontal(|ui| {
            command_button(ui, Command::Regenerate, commands);
            command_button(ui, Command::RandomSeed, commands);
        });
        let exact = ui
            .checkbox(&mut self.exact, "Exact 2023 mode")
            .on_hover_text(
                "Open each mansion exactly as the original 2023 game builds it for this game \
                 seed, cell for cell. Such a mansion cannot keep locked rooms or re-roll one step \
                 alone: regenerating it opens the editor's own version of the same mansion, which \
                 can.",
            );
        if exact.changed() {
            self.relist();
            commands.push(Command::Regenerate);
        }
        let Some(run) = &self.run else {
            return;
        };
        ui.add_space(4.0);
        if state.doc.recipe.generator.id() == registry::CAMPAIGN_ID {
            ui.label(RichText::new(&run.title).strong());
            self.list(ui, state, commands);
        } else {
            // Another generator's document: the campaign's list stays folded, so the panel does not
            // seem to say the document is one of its mansions.
            ui.weak("The document is not one of these mansions: another generator made it.");
            egui::CollapsingHeader::new(&run.title)
                .id_salt("campaign-mansions")
                .default_open(false)
                .show(ui, |ui| self.list(ui, state, commands));
        }
    }
}

impl CampaignPanel {
    /// The run's mansions, each with what it opens; the document's highlighted.
    fn list(&self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let Some(run) = &self.run else {
            return;
        };
        let current = self.mansion_shown(state);
        for (n, mansion) in run.mansions.iter().enumerate() {
            let open = Command::OpenMansion(n as u32);
            let entry = listing::entry(mansion, self.opened.get(n).copied().flatten().as_ref());
            if ui
                .selectable_label(current == Some(n), entry)
                .on_hover_text(open.description())
                .clicked()
            {
                commands.push(open);
            }
        }
    }
}
