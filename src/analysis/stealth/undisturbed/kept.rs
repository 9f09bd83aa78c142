//! The block preferences already grown (`super::block`), kept for every later step: per goal and
//! cell in one table, and per route leg in slots of their own.
//!
//! Both are read on most steps of a crowded level, among hundreds of guards, so neither takes a lock:
//! a slot is a word, written once with the preference it will always hold (the field depends only on
//! the level), and a reader that finds a slot not yet written grows the preference itself. Both are
//! shared by the copies of one level's guards (a checkpoint's copy keeps the same level, so the same
//! fields), on any thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::model::{Cell, Shape};

use super::block::{FieldKey, Preference};

/// Marks a written slot: a preference uses the low 40 bits, a packed key the low 62.
const WRITTEN: u64 = 1 << 63;

/// The preference in a slot, if it has been written.
fn read(slot: &AtomicU64) -> Option<Preference> {
    let word = slot.load(Ordering::Relaxed);
    (word & WRITTEN != 0).then_some(Preference(word & !WRITTEN))
}

fn write(slot: &AtomicU64, preference: Preference) {
    slot.store(preference.0 | WRITTEN, Ordering::Relaxed);
}

/// The fewest and most slots of a [`BlockCache`]'s table: a few blocks per cell of the map (16 bytes
/// a slot, so 16 MiB at most, which the operating system hands out as pages are touched).
const MIN_SLOTS: usize = 1 << 12;
const MAX_SLOTS: usize = 1 << 20;
/// Slots tried for one key before the table counts as full there: past it a block is grown, not kept.
const MAX_PROBES: usize = 32;

/// The preferences of blocks already grown, per goal and cell: an open-addressing table of
/// fixed size whose slots are filled once and never emptied. A full table keeps nothing more; the
/// blocks it holds are those met first, which a long replay meets again and again.
#[derive(Clone)]
pub struct BlockCache(Arc<Table>);

struct Table {
    /// Per slot, the packed key with [`WRITTEN`] set, or 0 while free.
    keys: Box<[AtomicU64]>,
    /// Per slot, its preference once written.
    values: Box<[AtomicU64]>,
}

impl std::fmt::Debug for BlockCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BlockCache")
    }
}

impl BlockCache {
    /// An empty cache for a map of `shape`.
    pub fn new(shape: Shape) -> Self {
        let slots = shape
            .len()
            .saturating_mul(16)
            .clamp(MIN_SLOTS, MAX_SLOTS)
            .next_power_of_two();
        let empty = || (0..slots).map(|_| AtomicU64::new(0)).collect();
        BlockCache(Arc::new(Table {
            keys: empty(),
            values: empty(),
        }))
    }

