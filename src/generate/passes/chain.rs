//! A generation as data: a chain of named passes over one state, run in order. A chain can be listed
//! (its names), timed (`--trace-passes`, through [`crate::generate::trace`]) and a pass run alone in a
//! test on a state built to the pass before it. Each pass draws from the stream its step keys (see
//! `generate::rng`), so the chain's order is the only order there is; the two bit-exact ports keep
//! their hand-written order (the game's) and mark their steps under the same names instead.

use crate::generate::trace;

/// One named pass of a chain over state `S`.
pub struct Pass<S> {
    /// The name traces and tests call it by.
    pub name: &'static str,
    /// What it does to the state.
    pub run: fn(&mut S),
}

/// Runs every pass of `chain` on `state`, in order; each pass is marked for [`trace`] when it marked no
/// steps of its own.
pub fn run<S>(state: &mut S, chain: &[Pass<S>]) {
    for pass in chain {
        let before = trace::marked();
        (pass.run)(state);
        if trace::marked() == before {
            trace::mark(pass.name);
        }
    }
}

/// The names of a chain's passes, in order.
pub fn names<S>(chain: &[Pass<S>]) -> Vec<&'static str> {
    chain.iter().map(|pass| pass.name).collect()
}
