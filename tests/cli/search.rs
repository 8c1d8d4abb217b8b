//! `eval`, `analyse` and `mainline` beyond the tablebase: every position of every variant gets
//! an answer (exact where the search proves it, a marked estimate where not), and whole games
//! are analysed.

use serde_json::Value as Json;

use mancala_solver::{Position, Variant};

use crate::common::bin::run_db;
use crate::common::random::Lcg;
use crate::common::scratch::tablebase;
use crate::common::{solvable_ids, VARIANT_IDS};

/// A small tablebase of every variant: up to 4 seeds each.
fn small_tablebase() -> &'static std::path::Path {
    let slices: Vec<(&str, u32)> = solvable_ids().map(|v| (v, 4)).collect();
    tablebase(&slices)
}

fn variant(id: &str) -> Variant {
    id.parse().expect("a variant id")
}

#[test]
fn eval_answers_every_start_position_with_an_estimate_and_its_moves() {
    let db = small_tablebase();
    for id in VARIANT_IDS {
        let start = Position::start(variant(id)).to_string();
        let args = ["eval", id, &start, "--json", "--budget", "20000"];
        let json: Json = serde_json::from_str(run_db(&args, db).ok()).unwrap();
        assert_eq!(json["source"], "search", "{id}: {json}");
        assert_eq!(json["exact"], false, "{id}: {json}");
        assert!(json["search"]["depth"].as_u64().unwrap() >= 1, "{json}");
        assert_eq!(json["search"]["stopped_by"], "nodes", "{json}");
        let moves = json["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{id}: {json}");
        assert!(moves.iter().all(|m| m["after"].is_string()), "{json}");
        assert!(moves.iter().any(|m| m["best"] == true), "{json}");

        // The text marks the estimates and says how deep the search went.
        let text = run_db(&["eval", id, &start, "--budget", "20000"], db)
            .ok()
            .to_owned();
        assert!(text.contains("an estimate from a search"), "{id}: {text}");
        assert!(text.contains(" ~"), "{id}: {text}");
        assert!(
            text.contains("stopped by the budget of 20,000 nodes"),
            "{text}"
        );
    }
}

// Kalah(4, n), `0,0,0,1/0,0,1,1 S`: South pits 3 and 4 hold a seed, North's pit 1 (top right,
// across from South's pit 4) one. Worked by hand (docs/rules.md#kalah: a capture takes the last
// seed and the opposite pit even when that is empty; the game ends when a row is empty):
// * S4: the seed goes into the store (1-0), South moves again; S3: the seed lands in the empty
//   pit 4 and captures it with North's pit 1 (3-0). South's row is empty: over, 3-0. Worth +3.
// * S3: pit 4 now holds 2, North moves; N1: the seed lands in North's empty pit 2 and captures
//   it with South's empty pit 3 (0-1); North's row is empty, South keeps its 2: 2-1. Worth +1
//   to South, so S3 loses 2 seeds: an inaccuracy; North's only move keeps its -1.
const KALAH_4_THREE_SEEDS: &str = "0,0,0,1/0,0,1,1 S";

#[test]
fn analyse_judges_a_hand_worked_game() {
    let db = tablebase(&[("kalah-4", 3)]);
    let analyse = |moves: &str| {
        let args = [
            "analyse",
            "kalah-4",
            moves,
            "--from",
            KALAH_4_THREE_SEEDS,
            "--json",
        ];
        let json: Json = serde_json::from_str(run_db(&args, db).ok()).unwrap();
        json
    };
    let json = analyse("3 1");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{json}");
    assert_eq!(moves[0]["value_before"]["score"], 3);
    assert_eq!(moves[0]["best_value"]["score"], 3);
    assert_eq!(moves[0]["value_kept"]["score"], 1);
    assert_eq!(moves[0]["loss"], 2);
    assert_eq!(moves[0]["verdict"], "inaccuracy");
    assert_eq!(moves[0]["best_moves"], serde_json::json!(["4"]));
    assert_eq!(moves[1]["side"], "N");
    assert_eq!(moves[1]["value_kept"]["score"], -1);
    assert_eq!(moves[1]["verdict"], "best");
    assert_eq!(
        json["game_over"],
        serde_json::json!({"south": 2, "north": 1})
    );
    assert_eq!(json["summary"]["south"]["inaccuracy"], 1);

    let json = analyse("4 3");
    assert_eq!(
        json["game_over"],
        serde_json::json!({"south": 3, "north": 0})
    );
    assert!(json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["verdict"] == "best" && m["loss"] == 0));

    // The text says it all came from the tablebase.
    let text = run_db(
        &["analyse", "kalah-4", "3 1", "--from", KALAH_4_THREE_SEEDS],
        db,
    )
    .ok()
    .to_owned();
    assert!(text.contains("inaccuracy"), "{text}");
    assert!(text.contains("holds every position of the game"), "{text}");
    assert!(text.contains("final totals South 2, North 1"), "{text}");
    assert!(!text.contains('~'), "{text}");
}

