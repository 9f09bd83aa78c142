//! Where B lies over A before anything is compared. Two versions of one mansion of different sizes (a
//! regeneration that grew a row, two seeds of one recipe) have their cells at different coordinates:
//! compared where they stand, every cell would differ. Both are entered at their entrance, so that is
//! where a designer lines them up, and the comparison does the same: B is moved so that its entrance
//! lies on A's (when that matches better than leaving it where it is), and only the cells both maps
//! then have are compared. The rest is counted apart, as cells outside the other map, never as
//! changed cells.

use std::collections::HashMap;

use crate::model::{Cell, Level, Terrain};

use super::offset::Offset;
use super::report::{CellChanges, TerrainChange};

/// Where B lies over A, with B's terrain compared there: where it stands, or moved so that its
/// entrance lies on A's, whichever leaves fewer cells unmatched (changed, or outside the other map).
/// A mansion that grew or moved within its map is lined up on its entrance; a regeneration whose
/// locked rooms kept their places, or a Rogue grid whose stairs move with every seed over an unmoved
/// frame, keeps its coordinates.
pub(super) fn align(a: &Level, b: &Level) -> (Offset, CellChanges) {
    let entrance = Offset {
        dx: a.entrance.cell.x - b.entrance.cell.x,
        dy: a.entrance.cell.y - b.entrance.cell.y,
    };
    let unmoved = cell_changes(a, b, Offset::default());
    if entrance.is_zero() {
        return (entrance, unmoved);
    }
    let moved = cell_changes(a, b, entrance);
    if moved.unmatched() < unmoved.unmatched() {
        (entrance, moved)
    } else {
        (Offset::default(), unmoved)
    }
}

impl CellChanges {
    /// Cells that are not the same in both: changed, or outside the other map.
    fn unmatched(&self) -> usize {
        self.changed + self.only_in_a + self.only_in_b
    }
}

/// B's terrain compared with A's where both have cells once B is moved by `d`.
fn cell_changes(a: &Level, b: &Level, d: Offset) -> CellChanges {
    let mut list = Vec::new();
    let mut counts: HashMap<(Terrain, Terrain), usize> = HashMap::new();
    let mut overlap = 0;
    for y in 0..b.height {
        for x in 0..b.width {
            let c = Cell::new(x, y);
            let over = d.onto_a(c);
            if !a.in_bounds(over) {
                continue;
            }
            overlap += 1;
            let (from, to) = (a.terrain(over), b.terrain(c));
            if from != to {
                list.push(c);
                *counts.entry((from, to)).or_default() += 1;
            }
        }
    }
    let mut by_kind: Vec<TerrainChange> = counts
        .into_iter()
        .map(|((from, to), cells)| TerrainChange { from, to, cells })
        .collect();
    // Most cells first; ties in a fixed order of the kinds' names.
    by_kind.sort_by_cached_key(|t| (std::cmp::Reverse(t.cells), format!("{:?}", (t.from, t.to))));
    let area = |l: &Level| (l.width.max(0) as usize) * (l.height.max(0) as usize);
    CellChanges {
        changed: list.len(),
        by_kind,
        list,
        only_in_a: area(a) - overlap,
        only_in_b: area(b) - overlap,
    }
}
