//! §2.7: locked placements are pre-placed as used squares (with their doors toward each other), a locked
//! Entrance Hall stays the entrance, and the reachability fix keeps locked door pairs as they are.

use super::doors;
use super::packed_plan::PackedPlan;
use super::params::Settings;
use super::plan::{Placement, PlacementKind, Plan};
use super::render::Frame;
use crate::generate::GenerateError;
use crate::model::{Cell, LockedRoom, RoomKind, RoomOrigin};

fn unsatisfiable(message: String) -> GenerateError {
    GenerateError::LocksUnsatisfiable(message)
}

/// The floor cells a placement has under the current square size and border.
fn floor_cells(p: &Placement, frame: Frame) -> Vec<Cell> {
    (frame.line(p.x) + 1..frame.line(p.x + p.w))
        .flat_map(|x| (frame.line(p.y) + 1..frame.line(p.y + p.h)).map(move |y| Cell::new(x, y)))
        .collect()
}

/// Step 1: pre-places locked placements; returns the door pairs between locked placements to keep, as
/// `(a, b, offset along their run)`.
pub fn preplace(
    plan: &mut Plan,
    settings: &Settings,
    locks: &[LockedRoom],
) -> Result<Vec<(usize, usize, i32)>, GenerateError> {
    let frame = Frame {
        s: settings.s,
        border: settings.outer_border,
    };
    let mut first = None;
    for (l, lock) in locks.iter().enumerate() {
        let RoomOrigin::Placement { x, y, w, h } = lock.room.origin else {
            return Err(unsatisfiable(format!(
                "locked room {l} is not a packed-mansion placement"
            )));
        };
        if !plan.fits(x, y, w, h) {
            return Err(unsatisfiable(format!(
                "locked room {l} is off the plan grid or overlaps another locked room"
            )));
        }
        let front_line = frame.line(0);
        let had_front_door = y == 0
            && lock
                .terrain
                .iter()
                .any(|&(c, t)| c.y == front_line && t.is_door_like());
        let kind = match lock.room.kind {
            _ if had_front_door => PlacementKind::Entrance,
            RoomKind::Room => PlacementKind::Room,
            _ => PlacementKind::Hall,
        };
        let placement = Placement {
            x,
            y,
            w,
            h,
            kind,
            locked: true,
        };
        if floor_cells(&placement, frame) != lock.room.cells {
            return Err(unsatisfiable(format!(
                "locked room {l} does not fit the plan grid any more (square size or border changed)"
            )));
        }
        let id = plan.add(placement);
        first.get_or_insert(id);
        if kind == PlacementKind::Entrance {
            plan.entrance = Some(id);
        }
    }
    let Some(first) = first else {
        return Ok(Vec::new());
    };
    let mut fixed = Vec::new();
    for a in first..plan.placements.len() {
        for b in a + 1..plan.placements.len() {
            let Some(run) = doors::shared_run(&plan.placements[a], &plan.placements[b]) else {
                continue;
            };
            let seg = frame.segment(run);
            let was_door = |k: i32| {
                let c = seg.cell(k);
                locks.iter().any(|lock| {
                    lock.terrain
                        .iter()
                        .any(|&(t, terrain)| t == c && terrain.is_door_like())
                })
            };
            if let Some(k) = (0..seg.len).find(|&k| was_door(k)) {
                fixed.push((a, b, k + 1));
            }
        }
    }
    Ok(fixed)
}

/// Step 2's fallback: the lowest-index locked placement touching row 0.
pub fn stand_in_entrance(plan: &Plan) -> Option<usize> {
    plan.placements.iter().position(|p| p.locked && p.y == 0)
}

/// Locked placements may only meet each other through kept doors; if they shut a part of the plan off,
/// the locks cannot be honoured.
pub fn check_reachable(packed: &PackedPlan) -> Result<(), GenerateError> {
    let n = packed.plan.placements.len();
    let mut reached = vec![false; n];
    let mut stack = vec![packed.entrance];
    reached[packed.entrance] = true;
    while let Some(p) = stack.pop() {
        for c in packed.contacts.iter().filter(|c| c.door) {
            let other = if c.a == p {
                c.b
            } else if c.b == p {
                c.a
            } else {
                continue;
            };
            if !reached[other] {
                reached[other] = true;
                stack.push(other);
            }
        }
    }
    match reached.iter().position(|r| !r) {
        None => Ok(()),
        Some(p) => Err(unsatisfiable(format!(
            "placement {p} cannot be reached: it is a locked room the building never grew to, or \
             locked rooms wall it off"
        ))),
    }
}
