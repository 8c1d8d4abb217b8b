//! `GET /api/{variant}` and `/api/variants`: evaluations exactly as `mancala eval --json` prints
//! them, from the tablebase or, for Kalah outside it, from the exact search.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use mancala_solver::Variant::{self, AlManqala, Hawalis, RioKadalis};
use serde_json::{json, Value};

use crate::common::eval::eval_json;
use crate::common::http::{http, q, Server};
use crate::common::random::{self, Lcg};
use crate::common::scratch::tablebase;
use crate::common::VARIANT_IDS;
use crate::small_tablebase;

#[test]
fn evaluation_is_exactly_what_eval_json_prints() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    let mut positions: Vec<(Variant, String)> = [
        "0,0,1,0,2,1/1,0,0,3,0,0 S",
        "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22",
        "0,0,0,0,0,0/0,0,0,0,0,0 N 30-18",
    ]
    .map(|p| (RioKadalis, p.to_owned()))
    .to_vec();
    // Random positions of every solved variant, some with seeds captured already.
    let mut rng = Lcg(7);
    for i in 0..24 {
        let p = random::position(&mut rng, RioKadalis, 4 * (1 + i % 3));
        positions.push((RioKadalis, random::with_captured(&mut rng, p, 20)));
    }
    for i in 0..10 {
        let p = random::position(&mut rng, AlManqala, 2 * (1 + i % 4));
        positions.push((AlManqala, random::with_captured(&mut rng, p, 40)));
    }
    for _ in 0..10 {
        positions.push((Hawalis, random::position(&mut rng, Hawalis, 4)));
    }
    for (i, (variant, position)) in positions.iter().enumerate() {
        // Spaces as `_`, as `%20` and as `+`: all the same position.
        let encoded = match i % 3 {
            0 => q(position),
            1 => position.replace(' ', "%20"),
            _ => position.replace(' ', "+"),
        };
        let r = server.get(&format!("/api/{variant}?position={encoded}"));
        assert_eq!(r.status, 200, "{variant} {position}: {}", r.body);
        assert_eq!(r.header("content-type"), Some("application/json"));
        let expected = eval_json(db, variant.id(), position);
        assert_eq!(r.json(), expected, "{variant} {position}");
    }
}

#[test]
fn a_clockwise_position_is_read_from_the_mirrored_table_and_sown_clockwise() {
    let server = Server::start(small_tablebase(), &[]);
    // 12 seeds, held. Clockwise: N6..N1 = 0,0,1,2,0,1 (N1 = 1, N3 = 2, N4 = 1), S1..S6 =
    // 1,0,2,3,1,1. Each row read from the other end: N1..N6 = 0,0,1,2,0,1, drawn N6..N1 =
    // 1,0,2,1,0,0; S1..S6 = 1,1,3,2,0,1. Clockwise pit k is counter-clockwise pit 7 - k.
    let cw = server
        .get("/api/rio-kadalis-cw?position=0,0,1,2,0,1/1,0,2,3,1,1_S&sowing=true")
        .json();
    let ccw = server
        .get("/api/rio-kadalis?position=1,0,2,1,0,0/1,1,3,2,0,1_S")
        .json();
    assert_eq!(cw["source"], "tablebase", "{cw}");
    assert_eq!(cw["exact"], true, "{cw}");
    assert_eq!(cw["value"], ccw["value"], "{cw} {ccw}");
    let pits = |e: &Value| -> BTreeMap<u64, Value> {
        e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["move"].as_str().unwrap().parse().unwrap(),
                    m["value"].clone(),
                )
            })
            .collect()
    };
    let mirrored: BTreeMap<u64, Value> = pits(&ccw).into_iter().map(|(k, v)| (7 - k, v)).collect();
    assert_eq!(pits(&cw), mirrored);
    // S1's one seed goes clockwise to North's pit 6 (empty: the sowing ends there), not to S2.
    let s1 = cw["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "1")
        .unwrap();
    assert_eq!(
        s1["sowing"],
        json!([{"step": "lift", "pit": "S1", "seeds": 1}, {"step": "sow", "pit": "N6"}])
    );
    assert_eq!(s1["after"], "1,0,1,2,0,1/0,0,2,3,1,1 N");
}

