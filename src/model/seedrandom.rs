//! The 2025 game's random source, bit for bit: seedrandom 3.0.5's ARC4 generator behind the game's `RNG`
//! class (spec `lll-2025-mansion.md` §3), and JavaScript's number-to-string for the level seeds.
//!
//! Only a bit-exact port needs this: the game seeds every level with a string (`'lvl' + L + u`), so the same
//! plan gives the same mansion only if the key schedule, the byte stream, the 52-bit double construction
//! and the decimal spelling of `u` all match the original. It lives in the model, beside
//! [`Mulberry32`](super::Mulberry32), because two layers draw from it: the 2025 generator, and the 2025
//! turn loop, whose guards draw from the game's main stream (`stealth-rules.md` §10).

/// seedrandom's ARC4 state: the RC4 permutation and its two indices.
#[derive(Clone)]
struct Arc4 {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Arc4 {
    /// The RC4 key schedule over `key` (an empty key counts as `[0]`, as in seedrandom), then the 256
    /// output bytes seedrandom throws away.
    fn new(key: &[u8]) -> Self {
        let key: &[u8] = if key.is_empty() { &[0] } else { key };
        let mut s = [0u8; 256];
        for (i, v) in s.iter_mut().enumerate() {
            *v = i as u8;
        }
        let mut j: u8 = 0;
        for i in 0..256 {
            j = j.wrapping_add(key[i % key.len()]).wrapping_add(s[i]);
            s.swap(i, usize::from(j));
        }
        let mut arc4 = Arc4 { s, i: 0, j: 0 };
        for _ in 0..256 {
            arc4.byte();
        }
        arc4
    }

    /// The next RC4 output byte.
    fn byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        let t = self.s[usize::from(self.i)];
        self.j = self.j.wrapping_add(t);
        self.s[usize::from(self.i)] = self.s[usize::from(self.j)];
        self.s[usize::from(self.j)] = t;
        self.s[usize::from(self.s[usize::from(self.i)].wrapping_add(t))]
    }

    /// `count` bytes read as one big-endian number (seedrandom's `g(count)`); at most 6 here, so the
    /// f64 the game computes holds it exactly.
    fn bytes(&mut self, count: usize) -> u64 {
        (0..count).fold(0, |r, _| r << 8 | u64::from(self.byte()))
    }
}

/// seedrandom's key from a seed string (`mixkey`): each UTF-16 code unit is folded into a 256-entry key
/// with a running "smear". For strings up to 256 units the smear stays 0 and the key is the code units
/// mod 256; longer strings fold back onto the first entries, which this reproduces too.
fn mix_key(seed: &str) -> Vec<u8> {
    let mut key: Vec<u8> = Vec::new();
    let mut smear: i32 = 0;
    for (j, unit) in seed.encode_utf16().enumerate() {
        let at = j & 255;
        // An entry not yet written is `undefined` in JavaScript: `undefined * 19` is NaN, which `^=`
        // reads as 0.
        if let Some(&old) = key.get(at) {
            smear ^= i32::from(old) * 19;
        }
        let value = (smear.wrapping_add(i32::from(unit)) & 255) as u8;
        if at < key.len() {
            key[at] = value;
        } else {
            key.push(value);
        }
    }
    key
}

/// The game's `RNG` class: a seed string, and seedrandom's ARC4 stream on it. `reset` restarts the stream,
/// which the generator does before building a level (§3: the size draws are read again).
///
/// # Examples
///
/// The run `'game 1'` draws what the game's own `RNG` draws, spelt as JavaScript prints numbers;
/// [`SeedRandom::reset`] starts the stream over:
///
/// ```
/// use mansion_forge::model::{SeedRandom, js_number};
///
/// let mut rng = SeedRandom::new("game 1");
/// assert_eq!(js_number(rng.random()), "0.0729229658853494");
/// assert_eq!(js_number(rng.random()), "0.01934667139343915");
/// assert_eq!(rng.draws(), 2);
///
/// rng.reset();
/// assert_eq!((rng.seed(), rng.draws()), ("game 1", 0));
/// assert_eq!(js_number(rng.random()), "0.0729229658853494");
///
/// let mut deck: Vec<u32> = (0..10).collect();
/// SeedRandom::new("shuffle").shuffle(&mut deck);
/// let mut again: Vec<u32> = (0..10).collect();
/// SeedRandom::new("shuffle").shuffle(&mut again);
/// assert_eq!(deck, again);
/// deck.sort_unstable();
/// assert_eq!(deck, (0..10).collect::<Vec<_>>());
/// assert_eq!(js_number(2.3302182228671586e-7), "2.3302182228671586e-7");
/// ```
#[derive(Clone)]
pub struct SeedRandom {
    seed: String,
    arc4: Arc4,
    draws: u64,
}

impl SeedRandom {
    /// The stream of `seed`, as `new RNG(seed)` makes it.
    pub fn new(seed: &str) -> Self {
        SeedRandom {
            seed: seed.to_string(),
            arc4: Arc4::new(&mix_key(seed)),
            draws: 0,
        }
    }

    /// The seed string the stream was made from (a level's `'lvl' + L + u`).
    pub fn seed(&self) -> &str {
        &self.seed
    }

    /// Restarts the stream from its seed, as `RNG.reset` does; the draw count starts again at 0.
    pub fn reset(&mut self) {
        *self = SeedRandom::new(&self.seed);
    }

