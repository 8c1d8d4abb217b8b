//! Damage is reported, never served; files that are not tablebases get clear errors and are
//! left as they were.

use mancala_solver::{Board, Position, Scoring, Slice, Variant};
use rusqlite::Connection;

use crate::checks::check_properties;
use crate::common::bin::run_db;
use crate::common::eval::eval_json;
use crate::common::http::{q, Server};
use crate::common::position::two_row;
use crate::common::scratch::{fresh_tablebase, tempdir};
use crate::counting::binom;
use crate::sqlite::{
    chunk_rows, flip_a_bit, forged_checksum, overwrite_chunk, slice_rows, sqlite_shape,
};

/// A Rio Kadalis (5 pits) position with South to move from a board seen from South.
fn rio5_south(board: &Board) -> String {
    two_row(&board.cells[..5], &board.cells[5..10], 'S')
}

/// Chunks (of 65,536 positions) of a position and of every position its moves lead to, as
/// (slice total, chunk).
fn chunks_touched(p: &Position) -> Vec<(u32, u64)> {
    let chunk = |b: &Board| {
        let s = Slice::of(p.variant(), b);
        (s.id.total(), s.index(b) / 65536)
    };
    let mut out = vec![chunk(&p.relative_board())];
    for m in p.successors() {
        if !m.ends_game {
            out.push(chunk(&m.after.relative_board()));
        }
    }
    out
}

#[test]
fn damaged_chunks_are_reported_by_verify_and_never_served() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis-5", 12)]);
    // Slice 12: 12 seeds over 10 pits, C(21,9) = 293,930 positions: 5 chunks (0..4).
    let rows = slice_rows(&db);
    let twelve = rows.iter().find(|r| r.1 == "12").expect("slice 12");
    assert_eq!(twelve.3 as u64, binom(21, 9));
    let chunks = chunk_rows(&db);
    assert_eq!(chunks.iter().filter(|c| c.1 == "12").count(), 5);

    // Flip one bit in the middle of chunk 2 of slice 12.
    flip_a_bit(&db, ("rio-kadalis-5", "12", 2));
    let err = run_db(&["db", "verify"], &db).fails().to_owned();
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");
    assert!(err.contains("checksum"), "{err}");
    assert_eq!(
        err.matches("damaged:").count(),
        1,
        "only the damaged chunk: {err}"
    );

    // A position in chunk 2 (South to move, so its index is that of the board as written).
    let slice12 = Slice {
        variant: Variant::RioKadalis5,
        id: "12".parse().unwrap(),
    };
    let in_chunk2 = rio5_south(&slice12.board(2 * 65536 + 12345));
    let ran = run_db(&["eval", "rio-kadalis-5", &in_chunk2, "--json"], &db);
    let err = ran.fails();
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");
    assert!(err.contains("damaged"), "{err}");
    // The same board seen from North, North to move, is the same entry.
    let mirrored = {
        let b = slice12.board(2 * 65536 + 12345);
        two_row(&b.cells[5..10], &b.cells[..5], 'N')
    };
    let ran = run_db(&["eval", "rio-kadalis-5", &mirrored], &db);
    assert!(
        ran.fails().contains("rio-kadalis-5 slice 12 chunk 2"),
        "{ran:?}"
    );

    // Positions of other chunks, whose moves lead outside chunk 2 too, still evaluate.
    let mut served = 0;
    for i in (0..slice12.len()).step_by(9973) {
        let text = rio5_south(&slice12.board(i));
        let p = Position::parse(Variant::RioKadalis5, &text).unwrap();
        if chunks_touched(&p).contains(&(12, 2)) {
            continue;
        }
        let json = eval_json(&db, "rio-kadalis-5", &text);
        check_properties(&json, Scoring::Score);
        served += 1;
        if served == 5 {
            break;
        }
    }
    assert_eq!(served, 5);
    let json = eval_json(&db, "rio-kadalis-5", "0,0,0,0,0/1,3,0,0,0 S");
    check_properties(&json, Scoring::Score);

    // Solving on top of the damage never uses it: slice 16's captures reach slice 12, whose
    // values are read back for them, and the solve fails naming the damaged chunk.
    let ran = run_db(&["solve", "rio-kadalis-5", "--max-seeds", "16", "-q"], &db);
    let err = ran.fails();
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{ran:?}");
    assert!(!err.contains("panicked"), "{ran:?}");

    // Damage that the checksum does not catch: chunk 3 (full: 65,536 positions) replaced by 5
    // bytes of itself with a matching checksum. It cannot be decoded, so it is reported and
    // not served either.
    let original = &chunks.iter().find(|c| c.1 == "12" && c.2 == 3).unwrap().3;
    let cut = &original[..5];
    let forged = forged_checksum(twelve, 3, 65536, cut);
    overwrite_chunk(&db, ("rio-kadalis-5", "12", 3), cut, Some(forged));
    let ran = run_db(&["db", "verify"], &db);
    let err = ran.fails();
    let line = err
        .lines()
        .find(|l| l.contains("rio-kadalis-5 slice 12 chunk 3"))
        .unwrap_or_else(|| panic!("chunk 3 not named: {err}"));
    // The forged checksum passed (the checksum format is the one written out in the test);
    // the decoding caught it.
    assert!(!line.contains("checksum"), "{line}");
    assert!(line.contains("cannot decompress"), "{line}");
    let in_chunk3 = rio5_south(&slice12.board(3 * 65536 + 7));
    let ran = run_db(&["eval", "rio-kadalis-5", &in_chunk3], &db);
    assert!(
        ran.fails().contains("rio-kadalis-5 slice 12 chunk 3"),
        "{ran:?}"
    );
}