#[test]
fn analyse_searches_exactly_until_the_tablebase_takes_over() {
    // With 2 seeds in the tablebase, the 3-seed position is searched (to the end: exact) and
    // the tablebase holds every position from move 2 on.
    let db = tablebase(&[("kalah-4", 2)]);
    let args = ["analyse", "kalah-4", "4 3", "--from", KALAH_4_THREE_SEEDS];
    let text = run_db(&args, db).ok().to_owned();
    assert!(text.contains("The tablebase took over at move 2"), "{text}");
    assert!(
        !text.contains('~'),
        "exact search values are unmarked: {text}"
    );
    assert!(text.contains("score +3"), "{text}");
}

#[test]
fn analyse_refuses_a_bad_move_by_its_number() {
    let db = tablebase(&[("kalah-4", 2)]);
    let ran = run_db(
        &["analyse", "kalah-4", "4 1", "--from", KALAH_4_THREE_SEEDS],
        db,
    );
    let err = ran.bad_input();
    assert!(err.contains("move 2 (`1`, South to move in"), "{err}");
    assert!(err.contains("legal moves: 3"), "{err}");
    let ran = run_db(
        &["analyse", "kalah-4", "4 3 1", "--from", KALAH_4_THREE_SEEDS],
        db,
    );
    assert!(ran.bad_input().contains("the game is over"), "{ran:?}");
}

#[test]
fn analyse_takes_a_random_200_ply_game_of_every_variant_whole() {
    let db = small_tablebase();
    let mut rng = Lcg(200);
    for id in VARIANT_IDS {
        let mut position = Position::start(variant(id));
        let mut record = Vec::new();
        while record.len() < 200 && position.game_over().is_none() {
            let successors = position.successors();
            let played = successors[rng.below(successors.len())];
            record.push(played.mv.to_string());
            position = played.after;
            if played.ends_game {
                break;
            }
        }
        let moves = record.join(" ");
        let args = ["analyse", id, &moves, "--json", "--budget", "2000"];
        let json: Json = serde_json::from_str(run_db(&args, db).ok()).unwrap();
        let analysed = json["moves"].as_array().unwrap();
        assert_eq!(analysed.len(), record.len(), "{id}");
        for (m, played) in analysed.iter().zip(&record) {
            assert_eq!(&m["move"], played, "{id}");
            assert!(m["verdict"].is_string(), "{id}: {m}");
        }
        assert_eq!(json["end"], position.to_string(), "{id}");
    }
}

#[test]
fn mainline_follows_search_into_the_tablebase() {
    let db = tablebase(&[("kalah-4", 2)]);
    let args = ["mainline", "kalah-4", KALAH_4_THREE_SEEDS, "--json"];
    let json: Json = serde_json::from_str(run_db(&args, db).ok()).unwrap();
    assert_eq!(json["value"]["score"], 3, "{json}");
    let steps: Vec<&str> = json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["move"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["4", "3"], "{json}");
    assert_eq!(json["totals"], serde_json::json!({"south": 3, "north": 0}));
    let text = run_db(&["mainline", "kalah-4", KALAH_4_THREE_SEEDS], db)
        .ok()
        .to_owned();
    // The start's value is proven (three seeds: the search reaches every end), so the ply
    // before the tablebase is proven too, and the text says so under its column headings.
    assert_eq!(json["exact"], true, "{json}");
    assert_eq!(json["estimates_from"], Json::Null, "{json}");
    assert!(
        text.contains("The tablebase takes over after ply 1; every ply before is proven"),
        "{text}"
    );
    assert!(
        text.contains("ply  side   move  value (for the mover)"),
        "{text}"
    );
}

