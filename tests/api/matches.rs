//! `POST /api/{variant}/match`: Rio Kadalis matches replayed round by round. Every round's
//! moves below were played out by hand from RULES.md (the open pits in their ring order, each
//! seed dropped, fours taken mid-sowing by the pit's owner, binikh by the mover, a last seed
//! into an empty pit ending the move), and so were the next rounds' boards, reserves and
//! starters from what each side won.

use serde_json::{json, Value};

use crate::common::http::{Response, Server};
use crate::{best_moves, small_tablebase};

fn post(server: &Server, variant: &str, body: Value) -> Response {
    server.post(
        &format!("/api/{variant}/match"),
        body.to_string().as_bytes(),
    )
}

/// The match a record makes, which must be a 200.
fn played(server: &Server, variant: &str, body: Value) -> Value {
    let r = post(server, variant, body);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Asserts that the error `e` names `field` and its message says `text`.
fn assert_says(e: &Value, field: &str, text: &str) {
    assert_eq!(e["field"], field, "{e}");
    assert!(e["error"].as_str().unwrap().contains(text), "{e}");
}

fn totals(south: u32, north: u32) -> Value {
    json!({"south": south, "north": north})
}

/// Asserts that the first round of the match `m` was won `won` and left `winnings` (seeds each
/// side), and that the next round starts as `next`.
fn assert_first_round(m: &Value, won: Value, winnings: Value, next: Value) {
    assert_eq!(
        m["rounds"][0]["result"],
        json!({"won": won, "winnings": winnings})
    );
    assert_eq!(m["rounds"][1]["start"], next);
}

/// Six holes, taken up where South has one pit open (S6) with 3 in reserve and North all six
/// with 17: 4 + 3 + 24 + 17 = 48.
fn one_pit_start() -> Value {
    json!({"open": totals(1, 6), "reserve": totals(3, 17), "starter": "south"})
}

#[test]
fn a_reserve_carried_into_the_next_round_and_a_match_drawn_by_repetition() {
    let server = Server::start(small_tablebase(), &[]);
    // Round 1, ring S6 N1 .. N6, 4 each.
    // 1. S6: N1-N4 get 5 each, N4 relays 5 (N5 5, N6 5, S6 1, N1 6, N2 6), N2 relays 6 (N3 6,
    //    N4 1, N5 6, N6 6, S6 2, N1 7), N1 relays 7 (N2 1, N3 7, N4 2, N5 7, N6 7, S6 3, N1 1:
    //    empty, the end). S6 3, N1-N6 1 1 7 2 7 7.
    // 2. N4 (2): N5 8, N6 8 relays 8: S6 4 mid-sowing (South takes it), N1 2, N2 2, N3 8,
    //    N4 1, N5 9, N6 1, S6 1 (empty, the end). S6 1, N 2 2 8 1 9 1; South 4.
    // 3. S6 (1): N1 3 relays (N2 3, N3 9, N4 2) relays (N5 10, N6 2) relays (S6 1, N1 1: the
    //    end). S6 1, N 1 3 9 0 10 0.
    // 4. N3 (9): N4 1, N5 11, N6 1, S6 2, N1 2, N2 4 (North takes it), N3 1, N4 2, N5 12
    //    relays 12: N6 2, S6 3, N1 3, N2 1, N3 2, N4 3, N5 1, N6 3, S6 4 (South's), N1 4
    //    (North's), N2 2, N3 3 relays 3: N4 4 (North's), N5 2, N6 4 by the last seed: binikh,
    //    North's. Board: N2 2, N5 2; South has taken 8, North 16.
    // South has no seed: the round ends, North takes its row's 4. Won: South 8, North 20.
    // Winnings: South 8 + 3 = 11, two pits and 3 over; North 20 + 17 = 37, six pits and 13
    // over. South won fewer: South starts round 2, its pits 5 and 6 open again.
    let first = vec!["6", "4", "6", "3"];
    let m = played(
        &server,
        "rio-kadalis",
        json!({"start": one_pit_start(), "rounds": [first]}),
    );
    assert_eq!(m["variant"], "rio-kadalis");
    let rounds = m["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{m}");
    assert_eq!(rounds[0]["start"]["position"], "4,4,4,4,4,4/x,x,x,x,x,4 S");
    assert_eq!(rounds[0]["position"], "0,0,0,0,0,0/x,x,x,x,x,0 S 8-20");
    assert_eq!(
        rounds[0]["result"],
        json!({"won": totals(8, 20), "winnings": totals(11, 37)})
    );
    let second = &rounds[1];
    assert_eq!(second["round"], 2);
    assert_eq!(
        second["start"],
        json!({"open": totals(2, 6), "reserve": totals(3, 13), "starter": "south",
               "position": "4,4,4,4,4,4/x,x,x,x,4,4 S"})
    );
    assert_eq!(second["moves"], json!([]));
    assert!(second["result"].is_null(), "{m}");
    assert!(m["end"].is_null(), "{m}");
    // The round under way is valued where it stands: South's two open pits are its moves.
    let e = &m["evaluation"];
    assert_eq!(e["position"], "4,4,4,4,4,4/x,x,x,x,4,4 S");
    let mut moves: Vec<&str> = e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["move"].as_str().unwrap())
        .collect();
    moves.sort();
    assert_eq!(moves, ["5", "6"]);

    // Round 2, ring S5 S6 N1 .. N6, 4 each.
    // 1. S5: S6 5, N1 5, N2 5, N3 5 relays: N4 5, N5 5, N6 5, S5 1, S6 6 relays: N1 6, N2 6,
    //    N3 1, N4 6, N5 6, N6 6 relays: S5 2, S6 1, N1 7, N2 7, N3 2, N4 7 relays: N5 7, N6 1,
    //    S5 3, S6 2, N1 8, N2 8, N3 3 relays: N4 1, N5 8, N6 2 relays: S5 4 (South's), S6 3
    //    relays: N1 9, N2 9, N3 1 (empty, the end). North 9 9 1 1 8 0; South has taken 4.
    // 2. N1 (9): N2 10, N3 2, N4 2, N5 9, N6 1, S5 1, S6 1, N1 1, N2 11 relays: N3 3, N4 3,
    //    N5 10, N6 2, S5 2, S6 2, N1 2, N2 1, N3 4 (North's), N4 4 (North's), N5 11 relays:
    //    N6 3, S5 3, S6 3, N1 3, N2 2, N3 1, N4 1, N5 1, N6 4 (North's), S5 4 (South's), S6 4
    //    by the last seed: binikh, North's. North's row 3 2 1 1 1 0; South 8, North 16.
    // South has no seed: North takes its row's 8. Won: South 8, North 24. Winnings: South
    // 8 + 3 = 11, two pits and 3; North 24 + 13 = 37, six pits and 13; South starts: round
    // 2's start again, so the match would repeat for ever: a draw.
    let m = played(
        &server,
        "rio-kadalis",
        json!({"start": one_pit_start(), "rounds": [first, "5 1"]}),
    );
    let rounds = m["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "no third round: {m}");
    assert_eq!(
        rounds[1]["result"],
        json!({"won": totals(8, 24), "winnings": totals(11, 37)})
    );
    assert_eq!(rounds[1]["moves"], json!(["5", "1"]));
    assert_eq!(m["end"], json!({"winner": null, "repeats_round": 2}));
    assert!(m["evaluation"].is_null(), "the match is over: {m}");
}

#[test]
fn a_match_won_by_closing_every_pit() {
    let server = Server::start(small_tablebase(), &[]);
    // 1. S6 as in the test above: S6 3, North 1 1 7 2 7 7.
    // 2. N1 (1): N2 2 relays: N3 8, N4 3 relays: N5 8, N6 8, S6 4 by the last seed: binikh,
    //    North's. South's one pit is empty: the round ends, North takes its row's 24.
    // Won: South 0, North 28. South's winnings 0 + 3 are below four: it can open no pit, and
    // North wins the match.
    let m = played(
        &server,
        "rio-kadalis",
        json!({"start": one_pit_start(), "rounds": [["6", 1]]}),
    );
    assert_eq!(m["rounds"].as_array().unwrap().len(), 1, "{m}");
    assert_eq!(
        m["rounds"][0]["result"],
        json!({"won": totals(0, 28), "winnings": totals(3, 45)})
    );
    assert_eq!(m["end"], json!({"winner": "north", "repeats_round": null}));
    assert!(m["worth"].is_null(), "no round under way: {m}");
    // Before North's N1, what the match is worth when it is played to be won: North can take
    // every seed (N1, worked above), so South's winnings stay 3, below four, whatever the other
    // rounds are worth: North wins the match within this round, and N1, the move that wins
    // most seeds, is a move that wins it.
    let m = played(
        &server,
        "rio-kadalis",
        json!({"start": one_pit_start(), "rounds": [["6"]]}),
    );
    let worth = &m["worth"];
    let north_in_one = json!({"outcome": "won", "winner": "north", "rounds": 1});
    assert_eq!(worth["value"], north_in_one, "{m}");
    let n1 = worth["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["move"] == "1")
        .unwrap_or_else(|| panic!("N1 is a move: {m}"));
    assert_eq!(n1["value"], north_in_one, "{m}");
    assert_eq!(worth["better_for_match"], json!([]), "{m}");
    // Nothing can follow the end.
    let r = post(
        &server,
        "rio-kadalis",
        json!({"start": one_pit_start(), "rounds": [["6", 1], ["1"]]}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let e = r.json_error();
    assert_eq!(e["field"], "rounds[1]");
    assert_eq!(e["error"], "round 2: the match was over after round 1");
}

#[test]
fn where_the_move_that_wins_most_seeds_does_not_win_the_match() {
    let server = Server::start(small_tablebase(), &[]);
    // Five holes: South on five pits with 12 in reserve, North on two, North to start. After
    // these moves South and North have taken 12 each and four seeds are left, South to move
    // (docs/matches.md, "Within a round"; eval/tests/match_splits.rs checks each fact below
    // with mancala-check's rules). South can take all four by S2 or S5, but 16 seeds draw the
    // match (the next round, rows 48 and 50 of the five-hole table, is started by North and
    // drawn), while 13 or 14 win it (rows 43 and 45, South's); only after S5 can South stop
    // there. So S2, the quickest way to the most seeds, draws, and S5 wins the match.
    let start = json!({"open": totals(5, 2), "reserve": totals(12, 0), "starter": "north"});
    let round = ["4", "2", "5", "2", "4", "3", "4", "2", "5", "4", "4"];
    let m = played(
        &server,
        "rio-kadalis-5",
        json!({"start": start, "rounds": [round]}),
    );
    assert_eq!(
        m["rounds"][0]["position"], "1,0,x,x,x/0,1,0,0,2 S 12-12",
        "{m}"
    );
    assert_eq!(
        best_moves(&m["evaluation"]),
        [&json!("2")],
        "perfect play for seeds picks S2: {m}"
    );
    let worth = &m["worth"];
    let south_wins = json!({"outcome": "won", "winner": "south", "rounds": 4});
    assert_eq!(worth["value"], south_wins, "{m}");
    assert_eq!(
        worth["moves"],
        json!([
            {"move": "2", "value": {"outcome": "draw", "winner": null, "rounds": null}},
            {"move": "5", "value": south_wins},
        ]),
        "{m}"
    );
    assert_eq!(worth["better_for_match"], json!(["5"]), "{m}");
}

#[test]
fn a_side_closes_a_pit_and_an_equal_round_passes_the_start() {
    let server = Server::start(small_tablebase(), &[]);
    // Five holes, South 4 pits (S2-S5) with 3 in reserve, North 5 with 1: 16 + 3 + 20 + 1 =
    // 40. Ring S2 .. S5 N1 .. N5, 4 each.
    // 1. S3: S4 5, S5 5, N1 5, N2 5 relays: N3 5, N4 5, N5 5, S2 5, S3 1 (the end).
    // 2. N3 (5): N4 6, N5 6, S2 6, S3 2, S4 6 relays: S5 6, N1 6, N2 1, N3 1, N4 7, N5 7
    //    relays: S2 7, S3 3, S4 1, S5 7, N1 7, N2 2, N3 2 relays: N4 8, N5 1 (the end).
    // 3. S2 (7): S3 4 (South's), S4 2, S5 8, N1 8, N2 3, N3 1, N4 9 relays: N5 2, S2 1, S3 1,
    //    S4 3, S5 9, N1 9, N2 4 (North's), N3 2, N4 1 (the end).
    // 4. N5 (2): S2 2, S3 2 relays: S4 4 (South's), S5 10 relays: N1 10, N2 1, N3 3, N4 2,
    //    N5 1, S2 3, S3 1, S4 1, S5 1, N1 11 relays: N2 2, N3 4 (North's), N4 3, N5 2, S2 4
    //    (South's), S3 2, S4 2, S5 2, N1 1, N2 3, N3 1 (the end). South has taken 12, North 8.
    // 5. S4 (2): S5 3, N1 2 relays: N2 4 (North's), N3 2 relays: N4 4 (North's), N5 3 relays:
    //    S2 1, S3 3, S4 1 (the end). North's row is empty; South has taken 12, North 16.
    // North cannot move: the round ends, South takes its row's 8. Won: South 20, North 16.
    // Winnings: South 23, five pits and 3 over; North 17, four pits (its pit 1 closed) and 1.
    // North won fewer: North starts.
    let start = json!({"open": totals(4, 5), "reserve": totals(3, 1), "starter": "south"});
    let m = played(
        &server,
        "rio-kadalis-5",
        json!({"start": start, "rounds": ["3 3 2 5 4"]}),
    );
    assert_eq!(m["rounds"][0]["start"]["position"], "4,4,4,4,4/x,4,4,4,4 S");
    assert_first_round(
        &m,
        totals(20, 16),
        totals(23, 17),
        json!({"open": totals(5, 4), "reserve": totals(3, 1), "starter": "north",
               "position": "4,4,4,4,x/4,4,4,4,4 N"}),
    );
    assert_eq!(m["evaluation"]["position"], "4,4,4,4,x/4,4,4,4,4 N");

    // Five holes, South 3 pits (S3-S5), no reserve; North 5 pits and 8: 12 + 20 + 8 = 40.
    // 1. S3: S4 5, S5 5, N1 5, N2 5 relays: N3 5, N4 5, N5 5, S3 1, S4 6 relays: S5 6, N1 6,
    //    N2 1, N3 6, N4 6, N5 6 relays: S3 2, S4 1, S5 7, N1 7, N2 2, N3 7 relays: N4 7, N5 1,
    //    S3 3, S4 2, S5 8, N1 8, N2 3 relays: N3 1, N4 8, N5 2 relays: S3 4 (South's), S4 3
    //    relays: S5 9, N1 9, N2 1 (the end).
    // 2. N2 (1): N3 2 relays: N4 9, N5 1 (the end). S5 9; North 9 0 0 9 1.
    // 3. S5 (9): N1 10, N2 1, N3 1, N4 10, N5 2, S3 1, S4 1, S5 1, N1 11 relays: N2 2, N3 2,
    //    N4 11, N5 3, S3 2, S4 2, S5 2, N1 1, N2 3, N3 3, N4 12 relays: N5 4 (North's), S3 3,
    //    S4 3, S5 3, N1 2, N2 4 (North's), N3 4 (North's), N4 1, N5 1, S3 4 (South's), S4 4
    //    (South's), S5 4 by the last seed: binikh, South's. North 2 0 0 1 1; South 16, North 12.
    // 4. N1 (2): N2 1, N3 1 (the end). South has no seed: the round ends, North takes its 4.
    // Won: 16 each, an equal round: North, who did not start it, starts the next. Winnings:
    // South 16, four pits; North 16 + 8 = 24, five pits and 4 over.
    let start = json!({"open": totals(3, 5), "reserve": totals(0, 8), "starter": "south"});
    let m = played(
        &server,
        "rio-kadalis-5",
        json!({"start": start, "rounds": [["3", "2", "5", "1"]]}),
    );
    assert_first_round(
        &m,
        totals(16, 16),
        totals(16, 24),
        json!({"open": totals(4, 5), "reserve": totals(0, 4), "starter": "north",
               "position": "4,4,4,4,4/x,4,4,4,4 N"}),
    );
}

#[test]
fn a_match_from_the_first_round_and_bad_records() {
    let server = Server::start(small_tablebase(), &[]);
    // No start: the first round. S1's four seeds go to S2-S5 (5 each), S5 relays 5: S6 5, N1
    // 5, N2 5, N3 5, N4 5 relays ... whatever follows, the round goes on with North to move.
    let r = post(&server, "rio-kadalis", json!({"rounds": [["1"]]}));
    assert_eq!(r.status, 200, "{}", r.body);
    let m = r.json();
    assert_eq!(
        m["rounds"][0]["start"],
        json!({"open": totals(6, 6), "reserve": totals(0, 0), "starter": "south",
               "position": "4,4,4,4,4,4/4,4,4,4,4,4 S"})
    );
    assert_eq!(m["rounds"][0]["moves"], json!(["1"]));
    assert!(m["rounds"][0]["result"].is_null());
    let here = m["rounds"][0]["position"].as_str().unwrap();
    assert!(here.contains(" N"), "{here}");
    assert_eq!(m["evaluation"]["position"], here);
    let r = post(&server, "rio-kadalis", json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json()["rounds"][0]["position"],
        "4,4,4,4,4,4/4,4,4,4,4,4 S"
    );

    // An illegal move in round 2 (South's pits 1-4 are closed): the round, the move and the
    // legal moves.
    let body = json!({"start": one_pit_start(), "rounds": [["6", "4", "6", "3"], ["2"]]});
    let r = post(&server, "rio-kadalis", body);
    assert_eq!(r.status, 400, "{}", r.body);
    let e = r.json_error();
    assert_eq!(e["field"], "rounds[1][0]");
    assert_eq!(e["round"], 2);
    assert_eq!(e["index"], 0);
    assert_eq!(e["move"], "2");
    assert_eq!(e["legal"], json!(["5", "6"]));
    assert_eq!(e["position"], "4,4,4,4,4,4/x,x,x,x,4,4 S");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("rounds[1][0]: round 2, move 1"),
        "{e}"
    );
    // A malformed move lists the legal moves too.
    let r = post(&server, "rio-kadalis", json!({"rounds": [["1", "nine"]]}));
    assert_eq!(r.status, 400, "{}", r.body);
    let e = r.json_error();
    assert_eq!(e["field"], "rounds[0][1]");
    assert_eq!(e["move"], "nine");
    assert!(!e["legal"].as_array().unwrap().is_empty(), "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("legal moves: "),
        "{e}"
    );
    // A second round while the first goes on.
    let r = post(&server, "rio-kadalis", json!({"rounds": [["1"], ["2"]]}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json_error()["field"], "rounds[1]");
    // A start no match reaches, a variant not played as a match, a malformed body.
    let start = json!({"open": totals(6, 5), "reserve": totals(0, 0), "starter": "north"});
    let r = post(&server, "rio-kadalis", json!({ "start": start }));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json_error()["field"], "start");
    let r = post(&server, "oware", json!({}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_says(&r.json_error(), "variant", "rio-kadalis-5");
    let r = server.post("/api/rio-kadalis/match", b"{\"rounds\": [");
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json_error()["field"], "body");
}

/// The record's contract as the OpenAPI writes it: more than 100 rounds is a 413; a move is a
/// pit number written alone (a space, a line break or a leading zero is a 400 naming the move,
/// and one string of moves is separated by U+0020 spaces alone); a key given twice is a 400.
#[test]
fn the_match_records_contract() {
    let server = Server::start(small_tablebase(), &[]);
    let rounds = vec![json!([]); 101];
    let r = post(&server, "rio-kadalis", json!({ "rounds": rounds }));
    assert_eq!(r.status, 413, "{}", r.body);
    let e = r.json_error();
    assert_eq!(e["field"], "rounds");
    assert!(e["error"].as_str().unwrap().contains("101 rounds"), "{e}");
    // 100 empty rounds are within the limit: a 400 on the second round (the first has not
    // ended), not a 413.
    let rounds = vec![json!([]); 100];
    let r = post(&server, "rio-kadalis", json!({ "rounds": rounds }));
    assert_eq!(r.status, 400, "{}", r.body);

    // Each not a move, named with the round and the move's place ("1" is legal at the start).
    for (round, text) in [
        (json!([" 1"]), " 1"),
        (json!(["01"]), "01"),
        (json!(["1\n"]), "1\n"),
        (json!("1\u{a0}2"), "1\u{a0}2"),
        (json!("1\t2"), "1\t2"),
        (json!("1\u{2003}2"), "1\u{2003}2"),
    ] {
        let r = post(&server, "rio-kadalis", json!({ "rounds": [round] }));
        assert_eq!(r.status, 400, "{text:?}: {}", r.body);
        let e = r.json_error();
        assert_eq!(e["field"], "rounds[0][0]", "{text:?}: {e}");
        assert_eq!(e["move"], text, "{e}");
        let message = e["error"].as_str().unwrap();
        assert!(
            message.contains(&format!("move `{}`", text.escape_debug())),
            "{message}"
        );
    }
    // Spaces around and between the moves of one string are separators.
    let m = played(&server, "rio-kadalis", json!({"rounds": [" 1  "]}));
    assert_eq!(m["rounds"][0]["moves"], json!(["1"]));

    // A key given twice, at the top or deeper, is refused by name.
    for body in [
        r#"{"rounds": [["1"]], "rounds": []}"#,
        r#"{"start": {"open": {"south": 6, "south": 6, "north": 6}, "reserve": {"south": 0, "north": 0}, "starter": "south"}}"#,
    ] {
        let r = server.post("/api/rio-kadalis/match", body.as_bytes());
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_says(&r.json_error(), "body", "is given twice");
    }
}
