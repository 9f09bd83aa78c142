//! The generator picker: a generator and its parameters as form fields, applied as a new document
//! (`Command::ApplyRecipe`). The fields are the registry's parameter specs, so the panel, the command line
//! and the presets share names, ranges and help texts.
//!
//! Values are kept as JSON (the parameters' serde form) and handed to `GeneratorParams::with`, which parses
//! them exactly as the command line's `--param NAME=VALUE`. Numbers outside a spec's range are sent as
//! typed: the generators clamp them and say so in the level's diagnostics.

use egui::Ui;
use serde_json::Value;

use crate::app::commands::command::Command;
use crate::edit::Document;
use crate::generate::params::{ParamSpec, Widget};
use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::generate::registry::{self, GeneratorKind, ParamError};
use crate::paint::palette;

/// The picker's form state.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorPicker {
    /// Generator id.
    pub id: &'static str,
    /// One value per parameter spec of `id`, as JSON text ("5", "\[2,3\]", "Random").
    pub values: Vec<String>,
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

/// One JSON value as the form shows it: strings bare, everything else as JSON.
fn field_text(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => String::new(),
    }
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
            .map(|spec| field_text(json.get(spec.name)))
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
            .map(|(spec, value)| (spec.name.to_string(), value.clone()))
            .collect();
        defaults(self.id).with(&pairs)
    }
}

/// A human name of a generator id.
pub fn generator_name(id: &str) -> &'static str {
    kind(id).label()
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
                for kind in registry::all() {
                    if ui
                        .selectable_label(picker.id == kind.id(), kind.label())
                        .on_hover_text(kind.about())
                        .clicked()
                    {
                        picker.select(kind.id());
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
            for (spec, value) in specs(picker.id).iter().zip(picker.values.iter_mut()) {
                let text = match spec.unit {
                    "" => spec.label.to_string(),
                    unit => format!("{} ({unit})", spec.label),
                };
                let label = ui.label(text).on_hover_text(spec_help(spec));
                ui.horizontal(|ui| param_widget(ui, spec, value, label.id));
                ui.end_row();
            }
        });
    let dropped = dropped_by_new_recipe(doc);
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
        match picker.params() {
            Ok(generator) => {
                let recipe = Recipe {
                    generator,
                    ..recipe.clone()
                };
                match recipe.check() {
                    Ok(()) => {
                        picker.error = None;
                        commands.push(Command::ApplyRecipe(recipe));
                    }
                    Err(e) => picker.error = Some(e),
                }
            }
            Err(e) => picker.error = Some(e.to_string()),
        }
    }
    if let Some(error) = &picker.error {
        ui.colored_label(palette::TEXT_ERROR, error);
    }
}

/// A parameter's tooltip: its command-line name and range, then what it does. The help speaks of the
/// command line's `null`, which the picker shows as its "auto" box.
fn spec_help(spec: &ParamSpec) -> String {
    let help = spec.help.replace("null:", "auto:");
    match (spec.min, spec.max) {
        (Some(min), Some(max)) => format!("{} · {min}–{max} · {help}", spec.name),
        _ => format!("{} · {help}", spec.name),
    }
}

