//! The outline of a set of cells, for rooms exported as polygons: a room of the tile-growth or packed
//! generators is an L, a T or a ring of cells, and its bounding rectangle would cover its neighbours.
//!
//! The outline is traced on the cell grid's corners in Tiled's orientation (column `x` east, row `r`
//! south), walking each boundary edge with the room on its right. Where two cells of the set touch only
//! at a corner the walk turns right, so each piece stays a simple polygon of its own. A loop walked
//! clockwise on screen is the outside of a piece; a counter-clockwise one is a hole.

use std::collections::{BTreeMap, BTreeSet};

/// A corner of the cell grid: column and row, in cells (row 0 at the north edge).
pub(super) type Corner = (i32, i32);

/// One closed boundary of a cell set: its corners in walking order (only where it turns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ring {
    /// The corners, without repeating the first at the end.
    pub corners: Vec<Corner>,
    /// A hole in a piece (walked counter-clockwise), not the outside of one.
    pub hole: bool,
}

/// The boundaries of the cells `cells` (given as column, row), outsides and holes, in a fixed order
/// (by their first corner), so the same set always gives the same rings.
pub(super) fn rings(cells: &BTreeSet<(i32, i32)>) -> Vec<Ring> {
    // Directed boundary edges, from corner to corner, the cell on their right (y grows down).
    let mut edges: BTreeMap<Corner, Vec<Corner>> = BTreeMap::new();
    let mut add = |from: Corner, to: Corner| edges.entry(from).or_default().push(to);
    for &(x, r) in cells {
        if !cells.contains(&(x, r - 1)) {
            add((x, r), (x + 1, r));
        }
        if !cells.contains(&(x + 1, r)) {
            add((x + 1, r), (x + 1, r + 1));
        }
        if !cells.contains(&(x, r + 1)) {
            add((x + 1, r + 1), (x, r + 1));
        }
        if !cells.contains(&(x - 1, r)) {
            add((x, r + 1), (x, r));
        }
    }
    let mut rings = Vec::new();
    while let Some((&start, _)) = edges.iter().find(|(_, out)| !out.is_empty()) {
        let mut corners = vec![start];
        let mut at = take(&mut edges, start, None);
        let mut from = start;
        while at != start {
            corners.push(at);
            let next = take(&mut edges, at, Some((at.0 - from.0, at.1 - from.1)));
            from = at;
            at = next;
        }
        let corners = turns(&corners);
        let hole = twice_area(&corners) < 0;
        rings.push(Ring { corners, hole });
    }
    rings
}

/// Removes and returns the edge out of `at` to follow after arriving in direction `dir`: the right
/// turn first, then straight on, then left (only a corner where two cells touch diagonally has two).
fn take(edges: &mut BTreeMap<Corner, Vec<Corner>>, at: Corner, dir: Option<Corner>) -> Corner {
    let out = edges
        .get_mut(&at)
        .expect("a boundary edge leaves every corner it enters");
    let pick = match dir {
        Some((dx, dy)) if out.len() > 1 => {
            // With y down, turning right from (dx, dy) heads (−dy, dx).
            let prefer = [(-dy, dx), (dx, dy), (dy, -dx)];
            prefer
                .iter()
                .find_map(|&(px, py)| {
                    out.iter()
                        .position(|&(x, y)| (x - at.0, y - at.1) == (px, py))
                })
                .unwrap_or(0)
        }
        _ => 0,
    };
    out.remove(pick)
}

/// The corners where the walk turns (drops the ones along a straight run).
fn turns(corners: &[Corner]) -> Vec<Corner> {
    let n = corners.len();
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (corners[(i + n - 1) % n], corners[i], corners[(i + 1) % n]);
            (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
        })
        .map(|i| corners[i])
        .collect()
}

/// Twice the signed area (shoelace); positive for a clockwise walk on screen (y down).
fn twice_area(corners: &[Corner]) -> i64 {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % n]);
            i64::from(a.0) * i64::from(b.1) - i64::from(b.0) * i64::from(a.1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(i32, i32)]) -> BTreeSet<(i32, i32)> {
        cells.iter().copied().collect()
    }

    #[test]
    fn a_rectangle_is_four_corners() {
        let r = rings(&set(&[(0, 0), (1, 0), (0, 1), (1, 1)]));
        assert_eq!(
            r,
            [Ring {
                corners: vec![(0, 0), (2, 0), (2, 2), (0, 2)],
                hole: false
            }]
        );
    }

    #[test]
    fn an_l_is_six_corners_and_a_ring_has_a_hole() {
        let l = rings(&set(&[(0, 0), (0, 1), (1, 1)]));
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].corners.len(), 6);
        let ring: Vec<_> = (0..3)
            .flat_map(|x| (0..3).map(move |r| (x, r)))
            .filter(|&c| c != (1, 1))
            .collect();
        let r = rings(&set(&ring));
        assert_eq!(r.len(), 2);
        assert_eq!(r.iter().filter(|r| r.hole).count(), 1);
    }

    #[test]
    fn cells_touching_at_a_corner_are_two_pieces() {
        let r = rings(&set(&[(0, 0), (1, 1)]));
        assert_eq!(r.len(), 2);
        assert!(r.iter().all(|r| !r.hole && r.corners.len() == 4));
    }
}
