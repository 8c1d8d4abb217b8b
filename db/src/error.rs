//! The one error type of the store: about files, SQLite and what a file holds. Every variant
//! says what is wrong, with the facts a caller needs to say what to do about it (the file, the
//! slice and its seeds, the chunk): the words for a terminal (which command repairs it) or an
//! HTTP client are written by the command line and the service, not here.

use mancala_solver::{SliceId, Variant};
use thiserror::Error;

/// Why a tablebase operation failed.
#[derive(Debug, Error)]
pub enum DbError {
    /// SQLite itself failed (I/O, locking, a file that is not a database).
    #[error("database {path}: {source}")]
    Sqlite {
        /// The database file.
        path: String,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// The schema could not be brought up to date.
    #[error("database {path}: cannot migrate the schema: {message}")]
    Migration {
        /// The database file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The file's schema is not the one this program reads: none yet (`found` 0: an empty
    /// database), an older one (a writing open upgrades it), or a newer one (written by a newer
    /// program).
    #[error("{path}: {}", schema_words(*found, *read))]
    SchemaVersion {
        /// The database file.
        path: String,
        /// Its schema version (`PRAGMA user_version`).
        found: i64,
        /// The version this program reads.
        read: i64,
    },
    /// Another crate's tables in the file ([`crate::Part`]) are not at the version this program
    /// reads: an older one (a writing open upgrades them) or a newer one.
    #[error("{path}: its {part} tables are at {}", part_words(*found, *read))]
    PartVersion {
        /// The database file.
        path: String,
        /// The part.
        part: String,
        /// The version the file holds.
        found: usize,
        /// The version this program reads.
        read: usize,
    },
    /// No file at the path given for reading.
    #[error("no tablebase at {path}")]
    Missing {
        /// The path given.
        path: String,
    },
    /// A directory was given where a tablebase file was expected.
    #[error("{path} is a directory, not a tablebase file (a file in it would be {example})")]
    Directory {
        /// The path given.
        path: String,
        /// A file in it that could be meant.
        example: String,
    },
    /// Another application's SQLite file: refused before anything is written to it.
    #[error("{path} is not a mancala tablebase ({what}); it was left untouched")]
    Foreign {
        /// The file.
        path: String,
        /// What it is instead.
        what: String,
    },
    /// The file, or the directory it is in, cannot be written (SQLite in WAL mode writes files
    /// next to the database).
    #[error("{path} cannot be written (the file or its directory is read-only)")]
    ReadOnly {
        /// The file.
        path: String,
    },
    /// The file system failed outside SQLite.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
    /// The position's slice has not been solved (or was solved under other rules).
    #[error("{variant} slice {slice} is not solved in {path}")]
    NotSolved {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// Seeds on the board in that slice: the `--max-seeds` that solves it.
        seeds: u32,
        /// The database file.
        path: String,
    },
    /// A stored chunk does not match its checksum, or cannot be decoded: it is never served.
    #[error("{variant} slice {slice} chunk {chunk} is damaged ({what})")]
    Corrupt {
        /// The variant.
        variant: String,
        /// The slice.
        slice: String,
        /// The chunk number.
        chunk: u64,
        /// What is wrong with it.
        what: String,
    },
    /// A slice row disagrees with its slice or its chunks (its seeds, positions, counts, chunk
    /// numbers): none of its chunks is served, as if each were damaged.
    #[error("{variant} slice {slice} is damaged ({what})")]
    DamagedSlice {
        /// The variant.
        variant: String,
        /// The slice.
        slice: String,
        /// What is wrong with it, with the stored and the expected figures.
        what: String,
    },
}

/// What a schema version means, against the one this program reads.
fn schema_words(found: i64, read: i64) -> String {
    match found {
        0 => "it holds no tablebase yet".to_owned(),
        f if f < read => format!("schema version {f}, this program reads version {read} (an older file)"),
        f => format!("schema version {f}, this program reads version {read}; it was written by a newer program"),
    }
}

/// What a part's version means, against the one this program reads.
fn part_words(found: usize, read: usize) -> String {
    match found < read {
        true => format!("version {found}, this program reads version {read} (an older file: a writing command upgrades it)"),
        false => format!("version {found}, this program reads version {read}; they were written by a newer program"),
    }
}

/// Why a write could not be made, where that is something a caller can name and act on: a
/// full disk and a locked file pass (asking again later can succeed), a read-only file does
/// not until its operator changes it. Other failures (a damaged file, an I/O error) are just
/// errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteFailure {
    /// The disk (or the database's size limit) is full: nothing was written.
    DiskFull,
    /// The file or its directory cannot be written.
    ReadOnly,
    /// Another connection holds the write lock (a solve, another writer) for longer than the
    /// wait for it.
    Locked,
}

impl DbError {
    /// What kind of write failure this is, if it is one of the kinds a caller can name.
    pub fn write_failure(&self) -> Option<WriteFailure> {
        use rusqlite::ErrorCode;
        match self {
            DbError::ReadOnly { .. } => Some(WriteFailure::ReadOnly),
            DbError::Io { source, .. } => match source.kind() {
                std::io::ErrorKind::StorageFull => Some(WriteFailure::DiskFull),
                std::io::ErrorKind::ReadOnlyFilesystem => Some(WriteFailure::ReadOnly),
                _ => None,
            },
            DbError::Sqlite { source, .. } => match source.sqlite_error_code()? {
                ErrorCode::DiskFull => Some(WriteFailure::DiskFull),
                ErrorCode::ReadOnly => Some(WriteFailure::ReadOnly),
                ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => Some(WriteFailure::Locked),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Attaches the database path to SQLite errors: `.at(path)` turns a rusqlite result into one
/// of [`DbError::Sqlite`], for every store built on a [`crate::Database`].
pub trait WithPath<T> {
    /// The result, its error naming the file at `path`.
    fn at(self, path: &str) -> Result<T, DbError>;
}

impl<T> WithPath<T> for Result<T, rusqlite::Error> {
    fn at(self, path: &str) -> Result<T, DbError> {
        self.map_err(|source| DbError::Sqlite {
            path: path.to_owned(),
            source,
        })
    }
}
