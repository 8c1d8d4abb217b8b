//! Values of endgames worked out by hand, as `eval` prints them from the small tablebase.

use mancala_solver::Scoring;
use serde_json::json;

use crate::checks::{check_moves_against_after, check_properties};
use crate::common::bin::run_db;
use crate::common::eval::{eval_json, val, Val};
use crate::common::position::{captured_of, four_row};
use crate::small_tablebase;

#[test]
fn rio_kadalis_binikh_worked_by_hand() {
    let db = small_tablebase();
    // North: N6 = 4. South: S1 = 1, S2 = 3. South to move; 8 seeds.
    //
    // S1: its one seed makes S2 hold 4 with the last seed of the hand: binikh, South captures 4
    //     (+4). North is left with N6 = 4 and its only move sows S1..S4 one each (no pit
    //     reaches 4; the last seed falls into empty S4 and the sowing ends). South then has 4
    //     seeds and North none: S4 -> S5 ends in an empty pit and North cannot move, so the
    //     round ends and South takes its own 4 (+4), at once. So S1 is worth 4 + 4 = 8, every
    //     seed on the board, and as a capture it is 1 ply deep: value +8, depth 1.
    // S2: sows S3, S4, S5 and ends in empty S5: no capture, so at best +8 in 2 plies or more:
    //     not a best move.
    let p = "4,0,0,0,0,0/1,3,0,0,0,0 S";
    let json = eval_json(db, "rio-kadalis", p);
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (8, Some(1)), "{json}");
    assert_eq!(json["outcome"], "win");
    assert!(json["game_over"].is_null());
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{json}");
    assert_eq!(moves[0]["move"], "1");
    assert_eq!(moves[0]["after"], "4,0,0,0,0,0/0,0,0,0,0,0 N 4-0");
    assert_eq!(val(&moves[0]["value"]), (8, Some(1)));
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[1]["move"], "2");
    assert_eq!(moves[1]["after"], "4,0,0,0,0,0/1,0,1,1,1,0 N");
    assert_eq!(moves[1]["best"], false);
    let (s2, d2) = val(&moves[1]["value"]);
    assert!(s2 < 8 || d2.unwrap() >= 2, "{json}");

    // After the binikh North must sow N6, and then South takes the rest in one ply:
    // North's value is -4 in 2 plies, South's after that +4 in 1 ply.
    let after = eval_json(db, "rio-kadalis", "4,0,0,0,0,0/0,0,0,0,0,0 N 4-0");
    check_properties(&after, Scoring::Score);
    assert_eq!(val(&after["value"]), (-4, Some(2)), "{after}");
    assert_eq!(after["outcome"], "loss"); // North: 0 + (-4) against 4
    assert_eq!(after["moves"].as_array().unwrap().len(), 1);
    assert_eq!(after["moves"][0]["move"], "6");
    assert_eq!(after["moves"][0]["after"], "0,0,0,0,0,0/1,1,1,1,0,0 S 4-0");
    // South: S1..S4 = 1, North empty. S1 -> S2 (2, lifted) -> S3, S4 (2, lifted) -> S5, S6;
    // S2 -> S3 (lifted) -> S4 (lifted) -> S5, S6; S3 -> S4 (lifted) -> S5, S6; S4 -> S5. Every
    // move ends in an empty pit of South's row with North's row still empty: North cannot
    // move, the round ends and South takes its 4 seeds. All four moves: +4 in 1 ply.
    let last = eval_json(db, "rio-kadalis", "0,0,0,0,0,0/1,1,1,1,0,0 S 4-0");
    check_properties(&last, Scoring::Score);
    assert_eq!(val(&last["value"]), (4, Some(1)), "{last}");
    let mut all: Vec<(String, Val, bool)> = last["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_owned(),
                val(&m["value"]),
                m["best"] == true,
            )
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    let expect: Vec<(String, Val, bool)> = ["1", "2", "3", "4"]
        .map(|m| (m.to_owned(), (4, Some(1)), true))
        .to_vec();
    assert_eq!(all, expect, "{last}");
    // The game is then over: South took 4 + 4.
    let end = eval_json(db, "rio-kadalis", "0,0,0,0,0,0/0,0,0,0,0,0 N 8-0");
    assert_eq!(end["game_over"], json!({"south": 8, "north": 0}));
    assert_eq!(val(&end["value"]), (0, None));
    assert_eq!(end["outcome"], "loss");

    check_moves_against_after(db, &json, Scoring::Score);

    // The text form says the same.
    let ran = run_db(&["eval", "rio-kadalis", p], db);
    let out = ran.ok();
    assert!(out.contains("+8") && out.contains("depth 1"), "{out}");
    assert!(out.contains("wins"), "{out}");
    assert!(out.contains("4,0,0,0,0,0/0,0,0,0,0,0 N 4-0"), "{out}");
}

