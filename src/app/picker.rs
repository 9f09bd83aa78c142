//! The generator picker: a generator and its parameters as form fields, applied as one
//! `SetRecipe` command. The fields are the registry's parameter specs, so the panel, the command line
//! and the presets share names, ranges and help texts.
//!
//! Values are kept as JSON (the parameters' serde form) and handed to `registry::apply`, which parses
//! them exactly as the command line's `--param NAME=VALUE`. Numbers outside a spec's range are sent as
//! typed: the generators clamp them and say so in the level's diagnostics.

use egui::Ui;
use serde_json::Value;

use super::commands::Command;
use crate::edit::{self, Document};
use crate::generate::params::ParamSpec;
use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::generate::registry::{self, ParamError};
use crate::generate::{packed_mansion, rogue_grid, siheyuan, tile_growth};
use crate::model::Plan;
use crate::paint::palette;

/// The picker's form state.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorPicker {
    /// Generator id.
    pub id: &'static str,
    /// One value per parameter spec of `id`, as JSON text ("5", "[2,3]", "Random").
    pub values: Vec<String>,
    /// Why the last Apply was refused.
    pub error: Option<String>,
    /// The document's generator the form was filled from: the form is refilled only when that changes.
    pub filled_from: GeneratorParams,
}

/// The parameters of a generator as a JSON object.
fn params_json(params: &GeneratorParams) -> Value {
    let value = match params {
        GeneratorParams::Siheyuan { plan } => serde_json::to_value(plan),
        GeneratorParams::TileGrowth(p) => serde_json::to_value(p),
        GeneratorParams::PackedMansion(p) => serde_json::to_value(p),
        GeneratorParams::RogueGrid(p) => serde_json::to_value(p),
    };
    value.unwrap_or(Value::Null)
}

/// A generator's default parameters.
fn defaults(id: &str) -> GeneratorParams {
    match id {
        tile_growth::ID => GeneratorParams::TileGrowth(Default::default()),
        packed_mansion::ID => GeneratorParams::PackedMansion(Default::default()),
        rogue_grid::ID => GeneratorParams::RogueGrid(Default::default()),
        _ => GeneratorParams::Siheyuan {
            plan: Plan {
                rooms_x: 5,
                rooms_y: 3,
                loot: 10,
            },
        },
    }
}

fn specs(id: &str) -> &'static [ParamSpec] {
    registry::param_specs(id).unwrap_or(&[])
}

/// One JSON value as the form shows it: strings bare, everything else as JSON.
fn field_text(value: Option<&Value>, spec: &ParamSpec) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => spec.default.to_string(),
    }
}

impl GeneratorPicker {
    /// The form filled from a recipe's generator.
    pub fn from_recipe(recipe: &Recipe) -> Self {
        Self::from_params(&recipe.generator)
    }

    fn from_params(params: &GeneratorParams) -> Self {
        let id = registry::IDS
            .iter()
            .copied()
            .find(|&id| id == params.id())
            .unwrap_or(siheyuan::ID);
        let json = params_json(params);
        let values = specs(id)
            .iter()
            .map(|spec| field_text(json.get(spec.name), spec))
            .collect();
        GeneratorPicker {
            id,
            values,
            error: None,
            filled_from: params.clone(),
        }
    }

    /// Switches the form to generator `id` with its defaults.
    pub fn select(&mut self, id: &'static str) {
        if self.id != id {
            let filled_from = self.filled_from.clone();
            *self = Self::from_params(&defaults(id));
            self.filled_from = filled_from;
        }
    }

