//! Locks as generator constraints, per-step re-rolls, and undo/redo of edits (issue 4).

use mansion_forge::analysis::validate::{Violation, validate};
use mansion_forge::edit::{Command, Document, Edit, History, locks};
use mansion_forge::generate::Step;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::rng::Stream;
use mansion_forge::model::{Cell, ItemKind, Level, LockOrigin, LockedRoom, RoomKind, Terrain};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Terrain of a locked room's floor and ring, and its items by cell.
type Content = (Vec<(Cell, Terrain)>, Vec<(Cell, ItemKind)>);

/// What a lock promises to keep: terrain of the floor and ring, and the items there.
fn locked_content(level: &Level, room: usize) -> Content {
    let snap = locks::snapshot(level, room).expect("a room, not the exterior");
    let mut items: Vec<(Cell, ItemKind)> = snap.items.iter().map(|i| (i.cell, i.kind)).collect();
    items.sort_by_key(|(c, _)| *c);
    (snap.terrain, items)
}

/// Invariant 20 under locks: the first `min(C − locked coins, unlocked dead ends)` unlocked dead-end
/// rooms in index order each hold a coin.
fn check_dead_end_loot(level: &Level, locked: &[usize]) -> Result<(), String> {
    let coins: Vec<Cell> = level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .map(|i| i.cell)
        .collect();
    let coins_in = |r: usize| {
        coins
            .iter()
            .filter(|&&c| level.rooms[r].interior.contains(c))
            .count()
    };
    let locked_coins: usize = locked.iter().map(|&r| coins_in(r)).sum();
    let dead = mansion_forge::analysis::dead_ends(level);
    let unlocked_dead: Vec<usize> = (0..level.rooms.len())
        .filter(|&r| dead[r] && !locked.contains(&r))
        .collect();
    let served = (coins.len() - locked_coins).min(unlocked_dead.len());
    match unlocked_dead[..served].iter().find(|&&r| coins_in(r) == 0) {
        Some(r) => Err(format!("unlocked dead end {r} holds no loot")),
        None => Ok(()),
    }
}

/// Outcome of regenerating locked documents with many seeds.
#[derive(Default)]
struct Tally {
    accepted: usize,
    refused: usize,
    changed: usize,
    failures: Vec<String>,
}

/// Locks `rooms` of a fresh document, then regenerates with `seeds`. Every accepted regeneration must keep
/// each locked room byte-identical and every invariant; a refused one must say why and leave the
/// document as it was.
fn regenerate_with_locks(
    game: u64,
    level: u32,
    rooms: &[usize],
    seeds: impl Iterator<Item = u64>,
    tally: &mut Tally,
) {
    let mut doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
    for &room in rooms {
        doc.apply(Edit::Lock { room }).expect("lockable");
    }
    let before: Vec<_> = rooms
        .iter()
        .map(|&r| locked_content(&doc.level, r))
        .collect();
    for seed in seeds {
        let case = format!("game {game} L{level} locks {rooms:?} seed {seed}");
        let mut next = doc.clone();
        if let Err(e) = next.execute(&Command::Regenerate { seed }) {
            tally.refused += 1;
            if next != doc || e.to_string().is_empty() {
                tally.failures.push(format!(
                    "{case}: a refusal changed the document or said nothing"
                ));
            }
            continue;
        }
        tally.accepted += 1;
        tally.changed += usize::from(next.level.terrain_cells() != doc.level.terrain_cells());
        for (n, &room) in rooms.iter().enumerate() {
            if locked_content(&next.level, room) != before[n] {
                tally
                    .failures
                    .push(format!("{case}: locked room {room} changed"));
            }
        }
        // Locked rooms keep exactly the loot they had, and that loot is spent first; so invariant 20's
        // "the first dead ends hold a coin" applies to the unlocked dead ends with the budget that
        // remains, checked separately. Every other invariant holds everywhere.
        // A locked room keeps new guards out (issue 44), so it may be left unpatrolled.
        let waived = |v: &Violation| {
            (v.invariant == 20 && v.message.contains("dead-end"))
                || (v.invariant == 26 && v.room.is_some_and(|r| next.is_locked(r)))
        };
        tally.failures.extend(
            validate(&next.level)
                .iter()
                .filter(|v| !waived(v))
                .map(|v| format!("{case}: {v}")),
        );
        if let Err(e) = check_dead_end_loot(&next.level, rooms) {
            tally.failures.push(format!("{case}: {e}"));
        }
    }
}

