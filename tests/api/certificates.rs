//! `GET /api/{variant}/certificate`: a search's exact answer comes with a certificate that the
//! independent checker (mancala-check, its own rules and its own reading of the tablebase file)
//! accepts, with the value the evaluation route gives; a position the tablebase holds needs no
//! strategy; an answer that is only an estimate is a 422 naming the position.

use mancala_check::proof;
use mancala_check::table::Table;
use mancala_eval::SearchSettings;
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};

use crate::common::http::{q, Response};
use crate::common::local::LocalServer;
use crate::common::random::{position, Lcg};
use crate::small_tablebase;

/// `GET /api/rio-kadalis/certificate` of `position`, with `more` of the query after it.
fn certificate(server: &LocalServer, position: &str, more: &str) -> Response {
    server.get(&format!(
        "/api/rio-kadalis/certificate?position={}{more}",
        q(position)
    ))
}

/// Reads and checks a certificate served as `body` against the served tablebase.
fn checked(body: &str) -> proof::Checked {
    let cert = proof::read(body.as_bytes()).unwrap_or_else(|e| panic!("{e}: {body}"));
    proof::check(&cert, &Table::open(small_tablebase(), 16 << 20).unwrap())
}

#[test]
fn exact_answers_come_with_certificates_the_checker_accepts() {
    let server = LocalServer::start(
        small_tablebase(),
        SearchSettings::single(Budget::nodes(2_000_000)),
    );
    let mut rng = Lcg(0xce47_0070);
    let mut certified = 0;
    for _ in 0..40 {
        if certified == 3 {
            break;
        }
        // Rio Kadalis with 16 seeds on the board, over a table of 12.
        let p = position(&mut rng, Variant::RioKadalis, 16);
        if Position::parse(Variant::RioKadalis, &p)
            .unwrap()
            .game_over()
            .is_some()
        {
            continue;
        }
        let e = server
            .get(&format!("/api/rio-kadalis?position={}", q(&p)))
            .json();
        if e["exact"] != true {
            continue;
        }
        let r = certificate(&server, &p, "");
        assert_eq!(r.status, 200, "{p}: {}", r.body);
        assert_eq!(r.header("content-type"), Some("application/jsonl"), "{p}");
        let c = checked(&r.body);
        assert!(c.accepted(), "{p}: {:?} {:?}", c.lower, c.upper);
        assert_eq!(
            i64::from(c.header.value),
            e["value"]["score"].as_i64().unwrap(),
            "{p}"
        );
        certified += 1;
    }
    assert_eq!(certified, 3, "three exact answers among 40 positions");

    // Held by the tablebase: the header alone, its value the table's.
    let held = "0,1,0,2,0,1/1,0,3,0,2,2 S";
    let r = server.get(&format!(
        "/api/rio-kadalis/certificate?position={}",
        q(held)
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body.lines().count(), 1, "{}", r.body);
    assert!(checked(&r.body).accepted());

    // The start, searched with a thousand nodes: an estimate, no certificate.
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 S";
    let r = certificate(&server, start, "&budget=1000");
    assert_eq!(r.status, 422, "{}", r.body);
    let error = r.json();
    assert_eq!(error["field"], "position", "{error}");
    let message = error["error"].as_str().unwrap();
    assert!(message.contains("not proven exact"), "{message}");
}
