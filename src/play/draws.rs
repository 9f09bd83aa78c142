//! The guards' random draws (`stealth-rules.md` §3.6, §3.7, §6): reaction timeouts of `2 + rand(4)`
//! turns. The original draws them from JavaScript's `Math.random`; a play-through here draws them from
//! mulberry32 ([`Mulberry32`]), the 32-bit generator the project's 2023 game-seed convention already
//! stands in for `Math.random` with, seeded by the play-through's own seed, so a saved play-through
//! replays exactly.
//!
//! The draws come in the original's order: guard by guard in list order, and within a guard's turn a
//! shout heard, then a creak heard, then a sighting (`guard.ts:95-116`, `191-194`). The original also
//! draws for footstep sounds after each move; those change nothing in the game and are not drawn here.

use serde::{Deserialize, Serialize};

use crate::model::Mulberry32;

/// The play-through's mulberry32 stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draws {
    state: Mulberry32,
}

impl Draws {
    /// A stream seeded with `seed`.
    pub fn new(seed: u32) -> Self {
        Draws {
            state: Mulberry32::new(seed),
        }
    }

    /// The next number in `[0, 1)`.
    pub fn next_unit(&mut self) -> f64 {
        self.state.next_unit()
    }

    /// `randomInRange(n)` of the original: `floor(random · n)`, in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_unit() * f64::from(n)) as u32
    }
}
