//! The one error type of the evaluation crate: the store's errors wrapped, and what only an
//! answer can meet (the searches' capacity, a board the store has no table for).

use std::time::Duration;

use mancala_db::DbError;
use thiserror::Error;

/// Why a position could not be answered.
#[derive(Debug, Error)]
pub enum EvalError {
    /// The tablebase store failed, or does not hold what was asked of it
    /// ([`DbError::NotSolved`]).
    #[error(transparent)]
    Store(#[from] DbError),
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
