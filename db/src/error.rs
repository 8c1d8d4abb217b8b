//! The one error type of the `db` crate. Every variant says what is wrong and, where the user
//! can do something about it, what to do.

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
    /// The position's slice has not been solved (or was solved under other rules).
    #[error("{variant} slice {slice} is not solved in {path}; solve it with `mancala solve {variant} --max-seeds {seeds} --db {}`", quoted(path))]
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
    #[error("{variant} slice {slice} chunk {chunk} is damaged ({what}); run `mancala db verify` and solve the slice again")]
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
}

/// A path as it must be typed in a shell.
fn quoted(path: &str) -> String {
    shlex::try_quote(path).map_or_else(|_| path.to_owned(), |q| q.into_owned())
}

/// Attaches the database path to SQLite errors.
pub(crate) trait WithPath<T> {
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
