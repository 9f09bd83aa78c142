//! The siheyuan mansion generator of *Lurk Leap Loot* (7DRL 2023), after `siheyuan-mansion.md`.
//!
//! Each pass is a small named function mirroring one spec step, and each random step draws from its own
//! stream of the level seed (see [`crate::generate::rng`]), so re-rolling one step leaves the others alone.
//! Deliberate deviations from the original, each also noted where it happens:
//! - wall glyphs are derived when drawing instead of stored (§5.11 is purely cosmetic);
//! - the random source is seeded and split into per-step streams (§6 recommends this for an editor), or in
//!   the exact 2023 mode ([`generate_from`]) one game-wide mulberry32 stream, drawn in the original's order;
//! - the path walk is capped, where the original could in theory loop forever (§10 quirk 10);
//! - locked rooms constrain the steps ([`locks`]); without locks the output is the original algorithm's.

pub mod declaration;
pub mod doors;
pub mod dressing;
pub mod exact;
pub mod game;
pub mod layout;
pub mod locks;
pub mod regions;

use crate::generate::passes::kept_patrols::KeptPatrols;
use crate::generate::passes::{loot, patrols};
use crate::generate::rng::{Stream, Streams};
use crate::generate::{GenerateError, Generator, Request, Rerolls, Step};
use crate::model::{Cell, Diagnostic, Entrance, Level, LockedRoom, Placed, Plan, RoomId, Terrain};
use layout::OUTER_BORDER;
use locks::Constraints;
use regions::{EXTERIOR, slot_region};

/// Generator id used in files and on the command line.
pub const ID: &str = "siheyuan";
/// The output version (see [`Generator::version`]).
const VERSION: u32 = 1;

/// The siheyuan generator for one mansion plan.
#[derive(Clone, Copy, Debug)]
pub struct Siheyuan {
    /// The mansion's room-grid size and loot budget, from the campaign.
    pub plan: Plan,
}

impl Generator for Siheyuan {
    fn id(&self) -> &'static str {
        ID
    }

    fn version(&self) -> u32 {
        VERSION
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        generate_locked(self.plan, request)
    }

    /// A pinned slot keeps its room, its mirror partner and the wall lines around both.
    fn lock_covers(
        &self,
        level: &Level,
        locks: &[LockedRoom],
        room: Option<RoomId>,
        cell: Option<Cell>,
    ) -> bool {
        Constraints::new(self.plan, locks)
            .is_ok_and(|c| locks::in_pinned_slot(&c, level, room, cell))
    }
}

/// Generates one mansion from its plan, level number and level seed.
pub fn generate(plan: Plan, level_index: u32, seed: u64) -> Level {
    let mut streams = Streams::PerStep {
        seed,
        rerolls: Rerolls::default(),
    };
    match build(plan, level_index, seed, &mut streams, None) {
        Ok(level) => level,
        Err(reason) => unreachable_without_locks(reason),
    }
}

