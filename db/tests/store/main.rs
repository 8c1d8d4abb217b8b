//! The tablebase store through the public API of `mancala-db`: slices written with
//! `write_group` from hand-made values (not solved ones, so that every value read back can only
//! have come from what was written), read back by probing positions, listed, verified, damaged
//! with SQL and marked stale with SQL.
//!
//! The made-up values of position `i` are functions of `i` alone (`made_up_value`), so the value
//! expected of a probe is computed here from the index of the position; the positions probed
//! are built from that index with `Slice::board` (the same ranking that the store uses to find
//! them again), and also written as position strings and parsed, from either side.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mancala_db::{DbError, Tablebase, CHUNK_SIZE};
use mancala_solver::solve::{SolvedSlice, NO_DEPTH};
use mancala_solver::{Board, Position, Shape, Slice, SliceId, Value, Variant, RULES_VERSION};
use rusqlite::{params, Connection};
use tempfile::TempDir;

mod identity;
mod integrity;
mod open_race;
mod parts;
mod shapes;

/// Rio Kadalis slice 12: 12 seeds over 12 pits, C(23, 11) = 1,352,078 positions, which is 20
/// full chunks of 65,536 and a last one of 1,352,078 - 20 * 65,536 = 41,358.
const RIO_12_POSITIONS: u64 = 1_352_078;

fn rio(id: &str) -> Slice {
    Slice {
        variant: Variant::RioKadalis,
        id: id.parse().unwrap(),
    }
}

/// A value in `[-4, 4]` for position `i` (possible from slice 4 up), and its depth (none at 0,
/// as stored).
fn made_up_value(i: u64, salt: u64) -> (i8, u16) {
    let v = ((i.wrapping_mul(2_654_435_761).wrapping_add(salt * 97)) % 9) as i8 - 4;
    let d = if v == 0 {
        NO_DEPTH
    } else {
        ((i + salt) % 1000) as u16
    };
    (v, d)
}

fn made_up(slice: Slice, salt: u64) -> SolvedSlice {
    let (values, depths) = (0..slice.len()).map(|i| made_up_value(i, salt)).unzip();
    SolvedSlice {
        slice,
        values,
        depths,
    }
}

fn expected_value(i: u64, salt: u64) -> Value {
    let (v, d) = made_up_value(i, salt);
    Value {
        score: v,
        depth: (d != NO_DEPTH).then_some(d),
    }
}

fn new_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    (dir, path)
}

/// Indices worth probing in Rio Kadalis slice 12: both ends of every chunk boundary, the last
/// position, and a spread in between.
fn probe_points() -> Vec<u64> {
    let mut points = vec![0, 1, RIO_12_POSITIONS - 1, RIO_12_POSITIONS - 2];
    for c in 1..=20 {
        points.push(c * CHUNK_SIZE - 1);
        points.push(c * CHUNK_SIZE);
    }
    points.extend((0..RIO_12_POSITIONS).step_by(77_777));
    points
}