/// A search beyond the tablebase that meets a damaged chunk at a leaf reports the damage, on the
/// command line and over HTTP (503 naming the slice, as a plain probe of it does), and never
/// answers by searching around it.
#[test]
fn a_search_that_meets_a_damaged_chunk_reports_it() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis-5", 12)]);
    // Every chunk of every slice with seeds on the board damaged: a search of a 16-seed
    // position reaches a stored slice at its first capture, whichever it is.
    for (variant, slice, chunk, _, _) in chunk_rows(&db) {
        if slice != "0" {
            flip_a_bit(&db, (&variant, &slice, chunk));
        }
    }
    // 16 seeds, South to move: every capture leads into a damaged slice, and a search of a
    // 200,000 nodes makes captures (on today's engine, within its first iterations).
    let beyond = "2,2,2,1,1/2,2,2,2,0 S";
    let ran = run_db(
        &["eval", "rio-kadalis-5", beyond, "--budget", "200000"],
        &db,
    );
    let err = ran.fails();
    assert!(err.contains("rio-kadalis-5 slice"), "{ran:?}");
    assert!(err.contains("is damaged"), "{ran:?}");
    assert!(
        err.contains("db verify --delete-damaged"),
        "says how to repair: {err}"
    );
    for args in [
        &["mainline", "rio-kadalis-5", beyond, "--budget", "20000"][..],
        &[
            "analyse",
            "rio-kadalis-5",
            "--from",
            beyond,
            "1",
            "--budget",
            "20000",
        ],
    ] {
        let ran = run_db(args, &db);
        assert!(ran.fails().contains("is damaged"), "{args:?}: {ran:?}");
    }

    let server = Server::start(&db, &["--read-only"]);
    let r = server.get(&format!(
        "/api/rio-kadalis-5?position={}&budget=200000",
        q(beyond)
    ));
    let body = r.error(503, None);
    let message = body["error"].as_str().unwrap();
    assert!(message.contains("rio-kadalis-5 slice"), "{body}");
    assert!(message.contains("is damaged"), "{body}");
    let r = server.get(&format!(
        "/api/rio-kadalis-5/mainline?position={}",
        q(beyond)
    ));
    r.error(503, None);
}