#[test]
fn variants_lists_every_variant_and_what_is_solved() {
    let server = Server::start(small_tablebase(), &[]);
    let r = server.get("/api/variants");
    assert_eq!(r.status, 200, "{}", r.body);
    let body = r.json();
    let variants = body["variants"].as_array().expect("variants array");
    let ids: Vec<&str> = variants.iter().filter_map(|v| v["id"].as_str()).collect();
    // The six traditional variants, in listing order (calibration variants may follow).
    let six = &VARIANT_IDS[..6];
    let listed: Vec<&str> = ids.iter().copied().filter(|id| six.contains(id)).collect();
    assert_eq!(listed, six, "{ids:?}");
    for v in variants {
        for key in ["name", "rules", "source", "start", "scoring"] {
            assert!(v[key].as_str().is_some_and(|s| !s.is_empty()), "{key}: {v}");
        }
        assert!(v["board"]["pits_per_side"].as_u64().unwrap() > 0, "{v}");
        assert!(v["solved"]["slices"].is_array(), "{v}");
    }
    let by_id = |id: &str| variants.iter().find(|v| v["id"] == id).unwrap();
    let rio = by_id("rio-kadalis");
    assert_eq!(rio["board"]["rows"], 2);
    assert_eq!(rio["board"]["pits_per_row"], 6);
    assert_eq!(rio["board"]["total_seeds"], 48);
    assert_eq!(rio["scoring"], "score");
    // Only Rio Kadalis is played as a match of rounds (RULES.md, "Rio Kadalis matches").
    let matched: Vec<&str> = variants
        .iter()
        .filter(|v| v["matches"] == true)
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        matched,
        [
            "rio-kadalis",
            "rio-kadalis-5",
            "rio-kadalis-cw",
            "rio-kadalis-5-cw"
        ]
    );
    // Clockwise Rio Kadalis is the same game seen in a mirror: it has Rio Kadalis's tables.
    let cw = by_id("rio-kadalis-cw");
    assert_eq!(cw["board"]["sowing"], "clockwise");
    assert_eq!(rio["board"]["sowing"], "counter-clockwise");
    assert_eq!(
        (&cw["mirror_of"], &rio["mirror_of"]),
        (&json!("rio-kadalis"), &json!(null))
    );
    assert_eq!(cw["solved"], rio["solved"]);
    assert_eq!(rio["start"], "4,4,4,4,4,4/4,4,4,4,4,4 S");
    assert!(rio["rules"].as_str().unwrap().contains("binikh"));
    assert_eq!(rio["solved"]["slices"], json!(["0", "4", "8", "12"]));
    assert_eq!(rio["solved"]["max_seeds"], 12);
    let hawalis = by_id("hawalis");
    assert_eq!(hawalis["scoring"], "win-draw-loss");
    assert_eq!(hawalis["board"]["rows"], 4);
    assert_eq!(hawalis["solved"]["max_seeds"], 4);
    // Slices m-o with m + o <= 4: 1 + 2 + 3 + 4 + 5.
    assert_eq!(hawalis["solved"]["slices"].as_array().unwrap().len(), 15);
    assert_eq!(by_id("al-manqala")["solved"]["max_seeds"], 8);
    let bao = by_id("bao-la-kiarabu");
    assert_eq!(bao["board"]["sowing"], "clockwise");
    assert_eq!(bao["solved"]["slices"], json!([]));
    assert!(bao["solved"]["max_seeds"].is_null());
}

