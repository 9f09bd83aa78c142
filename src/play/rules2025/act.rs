//! A guard's action in its turn (`Guard.act`, `guard.ts:196-464`): a first look if alert, what it
//! heard, then the move of its mode.

use crate::model::Cell;

use super::event::Event;
use super::facing::update_dir;
use super::guard::{Guard, moved_guard_at};
use super::kinds::{GuardMode, ItemType};
use super::sense::{sees_thief, torch_needing_relighting};
use super::world::World;

/// `enterPatrolMode` (`guard.ts:709-712`): back to the route, at the index it rejoins at.
pub(super) fn enter_patrol(w: &mut World, g: &mut Guard) {
    let route = &w.routes[g.index];
    g.route_index = w
        .search
        .resume_index(&w.map, route, g.route_index, g.pos, |c| {
            moved_guard_at(&w.guards, c)
        });
    g.mode = GuardMode::Patrol;
}

/// Counts one turn off the timeout and returns to the route when it runs out.
fn count_down(w: &mut World, g: &mut Guard) {
    g.timeout -= 1;
    if g.timeout <= 0 {
        enter_patrol(w, g);
    }
}

/// Takes the guard's best planned step (see [`Guard::make_best_move`]).
fn step(w: &mut World, g: &mut Guard) {
    if g.make_best_move(&w.map, &w.guards, w.player.pos) {
        w.noticed = true;
        w.events.push(Event::Bumped { guard: g.index });
    }
}

/// The guard at list place `slot` acts. It is copied out and written back; meanwhile its stale copy in
/// the list has not moved this turn, so no search counts it as an obstacle, as in the game.
pub(super) fn act(w: &mut World, slot: usize) {
    let mut g = w.guards[slot];
    let pos_prev = g.pos;
    look_first(w, &mut g);
    hear(w, &mut g);
    match g.mode {
        GuardMode::Patrol => patrol(w, &mut g, pos_prev),
        GuardMode::Look | GuardMode::Listen => {
            step(w, &mut g);
            count_down(w, &mut g);
        }
        GuardMode::LookAtTorch => {
            step(w, &mut g);
            g.dir = update_dir(g.dir, g.pos, g.goal);
            count_down(w, &mut g);
        }
        GuardMode::ChaseVisibleTarget => chase(w, &mut g),
        GuardMode::MoveToLastSighting => {
            // guard.ts:306-319
            step(w, &mut g);
            if g.pos == g.goal {
                g.mode = GuardMode::InvestigateLastSighting;
                g.timeout = 5;
            } else if g.pos == pos_prev {
                g.timeout -= 1;
            }
            if g.timeout <= 0 {
                enter_patrol(w, &mut g);
            }
        }
        GuardMode::InvestigateLastSighting => {
            // guard.ts:321-332
            step(w, &mut g);
            if g.timeout >= 3 && g.pos == g.goal {
                step_goal_forward(w, &mut g);
            }
            count_down(w, &mut g);
        }
        GuardMode::MoveToLastSound | GuardMode::MoveToGuardShout => {
            // guard.ts:334-345: the timeout runs only while stuck
            step(w, &mut g);
            if g.pos == pos_prev {
                g.timeout -= 1;
            }
            if g.timeout <= 0 {
                enter_patrol(w, &mut g);
            }
        }
        GuardMode::MoveToDownedGuard => to_downed_guard(w, &mut g, pos_prev),
        GuardMode::MoveToMissingTreasure => {
            // guard.ts:366-379
            step(w, &mut g);
            if g.cardinally_adjacent_to(g.goal) {
                g.mode = GuardMode::LookAtMissingTreasure;
                g.timeout = 4;
            } else if g.pos == pos_prev {
                count_down(w, &mut g);
            } else {
                g.timeout = 3;
            }
        }
        GuardMode::LookAtMissingTreasure => {
            // guard.ts:381-390
            step(w, &mut g);
            if g.pos == pos_prev && g.cardinally_adjacent_to(g.goal) {
                g.dir = update_dir(g.dir, g.pos, g.goal);
            }
            count_down(w, &mut g);
        }
        GuardMode::WakeGuard => wake_guard(w, &mut g, pos_prev),
        GuardMode::MoveToTorch => to_torch(w, &mut g, pos_prev),
        GuardMode::LightTorch => light_torch(w, &mut g),
        GuardMode::Unconscious => {
            // guard.ts:456-462: the knock-out timeout is never counted down here; only another guard,
            // or being pushed into water, sets it to 0.
            if g.timeout <= 0 {
                g.timeout = 0;
                g.angry = true;
                enter_patrol(w, &mut g);
            }
        }
    }
    w.guards[slot] = g;
}

