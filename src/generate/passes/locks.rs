//! Keeping locked rooms' contents (`other-generators.md` §0.4): the generators rebuild a locked room's
//! geometry; this pass puts back its floor terrain (materials, pillars, pools) and its items exactly as
//! they were, after the furniture pass and again after loot, so the rest of the pipeline sees them.
//!
//! What stays byte-identical: the floor cells with their terrain and items, and every ring cell that is a
//! wall in both versions. Door cells in the ring may move, as §0.4 allows for doors to unlocked
//! neighbours.

use crate::model::{Cell, Level, LockedRoom};

/// Every locked floor cell, sorted.
pub fn locked_cells(locks: &[LockedRoom]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = locks
        .iter()
        .flat_map(|l| l.room.cells.iter().copied())
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

/// Restores the floor terrain and items of every locked room.
pub fn restore(level: &mut Level, locks: &[LockedRoom]) {
    if locks.is_empty() {
        return;
    }
    let cells = locked_cells(locks);
    level
        .items
        .retain(|item| cells.binary_search(&item.cell).is_err());
    for lock in locks {
        for &(cell, terrain) in &lock.terrain {
            if lock.room.cells.binary_search(&cell).is_ok() {
                level.set_terrain(cell, terrain);
            }
        }
        level.items.extend(
            lock.items
                .iter()
                .filter(|item| lock.room.cells.binary_search(&item.cell).is_ok()),
        );
    }
}
