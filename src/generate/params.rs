//! Parameter plumbing shared by the generators: clamping with a diagnostic (out-of-range values never
//! panic, `other-generators.md` §0.3), the editor's parameter descriptions, and the empty structural level.

use serde::Serialize;

use crate::model::{Diagnostic, Number};

/// How the editor's generator picker edits a parameter. The command line and presets take every kind
/// as text (`NAME=VALUE`); the picker turns its widget back into that text, so both parse the same way.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Widget {
    /// A number on a slider over the spec's range.
    Number,
    /// A number, or none (`null`) for the generator's own choice.
    OptionalNumber,
    /// `true` or `false`.
    Check,
    /// One of these variants.
    Pick(&'static [&'static str]),
    /// Any subset of these items, written `a,b`.
    Set(&'static [&'static str]),
    /// Free text (structured values such as a start cell).
    Text,
}

/// One tunable parameter as the editor and the command line show it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamSpec {
    /// The name on the command line and in presets.
    pub name: &'static str,
    /// The name a designer reads in the picker.
    pub label: &'static str,
    /// What the number counts ("cells", "modules", "share"), or empty.
    pub unit: &'static str,
    /// How the picker edits it.
    pub widget: Widget,
    /// The slider's lower end, the spec's lowest value; the generator clamps lower values up (its own
    /// bound may be tighter, depending on other parameters). `None` for choices, sets and flags.
    pub min: Option<f64>,
    /// The slider's upper end, the spec's highest value; higher values are clamped down.
    pub max: Option<f64>,
    /// Tooltip text.
    pub help: &'static str,
}

/// A numeric parameter (its default is the generator's: see `registry::default_text`).
pub const fn numeric(name: &'static str, min: f64, max: f64, help: &'static str) -> ParamSpec {
    ParamSpec {
        name,
        label: name,
        unit: "",
        widget: Widget::Number,
        min: Some(min),
        max: Some(max),
        help,
    }
}

/// A choice, set or flag parameter.
pub const fn choice(name: &'static str, help: &'static str) -> ParamSpec {
    ParamSpec {
        name,
        label: name,
        unit: "",
        widget: Widget::Text,
        min: None,
        max: None,
        help,
    }
}

impl ParamSpec {
    /// The spec with a designer's name and unit.
    #[must_use]
    pub const fn shown(self, label: &'static str, unit: &'static str) -> Self {
        ParamSpec {
            label,
            unit,
            ..self
        }
    }

    /// The spec edited with `widget`.
    #[must_use]
    pub const fn edited(self, widget: Widget) -> Self {
        ParamSpec { widget, ..self }
    }
}

/// Clamps parameters into range, noting every change for the level's diagnostics.
#[derive(Default)]
pub struct Clamp {
    /// One note per changed value, in the order the parameters were clamped.
    pub notes: Vec<Diagnostic>,
}

impl Clamp {
    /// `value` clamped to `[lo, hi]`.
    pub fn int(&mut self, name: &str, value: i32, lo: i32, hi: i32) -> i32 {
        let hi = hi.max(lo);
        let clamped = value.clamp(lo, hi);
        if clamped != value {
            self.note(name, value, clamped, (lo, hi));
        }
        clamped
    }

    /// `value` clamped to `[lo, hi]` and then made odd by stepping down (up at `lo`).
    pub fn odd(&mut self, name: &str, value: i32, lo: i32, hi: i32) -> i32 {
        let v = self.int(name, value, lo, hi);
        if v % 2 == 1 {
            return v;
        }
        let odd = if v > lo { v - 1 } else { v + 1 };
        self.notes.push(Diagnostic::MadeOdd {
            name: name.to_string(),
            asked: v,
            used: odd,
        });
        odd
    }

    /// `value` clamped to `[lo, hi]`; NaN becomes `lo`.
    pub fn float(&mut self, name: &str, value: f64, lo: f64, hi: f64) -> f64 {
        let hi = hi.max(lo);
        let clamped = if value.is_nan() {
            lo
        } else {
            value.clamp(lo, hi)
        };
        #[expect(
            clippy::float_cmp,
            reason = "exact on purpose: `clamp` returns its input untouched when it is in range, so any \
                      difference is a real change to report (and NaN, never equal, is always reported)"
        )]
        let changed = clamped != value;
        if changed {
            self.note(name, value, clamped, (lo, hi));
        }
        clamped
    }

    /// Notes that `name` asked for `asked` and got `used`, the nearer end of `range`.
    fn note<T: Into<Number>>(&mut self, name: &str, asked: T, used: T, (lo, hi): (T, T)) {
        self.notes.push(Diagnostic::Clamped {
            name: name.to_string(),
            asked: asked.into(),
            used: used.into(),
            lo: lo.into(),
            hi: hi.into(),
        });
    }
}
