//! End-to-end: `mancala eval` on Kalah positions outside the solved slices runs the exact search
//! (docs/rules.md#values-and-depths values, no depths) instead of failing, within `--budget`, and
//! says so.

mod common;

use serde_json::Value;

use common::bin::run_db;
use common::eval::keys;
use common::scratch::tablebase;

#[test]
fn eval_searches_kalah_positions_outside_the_tablebase() {
    let db = tablebase(&[("kalah-4", 6)]);

    // Kalah(4, 1): 8 seeds, outside the 6-seed tablebase. Worked by hand from the start
    // `1,1,1,1/1,1,1,1 S`: S4 = 1 goes into South's store and South moves again, so move 4 is
    // worth 1 + the value of `1,1,1,1/1,1,1,0 S`. The search gives the first player +2 (the
    // value README.md's table gives for Kalah(4, 1)).
    let eval = |args: &[&str]| run_db(&[&["eval", "kalah-4"], args].concat(), db);
    let text = eval(&["1,1,1,1/1,1,1,1 S", "--json"]).ok().to_owned();
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
    let evaluation = [
        "game_over",
        "moves",
        "outcome",
        "position",
        "side",
        "source",
        "value",
        "variant",
    ];
    assert_eq!(keys(&json), evaluation);
    assert!(text.trim_end().ends_with(r#""source":"search"}"#), "{text}");

    // Inside the tablebase: no `source` field, depths as usual.
    let text = eval(&["0,0,0,1/0,0,1,1 S", "--json"]).ok().to_owned();
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json.get("source"), None, "{json}");

    // Text output says where the values come from.
    let ran = eval(&["1,1,1,1/1,1,1,1 S"]);
    let text = ran.ok();
    assert!(text.contains("South to move: score +2."), "{text}");
    assert!(
        text.contains("From an exact search, not the tablebase"),
        "{text}"
    );
    assert!(text.contains("solved up to 6 seeds"), "{text}");

    // A budget too small: an error naming the budget and how to raise it.
    let ran = eval(&["4,4,4,4/4,4,4,4 S", "--budget", "1000"]);
    let err = ran.fails();
    assert_eq!(ran.status.code(), Some(1));
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("ran out of its budget of 1000 nodes"), "{err}");
    assert!(err.contains("--budget 10000"), "{err}");

    // Not Kalah: an unsolved slice is still an error naming the slice.
    let ran = run_db(&["eval", "oware", "4,4,4,4,4,4/4,4,4,4,4,4 S"], db);
    assert!(
        ran.fails().contains("oware slice 48 is not solved"),
        "{ran:?}"
    );
}
