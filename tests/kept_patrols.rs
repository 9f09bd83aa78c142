//! Guards keep their patrols (issue 21): a guard whose route lies wholly within locked rooms comes
//! back with the same route when the rest is regenerated; one whose route leaves them is reported.

use std::path::Path;

use mansion_forge::analysis::validate::{FindingKind, validate};
use mansion_forge::edit::{Command, Document, Edit, locks};
use mansion_forge::generate::packed_mansion::PackedMansionParams;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::rng::fnv1a;
use mansion_forge::generate::rogue_grid::RogueGridParams;
use mansion_forge::generate::tile_growth::TileGrowthParams;
use mansion_forge::generate::{Rerolls, Step};
use mansion_forge::io::preset::{self, Preset};
use mansion_forge::model::topology::move_costs;
use mansion_forge::model::valid::check_lock;
use mansion_forge::model::{
    Cell, Diagnostic, KeptName, Level, LockOrigin, NotKept, OriginKind, RoomId, RoomKind,
    RoomOrigin, StationKind, StationRole, Terrain,
};

/// A recipe of each generator at `seed` and level `level`.
fn recipes(seed: u64, level: u32) -> [Recipe; 4] {
    let other = |generator| Recipe {
        generator,
        level,
        seed,
        rerolls: Rerolls::default(),
        exact: false,
    };
    [
        Recipe::campaign_level(seed, level),
        other(mansion_forge::generate::recipe::GeneratorParams::of::<
            mansion_forge::generate::tile_growth::declaration::Declaration,
        >(TileGrowthParams::default())),
        other(mansion_forge::generate::recipe::GeneratorParams::of::<
            mansion_forge::generate::packed_mansion::declaration::Declaration,
        >(PackedMansionParams::default())),
        other(mansion_forge::generate::recipe::GeneratorParams::of::<
            mansion_forge::generate::rogue_grid::declaration::Declaration,
        >(RogueGridParams::default())),
    ]
}

/// The rooms whose lock would cover a cell of guard `g`'s route, in room order.
fn rooms_under_route(level: &Level, g: usize) -> Vec<RoomId> {
    locks::rooms_touched(level, &level.patrols[level.guards[g].route].cells)
}

/// What a designer sees of a guard and its patrol, with rooms named by origin.
#[derive(Debug, PartialEq)]
struct Seen {
    start: Cell,
    torch: bool,
    cells: Vec<Cell>,
    visits: Vec<RoomOrigin>,
    stations: Vec<(Cell, RoomOrigin, StationKind, StationRole)>,
    outside: bool,
    loops: bool,
}

fn seen(level: &Level, g: usize) -> Seen {
    let guard = level.guards[g];
    let route = &level.patrols[guard.route];
    let origin = |r: RoomId| level.rooms[r].origin.clone();
    Seen {
        start: guard.start,
        torch: guard.carries_torch,
        cells: route.cells.clone(),
        visits: route.visits.iter().map(|&r| origin(r)).collect(),
        stations: route
            .stations
            .iter()
            .map(|s| (s.cell, origin(s.room), s.kind, s.role))
            .collect(),
        outside: route.outside,
        loops: route.loops(),
    }
}

/// A document of `recipe` with every room under a keepable guard's route locked by the designer: the
/// guard and what a designer sees of it, or `None` when no guard's route lies within rooms.
fn lock_a_guard(recipe: Recipe, pick: usize) -> Option<(Document, Seen)> {
    let doc = Document::new(recipe).expect("generates");
    let n = doc.level.guards.len();
    (0..n).map(|k| (pick + k) % n).find_map(|g| {
        let mut locked = doc.clone();
        for room in rooms_under_route(&doc.level, g) {
            locked.apply(Edit::Lock { room }).expect("lockable");
        }
        let kept = !locked.locks.is_empty() && !locked.unkept_guards().contains(&g);
        kept.then(|| (locked, seen(&doc.level, g)))
    })
}

