//! What `mancala eval --json` prints, as the independent reference of the other tests: the
//! binary run as a separate process on the same file.

use std::path::Path;

use serde_json::Value as Json;

use super::bin::run_db;
use super::position::{captured_of, mover_of};

/// The keys of a JSON object, sorted, to compare with the documented ones.
pub fn keys(json: &Json) -> Vec<&str> {
    let mut keys: Vec<&str> = json
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {json}"))
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// `mancala eval VARIANT POSITION --json --db DB`, parsed, after checking that it is one line of
/// JSON with the documented keys of an evaluation (each move's sowing starting at its pit) from the tablebase (`source: tablebase`, every
/// value exact, no `search`).
pub fn eval_json(db: &Path, variant: &str, position: &str) -> Json {
    let out = run_db(&["eval", variant, position, "--json"], db)
        .ok()
        .to_owned();
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}");
    let json: Json = serde_json::from_str(&out).expect("eval prints valid JSON");
    let top = [
        "exact",
        "game_over",
        "moves",
        "outcome",
        "position",
        "side",
        "source",
        "value",
        "variant",
    ];
    assert_eq!(keys(&json), top, "{out}");
    assert_eq!(json["variant"], variant, "{out}");
    assert_eq!(json["source"], "tablebase", "{out}");
    assert_eq!(json["exact"], true, "{out}");
    for m in json["moves"].as_array().expect("moves is an array") {
        assert_eq!(
            keys(m),
            ["after", "best", "exact", "move", "sowing", "value"],
            "{out}"
        );
        assert_eq!(m["exact"], true, "{out}");
        // The sowing starts by lifting the seeds of the pit played (a pass sows nothing).
        let sowing = m["sowing"].as_array().expect("sowing is an array");
        match m["move"].as_str() {
            Some("pass") => assert!(sowing.is_empty(), "{out}"),
            Some(pit) => {
                assert_eq!(sowing[0]["step"], "lift", "{out}");
                assert_eq!(
                    sowing[0]["pit"],
                    format!("{}{pit}", json["side"].as_str().unwrap_or_default()),
                    "{out}"
                );
            }
            None => panic!("move is a string: {out}"),
        }
    }
    json
}

/// A value as (score, depth): `score` of a score game, or `result` win/draw/loss read as
/// 1/0/-1; depth `None` where it is null.
pub type Val = (i32, Option<u32>);

/// Reads a JSON value object, checking its shape: exactly one of `score` and `result`, and a
/// `depth` always given (null at 0).
pub fn val(v: &Json) -> Val {
    let score = if let Some(s) = v.get("score") {
        assert!(v.get("result").is_none(), "both score and result: {v}");
        s.as_i64().expect("score is an integer") as i32
    } else {
        match v["result"].as_str().expect("score or result") {
            "win" => 1,
            "draw" => 0,
            "loss" => -1,
            other => panic!("result {other}"),
        }
    };
    assert!(
        v.get("depth").is_some(),
        "depth is always given (null at 0): {v}"
    );
    let depth = match &v["depth"] {
        Json::Null => None,
        d => Some(d.as_u64().expect("depth is a number") as u32),
    };
    (score, depth)
}

/// The score of a JSON value object (win/draw/loss as 1/0/-1).
pub fn points(v: &Json) -> i64 {
    val(v).0.into()
}

/// The game's result for the side to move, as the API and `eval` name it: from the value alone
/// in a win/draw/loss game, else from what each side has captured plus the value.
pub fn outcome(wdl: bool, position: &str, value: &Json) -> &'static str {
    let p = points(value);
    let m = if wdl {
        p
    } else {
        let captured = captured_of(position);
        let me = mover_of(position);
        i64::from(captured[me]) + p - i64::from(captured[1 - me])
    };
    ["loss", "draw", "win"][(m.signum() + 1) as usize]
}
