//! §1.7: locked regions keep their modules. They are pre-placed before growth, growth plugs connections
//! into them, and afterwards each one is attached by exactly one link through a side that was open when
//! it was locked (so its floor, corridor arms included, stays as it was).

use std::collections::VecDeque;

use super::growth::{Growth, Module, SIDES, bit, step};
use super::params::{ModuleType, Settings};
use crate::generate::GenerateError;
use crate::generate::rng::Stream;
use crate::model::{Cell, Dir, LockedRoom, RoomKind, RoomOrigin, Terrain};

/// A pre-placed locked region: its modules and the sides (module, side) it may be attached through.
#[derive(Clone, Debug)]
pub struct LockedRegion {
    /// Its modules' indices in the growth.
    pub modules: Vec<usize>,
    /// Sides `(module, side)` with an open door cell facing a free grid position: where growth may
    /// attach to the locked region.
    pub openings: Vec<(usize, Dir)>,
}

fn unsatisfiable(message: String) -> GenerateError {
    GenerateError::LocksUnsatisfiable(message)
}

/// The middle cell of side `d` of module `pos` under the current geometry.
fn side_middle(settings: &Settings, pos: (i32, i32), d: Dir) -> Cell {
    let n = settings.module_size - 1;
    let o = Cell::new(
        settings.outer_border + pos.0 * n,
        settings.outer_border + pos.1 * n,
    );
    let (dx, dy) = d.delta();
    o.offset(n / 2 + dx * n / 2, n / 2 + dy * n / 2)
}

/// A module type drawn in the locked region's style, so rendering and region building treat it alike.
fn style_type(settings: &Settings, chamber: bool) -> Option<ModuleType> {
    [
        ModuleType::Cross,
        ModuleType::DeadEnd,
        ModuleType::Straight,
        ModuleType::Turn,
        ModuleType::Branch,
    ]
    .into_iter()
    .find(|t| settings.chamber_types.contains(t) == chamber)
}

/// Step 1: pre-places every locked region as occupied modules with their links among themselves.
pub fn preplace(
    growth: &mut Growth,
    settings: &Settings,
    locks: &[LockedRoom],
) -> Result<Vec<LockedRegion>, GenerateError> {
    let mut regions = Vec::new();
    for (l, lock) in locks.iter().enumerate() {
        let RoomOrigin::Modules(positions) = &lock.room.origin else {
            return Err(unsatisfiable(format!(
                "locked room {l} was not made of tile-growth modules"
            )));
        };
        let chamber = lock.room.kind == RoomKind::Room;
        let chosen = style_type(settings, chamber).ok_or_else(|| {
            unsatisfiable(format!(
                "no module type is drawn in locked room {l}'s style"
            ))
        })?;
        let passable = |c: Cell| {
            lock.terrain
                .iter()
                .any(|&(t, terrain)| t == c && !terrain.is_blocking())
        };
        let mut modules = Vec::new();
        for &pos in positions {
            if !growth.in_grid(pos) || growth.at(pos).is_some() {
                return Err(unsatisfiable(format!(
                    "locked room {l} needs module ({}, {}), which is off the grid or taken",
                    pos.0, pos.1
                )));
            }
            modules.push(growth.insert(Module {
                pos,
                chosen,
                in_side: Dir::S,
                outs: 0,
                links: 0,
                parent: None,
                reopened: false,
                lock: Some(l),
            }));
        }
        let mut openings = Vec::new();
        for &m in &modules {
            let pos = growth.modules[m].pos;
            for d in SIDES {
                let open = passable(side_middle(settings, pos, d));
                let inside = positions.contains(&step(pos, d));
                if open && inside {
                    growth.modules[m].links |= bit(d);
                    growth.modules[m].outs |= bit(d);
                } else if open && growth.in_grid(step(pos, d)) {
                    openings.push((m, d));
                }
            }
        }
        check_cells(settings, lock, positions, l)?;
        regions.push(LockedRegion { modules, openings });
    }
    link_locked_neighbours(growth, &mut regions);
    Ok(regions)
}

/// Two locked regions that had a door between them keep it: the opening is open on both sides, so the
/// link is restored and neither side offers it for attaching any more.
fn link_locked_neighbours(growth: &mut Growth, regions: &mut [LockedRegion]) {
    let all: Vec<(usize, Dir)> = regions
        .iter()
        .flat_map(|r| r.openings.iter().copied())
        .collect();
    let mut joined = Vec::new();
    for &(m, d) in &all {
        let Some(n) = growth.at(step(growth.modules[m].pos, d)) else {
            continue;
        };
        if all.contains(&(n, d.opposite())) {
            growth.modules[m].links |= bit(d);
            growth.modules[m].outs |= bit(d);
            joined.push((m, d));
        }
    }
    for region in regions.iter_mut() {
        region.openings.retain(|o| !joined.contains(o));
    }
}