/// Findings that would mean a kept patrol is broken: any playability error, and the patrol notes
/// (invariants 21–26) on one of `cells`, by invariant and cell (route numbers change).
fn findings_at(level: &Level, cells: &[Cell]) -> Vec<(u32, Option<Cell>)> {
    let mut found: Vec<_> = validate(level)
        .into_iter()
        .filter(|v| {
            v.kind == FindingKind::Playability
                || ((21..=26).contains(&v.invariant) && v.cell.is_some_and(|c| cells.contains(&c)))
        })
        .map(|v| (v.invariant, v.cell))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Regenerates `doc` with seven new seeds and re-rolls its patrols once: every accepted result must
/// hold the guard `want` exactly once, with nobody else patrolling its rooms, and no finding on its
/// route that it did not have before (a guard added by hand visits one room, which the validator notes
/// either way); a refusal must be one the locks would meet without the patrol. Returns (accepted,
/// refused).
fn regenerations_keep(doc: &Document, want: &Seen, case: &str) -> (usize, usize) {
    let (mut accepted, mut refused) = (0, 0);
    let before = findings_at(&doc.level, &want.cells);
    let commands = std::iter::once(Command::Reroll(Step::Patrols)).chain((1..8u64).map(|s| {
        Command::Regenerate {
            seed: s * 7919 + 13,
        }
    }));
    for command in commands {
        let mut next = doc.clone();
        if let Err(e) = next.execute(&command) {
            assert_eq!(
                &next, doc,
                "{case} {command:?}: a refusal changed the document"
            );
            // Some lock sets leave a generator no layout (tile growth: locked modules it cannot reach);
            // keeping a patrol must never be the reason.
            let mut without = doc.clone();
            for lock in &mut without.locks {
                lock.patrols.clear();
            }
            assert!(
                without.execute(&command).is_err(),
                "{case} {command:?}: refused only for the kept patrol: {e}"
            );
            refused += 1;
            continue;
        }
        accepted += 1;
        let level = &next.level;
        let same: Vec<usize> = (0..level.guards.len())
            .filter(|&g| seen(level, g) == *want)
            .collect();
        assert_eq!(same.len(), 1, "{case} {command:?}: the kept guard {want:?}");
        let route = level.guards[same[0]].route;
        for (i, other) in level
            .patrols
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != route)
        {
            assert!(
                other
                    .visits
                    .iter()
                    .all(|v| !level.patrols[route].visits.contains(v)),
                "{case} {command:?}: route {i} also patrols the kept guard's rooms"
            );
        }
        assert!(
            level
                .guards
                .iter()
                .filter(|g| g.start == want.start)
                .count()
                == 1,
            "{case} {command:?}: another guard starts on the kept guard's cell"
        );
        let found = findings_at(level, &want.cells);
        assert!(
            found.iter().all(|f| before.contains(f)),
            "{case} {command:?}: {found:?}, before {before:?}"
        );
        assert!(
            !next.unkept_guards().contains(&same[0]),
            "{case} {command:?}: the kept guard is no longer keepable"
        );
    }
    (accepted, refused)
}

/// The generators whose guards walk from room to room through shared walls: lock every room under one
/// guard's route, and regenerations and patrol re-rolls bring that guard back unchanged — start, torch,
/// route cells, stations and the rooms it visits (by origin; their ids change).
#[test]
fn a_guard_in_locked_rooms_keeps_its_patrol_through_regenerations() {
    for (generator, name) in [(0, "siheyuan"), (1, "tile_growth"), (2, "packed_mansion")] {
        let (mut docs, mut accepted, mut refused) = (0, 0, 0);
        for base in 0..36u64 {
            let level = 1 + (base % 9) as u32;
            let recipe = recipes(base, level)[generator].clone();
            let Some((doc, want)) = lock_a_guard(recipe, base as usize) else {
                continue;
            };
            docs += 1;
            let case = format!("{name} base {base} L{level}");
            let (a, r) = regenerations_keep(&doc, &want, &case);
            accepted += a;
            refused += r;
        }
        assert!(
            docs >= 30,
            "{name}: only {docs} levels had a keepable guard"
        );
        assert!(
            accepted >= 5 * docs,
            "{name}: {refused} refused, {accepted} accepted"
        );
    }
}

/// A free floor cell of a room of `level` to stand a guard on, with that room.
fn standing_spot(level: &Level, pick: usize) -> Option<(RoomId, Cell)> {
    let costs = move_costs(level);
    let rooms: Vec<RoomId> = (0..level.rooms.len())
        .filter(|&r| level.rooms[r].kind == RoomKind::Room)
        .collect();
    let room = *rooms.get(pick % rooms.len().max(1))?;
    let cell = level.rooms[room].cells.iter().copied().find(|&c| {
        costs.at(c) == 0 && level.terrain(c) != Terrain::Water && level.item_at(c).is_none()
    })?;
    Some((room, cell))
}

/// A guard added by hand and its room locked stays standing there through regenerations, in every
/// generator — the Rogue grid's too, whose generated guards walk corridors that no lock covers.
#[test]
fn a_guard_added_by_hand_in_a_locked_room_stays() {
    for generator in 0..4 {
        for base in 0..4u64 {
            let recipe = recipes(base, 3)[generator].clone();
            let mut doc = Document::new(recipe).expect("generates");
            let Some((room, cell)) = standing_spot(&doc.level, base as usize) else {
                continue;
            };
            doc.apply(Edit::AddGuard { cell }).expect("adds");
            doc.apply(Edit::Lock { room }).expect("locks");
            let guard = doc.level.guards.len() - 1;
            assert!(!doc.unkept_guards().contains(&guard));
            let want = seen(&doc.level, guard);
            let case = format!("generator {generator} base {base}");
            let (accepted, _) = regenerations_keep(&doc, &want, &case);
            assert!(accepted >= 4, "{case}: {accepted} regenerations accepted");
        }
    }
}

