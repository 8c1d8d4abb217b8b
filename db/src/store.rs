//! Writing solved slices, listing them, reading their values back and verifying checksums.

use std::collections::BTreeMap;
use std::time::SystemTime;

use mancala_solver::solve::SolvedSlice;
use mancala_solver::{Slice, SliceId, Variant, RULES_VERSION, SOLVER_VERSION};
use rayon::prelude::*;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;

use crate::chunk::{self, Place, CHUNK_SIZE};
use crate::error::WithPath;
use crate::{DbError, Tablebase};

/// The columns of a slice row that [`slice_info`] reads, before the bytes of its chunks.
const SLICE_COLUMNS: &str = "s.variant, s.slice, s.seeds, s.positions, s.solver_version,
    s.rules_version, s.solved_at, s.seconds, s.wins, s.draws, s.losses, s.histogram";

/// Decodes a row of [`SLICE_COLUMNS`] and the bytes of its chunks.
fn slice_info(r: &rusqlite::Row<'_>) -> rusqlite::Result<SliceInfo> {
    let histogram: String = r.get(11)?;
    Ok(SliceInfo {
        variant: r.get(0)?,
        slice: r.get(1)?,
        seeds: r.get(2)?,
        positions: r.get::<_, i64>(3)? as u64,
        solver_version: r.get(4)?,
        rules_version: r.get(5)?,
        solved_at: r.get(6)?,
        seconds: r.get(7)?,
        wins: r.get::<_, i64>(8)? as u64,
        draws: r.get::<_, i64>(9)? as u64,
        losses: r.get::<_, i64>(10)? as u64,
        histogram: serde_json::from_str(&histogram).unwrap_or_default(),
        bytes: r.get::<_, i64>(12)? as u64,
    })
}

/// One chunk of a slice, compressed and checksummed, ready to be inserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EncodedChunk {
    /// Its number in the slice.
    pub chunk: u64,
    /// Its bytes ([`chunk::encode`]).
    pub data: Vec<u8>,
    /// Their checksum.
    pub crc: u32,
}

/// A slice ready to be stored: its chunks, encoded, and its histogram.
pub(crate) struct StoredSlice<'a> {
    /// Which slice.
    pub slice: Slice,
    /// Positions in it.
    pub positions: u64,
    /// How many positions have each value.
    pub histogram: &'a [(i8, u64)],
    /// Every chunk, in any order.
    pub chunks: Vec<EncodedChunk>,
}

/// Encodes, on every core, the chunks of `slice` whose values and depths start at position
/// `first` of the slice (a multiple of [`CHUNK_SIZE`]): the whole slice, or a rank's share of it.
pub(crate) fn encode_chunks(
    slice: Slice,
    first: u64,
    values: &[i8],
    depths: &[u16],
) -> Vec<EncodedChunk> {
    debug_assert_eq!(first % CHUNK_SIZE, 0);
    values
        .par_chunks(CHUNK_SIZE as usize)
        .zip(depths.par_chunks(CHUNK_SIZE as usize))
        .enumerate()
        .map(|(i, (v, d))| encode_chunk(slice, first + i as u64 * CHUNK_SIZE, v, d))
        .collect()
}

/// Encodes the chunk of `slice` whose values and depths start at position `first` of the slice
/// (a multiple of [`CHUNK_SIZE`]).
pub(crate) fn encode_chunk(
    slice: Slice,
    first: u64,
    values: &[i8],
    depths: &[u16],
) -> EncodedChunk {
    debug_assert_eq!(first % CHUNK_SIZE, 0);
    let chunk = first / CHUNK_SIZE;
    let place = Place {
        variant: slice.variant.id(),
        slice: &slice.id.to_string(),
        chunk,
        len: values.len() as u64,
        solver_version: SOLVER_VERSION,
        rules_version: RULES_VERSION,
    };
    let (data, crc) = chunk::encode(values, depths, &place);
    EncodedChunk { chunk, data, crc }
}

