//! The one error type of the evaluation crate: the store's errors wrapped, and what only an
//! answer can meet (the searches' capacity, a board the store has no table for).

use std::time::Duration;

use mancala_db::DbError;
use mancala_solver::Variant;
use thiserror::Error;

/// Why a position could not be answered.
#[derive(Debug, Error)]
pub enum EvalError {
    /// The tablebase store failed, or does not hold what was asked of it
    /// ([`DbError::NotSolved`]).
    #[error(transparent)]
    Store(#[from] DbError),
    /// A position with closed pits (a later round of a Rio Kadalis match) asked of the
    /// tablebase, whose slices hold boards with every pit open: such positions are searched.
    #[error("{position}: a {variant} position with closed pits is not in the tablebase (its slices hold boards with every pit open); it is answered by search")]
    ClosedPits {
        /// The variant.
        variant: Variant,
        /// The position asked for.
        position: String,
    },
    /// Every search engine is busy and the queue of searches waiting for one is full: the
    /// search was refused at once rather than left to pile up.
    #[error("too many searches at once: {running} running and {waiting} waiting is the limit")]
    Busy {
        /// Searches that run at once.
        running: usize,
        /// Searches that may wait.
        waiting: usize,
        /// About how long one search takes: when to ask again.
        retry_after: Duration,
    },
}
