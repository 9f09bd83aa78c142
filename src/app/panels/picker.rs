//! The generator picker: a generator and its parameters as form fields, applied as a new document
//! (`Command::ApplyRecipe`). The fields are the registry's parameter specs, so the panel, the command line
//! and the presets share names, ranges and help texts.
//!
//! Each field holds its value typed by its spec's widget ([`FieldValue`]: a number, a tick, a choice, a
//! set), read once from the parameters when the form is filled; the widgets edit those values, and only
//! Apply writes them out, as the command line's `--param NAME=VALUE` would type them, for
//! `GeneratorParams::with`. Numbers outside a spec's range are sent as typed: the generators clamp them
//! and say so in the level's diagnostics.

use egui::Ui;

use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::describe::generator_name;
use crate::app::panels::param_fields::{FieldValue, param_widget, spec_help};
use crate::app::state::EditorState;
use crate::edit::Document;
use crate::generate::params::ParamSpec;
use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::generate::registry::{self, GeneratorKind, ParamError};
use crate::paint::palette;

/// The picker's form state.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorPicker {
    /// Generator id.
    pub id: &'static str,
    /// One value per parameter spec of `id`.
    pub values: Vec<FieldValue>,
    /// Why the last Apply was refused.
    pub error: Option<String>,
    /// The document's generator the form was filled from: the form is refilled only when that changes.
    pub filled_from: GeneratorParams,
    /// The picker starts expanded (screenshots of other generators show their parameters).
    pub open: bool,
}

/// The generator with this id (the form's id always comes from the registry).
fn kind(id: &str) -> &'static dyn GeneratorKind {
    registry::find(id).unwrap_or(registry::BUILT_IN[0])
}

/// A generator's default parameters.
fn defaults(id: &str) -> GeneratorParams {
    kind(id).defaults()
}

fn specs(id: &str) -> &'static [ParamSpec] {
    kind(id).params()
}

impl GeneratorPicker {
    /// The form filled from a recipe's generator.
    pub fn from_recipe(recipe: &Recipe) -> Self {
        Self::from_params(&recipe.generator)
    }

    fn from_params(params: &GeneratorParams) -> Self {
        let id = params.id();
        let json = params.to_json();
        let values = specs(id)
            .iter()
            .map(|spec| FieldValue::read(spec, json.get(spec.name)))
            .collect();
        GeneratorPicker {
            id,
            values,
            error: None,
            filled_from: params.clone(),
            open: false,
        }
    }

    /// Follows the document's recipe: refilled when its generator changes, so half-typed fields survive
    /// hand edits.
    pub fn follow(&mut self, recipe: &Recipe) {
        if self.filled_from != recipe.generator {
            let open = self.open;
            *self = Self::from_recipe(recipe);
            self.open = open;
        }
    }

    /// Switches the form to generator `id` with its defaults.
    pub fn select(&mut self, id: &'static str) {
        if self.id != id {
            let filled_from = self.filled_from.clone();
            let open = self.open;
            *self = Self::from_params(&defaults(id));
            self.filled_from = filled_from;
            self.open = open;
        }
    }

