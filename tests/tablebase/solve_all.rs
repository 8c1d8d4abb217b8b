//! `solve all` and solving again: every reachable slice listed by `db info` with its size, and
//! nothing solved or written twice, unless the rules changed.

use mancala_solver::Variant;
use rusqlite::Connection;
use serde_json::Value as Json;

use crate::common::bin::{run_db, solve};
use crate::common::eval::eval_json;
use crate::common::scratch::{fresh_tablebase, tempdir};
use crate::counting::{distributions, expected_slices};
use crate::sqlite::{chunk_rows, slice_rows, slice_stamps};

#[test]
fn solve_all_then_again_solves_nothing_and_info_lists_every_slice() {
    let dir = tempdir();
    let db = dir.path().join("all.db");
    let err = solve(&db, "all", 4);
    assert!(err.contains("Solved"), "{err}");

    let ran = run_db(&["db", "info", "--json"], &db);
    let info: Json = serde_json::from_str(ran.ok()).expect("db info --json is JSON");
    let info = info.as_array().unwrap();
    let mut listed: Vec<(String, String, u64)> = info
        .iter()
        .map(|s| {
            (
                s["variant"].as_str().unwrap().to_owned(),
                s["slice"].as_str().unwrap().to_owned(),
                s["positions"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut expected = Vec::new();
    // Every variant but those seen in a mirror, which read the counter-clockwise tables.
    for v in Variant::with_own_tables() {
        for (slice, n) in expected_slices(v, 4) {
            expected.push((v.id().to_owned(), slice, n));
        }
    }
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    // A few by hand: Rio Kadalis 4 seeds over 12 pits, C(15,11) = 1365; Rio Kadalis (5 pits)
    // 4 over 10, C(13,9) = 715; Al-manqala 4 over 14, C(17,13) = 2380; Anywoli 4 over 24,
    // C(27,23) = 17550; Hawalis 2-2: 2 over 14 on each side, C(15,13)^2 = 105^2 = 11025;
    // Bao la Kiarabu 4-0: C(19,15) = 3876.
    for (v, s, n) in [
        ("rio-kadalis", "4", 1365),
        ("rio-kadalis-5", "4", 715),
        ("al-manqala", "4", 2380),
        ("anywoli", "4", 17550),
        ("hawalis", "2-2", 11025),
        ("bao-la-kiarabu", "4-0", 3876),
        ("rio-kadalis", "0", 1),
    ] {
        assert!(
            listed.contains(&(v.to_owned(), s.to_owned(), n)),
            "{v} {s} {n}"
        );
    }
    for s in info {
        let (w, d, l) = (
            s["wins"].as_u64().unwrap(),
            s["draws"].as_u64().unwrap(),
            s["losses"].as_u64().unwrap(),
        );
        assert_eq!(w + d + l, s["positions"].as_u64().unwrap(), "{s}");
        let hist: u64 = s["histogram"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(hist, s["positions"].as_u64().unwrap(), "{s}");
        assert_eq!(s["solver_version"], "1");
        assert_eq!(s["rules_version"], "1");
        assert!(s["bytes"].as_u64().unwrap() > 0);
    }
    // The empty board: nothing left to win, a draw for the side to move.
    let empty = info
        .iter()
        .find(|s| s["variant"] == "rio-kadalis" && s["slice"] == "0")
        .unwrap();
    assert_eq!(
        (empty["wins"].as_u64(), empty["draws"].as_u64()),
        (Some(0), Some(1))
    );

    // The text form lists every variant and the sizes.
    let ran = run_db(&["db", "info"], &db);
    let text_info = ran.ok();
    for v in Variant::with_own_tables() {
        assert!(text_info.contains(v.id()), "{text_info}");
    }
    assert!(
        text_info.contains("1,365") && text_info.contains("17,550"),
        "{text_info}"
    );
    assert!(
        text_info.contains(&format!("{} slices", expected.len())),
        "{text_info}"
    );

    // Again: nothing to do, and nothing written.
    let rows = slice_rows(&db);
    let chunks = chunk_rows(&db);
    let stamped = slice_stamps(&db);
    let err = solve(&db, "all", 4);
    assert!(err.contains("Nothing to solve"), "{err}");
    for v in Variant::with_own_tables() {
        assert!(err.contains(&format!("{}: all", v.id())), "{err}");
    }
    let err = solve(&db, "rio-kadalis", 4);
    assert!(
        err.contains("rio-kadalis: all 2 slices up to 4 seeds are solved already"),
        "{err}"
    );
    // Clockwise Rio Kadalis has no tables of its own: it reads these, mirrored.
    let ran = run_db(&["solve", "rio-kadalis-cw", "--max-seeds", "4"], &db);
    let err = ran.fails();
    assert!(
        err.contains("rio-kadalis-cw is rio-kadalis seen in a mirror")
            && err.contains("solve rio-kadalis"),
        "{err}"
    );
    assert_eq!(slice_rows(&db), rows);
    assert!(chunk_rows(&db) == chunks);
    assert_eq!(
        slice_stamps(&db),
        stamped,
        "a solve with nothing to do writes nothing"
    );

    // One more seed total: only the new slices are solved.
    let err = solve(&db, "al-manqala", 6);
    assert!(err.contains("solving 1 slices up to 6 seeds"), "{err}");
    assert!(err.contains("3 solved already"), "{err}");
    let kept: Vec<_> = slice_stamps(&db)
        .into_iter()
        .filter(|r| !(r.0 == "al-manqala" && r.1 == "6"))
        .collect();
    assert_eq!(kept, stamped, "slices solved already are not written again");
    let six = slice_rows(&db)
        .into_iter()
        .find(|r| r.0 == "al-manqala" && r.1 == "6")
        .expect("al-manqala 6");
    assert_eq!(six.3 as u64, distributions(14, 6)); // C(19,13) = 27132
    assert_eq!(six.3, 27132);
}

#[test]
fn a_slice_solved_under_other_rules_is_not_served_and_is_solved_again() {
    let (_dir, db) = fresh_tablebase(&[("rio-kadalis-5", 8)]);
    let chunks = chunk_rows(&db);
    let p = "0,0,0,1,0/3,0,0,0,4 S";
    let before = eval_json(&db, "rio-kadalis-5", p);
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute(
            "UPDATE slices SET rules_version = '0' WHERE variant = 'rio-kadalis-5' AND slice = '8'",
            [],
        )
        .unwrap();
    }
    // Not served: the position is searched instead of read from the stale slice.
    let ran = run_db(&["eval", "rio-kadalis-5", p, "--json"], &db);
    assert!(ran.ok().contains("\"source\":\"search\""), "{ran:?}");
    let ran = run_db(&["db", "info"], &db);
    assert!(ran.ok().contains("stale"), "{ran:?}");
    let err = solve(&db, "rio-kadalis-5", 8);
    assert!(
        err.contains("solving 1 slices") && err.contains("2 solved already"),
        "{err}"
    );
    assert!(chunk_rows(&db) == chunks, "the same slice again");
    assert_eq!(eval_json(&db, "rio-kadalis-5", p), before);
}
