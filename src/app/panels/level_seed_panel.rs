//! File ▸ Open level by seed…: one mansion of a game by the seed string the game gives its level (the
//! command line's `--level-seed`). The game says what its strings are and which of its generator's
//! parameters a string does not hold ([`LevelSeeds`]); the dialog asks for those with the generator's
//! own fields and shows what the game makes of them before anything opens. Opening goes through the
//! replacement prompt, as every new document does. Nothing here names a game.

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::param_fields::{FieldValue, param_widget, spec_help};
use crate::app::panels::widgets::dialog_window;
use crate::app::state::{EditorState, MessageKind};
use crate::generate::game::{Game, LevelSeeds, Mansion};
use crate::generate::games;
use crate::generate::params::ParamSpec;
use crate::generate::registry;

/// What the dialog holds while open.
struct Asked {
    /// The game whose level seeds are asked for.
    game: &'static dyn Game,
    /// What the game's strings are.
    seeds: LevelSeeds,
    /// The seed string as typed.
    seed: String,
    /// The generator's parameters the string does not hold, each with its spec.
    fields: Vec<(&'static ParamSpec, FieldValue)>,
    /// What the game makes of the seed and fields, with the text it was made from (made again only
    /// when that text changes).
    outcome: Option<(Vec<String>, Result<Mansion, String>)>,
}

impl Asked {
    /// The dialog on `game`'s strings, filled from the document's recipe when it is a mansion a string
    /// of the game names (so the string can be read off), else from the generator's defaults.
    fn new(game: &'static dyn Game, seeds: LevelSeeds, state: &EditorState) -> Option<Self> {
        let kind = registry::find(game.generator())?;
        let recipe = &state.doc.recipe;
        let own = (recipe.generator.id() == kind.id())
            .then(|| game.level_seed_of(recipe))
            .flatten();
        let json = match own {
            Some(_) => recipe.generator.to_json(),
            None => kind.defaults().to_json(),
        };
        let fields = seeds
            .params
            .iter()
            .filter_map(|name| kind.params().iter().find(|spec| spec.name == *name))
            .map(|spec| (spec, FieldValue::read(spec, json.get(spec.name))))
            .collect();
        Some(Asked {
            game,
            seeds,
            seed: own.unwrap_or_default(),
            fields,
            outcome: None,
        })
    }

    /// The seed and every field as text: what the outcome is made from.
    fn inputs(&self) -> Vec<String> {
        std::iter::once(self.seed.clone())
            .chain(self.fields.iter().map(|(_, value)| value.text()))
            .collect()
    }

    /// What the game makes of the seed and fields as they are now.
    fn outcome(&mut self) -> &Result<Mansion, String> {
        let inputs = self.inputs();
        if self
            .outcome
            .as_ref()
            .is_some_and(|(made_from, _)| *made_from != inputs)
        {
            self.outcome = None;
        }
        let Asked {
            game,
            seed,
            fields,
            outcome,
            ..
        } = self;
        &outcome
            .get_or_insert_with(|| {
                let params: Vec<(String, String)> = fields
                    .iter()
                    .map(|(spec, value)| (spec.name.to_string(), value.text()))
                    .collect();
                let made = game
                    .level_seed(seed, &params)
                    .unwrap_or_else(|| Err(format!("{} has no level seeds", game.label())));
                (inputs, made)
            })
            .1
    }
}

/// The dialog, while open.
#[derive(Default)]
pub struct LevelSeedPanel {
    asked: Option<Asked>,
}

impl LevelSeedPanel {
    /// Opens the dialog for the first game with level seeds, on the mansion shown when a string of that
    /// game names it; says so when no game has level seeds.
    pub fn ask(&mut self, state: &mut EditorState) {
        let Some(game) = games::first_that(|g| g.level_seeds().is_some()) else {
            state.say(MessageKind::Error, "No game of this build has level seeds");
            return;
        };
        self.asked = game
            .level_seeds()
            .and_then(|seeds| Asked::new(game, seeds, state));
    }
}

/// The dialog's body; true once Open or Cancel was pressed.
fn fields(ui: &mut Ui, asked: &mut Asked, commands: &mut Vec<Command>) -> bool {
    ui.label(format!("{}: {}", asked.game.label(), asked.seeds.about));
    let mut open = false;
    egui::Grid::new("level seed fields")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Level seed");
            let field = egui::TextEdit::singleline(&mut asked.seed)
                .hint_text(asked.seeds.hint)
                .desired_width(220.0);
            let field = ui.add(field).labelled_by(label.id);
            open = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.end_row();
            for (spec, value) in &mut asked.fields {
                let label = ui.label(spec.label).on_hover_text(spec_help(spec));
                ui.horizontal(|ui| param_widget(ui, spec, value, label.id));
                ui.end_row();
            }
        });
    let typed = !asked.seed.is_empty();
    let name = format!("{}, level seed {}", asked.game.label(), asked.seed.trim());
    let outcome = asked.outcome();
    match outcome {
        Ok(mansion) => {
            ui.label(&mansion.label);
        }
        Err(why) if typed => {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        Err(_) => {}
    }
    let ready = outcome.is_ok();
    let mut cancel = false;
    ui.horizontal(|ui| {
        open |= ui.add_enabled(ready, egui::Button::new("Open")).clicked();
        cancel = ui.button("Cancel").clicked();
    });
    match outcome {
        Ok(mansion) if open => {
            let recipe = mansion.recipe.clone();
            commands.push(Command::OpenNamed { recipe, name });
            true
        }
        _ => cancel,
    }
}

impl Panel for LevelSeedPanel {
    /// The dialog, while open: the game, the seed field, the other fields, what the game makes of
    /// them, Open and Cancel.
    fn ui(&mut self, ui: &mut Ui, _: &EditorState, commands: &mut Vec<Command>) {
        let LevelSeedPanel { asked: shown } = self;
        let Some(asked) = shown.as_mut() else {
            return;
        };
        let mut open = true;
        let mut done = false;
        dialog_window("Open level by seed", &mut open).show(ui.ctx(), |ui| {
            done = fields(ui, asked, commands);
        });
        if !open || done {
            *shown = None;
        }
    }
}
