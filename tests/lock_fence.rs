//! A lock keeps new guards out of its room (issue 44): after a regeneration around locks, no guard of
//! a new route starts, stands or turns in a locked room, for every generator of the registry, while
//! every room not locked is still patrolled (through a locked room where nothing else leads to it); a
//! lock that allows patrols lets them in again; the choice survives a preset.

use std::collections::HashSet;
use std::path::Path;

use mansion_forge::analysis::validate::validate;
use mansion_forge::edit::{Command, CommandError, Document, Edit};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::{GenerateError, registry};
use mansion_forge::io::preset::{self, Preset};
use mansion_forge::model::{Cell, Level, LockedRoom, RoomKind};

/// Seeds per generator and level.
const SEEDS: u64 = 12;
/// Levels tried: level 1's single route, a middle level, and a level with outside and extra routes.
const LEVELS: [u32; 3] = [1, 4, 8];

/// The document of `kind`'s mansion `level` of game `seed` with three of its rooms locked (spread
/// over the room list by the seed), patrols allowed in them when `allow`; `None` when the mansion has
/// too few rooms.
fn locked_document(
    kind: &dyn mansion_forge::generate::declare::GeneratorKind,
    seed: u64,
    level: u32,
    allow: bool,
) -> Option<Document> {
    let recipe = Recipe::for_game(&kind.defaults(), seed, level);
    let mut doc = Document::new(recipe).expect("the mansion builds");
    let rooms: Vec<usize> = (0..doc.level.rooms.len())
        .filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior)
        .collect();
    if rooms.len() < 6 {
        return None;
    }
    let n = rooms.len();
    for k in 0..3 {
        let room = rooms[(seed as usize * 7 + k * n / 3 + 1) % n];
        doc.apply(Edit::Lock { room }).expect("a room locks");
        if allow {
            doc.apply(Edit::AllowPatrols { room, allow })
                .expect("a locked room's patrols can be allowed");
        }
    }
    Some(doc)
}

/// The floor cells of the locks that keep new guards out.
fn fenced_floor(locks: &[LockedRoom]) -> HashSet<Cell> {
    locks
        .iter()
        .filter(|l| !l.allow_patrols)
        .flat_map(|l| l.room.cells.iter().copied())
        .collect()
}

/// Why a route of `level` breaks the fence of `floor`, if it does: a station, a pause or a turn on a
/// fenced floor cell (a chain's ends are turns; a loop's cells wrap around).
fn breach(level: &Level, route: usize, floor: &HashSet<Cell>) -> Option<String> {
    let patrol = &level.patrols[route];
    if let Some(s) = patrol.stations.iter().find(|s| floor.contains(&s.cell)) {
        return Some(format!("a station at {:?}", s.cell));
    }
    let cells = &patrol.cells;
    let n = cells.len();
    let looped = patrol.loops();
    for i in 0..n {
        let here = cells[i];
        if !floor.contains(&here) {
            continue;
        }
        if !looped && (i == 0 || i + 1 == n) {
            return Some(format!("a chain's end at {here:?}"));
        }
        let (before, after) = (cells[(i + n - 1) % n], cells[(i + 1) % n]);
        if before == here || after == here {
            return Some(format!("a pause at {here:?}"));
        }
        if before == after {
            return Some(format!("a turn at {here:?}"));
        }
    }
    None
}

/// What a regeneration of every generator's locked mansions shows: breaches of the fence by new
/// guards, guards standing in an allowed lock's room, regenerations the locks made impossible, and
/// the runs made.
#[derive(Default)]
struct Tally {
    breaches: Vec<String>,
    /// Rooms not locked that no route visits (invariant 26): the fence must route through a locked
    /// room where nothing else leads on.
    stranded: Vec<String>,
    inside_allowed: usize,
    crossings: usize,
    refused: usize,
    runs: usize,
}

fn regenerate_all(allow: bool) -> Tally {
    let mut tally = Tally::default();
    for kind in registry::all() {
        for level in LEVELS {
            for seed in 0..SEEDS {
                let Some(mut doc) = locked_document(kind, seed, level, allow) else {
                    continue;
                };
                let kept: HashSet<Vec<Cell>> = doc
                    .locks
                    .iter()
                    .flat_map(|l| &l.patrols)
                    .map(|p| p.cells.clone())
                    .collect();
                match doc.execute(&Command::Regenerate { seed: seed + 1000 }) {
                    Ok(_) => {}
                    Err(CommandError::Generate(GenerateError::LocksUnsatisfiable(_))) => {
                        tally.refused += 1;
                        continue;
                    }
                    Err(other) => panic!("{} {level} {seed}: {other}", kind.id()),
                }
                tally.runs += 1;
                let level_now = &doc.level;
                let floor: HashSet<Cell> = doc
                    .locks
                    .iter()
                    .flat_map(|l| l.room.cells.iter().copied())
                    .collect();
                let fenced = fenced_floor(&doc.locks);
                for finding in validate(level_now)
                    .into_iter()
                    .filter(|v| v.invariant == 26)
                {
                    let room = finding.room.filter(|&r| !doc.is_locked(r));
                    if let Some(room) = room {
                        let at = format!("{} level {level} seed {seed}", kind.id());
                        tally
                            .stranded
                            .push(format!("{at}: room {room} unpatrolled"));
                    }
                }
                for (g, guard) in level_now.guards.iter().enumerate() {
                    let route = &level_now.patrols[guard.route];
                    if kept.contains(&route.cells) {
                        continue;
                    }
                    let at = format!("{} level {level} seed {seed} guard {g}", kind.id());
                    if fenced.contains(&guard.start) {
                        tally
                            .breaches
                            .push(format!("{at} starts at {:?}", guard.start));
                    }
                    if let Some(why) = breach(level_now, guard.route, &fenced) {
                        tally.breaches.push(format!("{at}: {why}"));
                    }
                    if route.cells.iter().any(|c| fenced.contains(c)) {
                        tally.crossings += 1;
                    }
                    if !allow {
                        continue;
                    }
                    let stands = |c: &Cell| floor.contains(c);
                    if stands(&guard.start) || route.stations.iter().any(|s| stands(&s.cell)) {
                        tally.inside_allowed += 1;
                    }
                }
            }
        }
    }
    tally
}

