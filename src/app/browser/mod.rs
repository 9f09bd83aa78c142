//! The seed browser: the background search over many games, its window and its histograms.

pub(super) mod histogram;
pub(super) mod search;
pub(super) mod view;
