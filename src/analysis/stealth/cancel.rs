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
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
