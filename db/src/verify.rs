//! `db verify`: every stored slice checked against what it must be. A slice row must agree with
//! its slice (seeds, positions, chunk size) and with its own counts; its chunks must be exactly
//! the numbers it needs, each matching the checksum that binds it to its place, holding only
//! possible values; and the values counted from the chunks must be the row's statistics.

use std::collections::BTreeMap;

use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{Slice, SliceId, Variant};
use rusqlite::params;
use serde::Serialize;

use crate::chunk::CHUNK_SIZE;
use crate::error::WithPath;
use crate::store::SliceInfo;
use crate::{DbError, Tablebase};

/// Something stored that is not what it must be.
#[derive(Clone, Debug, Serialize)]
pub struct Damage {
    /// The variant id.
    pub variant: String,
    /// The slice.
    pub slice: String,
    /// The chunk at fault, or `None` when the slice row itself disagrees with its slice or
    /// its chunks.
    pub chunk: Option<u64>,
    /// What is wrong, with the stored and the expected figure.
    pub what: String,
}

impl Tablebase {
    /// Checks every slice row and every chunk; returns what is damaged (empty: all good).
    /// `progress` is called with each slice before it is checked.
    pub fn verify(&self, mut progress: impl FnMut(&SliceInfo)) -> Result<Vec<Damage>, DbError> {
        let mut damage = self.orphan_chunks()?;
        for info in self.slices(None)? {
            progress(&info);
            let mut report = |chunk: Option<u64>, what: String| {
                damage.push(Damage {
                    variant: info.variant.clone(),
                    slice: info.slice.clone(),
                    chunk,
                    what,
                })
            };
            let Ok(variant) = info.variant.parse::<Variant>() else {
                report(None, "unknown variant".into());
                continue;
            };
            let Ok(id) = info.slice.parse::<SliceId>() else {
                report(None, "unreadable slice name".into());
                continue;
            };
            let slice = Slice { variant, id };
            let Some(len) = slice.checked_len() else {
                report(None, "a slice too large to be stored".into());
                continue;
            };
            let faults = self.slice_faults(&info, slice, len)?;
            let whole = faults.is_empty();
            for (chunk, what) in faults {
                report(chunk, what);
            }
            if !whole {
                // The chunks cannot be read at the places the row gives them.
                continue;
            }
            let mut counted: BTreeMap<i32, u64> = BTreeMap::new();
            let mut readable = true;
            for c in 0..len.div_ceil(CHUNK_SIZE) {
                match self.read_chunk(slice, c) {
                    Ok(chunk) => {
                        let bad = chunk.values.iter().zip(&chunk.depths).position(|(&v, &d)| {
                            (v == 0) != (d == NO_DEPTH)
                                || v.unsigned_abs() as u32 > id.total().max(1)
                        });
                        if let Some(i) = bad {
                            report(
                                Some(c),
                                format!(
                                    "impossible value at position {}",
                                    c * CHUNK_SIZE + i as u64
                                ),
                            );
                        }
                        for &v in &chunk.values {
                            *counted.entry(v as i32).or_default() += 1;
                        }
                    }
                    Err(DbError::Corrupt { chunk, what, .. }) => {
                        readable = false;
                        report(Some(chunk), what);
                    }
                    Err(e) => return Err(e),
                }
            }
            if readable {
                for what in statistics_faults(&info, &counted) {
                    report(None, what);
                }
            }
        }
        Ok(damage)
    }

    /// What is wrong with a slice row of `slice` (of `len` positions) and the chunk numbers
    /// stored for it, without reading a chunk: what `db verify` checks first, and every probe
    /// when it first meets the slice. Each fault with its chunk, if one is at fault.
    pub(crate) fn slice_faults(
        &self,
        info: &SliceInfo,
        slice: Slice,
        len: u64,
    ) -> Result<Vec<(Option<u64>, String)>, DbError> {
        let mut faults: Vec<(Option<u64>, String)> = self
            .row_faults(info, slice, len)?
            .into_iter()
            .map(|what| (None, what))
            .collect();
        faults.extend(self.chunk_number_faults(info, len)?);
        Ok(faults)
    }

