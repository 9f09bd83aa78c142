//! §2.3 steps 5–7: doors between touching placements, the reachability fix and the front door.

use super::plan::{Placement, PlacementKind, Plan};
use crate::generate::rng::Stream;

/// The straight run of unit edges two touching rectangles share, in squares: a vertical line at `x` from
/// `lo` to `hi` (y), or a horizontal line at `y` from `lo` to `hi` (x).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// A run along the vertical grid line `x`, from `lo` to `hi` in y.
    Vertical {
        /// The grid line.
        x: i32,
        /// The run's south end.
        lo: i32,
        /// The run's north end.
        hi: i32,
    },
    /// A run along the horizontal grid line `y`, from `lo` to `hi` in x.
    Horizontal {
        /// The grid line.
        y: i32,
        /// The run's west end.
        lo: i32,
        /// The run's east end.
        hi: i32,
    },
}

/// The shared run of two placements, if they share at least one unit edge.
pub fn shared_run(a: &Placement, b: &Placement) -> Option<Run> {
    let overlap = |a0: i32, a1: i32, b0: i32, b1: i32| {
        let (lo, hi) = (a0.max(b0), a1.min(b1));
        (lo < hi).then_some((lo, hi))
    };
    if a.x + a.w == b.x || b.x + b.w == a.x {
        let x = if a.x + a.w == b.x { b.x } else { a.x };
        let (lo, hi) = overlap(a.y, a.y + a.h, b.y, b.y + b.h)?;
        return Some(Run::Vertical { x, lo, hi });
    }
    if a.y + a.h == b.y || b.y + b.h == a.y {
        let y = if a.y + a.h == b.y { b.y } else { a.y };
        let (lo, hi) = overlap(a.x, a.x + a.w, b.x, b.x + b.w)?;
        return Some(Run::Horizontal { y, lo, hi });
    }
    None
}

/// One adjacent pair and its door decision. `door_offset` is the door's cell offset along the run, from
/// the run's start line (never a multiple of the square size, so never a crossing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contact {
    /// The lower placement id of the pair.
    pub a: usize,
    /// The higher placement id of the pair.
    pub b: usize,
    /// The grid-line run the two share.
    pub run: Run,
    /// Whether the shared wall gets a door.
    pub door: bool,
    /// Added by the reachability fix rather than decided in step 5.
    pub fixed_up: bool,
    /// The door's cell offset along the run from its start line.
    pub door_offset: i32,
}

/// The adjacent pairs of the plan in sorted id order.
pub fn contacts(plan: &Plan) -> Vec<Contact> {
    let p = &plan.placements;
    let mut list = Vec::new();
    for a in 0..p.len() {
        for b in a + 1..p.len() {
            if let Some(run) = shared_run(&p[a], &p[b]) {
                list.push(Contact {
                    a,
                    b,
                    run,
                    door: false,
                    fixed_up: false,
                    door_offset: 0,
                });
            }
        }
    }
    list
}

fn is_hall(p: &Placement) -> bool {
    p.kind != PlacementKind::Room
}

/// Squares along a run.
fn run_len(run: Run) -> i32 {
    match run {
        Run::Vertical { lo, hi, .. } | Run::Horizontal { lo, hi, .. } => hi - lo,
    }
}

/// A uniform door offset along a run of `squares` squares, `s` cells each, skipping crossings.
pub fn door_offset(squares: i32, s: i32, rng: &mut Stream) -> i32 {
    let candidates: Vec<i32> = (1..squares * s).filter(|k| k % s != 0).collect();
    candidates[rng.below(candidates.len())]
}

fn find(parent: &mut [usize], mut a: usize) -> usize {
    while parent[a] != a {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    a
}

/// Steps 5–6: doors by rule and chance, then doors until one component remains. `fixed` holds pairs whose
/// door is kept from a lock (with its offset). Returns how many doors the fix added.
pub fn place_doors(
    plan: &Plan,
    list: &mut [Contact],
    fixed: &[(usize, usize, i32)],
    room_door_chance: f64,
    s: i32,
    rng: &mut Stream,
) -> usize {
    let p = &plan.placements;
    for c in list.iter_mut() {
        if let Some(&(_, _, offset)) = fixed.iter().find(|f| (f.0, f.1) == (c.a, c.b)) {
            c.door = true;
            c.door_offset = offset;
            continue;
        }
        let both_locked = p[c.a].locked && p[c.b].locked;
        c.door =
            !both_locked && (is_hall(&p[c.a]) || is_hall(&p[c.b]) || rng.chance(room_door_chance));
        if c.door {
            c.door_offset = door_offset(run_len(c.run), s, rng);
        }
    }
    let mut parent: Vec<usize> = (0..p.len()).collect();
    for c in list.iter().filter(|c| c.door) {
        let (ra, rb) = (find(&mut parent, c.a), find(&mut parent, c.b));
        parent[ra] = rb;
    }
    let mut added = 0;
    loop {
        let mut candidates: Vec<usize> = Vec::new();
        let mut with_hall: Vec<usize> = Vec::new();
        for (i, c) in list.iter().enumerate() {
            if c.door || find(&mut parent, c.a) == find(&mut parent, c.b) {
                continue;
            }
            if p[c.a].locked && p[c.b].locked {
                continue;
            }
            candidates.push(i);
            if is_hall(&p[c.a]) || is_hall(&p[c.b]) {
                with_hall.push(i);
            }
        }
        let group = if with_hall.is_empty() {
            candidates
        } else {
            with_hall
        };
        if group.is_empty() {
            return added;
        }
        let i = group[rng.below(group.len())];
        let c = &mut list[i];
        c.door = true;
        c.fixed_up = true;
        c.door_offset = door_offset(run_len(c.run), s, rng);
        let (ra, rb) = (find(&mut parent, c.a), find(&mut parent, c.b));
        parent[ra] = rb;
        added += 1;
    }
}
