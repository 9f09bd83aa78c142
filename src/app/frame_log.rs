//! `MANSION_FORGE_FRAME_LOG=1`: the editor window draws frames without pause and prints to standard
//! error, about once a second, how many it drew and how long they took (mean and slowest), so the
//! speed of a real window (a GPU, or a software renderer under Xvfb) is measured rather than guessed.
//! The README's panning figures come from it, with the map dragged by xdotool meanwhile.

use std::time::{Duration, Instant};

/// The environment variable that turns the log on.
pub const ENV: &str = "MANSION_FORGE_FRAME_LOG";

/// The frame intervals since the last line printed, and the time each frame took the CPU (the
/// editor's code and the renderer's, not the wait for the screen).
pub struct FrameLog {
    intervals: Vec<f32>,
    cpu: Vec<f32>,
    since: Instant,
}

impl FrameLog {
    /// A log when [`ENV`] is set to anything but `0` or nothing.
    pub fn from_env() -> Option<Self> {
        let on = std::env::var(ENV).is_ok_and(|v| !v.is_empty() && v != "0");
        on.then(|| FrameLog {
            intervals: Vec::new(),
            cpu: Vec::new(),
            since: Instant::now(),
        })
    }

    /// Notes the frame `ctx` is drawing and the CPU time of the one before (`cpu`, as eframe
    /// measures it), asks for the next frame at once, and prints a line once a second has passed
    /// since the last.
    pub fn record(&mut self, ctx: &egui::Context, cpu: Option<f32>) {
        ctx.request_repaint();
        self.intervals.push(ctx.input(|i| i.unstable_dt));
        self.cpu.extend(cpu);
        if self.since.elapsed() < Duration::from_secs(1) {
            return;
        }
        let frames = self.intervals.len();
        let mean = |times: &[f32]| times.iter().sum::<f32>() / times.len().max(1) as f32;
        let slowest = self.intervals.iter().copied().fold(0.0, f32::max);
        eprintln!(
            "frames: {frames} in {:.2} s, mean {:.1} ms, slowest {:.1} ms, CPU {:.1} ms a frame",
            self.since.elapsed().as_secs_f32(),
            mean(&self.intervals) * 1000.0,
            slowest * 1000.0,
            mean(&self.cpu) * 1000.0
        );
        self.intervals.clear();
        self.cpu.clear();
        self.since = Instant::now();
    }
}
