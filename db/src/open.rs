//! Opening a tablebase file: for writing (created when missing, schema brought up to date) or
//! for reading only, and in both cases only a file that is ours. A file is ours when its SQLite
//! `application_id` is [`APPLICATION_ID`] (older files, from before it was stamped, are
//! recognised by their tables and stamped by the migration); any other SQLite file is refused
//! before anything is written to it.
//!
//! A [`Database`] is such an opened file, checked and up to date: one connection where it is
//! written, a few where it is only read (so that threads reading at once do not queue on one
//! connection's lock). The [`crate::Tablebase`] (the solved slices) and the puzzle crate's store
//! (its rows) are each built on one.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior, MAIN_DB};

use crate::error::WithPath;
use crate::schema::{self, APPLICATION_ID};
use crate::DbError;

/// The tables of tablebases written before files were stamped with [`APPLICATION_ID`].
const UNSTAMPED_TABLES: [&str; 4] = ["chunks", "puzzle_attempts", "puzzles", "slices"];

/// The name an in-memory database goes by in errors and answers.
const IN_MEMORY: &str = "(no tablebase: in memory)";

/// How long a connection waits for another process's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections a file opened for reading only has: each behind its own lock, so that this many
/// threads read at once.
const READERS: usize = 4;

/// A tablebase file opened through SQLite: ours (see the module documentation), its schema up
/// to date. Shared by threads; each connection is used under its own lock.
pub struct Database {
    path: String,
    /// One connection for a file written (SQLite has one writer), [`READERS`] for a file read.
    conns: Vec<Mutex<Connection>>,
    /// Opened for writing (or in memory), not read-only.
    writes: bool,
}