/// Random lock sets (up to a quarter of the rooms) on random games and levels, fifty regenerations each.
#[test]
fn locked_rooms_survive_fifty_regenerations() {
    let mut pick = Stream::new(2024, "lock-sweep");
    let mut tally = Tally::default();
    for _ in 0..80 {
        let (game, level) = (pick.below(10_000) as u64, pick.below(10) as u32);
        let doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
        let candidates: Vec<usize> = (0..doc.level.rooms.len())
            .filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior)
            .collect();
        let count = 1 + pick.below((candidates.len() / 4).max(1));
        let mut rooms: Vec<usize> = (0..count)
            .map(|_| candidates[pick.below(candidates.len())])
            .collect();
        rooms.sort_unstable();
        rooms.dedup();
        regenerate_with_locks(
            game,
            level,
            &rooms,
            (1..=50).map(|s| s * 7919 + game),
            &mut tally,
        );
    }
    let total = tally.accepted + tally.refused;
    println!(
        "{} accepted, {} refused, {} changed the level",
        tally.accepted, tally.refused, tally.changed
    );
    assert!(
        tally.failures.is_empty(),
        "{} failures:\n{}",
        tally.failures.len(),
        tally.failures[..tally.failures.len().min(10)].join("\n")
    );
    assert!(
        tally.refused * 20 <= total,
        "{} of {total} regenerations refused their locks",
        tally.refused
    );
    assert!(
        tally.changed * 10 >= tally.accepted * 9,
        "regenerating rarely changed the unlocked rooms"
    );
}

#[test]
fn an_impossible_lock_is_refused_and_the_level_is_kept() {
    let mut doc = Document::new(Recipe::campaign_level(4, 6)).expect("generates");
    let mut bogus: LockedRoom = locks::snapshot(&doc.level, 1).expect("room 1");
    bogus.room.origin = mansion_forge::model::RoomOrigin::Slot { rx: 99, ry: 0 };
    doc.locks.push(bogus);
    let before = doc.clone();
    let mut history = History::default();
    let err = history
        .run(&mut doc, &Command::Regenerate { seed: 5 })
        .expect_err("refused");
    assert!(err.to_string().contains("outside the"), "{err}");
    assert_eq!(doc, before);
    assert!(!history.can_undo());
}

#[test]
fn a_hand_edit_locks_its_room_and_survives_regeneration() {
    let mut doc = Document::new(Recipe::campaign_level(8, 5)).expect("generates");
    let room = (1..doc.level.rooms.len())
        .find(|&r| doc.level.rooms[r].kind == RoomKind::Room)
        .expect("a room");
    let cell = doc.level.rooms[room]
        .cells
        .iter()
        .copied()
        .find(|&c| doc.level.item_at(c).is_none())
        .expect("a free cell");
    doc.apply(Edit::SetItem {
        cell,
        item: Some(ItemKind::Table),
    })
    .expect("edit");
    assert!(doc.is_locked(room), "editing a room locks it");
    doc.execute(&Command::Regenerate { seed: 99 })
        .expect("regenerates");
    assert_eq!(
        doc.level.item_at(cell).map(|i| i.kind),
        Some(ItemKind::Table)
    );
}

#[test]
fn rerolling_loot_keeps_the_layout_and_moves_the_coins() {
    let mut doc = Document::new(Recipe::campaign_level(11, 8)).expect("generates");
    let before = doc.level.clone();
    doc.execute(&Command::Reroll(Step::Loot)).expect("re-rolls");
    assert_eq!(doc.level.terrain_cells(), before.terrain_cells());
    let not_coins = |l: &Level| {
        l.items
            .iter()
            .filter(|i| i.kind != ItemKind::Coin)
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(not_coins(&doc.level), not_coins(&before));
    let coins = |l: &Level| {
        l.items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin)
            .map(|i| i.cell)
            .collect::<Vec<_>>()
    };
    assert_ne!(coins(&doc.level), coins(&before));
    assert_eq!(coins(&doc.level).len(), coins(&before).len());
    assert!(validate(&doc.level).is_empty());
}

