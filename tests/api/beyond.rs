//! Every legal position answered: beyond the tablebase the service searches, its exact answers
//! agree with a larger tablebase solved here by the binary, start positions and whole games are
//! answered, and searches are bounded and never hold up tablebase answers.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use mancala_eval::SearchSettings;
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};
use serde_json::{json, Value};

use crate::common::eval::{eval_json, points};
use crate::common::http::{q, Server};
use crate::common::local::LocalServer;
use crate::common::random::{self, Lcg};
use crate::common::scratch::tablebase;
use crate::common::VARIANT_IDS;
use crate::small_tablebase;

/// The served tablebase: one variant per family, each solved only a few seeds deep.
fn shallow_tablebase() -> &'static Path {
    tablebase(&[
        ("rio-kadalis", 8),
        ("al-manqala", 4),
        ("kalah-4", 8),
        ("oware", 8),
        ("hawalis", 2),
    ])
}

/// Search limits for a test: `threads` threads, `queue` waiting, `nodes` and `time` per search.
fn limits(threads: usize, queue: usize, nodes: u64, time: Duration) -> SearchSettings {
    SearchSettings {
        threads,
        queue,
        cap: Budget {
            nodes,
            time: Some(time),
        },
    }
}

/// Each value by move: `move -> points`, for the moves whose value is exact.
fn exact_moves(e: &Value) -> BTreeMap<String, i64> {
    e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["exact"] == true)
        .map(|m| (m["move"].as_str().unwrap().to_owned(), points(&m["value"])))
        .collect()
}

#[test]
fn exact_search_answers_are_the_values_of_a_larger_tablebase() {
    let served = shallow_tablebase();
    // The references: the same variants solved deeper. The positions asked for are four seeds
    // above the served tablebase (Hawalis: two slices of four rows; Oware: two seeds, whose
    // cycles make deeper proofs too long for a test).
    let deeper = tablebase(&[("kalah-4", 12), ("oware", 12), ("hawalis", 6)]);
    let cases: [(Variant, u32, &Path); 5] = [
        (Variant::RioKadalis, 12, small_tablebase()),
        (Variant::AlManqala, 8, small_tablebase()),
        (Variant::Kalah4, 12, deeper),
        (Variant::Oware, 10, deeper),
        (Variant::Hawalis, 6, deeper),
    ];
    let server = Server::start(served, &[]);
    let mut rng = Lcg(11);
    for (variant, seeds, reference) in cases {
        let mut exact = 0;
        for position in random::positions(&mut rng, variant, seeds, 6) {
            let r = server.get(&format!(
                "/api/{variant}?position={}&budget=4000000",
                q(&position)
            ));
            assert_eq!(r.status, 200, "{variant} {position}: {}", r.body);
            let got = r.json();
            let truth = eval_json(reference, variant.id(), &position);
            if got["source"] == "tablebase" {
                assert_eq!(got, truth, "{variant} {position}");
                continue;
            }
            assert_eq!(got["source"], "search", "{got}");
            if got["exact"] == true {
                exact += 1;
                assert_eq!(
                    points(&got["value"]),
                    points(&truth["value"]),
                    "{variant} {position}: {got}"
                );
            }
            let moves = exact_moves(&got);
            let truth_moves = exact_moves(&truth);
            for (mv, value) in &moves {
                assert_eq!(
                    Some(value),
                    truth_moves.get(mv),
                    "{variant} {position} move {mv}: {got}"
                );
            }
        }
        assert!(exact > 0, "{variant}: no search answer was exact");
    }
}

#[test]
fn every_start_position_is_answered_by_search_with_every_move() {
    let db = shallow_tablebase();
    let server = LocalServer::start(db, limits(1, 16, 50_000, Duration::from_secs(2)));
    let path = db.to_string_lossy().into_owned();
    for id in VARIANT_IDS {
        let variant: Variant = id.parse().unwrap();
        let start = Position::start(variant).to_string();
        let r = server.get(&format!("/api/{id}?position={}", q(&start)));
        assert_eq!(r.status, 200, "{id}: {}", r.body);
        assert!(
            !r.body.contains(&path),
            "{id}: the server's path in {}",
            r.body
        );
        let e = r.json();
        assert_eq!(e["source"], "search", "{e}");
        assert!(
            e["exact"].is_boolean() && e["search"]["depth"].is_u64(),
            "{e}"
        );
        let moves = e["moves"].as_array().unwrap();
        assert_eq!(
            moves.len(),
            Position::start(variant).legal_moves().len(),
            "{e}"
        );
        for m in moves {
            let after = m["after"]
                .as_str()
                .expect("every move has its position after");
            assert!(Position::parse(variant, after).is_ok(), "{after}");
            assert!(m["exact"].is_boolean(), "{m}");
        }
        // The main line from the start: searched steps say whether they are exact.
        let r = server.get(&format!("/api/{id}/mainline?position={}", q(&start)));
        assert_eq!(r.status, 200, "{id}: {}", r.body);
        let line = r.json();
        assert!(line["exact"].is_boolean(), "{line}");
        assert!(line.get("tablebase_from").is_some(), "{line}");
        for s in line["steps"].as_array().unwrap() {
            assert!(s["exact"].is_boolean(), "{s}");
        }
    }
}

