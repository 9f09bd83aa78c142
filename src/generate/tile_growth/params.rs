//! The tile-growth generator's id, its parameters (§1.1), the module types and the clamped [`Settings`]
//! the passes use.
//!
//! A module of its own so that the passes ([`growth`](super::growth), [`locks`](super::locks),
//! [`render`](super::render)) can read them without importing the generator's root, which runs the
//! passes; the root re-exports all of it, so the public paths (`tile_growth::TileGrowthParams`,
//! `tile_growth::ModuleType`, …) are unchanged.

use serde::{Deserialize, Serialize};

use crate::generate::params::{Clamp, ParamSpec, Widget, choice, numeric};
use crate::model::Diagnostic;

/// Generator id used in files and on the command line.
pub const ID: &str = "tile_growth";

/// The five weight groups of module types (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModuleType {
    /// No way out beyond the door it was entered by: growth ends here.
    DeadEnd,
    /// One way out, straight ahead: long corridors.
    Straight,
    /// One way out, to the left or the right.
    Turn,
    /// Two ways out: mazes.
    Branch,
    /// Three ways out: open rooms (by default a chamber type, with the dead end).
    Cross,
}

/// Column of the root module on the front row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RootColumn {
    /// The middle column (the eastern of the two middle ones for an even width).
    Center,
    /// A column drawn by the RNG.
    Random,
}

/// The parameters of §1.1. Out-of-range values are clamped when generating, and reported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TileGrowthParams {
    /// Module grid width in modules (3–32): the most modules a row can hold.
    pub modules_x: i32,
    /// Module grid depth in modules (3–32).
    pub modules_y: i32,
    /// Cells per module side, odd (5–11) so a door and a corridor centre on a cell; neighbours share
    /// their walls.
    pub module_size: i32,
    /// Passage width in corridor modules, odd and at most `module_size − 4` so walls stand on both
    /// sides.
    pub corridor_width: i32,
    /// Weight of dead-end modules (0–10).
    pub w_dead_end: u32,
    /// Weight of straight modules (0–10): long corridors.
    pub w_straight: u32,
    /// Weight of turning modules (0–10).
    pub w_turn: u32,
    /// Weight of two-way branches (0–10): mazes.
    pub w_branch: u32,
    /// Weight of three-way crossings (0–10): rooms.
    pub w_cross: u32,
    /// Module types drawn as open chambers; the other types are drawn as corridors.
    pub chamber_types: Vec<ModuleType>,
    /// Share of the grid that must be built; closed growth is reopened until it is.
    pub min_fill: f64,
    /// Share of the grid at which growth stops (at least `min_fill`).
    pub max_fill: f64,
    /// Where on the front row the root module, with the front door, stands.
    pub root_column: RootColumn,
    /// Chance to open a door between neighbouring modules after growth, which adds loops.
    pub extra_link_chance: f64,
    /// Cells of outside ground around the module grid (1–8), where the outside patrols walk.
    pub outer_border: i32,
}

impl Default for TileGrowthParams {
    fn default() -> Self {
        TileGrowthParams {
            modules_x: 12,
            modules_y: 9,
            module_size: 5,
            corridor_width: 1,
            w_dead_end: 1,
            w_straight: 3,
            w_turn: 2,
            w_branch: 2,
            w_cross: 1,
            chamber_types: vec![ModuleType::Cross, ModuleType::DeadEnd],
            min_fill: 0.5,
            max_fill: 1.0,
            root_column: RootColumn::Center,
            extra_link_chance: 0.0,
            outer_border: 3,
        }
    }
}

/// The parameters for the editor and the command line.
pub const PARAMS: &[ParamSpec] = &[
    numeric("modules_x", 3.0, 32.0, "Module grid width (its capacity).")
        .shown("Modules across", "modules"),
    numeric("modules_y", 3.0, 32.0, "Module grid depth (its capacity).")
        .shown("Modules deep", "modules"),
    numeric(
        "module_size",
        5.0,
        11.0,
        "Cells per module side (odd); neighbours share walls.",
    )
    .shown("Module size", "cells"),
    numeric(
        "corridor_width",
        1.0,
        7.0,
        "Passage width in corridor modules (odd, at most module_size − 4).",
    )
    .shown("Corridor width", "cells"),
    numeric("w_dead_end", 0.0, 10.0, "Weight of modules with no out.")
        .shown("Weight: dead end", ""),
    numeric(
        "w_straight",
        0.0,
        10.0,
        "Weight of modules with one out straight ahead: long corridors.",
    )
    .shown("Weight: straight", ""),
    numeric(
        "w_turn",
        0.0,
        10.0,
        "Weight of modules with one out to the left or right.",
    )
    .shown("Weight: turn", ""),
    numeric(
        "w_branch",
        0.0,
        10.0,
        "Weight of modules with two outs: mazes.",
    )
    .shown("Weight: branch", ""),
    numeric(
        "w_cross",
        0.0,
        10.0,
        "Weight of modules with three outs: rooms.",
    )
    .shown("Weight: cross", ""),
    choice(
        "chamber_types",
        "Module types drawn as open chambers; the others are corridors.",
    )
    .shown("Chamber module types", "")
    .edited(Widget::Set(&[
        "dead_end", "straight", "turn", "branch", "cross",
    ])),
    numeric(
        "min_fill",
        0.0,
        1.0,
        "At least this share of the grid is built (closed growth is reopened).",
    )
    .shown("Minimum fill", "share of grid"),
    numeric(
        "max_fill",
        0.0,
        1.0,
        "Growth stops at this share of the grid.",
    )
    .shown("Maximum fill", "share of grid"),
    choice(
        "root_column",
        "Column of the root on the front row: Center or Random.",
    )
    .shown("Root column", "")
    .edited(Widget::Pick(&["Center", "Random"])),
    numeric(
        "extra_link_chance",
        0.0,
        1.0,
        "Chance to link neighbouring modules after growth (loops).",
    )
    .shown("Extra link chance", "share"),
    numeric(
        "outer_border",
        1.0,
        8.0,
        "Ring of outside ground around the module grid.",
    )
    .shown("Outer border", "cells"),
];