    /// How many doubles were drawn since the stream was made or reset: the vectors' `draws` and
    /// `draws_by_step` count these, so a port can find the first step whose draw count differs.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// The next double in [0, 1): seedrandom's construction from 6 bytes, extended byte by byte until
    /// the numerator has 52 bits, then cut back below 2⁵³, so every double has 52 random bits.
    ///
    /// The game does this in doubles; here it is done in integers, which is the same arithmetic: the
    /// numerator stays a whole number below 2⁶¹, a multiple of 256 when it is halved (at most eight
    /// times), and the denominator a power of two, so no step rounds in either.
    pub fn random(&mut self) -> f64 {
        const SIGNIFICANCE: u64 = 1 << 52;
        const OVERFLOW: u64 = 1 << 53;
        self.draws += 1;
        let mut n = self.arc4.bytes(6);
        let mut exponent: u64 = 48;
        let mut x: u64 = 0;
        while n < SIGNIFICANCE {
            n = (n + x) << 8;
            exponent += 8;
            x = u64::from(self.arc4.byte());
        }
        // The game halves n, the denominator and x until n < 2⁵³: that many halvings at once.
        let halvings = (u64::BITS - n.leading_zeros()).saturating_sub(OVERFLOW.trailing_zeros());
        n >>= halvings;
        x >>= halvings;
        exponent -= u64::from(halvings);
        // Dividing by 2^exponent is multiplying by 2^−exponent, built from its bits: both are exact while
        // 2^−exponent is a normal double, and a multiplication is several times quicker. Only a run
        // of over a hundred zero bytes would push the exponent past that; then the game's division.
        let value = (n + x) as f64;
        match 1023u64.checked_sub(exponent) {
            Some(biased) if biased > 0 => value * f64::from_bits(biased << 52),
            _ => value / 2f64.powi(i32::try_from(exponent).unwrap_or(i32::MAX)),
        }
    }

    /// `randomInRange(n)`: `floor(random() · n)`, one draw even for `n` ≤ 1. The product is never
    /// negative, so the cast's truncation is the floor (and needs no library call).
    pub fn below(&mut self, n: usize) -> usize {
        (self.random() * n as f64) as usize
    }

    /// `random() < p`: one draw.
    pub fn chance(&mut self, p: f64) -> bool {
        self.random() < p
    }

    /// The game's Fisher–Yates shuffle: from the last element down, swap with `below(i + 1)`; `len − 1`
    /// draws (none for fewer than two elements).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A number as JavaScript's `String(u)` writes it: the shortest digits that read back as the same double,
/// in exponent form below 1e-6 (`2.3302182228671586e-7`). The level seeds are spelt this way, so one wrong
/// digit gives another mansion.
pub fn js_number(u: f64) -> String {
    let mut buffer = ryu_js::Buffer::new();
    buffer.format(u).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `n` doubles of `seed`, spelt as JavaScript prints them.
    fn first(seed: &str, n: usize) -> Vec<String> {
        let mut rng = SeedRandom::new(seed);
        (0..n).map(|_| js_number(rng.random())).collect()
    }

    #[test]
    fn spec_vectors_match_seedrandom() {
        assert_eq!(first("hello.", 1), ["0.9282578795792454"]);
        assert_eq!(
            first("game 1", 5),
            [
                "0.0729229658853494",
                "0.01934667139343915",
                "0.6288066145451676",
                "0.8918649439826855",
                "0.5997985005033076"
            ]
        );
        assert_eq!(
            first("Daily 2025/01/01", 5),
            [
                "0.9718972760251525",
                "0.18277008077888038",
                "0.4803678881510002",
                "0.052585327457447165",
                "0.9822169391668752"
            ]
        );
    }

    #[test]
    fn repeated_short_keys_give_one_stream() {
        assert_eq!(first("1", 3), first("11", 3));
        assert_ne!(first("1", 3), first("2", 3));
    }

    #[test]
    fn reset_restarts_the_stream_and_its_count() {
        let mut rng = SeedRandom::new("lvl00.5997985005033076");
        let a = rng.random();
        rng.random();
        assert_eq!(rng.draws(), 2);
        rng.reset();
        assert_eq!(rng.draws(), 0);
        assert_eq!(rng.random().to_bits(), a.to_bits());
    }

    #[test]
    fn long_seeds_fold_their_key() {
        // Past 256 code units seedrandom folds the string back onto the key with its smear.
        let long = "x".repeat(300);
        let key = mix_key(&long);
        assert_eq!(key.len(), 256);
        assert_eq!(key[0], (((120 * 19) + 120) & 255) as u8);
        assert_eq!(key[1], 120);
        assert_eq!(key[2], 96);
        assert_eq!(key[200], 120);
    }

    #[test]
    fn numbers_are_spelt_as_javascript_does() {
        assert_eq!(js_number(0.079_548_359_225_266_08), "0.07954835922526608");
        assert_eq!(js_number(0.638_514_110_824_372), "0.638514110824372");
        assert_eq!(
            js_number(2.330_218_222_867_158_6e-7),
            "2.3302182228671586e-7"
        );
        assert_eq!(js_number(1.569_270_211_465_122e-7), "1.569270211465122e-7");
        assert_eq!(js_number(0.000_001), "0.000001");
        assert_eq!(js_number(0.0), "0");
    }
}
