//! What guards see and light from the cells of their patrol routes, made before their timelines exist.
//!
//! The relit replay (`super::relit`) runs one turn after another on one thread; the cones and carried
//! light of the timelines it produces cost as much again. A guard stands on its route on nearly every
//! turn — it leaves it only to relight a torch — so the sight and carried light of every route cell are
//! computed on the other thread while the replay runs, and `super::watch` looks them up, computing only
//! the cells of relighting detours itself.

use rayon::prelude::*;

use super::cells::CellRules;
use super::light::{CARRIED_RADIUS2, cast};
use super::patch::Patch;
use super::sight::visible;
use crate::model::{Cell, Level};

/// Per cell of the map, an index into a list of values made for route cells only.
struct PerCell<T> {
    ids: Vec<u32>,
    values: Vec<T>,
}

impl<T> PerCell<T> {
    fn new(cells: usize) -> Self {
        PerCell {
            ids: vec![u32::MAX; cells],
            values: Vec::new(),
        }
    }

    /// Gives cell `i` its value.
    fn put(&mut self, i: usize, value: T) {
        self.ids[i] = self.values.len() as u32;
        self.values.push(value);
    }

    fn get(&self, cell: Option<usize>) -> Option<&T> {
        let id = *self.ids.get(cell?)?;
        self.values.get(id as usize)
    }
}

/// A carried light as the nonzero words of a map-wide set.
type CarriedWords = Vec<(u32, u64)>;

/// The sight of every cell a guard's route passes, and the carried light of every cell a torch
/// carrier's route passes.
pub struct RouteViews {
    seen: PerCell<Patch>,
    carried: PerCell<CarriedWords>,
}

impl RouteViews {
    /// The views of `level`'s guards' route cells. The cells are listed first, then their views are
    /// made on the pool's threads (a long route has thousands), and placed in the list's order.
    pub fn new(level: &Level, rules: &CellRules) -> Self {
        let shape = rules.shape;
        // Each route cell once, with whether a torch carrier walks it.
        let mut listed = vec![None::<usize>; shape.len()];
        let mut cells: Vec<(Cell, usize, bool)> = Vec::new();
        for guard in &level.guards {
            let Some(route) = level.patrols.get(guard.route) else {
                continue;
            };
            for &c in &route.cells {
                let Some(i) = shape.index(c) else {
                    continue;
                };
                if let Some(at) = listed[i] {
                    cells[at].2 |= guard.carries_torch;
                } else {
                    listed[i] = Some(cells.len());
                    cells.push((c, i, guard.carries_torch));
                }
            }
        }
        let made: Vec<(Patch, Option<CarriedWords>)> = cells
            .par_iter()
            .map(|&(c, _, carried)| {
                let light = carried.then(|| cast(rules, c, CARRIED_RADIUS2).map_words(shape));
                (visible(rules, c), light)
            })
            .collect();
        let mut views = RouteViews {
            seen: PerCell::new(shape.len()),
            carried: PerCell::new(shape.len()),
        };
        for (&(_, i, _), (seen, light)) in cells.iter().zip(made) {
            views.seen.put(i, seen);
            if let Some(light) = light {
                views.carried.put(i, light);
            }
        }
        views
    }

    /// The cells a guard at `c` could see in any facing if they were lit ([`visible`]).
    pub fn seen(&self, rules: &CellRules, c: Cell) -> Patch {
        self.seen
            .get(rules.shape.index(c))
            .copied()
            .unwrap_or_else(|| visible(rules, c))
    }

    /// The light a torch carried at `c` casts, as the nonzero words of a map-wide set.
    pub fn carried(&self, rules: &CellRules, c: Cell) -> CarriedWords {
        self.carried.get(rules.shape.index(c)).map_or_else(
            || cast(rules, c, CARRIED_RADIUS2).map_words(rules.shape),
            Clone::clone,
        )
    }
}
