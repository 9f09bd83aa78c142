//! The numbers a designer knows guards and coins by ("guard 8", "loot #3"), kept apart from their
//! places in the level's lists.
//!
//! A list index is not an identity: removing guard 2 would rename every later guard, and a
//! regeneration lists the guards and coins a lock keeps before the new ones. A designer who spoke of
//! "guard 10" and "loot #11" expects them to keep those names while they exist, and new ones to take
//! names nobody else has. So a level carries each guard's and each coin's number beside the lists;
//! while every number is the plain one (the guard's index, the coin's place among the coins from 1),
//! nothing is stored and the level's file is as it always was.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::cell::Cell;

/// Each guard's and each coin's number, where one differs from the plain one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Numbers {
    /// Per guard in `Level::guards` order: its number. Empty while every guard goes by its index.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<u32>,
    /// Per coin in the order coins come in `Level::items`: its loot number. Empty while every coin
    /// goes by its place among the coins, from 1.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot: Vec<u32>,
}

/// The highest number a file may give a guard or a coin: far above any level's count, and far enough
/// below `u32::MAX` that the numbers edits hand out, one above the highest, never run out.
pub const MAX_NUMBER: u32 = u32::MAX / 2;

/// A coin's cell and number, as a lock or an edit remembers it.
pub type NumberedCoin = (Cell, u32);

impl Numbers {
    /// Every guard and coin by its plain number: what a generated level has.
    pub const PLAIN: &'static Numbers = &Numbers {
        guards: Vec::new(),
        loot: Vec::new(),
    };

    /// Whether every guard and coin goes by its plain number (nothing to store).
    pub fn is_plain(&self) -> bool {
        self.guards.is_empty() && self.loot.is_empty()
    }

    /// Why these numbers do not fit a level of `guards` guards and `coins` coins, if they do not: a
    /// stored list names every guard (or coin) once, with numbers no two share.
    pub fn mismatch(&self, guards: usize, coins: usize) -> Option<String> {
        let check = |numbers: &[u32], count: usize, what: &str| {
            if numbers.is_empty() {
                return None;
            }
            if numbers.len() != count {
                return Some(format!(
                    "the level numbers {} {what}s, but has {count}",
                    numbers.len()
                ));
            }
            if let Some(n) = numbers.iter().find(|&&n| n > MAX_NUMBER) {
                return Some(format!("a {what} has the number {n}, above {MAX_NUMBER}"));
            }
            let mut seen = HashSet::with_capacity(numbers.len());
            numbers
                .iter()
                .find(|n| !seen.insert(**n))
                .map(|n| format!("two {what}s share the number {n}"))
        };
        check(&self.guards, guards, "guard").or_else(|| check(&self.loot, coins, "coin"))
    }

    /// Drops a list whose numbers are all the plain ones.
    pub(super) fn tidy(&mut self) {
        if self
            .guards
            .iter()
            .enumerate()
            .all(|(i, &n)| n as usize == i)
        {
            self.guards.clear();
        }
        if self
            .loot
            .iter()
            .enumerate()
            .all(|(i, &n)| n as usize == i + 1)
        {
            self.loot.clear();
        }
    }
}

/// `count` numbers: the `claimed` ones where given, the others the smallest numbers from `first` that
/// nobody claimed, in order. A claim another entry made before, or one above [`MAX_NUMBER`] (a hostile or
/// stale file), counts as none.
pub(super) fn fill(claimed: &[Option<u32>], first: u32) -> Vec<u32> {
    let mut taken = HashSet::new();
    let claims: Vec<Option<u32>> = claimed
        .iter()
        .map(|c| c.filter(|&n| n <= MAX_NUMBER && taken.insert(n)))
        .collect();
    let mut next = first;
    claims
        .into_iter()
        .map(|claim| {
            claim.unwrap_or_else(|| {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.insert(next);
                next
            })
        })
        .collect()
}
