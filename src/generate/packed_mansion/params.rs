//! The packed-mansion generator's id, its parameters (§2.1), the fitting positions and the clamped
//! [`Settings`] the passes use.
//!
//! A module of its own so that the passes ([`plan`](super::plan), [`locks`](super::locks),
//! [`render`](super::render)) can read them without importing the generator's root, which runs the
//! passes; the root re-exports all of it, so the public paths (`packed_mansion::PackedMansionParams`,
//! `packed_mansion::Placement`, …) are unchanged.

use serde::{Deserialize, Serialize};

use crate::generate::params::{Clamp, ParamSpec, Widget, choice, numeric};
use crate::model::Diagnostic;

/// Generator id used in files and on the command line.
pub const ID: &str = "packed_mansion";

/// Which fitting position a placement takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    /// Uniform among the fitting positions.
    Random,
    /// The most contact with used squares, ties uniform.
    Snug,
}

/// The parameters of §2.1. Out-of-range values are clamped when generating, and reported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PackedMansionParams {
    /// Plan grid width in squares (8–64): bounds the footprint.
    pub grid_w: i32,
    /// Plan grid depth in squares (8–64).
    pub grid_h: i32,
    /// Regular rooms wanted (1–60), hallways not counted; fewer are placed when the grid fills, more
    /// when locked rooms must be reached.
    pub target_rooms: i32,
    /// Smallest room side in squares (2–6).
    pub room_min_side: i32,
    /// Largest short side of a room in squares (at least `room_min_side`, at most 8).
    pub room_max_short: i32,
    /// Largest long side of a room in squares (at least `room_max_short`, at most 10).
    pub room_max_long: i32,
    /// Allowed hallway widths in squares, each 1–4; a hallway's width is drawn from these.
    pub hall_widths: Vec<i32>,
    /// A hallway is at least this many times as long as it is wide (2–4), which keeps it a hallway
    /// rather than a room.
    pub hall_min_length_factor: i32,
    /// Longest hallway in squares, at most the grid's longer side.
    pub hall_max_length: i32,
    /// Chance that a placement tries a hallway before a room.
    pub hall_chance: f64,
    /// `None`: `max(1, target_rooms / 4)`.
    pub max_halls: Option<i32>,
    /// Try seed squares touching two used squares (concave corners) first, which packs the building
    /// tightly.
    pub prefer_corners: bool,
    /// How a drawn size chooses among the positions where it fits.
    pub placement: Placement,
    /// Chance of a door between two touching rooms beyond those the rules require.
    pub room_door_chance: f64,
    /// Cells per plan square (2–4): walls run on the grid lines, so a square of `s` cells has `s − 1`
    /// of floor.
    pub tiles_per_square: i32,
    /// Cells of outside ground around the plan (1–8), where the outside patrols walk.
    pub outer_border: i32,
}

impl Default for PackedMansionParams {
    fn default() -> Self {
        PackedMansionParams {
            grid_w: 24,
            grid_h: 16,
            target_rooms: 10,
            room_min_side: 3,
            room_max_short: 5,
            room_max_long: 6,
            hall_widths: vec![2, 3],
            hall_min_length_factor: 2,
            hall_max_length: 12,
            hall_chance: 0.25,
            max_halls: None,
            prefer_corners: true,
            placement: Placement::Random,
            room_door_chance: 0.5,
            tiles_per_square: 2,
            outer_border: 3,
        }
    }
}

/// The parameters for the editor and the command line.
pub const PARAMS: &[ParamSpec] = &[
    numeric(
        "grid_w",
        8.0,
        64.0,
        "Plan grid width in squares: bounds the footprint.",
    )
    .shown("Plan width", "squares"),
    numeric("grid_h", 8.0, 64.0, "Plan grid depth in squares.").shown("Plan depth", "squares"),
    numeric(
        "target_rooms",
        1.0,
        60.0,
        "Regular rooms wanted (halls not counted).",
    )
    .shown("Target rooms", "rooms"),
    numeric("room_min_side", 2.0, 6.0, "Smallest room side in squares.")
        .shown("Smallest room side", "squares"),
    numeric("room_max_short", 2.0, 8.0, "Largest short side of a room.")
        .shown("Longest short side", "squares"),
    numeric("room_max_long", 2.0, 10.0, "Largest long side of a room.")
        .shown("Longest long side", "squares"),
    choice("hall_widths", "Allowed hallway widths (each 1–4).")
        .shown("Hallway widths", "squares")
        .edited(Widget::Set(&["1", "2", "3", "4"])),
    numeric(
        "hall_min_length_factor",
        2.0,
        4.0,
        "A hallway is at least this many times as long as wide.",
    )
    .shown("Hallway length factor", "× width"),
    numeric(
        "hall_max_length",
        2.0,
        64.0,
        "Longest hallway (also clamped to the grid).",
    )
    .shown("Longest hallway", "squares"),
    numeric(
        "hall_chance",
        0.0,
        1.0,
        "Chance that a placement tries a hallway first.",
    )
    .shown("Hallway chance", "share"),
    numeric(
        "max_halls",
        0.0,
        30.0,
        "Hallway cap without the Entrance Hall; null: target_rooms / 4.",
    )
    .shown("Most hallways", "hallways")
    .edited(Widget::OptionalNumber),
    choice(
        "prefer_corners",
        "Seed squares touching two used squares first: packs tightly.",
    )
    .shown("Prefer corners", "")
    .edited(Widget::Check),
    choice(
        "placement",
        "Fitting position: Random, or Snug (most contact).",
    )
    .shown("Placement", "")
    .edited(Widget::Pick(&["Random", "Snug"])),
    numeric(
        "room_door_chance",
        0.0,
        1.0,
        "Door chance between two touching rooms.",
    )
    .shown("Extra door chance", "share"),
    numeric("tiles_per_square", 2.0, 4.0, "Cells per plan square.")
        .shown("Cells per square", "cells"),
    numeric("outer_border", 1.0, 8.0, "Outside margin around the plan.")
        .shown("Outer border", "cells"),
];

