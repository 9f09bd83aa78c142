//! Validation findings shown in the editor's validation panel.
//!
//! A deliberately simple list (`message`, optional cell, optional room) computed from the existing analysis,
//! so the panel can later be fed by the full invariant validator without changing its shape.

use crate::analysis::{depths, patrol_metrics, reachability, room_of_cell};
use crate::app::panels::note_words::note_words;
use crate::model::topology::{move_costs, starts_onto_route};
use crate::model::{Cell, Level, RoomId, RoomKind};

/// How serious a finding is, for its icon and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The level is broken for play: a cell or room cannot be reached, a guard has no route.
    Error,
    /// Playable but likely not what the designer wants: missing loot, an unpatrolled room.
    Warning,
    /// A remark the generator made while building the level (one of `Level::diagnostics`).
    Note,
}

/// One problem or remark about the level, with where to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// How serious it is; the list is sorted by it, errors first.
    pub severity: Severity,
    /// The finding in a sentence, as the panel shows it.
    pub message: String,
    /// The cell to centre the map on when the finding is clicked, if it has one.
    pub cell: Option<Cell>,
    /// The room the finding is about, selected when it is clicked, if any.
    pub room: Option<RoomId>,
    /// Whether it says that room is not patrolled: what a lock keeping new guards out may mean on
    /// purpose, which the panel then says instead of warning.
    pub unpatrolled: bool,
}

impl Finding {
    fn new(severity: Severity, message: String, cell: Option<Cell>, room: Option<RoomId>) -> Self {
        Finding {
            severity,
            message,
            cell,
            room,
            unpatrolled: false,
        }
    }
}

/// Findings about a level, errors first.
pub fn level_findings(level: &Level) -> Vec<Finding> {
    let mut out = Vec::new();
    let owner = room_of_cell(level);
    let room_at = |c: Cell| owner.at(c);

    for region in reachability::unreachable_regions(level) {
        let first = region[0];
        out.push(Finding::new(
            Severity::Error,
            format!(
                "{} walkable cell{} unreachable from the player start, e.g. ({}, {})",
                region.len(),
                if region.len() == 1 { " is" } else { "s are" },
                first.x,
                first.y
            ),
            Some(first),
            room_at(first),
        ));
    }

    let depth = depths(level);
    for (r, room) in level.rooms.iter().enumerate() {
        if room.kind != RoomKind::Exterior && depth.get(r).copied().flatten().is_none() {
            out.push(Finding::new(
                Severity::Error,
                format!(
                    "Room {r} ({}) has no door path from the front",
                    room.kind_label()
                ),
                None,
                Some(r),
            ));
        }
    }

    let costs = move_costs(level);
    for (g, guard) in level.guards.iter().enumerate() {
        match level.patrols.get(guard.route) {
            None => out.push(Finding::new(
                Severity::Error,
                format!(
                    "Guard {} walks route {} which does not exist",
                    level.guard_number(g),
                    guard.route
                ),
                Some(guard.start),
                room_at(guard.start),
            )),
            Some(route) if !starts_onto_route(guard.start, &route.cells, &costs) => out.push(Finding::new(
                Severity::Warning,
                format!(
                    "Guard {} starts neither on the first cell of its route nor with a walk onto it",
                    level.guard_number(g)
                ),
                Some(guard.start),
                room_at(guard.start),
            )),
            Some(_) => {}
        }
    }

    if let Some(plan) = level.plan {
        let coins = level
            .items
            .iter()
            .filter(|i| i.kind == crate::model::ItemKind::Coin)
            .count();
        if coins < plan.loot as usize {
            out.push(Finding::new(
                Severity::Warning,
                format!(
                    "Loot shortfall: {coins} coins placed of {} planned",
                    plan.loot
                ),
                None,
                None,
            ));
        }
    }

    let metrics = patrol_metrics(level);
    for &r in &metrics.unpatrolled {
        let message = format!(
            "Room {r} ({}) is not patrolled",
            level.rooms[r].kind_label()
        );
        out.push(Finding {
            unpatrolled: true,
            ..Finding::new(Severity::Warning, message, None, Some(r))
        });
    }

    for d in &level.diagnostics {
        out.push(Finding::new(Severity::Note, note_words(d), None, None));
    }

    out.sort_by_key(|f| f.severity);
    out
}
