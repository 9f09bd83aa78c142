//! Whether a hand edit would break the level, and why: the one rule every placing tool follows.
//!
//! The editor's policy is *refuse with the reason*: an item, guard, start or waypoint placed where it
//! would leave the level unplayable is not placed; the reason is shown under the cursor while dragging
//! or hovering and in the status bar when the button goes up. "Unplayable" is what the validator calls a
//! playability error (`analysis::validate`), so the editor refuses exactly the placements it would
//! otherwise list as a new error, plus what the validator cannot see (furniture inside a wall, two things
//! on one cell, and — for paint strokes too — a wall painted over a door, which would leave the door's
//! wall segment believing it is open).
//! Files are not checked here: a preset's edits are replayed as written, and their problems listed.

use super::commands::Edit;
use crate::analysis::reachability::reachable_from_start;
use crate::analysis::validate::playability_errors;
use crate::model::{Cell, ItemKind, Level, Terrain};

/// Why `edit` may not be made on `level`, or `None` when it may. Placements (items, guards, the start,
/// waypoints) are also held to the validator; paint strokes and doors are not, because reshaping walls
/// passes through states that are not playable yet (the validation panel lists them meanwhile).
pub fn refusal(level: &Level, edit: &Edit) -> Option<String> {
    let placement = matches!(
        edit,
        Edit::SetItem { .. }
            | Edit::PutOnTop { .. }
            | Edit::MoveItem { .. }
            | Edit::MoveWaypoint { .. }
            | Edit::AddGuard { .. }
            | Edit::MovePlayerStart { .. }
    );
    direct_refusal(level, edit).or_else(|| placement.then(|| new_error(level, edit)).flatten())
}

/// What a cell is, for a reason: "a wall", "a window", "the void".
fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Wall => "a wall",
        Terrain::Window(_) => "a window",
        Terrain::Void => "the void",
        Terrain::Portcullis(_) => "a portcullis",
        Terrain::Water => "water",
        _ => "this cell",
    }
}

/// Whether a thing can stand on `c`: on the map and not inside a wall, window or the void.
fn blocked(level: &Level, c: Cell) -> Option<&'static str> {
    if !level.in_bounds(c) {
        return Some("outside the map");
    }
    let t = level.terrain(c);
    (t.is_blocking() || matches!(t, Terrain::Portcullis(_))).then(|| terrain_name(t))
}

/// Whether painting `terrain` on `cell` would put a door item inside a wall (or window, or portcullis).
pub fn buries_door(level: &Level, cell: Cell, terrain: Terrain) -> bool {
    let solid = terrain.is_blocking() || matches!(terrain, Terrain::Portcullis(_));
    solid && matches!(level.item_at(cell).map(|i| i.kind), Some(ItemKind::Door(_)))
}

/// The checks the validator cannot make.
fn direct_refusal(level: &Level, edit: &Edit) -> Option<String> {
    let at = |c: Cell| format!("({}, {})", c.x, c.y);
    match edit {
        Edit::SetItem {
            cell,
            item: Some(kind),
        }
        | Edit::PutOnTop { cell, item: kind } => {
            if matches!(kind, ItemKind::Door(_) | ItemKind::Portcullis(_)) {
                return None;
            }
            blocked(level, *cell).map(|what| format!("an item cannot stand in {what}"))
        }
        Edit::MoveItem { from, to } => {
            if let Some(what) = blocked(level, *to) {
                return Some(format!("an item cannot stand in {what}"));
            }
            let there = level.item_at(*to).filter(|_| to != from);
            there.map(|_| format!("{} already holds an item", at(*to)))
        }
        Edit::AddGuard { cell } => {
            blocked(level, *cell).map(|what| format!("a guard cannot stand in {what}"))
        }
        Edit::MovePlayerStart { to } => {
            blocked(level, *to).map(|what| format!("the thief cannot start in {what}"))
        }
        Edit::MoveWaypoint { to, .. } => {
            blocked(level, *to).map(|what| format!("a patrol cannot walk through {what}"))
        }
        Edit::PaintCells { cells } => cells.iter().find_map(|&(c, t)| {
            buries_door(level, c, t).then(|| {
                format!(
                    "{} is a door: close it with the Door tool instead of painting over it",
                    at(c)
                )
            })
        }),
        Edit::Paste { cells } => cells.iter().find_map(|&(c, t, item)| {
            let door_kept = matches!(item, Some(ItemKind::Door(_)));
            (!door_kept && buries_door(level, c, t)).then(|| {
                format!(
                    "the paste would wall up the door at {}: close doors with the Door tool",
                    at(c)
                )
            })
        }),
        _ => None,
    }
}

/// The walkable cells the thief reaches from the start before `edit` and no longer after it: what
/// closing a doorway walls off. Empty when the edit cuts nothing off (or cannot be made).
pub fn cut_off_cells(level: &Level, edit: &Edit) -> Vec<Cell> {
    let mut after = level.clone();
    if edit.apply(&mut after).is_err() {
        return Vec::new();
    }
    let (before_reach, after_reach) = (reachable_from_start(level), reachable_from_start(&after));
    after
        .all_cells()
        .filter(|&c| before_reach.at(c) && !after_reach.at(c) && !after.terrain(c).is_blocking())
        .collect()
}