#[test]
fn a_client_budget_bounds_a_search_and_a_bad_one_is_a_400() {
    let server = Server::start(shallow_tablebase(), &[]);
    let start = q(&Position::start(Variant::Kalah).to_string());
    let r = server.get(&format!("/api/kalah?position={start}&budget=1000"));
    assert_eq!(r.status, 200, "{}", r.body);
    let e = r.json();
    assert_eq!(
        (&e["exact"], &e["search"]["stopped_by"]),
        (&json!(false), &json!("nodes")),
        "{e}"
    );
    assert!(e["search"]["nodes"].as_u64().unwrap() < 100_000, "{e}");
    for bad in ["abc", "0", "-5", "1.5"] {
        let body = server
            .get(&format!("/api/kalah?position={start}&budget={bad}"))
            .error(400, Some("budget"));
        assert!(body["error"].as_str().unwrap().contains(bad), "{body}");
    }
}

/// A random game of `plies` plies at most from the start of `variant`, as its moves.
fn random_game(variant: Variant, plies: usize, rng: &mut Lcg) -> Vec<String> {
    let mut position = Position::start(variant);
    let mut moves = Vec::new();
    while moves.len() < plies {
        let next = position.successors();
        if next.is_empty() {
            break;
        }
        let played = next[rng.below(next.len())];
        moves.push(played.mv.to_string());
        if played.ends_game {
            break;
        }
        position = played.after;
    }
    moves
}

#[test]
fn whole_random_games_are_analysed_from_the_start() {
    let db = shallow_tablebase();
    let server = LocalServer::start(db, limits(1, 4, 20_000, Duration::from_secs(1)));
    let mut rng = Lcg(5);
    for variant in [Variant::RioKadalis, Variant::Kalah4] {
        let moves = random_game(variant, 200, &mut rng);
        let body = json!({ "moves": moves }).to_string();
        let r = server.post(&format!("/api/{variant}/analyse"), body.as_bytes());
        assert_eq!(r.status, 200, "{variant}: {}", r.body);
        let a = r.json();
        let judged = a["moves"].as_array().unwrap();
        assert_eq!(judged.len(), moves.len(), "{variant}");
        for (i, m) in judged.iter().enumerate() {
            assert_eq!(m["move"], moves[i], "{variant} move {i}");
            assert!(m["verdict"].is_string() && m["exact"].is_boolean(), "{m}");
            assert!(m["source"] == "search" || m["source"] == "tablebase", "{m}");
        }
        assert_eq!(judged[0]["source"], "search", "{variant}");
        // Where the tablebase took over, every position from there on is held.
        if let Some(from) = a["tablebase_from"].as_u64() {
            assert!(judged[from as usize..]
                .iter()
                .all(|m| m["source"] == "tablebase" && m["exact"] == true));
        }
    }
}

#[test]
fn searches_are_bounded_and_never_hold_up_the_tablebase() {
    let db = shallow_tablebase();
    let long = Duration::from_secs(3);
    let server = LocalServer::start(db, limits(1, 1, u64::MAX / 2, long));
    let start = |v: Variant| q(&Position::start(v).to_string());
    let addr = server.addr;
    // Two long searches (a budget beyond the cap: the cap's time stops them): one running, one
    // waiting: the pool is full.
    let searches: Vec<_> = [Variant::Kalah, Variant::Oware]
        .into_iter()
        .map(|v| {
            let path = format!("/api/{v}?position={}&budget=1000000000000", start(v));
            std::thread::spawn(move || {
                let r = crate::common::http::http(addr, "GET", &path, &[], b"");
                (r, Instant::now())
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // A tablebase evaluation is answered at once.
    let asked = Instant::now();
    let r = server.get("/api/rio-kadalis?position=0,0,1,0,2,1/1,0,0,3,0,0_S");
    let answered = Instant::now();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["source"], "tablebase");
    assert!(
        answered - asked < Duration::from_secs(1),
        "{:?}",
        answered - asked
    );
    // A further search is refused at once, naming the limit.
    let asked = Instant::now();
    let refused = server.get(&format!(
        "/api/al-manqala?position={}",
        start(Variant::AlManqala)
    ));
    assert!(asked.elapsed() < Duration::from_secs(1));
    let body = refused.error(503, None);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("1 running and 1 waiting"),
        "{body}"
    );
    assert!(refused.header("retry-after").is_some(), "{refused:?}");
    // The searches end with their estimates, after the tablebase answer.
    for s in searches {
        let (r, done) = s.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
        let e = r.json();
        assert_eq!(e["search"]["stopped_by"], "time", "{e}");
        assert!(done > answered);
    }
    // Their places are free again.
    let r = server.get(&format!(
        "/api/al-manqala?position={}&budget=1000",
        start(Variant::AlManqala)
    ));
    assert_eq!(r.status, 200, "{}", r.body);
}

/// `HEAD` of a position the tablebase does not hold answers at once, without searching: a
/// search of the cap here would take 20 s. Its head is that of a searched answer (not cacheable);
/// `HEAD` of a tablebase position is that of the tablebase's answer.
#[test]
fn head_of_a_searched_position_does_not_search() {
    let db = shallow_tablebase();
    let server = LocalServer::start(db, limits(1, 0, u64::MAX / 2, Duration::from_secs(20)));
    let path = format!(
        "/api/oware?position={}",
        q(&Position::start(Variant::Oware).to_string())
    );
    let asked = Instant::now();
    let r = crate::common::http::http(server.addr, "HEAD", &path, &[], b"");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.header("cache-control"), Some("no-cache"), "{r:?}");
    // GET of the same position searches.
    let r = server.get(&format!("{path}&budget=1000"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["source"], "search");
    let held = "/api/rio-kadalis?position=0,0,1,0,2,1/1,0,0,3,0,0_S";
    let r = crate::common::http::http(server.addr, "HEAD", held, &[], b"");
    assert_eq!(r.status, 200, "{r:?}");
    assert!(r.header("etag").is_some(), "{r:?}");
}
