//! The Rogue-grid generator's id, its parameters (§3.1) and the clamped [`Settings`] the passes use.
//!
//! A module of its own so that the passes ([`render`](super::render)) can read the settings without
//! importing the generator's root, which runs them; the root re-exports all of it, so the public paths
//! (`rogue_grid::RogueGridParams`, `rogue_grid::ID`, …) are unchanged.

use serde::{Deserialize, Serialize};

use crate::generate::params::{Clamp, ParamSpec, Widget, choice, numeric};
use crate::model::Diagnostic;

/// Generator id used in files and on the command line.
pub const ID: &str = "rogue_grid";

/// Where the walk starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// A grid cell drawn by the RNG.
    Random,
    /// This grid cell: column `i`, row `j` from the front.
    Cell {
        /// The column, 0 at the west.
        i: i32,
        /// The row, 0 at the front.
        j: i32,
    },
}

/// Which room gets the down-stairs (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExitRule {
    /// The walk's last cell (the reworded README and the Python).
    WalkEnd,
    /// The fill's last cell (Hughes), else the walk's end.
    LastAttached,
    /// The room deepest from the entrance, ties by the RNG.
    Deepest,
}

/// The parameters of §3.1. Out-of-range values are clamped when generating, and reported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RogueGridParams {
    /// Grid columns (1–16; Rogue itself uses 3).
    pub cells_x: i32,
    /// Grid rows (1–16; Rogue itself uses 3).
    pub cells_y: i32,
    /// Map cells per grid-cell side (6–20): the room, its walls and the gutter its corridors run in.
    pub cell_size: i32,
    /// Smallest room floor side in cells (at least 3).
    pub room_min: i32,
    /// Largest room floor side in cells, at most `cell_size − 3` so the walls and a gutter fit in the
    /// grid cell.
    pub room_max: i32,
    /// `None`: `⌊(cells_x + cells_y) / 4⌋`.
    pub extra_min: Option<i32>,
    /// `None`: `⌊(cells_x + cells_y) / 1.2⌋`.
    pub extra_max: Option<i32>,
    /// The grid cell the random walk starts from; its room has the up-stairs.
    pub start: Start,
    /// Which room gets the down-stairs.
    pub exit_rule: ExitRule,
    /// Chance that a corridor's end is a door rather than an open archway.
    pub door_cell_chance: f64,
}

impl Default for RogueGridParams {
    fn default() -> Self {
        RogueGridParams {
            cells_x: 5,
            cells_y: 4,
            cell_size: 9,
            room_min: 3,
            room_max: 6,
            extra_min: None,
            extra_max: None,
            start: Start::Random,
            exit_rule: ExitRule::WalkEnd,
            door_cell_chance: 1.0,
        }
    }
}

/// The parameters for the editor and the command line.
pub const PARAMS: &[ParamSpec] = &[
    numeric("cells_x", 1.0, 16.0, "Grid columns (Rogue uses 3).")
        .shown("Grid columns", "grid cells"),
    numeric("cells_y", 1.0, 16.0, "Grid rows (Rogue uses 3).").shown("Grid rows", "grid cells"),
    numeric("cell_size", 6.0, 20.0, "Map cells per grid cell side.")
        .shown("Grid cell size", "cells"),
    numeric("room_min", 3.0, 17.0, "Smallest room floor side.")
        .shown("Smallest room side", "cells"),
    numeric(
        "room_max",
        3.0,
        17.0,
        "Largest room floor side (at most cell_size − 3).",
    )
    .shown("Largest room side", "cells"),
    numeric(
        "extra_min",
        0.0,
        480.0,
        "Fewest extra links (loops); null: (cells_x + cells_y) / 4.",
    )
    .shown("Fewest extra corridors", "corridors")
    .edited(Widget::OptionalNumber),
    numeric(
        "extra_max",
        0.0,
        480.0,
        "Most extra links; null: (cells_x + cells_y) / 1.2.",
    )
    .shown("Most extra corridors", "corridors")
    .edited(Widget::OptionalNumber),
    choice(
        "start",
        "Walk start: Random, or {\"Cell\":{\"i\":0,\"j\":0}}.",
    )
    .shown("Walk start", ""),
    choice(
        "exit_rule",
        "Down-stairs room: WalkEnd (where the random walk ends), LastAttached (the last room \
         joined on, else the walk's end) or Deepest (the room farthest from the entrance).",
    )
    .shown("Down-stairs room", "")
    .edited(Widget::Pick(&["WalkEnd", "LastAttached", "Deepest"])),
    numeric(
        "door_cell_chance",
        0.0,
        1.0,
        "Chance that a corridor end is a door rather than an archway.",
    )
    .shown("Door cell chance", "share"),
];

/// Clamped parameters in the form the passes use.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Grid columns.
    pub cells_x: i32,
    /// Grid rows.
    pub cells_y: i32,
    /// Map cells per grid-cell side.
    pub cell_size: i32,
    /// Smallest room floor side, at most `room_max`.
    pub room_min: i32,
    /// Largest room floor side, at most `cell_size − 3`.
    pub room_max: i32,
    /// The range of extra links (loops) to draw, both ends inclusive, with the defaults filled in and
    /// clamped to the links the grid has free.
    pub extra: (i32, i32),
    /// The walk's start, its cell clamped into the grid.
    pub start: Start,
    /// Which room gets the down-stairs.
    pub exit_rule: ExitRule,
    /// Chance that a corridor's end is a door.
    pub door_cell_chance: f64,
}

impl RogueGridParams {
    /// The parameters clamped into range, with a note for each change.
    pub fn settings(&self) -> (Settings, Vec<Diagnostic>) {
        let mut c = Clamp::default();
        let cells_x = c.int("cells_x", self.cells_x, 1, 16);
        let cells_y = c.int("cells_y", self.cells_y, 1, 16);
        let cell_size = c.int("cell_size", self.cell_size, 6, 20);
        let room_min = c.int("room_min", self.room_min, 3, cell_size - 3);
        let room_max = c.int("room_max", self.room_max, room_min, cell_size - 3);
        let pairs = cells_x * (cells_y - 1) + cells_y * (cells_x - 1);
        let free = pairs - (cells_x * cells_y - 1);
        let sum = f64::from(cells_x + cells_y);
        let auto_min = (sum / 4.0).floor() as i32;
        let auto_max = (sum / 1.2).floor() as i32;
        let extra_min = c.int("extra_min", self.extra_min.unwrap_or(auto_min), 0, free);
        let extra_max = c.int(
            "extra_max",
            self.extra_max.unwrap_or(auto_max),
            extra_min,
            free.max(extra_min),
        );
        let start = match self.start {
            Start::Random => Start::Random,
            Start::Cell { i, j } => Start::Cell {
                i: c.int("start.i", i, 0, cells_x - 1),
                j: c.int("start.j", j, 0, cells_y - 1),
            },
        };
        let settings = Settings {
            cells_x,
            cells_y,
            cell_size,
            room_min,
            room_max,
            extra: (extra_min, extra_max),
            start,
            exit_rule: self.exit_rule,
            door_cell_chance: c.float("door_cell_chance", self.door_cell_chance, 0.0, 1.0),
        };
        (settings, c.notes)
    }
}
