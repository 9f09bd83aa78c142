//! An ordered parallel map over a range of seeds: every thread of a pool takes the next few seeds as soon
//! as it is free, and the results reach the calling thread in seed order. There are no batches, so no
//! thread waits at a batch's end for the slowest game of the batch; a window bounds how far the
//! threads may run ahead of what the caller has taken, so memory stays bounded too. Seeds go out in
//! small chunks, one message each, so the calling thread is woken a few times per chunk rather than
//! per seed (on a virtual machine a wake-up costs tens of microseconds).

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
    /// Workers waiting for the window to move: only then is there anyone to wake.
    waiting: usize,
}

impl Window {
    /// Waits until `seed` lies within `ahead` of the next seed to hand on; false once the caller stopped.
    fn admit(&self, seed: u64, ahead: u64) -> bool {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while !state.stopped && seed >= state.next_to_hand_on.saturating_add(ahead) {
            state.waiting += 1;
            state = self
                .moved
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            state.waiting -= 1;
        }
        !state.stopped
    }

    fn update(&self, change: impl FnOnce(&mut WindowState)) {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        change(&mut state);
        if state.waiting > 0 {
            self.moved.notify_all();
        }
    }
}

/// Runs `work` on every seed of `seeds` on all threads of `pool` and hands each result to `take` on the
/// calling thread, in seed order, until `take` returns false. Each thread takes `chunk` consecutive
/// seeds at a time (fewer near the end). Workers take no new chunk once `cancelled` says so; the chunks already taken are
/// finished and handed on, so the caller always sees whole, consecutive work. At most `ahead` seeds
/// beyond the one the caller waits for are started.
pub fn map_in_order<T: Send>(
    pool: &ThreadPool,
    seeds: Range<u64>,
    (chunk, ahead): (u64, u64),
    cancelled: &(dyn Fn() -> bool + Sync),
    work: &(dyn Fn(u64) -> T + Sync),
    take: &mut dyn FnMut(T) -> bool,
) {
    let chunk = chunk.max(1);
    let threads = pool.current_num_threads().max(1) as u64;
    let next_seed = AtomicU64::new(seeds.start);
    // The next seeds to measure: `chunk` of them, fewer near the end so the last ones spread over
    // every thread instead of leaving some idle while one finishes a whole chunk.
    let next_chunk = || {
        let mut first = next_seed.load(Ordering::Relaxed);
        loop {
            let left = seeds.end.checked_sub(first).filter(|&n| n > 0)?;
            let size = (left / (2 * threads)).clamp(1, chunk);
            match next_seed.compare_exchange_weak(
                first,
                first + size,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(first..first + size),
                Err(now) => first = now,
            }
        }
    };
    let window = Window {
        state: Mutex::new(WindowState {
            next_to_hand_on: seeds.start,
            stopped: false,
            waiting: 0,
        }),
        moved: Condvar::new(),
    };
    let (sender, receiver) = mpsc::channel::<(u64, Vec<T>)>();
    std::thread::scope(|scope| {
        let (next_chunk, window) = (&next_chunk, &window);
        scope.spawn(move || {
            pool.broadcast(|_| {
                let sender = sender.clone();
                while !cancelled() {
                    let Some(chunk) = next_chunk() else {
                        break;
                    };
                    if !window.admit(chunk.start, ahead) {
                        break;
                    }
                    let first = chunk.start;
                    if sender.send((first, chunk.map(work).collect())).is_err() {
                        break;
                    }
                }
            });
        });
        let mut early = BTreeMap::new();
        let mut expected = seeds.start;
        'receive: for (first, results) in &receiver {
            early.insert(first, results);
            while let Some(results) = early.remove(&expected) {
                expected = expected.saturating_add(results.len() as u64);
                window.update(|w| w.next_to_hand_on = expected);
                for result in results {
                    if !take(result) {
                        break 'receive;
                    }
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
            map_in_order(
                &pool(threads),
                5..205,
                (3, 9),
                &|| false,
                &uneven,
                &mut |r| {
                    got.push(r);
                    true
                },
            );
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
        map_in_order(&pool(4), 0..1_000_000, (2, 6), &|| false, &work, &mut |r| {
            got.push(r);
            got.len() < 10
        });
        assert_eq!(got, (0..10).collect::<Vec<_>>());
        // Ten handed on; chunks start at most six beyond the one awaited, and each is two long.
        assert!(
            measured.load(Ordering::Relaxed) <= 10 + 6 + 2,
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
            (4, 8),
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
