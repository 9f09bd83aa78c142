//! Seeded random streams with the original's random primitives.
//!
//! Algorithm (stable, documented, part of the file format's promise): every random step of a level draws
//! from its own `ChaCha8` stream. The stream's 32-byte key is the little-endian level seed, then the 64-bit
//! FNV-1a hash of the step's tag (e.g. `"loot"`), then 16 zero bytes. A uniform float `u ∈ [0, 1)` is the top
//! 53 bits of `next_u64` scaled by 2⁻⁵³, and `rand(n) = floor(u · n)` exactly as in the original, so one
//! draw is made even for `rand(1)`. Re-rolling one step therefore leaves every other step unchanged.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// 64-bit FNV-1a: a tiny, fixed hash for deriving stream keys from tags.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// `SplitMix64` finaliser: mixes a game seed and a level index into a level seed.
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One random stream with the original's primitives (`siheyuan-mansion.md` §0).
pub struct Stream {
    rng: ChaCha8Rng,
}

impl Stream {
    /// The stream for step `tag` of the level with seed `seed`.
    pub fn new(seed: u64, tag: &str) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&fnv1a(tag.as_bytes()).to_le_bytes());
        Stream {
            rng: ChaCha8Rng::from_seed(key),
        }
    }

    /// A uniform float in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// `floor(u · n)`: a uniform integer in `[0, n)`; one draw even when `n = 1`. `n = 0` gives 0.
    pub fn below(&mut self, n: usize) -> usize {
        let u = self.uniform();
        ((u * n as f64) as usize).min(n.saturating_sub(1))
    }

    /// `rand(n)` for signed arithmetic.
    pub fn below_i32(&mut self, n: i32) -> i32 {
        self.below(n.max(0) as usize) as i32
    }

    /// `coin()`: 0 or 1.
    pub fn coin(&mut self) -> i32 {
        self.below(2) as i32
    }

    /// `chance(p)`: true when a fresh `u < p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.uniform() < p
    }

    /// Fisher–Yates run downwards, as the original shuffles.
    pub fn shuffle<T>(&mut self, list: &mut [T]) {
        for i in (1..list.len()).rev() {
            let j = self.below(i + 1);
            list.swap(i, j);
        }
    }

    /// A uniform integer in the inclusive range `[lo, hi]` (for the other generators).
    pub fn range_inclusive(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            lo
        } else {
            lo + self.below_i32(hi - lo + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_by_tag_and_repeat_by_seed() {
        let a: Vec<usize> = (0..8)
            .map({
                let mut s = Stream::new(7, "loot");
                move |_| s.below(1000)
            })
            .collect();
        let b: Vec<usize> = (0..8)
            .map({
                let mut s = Stream::new(7, "loot");
                move |_| s.below(1000)
            })
            .collect();
        let c: Vec<usize> = (0..8)
            .map({
                let mut s = Stream::new(7, "patrols");
                move |_| s.below(1000)
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut s = Stream::new(1, "t");
        let mut seen = [0usize; 3];
        for _ in 0..3000 {
            seen[s.below(3)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    #[test]
    fn fnv1a_matches_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
