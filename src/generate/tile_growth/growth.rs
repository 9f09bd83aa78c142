//! §1.2–1.3: growing modules from the root, plugging lazily, the closed-growth fix and optional loops.

use super::params::{ModuleType, RootColumn, Settings};
use crate::generate::rng::Stream;
use crate::model::Dir;

/// The four sides, in the order bit masks use.
pub const SIDES: [Dir; 4] = [Dir::N, Dir::S, Dir::E, Dir::W];

/// The bit of a side in a side mask.
pub fn bit(d: Dir) -> u8 {
    match d {
        Dir::N => 1,
        Dir::S => 2,
        Dir::E => 4,
        Dir::W => 8,
    }
}

/// One placed module (§1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    /// Grid position `(i, j)`, `j = 0` the front row.
    pub pos: (i32, i32),
    /// The type drawn for it, which sets its outs and whether it is a chamber.
    pub chosen: ModuleType,
    /// The side facing the parent (the front side for the root).
    pub in_side: Dir,
    /// Live outs: sides whose connection is still open or became a link.
    pub outs: u8,
    /// Linked sides.
    pub links: u8,
    /// The module it grew from; `None` for the root and locked modules.
    pub parent: Option<usize>,
    /// Whether the closed-growth fix reopened it (its free sides became outs).
    pub reopened: bool,
    /// The index of the lock that pre-placed it; such modules are never grown from, and modules of
    /// different locks never merge into one room.
    pub lock: Option<usize>,
}

/// The grown module grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    /// Grid width in modules.
    pub modules_x: i32,
    /// Grid depth in modules.
    pub modules_y: i32,
    /// Modules in placement order (locked ones first).
    pub modules: Vec<Module>,
    /// Module index of every grid position, row-major (`j * modules_x + i`).
    pub grid: Vec<Option<usize>>,
    /// The root module.
    pub root: usize,
    /// How many times the closed-growth fix reopened a module.
    pub reopens: usize,
    /// Links added by the optional loop step.
    pub extra_links: usize,
}

impl Growth {
    /// A grid of `modules_x × modules_y` positions with no module yet.
    pub fn empty(modules_x: i32, modules_y: i32) -> Self {
        Growth {
            modules_x,
            modules_y,
            modules: Vec::new(),
            grid: vec![None; (modules_x * modules_y) as usize],
            root: 0,
            reopens: 0,
            extra_links: 0,
        }
    }

    /// The module at grid position `(i, j)`, if any; `None` off the grid.
    pub fn at(&self, (i, j): (i32, i32)) -> Option<usize> {
        if i < 0 || j < 0 || i >= self.modules_x || j >= self.modules_y {
            return None;
        }
        self.grid[(j * self.modules_x + i) as usize]
    }

    /// Whether `(i, j)` is a position of the grid.
    pub fn in_grid(&self, (i, j): (i32, i32)) -> bool {
        i >= 0 && j >= 0 && i < self.modules_x && j < self.modules_y
    }

    /// How many modules the grid can hold: the denominator of the fill.
    pub fn capacity(&self) -> usize {
        (self.modules_x * self.modules_y) as usize
    }

    /// Adds a module at a free position and returns its index.
    pub fn insert(&mut self, module: Module) -> usize {
        let id = self.modules.len();
        let (i, j) = module.pos;
        self.grid[(j * self.modules_x + i) as usize] = Some(id);
        self.modules.push(module);
        id
    }

    /// Links two neighbouring modules through side `d` of `a`.
    pub fn link(&mut self, a: usize, d: Dir, b: usize) {
        self.modules[a].links |= bit(d);
        self.modules[a].outs |= bit(d);
        self.modules[b].links |= bit(d.opposite());
    }

    /// Free in-grid neighbour sides of a module, in N, S, E, W order.
    fn free_sides(&self, m: usize) -> Vec<Dir> {
        let pos = self.modules[m].pos;
        SIDES
            .into_iter()
            .filter(|&d| {
                let n = step(pos, d);
                self.in_grid(n) && self.at(n).is_none()
            })
            .collect()
    }
}

/// The neighbouring position through side `d`.
pub fn step((i, j): (i32, i32), d: Dir) -> (i32, i32) {
    let (dx, dy) = d.delta();
    (i + dx, j + dy)
}

/// The right-hand side of a direction of travel.
fn right_of(d: Dir) -> Dir {
    d.left().opposite()
}

/// Draws a weight group, then a variant within it; returns the type and its outs relative to the travel
/// direction `ahead`, in the order ahead, left, right.
fn draw_type(settings: &Settings, ahead: Dir, rng: &mut Stream) -> (ModuleType, Vec<Dir>) {
    let total: u32 = settings.weights.iter().map(|(_, w)| w).sum();
    let mut pick = rng.below(total as usize) as u32;
    let mut group = ModuleType::DeadEnd;
    for &(t, w) in &settings.weights {
        if pick < w {
            group = t;
            break;
        }
        pick -= w;
    }
    let (left, right) = (ahead.left(), right_of(ahead));
    let outs = match group {
        ModuleType::DeadEnd => Vec::new(),
        ModuleType::Straight => vec![ahead],
        ModuleType::Turn => vec![[left, right][rng.below(2)]],
        ModuleType::Branch => match rng.below(3) {
            0 => vec![left, right],
            1 => vec![ahead, left],
            _ => vec![ahead, right],
        },
        ModuleType::Cross => vec![ahead, left, right],
    };
    (group, outs)
}

