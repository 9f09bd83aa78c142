//! File ▸ Open 2025 level by seed…: one mansion of the 2025 game from the seed string the game gives its
//! level (`'lvl' + level + u`, the command line's `--level-seed`). The string holds the level number and
//! the level's stream; the level type and loot come from the game's plan, which the string does not
//! hold, so the dialog asks for them, and shows the room grid the game draws from the string for that
//! type before anything opens. Opening goes through the replacement prompt, as every new document does.

use egui::{Context, Ui};

use crate::app::commands::command::Command;
use crate::app::panels::widgets::dialog_window;
use crate::app::state::EditorState;
use crate::generate::lll2025::declaration::{Declaration, Lll2025Params, recipe_of};
use crate::generate::lll2025::plan::{LevelType, PlanEntry, level_seed_entry, level_seed_string};

/// The level types the dialog offers, in the game's order.
const LEVEL_TYPES: [LevelType; 4] = [
    LevelType::Manor,
    LevelType::ManorRed,
    LevelType::Mansion,
    LevelType::Fortress,
];

/// The largest loot the dialog offers: the generator's own bound.
const MAX_LOOT: u32 = 100;

/// What the dialog holds while open.
#[derive(Clone, Debug)]
struct Asked {
    /// The seed string as typed.
    seed: String,
    level_type: LevelType,
    loot: u32,
}

/// The dialog, while open.
#[derive(Default)]
pub struct LevelSeedPanel {
    asked: Option<Asked>,
}

impl LevelSeedPanel {
    /// Opens the dialog on the mansion shown when it is a 2025 one (its seed string, type and loot, so
    /// the string can be read off and copied), else on an empty field.
    pub fn ask(&mut self, state: &EditorState) {
        let recipe = &state.doc.recipe;
        self.asked = Some(match recipe.generator.get::<Declaration>() {
            Some(params) if params.layout_seed.is_none() => Asked {
                seed: level_seed_string(recipe.level, recipe.seed),
                level_type: params.level_type,
                loot: params.loot,
            },
            _ => {
                let defaults = Lll2025Params::default();
                Asked {
                    seed: String::new(),
                    level_type: defaults.level_type,
                    loot: defaults.loot,
                }
            }
        });
    }

    /// The dialog, while open: the seed field, the level type and loot, what the game makes of them,
    /// Open and Cancel.
    pub fn dialog(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(asked) = self.asked.as_mut() else {
            return;
        };
        let mut open = true;
        let mut done = false;
        dialog_window("Open 2025 level by seed", &mut open).show(ctx, |ui| {
            done = fields(ui, asked, commands);
        });
        if !open || done {
            self.asked = None;
        }
    }
}

/// The dialog's body; true once Open or Cancel was pressed.
fn fields(ui: &mut Ui, asked: &mut Asked, commands: &mut Vec<Command>) -> bool {
    ui.label(
        "A mansion of the 2025 game by its level's seed string; the game's plan adds the level \
         type and loot.",
    );
    let entry = level_seed_entry(&asked.seed, asked.level_type, asked.loot);
    let mut open = false;
    ui.horizontal(|ui| {
        let label = ui.label("Level seed");
        let field = egui::TextEdit::singleline(&mut asked.seed)
            .hint_text("lvl10.3206486422043705")
            .desired_width(220.0);
        let field = ui.add(field).labelled_by(label.id);
        open = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    });
    ui.horizontal(|ui| {
        let label = ui.label("Level type");
        egui::ComboBox::from_id_salt("level seed type")
            .selected_text(asked.level_type.name())
            .show_ui(ui, |ui| {
                for level_type in LEVEL_TYPES {
                    ui.selectable_value(&mut asked.level_type, level_type, level_type.name());
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label("Loot");
        ui.add(egui::DragValue::new(&mut asked.loot).range(0..=MAX_LOOT))
            .labelled_by(label.id);
    });
    match &entry {
        Ok(entry) => {
            ui.label(format!(
                "Level {}: {}×{} rooms, {} loot",
                entry.level, entry.rooms_x, entry.rooms_y, entry.loot
            ));
        }
        Err(why) if !asked.seed.is_empty() => {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        Err(_) => {}
    }
    let mut cancel = false;
    ui.horizontal(|ui| {
        open |= ui
            .add_enabled(entry.is_ok(), egui::Button::new("Open"))
            .clicked();
        cancel = ui.button("Cancel").clicked();
    });
    match entry {
        Ok(entry) if open => {
            push_open(&entry, commands);
            true
        }
        _ => cancel,
    }
}

/// Asks to open the entry's mansion as a recipe of the 2025 generator.
fn push_open(entry: &PlanEntry, commands: &mut Vec<Command>) {
    if let Some(recipe) = recipe_of(entry) {
        commands.push(Command::ApplyRecipe(recipe));
    }
}