/// What the database records about one solved slice.
#[derive(Clone, Debug, Serialize)]
pub struct SliceInfo {
    /// The variant id.
    pub variant: String,
    /// The slice (`12`, or `5-3` on four-row boards).
    pub slice: String,
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions in the slice.
    pub positions: u64,
    /// Bytes stored for it (compressed chunks).
    pub bytes: u64,
    /// Solver version that produced it.
    pub solver_version: String,
    /// Rules version it was solved under.
    pub rules_version: String,
    /// When it was solved (RFC 3339).
    pub solved_at: String,
    /// Seconds its group took to solve.
    pub seconds: f64,
    /// Positions won, drawn and lost for the side to move (value above, at, below 0).
    pub wins: u64,
    /// See `wins`.
    pub draws: u64,
    /// See `wins`.
    pub losses: u64,
    /// Positions per value.
    pub histogram: BTreeMap<i32, u64>,
}

impl SliceInfo {
    /// Whether it was solved by this program's solver and rules, and so can be served.
    pub fn is_current(&self) -> bool {
        self.solver_version == SOLVER_VERSION && self.rules_version == RULES_VERSION
    }
}

impl Tablebase {
    /// Stores the slices of one solved group in a single transaction, replacing any older copy:
    /// after a crash either all of them are there or none.
    pub fn write_group(&self, solved: &[SolvedSlice], seconds: f64) -> Result<(), DbError> {
        let histograms: Vec<_> = solved.iter().map(SolvedSlice::histogram).collect();
        self.write_counted_group(solved, &histograms, seconds)
    }

    /// [`Tablebase::write_group`] with each slice's histogram counted already (by the solve,
    /// which reports it too: a pass over the group's values instead of two).
    pub(crate) fn write_counted_group(
        &self,
        solved: &[SolvedSlice],
        histograms: &[Vec<(i8, u64)>],
        seconds: f64,
    ) -> Result<(), DbError> {
        // Compress outside the transaction, on every core: the write lock is then held only for
        // the inserts.
        let encoded: Vec<Vec<EncodedChunk>> = solved
            .iter()
            .map(|s| encode_chunks(s.slice, 0, &s.values, &s.depths))
            .collect();
        let stored: Vec<StoredSlice> = solved
            .iter()
            .zip(encoded)
            .zip(histograms)
            .map(|((s, chunks), histogram)| StoredSlice {
                slice: s.slice,
                positions: s.values.len() as u64,
                histogram,
                chunks,
            })
            .collect();
        self.insert_group(&stored, seconds, |_| Ok(()))
    }

