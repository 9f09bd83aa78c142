//! The thief's wait and step (`tryPlayerWait`, `tryPlayerStep`, `tryMoveAgainstBlockedSquare`,
//! `game.ts:1087-1533`).
//!
//! A refused move passes no turn: it only leaves a note for the next action (bumping a wall arms a
//! bang on it by a leap the same way). Everything that passes a turn ends in [`advance_time`].

use crate::model::Cell;

use super::event::Event;
use super::event::Noise;
use super::kinds::{GuardMode, ItemType, TerrainType};
use super::landing::{can_leap_to, push_or_swap};
use super::loot::{can_collect_at, collect_guard_loot, collect_loot};
use super::turn::{EARSHOT, advance_time, make_noise, pre_turn};
use super::world::{Pick, World};

/// How a step was asked for (`StepType`): leaps that degrade to a step say so, which decides whether
/// bumping something bangs on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StepKind {
    Normal,
    AttemptedLeap,
    /// A leap whose landing was blocked but whose middle cell was free.
    AttemptedLeapBounceBack,
}

/// `tryPlayerWait` (`game.ts:1219-1247`).
pub(super) fn try_wait(w: &mut World) {
    if w.player.health <= 0 {
        return;
    }
    pre_turn(w);
    w.player.pick = Pick::Nothing;
    w.player.pre_noisy = false;
    advance_time(w);
}

/// Whether the one-way window terrain `t` refuses entry on the way from `from` to `to`
/// (`game.ts:1336-1339`, `1900-1903`).
pub(super) fn wrong_way_window(t: TerrainType, from: Cell, to: Cell) -> bool {
    match t {
        TerrainType::OneWayWindowE => to.x <= from.x,
        TerrainType::OneWayWindowW => to.x >= from.x,
        TerrainType::OneWayWindowN => to.y <= from.y,
        TerrainType::OneWayWindowS => to.y >= from.y,
        _ => false,
    }
}

/// `tryPlayerStep` (`game.ts:1249-1533`).
pub(super) fn try_step(w: &mut World, d: (i32, i32), kind: StepKind) {
    if w.player.health <= 0 {
        return;
    }
    if kind != StepKind::AttemptedLeap {
        w.player.pre_noisy = false;
    }
    let old = w.player.pos;
    let new = old.offset(d.0, d.1);
    if !w.map.contains(new) {
        // game.ts:1278-1313: off the edge only once the level is done, and that ends it.
        if w.finished_level {
            pre_turn(w);
            w.left_level = true;
            w.events.push(Event::LeftLevel);
        }
        return;
    }
    let cell = w.map.cell(new);
    if cell.blocks_player_move {
        if can_collect_at(w, new) {
            pre_turn(w);
            collect_loot(w, new);
            w.player.pick = Pick::Nothing;
            advance_time(w);
        } else {
            against_blocked(w, d, kind);
        }
        return;
    }
    if wrong_way_window(cell.terrain, old, new) {
        against_blocked(w, d, kind);
        return;
    }
    if cell.terrain.is_window() {
        // A window is only crossed by a leap.
        return;
    }
    if !step_past_items(w, new, d, kind) {
        return;
    }
    if !step_past_guard(w, new) {
        return;
    }
    w.player.pos = new;
    collect_loot(w, new);
    if cell.terrain == TerrainType::GroundWoodCreaky {
        make_noise(w, Noise::Creak, (0, -1), EARSHOT, false);
    }
    advance_time(w);
}

/// Whether an item of `kind` keeps a step from entering its cell: the kinds [`step_past_items`]
/// loots, bumps, toggles or stops at (`game.ts:1366-1431`), locked doors only without the key.
pub(super) fn stops_a_step(kind: ItemType, has_key: bool) -> bool {
    use ItemType as I;
    loots_on_a_bump(kind)
        || matches!(
            kind,
            I::TorchUnlit | I::TorchLit | I::PortcullisNS | I::PortcullisEW
        )
        || (kind.is_locked_door() && !has_key)
}

/// The furniture a step does not enter but loots when there is loot on it (`game.ts:1370-1378`).
pub(super) fn loots_on_a_bump(kind: ItemType) -> bool {
    use ItemType as I;
    matches!(
        kind,
        I::DrawersShort
            | I::VaultTreasureBox
            | I::EmptyVaultTreasureBox
            | I::LootedVaultTreasureBox
            | I::TreasurePlinth
    )
}

