//! What every request handler shares: the tablebase, opened once, read-only, the threads that
//! evaluate on it and the threads that search beyond it.

use std::sync::Arc;

use mancala_db::Tablebase;

use crate::pool::Pool;
use crate::search::{SearchPool, SearchSettings};

/// The application state, shared by every worker.
pub struct AppState {
    /// The tablebase. Its chunk cache is shared by every request; its SQLite connection is used
    /// only on cache misses, never on an async worker.
    pub tb: Arc<Tablebase>,
    /// A second handle that may write: puzzle attempts and rating updates (WAL mode, so the
    /// readers are never blocked by it).
    pub writer: Arc<Tablebase>,
    /// Where tablebase evaluations run (see [`crate::pool`]).
    pub pool: Pool,
    /// Where searches beyond the tablebase run, bounded (see [`crate::search`]).
    pub search: SearchPool,
}

impl AppState {
    /// The state over an open tablebase (read-only) and a writing handle on the same file, with
    /// the evaluation threads and the search threads started.
    pub fn new(
        tb: Tablebase,
        writer: Tablebase,
        search: SearchSettings,
    ) -> std::io::Result<AppState> {
        Ok(AppState {
            tb: Arc::new(tb),
            writer: Arc::new(writer),
            pool: Pool::new("tablebase", Pool::default_threads())?,
            search: SearchPool::new(search)?,
        })
    }
}
