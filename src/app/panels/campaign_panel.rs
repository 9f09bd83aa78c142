//! The Campaign panel: a game seed, its ten mansions, the level slider and the exact 2023 mode. Opening a
//! mansion asks through the document's replacement prompt like every other replacement, so unsaved work
//! is never dropped without consent.

use egui::{RichText, Ui};

use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::panels::widgets::command_button;
use crate::app::state::{EditorState, MessageKind, Source};
use crate::generate::campaign::{self, Campaign};
use crate::generate::recipe::Recipe;

/// The panel's own state: the seed as typed and the plan of the game it names.
pub struct CampaignPanel {
    /// The game seed as typed (a half-typed seed stays until Enter or Regenerate).
    pub seed_text: String,
    /// The plan of the game in the seed field, for the mansion list.
    pub campaign: Campaign,
    /// Open mansions in the exact 2023 mode ([`crate::generate::exact`]): the original's own mansion
    /// of the game, drawn from one stream. Regenerating such a mansion turns it into a normal recipe.
    pub exact: bool,
}

impl CampaignPanel {
    /// The panel on game `game_seed`.
    pub fn on_game(game_seed: u64) -> Self {
        CampaignPanel {
            seed_text: game_seed.to_string(),
            campaign: campaign::plan(game_seed),
            exact: false,
        }
    }

    /// Shows the game of a campaign mansion the document became (opened, browsed to, recovered).
    pub fn follow(&mut self, source: &Source) {
        if let Source::Campaign { game_seed, .. } = *source
            && game_seed != self.campaign.game_seed
        {
            *self = Self {
                exact: self.exact,
                ..Self::on_game(game_seed)
            };
        }
    }

    /// The game seed typed, or the status-bar sentence that says why it is not one.
    pub fn game_seed(&self) -> Result<u64, String> {
        self.seed_text.trim().parse::<u64>().map_err(|_| {
            format!(
                "“{}” is not a seed: enter a whole number 0–{}",
                self.seed_text.trim(),
                u64::MAX
            )
        })
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

    /// Which mansion of the panel's game the document is, if it is one as the campaign makes it (same
    /// plan, level seed and no re-rolls): the panel highlights it, so the highlight follows undo and
    /// regeneration.
    fn mansion_shown(&self, state: &EditorState) -> Option<u32> {
        let recipe = &state.doc.recipe;
        let level = recipe.level;
        let game = self.campaign.game_seed;
        let shown = match u32::try_from(game) {
            Ok(game) if self.exact => Recipe::exact_level(game, level),
            _ => Recipe::campaign_level(game, level),
        };
        (*recipe == shown).then_some(level)
    }

    /// Level, seed, regenerate and the campaign list.
    pub fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
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
                "The mansion the original 2023 game makes with Math.random = mulberry32(game seed): \
                 the plan and levels 0…L from one stream. Locks and re-rolls need per-step streams, \
                 so regenerating turns it into a normal recipe.",
            );
        if exact.changed() {
            commands.push(Command::Regenerate);
        }
        ui.add_space(4.0);
        let heading = format!("Mansions of game {}", self.campaign.game_seed);
        ui.label(RichText::new(heading).strong());
        let current = self.mansion_shown(state);
        for (n, plan) in self.campaign.plans.iter().enumerate() {
            let n = n as u32;
            let text = format!(
                "Mansion {n}: {}×{} rooms, {} loot",
                plan.rooms_x, plan.rooms_y, plan.loot
            );
            if ui
                .selectable_label(current == Some(n), text)
                .on_hover_text(Command::OpenMansion(n).description())
                .clicked()
            {
                commands.push(Command::OpenMansion(n));
            }
        }
    }
}

/// The mansion number the slider shows, Regenerate reopens and Random seed keeps: the document's level.
pub fn campaign_level(state: &EditorState) -> u32 {
    state.doc.recipe.level.min(campaign::LEVELS as u32 - 1)
}