/// Clamped parameters in the form the passes use.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Module grid width.
    pub modules_x: i32,
    /// Module grid depth.
    pub modules_y: i32,
    /// Cells per module side, odd.
    pub module_size: i32,
    /// Corridor passage width, odd and at most `module_size − 4`.
    pub corridor_width: i32,
    /// Non-empty and with a positive total.
    pub weights: Vec<(ModuleType, u32)>,
    /// Module types drawn as open chambers.
    pub chamber_types: Vec<ModuleType>,
    /// Modules growth must reach, from `min_fill` rounded up (at most `max_modules`).
    pub min_modules: usize,
    /// Modules at which growth stops, from `max_fill` rounded down (at least 1).
    pub max_modules: usize,
    /// Where the root module stands on the front row.
    pub root_column: RootColumn,
    /// Chance of a door between neighbouring modules after growth.
    pub extra_link_chance: f64,
    /// Cells of outside ground around the module grid.
    pub outer_border: i32,
}

/// A weight as a signed number for clamping; huge values saturate instead of wrapping.
fn saturate(weight: u32) -> i32 {
    i32::try_from(weight).unwrap_or(i32::MAX)
}

impl TileGrowthParams {
    /// The parameters clamped into range, with a note for each change.
    pub fn settings(&self) -> (Settings, Vec<Diagnostic>) {
        let mut c = Clamp::default();
        let modules_x = c.int("modules_x", self.modules_x, 3, 32);
        let modules_y = c.int("modules_y", self.modules_y, 3, 32);
        let module_size = c.odd("module_size", self.module_size, 5, 11);
        let corridor_width = c.odd("corridor_width", self.corridor_width, 1, module_size - 4);
        let mut weights = vec![
            (
                ModuleType::DeadEnd,
                c.int("w_dead_end", saturate(self.w_dead_end), 0, 10) as u32,
            ),
            (
                ModuleType::Straight,
                c.int("w_straight", saturate(self.w_straight), 0, 10) as u32,
            ),
            (
                ModuleType::Turn,
                c.int("w_turn", saturate(self.w_turn), 0, 10) as u32,
            ),
            (
                ModuleType::Branch,
                c.int("w_branch", saturate(self.w_branch), 0, 10) as u32,
            ),
            (
                ModuleType::Cross,
                c.int("w_cross", saturate(self.w_cross), 0, 10) as u32,
            ),
        ];
        if weights.iter().all(|(_, w)| *w == 0) {
            c.notes.push(Diagnostic::DefaultWeights);
            let d = TileGrowthParams::default();
            weights = vec![
                (ModuleType::DeadEnd, d.w_dead_end),
                (ModuleType::Straight, d.w_straight),
                (ModuleType::Turn, d.w_turn),
                (ModuleType::Branch, d.w_branch),
                (ModuleType::Cross, d.w_cross),
            ];
        }
        let min_fill = c.float("min_fill", self.min_fill, 0.0, 1.0);
        let max_fill = c.float("max_fill", self.max_fill, min_fill, 1.0);
        let capacity = f64::from(modules_x * modules_y);
        // Both fills round outward; when they meet inside one module count, the cap wins.
        let max_modules = ((max_fill * capacity).floor() as usize).max(1);
        let min_modules = ((min_fill * capacity).ceil() as usize).min(max_modules);
        let settings = Settings {
            modules_x,
            modules_y,
            module_size,
            corridor_width,
            weights,
            chamber_types: self.chamber_types.clone(),
            min_modules,
            max_modules,
            root_column: self.root_column,
            extra_link_chance: c.float("extra_link_chance", self.extra_link_chance, 0.0, 1.0),
            outer_border: c.int("outer_border", self.outer_border, 1, 8),
        };
        (settings, c.notes)
    }
}
