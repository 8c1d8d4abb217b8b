//! `POST /api/{variant}/analyse`: each move of a record judged against the best move, the
//! verdicts worked out by hand and recomputed here from `mancala eval --json`.

use mancala_solver::Variant::{AlManqala, RioKadalis};
use serde_json::json;

use crate::common::eval::{eval_json, outcome, points};
use crate::common::http::Server;
use crate::common::random::{self, Lcg};
use crate::{best_moves, small_tablebase};

/// The verdict the API documents, computed here from the values `eval` gives.
fn expected_verdict(wdl: bool, loss: i64, before: &str, after: &str) -> &'static str {
    if loss == 0 {
        return "best";
    }
    if before == "win" && after != "win" {
        return "blunder";
    }
    let by_loss = if wdl {
        "mistake"
    } else {
        match loss {
            1..=2 => "inaccuracy",
            3..=5 => "mistake",
            _ => "blunder",
        }
    };
    if before == "draw" && after == "loss" && by_loss == "inaccuracy" {
        "mistake"
    } else {
        by_loss
    }
}

#[test]
fn analyse_a_hand_worked_blunder() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    // Rio Kadalis, South to move with S1 = 1, S6 = 3, North's row empty; captured 20-22, so
    // South wins the game only by taking all four seeds (24-22; three would make 23-23).
    // * S1: the seed falls into the empty S2 and the move ends. North has no seed, so no move:
    //   the round ends and each side takes its own row, South all 4: +4 (the most there is),
    //   the game won 24-22.
    // * S6: three seeds go to N1, N2, N3 (the last into an empty pit). South keeps one seed
    //   and cannot take all four back, so the game is no longer won: a blunder, whatever the
    //   seeds it costs.
    let start = "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22";
    let body = json!({"position": start, "moves": ["6"]}).to_string();
    let r = server.post("/api/rio-kadalis/analyse", body.as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    let a = r.json();
    let m = &a["moves"][0];
    assert_eq!(m["move"], "6");
    assert_eq!(m["after"], "0,0,0,1,1,1/1,0,0,0,0,0 N 20-22");
    assert_eq!(m["value_before"], json!({"score": 4, "depth": 1}));
    assert_eq!(m["best_value"], json!({"score": 4, "depth": 1}));
    assert_eq!(m["best_moves"], json!(["1"]));
    assert_eq!(m["outcome_before"], "win");
    assert_ne!(m["outcome_after"], "win");
    assert_eq!(m["verdict"], "blunder", "{a}");
    // The kept value is the negation of North's value after the move, as `eval` gives it.
    let north = eval_json(db, "rio-kadalis", "0,0,0,1,1,1/1,0,0,0,0,0 N 20-22");
    let north_score = points(&north["value"]);
    assert_eq!(m["value_kept"]["score"], -north_score);
    assert_eq!(m["loss"], 4 + north_score);
    assert_eq!(a["summary"]["south"]["blunder"], 1);

    // The winning move is best, and ends the game 24-22.
    let body = json!({"position": start, "moves": [1]}).to_string();
    let a = server
        .post("/api/rio-kadalis/analyse", body.as_bytes())
        .json();
    assert_eq!(a["moves"][0]["verdict"], "best", "{a}");
    assert_eq!(a["moves"][0]["loss"], 0);
    assert_eq!(a["moves"][0]["value_kept"], json!({"score": 4, "depth": 1}));
    assert_eq!(a["moves"][0]["outcome_after"], "win");
    assert_eq!(a["end"], "0,0,0,0,0,0/0,0,0,0,0,0 N 24-22");
    assert_eq!(a["game_over"], json!({"south": 24, "north": 22}));
}

