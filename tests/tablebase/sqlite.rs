//! The database file read and damaged directly with SQL, behind the binary's back: what was
//! stored, and chunks spoilt in ways that must be noticed.

use std::path::Path;

use rusqlite::{params, Connection, OpenFlags};

/// A slice row without `solved_at` and `seconds`, which differ between runs: variant, slice,
/// seeds, positions, chunk_size, solver_version, rules_version, wins, draws, losses, histogram.
pub type SliceRow = (
    String,
    String,
    i64,
    i64,
    i64,
    String,
    String,
    i64,
    i64,
    i64,
    String,
);

/// A chunk row: variant, slice, chunk, data, crc32.
pub type ChunkRow = (String, String, i64, Vec<u8>, i64);

/// The file opened read-only, so that reading it cannot change it.
pub fn read_only(db: &Path) -> Connection {
    Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("opens read-only")
}

/// Every row of `sql`, each read by `row`.
fn rows<T>(db: &Path, sql: &str, row: impl FnMut(&rusqlite::Row) -> rusqlite::Result<T>) -> Vec<T> {
    let conn = read_only(db);
    let mut stmt = conn.prepare(sql).unwrap();
    let rows = stmt.query_map([], row).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

/// The slice rows, in solving order.
pub fn slice_rows(db: &Path) -> Vec<SliceRow> {
    let sql = "SELECT variant, slice, seeds, positions, chunk_size, solver_version, rules_version,
                      wins, draws, losses, histogram
               FROM slices ORDER BY variant, seeds, slice";
    rows(db, sql, |r| {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
            r.get(6)?,
            r.get(7)?,
            r.get(8)?,
            r.get(9)?,
            r.get(10)?,
        ))
    })
}

/// When each slice was solved and how long it took: (variant, slice, solved_at, seconds).
pub fn slice_stamps(db: &Path) -> Vec<(String, String, String, f64)> {
    let sql = "SELECT variant, slice, solved_at, seconds FROM slices ORDER BY variant, slice";
    rows(db, sql, |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
    })
}

/// Every chunk row, in order.
pub fn chunk_rows(db: &Path) -> Vec<ChunkRow> {
    let sql =
        "SELECT variant, slice, chunk, data, crc32 FROM chunks ORDER BY variant, slice, chunk";
    rows(db, sql, |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
    })
}

/// The slices stored (variant, slice), in solving order.
pub fn stored_slices(db: &Path) -> Vec<(String, String)> {
    slice_rows(db).into_iter().map(|r| (r.0, r.1)).collect()
}

/// Slice rows committed so far, or 0 while the file or its schema does not exist yet.
pub fn committed_slices(db: &Path) -> usize {
    if !db.exists() {
        return 0;
    }
    let Ok(conn) = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY) else {
        return 0;
    };
    conn.query_row("SELECT COUNT(*) FROM slices", [], |r| r.get::<_, i64>(0))
        .map(|n| n as usize)
        .unwrap_or(0)
}

/// Positions and CRC-32s of every chunk of a slice, for messages without megabytes of BLOB.
pub fn summary_of_chunks(rows: &[ChunkRow]) -> Vec<(String, String, i64, usize, i64)> {
    rows.iter()
        .map(|r| (r.0.clone(), r.1.clone(), r.2, r.3.len(), r.4))
        .collect()
}

/// The tables of an SQLite file, and its journal mode.
pub fn sqlite_shape(db: &Path) -> (Vec<String>, String) {
    let sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name";
    let tables = rows(db, sql, |r| r.get(0));
    let mode = read_only(db)
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    (tables, mode)
}

/// Which chunk of the file: variant, slice and chunk number.
pub type ChunkKey<'a> = (&'a str, &'a str, i64);

/// Overwrites a stored chunk's data, and its stored CRC-32 too if `crc` is given.
pub fn overwrite_chunk(
    db: &Path,
    (variant, slice, chunk): ChunkKey,
    data: &[u8],
    crc: Option<u32>,
) {
    let conn = Connection::open(db).unwrap();
    let sql = "UPDATE chunks SET data = ?1, crc32 = COALESCE(?2, crc32)
               WHERE variant = ?3 AND slice = ?4 AND chunk = ?5";
    let changed = conn
        .execute(
            sql,
            params![data, crc.map(i64::from), variant, slice, chunk],
        )
        .unwrap();
    assert_eq!(changed, 1, "no chunk {variant} {slice} {chunk}");
}

/// Flips one bit in the middle of a stored chunk, leaving its checksum as it was.
pub fn flip_a_bit(db: &Path, key: ChunkKey) {
    let (variant, slice, chunk) = key;
    let mut data = chunk_rows(db)
        .into_iter()
        .find(|c| (c.0.as_str(), c.1.as_str(), c.2) == (variant, slice, chunk))
        .unwrap_or_else(|| panic!("no chunk {key:?}"))
        .3;
    let mid = data.len() / 2;
    data[mid] ^= 0x04;
    overwrite_chunk(db, key, &data, None);
}

/// The checksum a chunk must carry at its place, as docs/design.md defines it, written out here
/// to forge a matching one: the CRC-32 of the variant, the slice, the chunk number, the
/// positions in the chunk, the solver version and the rules version, each followed by a zero
/// byte, then the data.
pub fn forged_checksum(row: &SliceRow, chunk: u64, positions: u64, data: &[u8]) -> u32 {
    let mut bytes = Vec::new();
    for field in [
        row.0.clone(),
        row.1.clone(),
        chunk.to_string(),
        positions.to_string(),
        row.5.clone(),
        row.6.clone(),
    ] {
        bytes.extend_from_slice(field.as_bytes());
        bytes.push(0);
    }
    bytes.extend_from_slice(data);
    crc32(&bytes)
}

/// CRC-32 (IEEE, reflected, as zlib), written out here to forge a matching checksum.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