    /// What the slice row says that its slice contradicts: seeds, positions, chunk size, and
    /// won + drawn + lost and the histogram against the positions.
    fn row_faults(&self, info: &SliceInfo, slice: Slice, len: u64) -> Result<Vec<String>, DbError> {
        let chunk_size: i64 = self
            .conn()
            .query_row(
                "SELECT chunk_size FROM slices WHERE variant = ?1 AND slice = ?2",
                params![info.variant, info.slice],
                |r| r.get(0),
            )
            .at(&self.path)?;
        let mut faults = Vec::new();
        if info.seeds != slice.id.total() {
            faults.push(format!(
                "the slice row says {} seeds on the board, slice {} holds {}",
                info.seeds,
                info.slice,
                slice.id.total()
            ));
        }
        if info.positions != len {
            faults.push(format!(
                "the slice row says {} positions, slice {} has {len}",
                info.positions, info.slice
            ));
        }
        if chunk_size != CHUNK_SIZE as i64 {
            faults.push(format!(
                "the slice row says {chunk_size} positions a chunk, this program stores {CHUNK_SIZE}"
            ));
        }
        let outcomes = info.wins + info.draws + info.losses;
        if outcomes != len {
            faults.push(format!(
                "the slice row counts {outcomes} positions won, drawn or lost, of {len}"
            ));
        }
        let in_histogram: u64 = info.histogram.values().sum();
        if in_histogram != len {
            faults.push(format!(
                "the slice row's histogram counts {in_histogram} positions, of {len}"
            ));
        }
        Ok(faults)
    }

    /// The chunk numbers stored for a slice of `len` positions that are missing or should not
    /// be there.
    fn chunk_number_faults(
        &self,
        info: &SliceInfo,
        len: u64,
    ) -> Result<Vec<(Option<u64>, String)>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT chunk FROM chunks WHERE variant = ?1 AND slice = ?2 ORDER BY chunk")
            .at(&self.path)?;
        let stored = stmt
            .query_map(params![info.variant, info.slice], |r| r.get::<_, i64>(0))
            .at(&self.path)?
            .collect::<Result<Vec<i64>, _>>()
            .at(&self.path)?;
        let expected = len.div_ceil(CHUNK_SIZE);
        let mut faults = Vec::new();
        for c in 0..expected {
            if stored.binary_search(&(c as i64)).is_err() {
                faults.push((Some(c), "missing".to_owned()));
            }
        }
        for &c in &stored {
            if c < 0 || c as u64 >= expected {
                faults.push((
                    u64::try_from(c).ok(),
                    format!(
                        "chunk {c} is stored, but a slice of {len} positions has chunks 0 to {}",
                        expected.saturating_sub(1)
                    ),
                ));
            }
        }
        if faults.len() > 1 {
            faults.insert(
                0,
                (
                    None,
                    format!("{} chunks stored, {expected} expected", stored.len()),
                ),
            );
        }
        Ok(faults)
    }

    /// Chunks stored for a slice that has no slice row.
    fn orphan_chunks(&self) -> Result<Vec<Damage>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT variant, slice, COUNT(*) FROM chunks c
                 WHERE NOT EXISTS (SELECT 1 FROM slices s
                                   WHERE s.variant = c.variant AND s.slice = c.slice)
                 GROUP BY variant, slice ORDER BY variant, slice",
            )
            .at(&self.path)?;
        let rows = stmt
            .query_map([], |r| {
                Ok(Damage {
                    variant: r.get(0)?,
                    slice: r.get(1)?,
                    chunk: None,
                    what: format!("{} chunks stored with no slice row", r.get::<_, i64>(2)?),
                })
            })
            .at(&self.path)?;
        rows.collect::<Result<Vec<_>, _>>().at(&self.path)
    }
}

/// Where the row's won/drawn/lost counts and histogram differ from the values counted in its
/// chunks.
fn statistics_faults(info: &SliceInfo, counted: &BTreeMap<i32, u64>) -> Vec<String> {
    let sum = |f: fn(i32) -> bool| -> u64 {
        counted.iter().filter(|(v, _)| f(**v)).map(|(_, n)| n).sum()
    };
    let mut faults = Vec::new();
    for (name, stored, actual) in [
        ("won", info.wins, sum(|v| v > 0)),
        ("drawn", info.draws, sum(|v| v == 0)),
        ("lost", info.losses, sum(|v| v < 0)),
    ] {
        if stored != actual {
            faults.push(format!(
                "the slice row says {stored} positions {name}, its chunks hold {actual}"
            ));
        }
    }
    if &info.histogram != counted {
        faults.push("the slice row's histogram differs from the values in its chunks".into());
    }
    faults
}