/// The first playability error the edit would add, if any.
fn new_error(level: &Level, edit: &Edit) -> Option<String> {
    let mut after = level.clone();
    edit.apply(&mut after).ok()?;
    let before = playability_errors(level);
    let is_new = |v: &crate::analysis::validate::Violation| {
        !before
            .iter()
            .any(|b| b.invariant == v.invariant && b.message == v.message)
    };
    playability_errors(&after)
        .into_iter()
        .find(is_new)
        .map(|v| v.message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;

    fn level() -> Level {
        Recipe::campaign_level(1, 9).build().expect("generates")
    }

    #[test]
    fn items_guards_and_the_start_are_refused_inside_walls() {
        let level = level();
        let wall = level
            .all_cells()
            .find(|&c| level.terrain(c) == Terrain::Wall)
            .expect("a wall");
        let coin = Edit::SetItem {
            cell: wall,
            item: Some(ItemKind::Chair),
        };
        assert!(refusal(&level, &coin).is_some_and(|r| r.contains("a wall")));
        assert!(refusal(&level, &Edit::AddGuard { cell: wall }).is_some());
        assert!(refusal(&level, &Edit::MovePlayerStart { to: wall }).is_some());
        let free = level.player_start.offset(1, 0);
        assert_eq!(refusal(&level, &Edit::MovePlayerStart { to: free }), None);
    }

    #[test]
    fn a_waypoint_dragged_off_its_path_is_refused_with_the_validators_reason() {
        let level = level();
        // A waypoint moved two cells sideways from a straight step, onto open floor: a jump.
        let (route, index, to) = level
            .patrols
            .iter()
            .enumerate()
            .find_map(|(r, route)| {
                route.cells.windows(2).enumerate().find_map(|(i, w)| {
                    let (a, b) = (w[0], w[1]);
                    let (dx, dy) = (b.x - a.x, b.y - a.y);
                    let to = Cell::new(b.x + 2 * dy, b.y + 2 * dx);
                    (a != b && i + 2 < route.cells.len() && blocked(&level, to).is_none())
                        .then_some((r, i + 1, to))
                })
            })
            .expect("a straight step beside open floor");
        let edit = Edit::MoveWaypoint { route, index, to };
        let reason = refusal(&level, &edit).expect("refused");
        assert!(reason.contains("jumps"), "{reason}");
    }

    #[test]
    fn closing_the_only_door_of_a_room_cuts_it_off_and_a_door_on_a_loop_does_not() {
        let level = level();
        let graph = crate::analysis::room_graph(&level);
        let door_of = |room: usize| {
            graph
                .neighbours(room)
                .iter()
                .map(|&(_, adjacency)| adjacency)
                .find(|&a| level.adjacencies[a].segment.is_some())
        };
        let dead_end = (1..level.rooms.len())
            .find(|&r| graph.degree(r) == 1 && door_of(r).is_some())
            .expect("a dead-end room");
        let adjacency = door_of(dead_end).expect("its door");
        let close = Edit::SetDoor {
            adjacency,
            open: false,
        };
        let cut = cut_off_cells(&level, &close);
        let room = &level.rooms[dead_end];
        assert!(!cut.is_empty());
        assert!(
            room.cells
                .iter()
                .all(|c| cut.contains(c) || level.terrain(*c).is_blocking())
        );
        // A door on a loop of rooms: its two rooms stay joined through the others.
        let joined_without = |skip: usize| {
            let adj = &level.adjacencies[skip];
            let mut seen = vec![false; level.rooms.len()];
            let mut stack = vec![adj.left];
            seen[adj.left] = true;
            while let Some(r) = stack.pop() {
                for &(n, a) in graph.neighbours(r) {
                    if a != skip && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            seen[adj.right]
        };
        let on_a_loop = (0..level.adjacencies.len())
            .find(|&a| {
                let adj = &level.adjacencies[a];
                adj.door && adj.segment.is_some() && joined_without(a)
            })
            .expect("a door on a loop");
        let close = Edit::SetDoor {
            adjacency: on_a_loop,
            open: false,
        };
        assert_eq!(cut_off_cells(&level, &close), Vec::<Cell>::new());
    }

    #[test]
    fn painting_a_wall_over_a_door_is_refused_and_floor_next_to_it_is_not() {
        let level = level();
        let door = level
            .items
            .iter()
            .find(|i| matches!(i.kind, ItemKind::Door(_)))
            .expect("a door")
            .cell;
        let wall = Edit::PaintCells {
            cells: vec![(door, Terrain::Wall)],
        };
        assert!(refusal(&level, &wall).is_some_and(|r| r.contains("Door tool")));
        let room_cell = level.rooms[1].cells[0];
        let floor = Edit::PaintCells {
            cells: vec![(room_cell, level.terrain(room_cell))],
        };
        assert_eq!(refusal(&level, &floor), None);
    }
}
