//! The validator's 2025 notes (`lll-2025-mansion.md` §11, numbered 100 + n) fire when a 2025 level breaks
//! the game's guarantees: each check is shown failing on a game level broken by hand.

use mansion_forge::analysis::validate::{FindingKind, validate};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::model::{Item, ItemKind, Level, Level2025, RoomType2025, Terrain};

/// Level `n` of the 2025 game's run `'game G'`.
fn game_level(game: u64, n: u32) -> Level {
    let kind = registry::find("lll2025").expect("registered");
    Recipe::for_game(&kind.defaults(), game, n)
        .build()
        .expect("builds")
}

/// The 2025 note numbers `level` breaks.
fn notes(level: &Level) -> Vec<u32> {
    validate(level)
        .iter()
        .filter(|v| v.kind == FindingKind::GeneratorNote)
        .map(|v| v.invariant)
        .collect()
}

/// A level 9 (a Fortress) of the first game that has a vault.
fn fortress_with_vault() -> Level {
    (1..50)
        .map(|g| game_level(g, 9))
        .find(|l| {
            l.part::<Level2025>()
                .is_some_and(|e| e.room_types.contains(&RoomType2025::Vault))
        })
        .expect("some Fortress has a vault")
}

#[test]
fn a_game_level_is_clean() {
    assert_eq!(notes(&fortress_with_vault()), Vec::<u32>::new());
}

#[test]
fn a_lost_key_is_noted() {
    let mut level = fortress_with_vault();
    let extra = level.part_mut::<Level2025>().expect("2025 part");
    extra.guards.iter_mut().for_each(|g| g.key = false);
    assert!(notes(&level).contains(&109));
}

#[test]
fn an_unlocked_vault_door_is_noted() {
    let mut level = fortress_with_vault();
    level
        .items
        .retain(|i| !matches!(i.kind, ItemKind::LockedDoor(_)));
    let found = notes(&level);
    assert!(found.contains(&108), "{found:?}");
}

#[test]
fn a_lit_torch_at_level_0_is_noted() {
    let mut level = game_level(1, 0);
    let floor = level
        .all_cells()
        .find(|&c| level.terrain(c) == Terrain::Wood && level.items.iter().all(|i| i.cell != c))
        .expect("a free wood cell");
    level.items.push(Item {
        cell: floor,
        kind: ItemKind::TorchLit,
    });
    assert!(notes(&level).contains(&111));
}

#[test]
fn an_open_route_and_a_coin_in_a_wall_are_noted() {
    let mut level = game_level(2, 6);
    let route = level
        .patrols
        .iter_mut()
        .find(|r| r.cells.len() > 6 && !r.outside)
        .expect("a walking route");
    let half = route.cells.len() / 2;
    route.cells.truncate(half);
    let wall = level
        .all_cells()
        .find(|&c| level.terrain(c) == Terrain::Wall)
        .expect("a wall");
    level.items.retain(|i| i.cell != wall);
    level.items.push(Item {
        cell: wall,
        kind: ItemKind::Coin,
    });
    let found = notes(&level);
    assert!(found.contains(&117), "{found:?}");
    assert!(found.contains(&113), "{found:?}");
}

#[test]
fn a_missing_outside_guard_is_noted() {
    let mut level = game_level(4, 7);
    let outside = level
        .patrols
        .iter_mut()
        .find(|r| r.outside)
        .expect("level 7 has outside guards");
    outside.outside = false;
    assert!(notes(&level).contains(&115));
}
