//! Every chunk of a tablebase file, read with SQL, to compare two files byte for byte (the
//! distributed solve's tests: `db/tests/distributed.rs` and `tests/mpi.rs` include this file).

use std::path::Path;

/// One row of the `chunks` table: variant, slice, chunk number, bytes, checksum.
pub type ChunkRow = (String, String, i64, Vec<u8>, i64);

/// Every chunk of the database at `db`, in order.
pub fn chunks(db: &Path) -> Vec<ChunkRow> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut statement = conn
        .prepare("SELECT variant, slice, chunk, data, crc32 FROM chunks ORDER BY 1, 2, 3")
        .unwrap();
    statement
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// Asserts that the database at `got` holds exactly the chunks `expected`, byte for byte.
pub fn same_chunks(got: &Path, expected: &[ChunkRow], what: &str) {
    let got = chunks(got);
    assert_eq!(got.len(), expected.len(), "{what}: chunk count");
    for (g, e) in got.iter().zip(expected) {
        assert!(g == e, "{what}: chunk {:?} differs", (&e.0, &e.1, e.2));
    }
}