/// A Rio Kadalis position string from a board seen from the side to move.
fn rio_position(board: &Board, side: char) -> String {
    let row = |cells: &[u8]| {
        cells
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let (mover, other) = (&board.cells[..6], &board.cells[6..12]);
    let (south, north) = if side == 'S' {
        (mover, other)
    } else {
        (other, mover)
    };
    let top: Vec<u8> = north.iter().rev().copied().collect();
    format!("{}/{} {side}", row(&top), row(south))
}

fn sql(path: &Path) -> Connection {
    Connection::open(path).unwrap()
}

#[test]
fn a_search_probe_reads_the_score_alone_whether_the_whole_chunk_is_cached_or_not() {
    let (_dir, path) = new_db();
    let slice = rio("12");
    let tb = Tablebase::open(&path).unwrap();
    tb.write_group(&[made_up(slice, 0)], 1.5).unwrap();
    let score = |i: u64| {
        tb.probe_score(Variant::RioKadalis, Shape::OPEN, &slice.board(i))
            .unwrap()
    };
    // First from the values alone (no whole chunk read yet), then with the whole chunks cached.
    for i in probe_points() {
        assert_eq!(score(i), expected_value(i, 0).score, "index {i}");
    }
    for i in probe_points() {
        let whole = tb
            .probe_board(Variant::RioKadalis, Shape::OPEN, &slice.board(i))
            .unwrap();
        assert_eq!(
            (score(i), whole),
            (whole.score, expected_value(i, 0)),
            "index {i}"
        );
    }
    // The slice written again: neither cache serves the old values.
    tb.write_group(&[made_up(slice, 1)], 1.5).unwrap();
    for i in probe_points() {
        assert_eq!(score(i), expected_value(i, 1).score, "index {i}");
    }
    // A slice not stored is said so, as by the whole probe.
    let board = rio("16").board(0);
    let e = tb
        .probe_score(Variant::RioKadalis, Shape::OPEN, &board)
        .unwrap_err();
    assert!(e.to_string().contains("not solved"), "{e}");
}

#[test]
fn a_slice_of_many_chunks_round_trips_and_reopens_read_only() {
    let (_dir, path) = new_db();
    let slice = rio("12");
    assert_eq!(slice.len(), RIO_12_POSITIONS);
    let solved = made_up(slice, 0);
    {
        let tb = Tablebase::open(&path).unwrap();
        tb.write_group(std::slice::from_ref(&solved), 1.5).unwrap();
        for i in probe_points() {
            let b = slice.board(i);
            assert_eq!(
                tb.probe_board(Variant::RioKadalis, Shape::OPEN, &b)
                    .unwrap(),
                expected_value(i, 0),
                "index {i}"
            );
        }
    }
    // 21 chunks with the lengths of the slice's pieces, each with a stored CRC.
    let conn = sql(&path);
    let n: i64 = conn
        .query_row("SELECT COUNT(*) FROM chunks WHERE slice = '12'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(n, 21);
    let (positions, chunk_size, seeds): (i64, i64, i64) = conn
        .query_row(
            "SELECT positions, chunk_size, seeds FROM slices WHERE variant = 'rio-kadalis' AND slice = '12'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        (positions as u64, chunk_size as u64, seeds),
        (RIO_12_POSITIONS, 65536, 12)
    );
    drop(conn);

    let tb = Tablebase::open_read_only(&path).unwrap();
    for i in probe_points() {
        let b = slice.board(i);
        let want = expected_value(i, 0);
        assert_eq!(
            tb.probe_board(Variant::RioKadalis, Shape::OPEN, &b)
                .unwrap(),
            want,
            "index {i}"
        );
        // The same board as a position string: South to move, and mirrored with North to
        // move; CAPTURED plays no part.
        for (side, captured) in [('S', ""), ('N', " 8-4")] {
            let text = format!("{}{captured}", rio_position(&b, side));
            let p = Position::parse(Variant::RioKadalis, &text).unwrap();
            assert_eq!(
                tb.probe_board(p.variant(), Shape::OPEN, &p.relative_board())
                    .unwrap(),
                want,
                "{text}"
            );
        }
    }
    // The whole slice back, every chunk checked.
    assert_eq!(tb.read_chunks(slice).values().unwrap(), solved.values);
    // A read-only handle cannot write.
    assert!(tb.write_group(&[made_up(rio("4"), 1)], 0.0).is_err());
    assert!(tb.verify(|_| {}).unwrap().is_empty());
}

#[test]
fn slice_statistics_are_those_of_the_values_written() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    let s4 = made_up(rio("4"), 3);
    let s0 = SolvedSlice {
        slice: rio("0"),
        values: vec![0],
        depths: vec![NO_DEPTH],
    };
    tb.write_group(&[s0], 0.25).unwrap();
    tb.write_group(std::slice::from_ref(&s4), 0.5).unwrap();
    let infos = tb.slices(Some(Variant::RioKadalis)).unwrap();
    assert_eq!(
        infos
            .iter()
            .map(|s| (s.slice.as_str(), s.seeds, s.positions))
            .collect::<Vec<_>>(),
        // 4 seeds over 12 pits: C(15, 11) = 1365.
        [("0", 0, 1), ("4", 4, 1365)]
    );
    let info = &infos[1];
    let mut hist = BTreeMap::new();
    for &v in &s4.values {
        *hist.entry(v as i32).or_insert(0u64) += 1;
    }
    let count = |f: fn(i8) -> bool| s4.values.iter().filter(|&&v| f(v)).count() as u64;
    assert_eq!(info.histogram, hist);
    assert_eq!(
        (info.wins, info.draws, info.losses),
        (count(|v| v > 0), count(|v| v == 0), count(|v| v < 0))
    );
    assert_eq!(info.seconds, 0.5);
    assert!(info.bytes > 0 && info.is_current());
    assert_eq!(info.rules_version, RULES_VERSION);
    assert_eq!(
        tb.current_slices(Variant::RioKadalis).unwrap(),
        [SliceId::Seeds(0), SliceId::Seeds(4)]
    );
    assert!(tb.slices(Some(Variant::Hawalis)).unwrap().is_empty());
    assert_eq!(tb.slices(None).unwrap().len(), 2);
}

#[test]
fn rewriting_a_slice_replaces_it_even_in_the_cache() {
    let (_dir, path) = new_db();
    let slice = rio("12");
    let tb = Tablebase::open(&path).unwrap();
    let reader = Tablebase::open_read_only(&path).unwrap();
    tb.write_group(&[made_up(slice, 0)], 1.0).unwrap();
    let points = probe_points();
    // Fill the writer's cache with the first version.
    for &i in &points {
        assert_eq!(
            tb.probe_board(Variant::RioKadalis, Shape::OPEN, &slice.board(i))
                .unwrap(),
            expected_value(i, 0)
        );
    }
    tb.write_group(&[made_up(slice, 5)], 2.0).unwrap();
    let fresh = Tablebase::open_read_only(&path).unwrap();
    for &i in &points {
        let b = slice.board(i);
        for t in [&tb, &reader, &fresh] {
            assert_eq!(
                t.probe_board(Variant::RioKadalis, Shape::OPEN, &b).unwrap(),
                expected_value(i, 5),
                "index {i}"
            );
        }
    }
    // One row and 21 chunks, not two copies.
    let conn = sql(&path);
    let (rows, chunks): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT COUNT(*) FROM slices), (SELECT COUNT(*) FROM chunks)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((rows, chunks), (1, 21));
    let seconds: f64 = conn
        .query_row("SELECT seconds FROM slices", [], |r| r.get(0))
        .unwrap();
    assert_eq!(seconds, 2.0);
}

