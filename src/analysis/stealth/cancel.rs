//! Stopping an analysis under way.
//!
//! A module of its own so that the steps the analysis runs ([`watch`](super::watch)) can look at the
//! request without importing the analysis's root, which calls them; the root re-exports it as
//! `stealth::Cancel`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop an analysis under way, shared with the thread that asked for it (the editor, when
/// the document changes again): the analysis looks at it between its steps and gives up.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A request not yet made; clone it to hand the analysis its copy.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every holder's analysis to stop. Relaxed ordering is enough: nothing else is published
    /// through the flag, and a late look only costs one more step.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called on this request or any clone of it.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
