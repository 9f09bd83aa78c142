//! The stealth analysis off the UI thread, so no document can freeze the editor: every change cancels
//! the analysis under way and starts one of the new level; the map stays interactive meanwhile, and the
//! overlays that need the analysis (guard sight, routes to loot, the patrol timeline) say "analysing…"
//! until it arrives. The editor's own window works this way; tests and screenshots, which need the
//! analysis at once and have no frames to wait through, compute it on their thread.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

use super::state::{EditorState, MessageKind};
use crate::analysis::stealth::{self, Cancel, DEFAULT_HORIZON, Stealth};

/// The analysis under way: how to stop it and where its result arrives.
pub struct Job {
    cancel: Cancel,
    result: Receiver<Option<Stealth>>,
    started: Instant,
}

impl Drop for Job {
    /// A job given up (the document changed) stops at its next step rather than finish for nobody.
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

impl EditorState {
    /// Computes the stealth analysis of the current level: on another thread in the editor's window
    /// (any analysis under way is cancelled), else here and now.
    pub(super) fn refresh_stealth(&mut self) {
        self.stealth_job = None;
        if !self.analyse_in_background {
            self.analysis
                .map
                .set_stealth(stealth::analyze(&self.doc.level));
            return;
        }
        let (sender, result) = mpsc::channel();
        let cancel = Cancel::new();
        let level = self.doc.level.clone();
        let job_cancel = cancel.clone();
        std::thread::spawn(move || {
            let stealth = stealth::analyze_unless_cancelled(&level, DEFAULT_HORIZON, &job_cancel);
            // The editor may have gone on to another level: then nobody listens, which is fine.
            let _ = sender.send(stealth);
        });
        self.stealth_job = Some(Job {
            cancel,
            result,
            started: Instant::now(),
        });
    }

    /// Takes the analysis when it has arrived; true when the map changed with it.
    pub fn poll_stealth(&mut self) -> bool {
        let Some(job) = &self.stealth_job else {
            return false;
        };
        match job.result.try_recv() {
            Err(TryRecvError::Empty) => false,
            Ok(Some(stealth)) => {
                let took = job.started.elapsed();
                self.stealth_job = None;
                self.analysis.map.set_stealth(stealth);
                let horizon = self.horizon();
                self.timeline.invalidate(horizon);
                if took.as_secs() >= 2 {
                    let text = format!(
                        "Guard sight and routes analysed in {:.1} s",
                        took.as_secs_f64()
                    );
                    self.say(MessageKind::Info, text);
                }
                true
            }
            Ok(None) | Err(TryRecvError::Disconnected) => {
                self.stealth_job = None;
                self.say(
                    MessageKind::Warning,
                    "The analysis of how the mansion plays stopped before its end",
                );
                true
            }
        }
    }

    /// Whether the stealth analysis of the shown level is still under way.
    pub fn analysing(&self) -> bool {
        self.stealth_job.is_some()
    }
}
