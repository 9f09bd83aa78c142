//! An ordered parallel map over a range of seeds: every thread of a pool takes the next seed as soon
//! as it is free, and the results reach the calling thread in seed order. There are no batches, so no
//! thread waits at a batch's end for the slowest game of the batch; a window bounds how far the
//! threads may run ahead of what the caller has taken, so memory stays bounded too.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use rayon::ThreadPool;

/// How far the workers may run ahead of the caller: the next seed to hand on, and whether the caller
/// has stopped taking results.
struct Window {
    state: Mutex<WindowState>,
    moved: Condvar,
}

struct WindowState {
    next_to_hand_on: u64,
    stopped: bool,
}

impl Window {
    /// Waits until `seed` lies within `ahead` of the next seed to hand on; false once the caller stopped.
    fn admit(&self, seed: u64, ahead: u64) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !state.stopped && seed >= state.next_to_hand_on.saturating_add(ahead) {
            state = self.moved.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        !state.stopped
    }

    fn update(&self, change: impl FnOnce(&mut WindowState)) {
        change(&mut self.state.lock().unwrap_or_else(|e| e.into_inner()));
        self.moved.notify_all();
    }
}

/// Runs `work` on every seed of `seeds` on all threads of `pool` and hands each result to `take` on the
/// calling thread, in seed order, until `take` returns false. Workers take no new seed once
/// `cancelled` says so; the results of the seeds already taken (a prefix of `seeds`) are still handed
/// on, so the caller always sees whole, consecutive work. At most `ahead` seeds are measured beyond
/// the one the caller waits for.
pub fn map_in_order<T: Send>(
    pool: &ThreadPool,
    seeds: Range<u64>,
    ahead: u64,
    cancelled: &(dyn Fn() -> bool + Sync),
    work: &(dyn Fn(u64) -> T + Sync),
    take: &mut dyn FnMut(T) -> bool,
) {
    let next_seed = AtomicU64::new(seeds.start);
    let window = Window {
        state: Mutex::new(WindowState {
            next_to_hand_on: seeds.start,
            stopped: false,
        }),
        moved: Condvar::new(),
    };
    let (sender, receiver) = mpsc::channel::<(u64, T)>();
    std::thread::scope(|scope| {
        let (next_seed, window) = (&next_seed, &window);
        scope.spawn(move || {
            pool.broadcast(|_| {
                let sender = sender.clone();
                while !cancelled() {
                    let seed = next_seed.fetch_add(1, Ordering::Relaxed);
                    if seed >= seeds.end || !window.admit(seed, ahead) {
                        break;
                    }
                    if sender.send((seed, work(seed))).is_err() {
                        break;
                    }
                }
            });
        });
        let mut early = BTreeMap::new();
        let mut expected = seeds.start;
        'receive: for (seed, result) in &receiver {
            early.insert(seed, result);
            while let Some(result) = early.remove(&expected) {
                expected += 1;
                window.update(|w| w.next_to_hand_on = expected);
                if !take(result) {
                    break 'receive;
                }
            }
        }
        window.update(|w| w.stopped = true);
        drop(receiver);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn pool(threads: usize) -> ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
    }

    /// Work that takes longer for some seeds, so the threads finish out of order.
    fn uneven(seed: u64) -> u64 {
        std::thread::sleep(std::time::Duration::from_micros((seed * 7919 % 13) * 50));
        seed * seed
    }

    #[test]
    fn results_arrive_in_seed_order_whatever_the_threads() {
        for threads in [1, 2, 4] {
            let mut got = Vec::new();
            map_in_order(&pool(threads), 5..205, 8, &|| false, &uneven, &mut |r| {
                got.push(r);
                true
            });
            assert_eq!(
                got,
                (5..205).map(|s| s * s).collect::<Vec<_>>(),
                "{threads}"
            );
        }
    }

    #[test]
    fn the_caller_can_stop_and_the_workers_stay_within_the_window() {
        let measured = AtomicU64::new(0);
        let work = |seed: u64| {
            measured.fetch_add(1, Ordering::Relaxed);
            seed
        };
        let mut got = Vec::new();
        map_in_order(&pool(4), 0..1_000_000, 6, &|| false, &work, &mut |r| {
            got.push(r);
            got.len() < 10
        });
        assert_eq!(got, (0..10).collect::<Vec<_>>());
        // Ten handed on, at most six beyond the one awaited, and one seed per thread taken before
        // the stop was seen.
        assert!(
            measured.load(Ordering::Relaxed) <= 10 + 6 + 4,
            "{measured:?}"
        );
    }

    #[test]
    fn a_cancel_hands_on_a_whole_prefix() {
        let cancel = AtomicBool::new(false);
        let mut got = Vec::new();
        let work = |seed: u64| {
            if seed == 40 {
                cancel.store(true, Ordering::Relaxed);
            }
            uneven(seed)
        };
        map_in_order(
            &pool(3),
            0..10_000,
            8,
            &|| cancel.load(Ordering::Relaxed),
            &work,
            &mut |r| {
                got.push(r);
                true
            },
        );
        assert!(got.len() > 40 && got.len() < 10_000, "{}", got.len());
        let want: Vec<u64> = (0..got.len() as u64).map(|s| s * s).collect();
        assert_eq!(got, want);
    }
}
