//! Locks on 2025 levels: regenerating around locked rooms keeps the game's layout (walls, rooms, doors,
//! room types) and the locked rooms' floors and items byte for byte, redraws everything else, and says
//! clearly when a lock cannot be kept; without locks a new seed draws a new layout.

use mansion_forge::analysis::validate::playability_errors;
use mansion_forge::edit::{Command, Document, Edit, History};
use mansion_forge::generate::lll2025::declaration::Declaration;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::model::{Cell, Item, Level, RoomKind, RoomOrigin, Terrain};

fn game_document(game: u64, level: u32) -> Document {
    let kind = registry::find("lll2025").expect("registered");
    Document::new(Recipe::for_game(&kind.defaults(), game, level)).expect("builds")
}

/// The terrain and items of `cells`, in order.
fn contents(level: &Level, cells: &[Cell]) -> (Vec<Terrain>, Vec<Item>) {
    let terrain = cells.iter().map(|&c| level.terrain(c)).collect();
    let mut items: Vec<Item> = level
        .items
        .iter()
        .filter(|i| cells.contains(&i.cell))
        .copied()
        .collect();
    items.sort_by_key(|i| (i.cell, format!("{:?}", i.kind)));
    (terrain, items)
}

#[test]
fn regenerating_around_locks_keeps_the_layout_and_the_locked_rooms() {
    for (game, n) in [(3, 7), (5, 9), (8, 4), (2, 2)] {
        let mut doc = game_document(game, n);
        let old_seed = doc.recipe.seed;
        let rooms: Vec<usize> = (0..doc.level.rooms.len())
            .filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior)
            .step_by(3)
            .take(3)
            .collect();
        let mut history = History::default();
        for &room in &rooms {
            history
                .run(&mut doc, &Command::Edit(Edit::Lock { room }))
                .expect("locks");
        }
        let before = doc.level.clone();
        history
            .run(&mut doc, &Command::Regenerate { seed: 4242 })
            .unwrap_or_else(|e| panic!("game {game} level {n}: {e}"));
        let params = doc.recipe.generator.get::<Declaration>().expect("2025");
        assert_eq!(
            params.layout_seed,
            Some(old_seed),
            "the layout's seed is kept"
        );
        assert_eq!(doc.level.rooms.len(), before.rooms.len());
        for (a, b) in doc.level.rooms.iter().zip(&before.rooms) {
            assert_eq!(
                (&a.origin, a.interior),
                (&b.origin, b.interior),
                "the layout stays"
            );
        }
        for &room in &rooms {
            let cells = &before.rooms[room].cells;
            assert_eq!(
                contents(&doc.level, cells),
                contents(&before, cells),
                "game {game} level {n}: locked room {room} is kept"
            );
        }
        assert_ne!(doc.level.items, before.items, "the rest is drawn again");
        assert_eq!(
            playability_errors(&doc.level),
            Vec::new(),
            "game {game} level {n}"
        );
        assert!(history.undo(&mut doc), "undoable");
        assert_eq!(doc.level, before);
    }
}

#[test]
fn without_locks_a_new_seed_draws_a_new_layout() {
    let mut doc = game_document(3, 7);
    let before = doc.level.clone();
    History::default()
        .run(&mut doc, &Command::Regenerate { seed: 4242 })
        .expect("regenerates");
    let params = doc.recipe.generator.get::<Declaration>().expect("2025");
    assert_eq!(params.layout_seed, None);
    assert_ne!(doc.level.rooms, before.rooms);
}

#[test]
fn a_lock_no_layout_has_is_refused_with_a_reason() {
    let mut doc = game_document(3, 7);
    History::default()
        .run(&mut doc, &Command::Edit(Edit::Lock { room: 2 }))
        .expect("locks");
    let mut locks = doc.locks.clone();
    locks[0].room.origin = RoomOrigin::Corner2025 { x: 1000, y: 1000 };
    match mansion_forge::edit::rebuild::build(&doc.recipe, &locks) {
        Ok(_) => panic!("a room no layout has cannot be kept"),
        Err(e) => assert!(e.to_string().contains("not a room of this layout"), "{e}"),
    }
}