    /// The parameters in the form.
    pub fn params(&self) -> Result<GeneratorParams, ParamError> {
        let pairs: Vec<(String, String)> = specs(self.id)
            .iter()
            .zip(&self.values)
            .map(|(spec, value)| (spec.name.to_string(), value.text()))
            .collect();
        defaults(self.id).with(&pairs)
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

impl GeneratorPicker {
    /// The form: generator choice, one field per parameter (help as tooltip) and Apply.
    fn form(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let recipe = &state.doc.recipe;
        ui.horizontal(|ui| {
            let label = ui.label("Generator");
            egui::ComboBox::from_id_salt("generator-picker")
                .selected_text(generator_name(self.id))
                .show_ui(ui, |ui| {
                    for kind in registry::all() {
                        if ui
                            .selectable_label(self.id == kind.id(), kind.label())
                            .on_hover_text(kind.about())
                            .clicked()
                        {
                            self.select(kind.id());
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        egui::Grid::new("generator-params")
            .num_columns(2)
            .show(ui, |ui| {
                // Narrow sliders leave room for the units in the default panel width.
                ui.spacing_mut().slider_width = 96.0;
                for (spec, value) in specs(self.id).iter().zip(self.values.iter_mut()) {
                    let text = match spec.unit {
                        "" => spec.label.to_string(),
                        unit => format!("{} ({unit})", spec.label),
                    };
                    let label = ui.label(text).on_hover_text(spec_help(spec));
                    ui.horizontal(|ui| param_widget(ui, spec, value, label.id));
                    ui.end_row();
                }
            });
        let dropped = dropped_by_new_recipe(&state.doc);
        if let Some(dropped) = &dropped {
            ui.colored_label(
                palette::WARNING,
                format!("Applying starts a new document without the {dropped}"),
            );
        }
        let help = match &dropped {
            Some(d) => format!(
                "{}; the {d} stay with the document you have now",
                Command::ApplyRecipe(recipe.clone()).description()
            ),
            None => Command::ApplyRecipe(recipe.clone())
                .description()
                .to_string(),
        };
        if ui.button("Apply generator").on_hover_text(help).clicked() {
            match self.params() {
                Ok(generator) => {
                    let recipe = Recipe {
                        generator,
                        ..recipe.clone()
                    };
                    match recipe.check() {
                        Ok(()) => {
                            self.error = None;
                            commands.push(Command::ApplyRecipe(recipe));
                        }
                        Err(e) => self.error = Some(e),
                    }
                }
                Err(e) => self.error = Some(e.to_string()),
            }
        }
        if let Some(error) = &self.error {
            ui.colored_label(palette::TEXT_ERROR, error);
        }
    }
}

/// The picker panel: its form under a header the designer folds.
impl Panel for GeneratorPicker {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        egui::CollapsingHeader::new("Generator and parameters")
            .default_open(self.open)
            .show(ui, |ui| self.form(ui, state, commands));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::params::Widget;
    use std::collections::HashSet;

    #[test]
    fn every_parameter_has_its_own_human_name() {
        for id in registry::all().iter().map(|k| k.id()) {
            let mut seen = HashSet::new();
            for spec in specs(id) {
                assert_ne!(
                    spec.label, spec.name,
                    "{id}: {} has a human name",
                    spec.name
                );
                assert!(!spec.label.contains('_'), "{id}: {}", spec.label);
                assert!(seen.insert(spec.label), "{id}: {} twice", spec.label);
            }
        }
    }

    #[test]
    fn the_form_of_each_generators_defaults_gives_back_its_defaults() {
        for id in registry::all().iter().map(|k| k.id()) {
            let picker = GeneratorPicker::from_params(&defaults(id));
            assert_eq!(picker.params().expect(id), defaults(id), "{id}");
        }
    }

    #[test]
    fn every_offered_choice_parses_and_a_bogus_one_is_refused() {
        for id in registry::all().iter().map(|k| k.id()) {
            for (i, spec) in specs(id).iter().enumerate() {
                let offered: Vec<FieldValue> = match spec.widget {
                    Widget::Pick(options) => options
                        .iter()
                        .map(|o| FieldValue::Pick((*o).to_string()))
                        .collect(),
                    Widget::Set(items) => {
                        let mut all: Vec<FieldValue> = items
                            .iter()
                            .map(|i| FieldValue::Set(vec![(*i).to_string()]))
                            .collect();
                        all.push(FieldValue::Set(
                            items.iter().map(|i| (*i).to_string()).collect(),
                        ));
                        all
                    }
                    Widget::Check => vec![FieldValue::Check(true), FieldValue::Check(false)],
                    Widget::OptionalNumber => vec![
                        FieldValue::Auto {
                            value: None,
                            whole: true,
                        },
                        FieldValue::Auto {
                            value: Some(3.0),
                            whole: true,
                        },
                    ],
                    Widget::Number | Widget::Text => continue,
                };
                let mut picker = GeneratorPicker::from_params(&defaults(id));
                for value in offered {
                    picker.values[i] = value.clone();
                    assert!(picker.params().is_ok(), "{id} {} = {value:?}", spec.name);
                }
                let bogus = match spec.widget {
                    Widget::Pick(_) => FieldValue::Pick("Bogus".into()),
                    Widget::Set(_) => FieldValue::Set(vec!["Bogus".into()]),
                    _ => continue,
                };
                picker.values[i] = bogus;
                assert!(picker.params().is_err(), "{id} {} refuses Bogus", spec.name);
            }
        }
    }

    #[test]
    fn each_field_is_read_typed_by_its_widget() {
        for id in registry::all().iter().map(|k| k.id()) {
            let picker = GeneratorPicker::from_params(&defaults(id));
            for (spec, value) in specs(id).iter().zip(&picker.values) {
                let typed = match spec.widget {
                    Widget::Number => matches!(value, FieldValue::Number { .. }),
                    Widget::OptionalNumber => matches!(value, FieldValue::Auto { .. }),
                    Widget::Check => matches!(value, FieldValue::Check(_)),
                    Widget::Pick(options) => {
                        matches!(value, FieldValue::Pick(p) if options.contains(&p.as_str()))
                    }
                    Widget::Set(items) => matches!(value, FieldValue::Set(members)
                        if members.iter().all(|m| items.contains(&m.as_str()))),
                    Widget::Text => matches!(value, FieldValue::Text(_)),
                };
                assert!(typed, "{id} {}: {value:?}", spec.name);
            }
        }
    }
}