impl Database {
    /// The file, as given.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// A connection, for the one statement or transaction of the caller: the first free one,
    /// starting from this thread's own, so that readers on different threads do not wait for
    /// each other; when every one is in use, this thread's own, waited for.
    ///
    /// The connections are a fixed set opened with the file, not a pool crate's (r2d2): they
    /// never grow, close or fail to be had, so there is no timeout, no error and no thread to
    /// keep them.
    pub(crate) fn connection(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave the connection inconsistent (SQLite rolls
        // back unfinished transactions), so a poisoned lock is still usable.
        let n = self.conns.len();
        let own = thread_slot() % n;
        for k in 0..n {
            match self.conns[(own + k) % n].try_lock() {
                Ok(conn) => return conn,
                Err(TryLockError::Poisoned(e)) => return e.into_inner(),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        self.conns[own].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// SQLite's count of the changes other connections made to the file: when it moves, the
    /// slices stored may have changed (a solve in another process, or the service's own
    /// writing handle). Always asked of the handle's first connection: each connection counts
    /// on its own, so counts of two are not comparable.
    pub fn data_version(&self) -> Result<i64, DbError> {
        self.conns[0]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .query_row("PRAGMA data_version", [], |r| r.get(0))
            .at(&self.path)
    }

    /// Whether the handle writes (opened for writing, or in memory) rather than reads only.
    pub fn writes(&self) -> bool {
        self.writes
    }

    /// The same handle, going by `path` in errors and answers.
    pub(crate) fn named(self, path: &str) -> Database {
        Database {
            path: path.to_owned(),
            ..self
        }
    }

    fn with_connection(path: String, conn: Connection) -> Database {
        Database {
            path,
            conns: vec![Mutex::new(conn)],
            writes: true,
        }
    }

    /// Opens (creating if needed) a tablebase for reading and writing, bringing its schema up
    /// to date. Refuses a directory, a file that is not SQLite, another application's SQLite
    /// file (left untouched) and a file that cannot be written ([`DbError::ReadOnly`]).
    pub fn open(path: impl AsRef<Path>) -> Result<Database, DbError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        refuse_directory(path, &name)?;
        let mut conn = Connection::open(path).at(&name)?;
        conn.busy_timeout(BUSY_TIMEOUT).at(&name)?;
        identify(&conn, &name).map_err(|e| read_only_if_so(e, path))?;
        if conn.is_readonly(MAIN_DB).at(&name)? {
            return Err(DbError::ReadOnly { path: name });
        }
        // Another process opening the same new file may hold its lock for a moment (setting
        // WAL mode, creating the tables); SQLite's busy handler does not wait for every such
        // lock, so a busy file is tried again until the busy timeout has passed.
        let started = std::time::Instant::now();
        loop {
            let ready = configure(&conn, &name).and_then(|()| migrate(&mut conn, &name));
            match ready {
                Err(e) if is_busy(&e) && started.elapsed() < BUSY_TIMEOUT => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(read_only_if_so(e, path)),
                Ok(()) => return Ok(Self::with_connection(name, conn)),
            }
        }
    }

    /// A tablebase that holds nothing and lives in memory only: what a reading command searches
    /// over when no tablebase file exists (every answer then comes from the search). Its
    /// schema is the current one, so every query of a file works on it and finds no rows.
    pub fn in_memory() -> Result<Database, DbError> {
        let name = IN_MEMORY.to_owned();
        let mut conn = Connection::open_in_memory().at(&name)?;
        migrate(&mut conn, &name)?;
        Ok(Self::with_connection(name, conn))
    }

    /// Opens an existing tablebase for reading only, as the service and the reading commands
    /// do. Works on a read-only file in a read-only directory too: where SQLite cannot create
    /// the shared-memory file that WAL mode reads through, the file is opened as immutable
    /// (nothing else can change it anyway).
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Database, DbError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        refuse_directory(path, &name)?;
        if !path.exists() {
            return Err(DbError::Missing { path: name });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).at(&name)?;
        conn.busy_timeout(BUSY_TIMEOUT).at(&name)?;
        let (conn, immutable) = match identify(&conn, &name) {
            Err(e) if cannot_share_memory(&e) => {
                let conn = open_immutable(path, &name)?;
                identify(&conn, &name)?;
                (conn, true)
            }
            Err(e) => return Err(e),
            Ok(()) => (conn, false),
        };
        check_version(&conn, &name)?;
        // The others as the first was opened, once it is known to be a tablebase.
        let mut conns = vec![Mutex::new(conn)];
        for _ in 1..READERS {
            let conn = match immutable {
                true => open_immutable(path, &name)?,
                false => {
                    let conn = Connection::open_with_flags(path, flags).at(&name)?;
                    conn.busy_timeout(BUSY_TIMEOUT).at(&name)?;
                    conn
                }
            };
            conns.push(Mutex::new(conn));
        }
        Ok(Database {
            path: name,
            conns,
            writes: false,
        })
    }
}

/// This thread's place among the connections of a handle: threads are numbered as they first
/// ask, so that the service's pool threads each start from a connection of their own.
fn thread_slot() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static SLOT: usize = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    SLOT.with(|slot| *slot)
}

/// A directory named where a file was expected is said to be one.
fn refuse_directory(path: &Path, name: &str) -> Result<(), DbError> {
    if path.is_dir() {
        return Err(DbError::Directory {
            path: name.to_owned(),
            example: path.join("mancala.db").display().to_string(),
        });
    }
    Ok(())
}

/// Reads what the file is, writing nothing: a tablebase or an empty database pass; another
/// application's database is [`DbError::Foreign`], and a file that is not SQLite at all fails
/// with SQLite's "file is not a database".
///
/// The id and the tables are read in one read transaction: read apart, another process's
/// migration could commit between them (an id of 0 with every table) and make a new
/// tablebase look foreign.
fn identify(conn: &Connection, name: &str) -> Result<(), DbError> {
    let snapshot = conn.unchecked_transaction().at(name)?;
    let application_id: i32 = snapshot
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .at(name)?;
    if application_id == APPLICATION_ID {
        return Ok(());
    }
    let tables = {
        let mut stmt = snapshot
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            .at(name)?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).at(name)?;
        rows.collect::<Result<Vec<String>, _>>().at(name)?
    };
    let foreign = |what: String| {
        Err(DbError::Foreign {
            path: name.to_owned(),
            what,
        })
    };
    if application_id != 0 {
        return foreign(format!(
            "its SQLite application id is {application_id:#010x}, a tablebase's is {APPLICATION_ID:#010x}"
        ));
    }
    let unstamped_tablebase = tables.iter().any(|t| t == "slices")
        && tables
            .iter()
            .all(|t| UNSTAMPED_TABLES.contains(&t.as_str()));
    if tables.is_empty() || unstamped_tablebase {
        return Ok(());
    }
    foreign(format!(
        "an SQLite database with the tables {}",
        tables.join(", ")
    ))
}

