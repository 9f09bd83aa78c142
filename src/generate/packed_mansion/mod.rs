//! The packed-mansion generator (`other-generators.md` §2, seed 003, `VectorStorm`'s "On the Construction of
//! Mansions"): rooms and hallways packed tightly on a plan grid from an Entrance Hall on the front edge,
//! preferring squares in concave corners, then doors by rule and chance and a reachability fix.
//!
//! Passes mirror the spec: [`plan::pack`] (§2.3 steps 1–4), [`doors::place_doors`] (steps 5–6), the
//! front door (step 7), [`render::render`] (§2.4), locks (§2.7) in [`locks`], then the shared finishing
//! pipeline.
//!
//! # Examples
//!
//! Building a packed mansion with its default parameters through the registry: rooms and halls packed
//! inside the walls, one front door, and guards from level 1 on:
//!
//! ```
//! use mansion_forge::analysis::validate::playability_errors;
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::generate::registry;
//! use mansion_forge::model::RoomKind;
//!
//! let kind = registry::find("packed-mansion").expect("a built-in generator");
//! let level = Recipe::for_game(&kind.defaults(), 2, 5).build().expect("builds");
//! assert_eq!((level.generator.as_str(), level.level), ("packed_mansion", 5));
//! assert!(level.exterior().is_some());
//! let count = |kind: RoomKind| level.rooms.iter().filter(|room| room.kind == kind).count();
//! assert_eq!(count(RoomKind::Exterior), 1);
//! assert!(count(RoomKind::Room) >= 2);
//! assert!(!level.guards.is_empty());
//! assert!(playability_errors(&level).is_empty());
//! ```

pub mod declaration;
pub mod doors;
pub mod figures;
pub mod locks;
mod packed_plan;
mod params;
pub mod plan;
pub mod render;

use crate::generate::passes::finish;
use crate::generate::rng::Stream;
use crate::generate::trace;
use crate::generate::{GenerateError, Generator, Request};
use crate::model::{Diagnostic, Level, LockedRoom, Placed};
pub use packed_plan::PackedPlan;
pub use params::{ID, PARAMS, PackedMansionParams, Placement, Settings};
use plan::Plan;

/// The packed-mansion generator with its parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackedMansion {
    /// The parameters as given; [`PackedMansionParams::settings`] clamps them for each generation.
    pub params: PackedMansionParams,
}

impl PackedMansion {
    /// §2.3 on its own: the plan and its doors, for the analysis figures and the tests.
    pub fn plan(&self, seed: u64, locks: &[LockedRoom]) -> Result<PackedPlan, GenerateError> {
        let (settings, _) = self.params.settings();
        build_plan(&settings, seed, locks)
    }
}

fn build_plan(
    settings: &Settings,
    seed: u64,
    locks: &[LockedRoom],
) -> Result<PackedPlan, GenerateError> {
    let mut plan = Plan::new(settings.grid_w, settings.grid_h);
    let fixed = locks::preplace(&mut plan, settings, locks)?;
    plan.kept_doors = fixed.iter().map(|&(a, b, _)| (a, b)).collect();
    plan.absorb_locked();
    let mut rng = Stream::new(seed, "plan");
    let mut diagnostics = Vec::new();
    if !plan::pack(&mut plan, settings, &mut rng) {
        let stand_in = locks::stand_in_entrance(&plan).ok_or_else(|| {
            GenerateError::LocksUnsatisfiable(
                "no room for the Entrance Hall on the front row and no locked room touches it"
                    .to_string(),
            )
        })?;
        plan.set_entrance(stand_in);
        diagnostics.push(Diagnostic::EntranceStandIn {
            placement: stand_in,
        });
        plan::pack(&mut plan, settings, &mut rng);
    }
    if plan.rooms > settings.target_rooms && !locks.is_empty() {
        diagnostics.push(Diagnostic::PastTarget {
            placed: plan.rooms,
            target: settings.target_rooms,
        });
    }
    if plan.rooms < settings.target_rooms {
        diagnostics.push(Diagnostic::Shortfall {
            what: Placed::Rooms,
            wanted: settings.target_rooms,
            placed: plan.rooms,
        });
    }
    let entrance = plan.entrance.unwrap_or(0);
    let mut contacts = doors::contacts(&plan);
    let mut rng = Stream::new(seed, "doors");
    let fix_doors = doors::place_doors(
        &plan,
        &mut contacts,
        &fixed,
        settings.room_door_chance,
        settings.s,
        &mut rng,
    );
    if fix_doors > 0 {
        diagnostics.push(Diagnostic::FixDoors { added: fix_doors });
    }
    let front_offset = doors::door_offset(plan.placements[entrance].w, settings.s, &mut rng);
    Ok(PackedPlan {
        plan,
        contacts,
        entrance,
        fix_doors,
        front_offset,
        diagnostics,
    })
}

impl Generator for PackedMansion {
    fn id(&self) -> &'static str {
        ID
    }

    /// The output version (see [`Generator::version`]).
    fn version(&self) -> u32 {
        1
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let (settings, notes) = self.params.settings();
        let packed = build_plan(&settings, request.seed, request.locks)?;
        locks::check_reachable(&packed)?;
        trace::mark("plan");
        let frame = render::Frame {
            s: settings.s,
            border: settings.outer_border,
        };
        let mut level = render::render(
            &packed.plan,
            &packed.contacts,
            packed.entrance,
            packed.front_offset,
            frame,
            request,
        );
        level.diagnostics.extend(notes);
        level.diagnostics.extend(packed.diagnostics);
        trace::mark("render");
        finish::finish(
            &mut level,
            Some(settings.outer_border),
            request.locks,
            request.rerolls,
        );
        Ok(level)
    }
}