/// `game.ts:1366-1431`: the items on the cell ahead, in list order. Furniture that cannot be entered
/// is looted or bumped, a torch is lit or doused (a turn passes), a gate stops the thief, a locked door
/// stops it without the key. Returns whether the step goes on.
fn step_past_items(w: &mut World, new: Cell, d: (i32, i32), kind: StepKind) -> bool {
    // The list is not changed before the loop returns, so walking it by index is the game's walk
    // over a filtered copy.
    for k in 0..w.map.items.len() {
        let item = w.map.items[k];
        if item.cell != new {
            continue;
        }
        match item.kind {
            bumped if loots_on_a_bump(bumped) => {
                if can_collect_at(w, new) {
                    pre_turn(w);
                    collect_loot(w, new);
                    w.player.pick = Pick::Nothing;
                    advance_time(w);
                } else {
                    let beyond = w.player.pos.offset(2 * d.0, 2 * d.1);
                    if !can_leap_to(w, beyond) {
                        against_blocked(w, d, kind);
                    }
                }
                return false;
            }
            ItemType::TorchUnlit | ItemType::TorchLit => {
                pre_turn(w);
                let lit = item.kind == ItemType::TorchUnlit;
                w.map.items[k].kind = if lit {
                    ItemType::TorchLit
                } else {
                    ItemType::TorchUnlit
                };
                w.player.pick = Pick::Nothing;
                w.player.item_used = Some(item.id);
                w.events.push(if lit {
                    Event::TorchLit {
                        cell: new,
                        by_guard: None,
                    }
                } else {
                    Event::TorchDoused { cell: new }
                });
                advance_time(w);
                return false;
            }
            ItemType::PortcullisNS | ItemType::PortcullisEW => return false,
            ItemType::LockedDoorNS | ItemType::LockedDoorEW if !w.player.has_key => {
                against_blocked(w, d, kind);
                return false;
            }
            _ => {}
        }
    }
    true
}

/// `game.ts:1433-1466`: a guard on the cell ahead. A knocked-out one is pushed away or swapped with; a
/// chasing one refuses the step; any other is followed: a first bump marks one with a purse or key,
/// the second picks its pocket, and if it means to stay the turn passes in place. Returns whether the
/// thief moves on into the cell.
fn step_past_guard(w: &mut World, new: Cell) -> bool {
    let Some(slot) = w.guards.iter().position(|g| g.pos == new) else {
        pre_turn(w);
        w.player.pick = Pick::Nothing;
        return true;
    };
    let g = w.guards[slot];
    match g.mode {
        GuardMode::Unconscious => {
            pre_turn(w);
            w.player.pick = Pick::Nothing;
            push_or_swap(w, slot);
            true
        }
        GuardMode::ChaseVisibleTarget => false,
        _ => {
            pre_turn(w);
            let mut pick_pocket = false;
            if g.has_purse || g.has_key {
                if w.player.pick == Pick::Guard(g.index) {
                    pick_pocket = true;
                } else {
                    w.player.pick = Pick::Guard(g.index);
                }
            }
            let allowed = g.allows_move_onto_from(w.player.pos);
            if pick_pocket {
                collect_guard_loot(w, slot);
            }
            if !allowed {
                advance_time(w);
            }
            allowed
        }
    }
}

/// `tryMoveAgainstBlockedSquare` (`game.ts:1087-1217`). A leap against what a step just bumped bangs
/// on it (a noise, and a turn). A step against a bookshelf or note reads it (a turn; in the dark by
/// the thief's own light); the second bump of a bookshelf works its treasure switch. Any other bump
/// passes no turn but arms the bang.
fn against_blocked(w: &mut World, d: (i32, i32), kind: StepKind) {
    if kind == StepKind::AttemptedLeap {
        if w.player.pre_noisy && d == w.player.noise_offset {
            pre_turn(w);
            w.player.pick = Pick::Nothing;
            make_noise(w, Noise::BangDoor, d, EARSHOT, false);
            advance_time(w);
        } else {
            w.player.pre_noisy = false;
        }
        return;
    }
    let target = w.player.pos.offset(d.0, d.1);
    let Some(k) = w.map.find_item(target, |k| {
        matches!(k, ItemType::Bookshelf | ItemType::Note)
    }) else {
        w.player.pre_noisy = true;
        w.player.noise_offset = d;
        w.player.pick = Pick::Nothing;
        return;
    };
    let item = w.map.items[k];
    pre_turn(w);
    let first_bump = w.player.pick != Pick::Item(item.id);
    let is_switch = w
        .map
        .treasures
        .iter()
        .any(|t| t.switches.contains(&item.cell));
    w.player.pick = if first_bump && is_switch {
        Pick::Item(item.id)
    } else {
        Pick::Nothing
    };
    if w.map.lit_at(target) == 0.0 {
        w.player.light_active = true;
    }
    advance_time(w);
    w.player.pre_noisy = true;
    w.player.noise_offset = d;
    if !first_bump {
        work_switch(w, item.cell);
    }
}

/// `game.ts:1163-1197`: a switch pressed in its turn advances its puzzle, the first switch starts it
/// over, any other resets it; the last one lifts the treasure's lock.
fn work_switch(w: &mut World, switch: Cell) {
    for t in 0..w.map.treasures.len() {
        let treasure = &mut w.map.treasures[t];
        let Some(at) = treasure.switches.iter().position(|&s| s == switch) else {
            continue;
        };
        if treasure.switches_used >= treasure.switches.len() {
            continue;
        }
        if at == treasure.switches_used {
            treasure.switches_used += 1;
            if treasure.switches_used >= treasure.switches.len() {
                let cell = treasure.cell;
                w.map
                    .items
                    .retain(|it| !(it.kind == ItemType::TreasureLock && it.cell == cell));
                if let Some(i) = w.map.index(cell) {
                    w.map.cells[i].blocks_player_move = false;
                }
                w.events.push(Event::Unlocked { cell });
            }
        } else if at == 0 {
            treasure.switches_used = 1;
        } else {
            treasure.switches_used = 0;
        }
    }
}