/// Brings the schema up to date. Processes opening one file at once take turns: each
/// migration's transaction takes the write lock as it begins (`IMMEDIATE`, waiting up to the
/// busy timeout for another's), and a process whose migration finds the work done by another
/// since it read the schema's version (its `CREATE TABLE` fails, its transaction rolled back)
/// reads the version again and goes on.
fn migrate(conn: &mut Connection, name: &str) -> Result<(), DbError> {
    conn.set_transaction_behavior(TransactionBehavior::Immediate);
    let migrated = schema::migrations().to_latest(conn);
    conn.set_transaction_behavior(TransactionBehavior::Deferred);
    match migrated {
        Ok(()) => Ok(()),
        Err(e) => {
            if schema_version(conn, name)? == schema::VERSION {
                return Ok(());
            }
            Err(DbError::Migration {
                path: name.to_owned(),
                message: e.to_string(),
            })
        }
    }
}

/// The file's schema version (`PRAGMA user_version`).
fn schema_version(conn: &Connection, name: &str) -> Result<i64, DbError> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .at(name)
}

/// Refuses a schema newer than this program's, and a file with none.
fn check_version(conn: &Connection, name: &str) -> Result<(), DbError> {
    let version = schema_version(conn, name)?;
    if version == schema::VERSION {
        return Ok(());
    }
    Err(DbError::SchemaVersion {
        path: name.to_owned(),
        found: version,
        read: schema::VERSION,
    })
}

/// The settings of a writing connection: WAL (readers never block the writer), synchronous
/// NORMAL (durable at each checkpoint, never corrupt), foreign keys.
fn configure(conn: &Connection, name: &str) -> Result<(), DbError> {
    conn.pragma_update(None, "journal_mode", "WAL").at(name)?;
    conn.pragma_update(None, "synchronous", "NORMAL").at(name)?;
    conn.pragma_update(None, "foreign_keys", "ON").at(name)?;
    Ok(())
}

/// Whether SQLite failed because another connection holds a lock on the file.
fn is_busy(e: &DbError) -> bool {
    let code = match e {
        DbError::Sqlite {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } => f.code,
        _ => return false,
    };
    matches!(code, ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
}

/// Whether SQLite failed because it could not create or write a file next to the database (the
/// WAL's shared memory or the journal): a read-only directory or file.
fn cannot_share_memory(e: &DbError) -> bool {
    matches!(
        e,
        DbError::Sqlite {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } if matches!(f.code, ErrorCode::CannotOpen | ErrorCode::ReadOnly)
    )
}

/// `e`, or [`DbError::ReadOnly`] when it comes from a file or directory that cannot be written.
fn read_only_if_so(e: DbError, path: &Path) -> DbError {
    if cannot_share_memory(&e) && path.exists() {
        DbError::ReadOnly {
            path: path.display().to_string(),
        }
    } else {
        e
    }
}

/// Opens `path` read-only as an immutable database: no shared memory, no locks.
fn open_immutable(path: &Path, name: &str) -> Result<Connection, DbError> {
    let absolute = std::path::absolute(path).map_err(|e| DbError::Io {
        path: name.to_owned(),
        source: e,
    })?;
    let mut uri = url::Url::from_file_path(&absolute)
        .map_err(|()| DbError::Io {
            path: name.to_owned(),
            source: std::io::Error::other("cannot be written as a file URI"),
        })?
        .to_string();
    uri.push_str("?immutable=1");
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(uri, flags).at(name)?;
    conn.busy_timeout(BUSY_TIMEOUT).at(name)?;
    Ok(conn)
}