/// A random edit, drawn relative to the level so most of them apply.
fn arbitrary_edit(level: &Level, kind: u8, a: usize, b: usize) -> Edit {
    let cell = Cell::new(
        (a % level.width as usize) as i32,
        (b % level.height as usize) as i32,
    );
    let room = 1 + a % (level.rooms.len() - 1);
    match kind % 10 {
        0 => Edit::PaintTerrain {
            cell,
            terrain: [Terrain::Wall, Terrain::Wood, Terrain::Grass, Terrain::Water][b % 4],
        },
        1 => Edit::SetItem {
            cell,
            item: Some(
                [
                    ItemKind::Chair,
                    ItemKind::Table,
                    ItemKind::Coin,
                    ItemKind::TorchLit,
                ][b % 4],
            ),
        },
        2 => Edit::SetItem { cell, item: None },
        3 => Edit::SetDoor {
            adjacency: a % level.adjacencies.len(),
            open: b.is_multiple_of(2),
        },
        4 => Edit::SetRoomKind {
            room,
            kind: [RoomKind::Room, RoomKind::Courtyard][b % 2],
            private: a.is_multiple_of(2),
        },
        5 => Edit::MoveWaypoint {
            route: a % level.patrols.len().max(1),
            index: b % 5,
            to: cell,
        },
        6 => Edit::AddGuard { cell },
        7 => Edit::RemoveGuard {
            guard: a % level.guards.len().max(1),
        },
        8 => Edit::MoveRoomToRoute {
            room,
            route: b % level.patrols.len().max(1),
        },
        _ => {
            if b.is_multiple_of(2) {
                Edit::Lock { room }
            } else {
                Edit::MovePlayerStart { to: cell }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: RngSeed::Fixed(48), ..ProptestConfig::default() })]

    #[test]
    fn undoing_every_edit_restores_the_start_and_redo_the_end(
        game in 0u64..1000,
        level in 1u32..10,
        script in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..40),
    ) {
        let mut doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
        let start = doc.clone();
        let mut history = History::default();
        let mut applied = 0;
        for (n, &(kind, a, b)) in script.iter().enumerate() {
            let command = if n % 13 == 12 { Command::Regenerate { seed: a as u64 } } else { Command::Edit(arbitrary_edit(&doc.level, kind, a, b)) };
            applied += usize::from(history.run(&mut doc, &command).is_ok());
        }
        let end = doc.clone();
        for _ in 0..applied {
            prop_assert!(history.undo(&mut doc));
        }
        prop_assert!(!history.undo(&mut doc));
        prop_assert_eq!(&doc, &start);
        for _ in 0..applied {
            prop_assert!(history.redo(&mut doc));
        }
        prop_assert_eq!(&doc, &end);
    }

    #[test]
    fn a_document_replays_to_the_same_level(game in 0u64..1000, level in 1u32..10, script in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..30)) {
        let mut doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
        for &(kind, a, b) in &script {
            let edit = arbitrary_edit(&doc.level, kind, a, b);
            let _ = doc.apply(edit);
        }
        let replayed = Document::replay(doc.recipe.clone(), doc.base_locks.clone(), doc.edits.clone()).expect("replays");
        prop_assert_eq!(replayed, doc);
    }
}

