//! Step 24 of the spec's pipeline (`placeGuards`, §7.23): one guard per route — the key carrier first
//! (the median route by its shallowest room), a purse on a stationary guard at levels below 4, then the
//! rest with torches and purses — and level 1's guard waiting inside the front gate.

use super::ascii::GuardRecord;
use super::map::{ItemKind, Map};
use super::patrols::Route;
use crate::model::SeedRandom;

/// Flag bits of a guard in the §14 hash.
const TORCH: u16 = 1;
/// A guard carrying a purse of the level's loot.
const PURSE: u16 = 2;
/// A guard carrying the key of the locked doors.
const KEY: u16 = 4;

/// The torch draw, made for every guard above level 1: `rand(5 + L) < L`.
fn torch_draw(level: u32, rng: &mut SeedRandom) -> bool {
    level > 1 && rng.below(5 + level as usize) < level as usize
}

/// Step `guards`: the guards in the game's creation order, `guard_loot` purses handed out.
pub fn place_guards(
    level: u32,
    map: &Map,
    mut routes: Vec<Route>,
    mut guard_loot: i64,
    need_key: bool,
    has_vault: bool,
    rng: &mut SeedRandom,
) -> Vec<GuardRecord> {
    let mut guards = Vec::new();
    if level == 0 {
        return guards;
    }
    // Each route is handed to its guard whole (its cells, visits and stops move, not copied).
    let guard = |route: Route, flags: u16| {
        let on_chair = map
            .items
            .iter()
            .any(|i| i.kind == ItemKind::Chair && (i.x, i.y) == route.path[0]);
        let letter = if flags & KEY != 0 {
            'K'
        } else if route.path.len() == 1 {
            if level >= 8 && has_vault {
                'Y'
            } else if on_chair {
                'C'
            } else {
                'W'
            }
        } else if route.outside {
            'O'
        } else if flags & TORCH != 0 {
            'F'
        } else {
            'G'
        };
        GuardRecord {
            pos: route.path[0],
            flags,
            path: route.path,
            letter,
            visits: route.visits,
            stops: route.stops,
            sweep: route.sweep,
        }
    };
    if need_key && !routes.is_empty() {
        let mut order: Vec<usize> = (0..routes.len())
            .filter(|&i| routes[i].path.len() > 1 && routes[i].min_depth > 0)
            .collect();
        if order.is_empty() {
            order = (0..routes.len()).collect();
        }
        order.sort_by_key(|&i| routes[i].min_depth);
        let route = routes.remove(order[order.len() / 2]);
        let torch = torch_draw(level, rng);
        guards.push(guard(route, KEY | if torch { TORCH } else { 0 }));
    }
    if guard_loot > 0
        && level < 4
        && let Some(i) = routes.iter().position(|r| r.path.len() <= 1)
    {
        let route = routes.remove(i);
        let torch = torch_draw(level, rng);
        guards.push(guard(route, PURSE | if torch { TORCH } else { 0 }));
        guard_loot -= 1;
    }
    for route in routes {
        let seated = route.path.len() <= 1 && map.items.iter().any(|i| (i.x, i.y) == route.path[0]);
        let mut flags = if torch_draw(level, rng) && !seated {
            TORCH
        } else {
            0
        };
        if guard_loot > 0 {
            flags |= PURSE;
            guard_loot -= 1;
        }
        guards.push(guard(route, flags));
    }
    if level == 1 {
        let gate = map
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::PortcullisEW)
            .min_by_key(|i| i.y);
        if let (Some(gate), Some(first)) = (gate, guards.first_mut()) {
            first.pos = (gate.x, gate.y + 1);
        }
    }
    guards
}
