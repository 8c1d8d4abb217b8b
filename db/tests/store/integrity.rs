//! Stored data bound to its place: chunks moved between places (with their checksums) are
//! damage, slice rows that disagree with their slice or chunks are named, and files written
//! before checksums covered the place are re-stamped by the migration without hiding damage.

use super::*;

/// The checksum chunks carried before schema version 3: a CRC-32 of the data alone.
fn legacy_crc(data: &[u8]) -> i64 {
    crc32fast::hash(data) as i64
}

fn chunk_row(conn: &Connection, variant: &str, slice: &str, chunk: i64) -> (Vec<u8>, i64) {
    conn.query_row(
        "SELECT data, crc32 FROM chunks WHERE variant = ?1 AND slice = ?2 AND chunk = ?3",
        params![variant, slice, chunk],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

fn set_chunk(conn: &Connection, variant: &str, slice: &str, chunk: i64, row: &(Vec<u8>, i64)) {
    let n = conn
        .execute(
            "UPDATE chunks SET data = ?1, crc32 = ?2
             WHERE variant = ?3 AND slice = ?4 AND chunk = ?5",
            params![row.0, row.1, variant, slice, chunk],
        )
        .unwrap();
    assert_eq!(n, 1);
}

/// Swaps two stored chunks, data and checksum together.
fn swap(path: &Path, a: (&str, &str, i64), b: (&str, &str, i64)) {
    let conn = sql(path);
    let (ra, rb) = (
        chunk_row(&conn, a.0, a.1, a.2),
        chunk_row(&conn, b.0, b.1, b.2),
    );
    set_chunk(&conn, a.0, a.1, a.2, &rb);
    set_chunk(&conn, b.0, b.1, b.2, &ra);
}

fn damaged(tb: &Tablebase) -> Vec<(String, String, Option<u64>, String)> {
    tb.verify(|_| {})
        .unwrap()
        .into_iter()
        .map(|d| (d.variant, d.slice, d.chunk, d.what))
        .collect()
}

#[test]
fn chunks_swapped_with_their_checksums_are_damage_and_never_served() {
    let (_dir, path) = new_db();
    let kalah4 = Slice {
        variant: Variant::Kalah,
        id: "4".parse().unwrap(),
    };
    {
        let tb = Tablebase::open(&path).unwrap();
        tb.write_group(&[made_up(rio("12"), 0)], 1.0).unwrap();
        // Kalah and Rio Kadalis both have six pits a side: slice 4 of each holds
        // C(15, 11) = 1,365 positions, one chunk of the same length.
        assert_eq!(kalah4.len(), 1365);
        tb.write_group(&[made_up(rio("4"), 1)], 1.0).unwrap();
        tb.write_group(&[made_up(kalah4, 2)], 1.0).unwrap();
        assert!(damaged(&tb).is_empty());
    }
    // Within a slice: chunks 3 and 4 (65,536 positions each) trade places.
    swap(&path, ("rio-kadalis", "12", 3), ("rio-kadalis", "12", 4));
    // Between variants: the one chunk of each slice 4.
    swap(&path, ("rio-kadalis", "4", 0), ("kalah", "4", 0));

    let tb = Tablebase::open_read_only(&path).unwrap();
    let mut found: Vec<(String, String, Option<u64>)> = damaged(&tb)
        .into_iter()
        .map(|(v, s, c, what)| {
            assert!(what.contains("checksum"), "{what}");
            (v, s, c)
        })
        .collect();
    found.sort();
    let expected = [
        ("kalah", "4", 0),
        ("rio-kadalis", "12", 3),
        ("rio-kadalis", "12", 4),
        ("rio-kadalis", "4", 0),
    ]
    .map(|(v, s, c)| (v.to_owned(), s.to_owned(), Some(c)));
    assert_eq!(found, expected);
    for (variant, slice, index) in [
        (Variant::RioKadalis, rio("12"), 3 * CHUNK_SIZE + 5),
        (Variant::RioKadalis, rio("12"), 4 * CHUNK_SIZE),
        (Variant::RioKadalis, rio("4"), 17),
        (Variant::Kalah, kalah4, 17),
    ] {
        let err = tb
            .probe_board(variant, Shape::OPEN, &slice.board(index))
            .unwrap_err();
        assert!(matches!(err, DbError::Corrupt { .. }), "{err}");
    }
    // The chunks left in place still answer.
    assert_eq!(
        tb.probe_board(
            Variant::RioKadalis,
            Shape::OPEN,
            &rio("12").board(2 * CHUNK_SIZE + 9)
        )
        .unwrap(),
        expected_value(2 * CHUNK_SIZE + 9, 0)
    );
}

#[test]
fn slice_rows_that_disagree_with_their_chunks_are_named() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    tb.write_group(&[made_up(rio("12"), 0)], 1.0).unwrap();
    drop(tb);
    let tamper = |sql_text: &str| {
        sql(&path).execute(sql_text, []).unwrap();
        let tb = Tablebase::open_read_only(&path).unwrap();
        damaged(&tb)
    };

    // One position fewer: the row is named with both figures, and its chunks are not trusted.
    let found = tamper("UPDATE slices SET positions = positions - 1 WHERE slice = '12'");
    let says = format!(
        "the slice row says {} positions, slice 12 has {RIO_12_POSITIONS}",
        RIO_12_POSITIONS - 1
    );
    assert!(
        found.iter().any(|d| d.2.is_none() && d.3 == says),
        "{found:?}"
    );
    tamper("UPDATE slices SET positions = positions + 1 WHERE slice = '12'");

    // Won/lost counts moved by one: both named against the values counted in the chunks.
    let wins: i64 = sql(&path)
        .query_row("SELECT wins FROM slices WHERE slice = '12'", [], |r| {
            r.get(0)
        })
        .unwrap();
    let found = tamper("UPDATE slices SET wins = wins + 1, losses = losses - 1 WHERE slice = '12'");
    let says = format!(
        "the slice row says {} positions won, its chunks hold {wins}",
        wins + 1
    );
    assert!(found.iter().any(|d| d.3 == says), "{found:?}");
    assert!(
        found.iter().any(|d| d.3.contains("positions lost")),
        "{found:?}"
    );
    tamper("UPDATE slices SET wins = wins - 1, losses = losses + 1 WHERE slice = '12'");
    assert!(damaged(&Tablebase::open_read_only(&path).unwrap()).is_empty());

    // A chunk past the end: slice 12 has chunks 0 to 20 (1,352,078 positions).
    let found = tamper(
        "INSERT INTO chunks (variant, slice, chunk, data, crc32)
         SELECT variant, slice, 21, data, crc32 FROM chunks WHERE slice = '12' AND chunk = 20",
    );
    assert!(
        found
            .iter()
            .any(|d| d.2 == Some(21) && d.3.contains("chunks 0 to 20")),
        "{found:?}"
    );
}

/// The tables of schema version 2, as files written before this version hold them.
const SCHEMA_2: &str = "
    CREATE TABLE slices (
        variant TEXT NOT NULL, slice TEXT NOT NULL, seeds INTEGER NOT NULL,
        positions INTEGER NOT NULL, chunk_size INTEGER NOT NULL, solver_version TEXT NOT NULL,
        rules_version TEXT NOT NULL, solved_at TEXT NOT NULL, seconds REAL NOT NULL,
        wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL,
        histogram TEXT NOT NULL, PRIMARY KEY (variant, slice)
    ) STRICT;
    CREATE TABLE chunks (
        variant TEXT NOT NULL, slice TEXT NOT NULL, chunk INTEGER NOT NULL, data BLOB NOT NULL,
        crc32 INTEGER NOT NULL, PRIMARY KEY (variant, slice, chunk),
        FOREIGN KEY (variant, slice) REFERENCES slices (variant, slice) ON DELETE CASCADE
    ) STRICT;
    CREATE TABLE puzzles (
        id INTEGER PRIMARY KEY, variant TEXT NOT NULL, position TEXT NOT NULL,
        solution TEXT NOT NULL, themes TEXT NOT NULL, rating REAL NOT NULL,
        rating_deviation REAL NOT NULL, volatility REAL NOT NULL,
        popularity INTEGER NOT NULL DEFAULT 0, plays INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL, UNIQUE (variant, position)
    ) STRICT;
    CREATE INDEX puzzles_by_rating ON puzzles (variant, rating);
    CREATE TABLE puzzle_attempts (
        id INTEGER PRIMARY KEY,
        puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        moves TEXT NOT NULL, solved INTEGER NOT NULL, player_rating REAL NOT NULL,
        at TEXT NOT NULL
    ) STRICT;
    PRAGMA user_version = 2;";

#[test]
fn the_migration_restamps_old_checksums_and_keeps_damage_visible() {
    let (dir, path) = new_db();
    let current = dir.path().join("current.db");
    {
        let tb = Tablebase::open(&current).unwrap();
        tb.write_group(&[made_up(rio("12"), 0)], 1.0).unwrap();
        tb.write_group(&[made_up(rio("4"), 1)], 1.0).unwrap();
    }
    // A file of schema version 2 with the same slices: checksums of the data alone, no
    // application id; then chunk 7 damaged after its old checksum was taken.
    {
        let conn = sql(&path);
        conn.execute_batch(SCHEMA_2).unwrap();
        conn.execute("ATTACH ?1 AS current", [current.to_str().unwrap()])
            .unwrap();
        conn.execute_batch(
            "INSERT INTO slices SELECT * FROM current.slices;
             INSERT INTO chunks SELECT variant, slice, chunk, data, crc32 FROM current.chunks;
             DETACH current;",
        )
        .unwrap();
        let rows: Vec<(i64, Vec<u8>)> = conn
            .prepare("SELECT rowid, data FROM chunks")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for (rowid, data) in rows {
            conn.execute(
                "UPDATE chunks SET crc32 = ?1 WHERE rowid = ?2",
                params![legacy_crc(&data), rowid],
            )
            .unwrap();
        }
    }
    flip(&path, "12", 7);
    // Reading it needs the upgrade first.
    let err = Tablebase::open_read_only(&path).err().unwrap();
    assert!(
        matches!(err, DbError::SchemaVersion { found: 2, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("an older file"), "{err}");

    let tb = Tablebase::open(&path).unwrap();
    let found = damaged(&tb);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].1.as_str(), found[0].2), ("12", Some(7)));
    for i in probe_points() {
        let got = tb.probe_board(Variant::RioKadalis, Shape::OPEN, &rio("12").board(i));
        if i / CHUNK_SIZE == 7 {
            assert!(got.is_err());
        } else {
            assert_eq!(got.unwrap(), expected_value(i, 0), "position {i}");
        }
    }
    let id: i32 = sql(&path)
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .unwrap();
    assert_eq!(id, mancala_db::APPLICATION_ID);
}
