//! Work on another thread for the editor's panels, which must never block a frame: a playtest, a run's
//! difficulty curve, a regenerate-until. One shape for all, so each panel only says what the work is.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::task::Poll;

use egui::Ui;

use crate::analysis::stealth::Cancel;

/// Work of a panel's on another thread: its steps counted for a progress bar, stopped at its next step
/// when dropped (the document changed, another was asked for), and what it was started for (`key`: the
/// document revision, the run's title).
#[derive(Debug)]
pub struct Background<T, K> {
    cancel: Cancel,
    done: Arc<AtomicUsize>,
    total: usize,
    result: Receiver<Option<T>>,
    /// What it was started for.
    pub key: K,
}

impl<T: Send + 'static, K> Background<T, K> {
    /// Runs `work` (given the cancel flag and where to count its steps, `total` in all) on another
    /// thread; `None` from it means cancelled.
    pub fn spawn(
        total: usize,
        key: K,
        work: impl FnOnce(&Cancel, &(dyn Fn(usize) + Sync)) -> Option<T> + Send + 'static,
    ) -> Self {
        let (sender, result) = mpsc::channel();
        let cancel = Cancel::new();
        let done = Arc::new(AtomicUsize::new(0));
        let (job_cancel, job_done) = (cancel.clone(), done.clone());
        std::thread::spawn(move || {
            let out = work(&job_cancel, &|n| job_done.store(n, Ordering::Relaxed));
            // The editor may have gone on: then nobody listens, which is fine.
            let _ = sender.send(out);
        });
        Background {
            cancel,
            done,
            total,
            result,
            key,
        }
    }

    /// Pending while it runs; when it has ended, what it made (`None`: cancelled or gone).
    pub fn poll(&self) -> Poll<Option<T>> {
        match self.result.try_recv() {
            Err(TryRecvError::Empty) => Poll::Pending,
            Ok(out) => Poll::Ready(out),
            Err(TryRecvError::Disconnected) => Poll::Ready(None),
        }
    }

    /// Waits for its end: what it was started for, and what it made.
    pub fn wait(self) -> (K, Option<T>)
    where
        K: Clone,
    {
        let out = self.result.recv().ok().flatten();
        (self.key.clone(), out)
    }

    /// A progress bar saying `text(done, total)`.
    pub fn progress(&self, ui: &mut Ui, text: impl Fn(usize, usize) -> String) {
        let done = self.done.load(Ordering::Relaxed);
        ui.add(
            egui::ProgressBar::new(done as f32 / self.total.max(1) as f32)
                .text(text(done, self.total)),
        );
    }
}

impl<T, K> Drop for Background<T, K> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}
