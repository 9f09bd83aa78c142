//! The level's own records checked against its map and door graph: which room is the outside, which
//! rooms own floor, the depth each room records and the stations each route lists.
//!
//! The loader only makes sure these records are safe to read (every id names something that exists), so a
//! file may still say things that cannot be true: an entrance whose outside is a courtyard, a room with no
//! floor, depths its doors do not give, one station listed ten thousand times. The first two leave a level
//! that cannot be read as meant, so they are playability errors; the last two break what the generators
//! record by construction and what a hand edit leaves stale (a door edit does not rewrite depths), so they
//! are generator notes. Each check sums up what it finds in one line (one per route for stations), so a
//! file broken everywhere gives a short report rather than a row per room.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::report::Report;
use crate::model::topology::depths;
use crate::model::{Level, RoomId, RoomKind, Station, StationRole};

/// Invariant 9, playability: the entrance's outside is the exterior room, and a level with an exterior
/// names it. Depth, privacy, the front-door count and the outside patrols all start from it, so the
/// checks of those are skipped when this fails (returns false) rather than report its echoes.
pub(super) fn check_entrance(level: &Level, report: &mut Report) -> bool {
    let exterior = level
        .rooms
        .iter()
        .position(|r| r.kind == RoomKind::Exterior);
    match (level.exterior(), exterior) {
        (Some(named), _) if level.rooms[named].kind != RoomKind::Exterior => {
            let label = level.rooms[named].kind_label();
            let message =
                format!("the entrance names this {label} as the outside, not the exterior");
            report.in_room(9, named, message);
            false
        }
        (None, Some(exterior)) => {
            let message = "the entrance names no outside although the level has this exterior";
            report.in_room(9, exterior, message);
            false
        }
        _ => true,
    }
}

/// Invariant 10, playability: every room owns floor cells. A room without any cannot be entered, drawn,
/// furnished or patrolled, whatever its record says.
pub(super) fn check_room_floors(level: &Level, report: &mut Report) {
    let empty: Vec<RoomId> = (0..level.rooms.len())
        .filter(|&r| level.rooms[r].cells.is_empty())
        .collect();
    let Some(&first) = empty.first() else {
        return;
    };
    let label = level.rooms[first].kind_label();
    let message = match empty.len() {
        1 => format!("this {label} owns no floor cells: nothing can enter it or be placed in it"),
        n => format!(
            "{n} rooms own no floor cells, this {label} among them: nothing can enter them or be placed in them"
        ),
    };
    report.in_room(10, first, message);
}

/// Invariant 9, note: each room records the depth its doors give it (door hops from the front, spec §5.6 a
/// and the shared contract §0.2), which the generator decided privacy from. Rooms no door reaches are
/// left to the connectivity check.
pub(super) fn check_depths(level: &Level, report: &mut Report) {
    let hops = depths(level);
    let mut wrong = level
        .rooms
        .iter()
        .zip(&hops)
        .enumerate()
        .filter_map(|(r, (room, d))| d.filter(|&d| d != room.depth).map(|d| (r, room.depth, d)));
    let Some((first, recorded, doors)) = wrong.next() else {
        return;
    };
    let others = wrong.count();
    let label = level.rooms[first].kind_label();
    let mut message = String::new();
    if others > 0 {
        message = format!(
            "{} rooms record a depth their doors do not give: ",
            others + 1
        );
    }
    let _ = write!(
        message,
        "this {label} records depth {recorded} where its doors give {doors}; privacy was decided from the recorded depths"
    );
    report.in_room(9, first, message);
}

/// Invariant 24, note: a route lists each of its stations once, as the patrol pass makes it. A station is
/// its cell, room, kind and role together: two rooms' stations may share a cell (a station is picked
/// within a room's bounding rectangle, which for an irregular room can reach into a neighbour). Counted
/// with a map, so a file repeating one station ten thousand times stays quick.
pub(super) fn check_stations(level: &Level, report: &mut Report) {
    let key = |s: &Station| (s.cell, s.room, s.kind, s.role);
    for (i, route) in level.patrols.iter().enumerate() {
        let mut count: HashMap<_, usize> = HashMap::with_capacity(route.stations.len());
        for s in &route.stations {
            *count.entry(key(s)).or_default() += 1;
        }
        let Some(first) = route.stations.iter().find(|s| count[&key(s)] > 1) else {
            continue;
        };
        let times = count[&key(first)];
        let repeats: usize = count.values().map(|n| n - 1).sum();
        let mut message = format!(
            "route {i} lists its {} station here {times} times",
            role_word(first.role)
        );
        if repeats > times - 1 {
            let _ = write!(message, " ({repeats} repeated stations in all)");
        }
        message.push_str("; the patrol pass lists each station once");
        report.at(24, first.cell, message);
    }
}

/// A station's role as the editor's inspector names it.
fn role_word(role: StationRole) -> &'static str {
    match role {
        StationRole::Head => "start",
        StationRole::Tail => "end",
        StationRole::SideTrip => "side-trip",
    }
}
