//! Where the service writes (puzzle attempts, players, the daily puzzle): a handle on the file
//! that may write, or why there is none.

use std::sync::Arc;

use mancala_puzzles::PuzzleStore;

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
    Open(Arc<PuzzleStore>),
    /// The server is read-only.
    ReadOnly(ReadOnly),
}