/// The widget of one parameter; it writes the value back as the command line would type it.
fn param_widget(ui: &mut Ui, spec: &ParamSpec, value: &mut String, label: egui::Id) {
    let help = spec_help(spec);
    match spec.widget {
        Widget::Number => number(ui, spec, value, label, &help),
        Widget::OptionalNumber => {
            let mut auto = value.trim() == "null";
            if ui
                .checkbox(&mut auto, "auto")
                .on_hover_text("Let the generator choose")
                .changed()
            {
                *value = if auto {
                    "null".to_string()
                } else {
                    format!("{}", spec.min.unwrap_or(0.0).max(1.0))
                };
            }
            if !auto {
                number(ui, spec, value, label, &help);
            }
        }
        Widget::Check => {
            let mut on = value.trim() == "true";
            let response = ui.checkbox(&mut on, "").on_hover_text(help);
            if response.labelled_by(label).changed() {
                *value = on.to_string();
            }
        }
        Widget::Pick(options) => {
            egui::ComboBox::from_id_salt(("param", spec.name))
                .selected_text(value.as_str())
                .show_ui(ui, |ui| {
                    for &option in options {
                        if ui.selectable_label(value == option, option).clicked() {
                            *value = option.to_string();
                        }
                    }
                })
                .response
                .on_hover_text(help)
                .labelled_by(label);
        }
        Widget::Set(items) => {
            let mut chosen = set_members(value);
            let shown = if chosen.is_empty() {
                "none".to_string()
            } else {
                chosen.join(", ")
            };
            // Stays open while boxes are ticked: a designer picks several members in one go.
            let stay_open = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            let (button, menu) = egui::containers::menu::MenuButton::new(shown)
                .config(stay_open)
                .ui(ui, |ui| {
                    let mut changed = false;
                    for &item in items {
                        let mut on = chosen.iter().any(|c| c == item);
                        if ui.checkbox(&mut on, item).changed() {
                            changed = true;
                            chosen.retain(|c| c != item);
                            if on {
                                chosen.push(item.to_string());
                            }
                        }
                    }
                    changed
                });
            button.on_hover_text(&help).labelled_by(label);
            if menu.is_some_and(|m| m.inner) {
                // In the items' own order, as the command line would list them.
                let ordered: Vec<&str> = items
                    .iter()
                    .copied()
                    .filter(|i| chosen.iter().any(|c| c == i))
                    .collect();
                *value = ordered.join(",");
            }
        }
        Widget::Text => {
            ui.add(egui::TextEdit::singleline(value).desired_width(140.0))
                .on_hover_text(help)
                .labelled_by(label);
        }
    }
}

/// A number on a slider over the spec's range; typed values outside it are kept (the generator clamps
/// them and says so), and a value that is not a number yet is shown as text to fix.
fn number(ui: &mut Ui, spec: &ParamSpec, value: &mut String, label: egui::Id, help: &str) {
    let (Some(min), Some(max), Ok(mut n)) = (spec.min, spec.max, value.trim().parse::<f64>())
    else {
        ui.add(egui::TextEdit::singleline(value).desired_width(140.0))
            .on_hover_text(help)
            .labelled_by(label);
        return;
    };
    let integer = !value.contains('.') && min.fract() == 0.0 && max.fract() == 0.0 && max > 1.0;
    let mut slider = egui::Slider::new(&mut n, min..=max).clamping(egui::SliderClamping::Never);
    slider = if integer {
        slider.integer()
    } else {
        slider.max_decimals(3)
    };
    if ui
        .add(slider)
        .on_hover_text(help)
        .labelled_by(label)
        .changed()
    {
        *value = if integer {
            format!("{}", n.round() as i64)
        } else {
            format!("{n}")
        };
    }
}

/// The members of a set value written as JSON (`["cross","dead_end"]`, `[2,3]`) or as a list (`2,3`).
fn set_members(value: &str) -> Vec<String> {
    value
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
                let offered: Vec<String> = match spec.widget {
                    Widget::Pick(options) => options
                        .iter()
                        .map(std::string::ToString::to_string)
                        .collect(),
                    Widget::Set(items) => {
                        let mut all = items
                            .iter()
                            .map(std::string::ToString::to_string)
                            .collect::<Vec<_>>();
                        all.push(items.join(","));
                        all
                    }
                    Widget::Check => vec!["true".into(), "false".into()],
                    Widget::OptionalNumber => vec!["null".into(), "3".into()],
                    Widget::Number | Widget::Text => continue,
                };
                let mut picker = GeneratorPicker::from_params(&defaults(id));
                for value in offered {
                    picker.values[i] = value.clone();
                    assert!(picker.params().is_ok(), "{id} {} = {value}", spec.name);
                }
                if matches!(spec.widget, Widget::Pick(_) | Widget::Set(_)) {
                    picker.values[i] = "Bogus".into();
                    assert!(picker.params().is_err(), "{id} {} refuses Bogus", spec.name);
                }
            }
        }
    }

    #[test]
    fn set_values_are_read_in_either_spelling() {
        assert_eq!(
            set_members(r#"["cross","dead_end"]"#),
            ["cross", "dead_end"]
        );
        assert_eq!(set_members("[2,3]"), ["2", "3"]);
        assert_eq!(set_members("2, 3"), ["2", "3"]);
        assert!(set_members("[]").is_empty());
    }
}
