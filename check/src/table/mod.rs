//! Reading a tablebase file through its format (docs/tablebase-format.md), with code of its own:
//! the SQLite file opened read-only, its `slices` and `chunks` tables, chunks decoded and their
//! checksums checked, and a position's stored value and depth found by the slice numbering of
//! [`crate::index`]. Decoded chunks are kept in a bounded cache shared by every thread.

mod cache;
pub mod chunk;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use thiserror::Error;

use crate::index::SliceId;
use crate::rules::Pos;
use crate::variant::{Spec, Variant};
use crate::RULES_VERSION;
use cache::Cache;
use chunk::{Chunk, Place};

/// The SQLite `application_id` of a tablebase file (`MNCL`).
pub const APPLICATION_ID: i64 = 0x4D4E_434C;

/// What went wrong reading a tablebase.
#[derive(Debug, Error)]
pub enum TableError {
    /// No such file.
    #[error("{path}: no such file")]
    NoFile {
        /// The file.
        path: PathBuf,
    },
    /// SQLite failed.
    #[error("{path}: {cause}")]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        cause: rusqlite::Error,
    },
    /// The file is not a tablebase.
    #[error("{path}: not a mancala tablebase ({what})")]
    NotATablebase {
        /// The file.
        path: PathBuf,
        /// Why not.
        what: String,
    },
    /// A slice the file does not hold.
    #[error("{variant} slice {slice} is not in the tablebase")]
    Missing {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
    },
    /// A slice whose row is not what its slice needs, or whose rules are not these.
    #[error("{variant} slice {slice}: {what}")]
    BadRow {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// What is wrong.
        what: String,
    },
    /// A chunk that is missing or cannot be decoded.
    #[error("{variant} slice {slice} chunk {chunk}: {what}")]
    BadChunk {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// The chunk number.
        chunk: u64,
        /// What is wrong.
        what: String,
    },
}

/// A slice row as the file holds it (`slices` table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceRow {
    /// The variant id as stored.
    pub variant: String,
    /// The slice name as stored (`12`, `5-3`).
    pub slice: String,
    /// Positions, as the row says.
    pub positions: i64,
    /// Positions per chunk, as the row says.
    pub chunk_size: i64,
    /// The solver version it was solved under.
    pub solver_version: String,
    /// The rules version it was solved under.
    pub rules_version: String,
    /// When it was solved (RFC 3339).
    pub solved_at: String,
}

/// A slice of the file, its row checked against the slice numbering and the checker's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    /// The variant.
    pub variant: Variant,
    /// Which slice.
    pub id: SliceId,
    /// Positions in it.
    pub positions: u64,
    /// Positions per chunk.
    pub chunk_size: u64,
    /// Its row.
    pub row: SliceRow,
}

impl Slice {
    /// Chunks in the slice.
    pub fn chunks(&self) -> u64 {
        self.positions.div_ceil(self.chunk_size)
    }

    /// Positions in chunk `c`.
    pub fn chunk_len(&self, c: u64) -> u64 {
        (self.positions - c * self.chunk_size).min(self.chunk_size)
    }
}

/// A position's stored value and depth, from its side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The value.
    pub value: i8,
    /// The depth; `None` where the file stores none.
    pub depth: Option<u16>,
}

/// A tablebase file, open for reading.
pub struct Table {
    path: PathBuf,
    conn: Mutex<Connection>,
    rows: Vec<SliceRow>,
    /// The rows of known variants and well-formed slice names.
    by_slice: HashMap<(Variant, SliceId), usize>,
    cache: Cache,
}

