//! The stealth analysis off the UI thread, so no document can freeze the editor: every change cancels
//! the analysis under way and starts one of the new level; the map stays interactive meanwhile, and the
//! overlays that need the analysis (guard sight, routes to loot, the patrol timeline) say "analysing…"
//! until it arrives. The editor's own window works this way; tests and screenshots, which need the
//! analysis at once and have no frames to wait through, compute it on their thread.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON, Stealth};
use crate::model::Level;
use crate::play::rule_sets;

/// The analysis under way: how to stop it and where its result arrives.
pub struct Job {
    cancel: Cancel,
    result: Receiver<Option<Stealth>>,
    started: Instant,
}

/// How a job ended.
pub enum Outcome {
    /// The analysis, and how long it took.
    Arrived(Box<Stealth>, Duration),
    /// The analysis stopped before its end (cancelled, or its thread is gone).
    Stopped,
}

impl Drop for Job {
    /// A job given up (the document changed) stops at its next step rather than finish for nobody.
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

impl Job {
    /// Starts analysing `level` on another thread, under the rules `rules` (an id) or its own.
    pub fn start(level: Level, rules: Option<&'static str>) -> Job {
        let (sender, result) = mpsc::channel();
        let cancel = Cancel::new();
        let job_cancel = cancel.clone();
        std::thread::spawn(move || {
            let stealth = rule_sets::analyse_level(&level, rules, DEFAULT_HORIZON, &job_cancel);
            // The editor may have gone on to another level: then nobody listens, which is fine.
            let _ = sender.send(stealth);
        });
        Job {
            cancel,
            result,
            started: Instant::now(),
        }
    }

    /// How the job ended, or `None` while it runs.
    pub fn poll(&self) -> Option<Outcome> {
        match self.result.try_recv() {
            Err(TryRecvError::Empty) => None,
            Ok(Some(stealth)) => Some(Outcome::Arrived(Box::new(stealth), self.started.elapsed())),
            Ok(None) | Err(TryRecvError::Disconnected) => Some(Outcome::Stopped),
        }
    }
}