/// A guard whose route leaves the locked rooms is reported before regenerating; every reported guard
/// steps into a locked room, and no guard is both reported and kept.
#[test]
fn a_guard_whose_patrol_leaves_the_locked_rooms_is_reported() {
    let mut reported = [0; 4];
    for base in 0..12u64 {
        for (generator, recipe) in recipes(base, 5).into_iter().enumerate() {
            let mut doc = Document::new(recipe).expect("generates");
            let Some(g) = (0..doc.level.guards.len()).find(|&g| {
                let route = &doc.level.patrols[doc.level.guards[g].route];
                route.visits.len() >= 2 && rooms_under_route(&doc.level, g).len() >= 2
            }) else {
                continue;
            };
            let room = doc.level.patrols[doc.level.guards[g].route].visits[0];
            doc.apply(Edit::Lock { room }).expect("locks");
            let unkept = doc.unkept_guards();
            assert!(unkept.contains(&g), "generator {generator} base {base}");
            let covered: Vec<Cell> = locks::covered_cells(&doc.level, room);
            for &u in &unkept {
                let route = &doc.level.patrols[doc.level.guards[u].route];
                assert!(route.cells.iter().any(|c| covered.contains(c)));
            }
            assert!(doc.locks.iter().all(|l| l.patrols.is_empty()));
            reported[generator] += 1;
        }
    }
    assert!(reported.iter().all(|&n| n >= 8), "{reported:?}");
}

/// A kept route that can no longer be walked (here: a lock of a hand-made preset whose route steps on
/// its room's wall) is left out and said in the level's diagnostics; the level is the one the locks
/// make without it, planned anew.
#[test]
fn a_kept_route_that_is_no_longer_walkable_is_noted_and_planned_anew() {
    let (doc, want) = lock_a_guard(Recipe::campaign_level(7, 5), 0).expect("a keepable guard");
    let mut without = doc.locks.clone();
    for lock in &mut without {
        lock.patrols.clear();
    }
    let mut base_locks = doc.locks.clone();
    let wall = base_locks[0]
        .terrain
        .iter()
        .find(|(_, t)| *t == Terrain::Wall)
        .map(|&(c, _)| c)
        .expect("a wall in the ring");
    for lock in &mut base_locks {
        for patrol in &mut lock.patrols {
            patrol.cells[1] = wall;
        }
    }
    let rebuilt = Document::replay(doc.recipe.clone(), base_locks, Vec::new()).expect("rebuilds");
    let note = Diagnostic::PatrolNotKept {
        patrol: KeptName::Guard(want.start),
        why: NotKept::NotWalkable(wall),
    };
    assert_eq!(
        note.to_string(),
        format!(
            "the kept guard at ({}, {}) steps on ({}, {}), which is no longer walkable: regeneration plans it anew",
            want.start.x, want.start.y, wall.x, wall.y
        )
    );
    assert!(
        rebuilt.level.diagnostics.contains(&note),
        "{:?}",
        rebuilt.level.diagnostics
    );
    let mut planned = Document::replay(doc.recipe.clone(), without, Vec::new()).expect("rebuilds");
    planned.level.diagnostics.push(note);
    assert_eq!(rebuilt.level, planned.level);
    assert!(findings_at(&rebuilt.level, &[]).is_empty());
}

/// A document keeping a guard saves to a preset that rebuilds the same document, byte for byte, with the
/// kept patrol in its locks.
#[test]
fn a_preset_keeps_its_patrols_and_rebuilds_byte_identically() {
    for (generator, recipe) in recipes(3, 6).into_iter().enumerate().take(3) {
        let (mut doc, want) = lock_a_guard(recipe, 1).expect("a keepable guard");
        doc.execute(&Command::Regenerate { seed: 4242 })
            .expect("regenerates");
        assert!(doc.base_locks.iter().any(|l| !l.patrols.is_empty()));
        let text = preset::to_string(&Preset::of(&doc, "kept")).expect("serialises");
        let back = preset::parse(&text, Path::new("kept.ron"))
            .expect("parses")
            .rebuild()
            .expect("rebuilds");
        assert_eq!(back.drift, None, "generator {generator}");
        assert_eq!(back.document, doc, "generator {generator}");
        let level = &back.document.level;
        assert!((0..level.guards.len()).any(|g| seen(level, g) == want));
    }
}

