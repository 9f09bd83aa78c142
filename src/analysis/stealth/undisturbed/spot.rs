//! Torch spotting (§3.8) remembered per cell. A patrolling guard looks for an unlit torch after every
//! turn, mostly from the cells of its route, which it stands on again and again; which torches are in
//! range with a clear torch line from a cell never changes, only which of them are still unlit.

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
/// every turn.
#[derive(Clone, Debug, Default)]
pub(super) struct Spotting {
    /// The spotting cutoff the cells below were found with.
    cutoff: i32,
    /// Per cell (row-major): the unlit torches when a guard last looked from it, and those of them
    /// within the cutoff with a clear torch line. It answers for any later set of unlit torches within
    /// the first: torches are lit by guards, and only the thief puts one out (`crate::play`), after
    /// which the cell is looked at afresh.
    cells: Vec<(u64, u64)>,
}

impl Spotting {
    /// [`Ground::spot_torch`] from `from` among the torches `unlit`. Most looks find nothing, from a
    /// cell already looked from: that answer takes a lookup.
    #[inline]
    pub(super) fn spot(
        &mut self,
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
        if unlit.small
            && (ground
                .shape()
                .index(from)
                .and_then(|at| self.cells.get(at))
                .is_some_and(|&(looked, seen)| {
                    self.cutoff == cutoff && unlit.mask & !looked == 0 && seen & unlit.mask == 0
                }))
        {
            return None;
        }
        self.look(ground, level, torches, unlit, from, cutoff)
    }

    /// [`Spotting::spot`] when a lookup does not answer.
    fn look(
        &mut self,
        ground: &Ground,
        level: &Level,
        torches: &[Torch],
        unlit: &Unlit,
        from: Cell,
        cutoff: i32,
    ) -> Option<usize> {
        if !unlit.small {
            return ground.spot_torch(level, torches, unlit.list.iter().copied(), from, cutoff);
        }
        if unlit.mask == 0 {
            return None;
        }
        let shape = ground.shape();
        let Some(at) = shape.index(from) else {
            return ground.spot_torch(level, torches, bits(unlit.mask), from, cutoff);
        };
        if self.cutoff != cutoff || self.cells.len() != shape.len() {
            self.cutoff = cutoff;
            self.cells.clear();
            self.cells.resize(shape.len(), (0, 0));
        }
        let (looked, mut seen) = self.cells[at];
        if unlit.mask & !looked != 0 {
            seen = bits(unlit.mask)
                .filter(|&i| ground.in_torch_range(level, from, torches[i].cell, cutoff))
                .fold(0, |m, i| m | 1 << i);
            self.cells[at] = (unlit.mask, seen);
        }
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
