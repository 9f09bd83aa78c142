//! The thief's leap (`tryPlayerLeap`, `executeLeapAttack`, `game.ts:1800-2125`) and what it does to
//! guards: knocking one out, attacking one.

use crate::model::Cell;

use super::event::Event;
use super::event::Noise;
use super::kinds::{GuardMode, ItemType, TerrainType};
use super::landing::{can_land_on, can_leap_to, closed_doorway};
use super::loot::{collect_guard_loot, collect_loot};
use super::thief::{StepKind, try_step, wrong_way_window};
use super::turn::{EARSHOT, advance_time, make_noise, pre_turn};
use super::world::{Pick, World};

/// `canStepToPos` (`game.ts:656-708`).
fn can_step_to(w: &World, c: Cell) -> bool {
    if !w.map.contains(c) && !w.finished_level {
        return false;
    }
    let cell = w.map.cell(c);
    if cell.blocks_player_move || cell.terrain.is_window() {
        return false;
    }
    // What a leap cannot land on, and gates (`game.ts:678-699`).
    let blocking = |k: ItemType| !can_land_on(k) || k.is_portcullis();
    !w.map.has_item(c, blocking) && !w.guards.iter().any(|g| g.pos == c)
}

/// Knocks out the guard at list place `slot` (`game.ts:1848-1849`, `2070-2071`) for
/// `max(1, 40 − 2·level) + rand(20)` turns — which it never counts down (see `act`).
fn knock_out(w: &mut World, slot: usize) {
    let turns = (40 - 2 * w.rules.level_index).max(1) + w.rng.below(20) as i32;
    let g = &mut w.guards[slot];
    g.mode = GuardMode::Unconscious;
    g.timeout = turns;
    w.num_knockouts += 1;
    w.events.push(Event::KnockedOut { guard: g.index });
}

/// `tryPlayerLeap` (`game.ts:1800-2054`).
pub(super) fn try_leap(w: &mut World, d: (i32, i32)) {
    if w.player.health <= 0 {
        return;
    }
    let old = w.player.pos;
    let mid = old.offset(d.0, d.1);
    let new = old.offset(2 * d.0, 2 * d.1);
    let cell_mid = w.map.cell(mid);
    let cell_new = w.map.cell(new);
    let locked_at = |w: &World, c: Cell| w.map.has_item(c, ItemType::is_locked_door);

    // game.ts:1830-1864: an awake guard right ahead is knocked out, or swapped with if it chases;
    // not through a gate, nor a locked door without the key.
    if let Some(slot) = w
        .guards
        .iter()
        .position(|g| g.pos == mid && g.mode != GuardMode::Unconscious)
    {
        if cell_mid.terrain.is_portcullis() || (!w.player.has_key && locked_at(w, mid)) {
            try_step(w, d, StepKind::AttemptedLeap);
        } else if w.guards[slot].mode == GuardMode::ChaseVisibleTarget {
            w.guards[slot].pos = w.player.pos;
            try_step(w, d, StepKind::AttemptedLeap);
        } else {
            pre_turn(w);
            knock_out(w, slot);
            if w.guards[slot].has_purse || w.guards[slot].has_key {
                collect_guard_loot(w, slot);
            }
            w.player.pick = Pick::Nothing;
            advance_time(w);
        }
        return;
    }

    // game.ts:1866-1906: from water, off the map, over a wall, a closed door or a window the wrong
    // way, the leap is a step.
    if w.map.cell(old).terrain == TerrainType::GroundWater
        || !w.map.contains(new)
        || cell_mid.blocks_player_move
        || closed_doorway(w, mid)
        || wrong_way_window(cell_mid.terrain, old, new)
    {
        try_step(w, d, StepKind::AttemptedLeap);
        return;
    }

    // game.ts:1908-1929: a blocked landing: an alert guard there is struck from the middle cell (a
    // leap attack); else the thief steps if it can.
    let can_step_mid = can_step_to(w, mid);
    let guard_new = w.guards.iter().position(|g| g.pos == new);
    if !can_leap_to(w, new) {
        if !can_step_mid {
            try_step(w, d, StepKind::AttemptedLeap);
        } else if let Some(slot) = guard_new
            && w.guards[slot].alerted()
            && !cell_new.terrain.is_portcullis()
            && (w.player.has_key || !locked_at(w, new))
        {
            leap_attack(w, slot, d, mid);
        } else {
            try_step(w, d, StepKind::AttemptedLeapBounceBack);
        }
        return;
    }

    // game.ts:1931-2041: the leap. A guard with loot on the landing becomes the pick target; loot on
    // both cells is taken; a lit torch leapt over is doused.
    w.player.pick = match guard_new.map(|slot| w.guards[slot]) {
        Some(g) if g.has_purse || g.has_key => Pick::Guard(g.index),
        _ => Pick::Nothing,
    };
    pre_turn(w);
    collect_loot(w, mid);
    if let Some(k) = w.map.find_item(mid, |k| k == ItemType::TorchLit) {
        w.map.items[k].kind = ItemType::TorchUnlit;
        w.player.item_used = Some(w.map.items[k].id);
        w.events.push(Event::TorchDoused { cell: mid });
    }
    w.player.pos = new;
    collect_loot(w, new);
    match cell_new.terrain {
        TerrainType::GroundWoodCreaky => make_noise(w, Noise::Creak, (0, -1), EARSHOT, false),
        TerrainType::GroundWater => make_noise(w, Noise::Splash, (0, 0), EARSHOT, false),
        _ => {}
    }
    advance_time(w);
}

/// `executeLeapAttack` (`game.ts:2056-2125`): the thief lands on the middle cell and knocks out the
/// alert guard beyond it, with a thud every guard in earshot hears.
fn leap_attack(w: &mut World, slot: usize, d: (i32, i32), mid: Cell) {
    pre_turn(w);
    collect_loot(w, mid);
    w.player.pos = mid;
    knock_out(w, slot);
    if w.guards[slot].has_purse || w.guards[slot].has_key {
        collect_guard_loot(w, slot);
    }
    w.player.pick = Pick::Nothing;
    match w.map.cell(mid).terrain {
        TerrainType::GroundWoodCreaky => make_noise(w, Noise::Creak, (0, -1), EARSHOT, false),
        TerrainType::GroundWater => make_noise(w, Noise::Splash, (0, 0), EARSHOT, false),
        _ => {}
    }
    make_noise(w, Noise::Thud, d, EARSHOT, false);
    advance_time(w);
}
