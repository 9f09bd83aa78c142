//! What a guard notices after every guard has moved and the light is recomputed
//! (`Guard.postActSense`, `guard.ts:466-605`), and the shouts that carry it to other guards
//! (`alertNearbyGuards`, `guard.ts:1028-1042`).

use crate::model::Cell;

use super::event::Event;
use super::guard::{Guard, hearer_at};
use super::kinds::{GuardMode, ItemType};
use super::map::Map;
use super::sight::{Line, line_of_sight, line_of_sight_to_position, sees};
use super::world::World;

/// How far a guard notices a torch: `d² ≤ 64` (`distSquaredSeeTorchMax`, `guard.ts:11`).
const SEE_TORCH_DIST2: i32 = 64;

/// How far a shout carries, in path cost (`guard.ts:1029`).
const SHOUT_EARSHOT: u32 = 25;

/// A shout raised this turn (`Shout`, `guard.ts:771-775`).
#[derive(Clone, Copy)]
pub(super) struct Shout {
    pub from: Cell,
    pub goal: Cell,
    pub angry: bool,
}

/// `seesActor(player)`: the sight test against the thief, hidden or not. Records that it was seen.
pub(super) fn sees_thief(w: &mut World, g: &Guard, offset: i32) -> bool {
    let hidden = w.player.hidden(&w.map, &w.guards);
    let seen = sees(&w.map, g, w.player.pos, hidden, Line::ToActor, offset);
    w.noticed |= seen;
    seen
}

/// `torchNeedingRelighting` (`guard.ts:1069-1086`): the nearest unlit torch within `d² ≤ 64` in clear
/// sight of a place (windows block), the first in item order on ties.
pub(super) fn torch_needing_relighting(map: &Map, from: Cell) -> Option<Cell> {
    let mut best: Option<(i32, Cell)> = None;
    for item in &map.items {
        if item.kind != ItemType::TorchUnlit {
            continue;
        }
        let (dx, dy) = (item.cell.x - from.x, item.cell.y - from.y);
        let d2 = dx * dx + dy * dy;
        if d2 >= best.map_or(SEE_TORCH_DIST2 + 1, |b| b.0) {
            continue;
        }
        if line_of_sight_to_position(map, from, item.cell) {
            best = Some((d2, item.cell));
        }
    }
    best.map(|b| b.1)
}

/// `postActSense` for the guard at list place `slot`, in the game's order of checks.
pub(super) fn post_act_sense(w: &mut World, slot: usize, shouts: &mut Vec<Shout>) {
    let mut g = w.guards[slot];
    if g.mode != GuardMode::Unconscious {
        see_thief(w, &mut g);
        hear_shout(w, &mut g);
        see_downed_guard(w, &mut g);
        see_missing_treasure(w, &mut g);
        see_torches(w, &mut g);
        // guard.ts:569-575: a guard sent to a shout that sees a guard standing there stops here.
        if g.mode == GuardMode::MoveToGuardShout
            && line_of_sight(&w.map, g.pos, g.goal)
            && w.guards.iter().any(|o| o.pos == g.goal)
        {
            g.goal = g.pos;
        }
    }
    g.heard_thief = false;
    g.heard_thief_closest = false;
    g.heard_alarm = false;
    // guard.ts:591-604: entering a chase counts a spotting and shouts; so do waking a guard and
    // examining a stolen treasure, which also anger the hearers.
    if g.mode != g.mode_prev {
        match g.mode {
            GuardMode::ChaseVisibleTarget => {
                shouts.push(Shout {
                    from: g.pos,
                    goal: w.player.pos,
                    angry: false,
                });
                w.num_spottings += 1;
                w.events.push(Event::Spotted { guard: g.index });
            }
            GuardMode::WakeGuard | GuardMode::LookAtMissingTreasure => {
                shouts.push(Shout {
                    from: g.pos,
                    goal: g.goal,
                    angry: true,
                });
            }
            _ => {}
        }
    }
    w.guards[slot] = g;
}

/// `guard.ts:471-481`: a relaxed guard that sees the thief at a distance looks; otherwise it chases.
/// A guard chasing since last turn that lost sight goes to where it saw the thief last.
fn see_thief(w: &mut World, g: &mut Guard) {
    if sees_thief(w, g, 0) {
        if g.mode.is_relaxed() && !g.adjacent_to(w.player.pos) {
            g.mode = GuardMode::Look;
            g.timeout = 2 + w.rng.below(4) as i32;
            w.events.push(Event::Noticed { guard: g.index });
        } else {
            g.mode = GuardMode::ChaseVisibleTarget;
        }
    } else if g.mode == GuardMode::ChaseVisibleTarget
        && g.mode_prev == GuardMode::ChaseVisibleTarget
    {
        g.mode = GuardMode::MoveToLastSighting;
        g.timeout = 3;
    }
}

