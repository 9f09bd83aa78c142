//! Room outlines along the room's real cells. Tile-growth and packed-mansion rooms are not rectangles,
//! so a frame around a room's bounding box would enclose its neighbours; an outline here is the
//! boundary between the room's cells and every cell outside it, joined into closed loops, which the
//! overlays stroke (inset inside the room or outset around it) and the lock badge sits on.

use std::collections::HashMap;

use egui::{Pos2, Shape, Stroke};

use super::transform::CellToScreen;
use crate::model::Cell;

/// A lattice corner in cell space: the point `(x, y)` where four cells meet.
pub type Corner = (i32, i32);

/// One closed loop of a room's boundary: its corners in order, one per turn, counter-clockwise in
/// cell space (y north), so the room lies on the left of every edge.
pub type Outline = Vec<Corner>;

/// The boundary of the cells for which `inside` holds, as closed loops. `cells` lists them (repeats
/// are harmless); every unit edge between a cell of the set and a cell outside it lies on exactly one
/// loop. Where two cells of the set touch only at a corner the loops turn inward there, so each loop
/// stays simple.
pub fn outlines(cells: &[Cell], inside: impl Fn(Cell) -> bool) -> Vec<Outline> {
    // Directed unit edges with the set on their left.
    let mut edges: Vec<(Corner, Corner)> = Vec::new();
    for &c in cells {
        let (x, y) = (c.x, c.y);
        for (n, edge) in [
            (c.offset(0, 1), ((x + 1, y + 1), (x, y + 1))),
            (c.offset(0, -1), ((x, y), (x + 1, y))),
            (c.offset(1, 0), ((x + 1, y), (x + 1, y + 1))),
            (c.offset(-1, 0), ((x, y + 1), (x, y))),
        ] {
            if !inside(n) {
                edges.push(edge);
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    let mut from: HashMap<Corner, Vec<usize>> = HashMap::new();
    for (i, &(a, _)) in edges.iter().enumerate() {
        from.entry(a).or_default().push(i);
    }
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        used[first] = true;
        let mut walk = vec![edges[first]];
        loop {
            let (a, b) = *walk.last().unwrap_or(&edges[first]);
            let heading = (b.0 - a.0, b.1 - a.1);
            // Left, straight on, then right: the turn that keeps to the room at a pinch.
            let next = from.get(&b).and_then(|out| {
                out.iter()
                    .copied()
                    .filter(|&e| e == first || !used[e])
                    .max_by_key(|&e| turn_rank(heading, edges[e]))
            });
            match next {
                Some(e) if e != first => {
                    used[e] = true;
                    walk.push(edges[e]);
                }
                _ => break,
            }
        }
        loops.push(corners(&walk));
    }
    loops
}

/// How much the edge turns left after `heading`: left 2, straight 1, right 0.
fn turn_rank(heading: (i32, i32), (a, b): (Corner, Corner)) -> i32 {
    let d = (b.0 - a.0, b.1 - a.1);
    let cross = heading.0 * d.1 - heading.1 * d.0;
    1 + cross.signum()
}

/// A closed walk of unit edges as its turning corners.
fn corners(walk: &[(Corner, Corner)]) -> Outline {
    let dir = |(a, b): (Corner, Corner)| (b.0 - a.0, b.1 - a.1);
    (0..walk.len())
        .filter(|&i| dir(walk[(i + walk.len() - 1) % walk.len()]) != dir(walk[i]))
        .map(|i| walk[i].0)
        .collect()
}

/// The outline on screen, moved `inset` points into the room (negative: out of it). Each corner moves
/// along both of its edges' inward normals, which keeps every side parallel to the cells' edges.
pub fn screen_points(t: &CellToScreen, outline: &Outline, inset: f32) -> Vec<Pos2> {
    let n = outline.len();
    let d = inset / t.cell.max(f32::EPSILON);
    (0..n)
        .map(|i| {
            let (prev, here, next) = (outline[(i + n - 1) % n], outline[i], outline[(i + 1) % n]);
            let (a, b) = (unit(prev, here), unit(here, next));
            // The left normal of (dx, dy) is (−dy, dx).
            let (nx, ny) = (-(a.1 + b.1), a.0 + b.0);
            t.point(here.0 as f32 + nx * d, here.1 as f32 + ny * d)
        })
        .collect()
}

fn unit(a: Corner, b: Corner) -> (f32, f32) {
    ((b.0 - a.0).signum() as f32, (b.1 - a.1).signum() as f32)
}

/// Strokes every loop, `inset` points into the room.
pub fn stroke(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    outlines: &[Outline],
    inset: f32,
    stroke: Stroke,
) {
    for outline in outlines {
        shapes.push(Shape::closed_line(screen_points(t, outline, inset), stroke));
    }
}

/// Strokes every loop dashed, `inset` points into the room.
pub fn dashed(
    shapes: &mut Vec<Shape>,
    t: &CellToScreen,
    outlines: &[Outline],
    inset: f32,
    stroke: Stroke,
    (dash, gap): (f32, f32),
) {
    for outline in outlines {
        let mut pts = screen_points(t, outline, inset);
        if let Some(&first) = pts.first() {
            pts.push(first);
        }
        shapes.extend(Shape::dashed_line(&pts, stroke, dash, gap));
    }
}

/// The top-left corner of a room's first row on screen (its northernmost row, westernmost cell there),
/// where the lock badge sits.
pub fn first_row_corner(t: &CellToScreen, cells: &[Cell]) -> Option<Pos2> {
    let top = cells.iter().min_by_key(|c| (-c.y, c.x))?;
    Some(t.point(top.x as f32, (top.y + 1) as f32))
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::{RngExt, SeedableRng};

    use super::*;

    /// Every unit edge of a loop, in cell space.
    fn unit_edges(outline: &Outline) -> Vec<(Corner, Corner)> {
        let mut out = Vec::new();
        for i in 0..outline.len() {
            let (mut a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            assert!(step.0 == 0 || step.1 == 0, "diagonal side {a:?} → {b:?}");
            while a != b {
                let next = (a.0 + step.0, a.1 + step.1);
                out.push((a, next));
                a = next;
            }
        }
        out
    }

    /// The cell left of a directed unit edge, and the cell right of it.
    fn sides((a, b): (Corner, Corner)) -> (Cell, Cell) {
        match (b.0 - a.0, b.1 - a.1) {
            (1, 0) => (Cell::new(a.0, a.1), Cell::new(a.0, a.1 - 1)),
            (-1, 0) => (Cell::new(b.0, b.1 - 1), Cell::new(b.0, b.1)),
            (0, 1) => (Cell::new(a.0 - 1, a.1), Cell::new(a.0, a.1)),
            _ => (Cell::new(b.0, b.1), Cell::new(b.0 - 1, b.1)),
        }
    }

    #[test]
    fn outline_edges_lie_between_the_set_and_the_rest_and_cover_the_whole_boundary() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for case in 0..400 {
            let fill = rng.random_range(0.2..0.9);
            let cells: Vec<Cell> = (0..8)
                .flat_map(|x| (0..6).map(move |y| Cell::new(x, y)))
                .filter(|_| rng.random_bool(fill))
                .collect();
            let set: HashSet<Cell> = cells.iter().copied().collect();
            let loops = outlines(&cells, |c| set.contains(&c));
            let mut seen = HashSet::new();
            for outline in &loops {
                assert!(outline.len() >= 4, "case {case}: {outline:?}");
                for e in unit_edges(outline) {
                    let (left, right) = sides(e);
                    assert!(set.contains(&left), "case {case}: room not left of {e:?}");
                    assert!(!set.contains(&right), "case {case}: room right of {e:?}");
                    assert!(seen.insert(e), "case {case}: {e:?} twice");
                }
            }
            let boundary: usize = cells
                .iter()
                .map(|c| c.neighbours4().iter().filter(|n| !set.contains(n)).count())
                .sum();
            assert_eq!(seen.len(), boundary, "case {case}");
        }
    }

    #[test]
    fn an_l_shaped_room_has_six_corners_and_insets_inward() {
        // ██
        // ███
        let cells = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)].map(|(x, y)| Cell::new(x, y));
        let loops = outlines(&cells, |c| cells.contains(&c));
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].len(), 6);
        let t = CellToScreen::whole_map(3, 2, 10.0);
        let inner = screen_points(&t, &loops[0], 2.0);
        for (p, &(x, y)) in inner.iter().zip(&loops[0]) {
            let (cx, cy) = t.to_cell_space(*p);
            // Every corner moved 0.2 cells along both axes, towards the room's cells.
            assert!(((cx - x as f32).abs() - 0.2).abs() < 1e-4, "{p:?}");
            assert!(((cy - y as f32).abs() - 0.2).abs() < 1e-4, "{p:?}");
            assert!(cells.contains(&t.cell_at(*p)), "{p:?} left the room");
        }
        assert_eq!(first_row_corner(&t, &cells), Some(t.point(0.0, 2.0)));
    }
}
