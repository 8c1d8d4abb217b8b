//! What every request handler shares: the tablebase, opened once, read-only, the threads that
//! evaluate on it and the threads that search beyond it, and the handle that writes (puzzle
//! attempts), absent when the server is read-only.

use std::sync::Arc;

use mancala_db::Tablebase;

use crate::error::ApiError;
use crate::pool::Pool;
use crate::search::{SearchPool, SearchSettings};

/// Why a server does not write to its database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOnly {
    /// `mancala serve --read-only`.
    Asked,
    /// The database file, or its directory, cannot be written.
    NotWritable,
}

impl ReadOnly {
    /// Why, in the words of the 503 that write routes answer.
    pub fn reason(self) -> &'static str {
        match self {
            ReadOnly::Asked => "this server is read-only (started with --read-only)",
            ReadOnly::NotWritable => {
                "this server is read-only (its database file or directory cannot be written)"
            }
        }
    }
}

/// Where the server writes: a handle on the database file, or why there is none.
pub enum Writer {
    /// A second handle that may write: puzzle attempts and rating updates (WAL mode, so the
    /// readers are never blocked by it).
    Open(Arc<Tablebase>),
    /// The server is read-only.
    ReadOnly(ReadOnly),
}

/// The application state, shared by every worker.
pub struct AppState {
    /// The tablebase. Its chunk cache is shared by every request; its SQLite connection is used
    /// only on cache misses, never on an async worker.
    pub tb: Arc<Tablebase>,
    /// Where writes go, if anywhere: see [`AppState::writer`].
    writer: Writer,
    /// Where tablebase evaluations run (see [`crate::pool`]).
    pub pool: Pool,
    /// Where searches beyond the tablebase run, bounded (see [`crate::search`]).
    pub search: SearchPool,
}

impl AppState {
    /// The state over an open tablebase (read-only) and where writes go, with the evaluation
    /// threads and the search threads started.
    pub fn new(tb: Tablebase, writer: Writer, search: SearchSettings) -> std::io::Result<AppState> {
        Ok(AppState {
            tb: Arc::new(tb),
            writer,
            pool: Pool::new("tablebase", Pool::default_threads())?,
            search: SearchPool::new(search)?,
        })
    }

    /// The handle that writes; on a read-only server a 503 that says why, which every write
    /// route answers.
    pub fn writer(&self) -> Result<Arc<Tablebase>, ApiError> {
        match &self.writer {
            Writer::Open(tb) => Ok(tb.clone()),
            Writer::ReadOnly(why) => Err(ApiError::ReadOnly(*why)),
        }
    }
}
