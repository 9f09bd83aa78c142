//! The fields of generator parameters, shared by the generator picker and the dialogs that ask for some
//! of a generator's parameters (a game's level seed): each field holds its value typed by its spec's
//! widget ([`FieldValue`]), read once from the parameters' serde form, edited in place, and written out
//! only when a recipe is made, as the command line's `--param NAME=VALUE` would type it.

use egui::Ui;
use serde_json::Value;

use crate::generate::params::{ParamSpec, Widget};

/// One parameter's value in the form, typed by its spec's widget.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    /// A number; `whole` when the parameter is an integer.
    Number {
        /// The value.
        value: f64,
        /// Whether the parameter takes whole numbers only.
        whole: bool,
    },
    /// A number, or the generator's own choice (`None`, the command line's `null`).
    Auto {
        /// The value, `None` for the generator's choice.
        value: Option<f64>,
        /// Whether the parameter takes whole numbers only.
        whole: bool,
    },
    /// A tick box.
    Check(bool),
    /// One of the spec's variants.
    Pick(String),
    /// The members ticked, in the spec's order.
    Set(Vec<String>),
    /// Free text (structured values), written as typed.
    Text(String),
}

impl FieldValue {
    /// The value of parameter `spec` in the parameters' serde form (`json`), typed by the spec's widget;
    /// a value of another shape is shown as text to fix.
    pub fn read(spec: &ParamSpec, json: Option<&Value>) -> FieldValue {
        let whole = json.is_some_and(|v| v.is_i64() || v.is_u64());
        match (spec.widget, json) {
            (Widget::Number, Some(v)) if v.is_number() => FieldValue::Number {
                value: v.as_f64().unwrap_or_default(),
                whole,
            },
            (Widget::OptionalNumber, Some(Value::Null) | None) => FieldValue::Auto {
                value: None,
                whole: spec.min.is_none_or(|m| m.fract() == 0.0),
            },
            (Widget::OptionalNumber, Some(v)) if v.is_number() => FieldValue::Auto {
                value: v.as_f64(),
                whole,
            },
            (Widget::Check, Some(Value::Bool(b))) => FieldValue::Check(*b),
            (Widget::Pick(_), Some(Value::String(s))) => FieldValue::Pick(s.clone()),
            (Widget::Set(_), Some(Value::Array(members))) => FieldValue::Set(
                members
                    .iter()
                    .map(|m| match m {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect(),
            ),
            (_, Some(Value::String(s))) => FieldValue::Text(s.clone()),
            // An unset value (the command line's `null`) shows as an empty box, which reads back as null.
            (_, Some(Value::Null) | None) => FieldValue::Text(String::new()),
            (_, Some(v)) => FieldValue::Text(v.to_string()),
        }
    }

    /// The value as the command line's `--param NAME=VALUE` types it.
    pub fn text(&self) -> String {
        let number = |n: f64, whole: bool| {
            if whole {
                format!("{}", n.round() as i64)
            } else {
                format!("{n}")
            }
        };
        match self {
            FieldValue::Number { value, whole } => number(*value, *whole),
            FieldValue::Auto { value: None, .. } => "null".to_string(),
            FieldValue::Auto {
                value: Some(n),
                whole,
            } => number(*n, *whole),
            FieldValue::Check(on) => on.to_string(),
            FieldValue::Pick(choice) => choice.clone(),
            FieldValue::Set(members) => members.join(","),
            FieldValue::Text(text) => text.clone(),
        }
    }
}

/// A parameter's tooltip: its command-line name and range, then what it does. The help speaks of the
/// command line's `null`, which the picker shows as its "auto" box.
pub fn spec_help(spec: &ParamSpec) -> String {
    let help = spec
        .help
        .replace("null:", "auto:")
        .replace(" (`null` on the command line)", " (an empty box)");
    match (spec.min, spec.max) {
        (Some(min), Some(max)) => format!("{} · {min}–{max} · {help}", spec.name),
        _ => format!("{} · {help}", spec.name),
    }
}

/// A choice as the picker shows it: its name in words (`WalkEnd` reads "Walk end"); the value stays
/// the name the command line and presets use.
fn option_words(option: &str) -> String {
    let mut words = String::new();
    for (i, c) in option.chars().enumerate() {
        if i > 0 && c.is_uppercase() {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else {
            words.push(c);
        }
    }
    words
}

/// The widget of one parameter, editing its typed value.
pub fn param_widget(ui: &mut Ui, spec: &ParamSpec, value: &mut FieldValue, label: egui::Id) {
    let help = spec_help(spec);
    match (spec.widget, value) {
        (Widget::Pick(options), FieldValue::Pick(choice)) => {
            egui::ComboBox::from_id_salt(("param", spec.name))
                .selected_text(option_words(choice))
                .show_ui(ui, |ui| {
                    for &option in options {
                        if ui
                            .selectable_label(choice == option, option_words(option))
                            .clicked()
                        {
                            *choice = option.to_string();
                        }
                    }
                })
                .response
                .on_hover_text(help)
                .labelled_by(label);
        }
        (Widget::Set(items), FieldValue::Set(chosen)) => {
            set_widget(ui, items, chosen, &help, label);
        }
        (_, FieldValue::Number { value, whole }) => number(ui, spec, value, *whole, label, &help),
        (_, FieldValue::Auto { value, whole }) => {
            let mut auto = value.is_none();
            if ui
                .checkbox(&mut auto, "auto")
                .on_hover_text("Let the generator choose")
                .changed()
            {
                *value = (!auto).then(|| spec.min.unwrap_or(0.0).max(1.0));
            }
            if let Some(n) = value {
                number(ui, spec, n, *whole, label, &help);
            }
        }
        (_, FieldValue::Check(on)) => {
            ui.checkbox(on, "").on_hover_text(help).labelled_by(label);
        }
        (_, FieldValue::Pick(text) | FieldValue::Text(text)) => {
            let edit = egui::TextEdit::singleline(text).hint_text("none");
            ui.add(edit.desired_width(140.0))
                .on_hover_text(help)
                .labelled_by(label);
        }
        (_, FieldValue::Set(members)) => {
            let mut text = members.join(",");
            let response = ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(140.0))
                .on_hover_text(help)
                .labelled_by(label);
            if response.changed() {
                *members = text.split(',').map(|m| m.trim().to_string()).collect();
            }
        }
    }
}

/// A set's members, ticked in a menu that stays open while boxes are ticked (a designer picks several
/// in one go), kept in the items' own order as the command line would list them.
fn set_widget(ui: &mut Ui, items: &[&str], chosen: &mut Vec<String>, help: &str, label: egui::Id) {
    let shown = if chosen.is_empty() {
        "none".to_string()
    } else {
        chosen.join(", ")
    };
    let stay_open = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (button, _) = egui::containers::menu::MenuButton::new(shown)
        .config(stay_open)
        .ui(ui, |ui| {
            for &item in items {
                let mut on = chosen.iter().any(|c| c == item);
                if ui.checkbox(&mut on, item).changed() {
                    let mut members: Vec<String> = items
                        .iter()
                        .filter(|&&i| {
                            if i == item {
                                on
                            } else {
                                chosen.iter().any(|c| c == i)
                            }
                        })
                        .map(|i| (*i).to_string())
                        .collect();
                    std::mem::swap(chosen, &mut members);
                }
            }
        });
    button.on_hover_text(help).labelled_by(label);
}

/// A number on a slider over the spec's range (values typed outside it are kept: the generator clamps
/// them and says so), or a drag value where the spec gives no range.
fn number(ui: &mut Ui, spec: &ParamSpec, n: &mut f64, whole: bool, label: egui::Id, help: &str) {
    let response = match (spec.min, spec.max) {
        (Some(min), Some(max)) => {
            let slider = egui::Slider::new(n, min..=max).clamping(egui::SliderClamping::Never);
            ui.add(if whole {
                slider.integer()
            } else {
                slider.max_decimals(3)
            })
        }
        _ => ui.add(egui::DragValue::new(n).max_decimals(if whole { 0 } else { 3 })),
    };
    response.on_hover_text(help).labelled_by(label);
}
