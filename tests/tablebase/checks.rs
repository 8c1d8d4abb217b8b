//! What every evaluation printed by `mancala eval --json` must satisfy: its own consistency, the
//! oracle's values, and the evaluations of the positions its moves lead to.

use std::path::Path;

use mancala_solver::{Position, Scoring};
use serde_json::Value as Json;

use crate::common::eval::{eval_json, outcome, val, Val};
use crate::common::position::{captured_of, mover_of};
use crate::oracle::{margin, Oracle};

/// docs/rules.md#values-and-depths sort key, larger is better: value first; among equal positive
/// values the smaller depth, among equal negative values the larger depth.
fn key((score, depth): Val) -> (i32, i64) {
    let d = depth.unwrap_or(0) as i64;
    (score, if score > 0 { -d } else { d })
}

/// The properties every evaluation has, whatever the position: moves best first by the
/// docs/rules.md#values-and-depths key, the best ones first and sharing one value, the position's
/// value that of its best move, a value's depth null exactly at score 0, and the outcome that
/// CAPTURED implies.
pub fn check_properties(json: &Json, scoring: Scoring) {
    let value = val(&json["value"]);
    assert_eq!(
        value.1.is_none(),
        value.0 == 0,
        "depth null exactly at 0: {json}"
    );
    let moves = json["moves"].as_array().unwrap();
    let vals: Vec<Val> = moves.iter().map(|m| val(&m["value"])).collect();
    for v in &vals {
        assert_eq!(v.1.is_none(), v.0 == 0, "depth null exactly at 0: {json}");
    }
    for w in vals.windows(2) {
        assert!(key(w[0]) >= key(w[1]), "moves not best first: {json}");
    }
    if json["game_over"].is_null() {
        assert!(
            !moves.is_empty(),
            "a game that is not over has moves: {json}"
        );
    } else {
        assert!(moves.is_empty(), "a finished game has no moves: {json}");
        assert_eq!(
            value.1.unwrap_or(0),
            0,
            "a finished game has depth 0: {json}"
        );
    }
    if let Some(first) = vals.first() {
        assert_eq!(value, *first, "the value is the best move's value: {json}");
        let best: Vec<bool> = moves.iter().map(|m| m["best"].as_bool().unwrap()).collect();
        for (i, b) in best.iter().enumerate() {
            assert_eq!(
                *b,
                vals[i] == *first,
                "best = the top value and depth: {json}"
            );
        }
    }
    let position = json["position"].as_str().unwrap();
    let side = ["S", "N"][mover_of(position)];
    assert_eq!(
        json["side"], side,
        "the side to move of the position: {json}"
    );
    let wdl = scoring == Scoring::WinDrawLoss;
    assert_eq!(
        json["outcome"],
        outcome(wdl, position, &json["value"]),
        "outcome from value and CAPTURED: {json}"
    );
}

/// The evaluation against the oracle: the position's value and every move's (the moves are
/// exactly the legal moves, each with its canonical position after).
pub fn check_against_oracle(json: &Json, oracle: &Oracle, p: &Position) {
    assert_eq!(json["position"], p.to_string(), "{json}");
    assert_eq!(
        val(&json["value"]),
        oracle.value_of(p),
        "value of {p}: {json}"
    );
    let successors = p.successors();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(
        moves.len(),
        successors.len(),
        "every legal move once: {json}"
    );
    for m in &successors {
        let mv = m.mv.to_string();
        let j = moves
            .iter()
            .find(|x| x["move"] == mv.as_str())
            .unwrap_or_else(|| panic!("move {mv} missing: {json}"));
        assert_eq!(j["after"], m.after.to_string(), "{json}");
        assert_eq!(
            val(&j["value"]),
            oracle.move_value(p, m),
            "value of move {mv} in {p}: {json}"
        );
    }
    assert_eq!(
        json["game_over"].is_null(),
        p.game_over().is_none(),
        "{json}"
    );
}

/// Every move's value against `eval` of the position after it: a move that captures nothing
/// and passes the turn is worth minus the value after it and one ply more; a capture is worth
/// its margin minus the value after it, in one ply; a move that ends the game is worth what it
/// allocates, in one ply.
pub fn check_moves_against_after(db: &Path, json: &Json, scoring: Scoring) {
    let variant = json["variant"].as_str().unwrap();
    let position = json["position"].as_str().unwrap();
    let before = captured_of(position);
    let mover = mover_of(position);
    for m in json["moves"].as_array().unwrap() {
        let after_text = m["after"].as_str().unwrap();
        let after = eval_json(db, variant, after_text);
        check_properties(&after, scoring);
        let (mv_score, mv_depth) = val(&m["value"]);
        let (af_score, af_depth) = val(&after["value"]);
        let cap = captured_of(after_text);
        let gain = margin(scoring, mover, before, cap);
        assert_ne!(
            after["side"], json["side"],
            "no extra turns in these variants: {m}"
        );
        if !after["game_over"].is_null() {
            // The game ended with this move (or the opponent is left without a move).
            let expect = match scoring {
                Scoring::Score => gain,
                Scoring::WinDrawLoss => 1,
            };
            assert_eq!(mv_score, expect, "{position} {m}");
            assert_eq!(mv_depth, (expect != 0).then_some(1), "{position} {m}");
        } else if cap == before {
            assert_eq!(mv_score, -af_score, "{position} {m} vs {after}");
            assert_eq!(
                mv_depth,
                af_depth.map(|d| d + 1),
                "{position} {m} vs {after}"
            );
        } else {
            assert_eq!(mv_score, gain - af_score, "{position} {m} vs {after}");
            assert_eq!(mv_depth, (mv_score != 0).then_some(1), "{position} {m}");
        }
    }
}