#[test]
fn analyse_a_small_loss_that_throws_away_the_win_is_a_blunder() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    // Al-manqala, South S4 = 1, S5 = 2, North N4 = 1. The tablebase gives S4 +4 and S5 +2; with
    // North 2 seeds ahead (20-22), +4 wins the game and +2 only draws it: S5 loses 2 seeds (an
    // inaccuracy by the seed scale) but throws away the win, so it is a blunder.
    let start = "0,0,0,1,0,0,0/0,0,0,1,2,0,0 S 20-22";
    let e = eval_json(db, "al-manqala", start);
    let value = |mv: &str| -> i64 {
        let moves = e["moves"].as_array().unwrap();
        points(&moves.iter().find(|m| m["move"] == mv).unwrap()["value"])
    };
    assert_eq!((value("4"), value("5")), (4, 2), "{e}");
    let r = server.post(
        "/api/al-manqala/analyse",
        br#"{"position": "0,0,0,1,0,0,0/0,0,0,1,2,0,0_S_20-22", "moves": "5"}"#,
    );
    let a = r.json();
    let m = &a["moves"][0];
    assert_eq!(m["loss"], 2, "{a}");
    assert_eq!(m["outcome_before"], "win");
    assert_eq!(m["outcome_after"], "draw");
    assert_eq!(m["verdict"], "blunder");
    // Without the captured seeds the same move is a mere inaccuracy.
    let r = server.post(
        "/api/al-manqala/analyse",
        br#"{"position": "0,0,0,1,0,0,0/0,0,0,1,2,0,0 S", "moves": ["5"]}"#,
    );
    assert_eq!(r.json()["moves"][0]["verdict"], "inaccuracy");
}

#[test]
fn analyse_random_records_agrees_with_eval() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    let mut rng = Lcg(23);
    let rio = random::position(&mut rng, RioKadalis, 12);
    let manqala = random::position(&mut rng, AlManqala, 8);
    let records = [
        ("rio-kadalis", "0,1,2,1,0,3/2,0,1,0,1,1 S 10-14".to_owned()),
        ("rio-kadalis", rio),
        ("al-manqala", random::with_captured(&mut rng, manqala, 20)),
        (
            "hawalis",
            "0,0,1,0,0,0,0/0,1,0,0,0,0,0/0,0,0,1,0,0,0/0,0,0,0,1,0,0 S".to_owned(),
        ),
    ];
    for (variant, start) in records {
        let wdl = variant == "hawalis";
        // Play random legal moves, remembering what `eval` said before each.
        let mut evals = Vec::new();
        let mut moves = Vec::new();
        let mut position = eval_json(db, variant, &start)["position"]
            .as_str()
            .unwrap()
            .to_owned();
        for _ in 0..10 {
            let e = eval_json(db, variant, &position);
            let list = e["moves"].as_array().unwrap().clone();
            if list.is_empty() {
                break;
            }
            let pick = &list[rng.below(list.len())];
            moves.push(pick["move"].as_str().unwrap().to_owned());
            position = pick["after"].as_str().unwrap().to_owned();
            evals.push((e, pick.clone()));
        }
        let body = json!({"position": start, "moves": moves}).to_string();
        let r = server.post(&format!("/api/{variant}/analyse"), body.as_bytes());
        assert_eq!(r.status, 200, "{variant} {start}: {}", r.body);
        let a = r.json();
        let analysed = a["moves"].as_array().unwrap();
        assert_eq!(analysed.len(), moves.len(), "{a}");
        for (i, (m, (e, pick))) in analysed.iter().zip(&evals).enumerate() {
            let ctx = format!("{variant} {start} move {i}: {m}");
            assert_eq!(m["index"], i, "{ctx}");
            assert_eq!(m["position"], e["position"], "{ctx}");
            assert_eq!(m["side"], e["side"], "{ctx}");
            assert_eq!(m["move"], pick["move"], "{ctx}");
            assert_eq!(m["after"], pick["after"], "{ctx}");
            assert_eq!(m["value_before"], e["value"], "{ctx}");
            assert_eq!(m["best_value"], e["moves"][0]["value"], "{ctx}");
            assert_eq!(m["value_kept"], pick["value"], "{ctx}");
            let loss = points(&e["moves"][0]["value"]) - points(&pick["value"]);
            assert_eq!(m["loss"], loss, "{ctx}");
            assert_eq!(m["best_moves"], json!(best_moves(e)), "{ctx}");
            assert_eq!(m["outcome_before"], e["outcome"], "{ctx}");
            let after = outcome(wdl, e["position"].as_str().unwrap(), &pick["value"]);
            assert_eq!(m["outcome_after"], after, "{ctx}");
            let verdict = expected_verdict(wdl, loss, e["outcome"].as_str().unwrap(), after);
            assert_eq!(m["verdict"], verdict, "{ctx}");
        }
        assert_eq!(a["end"], json!(position));
    }
}
