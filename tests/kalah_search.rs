//! End-to-end: `mancala eval` on Kalah positions outside the solved slices is answered by the
//! search engine (docs/rules.md#values-and-depths values, no depths) instead of failing, exact
//! where the search proves it and checked against a full solve; a budget too small gives an
//! estimate, never an error.

mod common;

use serde_json::Value;

use common::bin::run_db;
use common::eval::keys;
use common::scratch::tablebase;

/// Kalah(4, 1): 8 seeds, outside a 6-seed tablebase.
const KALAH_4_1: &str = "1,1,1,1/1,1,1,1 S";

fn eval_json(db: &std::path::Path, args: &[&str]) -> Value {
    let text = run_db(&[&["eval", "kalah-4"], args, &["--json"]].concat(), db)
        .ok()
        .to_owned();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn eval_searches_kalah_positions_outside_the_tablebase() {
    let db = tablebase(&[("kalah-4", 6)]);
    let full = tablebase(&[("kalah-4", 8)]);

    // Worked by hand from the start: S4 = 1 goes into South's store and South moves again, so
    // move 4 is worth 1 + the value of `1,1,1,1/1,1,1,0 S`. The search gives the first player
    // +2 (the value README.md's table gives for Kalah(4, 1)), proven.
    let json = eval_json(db, &[KALAH_4_1]);
    assert_eq!(json["source"], "search", "{json}");
    assert_eq!(json["exact"], true, "{json}");
    assert_eq!(json["value"]["score"], 2, "{json}");
    assert_eq!(json["value"]["depth"], Value::Null, "{json}");
    assert_eq!(json["outcome"], "win");
    assert_eq!(json["search"]["stopped_by"], Value::Null, "{json}");
    let evaluation = [
        "exact",
        "game_over",
        "moves",
        "outcome",
        "position",
        "search",
        "side",
        "source",
        "value",
        "variant",
    ];
    assert_eq!(keys(&json), evaluation);

    // The same values as a full solve to 8 seeds, for the position and every exact move.
    let truth = eval_json(full, &[KALAH_4_1]);
    assert_eq!(truth["source"], "tablebase", "{truth}");
    assert_eq!(truth["value"]["score"], json["value"]["score"]);
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[0]["best"], true);
    for m in moves.iter().filter(|m| m["exact"] == true) {
        let t = truth["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["move"] == m["move"])
            .unwrap();
        assert_eq!(t["value"]["score"], m["value"]["score"], "{m} vs {t}");
    }

    // Text output says where the values come from; exact values are unmarked.
    let ran = run_db(&["eval", "kalah-4", KALAH_4_1], db);
    let text = ran.ok();
    assert!(text.contains("South to move: score +2."), "{text}");
    assert!(
        text.contains("From a search, not the tablebase: exact"),
        "{text}"
    );

    // A budget too small: an estimate from the deepest iteration, marked, never an error.
    let json = eval_json(db, &["4,4,4,4/4,4,4,4 S", "--budget", "1000"]);
    assert_eq!(json["exact"], false, "{json}");
    assert_eq!(json["search"]["stopped_by"], "nodes", "{json}");
    assert_eq!(json["moves"].as_array().unwrap().len(), 4, "{json}");
    let ran = run_db(
        &["eval", "kalah-4", "4,4,4,4/4,4,4,4 S", "--budget", "1000"],
        db,
    );
    let text = ran.ok();
    assert!(text.contains("~score"), "{text}");
    assert!(
        text.contains("stopped by the budget of 1,000 nodes"),
        "{text}"
    );
}