/// `guard.ts:202-212`: an alert guard that sees the thief before moving chases at once; one about to
/// move ignores the cells level with it.
fn look_first(w: &mut World, g: &mut Guard) {
    if g.mode != GuardMode::Unconscious && !g.mode.is_relaxed() {
        let offset = i32::from(g.moving());
        if sees_thief(w, g, offset) {
            g.mode = GuardMode::ChaseVisibleTarget;
        }
    }
}

/// `guard.ts:214-234`: a relaxed guard that is not the nearest hearer listens where it stands; the
/// nearest (or an alert guard) goes to the sound, or to the treasure when it was an alarm.
fn hear(w: &mut World, g: &mut Guard) {
    if !g.heard_thief || g.mode == GuardMode::Unconscious || g.mode == GuardMode::ChaseVisibleTarget
    {
        return;
    }
    if g.mode.is_relaxed() && !g.heard_thief_closest {
        g.mode = GuardMode::Listen;
        g.timeout = 2 + w.rng.below(4) as i32;
        g.goals = g.steps_toward(&w.map, &mut w.search, g.pos);
    } else if g.mode != GuardMode::MoveToDownedGuard {
        g.goal = w.player.pos;
        let toward = if g.mode.is_relaxed() { g.pos } else { g.goal };
        g.goals = g.steps_toward(&w.map, &mut w.search, toward);
        g.mode = if g.heard_alarm {
            GuardMode::MoveToMissingTreasure
        } else {
            GuardMode::MoveToLastSound
        };
        g.timeout = 4 + w.rng.below(2) as i32;
    }
}

/// `guard.ts:239-254`: walk the route; off it, rejoin it; standing still on a route cell it also stood
/// on the turn before, turn to look at what its post faces (`tryGetPosLookAt`; a one-cell route also
/// turns its back on doors).
fn patrol(w: &mut World, g: &mut Guard, pos_prev: Cell) {
    step(w, g);
    let route = &w.routes[g.index];
    if g.pos != route[g.route_index] {
        enter_patrol(w, g);
    } else if g.pos == pos_prev {
        let n = route.len();
        let before = route[(g.route_index + n).saturating_sub(2) % n];
        if pos_prev == before
            && let Some(target) = w.map.look_at(g.pos, n == 1)
        {
            g.dir = update_dir(g.dir, g.pos, target);
        }
    }
}

/// `guard.ts:276-304`: next to the thief it faces it and, chasing since last turn, hits; else it
/// plans afresh toward the thief and steps.
fn chase(w: &mut World, g: &mut Guard) {
    g.goal = w.player.pos;
    if g.adjacent_to(w.player.pos) && g.pos != w.player.pos {
        g.dir = update_dir(g.dir, g.pos, g.goal);
        if g.mode_prev == GuardMode::ChaseVisibleTarget {
            w.player.health -= w.player.health.min(1);
            w.events.push(Event::Hit { guard: g.index });
        }
    } else {
        g.goals = g.steps_toward(&w.map, &mut w.search, g.goal);
        step(w, g);
    }
}

