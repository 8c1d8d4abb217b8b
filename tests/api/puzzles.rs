//! Puzzles. `serve` generates a starter set on a database without puzzles; the definition of
//! each puzzle is checked in the puzzles crate's tests, the routes here.

use std::path::Path;

use serde_json::json;

use crate::common::eval::{eval_json, outcome};
use crate::common::http::Server;
use crate::common::scratch::scratch;
use crate::small_tablebase;

/// The winning moves of a position with South to move according to `mancala eval` (a separate
/// process), and a legal move that loses the game (by the same evaluation), if any.
fn winning_and_losing(db: &Path, variant: &str, position: &str) -> (Vec<String>, Option<String>) {
    let e = eval_json(db, variant, position);
    let wdl = e["value"]["result"].is_string();
    let moves = e["moves"].as_array().unwrap();
    let (winning, losing): (Vec<_>, Vec<_>) = moves
        .iter()
        .partition(|m| outcome(wdl, position, &m["value"]) == "win");
    let text = |m: &serde_json::Value| m["move"].as_str().unwrap().to_owned();
    (
        winning.into_iter().map(text).collect(),
        losing.into_iter().next().map(text),
    )
}

#[test]
fn puzzles_are_served_without_their_solution_and_attempts_are_judged_and_rated() {
    let db = scratch("puzzles").join("p.db");
    std::fs::copy(small_tablebase(), &db).unwrap();
    let server = Server::start(&db, &[]);

    // A puzzle to solve: no solution, South to move, a position of the variant.
    let next = server.get("/api/puzzles/next?variant=rio-kadalis");
    assert_eq!(next.status, 200, "{}", next.body);
    let p = next.json();
    assert!(p.get("solution").is_none(), "{p}");
    assert_eq!(p["variant"], "rio-kadalis");
    assert_eq!(p["side"], "S");
    let id = p["id"].as_i64().unwrap();
    let position = p["position"].as_str().unwrap().to_owned();
    assert!(position.contains(" S "), "{position}");
    let attempt = format!("/api/puzzles/{id}/attempt");

    // By id: the solution, whose first move is the only winning move by `mancala eval`.
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let solution: Vec<String> = full["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    let (winning, losing) = winning_and_losing(&db, "rio-kadalis", &position);
    // The solution's first move wins (and is the best: other winning moves, if any, give up at
    // least 4 seeds, which the puzzles crate's tests check).
    assert!(winning.contains(&solution[0]), "{position}: {winning:?}");

    // The first move, right: the opponent answers with the stored line's reply.
    let body = json!({"moves": [solution[0]]}).to_string();
    let r = server.post(&attempt, body.as_bytes()).json();
    assert_eq!(r["correct"], true, "{r}");
    if solution.len() > 2 {
        assert_eq!(r["complete"], false, "{r}");
        assert_eq!(r["reply"], solution[1].as_str(), "{r}");
        assert!(r.get("rating").is_none(), "not rated before the end: {r}");
    }

    // The whole solution (the solver's moves): solved, recorded, and the puzzle loses rating.
    let mine: Vec<&String> = solution.iter().step_by(2).collect();
    let body = json!({"moves": mine, "rating": 1500}).to_string();
    let done = server.post(&attempt, body.as_bytes()).json();
    assert_eq!(
        (done["correct"].clone(), done["complete"].clone()),
        (json!(true), json!(true)),
        "{done}"
    );
    let old = full["rating"].as_f64().unwrap();
    let after_solve = done["rating"].as_f64().unwrap();
    assert!(after_solve < old, "{old} -> {after_solve}");
    let reread = server.get(&format!("/api/puzzles/{id}")).json();
    // A one-move line was already solved (and recorded) by the first attempt above.
    let plays = if solution.len() > 2 { 1 } else { 2 };
    assert_eq!(reread["plays"], plays, "{reread}");
    assert_eq!(reread["rating"].as_f64().unwrap(), after_solve);

    // A losing first move: wrong, with the winning move named, and the puzzle gains rating.
    if let Some(bad) = losing {
        let body = json!({"moves": [bad]}).to_string();
        let failed = server.post(&attempt, body.as_bytes()).json();
        assert_eq!(failed["correct"], false, "{failed}");
        assert_eq!(failed["wrong_move"], 0, "{failed}");
        assert_eq!(failed["winning_moves"], json!(winning), "{failed}");
        assert_eq!(failed["solution"], full["solution"], "{failed}");
        assert!(failed["rating"].as_f64().unwrap() > after_solve, "{failed}");
    }

    // Errors.
    server.get("/api/puzzles/999999").error(404, Some("id"));
    server.get("/api/puzzles/abc").error(400, Some("id"));
    let next = |query: &str| server.get(&format!("/api/puzzles/next?{query}"));
    next("variant=chess").error(404, Some("variant"));
    next("min_rating=high").error(400, Some("min_rating"));
    next("theme=noSuchTheme").error(404, Some("id"));
    server
        .post(&attempt, b"{\"mvs\": []}")
        .error(400, Some("body"));
    server.post(&attempt, b"not json").error(400, Some("body"));
    let illegal = server
        .post(&attempt, b"{\"moves\": [\"9\"]}")
        .error(400, Some("moves[0]"));
    assert_eq!(illegal["index"], 0, "{illegal}");
    let big = format!("{{\"moves\": [\"{}\"]}}", "1".repeat(70_000));
    server
        .post(&attempt, big.as_bytes())
        .error(413, Some("body"));
    // A rating filter that matches: every puzzle served is in range.
    for _ in 0..5 {
        let p = next("min_rating=1000&max_rating=1400").json();
        let r = p["rating"].as_f64().unwrap();
        assert!((1000.0..=1400.0).contains(&r), "{p}");
    }
}