#[test]
fn concurrent_clients_get_identical_correct_answers() {
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    let mut rng = Lcg(31);
    let positions: Vec<String> = (0..12)
        .map(|i| random::position(&mut rng, RioKadalis, 4 * (1 + i % 3)))
        .collect();
    let expected: Vec<Value> = positions
        .iter()
        .map(|p| eval_json(db, "rio-kadalis", p))
        .collect();
    let addr = server.addr;
    let started = Instant::now();
    std::thread::scope(|scope| {
        for client in 0..8 {
            let (positions, expected) = (&positions, &expected);
            scope.spawn(move || {
                for round in 0..30 {
                    let i = (client * 7 + round) % positions.len();
                    let path = format!("/api/rio-kadalis?position={}", q(&positions[i]));
                    let r = http(addr, "GET", &path, &[], b"");
                    assert_eq!(r.status, 200, "{}", r.body);
                    assert_eq!(r.json(), expected[i], "client {client} round {round}");
                    if round % 10 == 0 {
                        let r = http(addr, "GET", "/healthz", &[], b"");
                        assert_eq!(r.status, 200);
                    }
                }
            });
        }
    });
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Kalah outside the solved slices: the API answers by the exact search, within its budget.
#[test]
fn kalah_outside_the_tablebase_is_searched_and_agrees_with_a_full_solve() {
    // Kalah(4, 2): 16 seeds. One tablebase holds every slice up to 16 (the retrograde answer),
    // the served one only up to 8, so the service must search from 16 down to 8.
    let full = tablebase(&[("kalah-4", 16)]);
    let partial = tablebase(&[("kalah-4", 8)]);
    let start = "2,2,2,2/2,2,2,2 S";
    let truth = eval_json(full, "kalah-4", start);

    let server = Server::start(partial, &[]);
    let r = server.get(&format!("/api/kalah-4?position={}", q(start)));
    assert_eq!(r.status, 200, "{}", r.body);
    let searched = r.json();
    assert_eq!(searched["source"], "search", "{searched}");
    assert_eq!(
        searched["value"]["score"], truth["value"]["score"],
        "{searched}"
    );
    // Every move's value too (searched values carry no depth, so the order of equal values
    // may differ: compare by move).
    let by_move = |e: &Value| -> BTreeMap<String, Value> {
        e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["move"].to_string(), m["value"]["score"].clone()))
            .collect()
    };
    assert_eq!(by_move(&searched), by_move(&truth));
    // Irving, Donkers and Uiterwijk: Kalah(4, 2) is a first-player win.
    assert!(truth["value"]["score"].as_i64().unwrap() > 0, "{truth}");
}

#[test]
fn sowing_steps_come_only_when_asked_for() {
    let server = Server::start(small_tablebase(), &[]);
    // South's pits 1 and 2 hold 1 and 3 seeds (the bottom row, read left to right).
    let position = "0,0,0,0,0,0/1,3,0,0,0,0 S";
    let plain = server.get(&format!("/api/rio-kadalis?position={}", q(position)));
    let with = server.get(&format!(
        "/api/rio-kadalis?position={}&sowing=true",
        q(position)
    ));
    assert_eq!((plain.status, with.status), (200, 200), "{}", with.body);
    let (plain, mut with) = (plain.json(), with.json());
    for m in with["moves"].as_array_mut().unwrap() {
        let steps = m
            .as_object_mut()
            .unwrap()
            .remove("sowing")
            .expect("each move has its sowing");
        // The sowing starts by lifting the seeds of the pit played; then one `sow` per seed
        // until the hand is empty or a relay lifts again.
        let pit = m["move"].as_str().unwrap();
        let seeds = [1, 3][pit.parse::<usize>().unwrap() - 1];
        assert_eq!(
            steps[0],
            json!({"step": "lift", "pit": format!("S{pit}"), "seeds": seeds})
        );
        assert_eq!(steps[1]["step"], "sow", "{steps}");
    }
    assert_eq!(with, plain, "the same answer besides the sowing");
    let r = server.get(&format!(
        "/api/rio-kadalis?position={}&sowing=yes",
        q(position)
    ));
    r.error(400, Some("sowing"));
}

