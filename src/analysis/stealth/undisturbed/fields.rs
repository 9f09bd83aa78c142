//! Whole distance fields, one per goal, grown once per level and kept: the blocks that
//! [`super::kept::BlockCache`] has not met yet are read off them instead of each growing its own
//! search.
//!
//! A guard chasing or searching walks many steps toward one goal (the thief's last known cell), and
//! several guards share it; each step is a block the table has not seen, and an A* from the goal to a
//! far block settles most of the map anyway. A whole field costs about one such search and then
//! answers every block toward that goal. A field is the same whoever asks (it depends only on the level
//! and the goal), so a slot is written once, by whichever thread gets there first, and read without a
//! lock by every copy of the level's guards.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::model::{Cell, Shape};

use super::block::FieldKey;

/// The most field values one level keeps (64 MiB): hundreds of goals of the largest legal map, every
/// goal of a mansion; past it a block is searched for alone, as before any field was kept.
const MAX_VALUES: usize = 1 << 24;

/// The fields of one level: per goal cell, per torch cell (`Beside`), per patrol route.
#[derive(Debug)]
pub struct Fields {
    shape: Shape,
    /// Values kept so far, against `budget` ([`MAX_VALUES`]).
    stored: AtomicUsize,
    budget: usize,
    /// `FieldKey::Cell(c)` at `shape.index(c)`, `FieldKey::Beside(c)` at `shape.len() + index`.
    cells: Box<[OnceLock<Box<[u32]>>]>,
    /// `FieldKey::Route(r)` at `r`.
    routes: Box<[OnceLock<Box<[u32]>>]>,
}

impl Fields {
    /// No field yet, for a map of `shape` with `routes` patrol routes.
    pub fn new(shape: Shape, routes: usize) -> Self {
        let empty = |n: usize| (0..n).map(|_| OnceLock::new()).collect();
        Fields {
            shape,
            stored: AtomicUsize::new(0),
            budget: MAX_VALUES,
            cells: empty(2 * shape.len()),
            routes: empty(routes),
        }
    }

    /// The field toward `key`, grown by `grow` the first time; `None` for a key off the map or past
    /// the routes, or once the fields kept fill their budget (the caller then searches alone).
    pub fn get_or_grow(&self, key: FieldKey, grow: impl FnOnce() -> Box<[u32]>) -> Option<&[u32]> {
        let slot = match key {
            FieldKey::Cell(c) => self.cells.get(self.shape.index(c)?)?,
            FieldKey::Beside(c) => self.cells.get(self.shape.len() + self.shape.index(c)?)?,
            FieldKey::Route(r) => self.routes.get(r)?,
        };
        if let Some(field) = slot.get() {
            return Some(field);
        }
        let size = self.shape.len();
        if self.stored.fetch_add(size, Ordering::Relaxed) + size > self.budget {
            self.stored.fetch_sub(size, Ordering::Relaxed);
            return None;
        }
        Some(slot.get_or_init(grow))
    }
}

/// The block around `from`'s values on `field`, in [`super::block::block`]'s order, `INFINITE` where
/// `wanted` is false or the block leaves the map.
pub fn block_values(field: &[u32], shape: Shape, from: Cell, wanted: [bool; 9]) -> [u32; 9] {
    let mut out = [crate::model::topology::INFINITE; 9];
    for (k, c) in super::block::block(from).enumerate() {
        if wanted[k]
            && let Some(&v) = shape.index(c).and_then(|i| field.get(i))
        {
            out[k] = v;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell as Counter;

    #[test]
    fn a_field_is_grown_once_and_keys_off_the_map_or_routes_are_left_alone() {
        let shape = Shape::new(4, 3);
        let fields = Fields::new(shape, 1);
        let grown = Counter::new(0);
        let grow = || {
            grown.set(grown.get() + 1);
            vec![7; shape.len()].into_boxed_slice()
        };
        let goal = FieldKey::Cell(Cell::new(1, 1));
        assert_eq!(fields.get_or_grow(goal, grow).map(<[u32]>::len), Some(12));
        assert_eq!(fields.get_or_grow(goal, grow).map(|f| f[0]), Some(7));
        assert_eq!(grown.get(), 1, "kept, not grown again");
        assert!(
            fields
                .get_or_grow(FieldKey::Beside(Cell::new(1, 1)), grow)
                .is_some()
        );
        assert_eq!(grown.get(), 2, "a torch's field is another field");
        assert!(
            fields
                .get_or_grow(FieldKey::Cell(Cell::new(9, 0)), grow)
                .is_none()
        );
        assert!(fields.get_or_grow(FieldKey::Route(1), grow).is_none());
        assert_eq!(grown.get(), 2);
    }

    #[test]
    fn past_the_budget_no_field_is_kept() {
        let shape = Shape::new(4, 3);
        let fields = Fields {
            budget: 25,
            ..Fields::new(shape, 0)
        };
        let grow = || vec![0; shape.len()].into_boxed_slice();
        assert!(
            fields
                .get_or_grow(FieldKey::Cell(Cell::new(0, 0)), grow)
                .is_some()
        );
        assert!(
            fields
                .get_or_grow(FieldKey::Cell(Cell::new(0, 0)), grow)
                .is_some(),
            "kept"
        );
        assert!(
            fields
                .get_or_grow(FieldKey::Cell(Cell::new(1, 0)), grow)
                .is_some()
        );
        assert!(
            fields
                .get_or_grow(FieldKey::Cell(Cell::new(2, 0)), grow)
                .is_none(),
            "a third field of 12 values would pass 25"
        );
    }
}