    /// The parameters in the form.
    pub fn params(&self) -> Result<GeneratorParams, ParamError> {
        let pairs: Vec<(String, String)> = specs(self.id)
            .iter()
            .zip(&self.values)
            .map(|(spec, value)| (spec.name.to_string(), value.clone()))
            .collect();
        Ok(match defaults(self.id) {
            GeneratorParams::Siheyuan { plan } => GeneratorParams::Siheyuan {
                plan: registry::apply(self.id, plan, &pairs)?,
            },
            GeneratorParams::TileGrowth(p) => {
                GeneratorParams::TileGrowth(registry::apply(self.id, p, &pairs)?)
            }
            GeneratorParams::PackedMansion(p) => {
                GeneratorParams::PackedMansion(registry::apply(self.id, p, &pairs)?)
            }
            GeneratorParams::RogueGrid(p) => {
                GeneratorParams::RogueGrid(registry::apply(self.id, p, &pairs)?)
            }
        })
    }
}

/// A human name of a generator id.
pub fn generator_name(id: &str) -> &'static str {
    match id {
        tile_growth::ID => "Tile growth",
        packed_mansion::ID => "Packed mansion",
        rogue_grid::ID => "Rogue grid",
        _ => "Siheyuan",
    }
}

/// What applying a new recipe throws away, in words ("3 locks and 5 hand edits"), if anything.
pub fn dropped_by_new_recipe(doc: &Document) -> Option<String> {
    let count = |n: usize, one: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {one}s")),
    };
    let parts: Vec<String> = [
        count(doc.locks.len(), "lock"),
        count(doc.edits.len(), "hand edit"),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(" and "))
}

/// The picker panel: generator choice, one field per parameter (help as tooltip) and Apply.
pub fn show(
    ui: &mut Ui,
    picker: &mut GeneratorPicker,
    doc: &Document,
    commands: &mut Vec<Command>,
) {
    let recipe = &doc.recipe;
    ui.horizontal(|ui| {
        let label = ui.label("Generator");
        egui::ComboBox::from_id_salt("generator-picker")
            .selected_text(generator_name(picker.id))
            .show_ui(ui, |ui| {
                for &id in registry::IDS {
                    if ui
                        .selectable_label(picker.id == id, generator_name(id))
                        .clicked()
                    {
                        picker.select(id);
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    egui::Grid::new("generator-params")
        .num_columns(2)
        .show(ui, |ui| {
            for (spec, value) in specs(picker.id).iter().zip(picker.values.iter_mut()) {
                let label = ui.label(spec.name).on_hover_text(spec.help);
                match (spec.min, spec.max, value.parse::<f64>()) {
                    (Some(min), Some(max), Ok(mut number)) => {
                        let integer = !value.contains('.');
                        let mut slider = egui::Slider::new(&mut number, min..=max)
                            .clamping(egui::SliderClamping::Never);
                        if integer {
                            slider = slider.integer();
                        }
                        let response = ui.add(slider).on_hover_text(spec.help);
                        if response.labelled_by(label.id).changed() {
                            *value = if integer {
                                format!("{}", number.round() as i64)
                            } else {
                                format!("{number}")
                            };
                        }
                    }
                    _ => {
                        ui.add(egui::TextEdit::singleline(value).desired_width(140.0))
                            .on_hover_text(spec.help)
                            .labelled_by(label.id);
                    }
                }
                ui.end_row();
            }
        });
    let dropped = dropped_by_new_recipe(doc);
    if let Some(dropped) = &dropped {
        ui.colored_label(
            palette::WARNING,
            format!("Applying drops {dropped} (Ctrl+Z brings them back)"),
        );
    }
    let help = match &dropped {
        Some(d) => {
            format!("Generate with this generator and these parameters; drops {d} (undoable)")
        }
        None => "Generate with this generator and these parameters (undoable)".to_string(),
    };
    if ui.button("Apply generator").on_hover_text(help).clicked() {
        match picker.params() {
            Ok(generator) => {
                let recipe = Recipe {
                    generator,
                    ..recipe.clone()
                };
                match recipe.check() {
                    Ok(()) => {
                        picker.error = None;
                        commands.push(Command::Run(edit::Command::SetRecipe(recipe)));
                    }
                    Err(e) => picker.error = Some(e),
                }
            }
            Err(e) => picker.error = Some(e.to_string()),
        }
    }
    if let Some(error) = &picker.error {
        ui.colored_label(egui::Color32::from_rgb(255, 110, 100), error);
    }
}