#[test]
fn an_answer_with_closed_pits_is_kept_under_its_shape() {
    // A second visit is answered by the first's search (its depth, not that of a search that
    // found it all in the engine's table), and the same seeds with every pit open, another
    // position, are not answered by it.
    let db = tablebase(&[("rio-kadalis", 8)]);
    let server = Server::start(db, &[]);
    let ask = |position: &str| {
        let r = server.get(&format!("/api/rio-kadalis?position={}", q(position)));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    let closed = "x,x,2,2,2,2/2,2,2,2,2,2 S";
    let first = ask(closed);
    let again = ask(closed);
    assert_eq!(first["source"], "search", "{first}");
    assert_eq!(first["search"]["kept"], false, "{first}");
    assert_eq!(again["search"]["kept"], true, "{again}");
    assert_eq!(
        again["search"]["depth"], first["search"]["depth"],
        "{again}"
    );
    assert_eq!(
        (&again["value"], &again["moves"]),
        (&first["value"], &first["moves"])
    );
    let open = ask("0,0,2,2,2,2/2,2,2,2,2,2 S");
    assert_eq!(open["search"]["kept"], false, "{open}");
}

#[test]
fn closed_pits_are_searched_round_the_open_pits_not_read_from_the_table() {
    // The tablebase holds every full board of 8 seeds, and so the same seeds with every pit
    // open (`3,0,0,0,0,0/0,3,0,0,0,2 S`); with closed pits the position is another one.
    let db = tablebase(&[("rio-kadalis", 8)]);
    let server = Server::start(db, &[]);
    // North's only open pit is N6 (3 seeds); South's are S1 = 0, S2 = 3 and S6 = 2. The ring is
    // S1, S2, S6, N6. S6: N6 (3 -> 4, not last): North takes 4; S1 (0 -> 1, last): ends.
    // S2: S6 -> 3, N6 -> 4 (not last): North takes 4; S1 (0 -> 1): ends. Either way North has
    // no seed to move: the round ends, South taking its row's 4. Both moves: 4-4, value 0.
    let position = "3,x,x,x,x,x/0,3,x,x,x,2 S";
    let r = server.get(&format!(
        "/api/rio-kadalis?position={}&sowing=true",
        q(position)
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    let json = r.json();
    assert_eq!(json["position"], position);
    assert_eq!(json["source"], "search", "{json}");
    assert_eq!(
        (&json["exact"], &json["value"]["score"]),
        (&json!(true), &json!(0))
    );
    let moves = json["moves"].as_array().unwrap();
    let played: Vec<(&str, &str)> = moves
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["after"].as_str().unwrap()))
        .collect();
    let over = "0,x,x,x,x,x/0,0,x,x,x,0 N 4-4";
    assert_eq!(played, [("2", over), ("6", over)]);
    // The sowing of S6 skips North's closed pits 1..5 and South's 3..5.
    let pits: Vec<&str> = moves[1]["sowing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["pit"].as_str().unwrap())
        .collect();
    assert_eq!(pits, ["S6", "N6", "N6", "S1"], "lift, sow, capture, sow");
    // Games with closed pits are analysed too.
    let body = json!({"position": "x,x,4,4,4,4/x,x,4,4,4,4 S", "moves": ["3"]});
    let r = server.post("/api/rio-kadalis/analyse", body.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["moves"][0]["source"], "search", "{}", r.body);
    // A closed pit where the rules have none, and a side with none open, name what is wrong.
    let r = server.get(&format!(
        "/api/oware?position={}",
        q("x,4,4,4,4,4/4,4,4,4,4,4 S")
    ));
    let e = r.error(400, Some("position"));
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("oware has no closed pits"),
        "{e}"
    );
    let r = server.get(&format!(
        "/api/rio-kadalis?position={}",
        q("4,4,4,4,4,4/x,x,x,x,x,x S")
    ));
    let e = r.error(400, Some("position"));
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("every pit of South is closed"),
        "{e}"
    );
}