#[test]
fn a_four_row_group_is_written_together() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    let a = Slice {
        variant: Variant::Hawalis,
        id: SliceId::Sides(1, 2),
    };
    let b = Slice {
        variant: Variant::Hawalis,
        id: SliceId::Sides(2, 1),
    };
    // 14 pits a side: 14 ways for one seed, C(15, 13) = 105 for two.
    assert_eq!((a.len(), b.len()), (1470, 1470));
    let win_loss = |slice: Slice, sign: i8| {
        let values: Vec<i8> = (0..slice.len())
            .map(|i| if i % 3 == 0 { 0 } else { sign })
            .collect();
        let depths = (0..slice.len())
            .map(|i| {
                if i % 3 == 0 {
                    NO_DEPTH
                } else {
                    (i % 40) as u16
                }
            })
            .collect();
        SolvedSlice {
            slice,
            values,
            depths,
        }
    };
    tb.write_group(&[win_loss(a, 1), win_loss(b, -1)], 0.1)
        .unwrap();
    let ids: Vec<String> = tb
        .slices(Some(Variant::Hawalis))
        .unwrap()
        .iter()
        .map(|s| s.slice.clone())
        .collect();
    assert_eq!(ids, ["1-2", "2-1"]);
    // South (to move) with 1 seed in S1, North with 2 in N1: slice 1-2, index as ranked; the
    // same with North to move is slice 2-1, from North's side.
    let board = "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0";
    for (side, slice, sign) in [("S", a, 1), ("N", b, -1)] {
        let p = Position::parse(Variant::Hawalis, &format!("{board} {side}")).unwrap();
        let relative = p.relative_board();
        assert_eq!(Slice::of(Variant::Hawalis, &relative), slice);
        let i = slice.index(&relative);
        let want = match i % 3 {
            0 => Value::ENDLESS,
            _ => Value::new(sign, (i % 40) as u16),
        };
        assert_eq!(
            tb.probe_board(p.variant(), Shape::OPEN, &p.relative_board())
                .unwrap(),
            want,
            "{side}"
        );
    }
    // An unsolved hawalis slice.
    let p = Position::parse(
        Variant::Hawalis,
        "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S",
    )
    .unwrap();
    match tb.probe_board(p.variant(), Shape::OPEN, &p.relative_board()) {
        Err(DbError::NotSolved { slice, seeds, .. }) => {
            assert_eq!((slice, seeds), (SliceId::Sides(2, 2), 4))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_stale_or_missing_slice_is_not_solved() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    tb.write_group(&[made_up(rio("4"), 2)], 0.1).unwrap();
    let board = rio("4").board(100);
    assert_eq!(
        tb.probe_board(Variant::RioKadalis, Shape::OPEN, &board)
            .unwrap(),
        expected_value(100, 2)
    );
    drop(tb);

    // Not solved at all: slice 8.
    let tb = Tablebase::open_read_only(&path).unwrap();
    let err = tb
        .probe_board(Variant::RioKadalis, Shape::OPEN, &rio("8").board(0))
        .unwrap_err();
    match &err {
        DbError::NotSolved {
            variant,
            slice,
            seeds,
            ..
        } => assert_eq!(
            (*variant, *slice, *seeds),
            (Variant::RioKadalis, SliceId::Seeds(8), 8)
        ),
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("rio-kadalis slice 8"), "{msg}");
    // The file is named; the command that solves the slice is the command line's to say, from
    // the fields checked above (tests/cli/hints.rs checks its words).
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    drop(tb);

    // Solved under other rules: never served, and not current.
    sql(&path)
        .execute(
            "UPDATE slices SET rules_version = '0' WHERE variant = 'rio-kadalis' AND slice = '4'",
            [],
        )
        .unwrap();
    let tb = Tablebase::open_read_only(&path).unwrap();
    assert!(matches!(
        tb.probe_board(Variant::RioKadalis, Shape::OPEN, &board),
        Err(DbError::NotSolved { seeds: 4, .. })
    ));
    let infos = tb.slices(None).unwrap();
    assert_eq!(infos.len(), 1);
    assert!(!infos[0].is_current());
    assert!(tb.current_slices(Variant::RioKadalis).unwrap().is_empty());
    drop(tb);

    // And by another solver version.
    sql(&path)
        .execute(
            "UPDATE slices SET rules_version = ?1, solver_version = 'x'",
            params![RULES_VERSION],
        )
        .unwrap();
    let tb = Tablebase::open_read_only(&path).unwrap();
    assert!(matches!(
        tb.probe_board(Variant::RioKadalis, Shape::OPEN, &board),
        Err(DbError::NotSolved { .. })
    ));
    drop(tb);

    // Writing it again makes it current.
    let tb = Tablebase::open(&path).unwrap();
    tb.write_group(&[made_up(rio("4"), 2)], 0.1).unwrap();
    assert_eq!(
        tb.probe_board(Variant::RioKadalis, Shape::OPEN, &board)
            .unwrap(),
        expected_value(100, 2)
    );
    assert_eq!(
        tb.current_slices(Variant::RioKadalis).unwrap(),
        [SliceId::Seeds(4)]
    );
}

/// Flips one bit of a stored chunk.
fn flip(path: &Path, slice: &str, chunk: i64) {
    let conn = sql(path);
    let mut data: Vec<u8> = conn
        .query_row(
            "SELECT data FROM chunks WHERE slice = ?1 AND chunk = ?2",
            params![slice, chunk],
            |r| r.get(0),
        )
        .unwrap();
    let mid = data.len() / 2;
    data[mid] ^= 0x20;
    conn.execute(
        "UPDATE chunks SET data = ?1 WHERE slice = ?2 AND chunk = ?3",
        params![data, slice, chunk],
    )
    .unwrap();
}

#[test]
fn damage_is_found_by_verify_and_never_served() {
    let (_dir, path) = new_db();
    let slice = rio("12");
    {
        let tb = Tablebase::open(&path).unwrap();
        tb.write_group(&[made_up(slice, 0)], 1.0).unwrap();
        tb.write_group(&[made_up(rio("4"), 1)], 1.0).unwrap();
        assert!(tb.verify(|_| {}).unwrap().is_empty());
    }
    flip(&path, "12", 5);
    let tb = Tablebase::open(&path).unwrap();
    let mut seen = Vec::new();
    let damage = tb.verify(|s| seen.push(s.slice.clone())).unwrap();
    assert_eq!(seen, ["4", "12"]);
    assert_eq!(damage.len(), 1, "{damage:?}");
    assert_eq!(
        (
            damage[0].variant.as_str(),
            damage[0].slice.as_str(),
            damage[0].chunk
        ),
        ("rio-kadalis", "12", Some(5))
    );
    assert!(damage[0].what.contains("checksum"), "{damage:?}");

    // A probe into chunk 5 fails naming it; chunks 4 and 6 and slice 4 still answer.
    let err = tb
        .probe_board(
            Variant::RioKadalis,
            Shape::OPEN,
            &slice.board(5 * CHUNK_SIZE + 10),
        )
        .unwrap_err();
    match &err {
        DbError::Corrupt {
            variant,
            slice,
            chunk,
            ..
        } => assert_eq!(
            (variant.as_str(), slice.as_str(), *chunk),
            ("rio-kadalis", "12", 5)
        ),
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string().contains("rio-kadalis slice 12 chunk 5"),
        "{err}"
    );
    for i in [5 * CHUNK_SIZE - 1, 6 * CHUNK_SIZE] {
        assert_eq!(
            tb.probe_board(Variant::RioKadalis, Shape::OPEN, &slice.board(i))
                .unwrap(),
            expected_value(i, 0)
        );
    }
    assert_eq!(
        tb.probe_board(Variant::RioKadalis, Shape::OPEN, &rio("4").board(7))
            .unwrap(),
        expected_value(7, 1)
    );
    // A second probe into the damaged chunk fails again (no bad chunk is cached).
    assert!(tb
        .probe_board(
            Variant::RioKadalis,
            Shape::OPEN,
            &slice.board(5 * CHUNK_SIZE + 11)
        )
        .is_err());
    // Loading the whole slice (to resume a solve) fails too.
    assert!(matches!(
        tb.read_chunks(slice).values(),
        Err(DbError::Corrupt { chunk: 5, .. })
    ));

    // A missing chunk.
    sql(&path)
        .execute("DELETE FROM chunks WHERE slice = '12' AND chunk = 9", [])
        .unwrap();
    let tb = Tablebase::open(&path).unwrap();
    let damage = tb.verify(|_| {}).unwrap();
    assert!(
        damage.iter().any(|d| d.slice == "12"),
        "a missing chunk is damage: {damage:?}"
    );
    let missing = tb.probe_board(
        Variant::RioKadalis,
        Shape::OPEN,
        &slice.board(9 * CHUNK_SIZE),
    );
    // A missing chunk contradicts the slice row, so the whole slice is refused, naming it.
    match missing {
        Err(DbError::DamagedSlice { slice, what, .. }) => {
            assert_eq!((slice.as_str(), what.as_str()), ("12", "chunk 9 missing"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn impossible_values_are_damage() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    // Slice 4 holds 4 seeds: a value of 5 cannot be, nor a depth at value 0, nor no depth at
    // a value other than 0.
    for (at, value, depth) in [(10usize, 5i8, 3u16), (700, 0, 3), (1364, 2, NO_DEPTH)] {
        let mut s = made_up(rio("4"), 0);
        s.values[at] = value;
        s.depths[at] = depth;
        tb.write_group(&[s], 0.0).unwrap();
        let damage = tb.verify(|_| {}).unwrap();
        assert_eq!(damage.len(), 1, "value {value} depth {depth}: {damage:?}");
        assert_eq!((damage[0].slice.as_str(), damage[0].chunk), ("4", Some(0)));
        assert!(
            damage[0].what.contains(&at.to_string()),
            "names the position: {damage:?}"
        );
    }
}

#[test]
fn files_that_are_not_tablebases() {
    let dir = tempfile::tempdir().unwrap();
    // Text, not SQLite.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, "not a database at all\n".repeat(100)).unwrap();
    let err = Tablebase::open(&junk)
        .err()
        .expect("text is not a tablebase");
    assert!(err.to_string().contains("junk.db"), "{err}");
    let err = Tablebase::open_read_only(&junk)
        .err()
        .expect("text is not a tablebase");
    assert!(err.to_string().contains("junk.db"), "{err}");
    // A missing file cannot be opened read-only (and is not created).
    let missing = dir.path().join("missing.db");
    assert!(Tablebase::open_read_only(&missing).is_err());
    assert!(!missing.exists());
    // An SQLite file without the schema: read-only says so.
    let other = dir.path().join("other.db");
    sql(&other)
        .execute("CREATE TABLE t (x INTEGER)", [])
        .unwrap();
    let err = Tablebase::open_read_only(&other).err().expect("no schema");
    assert!(err.to_string().contains("not a mancala tablebase"), "{err}");
}