/// Whether module `m` is linked to the grown tree (through links, possibly across other locked regions).
fn reaches_growth(growth: &Growth, m: usize) -> bool {
    let mut seen = vec![false; growth.modules.len()];
    let mut stack = vec![m];
    seen[m] = true;
    while let Some(a) = stack.pop() {
        if growth.modules[a].lock.is_none() {
            return true;
        }
        for d in SIDES {
            if growth.modules[a].links & bit(d) == 0 {
                continue;
            }
            if let Some(b) = growth.at(step(growth.modules[a].pos, d))
                && !seen[b]
            {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    false
}

/// The locked floor must lie inside its modules under the current module size and border.
fn check_cells(
    settings: &Settings,
    lock: &LockedRoom,
    positions: &[(i32, i32)],
    l: usize,
) -> Result<(), GenerateError> {
    let n = settings.module_size - 1;
    let inside = |c: &Cell| {
        positions.iter().any(|&(i, j)| {
            let (x0, y0) = (settings.outer_border + i * n, settings.outer_border + j * n);
            c.x >= x0 && c.x <= x0 + n && c.y >= y0 && c.y <= y0 + n
        })
    };
    let floor_ok = lock.terrain.iter().all(|(c, t)| {
        !lock.room.cells.contains(c) || (inside(c) && *t != Terrain::Ground && *t != Terrain::Void)
    });
    if floor_ok {
        Ok(())
    } else {
        Err(unsatisfiable(format!(
            "locked room {l} does not fit the module grid any more (module size or border changed)"
        )))
    }
}

/// Step 3: attaches every locked region with exactly one link: to a grown neighbour through one of its
/// openings when there is one, else through a forced chain of corridor modules along a shortest free path.
/// Locked regions joined by a kept door count as one, attached once.
pub fn attach(
    growth: &mut Growth,
    regions: &[LockedRegion],
    rng: &mut Stream,
) -> Result<(), GenerateError> {
    for (l, region) in regions.iter().enumerate() {
        if reaches_growth(growth, region.modules[0]) {
            continue;
        }
        let grown_neighbour = |g: &Growth, &(m, d): &(usize, Dir)| {
            g.at(step(g.modules[m].pos, d))
                .filter(|&n| g.modules[n].lock.is_none())
        };
        let direct: Vec<(usize, Dir)> = region
            .openings
            .iter()
            .copied()
            .filter(|o| grown_neighbour(growth, o).is_some())
            .collect();
        if !direct.is_empty() {
            let (m, d) = direct[rng.below(direct.len())];
            if let Some(n) = grown_neighbour(growth, &(m, d)) {
                growth.link(n, d.opposite(), m);
            }
            continue;
        }
        let path = free_path(growth, region).ok_or_else(|| {
            unsatisfiable(format!(
                "locked room {l} cannot be reached: no free path from the grown modules"
            ))
        })?;
        place_chain(growth, &path);
    }
    Ok(())
}

/// A shortest path of free positions from a grown module to a position in front of one of the region's
/// openings: the grown module first, then the free positions, then the locked module.
fn free_path(growth: &Growth, region: &LockedRegion) -> Option<Vec<(i32, i32)>> {
    let cap = growth.capacity();
    let index = |(i, j): (i32, i32)| (j * growth.modules_x + i) as usize;
    let mut from: Vec<Option<(i32, i32)>> = vec![None; cap];
    let mut seen = vec![false; cap];
    let mut queue = VecDeque::new();
    for module in growth.modules.iter().filter(|m| m.lock.is_none()) {
        seen[index(module.pos)] = true;
        queue.push_back(module.pos);
    }
    let goal = |p: (i32, i32)| {
        region
            .openings
            .iter()
            .find(|&&(m, d)| step(growth.modules[m].pos, d) == p)
            .map(|&(m, _)| growth.modules[m].pos)
    };
    while let Some(p) = queue.pop_front() {
        for d in SIDES {
            let q = step(p, d);
            if !growth.in_grid(q) || seen[index(q)] || growth.at(q).is_some() {
                continue;
            }
            seen[index(q)] = true;
            from[index(q)] = Some(p);
            if let Some(target) = goal(q) {
                let mut path = vec![target, q];
                let mut cur = q;
                while let Some(prev) = from[index(cur)] {
                    path.push(prev);
                    cur = prev;
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(q);
        }
    }
    None
}

/// Places straight/turn corridor modules along `path` (grown module, free positions…, locked module).
fn place_chain(growth: &mut Growth, path: &[(i32, i32)]) {
    let dir =
        |a: (i32, i32), b: (i32, i32)| Dir::from_delta(b.0 - a.0, b.1 - a.1).unwrap_or(Dir::N);
    let Some(mut prev) = growth.at(path[0]) else {
        return;
    };
    for k in 1..path.len() - 1 {
        let (here, next) = (path[k], path[k + 1]);
        let travel = dir(path[k - 1], here);
        let chosen = if dir(here, next) == travel {
            ModuleType::Straight
        } else {
            ModuleType::Turn
        };
        let id = growth.insert(Module {
            pos: here,
            chosen,
            in_side: travel.opposite(),
            outs: bit(dir(here, next)),
            links: 0,
            parent: Some(prev),
            reopened: false,
            lock: None,
        });
        growth.link(prev, travel, id);
        prev = id;
    }
    if let (Some(&last), Some(&before)) = (path.last(), path.get(path.len() - 2))
        && let Some(target) = growth.at(last)
    {
        growth.link(prev, dir(before, last), target);
    }
}