#[test]
fn the_outcome_counts_what_was_captured() {
    let db = small_tablebase();
    // The binikh position is worth +8 to South (worked out above).
    // South 0, North 8 captured: 0 + 8 = 8: a draw. South 8, North 0: a win. North 12: a loss.
    for (captured, outcome) in [
        ("0-8", "draw"),
        ("8-0", "win"),
        ("0-12", "loss"),
        ("4-8", "win"),
    ] {
        let p = format!("4,0,0,0,0,0/1,3,0,0,0,0 S {captured}");
        let json = eval_json(db, "rio-kadalis", &p);
        assert_eq!(json["position"], p.as_str());
        assert_eq!(
            val(&json["value"]),
            (8, Some(1)),
            "CAPTURED changes no value: {json}"
        );
        assert_eq!(json["outcome"], outcome, "{json}");
        // Moves carry CAPTURED along: the binikh adds 4 to South's.
        let [s, n] = captured_of(&p);
        assert_eq!(
            json["moves"][0]["after"],
            format!("4,0,0,0,0,0/0,0,0,0,0,0 N {}-{n}", s + 4)
        );
        check_properties(&json, Scoring::Score);
    }
    // North to move after the binikh is worth -4 to North: North 0 against South 4 -> loss;
    // North 8 against 0: 8 - 4 = 4 > 0, a win; North 4 against 0: 0, a draw.
    for (captured, outcome) in [("4-0", "loss"), ("0-8", "win"), ("0-4", "draw")] {
        let p = format!("4,0,0,0,0,0/0,0,0,0,0,0 N {captured}");
        let json = eval_json(db, "rio-kadalis", &p);
        assert_eq!(val(&json["value"]), (-4, Some(2)), "{json}");
        assert_eq!(json["outcome"], outcome, "{json}");
    }
}

#[test]
fn hawalis_captures_and_the_side_without_a_move_loses() {
    let db = small_tablebase();
    // South: S7 = 1. North: N14 = 1 (inner, facing S8) and N1 = 1 (outer, behind N14).
    // South has no pit of 2 or more; S7 holds 1 and the next pit S8 is empty, so 7 is the only
    // move. The seed ends in S8, an empty pit of South's inner row, and the pit opposite, N14,
    // holds a seed: captured, and N1 behind it too. North is left with no seeds, has no move
    // and loses. So: win in 1 ply.
    let p = "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S";
    assert_eq!(
        p,
        four_row(
            &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
            &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
            'S'
        )
    );
    let json = eval_json(db, "hawalis", p);
    check_properties(&json, Scoring::WinDrawLoss);
    assert_eq!(json["value"], json!({"result": "win", "depth": 1}));
    assert_eq!(json["outcome"], "win");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{json}");
    assert_eq!(moves[0]["move"], "7");
    let after = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0 N 2-0";
    assert_eq!(moves[0]["after"], after);
    assert_eq!(moves[0]["value"], json!({"result": "win", "depth": 1}));

    // North to move there has no seeds, so no legal move: a loss, the game over, depth 0.
    let json = eval_json(db, "hawalis", after);
    check_properties(&json, Scoring::WinDrawLoss);
    assert_eq!(json["value"], json!({"result": "loss", "depth": 0}));
    assert_eq!(json["outcome"], "loss");
    assert!(!json["game_over"].is_null());
    assert_eq!(json["moves"], json!([]));

    // Same with seeds left to the opponent only: South to move with none loses.
    let json = eval_json(
        db,
        "hawalis",
        "0,0,0,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
    );
    assert_eq!(json["value"], json!({"result": "loss", "depth": 0}));
    assert!(!json["game_over"].is_null());
}

#[test]
fn al_manqala_starvation_and_feeding() {
    let db = small_tablebase();
    // North's row is empty; South: S1 = 1, S2 = 1. South must feed North, but S1 -> S2 makes 2
    // there (captured, North still empty) and S2 -> S3 stays in South's row: no move feeds. The
    // game ends and the starved North takes the 2 seeds left: South's value is -2, over.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S");
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (-2, Some(0)), "{json}");
    assert_eq!(json["game_over"], json!({"south": 0, "north": 2}));
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["moves"], json!([]));
    // With 2 captured already by South against none, the same end is a draw; with 4, a win.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S 2-0");
    assert_eq!(json["outcome"], "draw");
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S 4-0");
    assert_eq!(json["outcome"], "win");

    // South: S6 = 1, S7 = 1, North empty. S6 -> S7 makes 2 there, captured, and leaves North
    // empty: not feeding, so not legal. S7 -> N1 feeds: the only move.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/0,0,0,0,0,1,1 S");
    check_properties(&json, Scoring::Score);
    let moves: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["7"], "{json}");
    assert_eq!(json["moves"][0]["after"], "0,0,0,0,0,0,1/0,0,0,0,0,1,0 N");

    // South: S7 = 1, North: N1 = 1. S7 -> N1 makes 2 there: captured (+2), the board is empty
    // and the game over. +2 in 1 ply.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S");
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (2, Some(1)), "{json}");
    assert_eq!(
        json["moves"][0]["after"],
        "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 2-0"
    );
}