/// Generates one mansion drawing every step from `stream` in the original's order, as the original draws
/// from `Math.random` (the exact 2023 mode, [`exact`]); returns it with each step's
/// name and the mansion's cumulative draws at its end. `seed` is only recorded in the level.
pub fn generate_from(
    plan: Plan,
    level_index: u32,
    seed: u64,
    stream: &mut Stream,
) -> (Level, Vec<(&'static str, u64)>) {
    let mut streams = Streams::shared(stream);
    let level = match build(plan, level_index, seed, &mut streams, None) {
        Ok(level) => level,
        Err(reason) => unreachable_without_locks(reason),
    };
    (level, streams.marks().to_vec())
}

/// Without locks every step is total; a message here would mean a bug, so report it in the level rather
/// than panic.
fn unreachable_without_locks(reason: String) -> Level {
    let mut level = empty_level(
        Plan {
            rooms_x: 0,
            rooms_y: 0,
            loot: 0,
        },
        0,
        0,
        1,
        1,
    );
    level
        .diagnostics
        .push(Diagnostic::GenerationFailed { reason });
    level
}

/// Generates one mansion keeping `locks` (see [`locks`]): one attempt; `edit::rebuild` retries.
pub fn generate_locked(plan: Plan, request: &Request) -> Result<Level, GenerateError> {
    let constraints = if request.locks.is_empty() {
        None
    } else {
        Some(Constraints::new(plan, request.locks).map_err(GenerateError::LocksUnsatisfiable)?)
    };
    let mut streams = Streams::PerStep {
        seed: request.seed,
        rerolls: request.rerolls,
    };
    build(
        plan,
        request.level,
        request.seed,
        &mut streams,
        constraints.as_ref(),
    )
    .map_err(GenerateError::LocksUnsatisfiable)
}

/// The pipeline of spec §4, with lock hooks when `constraints` is given, drawing from `streams` (each
/// step marked with the name the exact-mode vectors give it).
fn build(
    plan: Plan,
    level_index: u32,
    seed: u64,
    streams: &mut Streams,
    constraints: Option<&Constraints>,
) -> Result<Level, String> {
    let (rooms_x, rooms_y) = (plan.rooms_x.max(1), plan.rooms_y.max(1));
    let mut mask = layout::courtyard_mask(rooms_x, rooms_y, &mut streams.step("mask"));
    streams.mark("room_grid");
    let pins = constraints.map(Constraints::pins).unwrap_or_default();
    if let Some(c) = constraints {
        c.apply_to_mask(rooms_y, &mut mask);
    }
    let layout = layout::offset_walls(rooms_x, rooms_y, mask, &pins, &mut streams.step("offsets"))?;
    streams.mark("wall_offsets");

    let mut level = empty_level(plan, level_index, seed, layout.width, layout.height);
    layout::plot_walls(&layout, &mut level);

    level.rooms = regions::build_regions(&layout);
    let mut segs = regions::build_segments(&layout);
    let door_pins = match constraints {
        Some(c) => locks::door_pins(c, &level, &segs)?,
        None => locks::DoorPins::new(),
    };
    let sets = regions::edge_sets(&segs);
    let shuffled = doors::connect_regions(
        &level.rooms,
        &mut segs,
        sets,
        &door_pins,
        &mut streams.step("doors"),
    );
    streams.mark("doors");
    let front_door = doors::place_front_door(&mut segs, &shuffled, &door_pins);
    let forced = constraints
        .map(|c| locks::forced_privacy(c, &level))
        .unwrap_or_default();
    doors::assign_depths_and_kinds(&layout, &mut level.rooms, &segs, &forced)?;
    level.adjacencies = segs;
    streams.mark("room_types");

    dressing::dress_walls(&mut level, &door_pins, &mut streams.step("dressing"));
    streams.mark("walls_windows_doors");
    if let Some(c) = constraints {
        locks::paste_rings(c, &mut level, &layout);
    }
    let locked = constraints
        .map(|c| c.locked_regions(&layout))
        .unwrap_or_default();
    dressing::furnish_regions(
        &mut level,
        &mut streams.rerolled(Step::Furniture, "furniture"),
    );
    streams.mark("furniture");
    dressing::dress_exterior(&mut level, &mut streams.step("exterior"));
    streams.mark("exterior");
    let mut budget = plan.loot as usize;
    if let Some(c) = constraints {
        locks::paste_rooms(c, &mut level);
        budget = budget.saturating_sub(locks::locked_coins(c));
    }
    let placed = loot::place_loot(
        &mut level,
        budget,
        &locked,
        &mut streams.rerolled(Step::Loot, "loot"),
    );
    streams.mark("loot");
    if placed < budget {
        level.diagnostics.push(Diagnostic::Shortfall {
            what: Placed::Loot,
            wanted: budget,
            placed,
        });
    }
    let locks = constraints.map_or(&[][..], |c| c.locked.as_slice());
    let kept = KeptPatrols::resolve(&level, locks);
    patrols::build_patrols(
        &mut level,
        &mut streams.rerolled(Step::Patrols, "patrols"),
        kept.held(),
        locks,
    );
    streams.mark("patrols");
    patrols::place_guards(&mut level, &mut streams.rerolled(Step::Patrols, "guards"));
    streams.mark("guards");
    kept.restore(&mut level);

    set_entrance(&mut level, &layout, front_door)?;
    collect_exterior_cells(&mut level);
    Ok(level)
}

/// 5.5 e's entrance: the front door's room and cell, the player start before it and the depth seeds (the
/// front row of slots).
fn set_entrance(
    level: &mut Level,
    layout: &layout::Layout,
    front_door: Option<(usize, Cell)>,
) -> Result<(), String> {
    let depth_seeds = (0..layout.rooms_x)
        .map(|rx| slot_region(layout, rx, 0))
        .collect();
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
        None => return Err("no south-wall segment can take the front door".to_string()),
    };
    Ok(())
}

/// A blank siheyuan level: outdoor ground, its plan, the exterior as region 0.
fn empty_level(plan: Plan, level_index: u32, seed: u64, width: i32, height: i32) -> Level {
    let mut level = Level::blank(ID, level_index, seed, (width, height), Terrain::Ground);
    level.plan = Some(plan);
    level.entrance.exterior = Some(EXTERIOR);
    level
}

/// The exterior region's cells: everything outside the walled footprint that is not masonry, x outer and
/// y inner.
fn collect_exterior_cells(level: &mut Level) {
    let (w, h) = (level.width, level.height);
    let footprint_x = OUTER_BORDER..=w - 1 - OUTER_BORDER;
    let footprint_y = OUTER_BORDER..=h - 1 - OUTER_BORDER;
    let mut cells = Vec::new();
    let mut take = |x: i32, ys: std::ops::Range<i32>| {
        for y in ys {
            let c = Cell::new(x, y);
            if !level.terrain(c).is_blocking() {
                cells.push(c);
            }
        }
    };
    for x in 0..w {
        // Within the footprint's columns only the bands below and above it are outside.
        if footprint_x.contains(&x) && !footprint_y.is_empty() {
            take(x, 0..*footprint_y.start());
            take(x, footprint_y.end() + 1..h);
        } else {
            take(x, 0..h);
        }
    }
    level.rooms[EXTERIOR].cells = cells;
}
