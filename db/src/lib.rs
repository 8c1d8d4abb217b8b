//! The SQLite tablebase: solved slices stored as checksummed, compressed chunks, probed through
//! an in-memory chunk cache, and the evaluation of positions and their moves on top of it.
//!
//! One database file holds everything (docs/design.md). It runs in WAL mode, so readers never block
//! the writer, and every group of slices is written in one transaction, so a solve killed at any
//! moment leaves the database with whole slices only.

pub mod analyse;
mod chunk;
mod distributed;
mod error;
mod eval;
pub mod line;
mod open;
mod probe;
mod puzzles;
mod schema;
mod search;
mod solve;
mod store;
mod verify;

use std::sync::Mutex;

use rusqlite::Connection;

pub use chunk::{Chunk, CHUNK_SIZE};
pub use error::DbError;
pub use eval::{Evaluation, MoveEval};
pub use open::APPLICATION_ID;
pub use puzzles::{
    Collection, CompositionKey, NewAttempt, Player, PlayerSummary, Puzzle, PuzzleFilter,
    PuzzleRating, RecordedAttempt, StoredPuzzle, Theme, ThemeResults, UnknownCollection,
    UnknownTheme, NEWCOMER,
};
pub use search::{SearchReport, Searcher, Source};
pub use solve::{
    MovesPlace, PlannedGroup, SolvePlan, SolveProgress, SolveSetup, SolveUpToError, SolvedGroup,
};
pub use store::SliceInfo;
pub use verify::Damage;

/// Chunks kept decoded in memory: 4096 chunks of 64 Ki positions is at most 768 MiB, and far
/// less in practice since small slices have small chunks.
const CACHE_CHUNKS: usize = 4096;

/// An open tablebase file.
pub struct Tablebase {
    path: String,
    conn: Mutex<Connection>,
    cache: probe::ChunkCache,
}

impl Tablebase {
    fn with_connection(path: String, conn: Connection) -> Tablebase {
        Tablebase {
            path,
            conn: Mutex::new(conn),
            cache: probe::ChunkCache::new(CACHE_CHUNKS),
        }
    }

    /// The database file, as given.
    pub fn path(&self) -> &str {
        &self.path
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave the connection inconsistent (SQLite rolls
        // back unfinished transactions), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}
