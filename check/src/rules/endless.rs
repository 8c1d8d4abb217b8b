//! Telling an endless sowing from a long one (docs/rules.md, "Endless sowings").
//!
//! A relay sowing is a deterministic walk over states (the board, the seeds in hand, the pit
//! sown next), and there are finitely many, so a sowing that never ends comes back to a state it
//! was in at a lift, and from then on goes round the same states for ever. The plain way to see
//! that: remember every state at a lift and stop at the first one seen twice. Most sowings end
//! after a few lifts, so the states are remembered only from the [`UNWATCHED`]th lift on, which
//! changes nothing: a sowing that never ends still repeats a state after that lift, and one that
//! ends is played to its end, however long. There is no cap on laps.

use std::collections::HashSet;
use std::hash::Hash;

/// Lifts a sowing makes before its states are remembered.
const UNWATCHED: u32 = 64;

/// The states a sowing has been in at its lifts.
pub(super) struct Watch<S> {
    lifts: u32,
    seen: Option<HashSet<S>>,
}

impl<S: Hash + Eq> Watch<S> {
    /// A sowing before its first lift.
    pub(super) fn new() -> Watch<S> {
        Watch {
            lifts: 0,
            seen: None,
        }
    }

    /// Called at every lift (the first one included) with the state the sowing is in: whether
    /// it has been in that state before, in which case it never ends. `state` is only made once
    /// states are remembered.
    pub(super) fn repeats(&mut self, state: impl FnOnce() -> S) -> bool {
        self.lifts += 1;
        if self.lifts <= UNWATCHED {
            return false;
        }
        !self.seen.get_or_insert_with(HashSet::new).insert(state())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_seen_twice_after_the_unwatched_lifts_repeats() {
        let mut w = Watch::new();
        // A walk round 3 states: no repeat is reported among the first lifts, then one is.
        let mut first = None;
        for lift in 0.. {
            if w.repeats(|| lift % 3) {
                first = Some(lift);
                break;
            }
        }
        let first = first.unwrap();
        assert!(
            first as u32 > UNWATCHED && first as u32 <= UNWATCHED + 4,
            "{first}"
        );
    }
}
