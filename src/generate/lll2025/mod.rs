//! The 2025 mansion generator of *Lurk Leap Loot* (mcneja/7drl-2023 at 85ae99f), after
//! `lll-2025-mansion.md`, built to be bit-exact with the game: its seeded ARC4 stream ([`random`]), its
//! campaign and daily plans ([`plan`]), and one small function per generation step.

pub mod plan;
pub mod random;