/// `guard.ts:485-497`: a shout heard last turn sends a guard not busy with the thief or a downed
/// guard toward it.
fn hear_shout(w: &mut World, g: &mut Guard) {
    use GuardMode as M;
    if g.heard_guard
        && !matches!(
            g.mode,
            M::Look
                | M::ChaseVisibleTarget
                | M::MoveToLastSighting
                | M::InvestigateLastSighting
                | M::MoveToLastSound
                | M::MoveToDownedGuard
                | M::WakeGuard
        )
    {
        g.mode = M::MoveToGuardShout;
        g.timeout = 2 + w.rng.below(4) as i32;
        g.goal = g.heard_guard_pos;
    }
}

/// `guard.ts:501-523`: the first knocked-out guard it sees (hidden by a hiding place on its cell)
/// angers it and sends it there.
fn see_downed_guard(w: &mut World, g: &mut Guard) {
    use GuardMode as M;
    if matches!(
        g.mode,
        M::ChaseVisibleTarget | M::MoveToDownedGuard | M::WakeGuard
    ) {
        return;
    }
    let downed = w.guards.iter().find(|o| {
        o.index != g.index
            && o.mode == M::Unconscious
            && sees(
                &w.map,
                g,
                o.pos,
                w.map.cell(o.pos).hides_player,
                Line::ToActor,
                0,
            )
    });
    if let Some(o) = downed {
        g.goal = o.pos;
        g.mode = M::MoveToDownedGuard;
        g.angry = true;
        g.timeout = 3;
    }
}

/// `guard.ts:527-535`: a calm relaxed guard that sees the place of a stolen treasure gets angry and
/// goes to it.
fn see_missing_treasure(w: &mut World, g: &mut Guard) {
    if g.angry || !g.mode.is_relaxed() {
        return;
    }
    let gone = w
        .map
        .treasures
        .iter()
        .find(|t| t.stolen && sees(&w.map, g, t.cell, false, Line::ToPosition, 0));
    if let Some(t) = gone {
        g.mode = GuardMode::MoveToMissingTreasure;
        g.goal = t.cell;
        g.angry = true;
        g.timeout = 3;
    }
}

/// `guard.ts:539-567`: a patrolling torch carrier goes to light an unlit torch it sees; a relaxed
/// guard without a torch turns to look at a torch the thief lit this turn within sight (a doused one
/// only draws a remark).
fn see_torches(w: &mut World, g: &mut Guard) {
    if g.has_torch
        && g.mode == GuardMode::Patrol
        && let Some(torch) = torch_needing_relighting(&w.map, g.pos)
    {
        g.goal = torch;
        if g.cardinally_adjacent_to(torch) {
            g.mode = GuardMode::LightTorch;
            g.timeout = 5;
        } else {
            g.mode = GuardMode::MoveToTorch;
            g.timeout = 3;
        }
    }
    if g.has_torch || !g.mode.is_relaxed() {
        return;
    }
    let Some(used) = w
        .player
        .item_used
        .and_then(|id| w.map.item_by_id(id))
        .copied()
    else {
        return;
    };
    let (dx, dy) = (used.cell.x - g.pos.x, used.cell.y - g.pos.y);
    if dx * dx + dy * dy <= SEE_TORCH_DIST2
        && line_of_sight_to_position(&w.map, g.pos, used.cell)
        && used.kind == ItemType::TorchLit
    {
        g.goal = used.cell;
        g.mode = GuardMode::LookAtTorch;
        g.timeout = 2 + w.rng.below(4) as i32;
    }
}

/// `alertNearbyGuards` (`guard.ts:1028-1042`): every awake guard within the shout's earshot, except on
/// the shouter's cell, hears it next turn; an angry shout angers them. (The earshot already leaves
/// knocked-out guards out, so the game's own check for them never fires.)
pub(super) fn alert_nearby_guards(w: &mut World, shout: Shout) {
    w.search.earshot(&w.map, shout.from, SHOUT_EARSHOT, |c| {
        hearer_at(&w.guards, c)
    });
    for k in 0..w.search.heard.len() {
        let g = &mut w.guards[w.search.heard[k]];
        if g.pos == shout.from {
            continue;
        }
        g.hearing_guard = true;
        if shout.angry {
            g.angry = true;
        }
        g.heard_guard_pos = shout.goal;
    }
}
