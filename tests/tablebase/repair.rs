//! `db verify --delete-damaged` repairs: for each kind of damage, it deletes exactly the damaged
//! slices (and chunks with no slice row), naming each, a following `solve` solves them again,
//! and the file then holds every chunk and slice row of the undamaged file, byte for byte.

use std::path::Path;

use rusqlite::{params, Connection};

use crate::common::bin::run_db;
use crate::common::scratch::fresh_tablebase;
use crate::sqlite::{chunk_rows, flip_a_bit, slice_rows};

/// The tablebase damaged: Rio Kadalis (5 pits) to 12 seeds, whose slices 0, 4, 8 and 12 hold
/// 1, C(13,9) = 715, C(17,9) = 24,310 and C(21,9) = 293,930 positions: one chunk each but
/// slice 12's five (65,536 positions a chunk).
const TABLES: [(&str, u32); 1] = [("rio-kadalis-5", 12)];

/// Runs `sql` on the file behind the binary's back (foreign keys off, as SQLite's default is),
/// and checks that it changed `rows` rows.
fn tamper(db: &Path, sql: &str, rows: usize) {
    let conn = Connection::open(db).unwrap();
    conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
    assert_eq!(conn.execute(sql, params![]).unwrap(), rows, "{sql}");
}

/// One kind of damage: its name, what it does to the file, and the slices it damages.
type Damage = (&'static str, fn(&Path), &'static [&'static str]);

const DAMAGE: [Damage; 6] = [
    (
        "a flipped byte",
        |db| flip_a_bit(db, ("rio-kadalis-5", "12", 2)),
        &["12"],
    ),
    (
        "a tampered slice row",
        |db| {
            tamper(
                db,
                "UPDATE slices SET positions = positions + 5 WHERE slice = '8'",
                1,
            )
        },
        &["8"],
    ),
    (
        "missing chunks",
        |db| {
            tamper(
                db,
                "DELETE FROM chunks WHERE slice = '12' AND chunk >= 3",
                2,
            )
        },
        &["12"],
    ),
    (
        "a chunk moved to another slice",
        |db| {
            tamper(
                db,
                "UPDATE chunks SET slice = '8', chunk = 1 WHERE slice = '12' AND chunk = 4",
                1,
            )
        },
        &["12", "8"],
    ),
    (
        "an orphan chunk",
        |db| {
            tamper(
                db,
                "INSERT INTO chunks (variant, slice, chunk, data, crc32)
                 SELECT variant, '16', chunk, data, crc32 FROM chunks WHERE slice = '12'
                 AND chunk = 0",
                1,
            )
        },
        &["16"],
    ),
    (
        "two slices",
        |db| {
            flip_a_bit(db, ("rio-kadalis-5", "4", 0));
            flip_a_bit(db, ("rio-kadalis-5", "12", 0));
        },
        &["12", "4"],
    ),
];

#[test]
fn every_kind_of_damage_is_deleted_and_solved_again_to_the_undamaged_file() {
    let (_dir, db) = fresh_tablebase(&TABLES);
    let (chunks, rows) = (chunk_rows(&db), slice_rows(&db));
    for (kind, damage, slices) in DAMAGE {
        damage(&db);
        let found = run_db(&["db", "verify"], &db);
        let err = found.fails();
        for s in slices {
            let named = format!("damaged: rio-kadalis-5 slice {s}");
            assert!(err.contains(&named), "{kind}: {named} in {err}");
        }
        assert!(err.contains("--delete-damaged"), "{kind}: {err}");

        let repaired = run_db(&["db", "verify", "--delete-damaged"], &db);
        let out = repaired.ok();
        let deleted: Vec<&str> = repaired
            .stderr
            .lines()
            .filter_map(|l| l.strip_prefix("deleted: rio-kadalis-5 slice "))
            .collect();
        let mut expected = slices.to_vec();
        expected.sort();
        assert_eq!(deleted, expected, "{kind}: exactly the damaged slices");
        assert!(
            out.contains("mancala solve rio-kadalis-5 --max-seeds"),
            "{kind}: says how to solve them again: {out}"
        );
        // What is left is intact; the slices deleted are missing, and solved again.
        run_db(&["db", "verify"], &db).ok();
        run_db(&["solve", "rio-kadalis-5", "--max-seeds", "12", "-q"], &db).ok();
        run_db(&["db", "verify"], &db).ok();
        assert!(chunk_rows(&db) == chunks, "{kind}: every chunk as before");
        assert_eq!(slice_rows(&db), rows, "{kind}: every slice row as before");
    }
}