/// Clamped parameters in the form the passes use.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Plan grid width in squares.
    pub grid_w: i32,
    /// Plan grid depth in squares.
    pub grid_h: i32,
    /// Regular rooms wanted.
    pub target_rooms: usize,
    /// Smallest room side.
    pub room_min_side: i32,
    /// Largest short room side, at least `room_min_side` and at most the grid's shorter side.
    pub room_max_short: i32,
    /// Largest long room side, at least `room_max_short`.
    pub room_max_long: i32,
    /// Allowed hallway widths, sorted and without repeats, those too wide for `hall_max_length`
    /// dropped; may be empty, which means no hallways.
    pub hall_widths: Vec<i32>,
    /// A hallway is at least this many times as long as wide.
    pub hall_min_length_factor: i32,
    /// Longest hallway, at least the shortest a hallway of the narrowest width can be.
    pub hall_max_length: i32,
    /// Chance that a placement tries a hallway first.
    pub hall_chance: f64,
    /// Hallways packing may add, the Entrance Hall not counted; `target_rooms / 4` (at least 1) by
    /// default.
    pub max_halls: usize,
    /// Whether concave-corner seed squares are tried first.
    pub prefer_corners: bool,
    /// How a drawn size chooses its position.
    pub placement: Placement,
    /// Chance of an extra door between two touching rooms.
    pub room_door_chance: f64,
    /// Cells per plan square (`tiles_per_square`), named `s` as in the spec.
    pub s: i32,
    /// Cells of outside ground around the plan.
    pub outer_border: i32,
}

impl PackedMansionParams {
    /// The parameters clamped into range, with a note for each change.
    pub fn settings(&self) -> (Settings, Vec<Diagnostic>) {
        let mut c = Clamp::default();
        let grid_w = c.int("grid_w", self.grid_w, 8, 64);
        let grid_h = c.int("grid_h", self.grid_h, 8, 64);
        let target_rooms = c.int("target_rooms", self.target_rooms, 1, 60);
        let room_min_side = c.int("room_min_side", self.room_min_side, 2, 6);
        let fit = grid_w.min(grid_h);
        let room_max_short = c.int(
            "room_max_short",
            self.room_max_short,
            room_min_side,
            8.min(fit),
        );
        let room_max_long = c.int(
            "room_max_long",
            self.room_max_long,
            room_max_short,
            10.min(fit),
        );
        let mut hall_widths: Vec<i32> = Vec::new();
        for &k in &self.hall_widths {
            let k = c.int("hall_widths", k, 1, 4);
            if !hall_widths.contains(&k) {
                hall_widths.push(k);
            }
        }
        hall_widths.sort_unstable();
        let factor = c.int("hall_min_length_factor", self.hall_min_length_factor, 2, 4);
        let longest = grid_w.max(grid_h);
        let min_len = factor * hall_widths.first().copied().unwrap_or(1);
        let hall_max_length = c.int(
            "hall_max_length",
            self.hall_max_length,
            min_len.min(longest),
            longest,
        );
        let fitting = hall_widths.len();
        hall_widths.retain(|&k| factor * k <= hall_max_length);
        if hall_widths.len() < fitting {
            c.notes
                .push(Diagnostic::HallWidthsDropped { hall_max_length });
        }
        let max_halls = match self.max_halls {
            Some(m) => c.int("max_halls", m, 0, 30),
            None => (target_rooms / 4).max(1),
        };
        let settings = Settings {
            grid_w,
            grid_h,
            target_rooms: target_rooms as usize,
            room_min_side,
            room_max_short,
            room_max_long,
            hall_widths,
            hall_min_length_factor: factor,
            hall_max_length,
            hall_chance: c.float("hall_chance", self.hall_chance, 0.0, 1.0),
            max_halls: max_halls as usize,
            prefer_corners: self.prefer_corners,
            placement: self.placement,
            room_door_chance: c.float("room_door_chance", self.room_door_chance, 0.0, 1.0),
            s: c.int("tiles_per_square", self.tiles_per_square, 2, 4),
            outer_border: c.int("outer_border", self.outer_border, 1, 8),
        };
        (settings, c.notes)
    }
}
