//! The watchdog: a thread that polls each worker for a case over the time limit or past the memory
//! limit, reports it, and ends the run (or, with `keep_going`, replaces the worker).
//!
//! With `keep_going` an abandoned thread is given the lowest priority and left to finish its case.
//!
//! A case's time is the CPU time of its worker thread (read from `/proc`, in the kernel's 1/100 s
//! ticks), so a busy machine — this one is shared — does not turn slow cases into false hangs. A case
//! that waits without running (a deadlock) is caught by wall time, at ten times the limit, when its
//! thread has hardly run in all that time: a run at low priority beside builds starves its cases of
//! the processor for tens of seconds, but they still run (a case with 0.5 s of CPU in 20 s of wall
//! time was once reported as a hang).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread;
use std::time::Duration;

use super::alloc;
use super::report::Kind;
use super::runner::{Shared, Slot, case_limit, spawn_worker};

/// Clock ticks per second of `/proc/*/stat` times (`USER_HZ`, 100 on Linux).
const TICKS_PER_SECOND: u64 = 100;

/// The most CPU time, in seconds, of a case counted as waiting without running: a few clock ticks.
const DEADLOCK_CPU: f64 = 0.05;

/// The id of the calling thread, for [`cpu_ticks`] (`None` where `/proc` is missing).
pub fn thread_id() -> Option<u64> {
    std::fs::read_link("/proc/thread-self")
        .ok()?
        .file_name()?
        .to_str()?
        .parse()
        .ok()
}

/// User plus system CPU time of thread `tid` of this process, in ticks.
pub fn cpu_ticks(tid: u64) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/self/task/{tid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
    // utime 14 and stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Gives an abandoned thread the lowest priority, so that a case stuck for minutes hardly slows the
/// others (Linux applies a thread id's nice value to that thread alone).
fn lower_priority(tid: u64) {
    if tid != 0 {
        let _ = std::process::Command::new("renice")
            .args(["-n", "19", "-p", &tid.to_string()])
            .output();
    }
}

/// CPU time thread `tid` has used since it had used `start` ticks.
pub fn cpu_since(tid: u64, start: u64) -> Option<Duration> {
    let ticks = cpu_ticks(tid)?.saturating_sub(start);
    Some(Duration::from_millis(ticks * 1000 / TICKS_PER_SECOND))
}

/// How long the slot's current case has run: (CPU seconds if known, wall seconds).
fn elapsed(shared: &Shared, slot: &Slot) -> Option<(Option<f64>, f64)> {
    let started = slot.started.load(Ordering::Acquire);
    if started == 0 {
        return None;
    }
    let wall = (shared.now_us() + 1).saturating_sub(started) as f64 / 1e6;
    let tid = slot.tid.load(Ordering::Acquire);
    let cpu = (tid != 0)
        .then(|| cpu_since(tid, slot.cpu_start.load(Ordering::Acquire)))
        .flatten()
        .map(|d| d.as_secs_f64());
    Some((cpu, wall))
}

/// Watches until the run is over.
pub(super) fn watch(shared: &Arc<Shared>) {
    loop {
        let used = shared
            .slots_used
            .load(Ordering::Acquire)
            .min(shared.slots.len());
        let mut all_done = true;
        for (id, slot) in shared.slots[..used].iter().enumerate() {
            if slot.abandoned.load(Ordering::Acquire) || slot.finished.load(Ordering::Acquire) {
                continue;
            }
            all_done = false;
            let over_limit = alloc::over_limit().filter(|(s, _)| *s == id);
            let bytes = slot.input_bytes.load(Ordering::Acquire);
            let turns = slot.patrol_turns.load(Ordering::Acquire);
            let limit = case_limit(shared.options.time_limit, bytes, turns).as_secs_f64();
            let overran = elapsed(shared, slot).filter(|&(cpu, wall)| {
                let waiting = wall > 10.0 * limit && cpu.is_none_or(|c| c < DEADLOCK_CPU);
                wall > limit && (cpu.unwrap_or(wall) > limit || waiting)
            });
            let (kind, message) = match (over_limit, overran) {
                (Some((_, bytes)), _) => (
                    Kind::Memory,
                    format!(
                        "a case asked to hold {:.1} MiB (limit {} MiB)",
                        bytes as f64 / f64::from(1 << 20),
                        alloc::LIMIT >> 20
                    ),
                ),
                (None, Some((cpu, wall))) => (
                    Kind::Hang,
                    format!(
                        "a case ran over {limit:.1} s (CPU {}, wall {wall:.1} s)",
                        cpu.map_or_else(|| "unknown".to_string(), |c| format!("{c:.1} s"))
                    ),
                ),
                (None, None) => continue,
            };
            let index = slot.case.load(Ordering::Acquire);
            let target = shared.input(index).target;
            // The replacement starts before this worker counts as gone, so the run never looks over.
            if shared.options.keep_going && !shared.stop.load(Ordering::Acquire) {
                spawn_worker(shared);
                lower_priority(slot.tid.load(Ordering::Acquire));
            }
            slot.abandoned.store(true, Ordering::Release);
            shared.fail(kind, target, index, message);
            if kind == Kind::Memory {
                alloc::clear_over_limit();
            }
            if !shared.options.keep_going {
                eprint!("{}", shared.summary().report());
                eprintln!("aborting: a {} cannot be stopped in-process", kind.name());
                std::process::abort();
            }
        }
        let stuck = shared.slots[..used]
            .iter()
            .filter(|s| {
                s.abandoned.load(Ordering::Acquire) && s.started.load(Ordering::Acquire) != 0
            })
            .count();
        if stuck >= shared.options.max_stuck && !shared.stop.swap(true, Ordering::AcqRel) {
            eprintln!(
                "stopping: {stuck} abandoned cases are still running and slow the others down"
            );
        }
        if all_done
            && (shared.stop.load(Ordering::Acquire)
                || shared.next.load(Ordering::Acquire) >= shared.total())
        {
            return;
        }
        thread::sleep(Duration::from_millis(10));
    }
}
