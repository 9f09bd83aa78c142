//! Parameter plumbing shared by the generators: clamping with a diagnostic (out-of-range values never
//! panic, `other-generators.md` §0.3), the editor's parameter descriptions, and the empty structural level.

use serde::Serialize;

/// One tunable parameter as the editor and the command line show it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamSpec {
    pub name: &'static str,
    /// The default, written as the command line accepts it.
    pub default: &'static str,
    /// Numeric bounds; `None` for choices, sets and flags.
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// Tooltip text.
    pub help: &'static str,
}

/// A numeric parameter.
pub const fn numeric(
    name: &'static str,
    default: &'static str,
    min: f64,
    max: f64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        min: Some(min),
        max: Some(max),
        help,
    }
}

/// A choice, set or flag parameter.
pub const fn choice(name: &'static str, default: &'static str, help: &'static str) -> ParamSpec {
    ParamSpec {
        name,
        default,
        min: None,
        max: None,
        help,
    }
}

/// Clamps parameters into range, noting every change for the level's diagnostics.
#[derive(Default)]
pub struct Clamp {
    pub notes: Vec<String>,
}

impl Clamp {
    /// `value` clamped to `[lo, hi]`.
    pub fn int(&mut self, name: &str, value: i32, lo: i32, hi: i32) -> i32 {
        let hi = hi.max(lo);
        let clamped = value.clamp(lo, hi);
        if clamped != value {
            self.notes.push(format!(
                "parameter {name} = {value} clamped to {clamped} (range {lo}–{hi})"
            ));
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
        self.notes
            .push(format!("parameter {name} = {v} made odd: {odd}"));
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
        if clamped != value {
            self.notes.push(format!(
                "parameter {name} = {value} clamped to {clamped} (range {lo}–{hi})"
            ));
        }
        clamped
    }
}
