//! The numbers of a level's guards and coins ([`Numbers`]) read and kept in step as the level changes:
//! what an edit or a regeneration does to its lists, it does to their numbers here.

use super::cell::Cell;
use super::level::Level;
use super::numbers::{NumberedCoin, Numbers, fill};
use super::terrain::ItemKind;

impl Level {
    /// The number guard `guard` goes by ("guard 8"): stable while it exists, whatever is added or
    /// removed around it.
    pub fn guard_number(&self, guard: usize) -> usize {
        self.numbers
            .guards
            .get(guard)
            .map_or(guard, |&n| n as usize)
    }

    /// The loot number of item `item` ("loot #3"), `None` for an item that is not a coin.
    pub fn loot_number(&self, item: usize) -> Option<usize> {
        let is_coin = |i: usize| {
            self.items
                .get(i)
                .is_some_and(|it| it.kind == ItemKind::Coin)
        };
        if !is_coin(item) {
            return None;
        }
        let rank = (0..item).filter(|&i| is_coin(i)).count();
        Some(
            self.numbers
                .loot
                .get(rank)
                .map_or(rank + 1, |&n| n as usize),
        )
    }

    /// Every coin's cell and loot number, in item order.
    pub fn numbered_coins(&self) -> Vec<NumberedCoin> {
        self.items
            .iter()
            .filter(|it| it.kind == ItemKind::Coin)
            .enumerate()
            .map(|(rank, it)| {
                let plain = u32::try_from(rank + 1).unwrap_or(u32::MAX);
                (
                    it.cell,
                    self.numbers.loot.get(rank).copied().unwrap_or(plain),
                )
            })
            .collect()
    }

    /// Keeps the guard numbers in step with a guard an edit appended: it takes the next number above
    /// every other.
    pub fn number_added_guard(&mut self) {
        let before = self.guards.len().saturating_sub(1);
        if self.numbers.guards.is_empty() {
            return;
        }
        self.numbers.guards.truncate(before);
        let next = self
            .numbers
            .guards
            .iter()
            .max()
            .map_or(0, |n| n.saturating_add(1));
        self.numbers.guards.push(next);
    }

    /// Keeps the guard numbers in step with guard `guard`, which an edit removed: the others keep theirs.
    pub fn number_removed_guard(&mut self, guard: usize) {
        let before = self.guards.len() + 1;
        if self.numbers.guards.is_empty() {
            self.numbers.guards = (0..before)
                .map(|g| u32::try_from(g).unwrap_or(u32::MAX))
                .collect();
        }
        if guard < self.numbers.guards.len() {
            self.numbers.guards.remove(guard);
        }
        self.numbers.tidy();
    }

    /// Gives the coins their numbers after an edit, from `before` (the coins' cells and numbers before
    /// it, with the cell an edit moved a stack from already read as where it went): a coin still on its
    /// cell keeps its number, and a new coin takes the next number above every other.
    ///
    /// Edits keep the coins that stay in their order and append new ones, so each coin is looked for
    /// after the one found before it.
    pub fn number_coins_after_edit(&mut self, before: &[NumberedCoin]) {
        let mut next = before
            .iter()
            .map(|&(_, n)| n.saturating_add(1))
            .max()
            .unwrap_or(1);
        let mut from = 0;
        let coins: Vec<Cell> = self
            .items
            .iter()
            .filter(|it| it.kind == ItemKind::Coin)
            .map(|it| it.cell)
            .collect();
        self.numbers.loot = coins
            .iter()
            .map(|&cell| {
                if let Some(k) = before[from..].iter().position(|&(c, _)| c == cell) {
                    from += k + 1;
                    before[from - 1].1
                } else {
                    let number = next;
                    next = next.saturating_add(1);
                    number
                }
            })
            .collect();
        self.numbers.tidy();
    }

    /// Numbers a level a regeneration built: the guards and coins it kept take the numbers they had
    /// (`kept_guards`: a kept guard's start and the cells of its route; `kept_coins`: a kept coin's
    /// cell), and the new ones the smallest numbers nobody kept, in list order.
    pub fn number_kept(
        &mut self,
        kept_guards: &[(Cell, &[Cell], u32)],
        kept_coins: &[NumberedCoin],
    ) {
        let guard_claims: Vec<Option<u32>> = self
            .guards
            .iter()
            .map(|g| {
                let cells = self.patrols.get(g.route).map(|p| p.cells.as_slice());
                kept_guards
                    .iter()
                    .find(|&&(start, route, _)| start == g.start && Some(route) == cells)
                    .map(|&(_, _, n)| n)
            })
            .collect();
        let mut coins_left: Vec<NumberedCoin> = kept_coins.to_vec();
        let coin_claims: Vec<Option<u32>> = self
            .items
            .iter()
            .filter(|it| it.kind == ItemKind::Coin)
            .map(|it| {
                let k = coins_left.iter().position(|&(c, _)| c == it.cell)?;
                Some(coins_left.remove(k).1)
            })
            .collect();
        self.numbers = Numbers {
            guards: fill(&guard_claims, 0),
            loot: fill(&coin_claims, 1),
        };
        self.numbers.tidy();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Guard, Item, PatrolRoute, Terrain};

