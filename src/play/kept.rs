//! Lists of cells worked out once per cell of a level and kept for every later game of it
//! ([`CellLists`]): what the thief sees from a viewpoint, who hears a shout from a cell. Both depend
//! on the walls alone, which never move, and simulated thieves play one level hundreds of times, on
//! every core.

use std::borrow::Cow;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::model::Cell;

/// Per cell of a map (row-major), a list of cells made the first time it is asked for and kept, on
/// any thread, while the lists kept stay within a byte budget; past it a list is made again each time.
#[derive(Debug)]
pub(crate) struct CellLists {
    lists: Box<[OnceLock<Box<[Cell]>>]>,
    /// Bytes kept so far (a list two threads made at once may be counted twice).
    kept: AtomicUsize,
    budget: usize,
}

impl CellLists {
    /// Nothing kept yet, for a map of `cells` cells, keeping at most `budget` bytes of lists.
    pub fn new(cells: usize, budget: usize) -> Self {
        CellLists {
            lists: (0..cells).map(|_| OnceLock::new()).collect(),
            kept: AtomicUsize::new(0),
            budget,
        }
    }

    /// The list of cell `i`, kept, or made by `make` now (and kept while within budget). Cells
    /// past the map have no list kept.
    pub fn get_or_make(&self, i: usize, make: impl FnOnce() -> Vec<Cell>) -> Cow<'_, [Cell]> {
        let Some(slot) = self.lists.get(i) else {
            return make().into();
        };
        if let Some(list) = slot.get() {
            return list.as_ref().into();
        }
        let list = make();
        let bytes = std::mem::size_of_val(list.as_slice());
        if self.kept.fetch_add(bytes, Ordering::Relaxed) + bytes > self.budget {
            return list.into();
        }
        slot.get_or_init(|| list.into()).as_ref().into()
    }

    /// How many cells have their list kept.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.lists.iter().filter(|l| l.get().is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_made_once_and_none_past_the_budget() {
        let lists = CellLists::new(4, 3 * size_of::<Cell>());
        let made = std::cell::Cell::new(0);
        let make = |n: i32| {
            made.set(made.get() + 1);
            (0..n).map(|x| Cell::new(x, 0)).collect::<Vec<_>>()
        };
        assert_eq!(lists.get_or_make(0, || make(2)).len(), 2);
        assert_eq!(lists.get_or_make(0, || make(9)).len(), 2, "kept");
        assert_eq!(made.get(), 1);
        assert_eq!(lists.get_or_make(1, || make(2)).len(), 2, "over budget");
        assert_eq!(lists.get_or_make(1, || make(1)).len(), 1, "not kept");
        assert_eq!(lists.get_or_make(7, || make(1)).len(), 1, "off the map");
        assert_eq!(lists.count(), 1);
    }
}
