//! The siheyuan mansion generator of *Lurk Leap Loot* (7DRL 2023), after `siheyuan-mansion.md`.
//!
//! Each pass is a small named function mirroring one spec step, and each random step draws from its own
//! stream of the level seed (see [`crate::generate::rng`]), so re-rolling one step leaves the others alone.
//! Deliberate deviations from the original, each also noted where it happens:
//! - wall glyphs are derived when drawing instead of stored (§5.11 is purely cosmetic);
//! - the random source is seeded and split into per-step streams (§6 recommends this for an editor);
//! - the path walk is capped, where the original could in theory loop forever (§10 quirk 10).

pub mod doors;
pub mod dressing;
pub mod layout;
pub mod regions;

use crate::generate::passes::{loot, patrols};
use crate::generate::rng::Stream;
use crate::generate::{GenerateError, Generator, Request};
use crate::model::{Cell, Entrance, Level, Plan, Terrain};
use layout::OUTER_BORDER;
use regions::{EXTERIOR, slot_region};

/// Generator id used in files and on the command line.
pub const ID: &str = "siheyuan";

/// The siheyuan generator for one mansion plan.
#[derive(Clone, Copy, Debug)]
pub struct Siheyuan {
    pub plan: Plan,
}

impl Generator for Siheyuan {
    fn id(&self) -> &'static str {
        ID
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        if !request.locks.is_empty() {
            return Err(GenerateError::LocksUnsatisfiable(
                "locks are not supported by this generator yet".to_string(),
            ));
        }
        Ok(generate(self.plan, request.level, request.seed))
    }
}

/// Generates one mansion from its plan, level number and level seed.
pub fn generate(plan: Plan, level_index: u32, seed: u64) -> Level {
    let stream = |tag: &str| Stream::new(seed, tag);
    let (rooms_x, rooms_y) = (plan.rooms_x.max(1), plan.rooms_y.max(1));
    let mask = layout::courtyard_mask(rooms_x, rooms_y, &mut stream("mask"));
    let layout = layout::offset_walls(rooms_x, rooms_y, mask, &mut stream("offsets"));

    let mut level = empty_level(plan, level_index, seed, layout.width, layout.height);
    layout::plot_walls(&layout, &mut level);

    let mut rooms = regions::build_regions(&layout);
    let mut segs = regions::build_segments(&layout);
    let sets = regions::edge_sets(&segs);
    let shuffled = doors::connect_regions(&rooms, &mut segs, sets, &mut stream("doors"));
    let front_door = doors::place_front_door(&mut segs, &shuffled);
    doors::assign_depths_and_kinds(&layout, &mut rooms, &segs);
    level.rooms = rooms;
    level.adjacencies = segs;

    dressing::dress_walls(&mut level, &mut stream("dressing"));
    dressing::furnish_regions(&mut level, &mut stream("furniture"));
    dressing::dress_exterior(&mut level, &mut stream("exterior"));
    let placed = loot::place_loot(&mut level, plan.loot as usize, &mut stream("loot"));
    if placed < plan.loot as usize {
        level.diagnostics.push(format!(
            "{} loot wanted, {placed} placed: no free floor left",
            plan.loot
        ));
    }
    patrols::build_patrols(&mut level, &mut stream("patrols"));
    patrols::place_guards(&mut level, &mut stream("guards"));

    let depth_seeds = (0..rooms_x).map(|rx| slot_region(&layout, rx, 0)).collect();
    level.entrance = match front_door {
        Some((seg, start)) => {
            let adj = &level.adjacencies[seg];
            let room = if adj.left == EXTERIOR {
                adj.right
            } else {
                adj.left
            };
            let cell = adj.door_cells.first().copied().unwrap_or(start);
            level.player_start = start;
            Entrance {
                room,
                cell,
                exterior: Some(EXTERIOR),
                depth_seeds,
                exit_cell: None,
            }
        }
        None => {
            level
                .diagnostics
                .push("no south-wall segment for the front door".to_string());
            Entrance {
                room: EXTERIOR,
                cell: level.player_start,
                exterior: Some(EXTERIOR),
                depth_seeds,
                exit_cell: None,
            }
        }
    };
    collect_exterior_cells(&mut level);
    level
}

fn empty_level(plan: Plan, level_index: u32, seed: u64, width: i32, height: i32) -> Level {
    Level {
        generator: ID.to_string(),
        level: level_index,
        seed,
        plan: Some(plan),
        width,
        height,
        terrain: vec![Terrain::Ground; (width * height) as usize],
        rooms: Vec::new(),
        adjacencies: Vec::new(),
        items: Vec::new(),
        patrols: Vec::new(),
        guards: Vec::new(),
        split_points: Vec::new(),
        player_start: Cell::new(width / 2, OUTER_BORDER - 1),
        entrance: Entrance {
            room: EXTERIOR,
            cell: Cell::new(0, 0),
            exterior: Some(EXTERIOR),
            depth_seeds: Vec::new(),
            exit_cell: None,
        },
        diagnostics: Vec::new(),
    }
}

/// The exterior region's cells: everything outside the walled footprint that is not masonry.
fn collect_exterior_cells(level: &mut Level) {
    let (w, h) = (level.width, level.height);
    let inside_footprint = |c: Cell| {
        c.x >= OUTER_BORDER
            && c.x <= w - 1 - OUTER_BORDER
            && c.y >= OUTER_BORDER
            && c.y <= h - 1 - OUTER_BORDER
    };
    let cells = level
        .all_cells()
        .filter(|&c| !inside_footprint(c) && !level.terrain(c).is_blocking())
        .collect();
    level.rooms[EXTERIOR].cells = cells;
}
