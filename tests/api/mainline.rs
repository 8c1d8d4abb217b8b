//! `GET /api/{variant}/mainline`: every line is replayed against `mancala eval --json` and must
//! realise, seed by seed, the value it claims.

use std::collections::BTreeMap;
use std::path::Path;

use mancala_solver::Variant::{self, AlManqala, Hawalis, RioKadalis, RioKadalis5};
use serde_json::{json, Value};

use crate::common::eval::{eval_json, points};
use crate::common::http::{q, Server};
use crate::common::position::{captured_of, seeds_on_board};
use crate::common::random::{self, Lcg};
use crate::{common, small_tablebase};

/// Checks a main line against the rules and against the value it claims; returns it.
fn check_mainline(server: &Server, db: &Path, variant: Variant, position: &str) -> Value {
    let r = server.get(&format!("/api/{variant}/mainline?position={}", q(position)));
    assert_eq!(r.status, 200, "{variant} {position}: {}", r.body);
    let line = r.json();
    let ctx = format!("{variant} {position}: {line}");
    let start = eval_json(db, variant.id(), position);
    assert_eq!(line["position"], start["position"], "{ctx}");
    assert_eq!(line["value"], start["value"], "{ctx}");
    assert_eq!(line["outcome"], start["outcome"], "{ctx}");
    let wdl = start["value"]["result"].is_string();
    let steps = line["steps"].as_array().expect("steps");
    // Every step plays the best move of the position it starts from, as `eval` says.
    let mut here = start.clone();
    let mut net = 0i64; // seeds gained by the starting side minus its opponent's, along the line
    let start_side = start["side"].as_str().unwrap().to_owned();
    for (i, step) in steps.iter().enumerate() {
        let ply = format!("ply {} {ctx}", i + 1);
        assert_eq!(step["ply"], i + 1, "{ctx}");
        assert_eq!(step["side"], here["side"], "{ply}");
        assert_eq!(step["move"], here["moves"][0]["move"], "{ply}");
        assert_eq!(step["position"], here["moves"][0]["after"], "{ply}");
        assert_eq!(step["value"], here["value"], "{ply}");
        let (s, n) = (
            step["captured"]["south"].as_i64().unwrap(),
            step["captured"]["north"].as_i64().unwrap(),
        );
        net += if start_side == "S" { s - n } else { n - s };
        // The value changes as the rules say: a quiet move hands the negated value to the
        // opponent with one ply less to go; a capture adds what it took.
        if let Some(next) = steps.get(i + 1) {
            let (v, w) = (&step["value"], &next["value"]);
            let quiet = s == 0 && n == 0 && step["extra_turn"] == false;
            let sign = if step["extra_turn"] == true { 1 } else { -1 };
            if wdl {
                assert_eq!(points(v), sign * points(w), "{ply}");
            } else {
                let mover_gain = if step["side"] == "S" { s - n } else { n - s };
                assert_eq!(points(v), mover_gain + sign * points(w), "{ply}");
            }
            if quiet && !v["depth"].is_null() {
                let (d, e) = (v["depth"].as_i64(), w["depth"].as_i64());
                assert_eq!(d.unwrap(), e.unwrap() + 1, "{ply}");
            }
            if !quiet && !v["depth"].is_null() {
                assert_eq!(v["depth"], 1, "a capture ends a depth count: {ply}");
            }
            assert_eq!(step["ends_game"], false, "{ctx}");
            here = eval_json(db, variant.id(), step["position"].as_str().unwrap());
        } else if line["end"] != "game_over" {
            here = eval_json(db, variant.id(), step["position"].as_str().unwrap());
        }
    }
    let start_position = start["position"].as_str().unwrap();
    let totals = &line["totals"];
    match line["end"].as_str().unwrap() {
        "game_over" => {
            assert_eq!(line["game_over"], true, "{ctx}");
            assert_eq!(line["endless"], false, "{ctx}");
            if let Some(last) = steps.last() {
                assert_eq!(last["ends_game"], true, "{ctx}");
                // A move that ends the game is one ply to the end.
                assert!(
                    matches!(last["value"]["depth"].as_i64(), None | Some(1)),
                    "{ctx}"
                );
            } else {
                assert!(!start["game_over"].is_null(), "{ctx}");
            }
            if !wdl {
                // Every seed is accounted for at the end: what was captured plus the board.
                let [south, north] = captured_of(start_position);
                assert_eq!(
                    totals["south"].as_u64().unwrap() + totals["north"].as_u64().unwrap(),
                    u64::from(south + north + seeds_on_board(start_position)),
                    "{ctx}"
                );
                // The line realises the value: the starting side gains exactly its score.
                assert_eq!(net, points(&start["value"]), "{ctx}");
            }
        }
        "repetition" => {
            assert_eq!(line["endless"], true, "{ctx}");
            assert_eq!(line["game_over"], false, "{ctx}");
            let last = steps.last().expect("a repetition needs a move");
            assert_eq!(line["repeated"], last["position"], "{ctx}");
            let from = line["repeated_from_ply"].as_u64().unwrap() as usize;
            assert!(from < steps.len(), "{ctx}");
            let first = if from == 0 {
                start["position"].clone()
            } else {
                steps[from - 1]["position"].clone()
            };
            // The same board and side to move (CAPTURED may differ only if seeds left the
            // board, which cannot happen inside a cycle).
            assert_eq!(first, line["repeated"], "{ctx}");
            assert!(here["value"]["depth"].is_null(), "endless play: {ctx}");
            if !wdl {
                assert_eq!(net, points(&start["value"]), "{ctx}");
            }
        }
        other => panic!("line ended by {other}: {ctx}"),
    }
    // The winner agrees with the outcome claimed for the start.
    let start_name = if start_side == "S" { "south" } else { "north" };
    match start["outcome"].as_str().unwrap() {
        "win" => assert_eq!(line["winner"], start_name, "{ctx}"),
        "draw" => assert!(line["winner"].is_null(), "{ctx}"),
        _ => assert!(
            line["winner"].is_string() && line["winner"] != start_name,
            "{ctx}"
        ),
    }
    line
}

