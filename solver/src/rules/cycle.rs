//! Exact detection of endless sowings, with no cap on laps.
//!
//! A relay sowing is a deterministic walk over states (board, seeds in hand, pit reached). The
//! state space is finite, so a sowing that never ends must revisit a state. Brent's algorithm
//! finds that repetition in time proportional to the sowing's length and with one saved state,
//! so move generation allocates nothing however long the sowing runs.

use crate::position::Board;

/// Remembers one earlier state and reports when the walk comes back to it.
pub(crate) struct CycleDetector {
    saved: Board,
    saved_hand: u8,
    saved_pit: u8,
    power: u32,
    steps: u32,
    started: bool,
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
        }
    }

    /// Records the state at one lift of the sowing; `true` when it was seen before, i.e. the
    /// sowing is endless. Called once per lift, it compares with a state saved at a power-of-two
    /// step, which detects every cycle (Brent 1980).
    #[inline]
    pub(crate) fn repeats(&mut self, board: &Board, hand: u8, pit: u8) -> bool {
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