#[test]
fn no_new_guard_starts_stands_or_turns_in_a_locked_room() {
    let tally = regenerate_all(false);
    assert!(
        tally.breaches.is_empty(),
        "{} breaches, first: {:#?}",
        tally.breaches.len(),
        &tally.breaches[..tally.breaches.len().min(12)]
    );
    assert!(
        tally.stranded.is_empty(),
        "rooms left unpatrolled: {:#?}",
        tally.stranded
    );
    let tried = tally.runs + tally.refused;
    assert!(
        tally.runs * 10 >= tried * 9,
        "most regenerations keep their locks: {} of {tried}",
        tally.runs
    );
    println!(
        "{} regenerations, {} refused, {} new routes crossing a locked room",
        tally.runs, tally.refused, tally.crossings
    );
}

#[test]
fn a_lock_that_allows_patrols_lets_new_guards_in() {
    let tally = regenerate_all(true);
    assert!(tally.runs > 0);
    assert!(
        tally.inside_allowed > 0,
        "with patrols allowed, some new guard starts or stands in a locked room again"
    );
}

#[test]
fn allowing_patrols_needs_a_lock_and_is_undone_by_keeping_them_out() {
    let kind = registry::find("siheyuan").expect("built in");
    let mut doc = Document::new(Recipe::for_game(&kind.defaults(), 3, 4)).expect("builds");
    let room = (0..doc.level.rooms.len())
        .find(|&r| doc.level.rooms[r].kind == RoomKind::Room)
        .expect("a chamber");
    assert!(
        doc.apply(Edit::AllowPatrols { room, allow: true }).is_err(),
        "an unlocked room has no lock to allow patrols in"
    );
    doc.apply(Edit::Lock { room }).expect("locks");
    assert!(!doc.allows_patrols(room), "a new lock keeps patrols out");
    doc.apply(Edit::AllowPatrols { room, allow: true })
        .expect("allows");
    assert!(doc.allows_patrols(room));
    doc.execute(&Command::Regenerate { seed: 9 })
        .expect("regenerates");
    let room = doc.locked_rooms()[0];
    assert!(
        doc.allows_patrols(room),
        "the choice survives a regeneration"
    );
    doc.apply(Edit::AllowPatrols { room, allow: false })
        .expect("keeps out");
    assert!(!doc.allows_patrols(room));
}

#[test]
fn a_preset_keeps_the_choice() {
    let Some(mut doc) = locked_document(registry::find("siheyuan").expect("built in"), 5, 4, false)
    else {
        panic!("the siheyuan has rooms enough");
    };
    let room = doc.locked_rooms()[1];
    doc.apply(Edit::AllowPatrols { room, allow: true })
        .expect("allows");
    doc.execute(&Command::Regenerate { seed: 31 })
        .expect("regenerates");
    let allowed: Vec<bool> = doc.locks.iter().map(|l| l.allow_patrols).collect();
    assert_eq!(allowed.iter().filter(|&&a| a).count(), 1, "{allowed:?}");
    let text = preset::to_string(&Preset::of(&doc, "fence")).expect("writes");
    let back = preset::parse(&text, Path::new("fence.ron"))
        .expect("reads")
        .document()
        .expect("rebuilds");
    let allowed_back: Vec<bool> = back.locks.iter().map(|l| l.allow_patrols).collect();
    assert_eq!(allowed_back, allowed);
    assert_eq!(back.level, doc.level);
    // A preset written before the choice existed reads as patrols let in, as it was built.
    let lines = text.lines().filter(|l| l.contains("allow_patrols")).count();
    assert_eq!(lines, allowed.len(), "the preset names the choice per lock");
    let old: String = text
        .lines()
        .filter(|l| !l.contains("allow_patrols"))
        .collect::<Vec<_>>()
        .join("\n");
    let read = preset::parse(&old, Path::new("old.ron")).expect("an old preset reads");
    assert!(!read.locks.is_empty() && read.locks.iter().all(|l| l.allow_patrols));
}
