//! The tablebase store: solved slices stored in SQLite as checksummed, compressed chunks, probed
//! through an in-memory chunk cache; the searched answers kept beside them; solving into the
//! file and verifying it. Only storage: which source answers a position is decided by the
//! evaluation crate (`mancala-eval`) on top of it.
//!
//! One database file holds everything (docs/design.md). It runs in WAL mode, so readers never block
//! the writer, and every group of slices is written in one transaction, so a solve killed at any
//! moment leaves the database with whole slices only.

mod chunk;
mod distributed;
mod error;
mod open;
mod parts;
mod probe;
mod schema;
mod solve;
mod store;
mod stored_answers;
mod verify;

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;

pub use chunk::{Chunk, CHUNK_SIZE};
pub use error::WithPath;
pub use error::{DbError, WriteFailure};
pub use open::Database;
pub use parts::{Part, PartMigration, PartTables};
pub use schema::APPLICATION_ID;
pub use solve::{
    MovesPlace, PlannedGroup, SolvePlan, SolveProgress, SolveSetup, SolveUpToError, SolvedGroup,
};
pub use store::{SliceChunks, SliceInfo};
pub use stored_answers::AnswerRow;
pub use verify::Damage;

/// Chunks kept decoded in memory: 4096 chunks of 64 Ki positions is at most 768 MiB, and far
/// less in practice since small slices have small chunks.
const CACHE_CHUNKS: usize = 4096;

/// Bytes of chunks' values alone kept for the searches' probes: at most 2 GiB, 32 Ki chunks of
/// 64 Ki positions, two billion positions; filled only as searches probe, so the default
/// tablebase (a quarter of a billion positions) never takes more than its size. A search over
/// the deep tables probes all over their largest slices: with room for 4,096 chunks (whole)
/// half of its time went to decoding chunks again (perf, Bao la Kiarabu to 10 seeds).
const SCORE_CACHE_BYTES: u64 = 2 << 30;

/// The solved slices of a tablebase file: probing, storing and verifying them.
pub struct Tablebase {
    /// The file's path, as given (for errors).
    path: String,
    db: Arc<Database>,
    cache: probe::ChunkCache,
}

/// The tablebase of a handle that other stores share: the service reads its slices and its
/// puzzles through one read-only handle (one set of connections for the reading role).
impl From<Arc<Database>> for Tablebase {
    fn from(db: Arc<Database>) -> Tablebase {
        Tablebase {
            path: db.path().to_owned(),
            db,
            cache: probe::ChunkCache::new(CACHE_CHUNKS, SCORE_CACHE_BYTES),
        }
    }
}

impl Tablebase {
    /// Opens (creating if needed) a tablebase for reading and writing ([`Database::open`]).
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, DbError> {
        Database::open(path).map(Tablebase::on)
    }

    /// Opens an existing tablebase for reading only ([`Database::open_read_only`]), as the
    /// service and the reading commands do.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Tablebase, DbError> {
        Database::open_read_only(path).map(Tablebase::on)
    }

    /// A tablebase that holds no slice, in memory ([`Database::in_memory`]).
    pub fn empty() -> Result<Tablebase, DbError> {
        Database::in_memory().map(Tablebase::on)
    }

    /// The tablebase of an opened file.
    fn on(db: Database) -> Tablebase {
        Tablebase::from(Arc::new(db))
    }

    /// The database file, as given.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The file's handle: its kept answers and its count of changes, and to share with the
    /// other stores of the same role.
    pub fn database(&self) -> &Arc<Database> {
        &self.db
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.connection()
    }
}
