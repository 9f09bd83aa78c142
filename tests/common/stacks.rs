//! A level with a stack of items, as level format 2 allows and the 2025 game makes: the campaign's
//! mansion 5 of game 1 with a chair put under its first coin.

use mansion_forge::generate::campaign;
use mansion_forge::model::{Item, ItemKind, Level};

/// The level and the chair's place in its item list (the coin is next).
pub fn coin_on_a_chair() -> (Level, usize) {
    let mut level = campaign::plan(1).generate(5).expect("mansion 5");
    let coin = level
        .items
        .iter()
        .position(|it| it.kind == ItemKind::Coin)
        .expect("a coin");
    let cell = level.items[coin].cell;
    level.items.insert(
        coin,
        Item {
            kind: ItemKind::Chair,
            cell,
        },
    );
    (level, coin)
}
