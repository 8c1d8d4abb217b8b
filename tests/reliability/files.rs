//! `serve` and the tablebase file: another application's SQLite file is refused and left as it
//! was, a mistyped `--db` is an error instead of a build, a directory is named as one, `--build`
//! builds where asked, and `db verify` finds chunks moved with their checksums and slice rows
//! that disagree with their chunks.

use rusqlite::{params, Connection};

use crate::common::bin::run_db;
use crate::common::http::Server;
use crate::common::scratch::tempdir;
use crate::{copy_of_tablebase, SOLVED};

#[test]
fn serve_refuses_another_applications_sqlite_file_and_leaves_it_untouched() {
    let dir = tempdir();
    let notes = dir.path().join("notes.sqlite");
    {
        let conn = Connection::open(&notes).unwrap();
        conn.execute("CREATE TABLE notes (body TEXT)", []).unwrap();
        conn.execute("INSERT INTO notes VALUES ('keep me')", [])
            .unwrap();
    }
    let before = std::fs::read(&notes).unwrap();
    for args in [
        &["serve"][..],
        &["serve", "--build"],
        &["solve", "kalah-4", "--max-seeds", "2"],
    ] {
        let ran = run_db(args, &notes);
        let err = ran.fails();
        assert!(
            err.contains("notes.sqlite is not a mancala tablebase"),
            "{err}"
        );
        assert!(err.contains("left untouched"), "{err}");
        assert_eq!(
            std::fs::read(&notes).unwrap(),
            before,
            "{args:?} changed it"
        );
    }
}

#[test]
fn an_explicit_db_that_does_not_exist_is_an_error_unless_build_is_asked() {
    let dir = tempdir();
    let typo = dir.path().join("mancla.db");
    let ran = run_db(&["serve", "--bind", "127.0.0.1:0"], &typo);
    let err = ran.fails();
    assert!(err.contains("no tablebase at"), "{err}");
    assert!(err.contains("mancla.db"), "{err}");
    assert!(err.contains("--build"), "says how to build one: {err}");
    assert!(!typo.exists(), "nothing was created");

    let ran = run_db(&["serve", "--bind", "127.0.0.1:0"], dir.path());
    let err = ran.fails();
    assert!(err.contains("is a directory"), "{err}");

    // Asked for, it builds (here every variant up to 4 seeds, to be quick), then serves.
    let server = Server::start(&typo, &["--build", "--max-seeds", "4"]);
    assert!(server.log().contains("building the default tablebase"));
    let r = server.get(&format!("/api/rio-kadalis?position={SOLVED}"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["source"], "tablebase");
}

/// The checksum of one chunk row and its data.
fn chunk(conn: &Connection, slice: &str, n: i64) -> (Vec<u8>, i64) {
    conn.query_row(
        "SELECT data, crc32 FROM chunks WHERE variant = 'rio-kadalis' AND slice = ?1 AND chunk = ?2",
        params![slice, n],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

#[test]
fn verify_finds_chunks_moved_with_their_checksums_and_tampered_rows() {
    let (_dir, db) = copy_of_tablebase();
    run_db(&["db", "verify"], &db).ok();
    {
        // Rio Kadalis captures in fours: slices 0, 4 and 8, of C(11, 11) = 1, C(15, 11) = 1,365
        // and C(19, 11) = 75,582 positions; slice 8 has two chunks (65,536 + 10,046). Chunk 0
        // of slice 4 is given chunk 1 of slice 8's bytes and checksum, and the other way round.
        let conn = Connection::open(&db).unwrap();
        let (four, eight) = (chunk(&conn, "4", 0), chunk(&conn, "8", 1));
        let put = |slice: &str, n: i64, row: &(Vec<u8>, i64)| {
            conn.execute(
                "UPDATE chunks SET data = ?1, crc32 = ?2
                 WHERE variant = 'rio-kadalis' AND slice = ?3 AND chunk = ?4",
                params![row.0, row.1, slice, n],
            )
            .unwrap();
        };
        put("4", 0, &eight);
        put("8", 1, &four);
        conn.execute(
            "UPDATE slices SET positions = 2 WHERE variant = 'rio-kadalis' AND slice = '0'",
            [],
        )
        .unwrap();
    }
    let ran = run_db(&["db", "verify"], &db);
    let err = ran.fails();
    assert!(
        err.contains("rio-kadalis slice 4 chunk 0: checksum mismatch"),
        "{err}"
    );
    assert!(
        err.contains("rio-kadalis slice 8 chunk 1: checksum mismatch"),
        "{err}"
    );
    assert!(
        err.contains("rio-kadalis slice 0: the slice row says 2 positions, slice 0 has 1"),
        "{err}"
    );
    // Nothing moved is served: a position of slice 4 is refused, naming the chunk.
    let ran = run_db(&["eval", "rio-kadalis", "0,0,0,0,0,0/1,3,0,0,0,0 S"], &db);
    assert!(
        ran.fails().contains("rio-kadalis slice 4 chunk 0"),
        "{ran:?}"
    );
}
