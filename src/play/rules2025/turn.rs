//! The turn around the thief's action (`preTurn`, `advanceTime`, `postTurn`, `game.ts:2214-2317`), the
//! guards' part of it (`chooseGuardMoves` and `guardActAll`, `guard.ts:832-942`) and noises
//! (`makeNoise`, `game.ts:2164-2212`).

use std::cmp::Ordering;

use super::act::act;
use super::event::{Event, Noise};
use super::guard::hearer_at;
use super::kinds::{GuardMode, ItemType, TerrainType};
use super::light::compute_lighting;
use super::map::Item;
use super::sense::{alert_nearby_guards, post_act_sense};
use super::view::recompute_visibility;
use super::world::{Pick, UNDERWATER_TURNS, World};

/// How far a noise carries, in path cost (`game.ts:2164`).
pub(super) const EARSHOT: u32 = 23;

/// How far an alarm carries (`game.ts:598-599`, `612-613`).
pub(super) const ALARM_EARSHOT: u32 = 46;

/// `preTurn` (`game.ts:2214-2220`): what lasts only one turn is cleared before an action that passes one.
pub(super) fn pre_turn(w: &mut World) {
    w.player.item_used = None;
    w.player.light_active = false;
}

/// `makeNoise` (`game.ts:2164-2212`): every awake guard within `radius` of the thief hears it; the
/// first reached is the nearest, and an alarm sends that one to the treasure. An angry noise angers
/// all hearers. (The game also wakes a knocked-out hearer, but its earshot never lists one.)
pub(super) fn make_noise(
    w: &mut World,
    noise: Noise,
    offset: (i32, i32),
    radius: u32,
    angry: bool,
) {
    w.player.noise_offset = offset;
    w.search
        .earshot(&w.map, w.player.pos, radius, |c| hearer_at(&w.guards, c));
    for (k, &slot) in w.search.heard.iter().enumerate() {
        let g = &mut w.guards[slot];
        g.heard_thief = true;
        if k == 0 {
            g.heard_thief_closest = true;
            g.heard_alarm = noise == Noise::Alarm;
        }
        if angry {
            g.angry = true;
        }
    }
    w.events.push(Event::Noise {
        noise,
        heard_by: w.search.heard.len(),
    });
}

/// `chooseGuardMoves` (`guard.ts:832-836`): every guard plans its next steps, in list order.
pub(super) fn choose_guard_moves(w: &mut World) {
    for slot in 0..w.guards.len() {
        let mut g = w.guards[slot];
        g.choose_moves(&w.map, &mut w.search, &w.routes[g.index]);
        w.guards[slot] = g;
    }
}

/// `guardActAll` (`guard.ts:838-942`): the guards' part of a turn.
fn guard_act_all(w: &mut World) {
    for g in &mut w.guards {
        g.mode_prev = g.mode;
        g.heard_guard = g.hearing_guard;
        g.hearing_guard = false;
        g.has_moved = false;
    }
    // guard.ts:852-867: chasers first, then by descending route length, so guards at one-cell posts
    // move last; the sort is stable and re-orders the list itself for the rest of the game.
    let routes = &w.routes;
    w.guards.sort_by(|a, b| {
        let chasing = |m: GuardMode| m == GuardMode::ChaseVisibleTarget;
        match (chasing(a.mode), chasing(b.mode)) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => routes[b.index].len().cmp(&routes[a.index].len()),
        }
    });
    for slot in 0..w.guards.len() {
        act(w, slot);
        w.guards[slot].has_moved = true;
    }
    // guard.ts:880-889: one relighting for everyone's new places, then every guard senses.
    compute_lighting(&mut w.map, &w.guards, Some(w.player.reader()), &mut w.light);
    let mut shouts = Vec::new();
    for slot in 0..w.guards.len() {
        post_act_sense(w, slot, &mut shouts);
    }
    for shout in shouts {
        alert_nearby_guards(w, shout);
    }
    // guard.ts:927-933: a pickpocket target that chases or is no longer beside the thief is dropped.
    if let Pick::Guard(index) = w.player.pick
        && let Some(g) = w.guard_by_index(index)
        && (g.mode == GuardMode::ChaseVisibleTarget || !g.cardinally_adjacent_to(w.player.pos))
    {
        w.player.pick = Pick::Nothing;
    }
}

/// `advanceTime` (`game.ts:2222-2272`): a turn passes.
pub(super) fn advance_time(w: &mut World) {
    w.player.pre_noisy = false;
    w.turns += 1;
    if w.map.cell(w.player.pos).terrain == TerrainType::GroundWater {
        if w.player.underwater > 0 {
            w.player.underwater -= 1;
        }
    } else {
        w.player.underwater = UNDERWATER_TURNS;
    }
    compute_lighting(&mut w.map, &w.guards, Some(w.player.reader()), &mut w.light);
    guard_act_all(w);
    recompute_visibility(&mut w.map, w.player.pos);
    choose_guard_moves(w);
    post_turn(w);
}

/// `postTurn` (`game.ts:2274-2317`): the level may be left once every cell is seen and the loot taken;
/// the turn after the par time the vaults' boxes are emptied (moved to the end of the item list).
pub(super) fn post_turn(w: &mut World) {
    if w.map.all_seen() && w.loot_stolen >= w.rules.loot_available {
        w.finished_level = true;
    }
    // A level with nothing left to discover has an infinite par in the game (a division by zero in
    // `numTurnsParForCurrentMap`, `game.ts:464-473`), which `par_turns` saturates: never reached.
    if w.rules.par_turns.checked_add(1) == Some(w.turns) {
        let boxes: Vec<Item> = w
            .map
            .items
            .iter()
            .filter(|it| it.kind == ItemType::VaultTreasureBox)
            .copied()
            .collect();
        w.map
            .items
            .retain(|it| it.kind != ItemType::VaultTreasureBox);
        for it in boxes {
            w.map.push_item(it.cell, ItemType::EmptyVaultTreasureBox);
        }
    }
}