#[test]
fn without_a_tablebase_file_the_searching_commands_search_and_say_so() {
    // No file at the path: `eval`, `mainline` and `analyse` search over no table at all. The
    // position is small enough for the search to reach every game end, so the hand-worked
    // values above come out exact: +3 by S4 then S3, and S3 an inaccuracy of 2.
    let dir = crate::common::scratch::tempdir();
    let none = dir.path().join("none.db");
    let says_none = |ran: &crate::common::bin::Ran| {
        assert!(ran.stderr.contains("no tablebase at"), "{ran:?}");
        assert!(ran.stderr.contains("none.db"), "{ran:?}");
        assert!(ran.stderr.contains("every answer is searched"), "{ran:?}");
    };

    let ran = run_db(&["eval", "kalah-4", KALAH_4_THREE_SEEDS, "--json"], &none);
    let json: Json = serde_json::from_str(ran.ok()).unwrap();
    says_none(&ran);
    assert_eq!(json["source"], "search", "{json}");
    assert_eq!(json["exact"], true, "{json}");
    assert_eq!(json["value"]["score"], 3, "{json}");
    let best: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["best"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(best, ["4"], "{json}");

    let ran = run_db(
        &["mainline", "kalah-4", KALAH_4_THREE_SEEDS, "--json"],
        &none,
    );
    let json: Json = serde_json::from_str(ran.ok()).unwrap();
    says_none(&ran);
    assert_eq!(json["totals"], serde_json::json!({"south": 3, "north": 0}));

    let args = [
        "analyse",
        "kalah-4",
        "3 1",
        "--from",
        KALAH_4_THREE_SEEDS,
        "--json",
    ];
    let ran = run_db(&args, &none);
    let json: Json = serde_json::from_str(ran.ok()).unwrap();
    says_none(&ran);
    assert_eq!(json["moves"][0]["loss"], 2, "{json}");
    assert_eq!(json["moves"][0]["verdict"], "inaccuracy", "{json}");

    assert!(!none.exists(), "nothing was written: {none:?}");
}

#[test]
fn closed_pits_are_shown_as_sand_and_searched() {
    let db = tablebase(&[("rio-kadalis", 8)]);
    // As in the API's test: both of South's moves end the round 4-4 (North takes a four from
    // its only open pit N6, then has nothing to move; South takes its row's 4): value 0. The
    // same seeds with every pit open are in the tablebase, and worth something else to South.
    // The tablebase has no shape tables, so the closed board is searched.
    let position = "3,x,x,x,x,x/0,3,x,x,x,2 S";
    let json: Json =
        serde_json::from_str(run_db(&["eval", "rio-kadalis", position, "--json"], db).ok())
            .unwrap();
    assert_eq!(json["source"], "search", "{json}");
    assert_eq!(
        (&json["exact"], &json["value"]["score"]),
        (&Json::Bool(true), &Json::from(0))
    );
    let open: Json = serde_json::from_str(
        run_db(
            &["eval", "rio-kadalis", "3,0,0,0,0,0/0,3,0,0,0,2 S", "--json"],
            db,
        )
        .ok(),
    )
    .unwrap();
    assert_eq!(open["source"], "tablebase", "{open}");
    assert_ne!(open["value"]["score"], 0, "{open}");
    let text = crate::common::bin::stdout_of(&["show", "rio-kadalis", position]);
    assert!(text.contains("North   3   ░   ░   ░   ░   ░"), "{text}");
    assert!(
        text.contains("Closed with sand (░): South's pits 3, 4, 5; North's pits 1, 2, 3, 4, 5."),
        "{text}"
    );
    let line = run_db(&["mainline", "rio-kadalis", position], db)
        .ok()
        .to_owned();
    assert!(line.contains("0,x,x,x,x,x/0,0,x,x,x,0 N 4-4"), "{line}");
}

#[test]
fn eval_says_where_its_answer_comes_from_in_words_that_count() {
    let db = tablebase(&[("kalah-4", 2)]);
    // Two seeds: in the tablebase, which the text names as its source.
    let text = run_db(&["eval", "kalah-4", "0,0,0,1/1,0,0,0 S"], db)
        .ok()
        .to_owned();
    assert!(
        text.contains("From the tablebase: perfect play, every value exact with its depth."),
        "{text}"
    );
    // Three seeds, searched with a budget of one node: the first iteration, one ply deep, which
    // is said in the singular.
    let text = run_db(
        &["eval", "kalah-4", KALAH_4_THREE_SEEDS, "--budget", "1"],
        db,
    )
    .ok()
    .to_owned();
    assert!(text.contains("From a search, not the tablebase"), "{text}");
    assert!(text.contains(" after 1 ply, "), "{text}");
}