/// Moving a room to another guard's route: it leaves its old route and joins the new one, both routes are
/// walked anew (steps, pauses and one route per room still hold), and the edit undoes exactly.
#[test]
fn a_room_moves_to_another_guards_route() {
    let mut moved = 0;
    for game in 0..40u64 {
        let doc = Document::new(Recipe::campaign_level(game, 9)).expect("generates");
        let level = &doc.level;
        let graph = mansion_forge::analysis::room_graph(level);
        let owner = |r: usize| {
            level
                .patrols
                .iter()
                .position(|p| !p.outside && p.visits.contains(&r))
        };
        let candidate = (1..level.rooms.len()).find_map(|room| {
            let from = owner(room)?;
            let to = graph
                .neighbours(room)
                .iter()
                .filter_map(|&(n, _)| owner(n))
                .find(|&t| t != from)?;
            Some((room, from, to))
        });
        let Some((room, from, to)) = candidate else {
            continue;
        };
        let mut edited = doc.clone();
        let mut history = History::default();
        let command = Command::Edit(Edit::MoveRoomToRoute { room, route: to });
        if let Err(e) = history.run(&mut edited, &command) {
            // Refusals must say why and change nothing.
            assert!(e.to_string().contains("cannot join"), "{e}");
            assert_eq!(edited, doc);
            continue;
        }
        moved += 1;
        let patrols = &edited.level.patrols;
        assert!(
            patrols[to].visits.contains(&room),
            "game {game}: room {room} joined route {to}"
        );
        assert!(
            !patrols[from].visits.contains(&room),
            "game {game}: room {room} left route {from}"
        );
        let broken: Vec<String> = validate(&edited.level)
            .iter()
            .filter(|v| [21, 23, 24, 25].contains(&v.invariant))
            .map(std::string::ToString::to_string)
            .collect();
        assert!(broken.is_empty(), "game {game}: {}", broken.join("; "));
        assert!(history.undo(&mut edited));
        assert_eq!(edited, doc);
    }
    assert!(moved >= 10, "only {moved} rooms could be moved");
}

/// Who locked a room: a hand edit locks the rooms it touches as edit locks and says which it newly
/// locked; the designer's lock takes such a room over; unlocking removes either; the history passes
/// the newly locked rooms on for the status bar.
#[test]
fn a_lock_says_whether_the_designer_or_an_edit_made_it() {
    let mut doc = Document::new(Recipe::campaign_level(8, 5)).expect("generates");
    let room = (1..doc.level.rooms.len())
        .find(|&r| doc.level.rooms[r].kind == RoomKind::Room)
        .expect("a room");
    let free = |doc: &Document, n: usize| {
        doc.level.rooms[room]
            .cells
            .iter()
            .copied()
            .filter(|&c| doc.level.item_at(c).is_none())
            .nth(n)
            .expect("a free cell")
    };
    assert_eq!(doc.lock_origin(room), None);
    let mut history = History::default();
    let table = |cell| {
        Command::Edit(Edit::SetItem {
            cell,
            item: Some(ItemKind::Table),
        })
    };
    let first = table(free(&doc, 0));
    history.run(&mut doc, &first).expect("edit");
    assert_eq!(history.newly_locked(), [room]);
    assert_eq!(doc.lock_origin(room), Some(LockOrigin::Edit));
    // A second edit in the same room locks nothing new.
    let again = doc.apply(Edit::SetItem {
        cell: free(&doc, 1),
        item: Some(ItemKind::Chair),
    });
    assert_eq!(again, Ok(Vec::new()));
    assert_eq!(doc.apply(Edit::Lock { room }), Ok(Vec::new()));
    assert_eq!(doc.lock_origin(room), Some(LockOrigin::Designer));
    // An edit in a designer-locked room leaves it the designer's.
    let third = table(free(&doc, 2));
    history.run(&mut doc, &third).expect("edit");
    assert!(history.newly_locked().is_empty());
    assert_eq!(doc.lock_origin(room), Some(LockOrigin::Designer));
    assert!(history.undo(&mut doc));
    assert!(history.newly_locked().is_empty());
    doc.apply(Edit::Unlock { room }).expect("unlock");
    assert_eq!(doc.lock_origin(room), None);
    // The origin survives regeneration and a preset round trip.
    doc.apply(Edit::Lock { room }).expect("lock");
    doc.execute(&Command::Regenerate { seed: 5 })
        .expect("regenerates");
    let replayed =
        Document::replay(doc.recipe.clone(), doc.base_locks.clone(), Vec::new()).expect("replays");
    assert_eq!(replayed.lock_origin(room), Some(LockOrigin::Designer));
    assert_eq!(replayed, doc);
}