/// Fingerprints of every preset of `presets/` and `tests/data/` rebuilt by the build before locks kept
/// patrols (`None`: refused), which old presets must still rebuild to.
const REBUILT_BEFORE: [(&str, Option<&str>); 18] = [
    ("presets/default.ron", Some("62d870be1f727881")),
    ("presets/early-mansion.ron", Some("e5b102ba37a75058")),
    ("presets/late-mansion.ron", Some("3fdb1d6476fdcb22")),
    ("presets/locked-and-edited.ron", Some("b145773eec5a425c")),
    ("presets/packed-mansion-manor.ron", Some("8ed67ae46b565eed")),
    (
        "presets/packed-mansion-palace.ron",
        Some("0be45d8ab936ba23"),
    ),
    (
        "presets/packed-mansion-townhouse.ron",
        Some("47f096e013f209f9"),
    ),
    (
        "presets/rogue-grid-rogue-classic.ron",
        Some("169a72f4d7a7c945"),
    ),
    ("presets/rogue-grid-warren.ron", Some("a18ad147cfcd12a1")),
    ("presets/tile-growth-chambers.ron", Some("8de90291e6e006b2")),
    (
        "presets/tile-growth-crypt-maze.ron",
        Some("54d758e3c6b66435"),
    ),
    (
        "presets/tile-growth-long-halls.ron",
        Some("219f3eda26e32a14"),
    ),
    ("presets/tile-growth-sprawl.ron", Some("34858e0dbcc7aad0")),
    ("tests/data/preset-foreign-lock-126566.ron", None),
    ("tests/data/preset-foreign-lock-140050.ron", None),
    (
        "tests/data/preset-foreign-lock-52486.ron",
        Some("cb6cc6e87efbbfd5"),
    ),
    ("tests/data/preset-lock-cut-off.ron", None),
    (
        "tests/data/preset-lock-neighbour-off-plan.ron",
        Some("b145773eec5a425c"),
    ),
];

/// Presets saved before locks kept patrols (with locks and without) load with designer locks that keep
/// no patrols, and rebuild to exactly the level they rebuilt to before (or are refused as before).
#[test]
fn old_presets_rebuild_as_before() {
    for (path, before) in REBUILT_BEFORE {
        let preset = preset::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
            .unwrap_or_else(|e| panic!("{e}"));
        for lock in &preset.locks {
            assert_eq!(lock.by, LockOrigin::Designer, "{path}");
            assert!(lock.patrols.is_empty(), "{path}");
        }
        let now = preset
            .rebuild()
            .ok()
            .map(|loaded| preset::fingerprint(&loaded.document.level));
        assert_eq!(now.as_deref(), before, "{path}");
    }
}

/// Levels without locks of the three structural generators are unchanged: FNV-1a of their
/// fingerprints (seeds 0–9, levels 1 and 6), recorded with the build before locks kept patrols. The
/// siheyuan's are frozen by `siheyuan_golden.rs`.
#[test]
fn levels_without_locks_are_unchanged() {
    let mut text = String::new();
    for seed in 0..10 {
        for level in [1, 6] {
            for recipe in recipes(seed, level).into_iter().skip(1) {
                text.push_str(&preset::fingerprint(&recipe.build().expect("generates")));
            }
        }
    }
    assert_eq!(fnv1a(text.as_bytes()), 0xf88a_ee22_4370_5bfb);
}

/// Hostile presets: kept patrols off the limit map, through another generator's rooms, or longer than
/// any level's route are refused with the reason when read, never built.
#[test]
fn hostile_kept_patrols_are_refused_when_read() {
    let (doc, _) = lock_a_guard(Recipe::campaign_level(2, 4), 0).expect("a keepable guard");
    let mut doc = doc;
    doc.base_locks = doc.locks.clone();
    let good = Preset::of(&doc, "kept");
    let text = |edit: &dyn Fn(&mut Preset)| {
        let mut p = good.clone();
        edit(&mut p);
        preset::to_string(&p).expect("serialises")
    };
    let refused = |t: String, says: &str| {
        let err = preset::parse(&t, Path::new("h.ron")).expect_err("refused");
        assert!(err.to_string().contains(says), "{err}");
    };
    refused(
        text(&|p| p.locks[0].patrols[0].cells[0] = Cell::new(100_000, 3)),
        "outside the 512×512 limit",
    );
    refused(
        text(&|p| p.locks[0].patrols[0].visits[0] = RoomOrigin::GridCell { i: 0, j: 0 }),
        "walks a room that no `siheyuan` level has",
    );
    assert!(preset::parse(&text(&|_| {}), Path::new("h.ron")).is_ok());
    // Too long to write out as a file in a test; the same check runs on every lock read.
    let mut long = good.locks[0].clone();
    let cell = long.patrols[0].cells[0];
    long.patrols[0].cells = vec![cell; 512 * 512 * 16 + 1];
    let err = check_lock("siheyuan", OriginKind::Slot, 0, &long).expect_err("refused");
    assert!(err.0.contains("longer than"), "{err}");
}
