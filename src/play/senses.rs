//! The guards' senses as pure functions (`stealth-rules.md` §3.3–§3.6): whether a guard sees the thief,
//! whether the thief is hidden, whether a guard hears a creak. They judge one guard against one thief
//! and change nothing, so the turn loop can ask them in the order of §4.6 and a test can ask them alone.
//!
//! The geometry is the analysis's own (half-plane, staircase line of sight, earshot by path cost), so
//! the relaxed test here is the one the analysis's watch sets are made of; the cutoffs a game version
//! decides come from [`Rules`].

use crate::analysis::stealth::earshot::earshot;
use crate::analysis::stealth::sight::{in_front, line_of_sight};
use crate::analysis::stealth::{CellRules, CellSet};
use crate::model::{Cell, Dir, Level, Terrain};

use super::rules::{Noise, Rules};
use super::thief::Thief;

/// A guard as its sight test sees it: where it stands, which way it looks, and whether its mode is
/// alert (§3.1), which is all of the guard the test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watcher {
    /// The guard's cell.
    pub cell: Cell,
    /// Its facing at the test (§3.2).
    pub facing: Dir,
    /// Whether it is in an alert mode (anything but `Patrol`, `RelightTorch`, `PostRelightTorch`): alert
    /// guards see farther and see an adjacent thief whatever the line and hiding.
    pub alert: bool,
}

/// Whether `guard` sees a thief at `thief` (§3.3), with `lit` the lit cells of the light its test uses
/// (§2.3) and `hidden` whether the thief is hidden (§3.5, see [`hidden`]); `cells` are the level's
/// cell rules, for what blocks sight (§3.4).
///
/// In front (closed half-plane) and within the cutoff for the thief's cell's light, and then either not
/// hidden with a clear line from the guard, or, for an alert guard only, adjacent. The order is the
/// original's (`guard.ts:246-269`): adjacency is tried only within the cutoff, which matters only to a
/// rule set whose cutoff is below an adjacent cell's `d²` of 2.
pub fn sees(
    rules: &impl Rules,
    cells: &CellRules,
    lit: &CellSet,
    guard: Watcher,
    thief: Cell,
    hidden: bool,
) -> bool {
    let g = guard.cell;
    if !in_front(g, guard.facing, thief) {
        return false;
    }
    let (dx, dy) = (thief.x - g.x, thief.y - g.y);
    if dx * dx + dy * dy >= rules.sight_cutoff(guard.alert, lit.contains(thief)) {
        return false;
    }
    if !hidden && line_of_sight(cells, g, thief) {
        return true;
    }
    let near = rules.alert_adjacency();
    guard.alert && dx.abs() <= near && dy.abs() <= near
}

/// Whether `thief` is hidden (§3.5): never while any guard chases it (`chased`); otherwise on a hiding
/// cell (a table or a bush) or on water with its submersion counter above 0 (§5.7).
pub fn hidden(cells: &CellRules, level: &Level, thief: &Thief, chased: bool) -> bool {
    let submerged = level.in_bounds(thief.cell)
        && level.terrain(thief.cell) == Terrain::Water
        && thief.breath > 0;
    !chased && (cells.hides.contains(thief.cell) || submerged)
}

/// Whether a guard standing at `guard` hears `noise` (§3.6): within the rule set's earshot, a path from
/// the noise over 8 neighbours at cost 2 orthogonal and 3 diagonal, through anything but walls and
/// with no corner rule. Costs are symmetric, so the earshot is that of the noise.
pub fn hears(rules: &impl Rules, cells: &CellRules, noise: Noise, guard: Cell) -> bool {
    earshot(cells, noise.at, rules.creak_earshot()).contains(guard)
}

/// The cells within path cost `reach` of `from` (§3.6, §3.7): the earshot of a sound of any reach,
/// for shouts (25), which the analysis's patch-sized earshot does not cover. Dijkstra over 8
/// neighbours at cost 2 orthogonal and 3 diagonal, never into a wall, with no corner rule.
pub fn within_earshot(cells: &CellRules, from: Cell, reach: u32) -> Vec<Cell> {
    let mut best: std::collections::HashMap<Cell, u32> = std::collections::HashMap::new();
    let mut heap = std::collections::BinaryHeap::new();
    if cells.shape.contains(from) {
        heap.push(std::cmp::Reverse((0, from.x, from.y)));
    }
    while let Some(std::cmp::Reverse((cost, x, y))) = heap.pop() {
        let c = Cell::new(x, y);
        if best.contains_key(&c) {
            continue;
        }
        best.insert(c, cost);
        for (dx, dy, step) in STEPS {
            let n = c.offset(dx, dy);
            let next = cost + step;
            if next <= reach
                && cells.shape.contains(n)
                && !cells.wall.contains(n)
                && !best.contains_key(&n)
            {
                heap.push(std::cmp::Reverse((next, n.x, n.y)));
            }
        }
    }
    let mut heard: Vec<Cell> = best.into_keys().collect();
    heard.sort_by_key(|c| (c.y, c.x));
    heard
}

/// Sound's steps: orthogonal at cost 2, diagonal at 3.
const STEPS: [(i32, i32, u32); 8] = [
    (1, 0, 2),
    (-1, 0, 2),
    (0, 1, 2),
    (0, -1, 2),
    (1, 1, 3),
    (1, -1, 3),
    (-1, 1, 3),
    (-1, -1, 3),
];
