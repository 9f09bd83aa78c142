//! A counting global allocator: the fuzz binaries install it so that every case's allocations are
//! measured, and one that asks for more than [`LIMIT`] is stopped before the machine runs out of memory.
//!
//! Accounting is per thread (two workers run cases side by side): a worker opens a case with
//! [`begin_case`], the allocator adds and subtracts the sizes it hands out and takes back on that thread,
//! and [`end_case`] returns the case's peak of live bytes. The counters are `const`-initialised thread
//! locals of plain integers, which need neither allocation nor destructors, so the allocator can use them.
//!
//! An allocation past the limit cannot unwind (an allocator must not panic) and should not reach the
//! system (it may be hundreds of gigabytes). The thread records it in [`over_limit`] and then sleeps
//! forever without allocating; the watchdog, which polls that record, reports the case and ends the run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The most one case may hold at once: 1 GiB.
pub const LIMIT: usize = 1 << 30;

/// The allocator; install it with `#[global_allocator] static A: Counting = Counting;`.
pub struct Counting;

thread_local! {
    /// The worker slot of this thread plus one while a case runs, else 0 (not counted).
    static SLOT: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated minus bytes freed on this thread since the case began.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

/// The slot (plus one) of the worker that went past the limit, 0 while none has.
static OVER_SLOT: AtomicUsize = AtomicUsize::new(0);
/// The live bytes that allocation would have made.
static OVER_BYTES: AtomicUsize = AtomicUsize::new(0);

/// Starts counting this thread's allocations for a case run by worker slot `slot`.
pub fn begin_case(slot: usize) {
    SLOT.set(slot + 1);
    LIVE.set(0);
    PEAK.set(0);
}

/// Stops counting and returns the case's peak of live bytes.
pub fn end_case() -> usize {
    SLOT.set(0);
    PEAK.get().max(0) as usize
}

/// The worker slot that asked for more than [`LIMIT`], with the live bytes it asked to reach.
pub fn over_limit() -> Option<(usize, usize)> {
    match OVER_SLOT.load(Ordering::Acquire) {
        0 => None,
        slot => Some((slot - 1, OVER_BYTES.load(Ordering::Relaxed))),
    }
}

/// Clears the record once the watchdog has dealt with it (the run goes on without that worker).
pub fn clear_over_limit() {
    OVER_SLOT.store(0, Ordering::Release);
}

/// Counts `bytes` more on this thread; stalls the thread instead of returning when that crosses the limit.
fn charge(bytes: usize) {
    let _ = SLOT.try_with(|slot| {
        if slot.get() == 0 {
            return;
        }
        let live = LIVE
            .get()
            .saturating_add(bytes.min(isize::MAX as usize) as isize);
        LIVE.set(live);
        if live > PEAK.get() {
            PEAK.set(live);
        }
        // Negative while the case frees more than it took (memory made before it began).
        if live > LIMIT as isize {
            OVER_BYTES.store(live as usize, Ordering::Relaxed);
            OVER_SLOT.store(slot.get(), Ordering::Release);
            loop {
                // `sleep` is a system call and allocates nothing; the watchdog ends the process.
                std::thread::sleep(Duration::from_hours(1));
            }
        }
    });
}

fn credit(bytes: usize) {
    let _ = SLOT.try_with(|slot| {
        if slot.get() != 0 {
            LIVE.set(LIVE.get() - bytes.min(isize::MAX as usize) as isize);
        }
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; the bookkeeping around it only
// touches thread-local integers and two atomics, and never allocates.
#[expect(
    unsafe_code,
    reason = "a global allocator is an unsafe trait; this one only forwards to the system allocator"
)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        credit(layout.size());
        // SAFETY: `ptr` came from this allocator, which is the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            charge(new_size - layout.size());
        } else {
            credit(layout.size() - new_size);
        }
        // SAFETY: as for `dealloc`; `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
