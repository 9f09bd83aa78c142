//! mulberry32, the 32-bit generator the project's 2023 game-seed convention puts in place of
//! JavaScript's `Math.random` (`tests/data/lll2023-exact/README.md`). It lives in the level core because
//! two layers that may not import each other need the very same stream: the exact 2023 generation
//! (`generate`) draws a whole game from it, and a play-through (`play`) draws the guards' reactions.

use serde::{Deserialize, Serialize};

/// A mulberry32 stream: the state advances by `0x6D2B79F5` per draw, and the output, mixed to 32 bits and
/// divided by 2³², is a number in `[0, 1)` as `Math.random` gives. Serialised as its bare state, so a
/// saved stream resumes exactly.
///
/// # Examples
///
/// The same seed gives the same numbers (those the convention's reference lists for seed 1), and a
/// copy of a stream goes on exactly where the original does:
///
/// ```
/// use mansion_forge::model::Mulberry32;
///
/// let mut stream = Mulberry32::new(1);
/// assert_eq!(stream.next_unit(), 0.627_073_940_588_161_3);
/// assert_eq!(stream.next_unit(), 0.002_735_721_180_215_478);
///
/// let mut copy = stream;
/// let ahead: Vec<f64> = (0..5).map(|_| stream.next_unit()).collect();
/// let again: Vec<f64> = (0..5).map(|_| copy.next_unit()).collect();
/// assert_eq!(ahead, again);
/// assert!(ahead.iter().all(|u| (0.0..1.0).contains(u)));
/// // Every value is a whole number of 2⁻³²: exact in an `f64`.
/// assert!(ahead.iter().all(|u| (u * 4_294_967_296.0).fract() == 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Mulberry32 {
    state: u32,
}

impl Mulberry32 {
    /// The stream whose state starts at `seed` (the convention's game `g` is `Mulberry32::new(g)`).
    pub fn new(seed: u32) -> Self {
        Mulberry32 { state: seed }
    }

    /// The next number in `[0, 1)`; every value is a multiple of 2⁻³², so it is exact in an `f64`.
    pub fn next_unit(&mut self) -> f64 {
        self.state = self.state.wrapping_add(0x6D2B_79F5);
        let mut t = self.state;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        // `t | 61` in the published mulberry32; 0x3D is 61.
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 0x3D));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mulberry32(1)'s first draws as the vectors' README lists them (and node prints them for the same
    /// function).
    #[test]
    fn seed_1_gives_the_reference_draws() {
        let mut stream = Mulberry32::new(1);
        let got: Vec<f64> = (0..4).map(|_| stream.next_unit()).collect();
        let want = [
            0.627_073_940_588_161_3,
            0.002_735_721_180_215_478,
            0.527_447_039_959_952_2,
            0.981_050_967_471_674_1,
        ];
        assert_eq!(got, want);
    }

    /// The state wraps modulo 2³², as the convention's uint32 state does.
    #[test]
    fn the_state_wraps_around() {
        let mut stream = Mulberry32::new(u32::MAX);
        let first = stream.next_unit();
        assert_eq!(stream, Mulberry32::new(0x6D2B_79F4));
        assert!((0.0..1.0).contains(&first));
    }
}