impl Table {
    /// Opens a tablebase read-only, keeping up to `cache_bytes` of decoded chunks in memory.
    pub fn open(path: &Path, cache_bytes: usize) -> Result<Table, TableError> {
        if !path.is_file() {
            return Err(TableError::NoFile {
                path: path.to_owned(),
            });
        }
        let sqlite = |cause| TableError::Sqlite {
            path: path.to_owned(),
            cause,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(sqlite)?;
        let conn = match read_rows(&conn) {
            Ok(_) => conn,
            // A file in a directory that cannot be written: SQLite cannot make the files of a
            // WAL database there, but nobody can change the file either, so it is read as
            // immutable.
            Err(_) => Connection::open_with_flags(
                format!("file:{}?immutable=1", uri_path(path)),
                OpenFlags::SQLITE_OPEN_READ_ONLY
                    | OpenFlags::SQLITE_OPEN_NO_MUTEX
                    | OpenFlags::SQLITE_OPEN_URI,
            )
            .map_err(sqlite)?,
        };
        let application_id: i64 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(sqlite)?;
        if application_id != 0 && application_id != APPLICATION_ID {
            return Err(TableError::NotATablebase {
                path: path.to_owned(),
                what: format!("its application id is {application_id:#x}"),
            });
        }
        let tables: Vec<String> = {
            let mut stmt = conn
                .prepare(
                    "SELECT name FROM sqlite_master WHERE type = 'table' \
                     AND name IN ('slices', 'chunks') ORDER BY name",
                )
                .map_err(sqlite)?;
            let names = stmt.query_map([], |r| r.get(0)).map_err(sqlite)?;
            names.collect::<Result<_, _>>().map_err(sqlite)?
        };
        if tables != ["chunks", "slices"] {
            return Err(TableError::NotATablebase {
                path: path.to_owned(),
                what: "it has no `slices` and `chunks` tables".into(),
            });
        }
        let rows = read_rows(&conn).map_err(sqlite)?;
        let by_slice = rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let variant = r.variant.parse::<Variant>().ok()?;
                let id = r.slice.parse::<SliceId>().ok()?;
                Some(((variant, id), i))
            })
            .collect();
        Ok(Table {
            path: path.to_owned(),
            conn: Mutex::new(conn),
            rows,
            by_slice,
            cache: Cache::new(cache_bytes),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every slice row, in the order of variant, seeds and slice name.
    pub fn rows(&self) -> &[SliceRow] {
        &self.rows
    }

    /// The slice `id` of `variant`, its row checked: present, solved under the rules the checker
    /// implements ([`RULES_VERSION`]), with as many positions as the slice has and chunks of a
    /// positive size.
    pub fn slice(&self, variant: Variant, id: SliceId) -> Result<Slice, TableError> {
        let Some(&i) = self.by_slice.get(&(variant, id)) else {
            return Err(TableError::Missing { variant, slice: id });
        };
        let row = &self.rows[i];
        let bad = |what: String| TableError::BadRow {
            variant,
            slice: id,
            what,
        };
        let spec = variant.spec();
        if !id.belongs_to(&spec) {
            return Err(bad("no such slice in this variant".into()));
        }
        if row.rules_version != RULES_VERSION {
            return Err(bad(format!(
                "solved under rules version {}, but this checker implements rules version \
                 {RULES_VERSION}",
                row.rules_version
            )));
        }
        let expected = id
            .len(&spec)
            .ok_or_else(|| bad("too many positions to index".into()))?;
        if u64::try_from(row.positions) != Ok(expected) {
            return Err(bad(format!(
                "its row says {} positions, but the slice has {expected}",
                row.positions
            )));
        }
        let chunk_size = u64::try_from(row.chunk_size)
            .ok()
            .filter(|&c| c > 0)
            .ok_or_else(|| {
                bad(format!(
                    "its row says chunks of {} positions",
                    row.chunk_size
                ))
            })?;
        Ok(Slice {
            variant,
            id,
            positions: expected,
            chunk_size,
            row: row.clone(),
        })
    }

    /// Chunk `c` of a slice, from the cache or else read, checked and decoded.
    pub fn chunk(&self, slice: &Slice, c: u64) -> Result<Arc<Chunk>, TableError> {
        let key = (slice.variant, slice.id, c);
        if let Some(chunk) = self.cache.get(&key) {
            return Ok(chunk);
        }
        let chunk = Arc::new(self.read_chunk(slice, c)?);
        self.cache.insert(key, Arc::clone(&chunk));
        Ok(chunk)
    }

    /// Reads, checks and decodes chunk `c` of a slice (no cache).
    pub fn read_chunk(&self, slice: &Slice, c: u64) -> Result<Chunk, TableError> {
        let bad = |what: String| TableError::BadChunk {
            variant: slice.variant,
            slice: slice.id,
            chunk: c,
            what,
        };
        if c >= slice.chunks() {
            return Err(bad(format!("the slice has {} chunks", slice.chunks())));
        }
        let row: Option<(Vec<u8>, i64)> = {
            let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
            conn.query_row(
                "SELECT data, crc32 FROM chunks WHERE variant = ?1 AND slice = ?2 AND chunk = ?3",
                params![slice.row.variant, slice.row.slice, c as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|cause| TableError::Sqlite {
                path: self.path.clone(),
                cause,
            })?
        };
        let Some((data, crc)) = row else {
            return Err(bad("missing".into()));
        };
        let crc = u32::try_from(crc).map_err(|_| bad(format!("checksum {crc} is not 32 bits")))?;
        let place = Place {
            variant: &slice.row.variant,
            slice: &slice.row.slice,
            chunk: c,
            positions: slice.chunk_len(c),
            solver_version: &slice.row.solver_version,
            rules_version: &slice.row.rules_version,
        };
        chunk::decode(&data, crc, &place).map_err(bad)
    }

    /// The stored value and depth of the position at `index` of a slice.
    pub fn stored(&self, slice: &Slice, index: u64) -> Result<Stored, TableError> {
        let chunk = self.chunk(slice, index / slice.chunk_size)?;
        let i = (index % slice.chunk_size) as usize;
        Ok(chunk.stored(i))
    }

    /// The stored value and depth of a position of `variant` (its `CAPTURED` plays no part);
    /// of a variant seen in a mirror, the other's at the mirrored position.
    pub fn probe(&self, variant: Variant, pos: &Pos) -> Result<Stored, TableError> {
        if let Some(stored) = variant.mirror_image_of() {
            return self.probe(stored, &pos.mirrored(variant.spec().p));
        }
        let spec: Spec = variant.spec();
        let (id, cells) = SliceId::of_pos(&spec, pos);
        let slice = self.slice(variant, id)?;
        self.stored(&slice, id.index(&spec, &cells))
    }
}

/// Every slice row.
fn read_rows(conn: &Connection) -> rusqlite::Result<Vec<SliceRow>> {
    let mut stmt = conn.prepare(
        "SELECT variant, slice, positions, chunk_size, solver_version, rules_version, solved_at \
         FROM slices ORDER BY variant, seeds, slice",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(SliceRow {
            variant: r.get(0)?,
            slice: r.get(1)?,
            positions: r.get(2)?,
            chunk_size: r.get(3)?,
            solver_version: r.get(4)?,
            rules_version: r.get(5)?,
            solved_at: r.get(6)?,
        })
    })?;
    rows.collect()
}

/// A path as the path of a `file:` URI: the characters that end or escape one percent-encoded.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for ch in path.to_string_lossy().chars() {
        match ch {
            '%' | '?' | '#' => out += &format!("%{:02X}", ch as u32),
            c => out.push(c),
        }
    }
    out
}
