//! `solve --shapes`: Rio Kadalis's shape tables (its boards with closed pits) solved beside the
//! full board, listed by `db info`, not solved twice, and bad shapes refused by name.

use serde_json::Value as Json;

use crate::common::bin::run_db;
use crate::common::scratch::tempdir;
use crate::sqlite::flip_a_bit;

/// `db info --json`'s (slice, positions) of `variant`.
fn listed(db: &std::path::Path, variant: &str) -> Vec<(String, u64)> {
    let info: Json = serde_json::from_str(run_db(&["db", "info", "--json"], db).ok()).unwrap();
    let mut out: Vec<(String, u64)> = info
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["variant"] == variant)
        .map(|s| {
            let slice = s["slice"].as_str().unwrap().to_owned();
            (slice, s["positions"].as_u64().unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn named_shape_tables_are_solved_in_both_orders_beside_the_full_board_once() {
    let dir = tempdir();
    let db = dir.path().join("shapes.db");
    let args = [
        "solve",
        "rio-kadalis-5",
        "--max-seeds",
        "8",
        "--shapes",
        "3+2,1+1",
        "--quiet",
    ];
    let first = run_db(&args, &db);
    first.ok();
    // Full board 0, 4, 8; shape 1+1 (one table a side) 0, 4, 8; shape 2+3 0, 4, 8 in each order.
    assert!(
        first
            .stderr
            .contains("12 slices of the full board and 2 shape tables"),
        "{first:?}"
    );
    // Seeds on k open pits: C(n + k - 1, k - 1). Two pits: 1, 5, 9; five: 1, 70, 495; ten
    // (the full board): 1, 715, 24,310.
    let expected: Vec<(String, u64)> = [
        ("0", 1),
        ("0@1+1", 1),
        ("0@2+3", 1),
        ("0@3+2", 1),
        ("4", 715),
        ("4@1+1", 5),
        ("4@2+3", 70),
        ("4@3+2", 70),
        ("8", 24_310),
        ("8@1+1", 9),
        ("8@2+3", 495),
        ("8@3+2", 495),
    ]
    .iter()
    .map(|&(s, n)| (s.to_owned(), n))
    .collect();
    assert_eq!(listed(&db, "rio-kadalis-5"), expected);
    let again = run_db(&args, &db);
    again.ok();
    assert!(
        again.stderr.contains(
            "all 12 slices of the full board and 2 shape tables up to 8 seeds are solved already"
        ),
        "{again:?}"
    );

    // A damaged shape table is deleted, and the command the repair names solves it again:
    // without `--shapes`, a solve would not make it.
    flip_a_bit(&db, ("rio-kadalis-5", "8@2+3", 0));
    let repaired = run_db(&["db", "verify", "--delete-damaged"], &db);
    let said = repaired.ok();
    assert!(
        said.contains("`mancala solve rio-kadalis-5 --max-seeds 8 --shapes 2+3 --db "),
        "{said}"
    );
    assert_eq!(listed(&db, "rio-kadalis-5").len(), expected.len() - 1);
    run_db(
        &[
            "solve",
            "rio-kadalis-5",
            "--max-seeds",
            "8",
            "--shapes",
            "2+3",
            "-q",
        ],
        &db,
    )
    .ok();
    assert_eq!(listed(&db, "rio-kadalis-5"), expected);
    run_db(&["db", "verify"], &db).ok();
}

#[test]
fn a_shape_a_variant_cannot_have_is_refused_by_name() {
    let dir = tempdir();
    let db = dir.path().join("bad.db");
    for (variant, shapes, says) in [
        ("anywoli", "1+2", "anywoli has no closed pits"),
        (
            "rio-kadalis-5",
            "5+6",
            "shape 5+6 is not one of rio-kadalis-5",
        ),
        ("rio-kadalis-5", "5+5", "5+5 is the full board"),
        ("rio-kadalis", "0+3", "shape 0+3 is not one of rio-kadalis"),
        (
            "rio-kadalis",
            "5-6",
            "shape `5-6`: expected the open pits of the two sides",
        ),
    ] {
        let ran = run_db(
            &["solve", variant, "--shapes", shapes, "--max-seeds", "4"],
            &db,
        );
        let err = ran.fails();
        assert!(err.contains(says), "{variant} {shapes}: {err}");
    }
    assert!(!db.exists(), "nothing is written for a refused solve");
}
