//! `mancala book build`: the opening book is built into the file, resumed, and answered from by
//! `eval` (`"source": "book"`); a missing file is refused, not created.

use serde_json::Value as Json;

use crate::common::bin::{run, run_db};
use crate::common::scratch::{fresh_tablebase, tempdir};

#[test]
fn a_book_is_built_resumed_and_answered_from() {
    let (_dir, db) = fresh_tablebase(&[("kalah-4", 8)]);
    // Kalah on four pits, 4 seeds each (32 on the board: beyond the 8-seed table): the start
    // and its four moves. Pit 1's 4 seeds end in South's store (pits 2, 3, 4, store), so South
    // moves again; the others end on North's side. Five boards, none held.
    let args = [
        "book", "build", "kalah-4", "--plies", "1", "--budget", "3000",
    ];
    let first = run_db(&args, &db);
    first.ok();
    assert!(
        first.stderr.contains(
            "kalah-4: book of 5 positions within 1 ply (0 held by the tablebase, 0 already \
             searched): searched 5"
        ),
        "{}",
        first.stderr
    );
    let again = run_db(&args, &db);
    again.ok();
    assert!(
        again
            .stderr
            .contains("(0 held by the tablebase, 5 already searched): searched 0 "),
        "{}",
        again.stderr
    );

    let start = "4,4,4,4/4,4,4,4 S";
    let eval = run_db(
        &["eval", "kalah-4", start, "--budget", "3000", "--json"],
        &db,
    );
    let json: Json = serde_json::from_str(eval.ok()).unwrap();
    assert_eq!(json["source"], "book", "{json}");
    assert_eq!(json["search"]["kept"], true, "{json}");
    assert!(json["search"]["nodes"].as_u64().unwrap() >= 3000, "{json}");
    let text = run_db(&["eval", "kalah-4", start, "--budget", "3000"], &db);
    assert!(text.ok().contains("From the opening book"), "{}", text.ok());
    // A larger budget than the book's is searched.
    let deeper = run_db(
        &["eval", "kalah-4", start, "--budget", "6000", "--json"],
        &db,
    );
    let json: Json = serde_json::from_str(deeper.ok()).unwrap();
    assert_eq!(json["source"], "search", "{json}");
}

#[test]
fn a_book_needs_a_tablebase_file() {
    let dir = tempdir();
    let missing = dir.path().join("nope.db");
    let r = run(&["book", "build", "oware", "--db", missing.to_str().unwrap()]);
    let err = r.fails();
    assert!(err.contains("no tablebase at"), "{err}");
    assert!(!missing.exists(), "nothing created");
}
