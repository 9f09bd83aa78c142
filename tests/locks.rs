//! Locks as generator constraints, per-step re-rolls, and undo/redo of edits (issue 4).

use mansion_forge::analysis::validate::validate;
use mansion_forge::edit::{Command, Document, Edit, History, locks};
use mansion_forge::generate::Step;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, ItemKind, Level, LockedRoom, RoomKind, Terrain};
use proptest::prelude::*;

/// What a lock promises to keep: terrain of the floor and ring, and the items there.
fn locked_content(level: &Level, room: usize) -> (Vec<(Cell, Terrain)>, Vec<(Cell, ItemKind)>) {
    let snap = locks::snapshot(level, room).expect("a room, not the exterior");
    let mut items: Vec<(Cell, ItemKind)> = snap.items.iter().map(|i| (i.cell, i.kind)).collect();
    items.sort_by_key(|(c, _)| *c);
    (snap.terrain, items)
}

/// Locks `rooms` of a fresh document, then regenerates with `seeds`; every locked room must come back
/// byte-identical and the level must keep every invariant.
fn regenerate_keeps_locks(
    game: u64,
    level: u32,
    rooms: &[usize],
    seeds: impl Iterator<Item = u64>,
) -> Result<usize, TestCaseError> {
    let mut doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
    for &room in rooms {
        doc.apply(Edit::Lock { room }).expect("lockable");
    }
    let before: Vec<_> = rooms
        .iter()
        .map(|&r| locked_content(&doc.level, r))
        .collect();
    let mut changed = 0;
    for seed in seeds {
        let mut next = doc.clone();
        next.execute(&Command::Regenerate { seed })
            .map_err(|e| TestCaseError::fail(format!("game {game} L{level} seed {seed}: {e}")))?;
        for (n, &room) in rooms.iter().enumerate() {
            prop_assert_eq!(
                &locked_content(&next.level, room),
                &before[n],
                "game {} L{} seed {}: room {} changed",
                game,
                level,
                seed,
                room
            );
        }
        let violations: Vec<String> = validate(&next.level)
            .iter()
            .map(|v| v.to_string())
            .collect();
        prop_assert!(
            violations.is_empty(),
            "game {} L{} seed {}: {}",
            game,
            level,
            seed,
            violations.join("; ")
        );
        changed += usize::from(next.level.terrain != doc.level.terrain);
    }
    Ok(changed)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn locked_rooms_survive_fifty_regenerations(game in 0u64..10_000, level in 0u32..10, picks in prop::collection::vec(any::<prop::sample::Index>(), 1..8)) {
        let doc = Document::new(Recipe::campaign_level(game, level)).expect("generates");
        let candidates: Vec<usize> = (0..doc.level.rooms.len()).filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior).collect();
        let quarter = (candidates.len() / 4).max(1);
        let mut rooms: Vec<usize> = picks.iter().take(quarter).map(|i| candidates[i.index(candidates.len())]).collect();
        rooms.sort_unstable();
        rooms.dedup();
        let changed = regenerate_keeps_locks(game, level, &rooms, (1..=50).map(|s| s * 7919 + game))?;
        prop_assert!(changed > 0, "regenerating never changed the unlocked rooms");
    }
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
    assert_eq!(doc.level.terrain, before.terrain);
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
    match kind % 9 {
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
            open: b % 2 == 0,
        },
        4 => Edit::SetRoomKind {
            room,
            kind: [RoomKind::Room, RoomKind::Courtyard][b % 2],
            private: a % 2 == 0,
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
        _ => {
            if b % 2 == 0 {
                Edit::Lock { room }
            } else {
                Edit::MovePlayerStart { to: cell }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

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