#[test]
fn files_that_are_not_tablebases_give_clear_errors() {
    let dir = tempdir();
    let junk = dir.path().join("junk.db");
    let content = "this is not a database, just some text that is long enough\n".repeat(20);
    std::fs::write(&junk, &content).unwrap();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 S";
    let solve_4 = ["solve", "rio-kadalis", "--max-seeds", "4", "-q"];
    let reading: [&[&str]; 3] = [
        &["eval", "rio-kadalis", start],
        &["db", "info"],
        &["db", "verify"],
    ];
    for args in reading.into_iter().chain([&solve_4[..]]) {
        let ran = run_db(args, &junk);
        let err = ran.fails();
        assert!(err.contains("junk.db"), "names the file: {err}");
        assert!(err.contains("not a database"), "says what is wrong: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        content,
        "left alone"
    );

    // A directory that does not exist: solve cannot create the file there.
    let nowhere = dir.path().join("no").join("such").join("dir.db");
    let ran = run_db(&solve_4, &nowhere);
    assert!(ran.fails().contains("dir.db"), "names the file: {ran:?}");

    // A missing file: the commands that read the table say so and how to make one (`eval`
    // searches without one instead: tests/cli/search.rs).
    let missing = dir.path().join("missing.db");
    for args in &reading[1..] {
        let ran = run_db(args, &missing);
        let err = ran.fails();
        assert!(err.contains("missing.db"), "names the file: {err}");
        assert!(err.contains("mancala solve"), "says how to make one: {err}");
        assert!(!missing.exists(), "{args:?} must not create the file");
    }
}

/// The commands that only read the tablebase (`eval`, `db info`, `db verify`) must not turn
/// another program's SQLite file into a tablebase: they say that it is not one, and leave it
/// as it was.
#[test]
fn reading_commands_leave_a_foreign_sqlite_file_alone() {
    let dir = tempdir();
    let foreign = dir.path().join("notes.sqlite");
    {
        let conn = Connection::open(&foreign).unwrap();
        conn.execute("CREATE TABLE notes (body TEXT)", []).unwrap();
        conn.execute("INSERT INTO notes VALUES ('keep me')", [])
            .unwrap();
    }
    let shape = sqlite_shape(&foreign);
    assert_eq!(shape, (vec!["notes".to_owned()], "delete".to_owned()));
    let reading: [&[&str]; 3] = [
        &["eval", "rio-kadalis", "0,0,0,0,0,0/1,3,0,0,0,0 S"],
        &["db", "info"],
        &["db", "verify"],
    ];
    for args in reading {
        let ran = run_db(args, &foreign);
        let after = sqlite_shape(&foreign);
        assert_eq!(
            after, shape,
            "{args:?} changed another program's SQLite file: {ran:?}"
        );
        let err = ran.fails();
        assert!(err.contains("notes.sqlite"), "{err}");
        assert!(err.contains("not a mancala tablebase"), "{err}");
    }
}

/// A slice row that disagrees with its slice or its chunks is refused by every probe, as a
/// damaged chunk is: on the command line (naming the slice) and over HTTP (503), for each kind
/// of disagreement a probe can see without reading the chunks.
#[test]
fn a_damaged_slice_row_is_refused_by_every_probe() {
    let (_dir, db) = fresh_tablebase(&[("oware", 10)]);
    // Ten seeds, one in every pit but each side's sixth: slice 10.
    let ten = "1,1,1,1,1,0/1,1,1,1,1,0 S";
    eval_json(&db, "oware", ten);
    let tamper = |sql: &str| {
        let conn = Connection::open(&db).unwrap();
        conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
        assert_eq!(conn.execute(sql, []).unwrap(), 1, "{sql}");
    };
    let slice10 = "variant = 'oware' AND slice = '10'";
    for (what, damage, undo) in [
        (
            "positions",
            format!("UPDATE slices SET positions = positions + 5 WHERE {slice10}"),
            format!("UPDATE slices SET positions = positions - 5 WHERE {slice10}"),
        ),
        (
            "seeds",
            format!("UPDATE slices SET seeds = 11 WHERE {slice10}"),
            format!("UPDATE slices SET seeds = 10 WHERE {slice10}"),
        ),
        (
            "won, drawn or lost",
            format!("UPDATE slices SET wins = wins + 1 WHERE {slice10}"),
            format!("UPDATE slices SET wins = wins - 1 WHERE {slice10}"),
        ),
        (
            "histogram",
            format!("UPDATE slices SET histogram = '{{}}' WHERE {slice10}"),
            String::new(),
        ),
    ] {
        let before: String = Connection::open(&db)
            .unwrap()
            .query_row(
                &format!("SELECT histogram FROM slices WHERE {slice10}"),
                [],
                |r| r.get(0),
            )
            .unwrap();
        tamper(&damage);
        let ran = run_db(&["eval", "oware", ten, "--json"], &db);
        let err = ran.fails();
        assert!(err.contains("oware slice 10 is damaged"), "{what}: {err}");
        assert!(err.contains("--delete-damaged"), "{what}: {err}");
        let server = Server::start(&db, &["--read-only"]);
        let r = server.get(&format!("/api/oware?position={}", q(ten)));
        let body = r.error(503, None);
        assert!(
            body["error"].as_str().unwrap().contains("oware slice 10"),
            "{what}: {body}"
        );
        drop(server);
        if undo.is_empty() {
            tamper(&format!(
                "UPDATE slices SET histogram = '{before}' WHERE {slice10}"
            ));
        } else {
            tamper(&undo);
        }
        eval_json(&db, "oware", ten);
    }
}