#[test]
fn mainline_plays_perfectly_to_the_end() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    // S1: the one seed makes S2 = 4 with the last seed (binikh): South captures 4 and North
    // then takes its own 4 (see `analyse_errors`), a draw; the rest is checked by the rules.
    let line = check_mainline(&server, db, RioKadalis, "0,0,1,1,1,1/1,3,0,0,0,0 S");
    assert_eq!(line["steps"][0]["move"], "1");
    assert_eq!(
        line["steps"][0]["captured"],
        json!({"south": 4, "north": 0})
    );
    // A won four-row ending, long enough to exercise the depth rule.
    let line = check_mainline(
        &server,
        db,
        Hawalis,
        "0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,1,0/0,0,0,0,0,0,0 S",
    );
    assert_eq!(line["value"], json!({"result": "win", "depth": 16}));
    assert_eq!(line["winner"], "south");
    // A game already over: no steps, the final totals.
    let line = check_mainline(&server, db, RioKadalis, "0,0,0,0,0,0/0,0,0,0,0,0 N 30-18");
    assert_eq!(line["steps"], json!([]));
    assert_eq!(line["totals"], json!({"south": 30, "north": 18}));
    assert_eq!(line["winner"], "south");
    // Random positions of every solved variant.
    let mut rng = Lcg(11);
    let mut ends = BTreeMap::new();
    let mut end = |line: Value| {
        *ends
            .entry(line["end"].as_str().unwrap().to_owned())
            .or_insert(0) += 1
    };
    for i in 0..8 {
        let p = random::position(&mut rng, RioKadalis, 4 * (1 + i % 3));
        let p = random::with_captured(&mut rng, p, 16);
        end(check_mainline(&server, db, RioKadalis, &p));
    }
    for i in 0..8 {
        let p = random::position(&mut rng, AlManqala, 2 * (1 + i % 4));
        let p = random::with_captured(&mut rng, p, 30);
        end(check_mainline(&server, db, AlManqala, &p));
    }
    for _ in 0..4 {
        let p = random::position(&mut rng, Hawalis, 4);
        check_mainline(&server, db, Hawalis, &p);
    }
    assert!(ends.contains_key("game_over"), "{ends:?}");
}

#[test]
fn mainline_of_endless_play_stops_at_the_first_repetition() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    // Al-manqala, one seed each: South S3, North N3. Only a seed sown onto the other makes a 2
    // (a capture); neither side can force that, so the value is that of endless play and the
    // line goes round until a position comes back.
    let line = check_mainline(&server, db, AlManqala, "0,0,0,0,1,0,0/0,0,1,0,0,0,0 S");
    assert_eq!(line["end"], "repetition");
    assert_eq!(line["endless"], true);
    assert_eq!(line["value"], json!({"score": 0, "depth": null}));
    assert!(line["winner"].is_null());
    for step in line["steps"].as_array().unwrap() {
        assert_eq!(step["value"], json!({"score": 0, "depth": null}), "{line}");
    }
}

#[test]
fn a_line_from_a_proven_value_beyond_the_tablebase_keeps_it_at_every_ply() {
    // Rio Kadalis with five holes, 16 seeds on the board: served from a tablebase of up to 8
    // seeds, so that the line's first positions are searched; each ply's value is checked
    // against a tablebase of up to 16 seeds, which the retrograde solver made without search.
    let served = common::scratch::tablebase(&[("rio-kadalis-5", 8)]);
    let reference = common::scratch::tablebase(&[("rio-kadalis-5", 16)]);
    let server = Server::start(served, &[]);
    let truth = Server::start(reference, &[]);
    let value_of = |position: &str| -> Value {
        let r = truth.get(&format!("/api/rio-kadalis-5?position={}", q(position)));
        assert_eq!(r.status, 200, "{position}: {}", r.body);
        r.json()["value"]["score"].clone()
    };
    let mut rng = Lcg(52);
    let mut proven = 0;
    for _ in 0..6 {
        let position = random::position(&mut rng, RioKadalis5, 16);
        let r = server.get(&format!(
            "/api/rio-kadalis-5/mainline?position={}",
            q(&position)
        ));
        assert_eq!(r.status, 200, "{position}: {}", r.body);
        let line = r.json();
        if line["exact"] != true {
            continue; // the start's value is an estimate: the line is searched, as it says
        }
        proven += 1;
        assert_eq!(line["estimates_from"], Value::Null, "{line}");
        assert_eq!(line["value"]["score"], value_of(&position), "{position}");
        let mut before = position.clone();
        let mut beyond = 0;
        for step in line["steps"].as_array().unwrap() {
            assert_eq!(step["exact"], true, "{line}");
            assert_eq!(
                step["value"]["score"],
                value_of(&before),
                "ply {}: {line}",
                step["ply"]
            );
            beyond += usize::from(seeds_on_board(&before) > 8);
            before = step["position"].as_str().unwrap().to_owned();
        }
        assert!(
            beyond > 0,
            "the line starts beyond the served tablebase: {line}"
        );
    }
    assert!(
        proven >= 2,
        "only {proven} of 6 starts proven: too few to test"
    );
}