/// `tryStepGoalForward` (`guard.ts:607-628`): search on: straight ahead if free, else a free side at
/// random (one draw even for a single side).
fn step_goal_forward(w: &mut World, g: &mut Guard) {
    let ahead = g.pos.offset(g.dir.0, g.dir.1);
    if w.map.guard_move_cost(g.pos, ahead) == 0 {
        g.goal = ahead;
        return;
    }
    let sides = [
        Cell::new(g.pos.x - g.dir.1, g.pos.y + g.dir.0),
        Cell::new(g.pos.x + g.dir.1, g.pos.y - g.dir.0),
    ];
    let mut free = sides;
    let mut n = 0;
    for c in sides {
        if w.map.guard_move_cost(g.pos, c) == 0 {
            free[n] = c;
            n += 1;
        }
    }
    if n > 0 {
        g.goal = free[w.rng.below(n)];
    }
}

/// The first knocked-out guard in the list standing on `c`.
fn downed_guard_at(w: &World, c: Cell) -> Option<usize> {
    w.guards
        .iter()
        .position(|o| o.pos == c && o.mode == GuardMode::Unconscious)
}

/// `guard.ts:347-364`: beside the downed guard, wake it; if it is up already, back to the route.
fn to_downed_guard(w: &mut World, g: &mut Guard, pos_prev: Cell) {
    step(w, g);
    if g.cardinally_adjacent_to(g.goal) {
        if downed_guard_at(w, g.goal).is_some() {
            g.mode = GuardMode::WakeGuard;
            g.timeout = 3;
        } else {
            g.timeout = 0;
            enter_patrol(w, g);
        }
    } else if g.pos == pos_prev {
        count_down(w, g);
    }
}

/// `guard.ts:392-410`: three turns beside the downed guard, then it is woken (its own turn gets it up).
fn wake_guard(w: &mut World, g: &mut Guard, pos_prev: Cell) {
    step(w, g);
    if g.pos == pos_prev {
        g.dir = update_dir(g.dir, g.pos, g.goal);
    }
    g.timeout -= 1;
    if let Some(other) = downed_guard_at(w, g.goal) {
        if g.timeout <= 0 {
            w.guards[other].timeout = 0;
            enter_patrol(w, g);
        }
    } else {
        g.timeout = 0;
        enter_patrol(w, g);
    }
}

/// `guard.ts:412-430`: a torch carrier walks to an unlit torch; the timeout runs only while stuck.
fn to_torch(w: &mut World, g: &mut Guard, pos_prev: Cell) {
    step(w, g);
    if w.map.has_item(g.goal, |k| k == ItemType::TorchLit) {
        enter_patrol(w, g);
    } else if g.cardinally_adjacent_to(g.goal) {
        g.mode = GuardMode::LightTorch;
        g.timeout = 5;
    } else if g.pos != pos_prev {
        g.timeout = 3;
    } else {
        count_down(w, g);
    }
}

/// `guard.ts:432-454`: five turns facing the torch, then it burns, and the guard goes on to the next
/// unlit torch it can see, if any (`relightTorchAt`, `guard.ts:1088-1094`).
fn light_torch(w: &mut World, g: &mut Guard) {
    step(w, g);
    g.timeout -= 1;
    g.dir = update_dir(g.dir, g.pos, g.goal);
    if g.timeout > 0 {
        return;
    }
    for item in &mut w.map.items {
        if item.kind == ItemType::TorchUnlit && item.cell == g.goal {
            item.kind = ItemType::TorchLit;
            w.events.push(Event::TorchLit {
                cell: item.cell,
                by_guard: Some(g.index),
            });
        }
    }
    match torch_needing_relighting(&w.map, g.pos) {
        None => enter_patrol(w, g),
        Some(torch) => {
            g.goal = torch;
            if g.cardinally_adjacent_to(torch) {
                g.mode = GuardMode::LightTorch;
                g.timeout = 5;
            } else {
                g.mode = GuardMode::MoveToTorch;
                g.timeout = 3;
            }
        }
    }
}