    /// Stores the slices of one group, encoded already, in a single transaction, replacing any
    /// older copy: after a crash either all of them are there or none. `more` inserts further
    /// chunks within the transaction as they come (`insert(k, chunk)` for the group's slice
    /// `k`): a distributed solve's, rank by rank.
    pub(crate) fn insert_group(
        &self,
        group: &[StoredSlice],
        seconds: f64,
        more: impl FnOnce(
            &mut dyn FnMut(usize, &EncodedChunk) -> Result<(), DbError>,
        ) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        let now = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let names: Vec<String> = group.iter().map(|s| s.slice.id.to_string()).collect();
        let mut conn = self.conn();
        let tx = conn.transaction().at(&self.path)?;
        for (s, slice) in group.iter().zip(&names) {
            let variant = s.slice.variant.id();
            let count = |f: fn(i8) -> bool| -> u64 {
                s.histogram
                    .iter()
                    .filter(|(v, _)| f(*v))
                    .map(|(_, n)| n)
                    .sum()
            };
            let json: BTreeMap<i32, u64> =
                s.histogram.iter().map(|&(v, n)| (v as i32, n)).collect();
            tx.execute(
                "DELETE FROM slices WHERE variant = ?1 AND slice = ?2",
                params![variant, slice],
            )
            .at(&self.path)?;
            tx.execute(
                "INSERT INTO slices (variant, slice, seeds, positions, chunk_size, solver_version,
                     rules_version, solved_at, seconds, wins, draws, losses, histogram)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    variant,
                    slice,
                    s.slice.id.total(),
                    s.positions as i64,
                    CHUNK_SIZE as i64,
                    SOLVER_VERSION,
                    RULES_VERSION,
                    now,
                    seconds,
                    count(|v| v > 0) as i64,
                    count(|v| v == 0) as i64,
                    count(|v| v < 0) as i64,
                    serde_json::to_string(&json).expect("a map of numbers serialises"),
                ],
            )
            .at(&self.path)?;
        }
        let mut insert = |k: usize, c: &EncodedChunk| -> Result<(), DbError> {
            tx.prepare_cached(
                "INSERT INTO chunks (variant, slice, chunk, data, crc32)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .at(&self.path)?
            .execute(params![
                group[k].slice.variant.id(),
                names[k],
                c.chunk as i64,
                c.data,
                c.crc as i64
            ])
            .at(&self.path)?;
            Ok(())
        };
        for (k, s) in group.iter().enumerate() {
            for c in &s.chunks {
                insert(k, c)?;
            }
        }
        more(&mut insert)?;
        tx.commit().at(&self.path)?;
        for s in group {
            self.cache.forget_slice(s.slice.variant, s.slice.id);
        }
        Ok(())
    }

    /// Deletes a stored slice and its chunks (to have a damaged slice solved again).
    pub fn delete_slice(&self, variant: &str, slice: &str) -> Result<(), DbError> {
        let mut conn = self.conn();
        let tx = conn.transaction().at(&self.path)?;
        tx.execute(
            "DELETE FROM chunks WHERE variant = ?1 AND slice = ?2",
            params![variant, slice],
        )
        .at(&self.path)?;
        tx.execute(
            "DELETE FROM slices WHERE variant = ?1 AND slice = ?2",
            params![variant, slice],
        )
        .at(&self.path)?;
        tx.commit().at(&self.path)?;
        if let (Ok(v), Ok(id)) = (variant.parse(), slice.parse()) {
            self.cache.forget_slice(v, id);
        }
        Ok(())
    }

    /// Every slice stored, for one variant or all, in solving order.
    pub fn slices(&self, variant: Option<Variant>) -> Result<Vec<SliceInfo>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {SLICE_COLUMNS},
                        (SELECT COALESCE(SUM(LENGTH(c.data)), 0) FROM chunks c
                          WHERE c.variant = s.variant AND c.slice = s.slice)
                 FROM slices s WHERE ?1 IS NULL OR s.variant = ?1
                 ORDER BY s.variant, s.seeds, s.slice"
            ))
            .at(&self.path)?;
        let rows = stmt
            .query_map(params![variant.map(|v| v.id())], slice_info)
            .at(&self.path)?;
        rows.collect::<Result<Vec<_>, _>>().at(&self.path)
    }

    /// The row of one slice, if stored, without the bytes of its chunks (`bytes` is 0: summing
    /// them reads every chunk's record, which a probe must not pay for).
    pub(crate) fn slice_row(&self, slice: Slice) -> Result<Option<SliceInfo>, DbError> {
        self.conn()
            .query_row(
                &format!(
                    "SELECT {SLICE_COLUMNS}, 0 FROM slices s WHERE s.variant = ?1 AND s.slice = ?2"
                ),
                params![slice.variant.id(), slice.id.to_string()],
                slice_info,
            )
            .optional()
            .at(&self.path)
    }

    /// The slices of `variant` that this program can serve (solved under the current rules).
    pub fn current_slices(&self, variant: Variant) -> Result<Vec<SliceId>, DbError> {
        Ok(self
            .current_slice_rows()?
            .into_iter()
            .filter(|&(v, _)| v == variant)
            .map(|(_, id)| id)
            .collect())
    }

    /// Every slice of every variant that this program can serve: one read of the slice rows,
    /// none of the chunks (unlike [`Tablebase::slices`], which sums their sizes).
    pub(crate) fn current_slice_rows(&self) -> Result<Vec<(Variant, SliceId)>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT variant, slice FROM slices
                 WHERE solver_version = ?1 AND rules_version = ?2",
            )
            .at(&self.path)?;
        let rows = stmt
            .query_map(params![SOLVER_VERSION, RULES_VERSION], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })
            .at(&self.path)?;
        let mut found = Vec::new();
        for row in rows {
            let (variant, slice) = row.at(&self.path)?;
            // A row this program cannot read is no slice it serves (`db verify` names it).
            if let (Ok(v), Ok(id)) = (variant.parse(), slice.parse()) {
                found.push((v, id));
            }
        }
        Ok(found)
    }

    /// The chunks of a stored slice in order, each read and its checksum checked as the
    /// iterator reaches it, so that a whole slice is read without the file's bytes held at once:
    /// [`SliceChunks::values`] to resume a solve, or each chunk's values and depths copied where
    /// a reader wants them (the Python package's arrays).
    pub fn read_chunks(&self, slice: Slice) -> SliceChunks<'_> {
        SliceChunks {
            tb: self,
            slice,
            next: 0,
            count: slice.len().div_ceil(CHUNK_SIZE),
        }
    }

    /// Reads and decodes one chunk from SQLite (no cache).
    pub(crate) fn read_chunk(&self, slice: Slice, chunk: u64) -> Result<chunk::Chunk, DbError> {
        self.read_chunk_with(slice, chunk, |d, c, p, w| chunk::decode(d, c, p, w))
    }

    /// Reads one chunk from SQLite and decodes its values alone (no cache).
    pub(crate) fn read_chunk_values(
        &self,
        slice: Slice,
        chunk: u64,
    ) -> Result<std::sync::Arc<[i8]>, DbError> {
        self.read_chunk_with(slice, chunk, |d, c, p, w| chunk::decode_values(d, c, p, w))
    }

    /// Reads one chunk's row from SQLite and hands it to `decode` with its place.
    fn read_chunk_with<T>(
        &self,
        slice: Slice,
        chunk: u64,
        decode: impl FnOnce(&[u8], u32, &Place, &dyn Fn(String) -> DbError) -> Result<T, DbError>,
    ) -> Result<T, DbError> {
        let variant = slice.variant.id();
        let name = slice.id.to_string();
        let corrupt = |what: String| DbError::Corrupt {
            variant: variant.to_owned(),
            slice: name.clone(),
            chunk,
            what,
        };
        let row = self
            .conn()
            .query_row(
                "SELECT c.data, c.crc32, s.solver_version, s.rules_version
                 FROM chunks c JOIN slices s ON s.variant = c.variant AND s.slice = c.slice
                 WHERE c.variant = ?1 AND c.slice = ?2 AND c.chunk = ?3",
                params![variant, name, chunk as i64],
                |r| {
                    Ok((
                        r.get::<_, Vec<u8>>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                    ))
                },
            )
            .map_err(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => corrupt("missing".into()),
                e => DbError::Sqlite {
                    path: self.path.clone(),
                    source: e,
                },
            })?;
        let (data, crc, solver_version, rules_version) = row;
        let place = Place {
            variant,
            slice: &name,
            chunk,
            len: (slice.len() - chunk * CHUNK_SIZE).min(CHUNK_SIZE),
            solver_version: &solver_version,
            rules_version: &rules_version,
        };
        decode(&data, crc as u32, &place, &corrupt)
    }
}

/// The chunks of a stored slice, in order ([`Tablebase::read_chunks`]): chunk `c` holds the
/// values and depths of positions `c * CHUNK_SIZE` onwards in the slice's numbering.
pub struct SliceChunks<'a> {
    tb: &'a Tablebase,
    slice: Slice,
    next: u64,
    count: u64,
}

impl SliceChunks<'_> {
    /// The values of the whole slice (to resume a solve), every chunk checked.
    pub fn values(self) -> Result<Vec<i8>, DbError> {
        let mut values = Vec::with_capacity(self.slice.len() as usize);
        for chunk in self {
            values.extend_from_slice(&chunk?.values);
        }
        Ok(values)
    }
}

impl Iterator for SliceChunks<'_> {
    type Item = Result<chunk::Chunk, DbError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.count {
            return None;
        }
        let chunk = self.tb.read_chunk(self.slice, self.next);
        self.next += 1;
        Some(chunk)
    }
}
