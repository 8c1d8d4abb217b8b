//! End-to-end: `mancala eval` on Kalah positions outside the solved slices runs the exact search
//! (RULES.md §2 values, no depths) instead of failing, within `--budget`, and says so.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str], db: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .expect("the mancala binary runs")
}

fn ok(args: &[&str], db: &Path) -> String {
    let out = run(args, db);
    assert!(
        out.status.success(),
        "mancala {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn eval_searches_kalah_positions_outside_the_tablebase() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ok(&["solve", "kalah-4", "--max-seeds", "6", "-q"], &db);

    // Kalah(4, 1): 8 seeds, outside the 6-seed tablebase. Worked by hand from the start
    // `1,1,1,1/1,1,1,1 S`: S4 = 1 goes into South's store and South moves again, so move 4 is
    // worth 1 + the value of `1,1,1,1/1,1,1,0 S`. The search gives the first player +2 (the
    // value README.md's table gives for Kalah(4, 1)).
    let text = ok(&["eval", "kalah-4", "1,1,1,1/1,1,1,1 S", "--json"], &db);
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["source"], "search", "{json}");
    assert_eq!(json["value"]["score"], 2, "{json}");
    assert_eq!(json["value"]["depth"], Value::Null, "{json}");
    assert_eq!(json["outcome"], "win");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[0]["value"]["score"], 2);
    // The JSON has the same keys as from the tablebase, and `source` last.
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            "game_over",
            "moves",
            "outcome",
            "position",
            "side",
            "source",
            "value",
            "variant"
        ]
    );
    assert!(text.trim_end().ends_with(r#""source":"search"}"#), "{text}");

    // Inside the tablebase: no `source` field, depths as usual.
    let text = ok(&["eval", "kalah-4", "0,0,0,1/0,0,1,1 S", "--json"], &db);
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json.get("source"), None, "{json}");

    // Text output says where the values come from.
    let text = ok(&["eval", "kalah-4", "1,1,1,1/1,1,1,1 S"], &db);
    assert!(text.contains("South to move: score +2."), "{text}");
    assert!(
        text.contains("From an exact search, not the tablebase"),
        "{text}"
    );
    assert!(text.contains("solved up to 6 seeds"), "{text}");

    // A budget too small: an error naming the budget and how to raise it.
    let out = run(
        &["eval", "kalah-4", "4,4,4,4/4,4,4,4 S", "--budget", "1000"],
        &db,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("ran out of its budget of 1000 nodes"), "{err}");
    assert!(err.contains("--budget 10000"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // Not Kalah: an unsolved slice is still an error naming the slice.
    let out = run(&["eval", "oware", "4,4,4,4,4,4/4,4,4,4,4,4 S"], &db);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("oware slice 48 is not solved"), "{err}");
}
