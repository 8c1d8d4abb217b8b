//! Exact detection of endless sowings, with no cap on laps.
//!
//! A relay sowing is a deterministic walk over states (board, seeds in hand, pit reached). The
//! state space is finite, so a sowing that never ends must revisit a state. Brent's algorithm
//! finds that repetition in time proportional to the sowing's length and with one saved state,
//! so move generation allocates nothing however long the sowing runs.
//!
//! It starts watching only after the first [`UNWATCHED_LIFTS`] lifts: nearly every sowing ends
//! before that, and watching cost half as much as the sowing it watched (docs/lean-solver.md,
//! "Where the moves pass spends its time"). Starting late stays exact: Brent's method finds a
//! cycle from whatever state of the walk it starts at, since a walk that never ends is in its
//! cycle from some lift on and stays there.

use crate::position::Board;

/// Lifts of a sowing before its states are watched.
const UNWATCHED_LIFTS: u32 = 12;

/// Remembers one earlier state and reports when the walk comes back to it.
pub(crate) struct CycleDetector {
    saved: Board,
    saved_hand: u8,
    saved_pit: u8,
    power: u32,
    steps: u32,
    started: bool,
    /// Lifts still to come before the watching starts.
    unwatched: u32,
}

impl CycleDetector {
    pub(crate) fn new() -> CycleDetector {
        CycleDetector {
            saved: Board::EMPTY,
            saved_hand: 0,
            saved_pit: 0,
            power: 1,
            steps: 0,
            started: false,
            unwatched: UNWATCHED_LIFTS,
        }
    }

    /// Records the state at one lift of the sowing; `true` when it was seen before, i.e. the
    /// sowing is endless. Called once per lift, it compares with a state saved at a power-of-two
    /// step, which detects every cycle (Brent 1980); the first [`UNWATCHED_LIFTS`] calls only
    /// count.
    #[inline]
    pub(crate) fn repeats(&mut self, board: &Board, hand: u8, pit: u8) -> bool {
        if self.unwatched > 0 {
            self.unwatched -= 1;
            return false;
        }
        if self.started && self.saved_hand == hand && self.saved_pit == pit && self.saved == *board
        {
            return true;
        }
        self.steps += 1;
        if !self.started || self.steps == self.power {
            self.saved = *board;
            self.saved_hand = hand;
            self.saved_pit = pit;
            self.started = true;
            self.power *= 2;
            self.steps = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state at step `i` of a walk with a tail of `tail` states, then a cycle of `cycle`
    /// states for ever: told apart by the first cell and the pit.
    fn state(i: u32, tail: u32, cycle: u32) -> (Board, u8) {
        let k = if i < tail {
            i
        } else {
            tail + (i - tail) % cycle
        };
        let mut b = Board::EMPTY;
        b.cells[0] = (k % 200) as u8;
        (b, (k / 200) as u8)
    }

    #[test]
    fn every_cycle_is_found_however_early_or_late_it_begins() {
        for tail in [0, 1, 5, 11, 12, 13, 40, 300] {
            for cycle in [1, 2, 3, 12, 13, 64, 250] {
                let mut d = CycleDetector::new();
                // Brent's bound from where the watching starts: within 2 × (tail + cycle)
                // watched lifts.
                let bound = UNWATCHED_LIFTS + 4 * (tail + cycle) + 4;
                let found = (0..bound).find(|&i| {
                    let (b, pit) = state(i, tail, cycle);
                    d.repeats(&b, 0, pit)
                });
                let i = found.unwrap_or_else(|| panic!("tail {tail}, cycle {cycle}: not found"));
                // Found at a state that was seen before: past the tail and one cycle.
                assert!(i >= tail + cycle, "tail {tail}, cycle {cycle}: at {i}");
            }
        }
    }

    #[test]
    fn a_walk_that_never_repeats_is_never_called_endless() {
        let mut d = CycleDetector::new();
        for i in 0..10_000 {
            let (b, pit) = state(i, u32::MAX, 1);
            assert!(!d.repeats(&b, 0, pit), "at {i}");
        }
    }
}
