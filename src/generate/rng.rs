//! Seeded random streams with the original's random primitives.
//!
//! Algorithm (stable, documented, part of the file format's promise): every random step of a level draws
//! from its own `ChaCha8` stream. The stream's 32-byte key is the little-endian level seed, then the 64-bit
//! FNV-1a hash of the step's tag (e.g. `"loot"`), then 16 zero bytes. A uniform float `u ∈ [0, 1)` is the top
//! 53 bits of `next_u64` scaled by 2⁻⁵³, and `rand(n) = floor(u · n)` exactly as in the original, so one
//! draw is made even for `rand(1)`. Re-rolling one step therefore leaves every other step unchanged.
//!
//! The exact 2023 mode instead draws a whole game from one [`Mulberry32`] stream
//! ([`Stream::mulberry32`]), as the original draws from `Math.random`; the primitives are the same, so
//! the passes do not know which source they draw from.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::{Rerolls, Step};
use crate::model::Mulberry32;

/// 64-bit FNV-1a: a tiny, fixed hash for deriving stream keys from tags.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(FNV1A_START, bytes)
}

/// The FNV-1a hash of nothing: where [`fnv1a_more`] starts.
pub const FNV1A_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The FNV-1a hash `hash` of some bytes carried on over `bytes`: a long input hashed piece by piece
/// gives [`fnv1a`] of the whole.
pub fn fnv1a_more(mut hash: u64, bytes: &[u8]) -> u64 {
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

/// Where a stream's uniform floats come from.
enum Source {
    /// A per-step `ChaCha8` stream (the normal mode).
    ChaCha(Box<ChaCha8Rng>),
    /// The one game-wide stream of the exact 2023 mode.
    Mulberry(Mulberry32),
}

/// One random stream with the original's primitives (`siheyuan-mansion.md` §0).
///
/// # Examples
///
/// A stream is a pure function of the level seed and the step's tag, so each step draws the same
/// numbers however much the others draw; the exact mode's stream is mulberry32 of the game seed:
///
/// ```
/// use mansion_forge::generate::rng::Stream;
/// use mansion_forge::model::Mulberry32;
///
/// let draws = |stream: &mut Stream| -> Vec<usize> { (0..8).map(|_| stream.below(100)).collect() };
/// let loot = draws(&mut Stream::new(42, "loot"));
/// assert_eq!(draws(&mut Stream::new(42, "loot")), loot);
/// assert_ne!(draws(&mut Stream::new(42, "furniture")), loot);
/// assert_ne!(draws(&mut Stream::new(43, "loot")), loot);
/// assert!(loot.iter().all(|&n| n < 100));
///
/// let mut exact = Stream::mulberry32(1);
/// let mut reference = Mulberry32::new(1);
/// assert_eq!(exact.uniform().to_bits(), reference.next_unit().to_bits());
/// assert_eq!(exact.draws(), 1);
/// ```
pub struct Stream {
    source: Source,
    /// Uniform floats drawn so far: the exact mode's test vectors count draws per step, which finds the
    /// first step where a port diverges.
    draws: u64,
}

impl Stream {
    /// The stream for step `tag` of the level with seed `seed`.
    pub fn new(seed: u64, tag: &str) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&fnv1a(tag.as_bytes()).to_le_bytes());
        Stream {
            source: Source::ChaCha(Box::new(ChaCha8Rng::from_seed(key))),
            draws: 0,
        }
    }

    /// The game-wide stream of the exact 2023 mode: mulberry32 seeded with the game seed, standing in for
    /// the original's `Math.random`.
    pub fn mulberry32(game_seed: u32) -> Self {
        Stream {
            source: Source::Mulberry(Mulberry32::new(game_seed)),
            draws: 0,
        }
    }

    /// How many uniform floats this stream has given.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// A uniform float in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        self.draws += 1;
        match &mut self.source {
            Source::ChaCha(rng) => (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64),
            Source::Mulberry(rng) => rng.next_unit(),
        }
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

/// Where the random steps of one generation draw from: their own per-step streams of the level seed (the
/// normal mode, whose steps re-roll alone), or one stream shared by every step in order (the exact 2023
/// mode, where each step continues the game's stream where the previous one left it).
pub enum Streams<'a> {
    /// One [`Stream::new`] per step, keyed by the level seed and the step's tag (re-rolls included).
    PerStep {
        /// The level seed.
        seed: u64,
        /// How often the re-rollable steps were re-rolled.
        rerolls: Rerolls,
    },
    /// Every step draws from `stream`, in order.
    Shared {
        /// The game's stream.
        stream: &'a mut Stream,
        /// `stream`'s draw count when this generation began.
        start: u64,
        /// Each step's name with the generation's cumulative draws at its end ([`Streams::mark`]).
        marks: Vec<(&'static str, u64)>,
    },
}

impl<'a> Streams<'a> {
    /// Every step draws from `stream`, in order; the marks count from its present position.
    pub fn shared(stream: &'a mut Stream) -> Self {
        let start = stream.draws();
        Streams::Shared {
            stream,
            start,
            marks: Vec::new(),
        }
    }

    /// The stream of the step tagged `tag`.
    pub fn step(&mut self, tag: &str) -> StepStream<'_> {
        match self {
            Streams::PerStep { seed, .. } => StepStream::Own(Stream::new(*seed, tag)),
            Streams::Shared { stream, .. } => StepStream::Shared(stream),
        }
    }

    /// The stream of a pass of the re-rollable `step` whose plain tag is `tag` (see [`Rerolls::tag`]).
    pub fn rerolled(&mut self, step: Step, tag: &str) -> StepStream<'_> {
        match self {
            Streams::PerStep { seed, rerolls } => {
                StepStream::Own(Stream::new(*seed, &rerolls.tag(step, tag)))
            }
            Streams::Shared { stream, .. } => StepStream::Shared(stream),
        }
    }

    /// Records that the step `name` ends here (shared mode only): the vectors' `draws_by_step`.
    pub fn mark(&mut self, name: &'static str) {
        super::trace::mark(name);
        if let Streams::Shared {
            stream,
            start,
            marks,
        } = self
        {
            marks.push((name, stream.draws() - *start));
        }
    }

    /// The marks recorded so far (empty in the per-step mode).
    pub fn marks(&self) -> &[(&'static str, u64)] {
        match self {
            Streams::PerStep { .. } => &[],
            Streams::Shared { marks, .. } => marks,
        }
    }
}

/// A step's stream: its own, or a borrow of the shared one.
pub enum StepStream<'a> {
    /// A per-step stream.
    Own(Stream),
    /// The shared stream.
    Shared(&'a mut Stream),
}

impl std::ops::Deref for StepStream<'_> {
    type Target = Stream;

    fn deref(&self) -> &Stream {
        match self {
            StepStream::Own(s) => s,
            StepStream::Shared(s) => s,
        }
    }
}

impl std::ops::DerefMut for StepStream<'_> {
    fn deref_mut(&mut self) -> &mut Stream {
        match self {
            StepStream::Own(s) => s,
            StepStream::Shared(s) => s,
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
