//! The scan: every position of the solved slices in a range, in index order, as candidates, each
//! first screened with the tablebase's values held in memory (no search, no evaluation): South
//! wins with `CAPTURED` at stake, has two legal moves or more, and exactly one of them keeps the
//! win. Only the positions that pass go on to the proof. Sampling finds long problems too rarely
//! where they are rare (Anywoli); the scan sees them all.

use mancala_db::Tablebase;
use mancala_eval::EvalError;
use mancala_solver::rules::{expand, Next};
use mancala_solver::solve::KnownValues;
use mancala_solver::{move_value, Board, GameResult, Position, Side, Slice, Value, Variant};

use crate::generate::captured_at_stake;

/// The solved slices of a range and the values of every solved slice up to its top, in memory.
pub struct Scan {
    /// The slices scanned, in order, with the first candidate number of each.
    slices: Vec<(u64, Slice)>,
    /// Candidates in all.
    total: u64,
    known: KnownValues,
}

impl Scan {
    /// The scan of the solved slices of `variant` whose seed totals lie in `seeds`; `None` when
    /// none of them is solved. Loads every solved slice of the variant up to the range's top.
    pub fn load(
        tb: &Tablebase,
        variant: Variant,
        seeds: &std::ops::RangeInclusive<u32>,
    ) -> Result<Option<Scan>, EvalError> {
        let mut known = KnownValues::new();
        let mut slices = Vec::new();
        let mut total = 0;
        let mut solved = tb.current_slices(variant)?;
        solved.sort_by_key(|id| (id.total(), id.to_string()));
        for id in solved.into_iter().filter(|id| id.total() <= *seeds.end()) {
            let slice = Slice { variant, id };
            known.insert(id, tb.read_chunks(slice).values()?);
            if seeds.contains(&id.total()) {
                slices.push((total, slice));
                total += slice.len();
            }
        }
        Ok((!slices.is_empty()).then_some(Scan {
            slices,
            total,
            known,
        }))
    }

    /// Candidates in all (the positions of the scanned slices).
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether there is nothing to scan (never, for a scan [`Scan::load`] returned).
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Candidate `k`'s board (South to move) if it passes the screen.
    pub fn get(&self, k: u64) -> Option<Board> {
        let at = self.slices.partition_point(|(first, _)| *first <= k) - 1;
        let (first, slice) = self.slices[at];
        let i = k - first;
        if i >= slice.len() {
            return None;
        }
        let board = slice.board(i);
        first_turn_unique(slice.variant, &board, &self.known).then_some(board)
    }
}

/// Whether South to move on `board` wins the game with `CAPTURED` at stake by exactly one of two
/// or more legal moves, by the values in `known` (every position a move reaches must be there).
pub fn first_turn_unique(variant: Variant, board: &Board, known: &KnownValues) -> bool {
    let l = variant.pits_per_side();
    let mut values = [0i8; 64];
    let mut n = 0;
    let mut complete = true;
    expand(variant, board, |_, effect| {
        let child = match effect.next {
            Next::Over | Next::Endless => Some(0),
            Next::Mover => known.value(variant, &effect.board),
            Next::Opponent => known.value(variant, &effect.board.flipped(l)),
        };
        match child {
            Some(score) if n < values.len() => {
                let v = move_value(variant, effect, Value { score, depth: None });
                values[n] = v.score;
                n += 1;
            }
            _ => complete = false,
        }
    });
    if !complete || n < 2 {
        return false;
    }
    let best = *values[..n].iter().max().expect("two moves");
    if best <= 0 {
        return false;
    }
    let Some(captured) = captured_at_stake(variant, board, best) else {
        return false;
    };
    let position = Position::from_relative(variant, board, Side::South, captured);
    let winning = values[..n]
        .iter()
        .filter(|&&score| Value { score, depth: None }.result_in(&position) == GameResult::Win)
        .count();
    winning == 1
}