    fn level_with(guards: usize, coins: usize) -> Level {
        let mut level = Level::blank("siheyuan", 1, 0, (20, 20), Terrain::Wood);
        for g in 0..guards {
            let cell = Cell::new(g as i32, 0);
            level.patrols.push(PatrolRoute {
                cells: vec![cell; 3],
                visits: Vec::new(),
                stations: Vec::new(),
                outside: false,
            });
            level.guards.push(Guard {
                start: cell,
                route: g,
                carries_torch: false,
            });
        }
        for c in 0..coins {
            let cell = Cell::new(c as i32, 5);
            level.items.push(Item {
                kind: ItemKind::Coin,
                cell,
            });
        }
        level
    }

    #[test]
    fn removing_a_guard_keeps_the_others_numbers_and_a_new_one_takes_a_new_number() {
        let mut level = level_with(4, 0);
        level.guards.remove(1);
        level.number_removed_guard(1);
        let numbers: Vec<usize> = (0..3).map(|g| level.guard_number(g)).collect();
        assert_eq!(numbers, [0, 2, 3]);
        level.guards.push(level.guards[0]);
        level.number_added_guard();
        assert_eq!(level.guard_number(3), 4, "not 1, which guard 1 had");
        assert_eq!(level.numbers.mismatch(4, 0), None);
    }

    #[test]
    fn plain_numbers_are_not_stored() {
        let mut level = level_with(3, 2);
        level.guards.push(level.guards[0]);
        level.number_added_guard();
        let before = level.numbered_coins();
        level.items.push(Item {
            kind: ItemKind::Coin,
            cell: Cell::new(9, 9),
        });
        level.number_coins_after_edit(&before);
        assert!(level.numbers.is_plain());
        assert_eq!(level.loot_number(2), Some(3));
    }

    #[test]
    fn a_coin_keeps_its_number_when_an_earlier_one_goes() {
        let mut level = level_with(0, 4);
        let before = level.numbered_coins();
        level.items.remove(0);
        level.number_coins_after_edit(&before);
        let numbers: Vec<Option<usize>> = (0..3).map(|i| level.loot_number(i)).collect();
        assert_eq!(numbers, [Some(2), Some(3), Some(4)]);
        let before = level.numbered_coins();
        level.items.push(Item {
            kind: ItemKind::Coin,
            cell: Cell::new(0, 5),
        });
        level.number_coins_after_edit(&before);
        assert_eq!(
            level.loot_number(3),
            Some(5),
            "a coin put back is a new coin"
        );
    }

    #[test]
    fn kept_guards_and_coins_keep_their_numbers_and_new_ones_fill_the_gaps() {
        let mut level = level_with(3, 4);
        let route = level.patrols[2].cells.clone();
        let kept = [(level.guards[2].start, route.as_slice(), 10)];
        let coin = level.items[0].cell;
        level.number_kept(&kept, &[(coin, 11), (Cell::new(19, 19), 12)]);
        let guards: Vec<usize> = (0..3).map(|g| level.guard_number(g)).collect();
        assert_eq!(guards, [0, 1, 10]);
        let loot: Vec<Option<usize>> = (0..4).map(|i| level.loot_number(i)).collect();
        assert_eq!(loot, [Some(11), Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn a_number_claimed_twice_goes_to_the_first_and_a_stored_list_must_fit() {
        assert_eq!(fill(&[Some(2), Some(2), None], 0), [2, 0, 1]);
        assert_eq!(
            fill(&[Some(u32::MAX), None], 0),
            [0, 1],
            "a number past the limit is none"
        );
        let huge = Numbers {
            guards: vec![u32::MAX],
            loot: Vec::new(),
        };
        assert!(huge.mismatch(1, 0).is_some_and(|m| m.contains("above")));
        let numbers = Numbers {
            guards: vec![0, 0],
            loot: Vec::new(),
        };
        assert!(numbers.mismatch(2, 0).is_some_and(|m| m.contains("share")));
        assert!(
            numbers
                .mismatch(3, 0)
                .is_some_and(|m| m.contains("numbers 2"))
        );
    }
}