    /// The preference of the block around `from` toward `key`, grown by `grow` the first time.
    pub fn get_or_grow(
        &self,
        key: FieldKey,
        from: Cell,
        grow: impl FnOnce() -> Preference,
    ) -> Preference {
        let Some(word) = packed(key, from) else {
            return grow();
        };
        let Table { keys, values } = &*self.0;
        let mask = keys.len() - 1;
        let marked = word | WRITTEN;
        // Fibonacci hashing: the packed fields sit in the low bits of three ranges, which a multiply
        // spreads into the top bits.
        let start = (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize;
        for probe in 0..MAX_PROBES {
            let i = (start + probe) & mask;
            // A plain read first: claiming a slot writes to it, which most lookups, of slots long
            // since claimed, need not.
            let held = match keys[i].load(Ordering::Relaxed) {
                0 => keys[i]
                    .compare_exchange(0, marked, Ordering::Relaxed, Ordering::Relaxed)
                    .map_or_else(|held| held, |_| marked),
                held => held,
            };
            if held == marked {
                // Ours, found or just claimed: written already, or written now (by whoever gets here
                // first; every writer writes the same preference).
                return read(&values[i]).unwrap_or_else(|| {
                    let preference = grow();
                    write(&values[i], preference);
                    preference
                });
            }
        }
        grow()
    }
}

/// The table's key for `key` and `from` in one word, when their numbers fit (every legal level's do).
fn packed(key: FieldKey, from: Cell) -> Option<u64> {
    let coordinate = |v: i32| u64::try_from(v).ok().filter(|&v| v < 1 << 15);
    let cell = |c: Cell| Some(coordinate(c.x)? << 15 | coordinate(c.y)?);
    let (tag, payload) = match key {
        FieldKey::Cell(c) => (0, cell(c)?),
        FieldKey::Route(route) => (1, u64::try_from(route).ok().filter(|&r| r < 1 << 30)?),
        FieldKey::Beside(c) => (2, cell(c)?),
    };
    Some(tag << 60 | payload << 30 | cell(from)?)
}

/// Per patrol route, per index and direction of walking, the preference of the block around that
/// route cell toward the cell a guard walks to next from it: the steps of a guard on its route that
/// another guard holds up, read from the route's own slots rather than the table.
#[derive(Debug)]
pub struct Legs {
    /// Per route, where its slots start: route `r`'s index `i` walked in direction `d` (0 forward,
    /// 1 reversed) is slot `starts[r] + 2 * i + d`.
    starts: Vec<usize>,
    /// Per slot, its preference once written, else 0.
    slots: Vec<AtomicU64>,
}

impl Legs {
    /// Empty slots for routes of `lengths` cells.
    pub fn new(lengths: impl Iterator<Item = usize>) -> Self {
        let mut starts = Vec::new();
        let mut total = 0usize;
        for length in lengths {
            starts.push(total);
            total = total.saturating_add(length.saturating_mul(2));
        }
        Legs {
            starts,
            slots: (0..total).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The slot of route `route` at `index`, walked in reverse or not; `None` past the routes.
    pub fn slot(&self, route: usize, index: usize, reverse: bool) -> Option<&AtomicU64> {
        let start = *self.starts.get(route)?;
        let end = self
            .starts
            .get(route + 1)
            .copied()
            .unwrap_or(self.slots.len());
        let at = start.checked_add(index.checked_mul(2)?.checked_add(usize::from(reverse))?)?;
        self.slots.get(at).filter(|_| at < end)
    }

    /// The preference in `slot`, found by `find` the first time.
    pub fn get_or_find(slot: &AtomicU64, find: impl FnOnce() -> Preference) -> Preference {
        read(slot).unwrap_or_else(|| {
            let preference = find();
            write(slot, preference);
            preference
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_differ_pack_differently_and_huge_numbers_are_not_packed() {
        let from = Cell::new(5, 7);
        let keys = [
            FieldKey::Cell(Cell::new(1, 2)),
            FieldKey::Cell(Cell::new(2, 1)),
            FieldKey::Beside(Cell::new(1, 2)),
            FieldKey::Route(0),
            FieldKey::Route(1),
        ];
        let mut words: Vec<u64> = keys.iter().map(|&k| packed(k, from).unwrap()).collect();
        words.push(packed(keys[0], Cell::new(7, 5)).unwrap());
        let count = words.len();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), count);
        assert_eq!(packed(FieldKey::Cell(Cell::new(-1, 0)), from), None);
        assert_eq!(packed(FieldKey::Route(usize::MAX), from), None);
        assert_eq!(packed(keys[0], Cell::new(1 << 15, 0)), None);
    }

    #[test]
    fn a_kept_preference_is_grown_once_and_a_full_table_still_answers() {
        let cache = BlockCache::new(Shape::new(4, 4));
        let grown = std::cell::Cell::new(0);
        let preference = Preference::of([0, 1, 2, 3, 4, 5, 6, 7, 8]);
        let grow = || {
            grown.set(grown.get() + 1);
            preference
        };
        let goal = FieldKey::Cell(Cell::new(1, 1));
        assert_eq!(cache.get_or_grow(goal, Cell::new(2, 2), grow), preference);
        assert_eq!(cache.get_or_grow(goal, Cell::new(2, 2), grow), preference);
        assert_eq!(grown.get(), 1);
        // Far more keys than slots: each answer is still the grown one.
        for x in 0..(MIN_SLOTS as i32 * 2) {
            let key = FieldKey::Route(x as usize);
            assert_eq!(cache.get_or_grow(key, Cell::new(2, 2), grow), preference);
        }
        assert_eq!(cache.get_or_grow(goal, Cell::new(2, 2), grow), preference);
    }

    #[test]
    fn a_leg_is_found_once_and_legs_past_the_routes_have_no_slot() {
        let legs = Legs::new([3, 2].into_iter());
        assert!(legs.slot(0, 2, true).is_some());
        assert!(legs.slot(0, 3, false).is_none());
        assert!(legs.slot(1, 1, true).is_some());
        assert!(legs.slot(2, 0, false).is_none());
        assert!(legs.slot(1, usize::MAX, false).is_none());
        let slot = legs.slot(1, 0, false).unwrap();
        let preference = Preference::of([5; 9]);
        assert_eq!(Legs::get_or_find(slot, || preference), preference);
        assert_eq!(
            Legs::get_or_find(slot, || unreachable!("found already")),
            preference
        );
    }
}
