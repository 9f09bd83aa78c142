//! The siheyuan's recorded mirror partners (spec §2.4), invariant 6: each wall segment names the segment
//! that is its image across the vertical axis, and that segment names it back.
//!
//! The generator pairs segments by their place in the wall lines, and its door and wall-dressing steps give
//! both members of a pair the same door and windows; the level keeps the pairs so that those steps can be
//! re-run on it alone (spec §11). Wrong pairs would dress such a re-run asymmetrically, while nothing the
//! player meets depends on them, so they are a generator note. The loader only checks that a partner
//! exists; here the pairing is checked against the map. The one pair the generator itself breaks is the
//! front door's (§5.5 e): the front-door segment and its former partner each become their own partner.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::report::Report;
use crate::model::{Adjacency, AdjacencyId, Cell, Level, RoomKind};

/// A wall run by its two end cells, lower first, so a run and its reverse are the same key.
type Run = (Cell, Cell);

fn run_of(adj: &Adjacency) -> Option<Run> {
    let s = adj.segment.filter(|s| s.len > 0)?;
    let (a, b) = (s.origin, s.cell(s.len - 1));
    Some(if a <= b { (a, b) } else { (b, a) })
}

/// Reports, in one note, every wall whose partner does not name it back or is not its mirror image.
pub(super) fn check(level: &Level, report: &mut Report) {
    let adjs = &level.adjacencies;
    let w = level.width;
    let mirror_run = |(a, b): Run| {
        let (a, b) = (Cell::new(w - 1 - a.x, a.y), Cell::new(w - 1 - b.x, b.y));
        if a <= b { (a, b) } else { (b, a) }
    };
    let by_run: HashMap<Run, AdjacencyId> = adjs
        .iter()
        .enumerate()
        .filter_map(|(i, a)| run_of(a).map(|run| (run, i)))
        .collect();
    let image =
        |i: AdjacencyId| run_of(&adjs[i]).and_then(|run| by_run.get(&mirror_run(run)).copied());
    let partner = |i: AdjacencyId| adjs[i].mirror.unwrap_or(i);
    let front_door = |i: AdjacencyId| {
        let a = &adjs[i];
        let outside = |r: usize| level.rooms[r].kind == RoomKind::Exterior;
        a.door && (outside(a.left) || outside(a.right))
    };
    let mirrors = |i: AdjacencyId| {
        let p = partner(i);
        if partner(p) != i {
            return false;
        }
        match image(i) {
            Some(m) if m == p => true,
            Some(m) => p == i && partner(m) == m && (front_door(i) || front_door(m)),
            // No image to compare with: a run the map does not mirror (the cell check reports that)
            // may only be its own partner; a corridor, only another corridor's.
            None => p == i || (run_of(&adjs[i]).is_none() && run_of(&adjs[p]).is_none()),
        }
    };
    let mut wrong = (0..adjs.len()).filter(|&i| !mirrors(i));
    let Some(first) = wrong.next() else {
        return;
    };
    let others = wrong.count();
    let p = partner(first);
    let mut message = if p == first {
        format!("wall {first} is its own mirror partner, but it is not its own mirror image")
    } else if partner(p) != first {
        format!(
            "wall {first} names wall {p} as its mirror partner, but wall {p} names wall {}",
            partner(p)
        )
    } else {
        format!("wall {first} names wall {p} as its mirror partner, which is not its mirror image")
    };
    if others > 0 {
        let all = others + 1;
        let _ = write!(
            message,
            " ({all} walls name a mirror partner that does not mirror them)"
        );
    }
    match adjs[first].segment {
        Some(s) => report.at(6, s.cell(s.len / 2), message),
        None => report.add(6, message),
    }
}
