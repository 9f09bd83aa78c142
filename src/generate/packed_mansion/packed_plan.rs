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
    pub plan: Plan,
    pub contacts: Vec<Contact>,
    pub entrance: usize,
    /// Doors the reachability fix added.
    pub fix_doors: usize,
    pub front_offset: i32,
    pub diagnostics: Vec<Diagnostic>,
}
