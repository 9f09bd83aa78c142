//! The packed plan with its doors: what §2.3 yields before any cell is drawn.
//!
//! A module of its own so that [`locks`](super::locks) can check a plan without importing the
//! generator's root, which calls the locks; the root re-exports it as `packed_mansion::PackedPlan`.

use super::doors::Contact;
use super::plan::Plan;
use crate::model::Diagnostic;

/// The packed plan with its doors: everything before cells.
#[derive(Clone, Debug)]
pub struct PackedPlan {
    /// The packed placements.
    pub plan: Plan,
    /// Every pair of touching placements with its door decision, in sorted id order.
    pub contacts: Vec<Contact>,
    /// The placement of the Entrance Hall, or of the locked room standing in for it.
    pub entrance: usize,
    /// Doors the reachability fix added.
    pub fix_doors: usize,
    /// The front door's cell offset along the entrance's front wall (step 7), never on a square's
    /// corner.
    pub front_offset: i32,
    /// Notes on the plan (shortfalls, fix-ups, stand-ins), which the generator adds to the level's.
    pub diagnostics: Vec<Diagnostic>,
}
