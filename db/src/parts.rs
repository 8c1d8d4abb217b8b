//! Tables that another crate keeps in the tablebase file beside the store's (the puzzles
//! crate's puzzles, players and attempts): the store opens the file and runs the part's
//! migrations, and never reads its rows. A part's version is a row of the `parts` table
//! (made by the first part brought up to date), since `PRAGMA user_version` is the store's.
//!
//! A part's tables may predate the `parts` table (they were made by the store's own migrations
//! until the part took them over): the part says which of its versions such a file holds.

use std::path::Path;
use std::sync::{Arc, MutexGuard};

use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};

use crate::error::WithPath;
use crate::{Database, DbError};

/// Another crate's tables: its name, its migrations, and how to read the version of a file
/// made before parts were recorded.
pub struct Part {
    /// Its name in the `parts` table.
    pub name: &'static str,
    /// Its migrations, oldest first; its version is how many have run.
    pub migrations: &'static [PartMigration],
    /// The version a file holds whose `parts` table has no row for it, read from its tables
    /// (0: none of them).
    pub version_before_parts: fn(&Connection) -> rusqlite::Result<usize>,
}

/// One step of a part's schema: SQL, then what must be done to the rows in the same
/// transaction, if anything.
pub struct PartMigration {
    /// The statements.
    pub sql: &'static str,
    /// Run after them, before the transaction commits.
    pub then: Option<fn(&Transaction) -> rusqlite::Result<()>>,
}

/// A part's tables in an opened file: the connection through which its crate reads and writes
/// them.
pub struct PartTables {
    db: Arc<Database>,
}

impl PartTables {
    /// Opens (creating if needed) the file for reading and writing ([`Database::open`]) and
    /// brings `part`'s tables up to date.
    pub fn open(path: impl AsRef<Path>, part: &Part) -> Result<PartTables, DbError> {
        PartTables::on(Arc::new(Database::open(path)?), part)
    }

    /// Opens an existing file for reading only ([`Database::open_read_only`]); see
    /// [`PartTables::on`].
    pub fn open_read_only(path: impl AsRef<Path>, part: &Part) -> Result<PartTables, DbError> {
        PartTables::on(Arc::new(Database::open_read_only(path)?), part)
    }

    /// `part`'s tables through a handle shared with the file's other stores: brought up to date
    /// where the handle writes; where it reads only, they must be up to date, and a file that
    /// holds none of them yet (only solved, never opened by the part's crate for writing) reads
    /// as an empty part, its tables made in memory (a writer that adds them to the file later is
    /// not seen through this handle).
    pub fn on(db: Arc<Database>, part: &Part) -> Result<PartTables, DbError> {
        if db.writes() {
            migrate(&db, part)?;
            return Ok(PartTables { db });
        }
        let found = version(&db.connection(), part).at(db.path())?;
        let read = part.migrations.len();
        if found == read {
            return Ok(PartTables { db });
        }
        if found == 0 {
            let empty = Database::in_memory()?;
            migrate(&empty, part)?;
            return Ok(PartTables {
                db: Arc::new(empty.named(db.path())),
            });
        }
        Err(DbError::PartVersion {
            path: db.path().to_owned(),
            part: part.name.to_owned(),
            found,
            read,
        })
    }

    /// The file, as given.
    pub fn path(&self) -> &str {
        self.db.path()
    }

    /// A connection for the caller's statement or transaction on the part's tables.
    pub fn connection(&self) -> MutexGuard<'_, Connection> {
        self.db.connection()
    }
}

/// The version of `part` the file holds.
fn version(conn: &Connection, part: &Part) -> rusqlite::Result<usize> {
    let recorded: bool = conn.query_row(
        "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'parts'",
        [],
        |r| r.get(0),
    )?;
    let row = match recorded {
        true => conn
            .query_row(
                "SELECT version FROM parts WHERE name = ?1",
                params![part.name],
                |r| r.get::<_, i64>(0),
            )
            .optional()?,
        false => None,
    };
    match row {
        Some(v) => Ok(usize::try_from(v).unwrap_or(usize::MAX)),
        None => (part.version_before_parts)(conn),
    }
}

/// Brings `part` up to date in one transaction that holds the write lock from its start, so
/// that processes opening one file at once take turns (the second finds the work done). A part
/// already up to date is only read: an open does not wait for the write lock another process
/// holds (a solve storing a group) unless there is something to write.
fn migrate(db: &Database, part: &Part) -> Result<(), DbError> {
    let mut conn = db.connection();
    let name = db.path();
    if version(&conn, part).at(name)? == part.migrations.len() {
        return Ok(());
    }
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .at(name)?;
    let found = version(&tx, part).at(name)?;
    let read = part.migrations.len();
    if found > read {
        return Err(DbError::PartVersion {
            path: name.to_owned(),
            part: part.name.to_owned(),
            found,
            read,
        });
    }
    if found == read {
        return Ok(());
    }
    let failed = |step: usize, e: rusqlite::Error| DbError::Migration {
        path: name.to_owned(),
        message: format!("{} migration {}: {e}", part.name, step + 1),
    };
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS parts (
            name    TEXT    PRIMARY KEY, -- a crate's tables (`puzzles`)
            version INTEGER NOT NULL     -- how many of its migrations have run
        ) STRICT;",
    )
    .at(name)?;
    for (step, m) in part.migrations.iter().enumerate().skip(found) {
        tx.execute_batch(m.sql).map_err(|e| failed(step, e))?;
        if let Some(then) = m.then {
            then(&tx).map_err(|e| failed(step, e))?;
        }
    }
    tx.execute(
        "INSERT OR REPLACE INTO parts (name, version) VALUES (?1, ?2)",
        params![part.name, read as i64],
    )
    .at(name)?;
    tx.commit().at(name)
}