/// Places a grown module with its in side facing `in_side` and queues its outs.
fn place(
    growth: &mut Growth,
    open: &mut Vec<(usize, Dir)>,
    pos: (i32, i32),
    in_side: Dir,
    parent: Option<usize>,
    settings: &Settings,
    rng: &mut Stream,
) -> usize {
    let (chosen, outs) = draw_type(settings, in_side.opposite(), rng);
    let id = growth.insert(Module {
        pos,
        chosen,
        in_side,
        outs: outs.iter().fold(0, |m, &d| m | bit(d)),
        links: 0,
        parent,
        reopened: false,
        lock: None,
    });
    open.extend(outs.into_iter().map(|d| (id, d)));
    id
}

/// §1.3 step 1: the root on the front row. When a lock holds the wanted column, the nearest free column
/// of the front row takes the root (ties to the west); `None` when the whole front row is locked.
fn place_root(
    growth: &mut Growth,
    settings: &Settings,
    rng: &mut Stream,
) -> Option<Vec<(usize, Dir)>> {
    let wanted = match settings.root_column {
        RootColumn::Center => growth.modules_x / 2,
        RootColumn::Random => rng.below_i32(growth.modules_x),
    };
    let column = (0..growth.modules_x)
        .filter(|&i| growth.at((i, 0)).is_none())
        .min_by_key(|&i| ((i - wanted).abs(), i))?;
    let mut open = Vec::new();
    growth.root = place(growth, &mut open, (column, 0), Dir::S, None, settings, rng);
    Some(open)
}

/// §1.3 step 5: reopens a blob-corner module (or any boundary module) toward its free sides. Returns the
/// new open connections, empty when the grid has no free in-grid neighbour left.
fn reopen(growth: &mut Growth, rng: &mut Stream) -> Vec<(usize, Dir)> {
    let grown: Vec<usize> = (0..growth.modules.len())
        .filter(|&m| growth.modules[m].lock.is_none())
        .collect();
    let row = |j: i32| -> Vec<usize> {
        let mut in_row: Vec<usize> = grown
            .iter()
            .copied()
            .filter(|&m| growth.modules[m].pos.1 == j)
            .collect();
        in_row.sort_by_key(|&m| growth.modules[m].pos.0);
        in_row
    };
    let (Some(back), Some(front)) = (
        grown.iter().map(|&m| growth.modules[m].pos.1).max(),
        grown.iter().map(|&m| growth.modules[m].pos.1).min(),
    ) else {
        return Vec::new();
    };
    let mut corners = Vec::new();
    for j in [back, front] {
        let in_row = row(j);
        for m in [in_row.first(), in_row.last()].into_iter().flatten() {
            if !corners.contains(m) && !growth.free_sides(*m).is_empty() {
                corners.push(*m);
            }
        }
    }
    if corners.is_empty() {
        let mut boundary: Vec<usize> = grown
            .into_iter()
            .filter(|&m| !growth.free_sides(m).is_empty())
            .collect();
        boundary.sort_by_key(|&m| (growth.modules[m].pos.1, growth.modules[m].pos.0));
        corners = boundary;
    }
    if corners.is_empty() {
        return Vec::new();
    }
    let m = corners[rng.below(corners.len())];
    let sides = growth.free_sides(m);
    let module = &mut growth.modules[m];
    module.reopened = true;
    module.outs |= sides.iter().fold(0, |acc, &d| acc | bit(d));
    growth.reopens += 1;
    sides.into_iter().map(|d| (m, d)).collect()
}

/// §1.3 steps 1–5: grows the module tree into `growth` (which may hold locked modules already). Returns
/// false when no root position is free.
pub fn grow(growth: &mut Growth, settings: &Settings, rng: &mut Stream) -> bool {
    let Some(mut open) = place_root(growth, settings, rng) else {
        return false;
    };
    let grown = |g: &Growth| g.modules.iter().filter(|m| m.lock.is_none()).count();
    loop {
        if grown(growth) >= settings.max_modules {
            break;
        }
        if open.is_empty() {
            if grown(growth) >= settings.min_modules {
                break;
            }
            open = reopen(growth, rng);
            if open.is_empty() {
                break;
            }
            continue;
        }
        let (m, side) = open.remove(rng.below(open.len()));
        let target = step(growth.modules[m].pos, side);
        if !growth.in_grid(target) || growth.at(target).is_some() {
            growth.modules[m].outs &= !bit(side);
            continue;
        }
        let child = place(
            growth,
            &mut open,
            target,
            side.opposite(),
            Some(m),
            settings,
            rng,
        );
        growth.link(m, side, child);
    }
    for (m, side) in open {
        growth.modules[m].outs &= !bit(side);
    }
    true
}

/// §1.3 step 6: links unlinked neighbouring grown modules with `chance`, row-major.
pub fn add_loops(growth: &mut Growth, chance: f64, rng: &mut Stream) {
    for j in 0..growth.modules_y {
        for i in 0..growth.modules_x {
            let Some(a) = growth.at((i, j)) else { continue };
            for d in [Dir::E, Dir::N] {
                let Some(b) = growth.at(step((i, j), d)) else {
                    continue;
                };
                let unlinked = growth.modules[a].links & bit(d) == 0;
                let grown = growth.modules[a].lock.is_none() && growth.modules[b].lock.is_none();
                if unlinked && grown && rng.chance(chance) {
                    growth.link(a, d, b);
                    growth.modules[b].outs |= bit(d.opposite());
                    growth.extra_links += 1;
                }
            }
        }
    }
}
