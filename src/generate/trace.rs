//! `--trace-passes`: how long each named pass of a generation took, for a designer or a developer who
//! wants to know where the time goes. Off unless [`collect`] is running on this thread, so a normal build
//! pays one thread-local check per pass; the timings never reach the level, so they cannot break
//! determinism.
//!
//! A pass says it ended with [`mark`]: the passes of a chain ([`super::passes::chain`]) are marked by the chain,
//! the steps of the two bit-exact ports where they count their draws.

use std::cell::RefCell;
use std::time::{Duration, Instant};

/// The passes timed so far on this thread, and when the last one ended.
struct Collector {
    last: Instant,
    passes: Vec<(&'static str, Duration)>,
}

thread_local! {
    static COLLECTOR: RefCell<Option<Collector>> = const { RefCell::new(None) };
}

/// Runs `f` with pass timing on, and gives its result with each pass marked meanwhile, in order.
///
/// # Examples
///
/// The passes of a Rogue grid mansion, its shared finishing passes among them:
///
/// ```
/// use mansion_forge::generate::trace;
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::generate::registry;
///
/// let rogue = registry::find("rogue_grid").expect("built in");
/// let recipe = Recipe::for_game(&rogue.defaults(), 3, 4);
/// let (level, passes) = trace::collect(|| recipe.build());
/// assert!(level.is_ok());
/// let names: Vec<&str> = passes.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names.first(), Some(&"links"));
/// assert!(names.contains(&"loot") && names.contains(&"guards"));
/// assert_eq!(trace::collect(|| ()).1, [], "nothing is marked outside a generation");
/// ```
pub fn collect<T>(f: impl FnOnce() -> T) -> (T, Vec<(&'static str, Duration)>) {
    let before = COLLECTOR.with_borrow_mut(|c| {
        c.replace(Collector {
            last: Instant::now(),
            passes: Vec::new(),
        })
    });
    let value = f();
    let collected = COLLECTOR.with_borrow_mut(|c| std::mem::replace(c, before));
    (value, collected.map(|c| c.passes).unwrap_or_default())
}

/// Marks the end of pass `name` (its time: since the last mark, or since [`collect`] began), when
/// timing is on.
pub fn mark(name: &'static str) {
    COLLECTOR.with_borrow_mut(|c| {
        if let Some(c) = c {
            let now = Instant::now();
            c.passes.push((name, now - c.last));
            c.last = now;
        }
    });
}

/// How many passes have been marked so far (0 when timing is off): a chain marks a pass only when it
/// marked no steps of its own.
pub fn marked() -> usize {
    COLLECTOR.with_borrow(|c| c.as_ref().map_or(0, |c| c.passes.len()))
}
