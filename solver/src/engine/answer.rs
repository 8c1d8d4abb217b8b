//! What [`super::Engine::analyse`] answers: the value of the position and of every move, each
//! exact or an estimate, and what the search spent.

use std::time::Duration;

use super::budget::Limit;
use super::score::{to_seeds, UNIT};
use crate::rules::MoveEffect;
use crate::Move;

/// A value found by the engine, for the side to move (of the position, or of the position a move
/// is played in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchValue {
    /// The value as docs/rules.md#values-and-depths defines it: seeds still to win minus seeds still to lose (score
    /// variants), or -1, 0, +1 (win/draw/loss variants). An estimate is rounded to the nearest.
    pub score: i8,
    /// The same in sixteenths of a seed: an estimate's finer value (always a multiple of 16 when
    /// exact), to tell estimates apart that round to the same score.
    pub sixteenths: i16,
    /// Whether the value is proven: the value a complete tablebase would give. Otherwise an
    /// estimate resting on the heuristic at the search's frontier.
    pub exact: bool,
    /// A proven lower bound on the value (the value is at least this): what a proof needs of
    /// a move that must reach a target, even where the value itself is only an estimate. The
    /// value when exact; `None` when nothing is proven beyond the seeds on the board.
    pub at_least: Option<i8>,
    /// A proven upper bound on the value (the value is at most this); as `at_least`.
    pub at_most: Option<i8>,
}

impl SearchValue {
    /// The public form of an internal score, exact or not (an exact score is both bounds).
    pub(super) fn of(score: i32, exact: bool) -> SearchValue {
        let proven = exact.then(|| to_seeds(score));
        SearchValue {
            score: to_seeds(score),
            sixteenths: score as i16,
            exact,
            at_least: proven,
            at_most: proven,
        }
    }

    /// The public form of `score` with the bounds `(low, high)` proven of it, all in
    /// sixteenths: exact when they meet. A bound is given when the value is exact or the bound
    /// says more than `by_seeds`, the bounds the seeds left on the board prove alone (which hold
    /// of every value, so they would tell a reader nothing). In whole seeds: a value is a whole
    /// number, so at least `s` sixteenths is at least `s / 16` rounded up, at most it rounded
    /// down.
    pub(super) fn proven(score: i32, (low, high): (i32, i32), by_seeds: (i32, i32)) -> SearchValue {
        let exact = low == high;
        SearchValue {
            at_least: (exact || low > by_seeds.0).then(|| seeds_at_least(low)),
            at_most: (exact || high < by_seeds.1).then(|| seeds_at_most(high)),
            ..SearchValue::of(score, exact)
        }
    }
}

/// The least whole value at least `score` sixteenths.
fn seeds_at_least(score: i32) -> i8 {
    (score.div_euclid(UNIT) + i32::from(score.rem_euclid(UNIT) != 0)) as i8
}

/// The largest whole value at most `score` sixteenths.
fn seeds_at_most(score: i32) -> i8 {
    score.div_euclid(UNIT) as i8
}

/// One legal move of the analysed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The move.
    pub mv: Move,
    /// What it does (the board after it, seen from the mover; gains; who moves next), so that a
    /// caller can build the position after it.
    pub effect: MoveEffect,
    /// The move's value for the mover.
    pub value: SearchValue,
}

/// The engine's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value of the position: the best move's, or the game's end when there is no move.
    /// Exact when the best move is proven to score at least this and every move at most this;
    /// the other moves' values may then still be estimates (bounded above by this, by proof).
    pub value: SearchValue,
    /// Every legal move, in pit order (as [`crate::rules::expand`] lists them).
    pub moves: Vec<MoveAnalysis>,
    /// The depth (plies) of the deepest iteration completed; 0 when the game is over.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The limit that stopped the search before every value was exact, if one did. `None` when
    /// the answer is exact, or when the search reached [`super::MAX_DEPTH`].
    pub stopped_by: Option<Limit>,
}

impl Analysis {
    /// The moves to play, in pit order (none when the game is over): when the position's value
    /// is exact, the moves proven to reach it (another move may show the same value as an
    /// estimate, only proven not to exceed it); otherwise those with the best estimate, by
    /// sixteenths.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveAnalysis> {
        let best = self.value;
        self.moves.iter().filter(move |m| {
            m.value.sixteenths == best.sixteenths && (m.value.exact || !best.exact)
        })
    }
}
