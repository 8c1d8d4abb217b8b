//! The SQLite tablebase: solved slices stored as checksummed, compressed chunks, probed through
//! an in-memory chunk cache, and the evaluation of positions and their moves on top of it.
//!
//! One database file holds everything (docs/design.md). It runs in WAL mode, so readers never block
//! the writer, and every group of slices is written in one transaction, so a solve killed at any
//! moment leaves the database with whole slices only.

pub mod analyse;
mod chunk;
mod error;
mod eval;
pub mod line;
mod probe;
mod puzzles;
mod schema;
mod search;
mod solve;
mod store;

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OpenFlags};

pub use chunk::{Chunk, CHUNK_SIZE};
pub use error::DbError;
use error::WithPath;
pub use eval::{Evaluation, MoveEval};
pub use puzzles::{
    NewAttempt, Player, PlayerSummary, Puzzle, PuzzleFilter, PuzzleRating, RecordedAttempt,
    StoredPuzzle, Theme, ThemeResults, UnknownTheme, NEWCOMER,
};
pub use search::{SearchReport, Searcher, Source};
pub use solve::{SolvePlan, SolveProgress, SolveUpToError, SolvedGroup};
pub use store::{Damage, SliceInfo};

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
    /// Opens (creating if needed) a tablebase for reading and writing, bringing its schema up
    /// to date.
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, DbError> {
        let path_str = path.as_ref().display().to_string();
        let mut conn = Connection::open(path.as_ref()).at(&path_str)?;
        Self::configure(&conn, &path_str)?;
        schema::migrations()
            .to_latest(&mut conn)
            .map_err(|e| DbError::Migration {
                path: path_str.clone(),
                message: e.to_string(),
            })?;
        Ok(Self::with_connection(path_str, conn))
    }

    /// Opens an existing tablebase for reading only, as the service does.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Tablebase, DbError> {
        let path_str = path.as_ref().display().to_string();
        let conn = Connection::open_with_flags(
            path.as_ref(),
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .at(&path_str)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .at(&path_str)?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .at(&path_str)?;
        if version == 0 {
            return Err(DbError::Migration {
                path: path_str,
                message: "not a mancala tablebase (no schema); create it with `mancala solve`"
                    .into(),
            });
        }
        let latest = schema::VERSION;
        if version != latest {
            return Err(DbError::Migration {
                message: format!(
                    "schema version {version}, this program reads version {latest}; {}",
                    if version < latest {
                        "any writing command (`mancala solve`) upgrades it"
                    } else {
                        "it was written by a newer mancala"
                    }
                ),
                path: path_str,
            });
        }
        Ok(Self::with_connection(path_str, conn))
    }

    fn configure(conn: &Connection, path: &str) -> Result<(), DbError> {
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .at(path)?;
        conn.pragma_update(None, "journal_mode", "WAL").at(path)?;
        conn.pragma_update(None, "synchronous", "NORMAL").at(path)?;
        conn.pragma_update(None, "foreign_keys", "ON").at(path)?;
        Ok(())
    }

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
