//! Rooms matched between two versions: a regeneration renumbers them, so they are matched by their
//! cells (B's moved onto A's, see `align`), then by overlap, never by their ids.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::model::{Cell, Room, RoomId};

use super::offset::Offset;
use super::report::{RoomChange, RoomChanges};

/// Two rooms are one room changed when they share at least this share of their cells together
/// (intersection over union); otherwise one was removed and another added.
const SAME_ROOM_OVERLAP: f64 = 0.5;

/// A room's cells, sorted, as the key rooms are matched by.
fn cell_key(cells: &[Cell]) -> Vec<Cell> {
    let mut cells = cells.to_vec();
    cells.sort_by_key(|c| (c.x, c.y));
    cells
}

/// A's rooms against B's, B's cells moved by `d` onto A's.
pub(super) fn room_changes(a: &[Room], b: &[Room], d: Offset) -> RoomChanges {
    let b_cells: Vec<Vec<Cell>> = b
        .iter()
        .map(|room| room.cells.iter().map(|&c| d.onto_a(c)).collect())
        .collect();
    let mut out = RoomChanges::default();
    let mut b_free = vec![true; b.len()];
    let mut a_left = Vec::new();
    let by_cells: HashMap<Vec<Cell>, RoomId> = b_cells
        .iter()
        .enumerate()
        .map(|(i, cells)| (cell_key(cells), i))
        .collect();
    let pair = |ia: RoomId, ib: RoomId| room_change(ia, &a[ia], ib, &b[ib], &b_cells[ib]);
    for (ia, room) in a.iter().enumerate() {
        match by_cells.get(&cell_key(&room.cells)) {
            Some(&ib) if b_free[ib] => {
                b_free[ib] = false;
                match pair(ia, ib) {
                    Some(change) => out.changed.push(change),
                    None => out.unchanged += 1,
                }
            }
            _ => a_left.push(ia),
        }
    }
    // The rest by overlap, largest first, each room of B matched once.
    let owner: HashMap<Cell, RoomId> = b_cells
        .iter()
        .enumerate()
        .filter(|(i, _)| b_free[*i])
        .flat_map(|(i, cells)| cells.iter().map(move |&c| (c, i)))
        .collect();
    let mut pairs: Vec<(usize, RoomId, RoomId)> = Vec::new();
    for &ia in &a_left {
        let mut shared: BTreeMap<RoomId, usize> = BTreeMap::new();
        for c in &a[ia].cells {
            if let Some(&ib) = owner.get(c) {
                *shared.entry(ib).or_default() += 1;
            }
        }
        for (ib, n) in shared {
            let union = a[ia].cells.len() + b[ib].cells.len() - n;
            if n as f64 >= SAME_ROOM_OVERLAP * union as f64 {
                pairs.push((n, ia, ib));
            }
        }
    }
    pairs.sort_by_key(|&(n, ia, ib)| (std::cmp::Reverse(n), ia, ib));
    let mut a_free = vec![true; a.len()];
    for (_, ia, ib) in pairs {
        if a_free[ia] && b_free[ib] {
            a_free[ia] = false;
            b_free[ib] = false;
            out.changed.extend(pair(ia, ib));
        }
    }
    out.removed = a_left.into_iter().filter(|&ia| a_free[ia]).collect();
    out.added = (0..b.len()).filter(|&ib| b_free[ib]).collect();
    out.changed.sort_by_key(|c| (c.a, c.b));
    out
}

/// How room `ia` of A became room `ib` of B (whose cells, moved onto A's, are `b_cells`), or `None`
/// when it did not change.
fn room_change(ia: RoomId, a: &Room, ib: RoomId, b: &Room, b_cells: &[Cell]) -> Option<RoomChange> {
    let in_a: HashSet<Cell> = a.cells.iter().copied().collect();
    let in_b: HashSet<Cell> = b_cells.iter().copied().collect();
    let change = RoomChange {
        a: ia,
        b: ib,
        kind: (a.kind != b.kind).then_some([a.kind, b.kind]),
        private: (a.private != b.private).then_some([a.private, b.private]),
        cells_added: in_b.difference(&in_a).count(),
        cells_removed: in_a.difference(&in_b).count(),
    };
    let same = change.kind.is_none()
        && change.private.is_none()
        && change.cells_added == 0
        && change.cells_removed == 0;
    (!same).then_some(change)
}
