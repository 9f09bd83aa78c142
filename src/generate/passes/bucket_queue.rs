//! The path finder's priority queue (Dial's algorithm): a step's key grows by the step (2 or 3), at most
//! 10 for furniture and at most 3 for the heuristic, so every key but a step into water (4096) lands
//! within [`RING`] of the current one; the rare farther keys wait in a binary heap.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Buckets of the ring: more than the largest key step that is not into water (3 + 10 + 3).
const RING: u32 = 32;

/// Entries one bucket holds; more with its key wait in the heap (rare: a field settles a dozen cells).
const BUCKET: usize = 16;

/// A monotone priority queue of entries by key (Dial's algorithm): a ring of [`RING`] buckets from the
/// current key on, all in one allocation, and a binary heap for the rare keys beyond (steps into
/// water) and for a full bucket's overflow.
pub(super) struct BucketQueue {
    /// `RING` buckets of `BUCKET` slots each.
    slots: Vec<u64>,
    lens: [u8; RING as usize],
    /// The key of the bucket being emptied; no key below it is ever pushed, and none waits in `far`.
    current: u32,
    in_ring: usize,
    far: BinaryHeap<Reverse<(u32, u64)>>,
}

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            slots: vec![0; RING as usize * BUCKET],
            lens: [0; RING as usize],
            current: 0,
            in_ring: 0,
            far: BinaryHeap::new(),
        }
    }
}

impl BucketQueue {
    pub(super) fn clear(&mut self) {
        self.lens = [0; RING as usize];
        self.current = 0;
        self.in_ring = 0;
        self.far.clear();
    }

    pub(super) fn push(&mut self, key: u32, entry: u64) {
        let bucket = (key % RING) as usize;
        let len = usize::from(self.lens[bucket]);
        if key - self.current < RING && len < BUCKET {
            self.slots[bucket * BUCKET + len] = entry;
            self.lens[bucket] += 1;
            self.in_ring += 1;
        } else {
            self.far.push(Reverse((key, entry)));
        }
    }

    /// The smallest key in the queue, if any (moving on to it).
    pub(super) fn min_key(&mut self) -> Option<u32> {
        loop {
            if self.lens[(self.current % RING) as usize] > 0
                || self.far.peek().is_some_and(|e| e.0.0 == self.current)
            {
                return Some(self.current);
            }
            if self.in_ring == 0 {
                self.current = self.far.peek()?.0.0;
            } else {
                self.current += 1;
            }
        }
    }

    /// The next `(key, entry)`, by increasing key.
    pub(super) fn pop(&mut self) -> Option<(u32, u64)> {
        let key = self.min_key()?;
        let bucket = (key % RING) as usize;
        match self.lens[bucket] {
            0 => self.far.pop().map(|Reverse(e)| e),
            len => {
                self.lens[bucket] = len - 1;
                self.in_ring -= 1;
                Some((key, self.slots[bucket * BUCKET + usize::from(len) - 1]))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// More entries of one key than a bucket holds wait in the heap and still leave in key order, with
    /// keys around them from the ring.
    #[test]
    fn a_full_bucket_overflows_into_the_heap() {
        let mut queue = BucketQueue::default();
        let mut pushed = Vec::new();
        for k in 0..3 * BUCKET as u64 {
            let key = 5 + 2 * u32::from(k % 3 == 0);
            queue.push(key, k);
            pushed.push((key, k));
        }
        queue.push(6, 1000);
        pushed.push((6, 1000));
        let mut popped = Vec::new();
        while let Some(e) = queue.pop() {
            popped.push(e);
        }
        let keys: Vec<u32> = popped.iter().map(|e| e.0).collect();
        assert!(keys.is_sorted(), "{keys:?}");
        popped.sort_unstable();
        pushed.sort_unstable();
        assert_eq!(popped, pushed);
    }

    proptest! {
        // The same cases on every run; past failures' shrunk cases run first from
        // `proptest-regressions/generate/passes/bucket_queue.txt`.
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x6275_636b),
            ..ProptestConfig::default()
        })]

        /// Used as the A* field uses it (each key pushed at least the last one popped, most within a
        /// few steps, some a water step beyond the ring; the smallest key looked at before popping),
        /// the bucket queue hands out the same keys in the same order as a binary heap, and every index
        /// pushed comes out once.
        #[test]
        fn the_bucket_queue_pops_as_a_heap_does(
            plan in prop::collection::vec((0u32..4, prop::collection::vec((0u32..17, any::<bool>()), 0..6)), 1..60)
        ) {
            let mut queue = BucketQueue::default();
            let mut heap = BinaryHeap::new();
            let mut next_index = 0u64;
            let mut popped = Vec::new();
            let mut expected = Vec::new();
            queue.push(0, next_index);
            heap.push(Reverse((0u32, next_index)));
            next_index += 1;
            // The key last popped: A* with a consistent heuristic pushes no key below it.
            let mut last = 0;
            for (pops, pushes) in plan {
                for _ in 0..=pops {
                    prop_assert_eq!(queue.min_key(), heap.peek().map(|Reverse((k, _))| *k));
                    let (Some(got), Some(Reverse(want))) = (queue.pop(), heap.pop()) else {
                        break;
                    };
                    prop_assert_eq!(got.0, want.0, "keys leave in the heap's order");
                    last = got.0;
                    popped.push(got);
                    expected.push(want);
                }
                for &(step, water) in &pushes {
                    let key = last + step + if water { 4096 } else { 0 };
                    queue.push(key, next_index);
                    heap.push(Reverse((key, next_index)));
                    next_index += 1;
                }
            }
            while let (Some(got), Some(Reverse(want))) = (queue.pop(), heap.pop()) {
                prop_assert_eq!(got.0, want.0);
                popped.push(got);
                expected.push(want);
            }
            prop_assert_eq!(queue.pop(), None);
            prop_assert!(heap.is_empty(), "nothing is lost");
            popped.sort_unstable();
            expected.sort_unstable();
            prop_assert_eq!(popped, expected);
        }
    }
}
