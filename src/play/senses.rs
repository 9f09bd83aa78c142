//! The guards' senses as pure functions (`stealth-rules.md` §3.3–§3.6): whether a guard sees the thief,
//! whether the thief is hidden, whether a guard hears a creak. They judge one guard against one thief
//! and change nothing, so the turn loop can ask them in the order of §4.6 and a test can ask them alone.
//!
//! The geometry is the analysis's own (half-plane, staircase line of sight, earshot by path cost), so
//! the relaxed test here is the one the analysis's watch sets are made of; the cutoffs a game version
//! decides come from [`Rules`].

use crate::analysis::stealth::CellRules;
use crate::analysis::stealth::earshot::earshot;
use crate::analysis::stealth::sight::{in_front, line_of_sight};
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
    thief_lit: bool,
    guard: Watcher,
    thief: Cell,
    hidden: bool,
) -> bool {
    let g = guard.cell;
    if !in_front(g, guard.facing, thief) {
        return false;
    }
    let (dx, dy) = (thief.x - g.x, thief.y - g.y);
    if dx * dx + dy * dy >= rules.sight_cutoff(guard.alert, thief_lit) {
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
///
/// A sound never goes farther than `reach / 2` cells (a step costs at least 2), so the search keeps its
/// costs in a grid of that square alone, and takes cells in cost order from one bucket per cost: a
/// shout is heard every turn a guard chases, so this runs often.
pub fn within_earshot(cells: &CellRules, from: Cell, reach: u32) -> Vec<Cell> {
    let shape = cells.shape;
    if !shape.contains(from) {
        return Vec::new();
    }
    let radius = i32::try_from(reach / 2).unwrap_or(i32::MAX);
    let (x0, y0) = (
        from.x.saturating_sub(radius).max(0),
        from.y.saturating_sub(radius).max(0),
    );
    let (x1, y1) = (
        from.x.saturating_add(radius).min(shape.width() - 1),
        from.y.saturating_add(radius).min(shape.height() - 1),
    );
    let width = (x1 - x0 + 1) as usize;
    let inside = |c: Cell| (x0..=x1).contains(&c.x) && (y0..=y1).contains(&c.y);
    let slot = |c: Cell| (c.y - y0) as usize * width + (c.x - x0) as usize;
    let mut best = vec![u32::MAX; width * (y1 - y0 + 1) as usize];
    // No cell of the square costs more than three per step across it.
    let reach = reach.min(3 * (width as u32 + (y1 - y0 + 1) as u32));
    let mut buckets: Vec<Vec<Cell>> = vec![Vec::new(); reach as usize + 1];
    buckets[0].push(from);
    for cost in 0..=reach {
        // Every step costs 2 or 3, so nothing is added to this bucket while it is emptied.
        for c in std::mem::take(&mut buckets[cost as usize]) {
            if best[slot(c)] != u32::MAX {
                continue;
            }
            best[slot(c)] = cost;
            for (dx, dy, step) in STEPS {
                let n = c.offset(dx, dy);
                let next = cost + step;
                if next <= reach
                    && inside(n)
                    && !cells.wall.contains(n)
                    && best[slot(n)] == u32::MAX
                {
                    buckets[next as usize].push(n);
                }
            }
        }
    }
    (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| Cell::new(x, y)))
        .filter(|&c| best[slot(c)] != u32::MAX)
        .collect()
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
