//! Where a guard off its route rejoins it (`findPatrolPathIndex`, §4.4), found with a lookup.
//!
//! A guard off its route steps toward it every turn and then asks whether it stands on the route and
//! at which index. The spec's answer searches the route ([`rejoin_index`]); on a crowded level most
//! guards are off their routes on most turns, and even a search of the route's cells sorted per route
//! missed the cache on every call. So every route's cells are indexed once per map cell: a guard's
//! question reads the few routes through its own cell.

use crate::model::{Cell, PatrolRoute, Shape};

#[cfg(doc)]
use super::walk::rejoin_index;

/// Per cell of the map, the (route, index) pairs of every patrol route through it, sorted: the pairs
/// of cell `i` are `entries[starts[i]..starts[i + 1]]`, in 32 bits each so that the index stays in
/// the processor's cache beside everything else a turn reads. Shared by the copies of the guards.
#[derive(Clone, Debug)]
pub(super) struct RouteIndex {
    shape: Shape,
    starts: Vec<usize>,
    entries: Vec<(u32, u32)>,
}

impl RouteIndex {
    /// The index of `patrols` over a map of `shape`; route cells off the map are left out (no guard
    /// stands there), as are routes and indices past 32 bits (no level that loads has them).
    pub(super) fn new(shape: Shape, patrols: &[PatrolRoute]) -> Self {
        let mut placed: Vec<(usize, (u32, u32))> = patrols
            .iter()
            .enumerate()
            .flat_map(|(route, patrol)| {
                patrol
                    .cells
                    .iter()
                    .enumerate()
                    .filter_map(move |(index, &c)| {
                        let entry = (u32::try_from(route).ok()?, u32::try_from(index).ok()?);
                        Some((shape.index(c)?, entry))
                    })
            })
            .collect();
        placed.sort_unstable();
        let mut starts = Vec::with_capacity(shape.len() + 1);
        let mut next = 0;
        for cell in 0..=shape.len() {
            while placed.get(next).is_some_and(|&(at, _)| at < cell) {
                next += 1;
            }
            starts.push(next);
        }
        RouteIndex {
            shape,
            starts,
            entries: placed.into_iter().map(|(_, entry)| entry).collect(),
        }
    }

    /// [`rejoin_index`] of route `route`: the first index from `index` on holding `here`, else the
    /// last before it; `None` when the route does not pass `here`.
    pub(super) fn rejoin(&self, route: usize, index: usize, here: Cell) -> Option<usize> {
        let at = self.shape.index(here)?;
        let (route, index) = (u32::try_from(route).ok()?, u32::try_from(index).ok()?);
        let through = &self.entries[self.starts[at]..self.starts[at + 1]];
        // The route's pairs are in index order, most often one or two of them: the first from
        // `index` on answers, else the last before it.
        let lo = through.partition_point(|&(r, _)| r < route);
        let mut before = None;
        for &(r, i) in &through[lo..] {
            if r != route {
                break;
            }
            if i >= index {
                return Some(i as usize);
            }
            before = Some(i as usize);
        }
        before
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::walk::rejoin_index;
    use super::*;

    fn route(cells: Vec<(i32, i32)>) -> PatrolRoute {
        PatrolRoute {
            cells: cells.into_iter().map(|(x, y)| Cell::new(x, y)).collect(),
            visits: Vec::new(),
            stations: Vec::new(),
            outside: false,
        }
    }

    proptest! {
        /// The lookup finds what the spec's search along the route finds, on routes that cross
        /// themselves and each other (cells drawn from a 4 × 4 map and one cell around it, so most
        /// repeat and some lie off the map).
        #[test]
        fn rejoining_by_lookup_is_rejoining_by_search(
            routes in proptest::collection::vec(
                proptest::collection::vec((-1..5i32, -1..5i32), 1..40),
                1..4,
            ),
            which in 0usize..4,
            index in 0usize..45,
            x in -1..5i32,
            y in -1..5i32,
        ) {
            let patrols: Vec<PatrolRoute> = routes.into_iter().map(route).collect();
            let which = which % patrols.len();
            let lookup = RouteIndex::new(Shape::new(4, 4), &patrols);
            let here = Cell::new(x, y);
            let searched = if Shape::new(4, 4).contains(here) {
                rejoin_index(&patrols[which].cells, index, here)
            } else {
                None
            };
            prop_assert_eq!(lookup.rejoin(which, index, here), searched);
        }
    }
}
