//! The Rogue-grid generator (`other-generators.md` §3, seed 004, after Mark Damon Hughes' description of
//! Rogue): a grid of cells linked by a random walk, a fill and a few loops; a room per cell, a gutter Z
//! corridor per link, and stairs in the walk's first cell and (by default) its last.
//!
//! Passes mirror the spec: [`links::draw_links`] (§3.2 steps 1–5), [`render::draw_rooms`] (step 6),
//! [`render::render`] (step 7 and §3.3), [`place_stairs`] (step 8), then the shared finishing pipeline.
//! A dungeon has no outside: `exterior` is `None`, so there are no outside patrols.

pub mod declaration;
pub mod links;
pub mod render;

use serde::{Deserialize, Serialize};

use crate::generate::params::{Clamp, ParamSpec, Widget, choice, numeric};
use crate::generate::passes::finish;
use crate::generate::rng::Stream;
use crate::generate::{GenerateError, Generator, Request};
use crate::model::topology::depths;
use crate::model::{Cell, Entrance, ItemKind, Level, Terrain};
use links::Links;

/// Generator id used in files and on the command line.
pub const ID: &str = "rogue_grid";

/// Where the walk starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    Random,
    Cell { i: i32, j: i32 },
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
    pub cells_x: i32,
    pub cells_y: i32,
    pub cell_size: i32,
    pub room_min: i32,
    pub room_max: i32,
    /// `None`: `⌊(cells_x + cells_y) / 4⌋`.
    pub extra_min: Option<i32>,
    /// `None`: `⌊(cells_x + cells_y) / 1.2⌋`.
    pub extra_max: Option<i32>,
    pub start: Start,
    pub exit_rule: ExitRule,
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
    .shown("Fewest extra corridors", "corridors"),
    numeric(
        "extra_max",
        0.0,
        480.0,
        "Most extra links; null: (cells_x + cells_y) / 1.2.",
    )
    .shown("Most extra corridors", "corridors"),
    choice(
        "start",
        "Walk start: Random, or {\"Cell\":{\"i\":0,\"j\":0}}.",
    )
    .shown("Walk start", ""),
    choice(
        "exit_rule",
        "Down-stairs room: WalkEnd, LastAttached or Deepest.",
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
    pub cells_x: i32,
    pub cells_y: i32,
    pub cell_size: i32,
    pub room_min: i32,
    pub room_max: i32,
    pub extra: (i32, i32),
    pub start: Start,
    pub exit_rule: ExitRule,
    pub door_cell_chance: f64,
}

impl RogueGridParams {
    /// The parameters clamped into range, with a note for each change.
    pub fn settings(&self) -> (Settings, Vec<String>) {
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

/// The Rogue-grid generator with its parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RogueGrid {
    pub params: RogueGridParams,
}

impl RogueGrid {
    /// Steps 1–5 on their own, for the tests.
    pub fn links(&self, seed: u64) -> Links {
        let (settings, _) = self.params.settings();
        draw(&settings, seed)
    }
}

fn draw(settings: &Settings, seed: u64) -> Links {
    let mut rng = Stream::new(seed, "links");
    let start = match settings.start {
        Start::Random => (
            rng.below_i32(settings.cells_x),
            rng.below_i32(settings.cells_y),
        ),
        Start::Cell { i, j } => (i, j),
    };
    links::draw_links(
        settings.cells_x,
        settings.cells_y,
        start,
        settings.extra,
        &mut rng,
    )
}

impl Generator for RogueGrid {
    fn id(&self) -> &'static str {
        ID
    }

    /// The output version (see [`Generator::version`]).
    fn version(&self) -> u32 {
        1
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let (settings, notes) = self.params.settings();
        let links = draw(&settings, request.seed);
        let mut rng = Stream::new(request.seed, "rooms");
        let floors = render::draw_rooms(&settings, request.locks, &mut rng)?;
        let mut level = render::render(&settings, &links, &floors, request, &mut rng);
        level.diagnostics.extend(notes);
        if settings.cells_x * settings.cells_y == 1 {
            level
                .diagnostics
                .push("a 1×1 grid: both stairs are in the one room".to_string());
        }
        set_entrance(&mut level, &settings, &links);
        finish::finish(&mut level, None, request.locks, request.rerolls);
        place_stairs(&mut level, &settings, &links)?;
        Ok(level)
    }
}

/// The room of grid cell `(i, j)`: rooms are in row-major cell order.
fn room_of(settings: &Settings, (i, j): (i32, i32)) -> usize {
    (j * settings.cells_x + i) as usize
}

/// §3.3 entrance: `first`'s room seeds the depth; there is no exterior. The stairs come after furnishing.
fn set_entrance(level: &mut Level, settings: &Settings, links: &Links) {
    let first = room_of(settings, links.first());
    level.entrance = Entrance {
        room: first,
        cell: Cell::new(0, 0),
        exterior: None,
        depth_seeds: vec![first],
        exit_cell: None,
    };
}

/// A floor cell of room `r` not orthogonally next to a door cell (the room's corridor ends), avoiding
/// `taken`; uniform by the RNG. Stairs go in after furnishing, so they also avoid pillars, pools and
/// furniture (coins may stay: the player picks them up).
fn stairs_cell(level: &Level, r: usize, taken: Option<Cell>, rng: &mut Stream) -> Option<Cell> {
    let doors: Vec<Cell> = level
        .adjacencies_of(r)
        .filter_map(|(_, a)| a.door_cell_for(r))
        .collect();
    let clear = |c: Cell| {
        let t = level.terrain(c);
        let walkable = !t.is_blocking() && t != Terrain::Water;
        walkable && level.item_at(c).is_none_or(|i| i.kind == ItemKind::Coin)
    };
    let free: Vec<Cell> = level.rooms[r]
        .cells
        .iter()
        .copied()
        .filter(|&c| Some(c) != taken && clear(c))
        .filter(|c| c.neighbours4().iter().all(|n| !doors.contains(n)))
        .collect();
    (!free.is_empty()).then(|| free[rng.below(free.len())])
}

/// Step 8: up-stairs in `first`'s room, down-stairs in the room the exit rule picks.
fn place_stairs(
    level: &mut Level,
    settings: &Settings,
    links: &Links,
) -> Result<(), GenerateError> {
    let mut rng = Stream::new(level.seed, "stairs");
    let room_of = |cell: (i32, i32)| room_of(settings, cell);
    let first = room_of(links.first());
    let exit = match settings.exit_rule {
        ExitRule::WalkEnd => room_of(links.walk_end()),
        ExitRule::LastAttached => room_of(links.last_attached.unwrap_or(links.walk_end())),
        ExitRule::Deepest => {
            let depth = depths(level);
            let deepest = depth.iter().flatten().copied().max().unwrap_or(1);
            let rooms: Vec<usize> = (0..depth.len())
                .filter(|&r| depth[r] == Some(deepest))
                .collect();
            rooms[rng.below(rooms.len())]
        }
    };
    let up = stairs_cell(level, first, None, &mut rng);
    let down = up.and_then(|u| stairs_cell(level, exit, Some(u), &mut rng));
    let (Some(up), Some(down)) = (up, down) else {
        return Err(GenerateError::LocksUnsatisfiable(
            "no free floor cell for the stairs away from the doors (locked furniture fills it)"
                .to_string(),
        ));
    };
    level.entrance.cell = up;
    level.entrance.exit_cell = Some(down);
    level.player_start = up;
    Ok(())
}
