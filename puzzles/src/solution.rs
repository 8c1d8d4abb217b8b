//! A puzzle's solution as the generator and the composer find it: the line, and what tagging
//! and rating it need ([`crate::tag`], [`crate::rating`]); [`crate::definition`] says when a
//! line is one and makes the puzzle of it.

use mancala_solver::{Move, Played};

/// A puzzle's solution: the line, and what the generator needs to tag and rate it.
#[derive(Clone, Debug, Default)]
pub struct Solution {
    /// Every ply of the line, solver first, alternating (an extra turn repeats a side).
    pub line: Vec<Played>,
    /// Whether each ply is the solver's.
    pub by_solver: Vec<bool>,
    /// Whether each ply is the solver's move at a decision (counted as a move to find; the
    /// solver's other moves are forced).
    pub decisions: Vec<bool>,
    /// Moves of the solver's first turn that capture at once but do not keep the win: the
    /// tempting wrong moves.
    pub tempting: usize,
    /// Moves the solver had to choose from, summed over its decisions.
    pub choices: usize,
    /// At one of the solver's decisions a wrong move is worth endless play (value 0, no depth):
    /// it lets the side behind save a draw or an even split (the `cycleSave` theme).
    pub cycle_save: bool,
}

impl Solution {
    /// The solver's moves to find: its moves at decisions.
    pub fn moves_to_find(&self) -> usize {
        self.decisions.iter().filter(|&&b| b).count()
    }

    /// The line's moves.
    pub fn moves(&self) -> Vec<Move> {
        self.line.iter().map(|p| p.mv).collect()
    }
}
