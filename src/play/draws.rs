//! The guards' random draws (`stealth-rules.md` §3.6, §3.7, §6): reaction timeouts of `2 + rand(4)`
//! turns. The original draws them from JavaScript's `Math.random`; a play-through here draws them from
//! mulberry32, the 32-bit generator the project's 2023 game-seed convention already stands in for
//! `Math.random` with, seeded by the play-through's own seed, so a saved play-through replays exactly.
//!
//! The draws come in the original's order: guard by guard in list order, and within a guard's turn a
//! shout heard, then a creak heard, then a sighting (`guard.ts:95-116`, `191-194`). The original also
//! draws for footstep sounds after each move; those change nothing in the game and are not drawn here.

use serde::{Deserialize, Serialize};

/// A mulberry32 stream: state advanced by `0x6D2B79F5` per draw, output mixed to 32 bits, divided by
/// 2³² for a number in `[0, 1)` as `Math.random` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draws {
    state: u32,
}

impl Draws {
    /// A stream seeded with `seed`.
    pub fn new(seed: u32) -> Self {
        Draws { state: seed }
    }

    /// The next number in `[0, 1)`.
    pub fn next_unit(&mut self) -> f64 {
        self.state = self.state.wrapping_add(0x6D2B_79F5);
        let mut t = self.state;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 0x3d));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }

    /// `randomInRange(n)` of the original: `floor(random · n)`, in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_unit() * f64::from(n)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mulberry32(1)'s first draws as `../shared/reference/lll2023-exact/README.md` lists them (and
    /// node prints them for the same function).
    #[test]
    fn mulberry32_of_seed_1_matches_the_reference_draws() {
        let mut draws = Draws::new(1);
        let got: Vec<f64> = (0..4).map(|_| draws.next_unit()).collect();
        let want = [
            0.627_073_940_588_161_3,
            0.002_735_721_180_215_478,
            0.527_447_039_959_952_2,
            0.981_050_967_471_674_1,
        ];
        assert_eq!(got, want);
    }
}
