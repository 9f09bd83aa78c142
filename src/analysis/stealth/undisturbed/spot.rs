//! Torch spotting (§3.8) remembered per cell. A patrolling guard looks for an unlit torch after every
//! turn, mostly from the cells of its route, which it stands on again and again; which torches are in
//! range with a clear torch line from a cell never changes, only which of them are still unlit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::model::{Cell, Level};

use super::state::Torch;
use super::walk::Ground;

/// The unlit torches (indices into `Guards::torches`) at one moment: a bit set when there are at most
/// 64 torches, as on every generated level, else (only a hostile file) a list, ascending.
pub(super) struct Unlit {
    /// Bit `i` set when torch `i` is unlit; used when there are at most 64 torches.
    mask: u64,
    /// The unlit torches when there are more than 64; empty otherwise.
    list: Vec<usize>,
    /// Whether `mask` stands for all of them.
    small: bool,
}

impl Unlit {
    /// The torches of `torches` that are unlit now.
    pub(super) fn of(torches: &[Torch]) -> Self {
        let unlit = (0..torches.len()).filter(|&i| !torches[i].lit);
        if torches.len() <= 64 {
            Unlit {
                mask: unlit.fold(0, |m, i| m | 1 << i),
                list: Vec::new(),
                small: true,
            }
        } else {
            Unlit {
                mask: 0,
                list: unlit.collect(),
                small: false,
            }
        }
    }

    /// Whether every torch burns: then no guard spots one, whatever the count of torches.
    pub(super) fn none(&self) -> bool {
        if self.small {
            self.mask == 0
        } else {
            self.list.is_empty()
        }
    }

    /// Torch `torch` was lit.
    pub(super) fn remove(&mut self, torch: usize) {
        if self.small {
            self.mask &= !(1 << torch);
        } else {
            self.list.retain(|&i| i != torch);
        }
    }
}

/// The indices of the bits set in `mask`, ascending.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.checked_sub(1)?;
        Some(i)
    })
}

/// Per cell of the map, which torches a guard there may spot, found the first time a guard looks from
/// it: the torch line (§3.4 variant) walks up to eight cells per torch in range, and a guard looks
/// every turn. What is in range with a clear line never changes (only which torches are unlit), so
/// the table is shared by every copy of one level's guards, on any thread, as the block cache is
/// (`super::kept`): a game keeps a copy of its guards every few turns, and many games of one level
/// are played side by side.
#[derive(Clone, Debug, Default)]
pub(super) struct Spotting(Arc<OnceLock<SpotTable>>);

/// [`Spotting`]'s table, for the first cutoff it was asked with (one per rule set).
#[derive(Debug)]
struct SpotTable {
    cutoff: i32,
    /// Per cell (row-major): the torches tested from it, and those of them within the cutoff with a
    /// clear torch line. A torch's bit in `in_range` is set before its bit in `tested`, and both only
    /// ever grow (a racing writer sets the same bits), so a reader that finds a torch tested also
    /// finds its answer.
    tested: Box<[AtomicU64]>,
    in_range: Box<[AtomicU64]>,
}

impl Spotting {
    /// [`Ground::spot_torch`] from `from` among the torches `unlit`. Most looks find nothing, from a
    /// cell already looked from: that answer takes a lookup.
    #[inline]
    pub(super) fn spot(
        &self,
        ground: &Ground,
        level: &Level,
        torches: &[Torch],
        unlit: &Unlit,
        from: Cell,
        cutoff: i32,
    ) -> Option<usize> {
        if unlit.none() {
            return None;
        }
        if !unlit.small {
            return ground.spot_torch(level, torches, unlit.list.iter().copied(), from, cutoff);
        }
        let shape = ground.shape();
        let table = self.0.get_or_init(|| {
            let empty = || (0..shape.len()).map(|_| AtomicU64::new(0)).collect();
            SpotTable {
                cutoff,
                tested: empty(),
                in_range: empty(),
            }
        });
        let at = shape.index(from).filter(|_| table.cutoff == cutoff);
        let Some(at) = at else {
            return ground.spot_torch(level, torches, bits(unlit.mask), from, cutoff);
        };
        let untested = unlit.mask & !table.tested[at].load(Ordering::Acquire);
        if untested != 0 {
            let found = bits(untested)
                .filter(|&i| ground.in_torch_range(level, from, torches[i].cell, cutoff))
                .fold(0, |m, i| m | 1 << i);
            table.in_range[at].fetch_or(found, Ordering::Release);
            table.tested[at].fetch_or(untested, Ordering::Release);
        }
        let seen = table.in_range[at].load(Ordering::Acquire);
        let d2 = |i: usize| {
            let (dx, dy) = (torches[i].cell.x - from.x, torches[i].cell.y - from.y);
            dx * dx + dy * dy
        };
        // The nearest, the first in item order on a tie, as `Ground::spot_torch` picks.
        bits(seen & unlit.mask).fold(None, |best: Option<usize>, i| match best {
            Some(b) if d2(b) <= d2(i) => Some(b),
            _ => Some(i),
        })
    }
}
