//! `GET /api/{variant}/analysis`: an evaluation that sharpens as the search deepens, streamed as
//! Server-Sent Events: one `iteration` event per completed iteration, one ply deeper each time,
//! then the `answer`, which the plain route gives from then on; a client that goes away stops
//! the search at once.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use mancala_eval::SearchSettings;
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};
use serde_json::Value;

use crate::common::http::{http, q};
use crate::common::local::LocalServer;
use crate::small_tablebase;

/// The events of a whole stream: `(name, data)`.
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|e| !e.trim().is_empty())
        .map(|e| {
            let name = e.lines().find_map(|l| l.strip_prefix("event: ")).unwrap();
            let data = e.lines().find_map(|l| l.strip_prefix("data: ")).unwrap();
            (name.to_owned(), serde_json::from_str(data).unwrap())
        })
        .collect()
}

fn server(threads: usize, queue: usize, nodes: u64, seconds: u64) -> LocalServer {
    LocalServer::start(
        small_tablebase(),
        SearchSettings {
            threads,
            queue,
            cap: Budget {
                nodes,
                time: Some(Duration::from_secs(seconds)),
            },
        },
    )
}

#[test]
fn the_events_deepen_one_ply_at_a_time_and_the_last_is_the_plain_answer() {
    let server = server(1, 4, 5_000_000, 30);
    // Oware's start: far beyond the served tables (which hold no Oware at all).
    let start = q(&Position::start(Variant::Oware).to_string());
    let r = server.get(&format!(
        "/api/oware/analysis?position={start}&budget=300000"
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("content-type"), Some("text/event-stream"));
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    let events = events(&r.body);
    let (last, iterations) = events.split_last().unwrap();
    assert_eq!(last.0, "answer");
    assert!(iterations.len() >= 3, "{} iterations", iterations.len());
    for (i, (name, e)) in iterations.iter().enumerate() {
        assert_eq!(name, "iteration");
        assert_eq!(e["search"]["depth"], i as u64 + 1, "{e}");
        assert_eq!(e["search"]["stopped_by"], Value::Null);
        assert_eq!(e["moves"].as_array().unwrap().len(), 6);
    }
    let answer = &last.1;
    assert_eq!(answer["search"]["stopped_by"], "nodes");
    assert!(
        answer["search"]["depth"].as_u64()
            >= iterations.last().unwrap().1["search"]["depth"].as_u64()
    );

    // Asked without a budget, the plain route answers quickly: a million nodes or 0.8 s at
    // most (here a position after South's S1, not searched before).
    let quick = server
        .get("/api/oware?position=4,4,4,4,4,4/0,5,5,5,5,4_N")
        .json();
    let search = &quick["search"];
    assert!(search["nodes"].as_u64().unwrap() <= 1_000_001, "{quick}");
    match search["stopped_by"].as_str() {
        Some("nodes") => assert!(search["nodes"].as_u64().unwrap() >= 1_000_000),
        Some("time") => assert!(search["seconds"].as_f64().unwrap() < 1.0, "{quick}"),
        other => assert!(quick["exact"] == true, "{other:?}: {quick}"),
    }

    // The plain route, asked the same, gives the same answer: the one kept.
    let plain = server
        .get(&format!("/api/oware?position={start}&budget=300000"))
        .json();
    assert_eq!(plain["search"]["kept"], true);
    let mut expected = answer.clone();
    expected["search"]["kept"] = Value::Bool(true);
    assert_eq!(plain, expected);
}

#[test]
fn a_position_the_tablebase_holds_gets_its_answer_at_once() {
    let server = server(1, 4, 1_000_000, 10);
    let p = q("0,0,1,0,2,1/1,0,0,3,0,0 S");
    let r = server.get(&format!("/api/rio-kadalis/analysis?position={p}"));
    let events = events(&r.body);
    assert_eq!(events.len(), 1, "{}", r.body);
    assert_eq!(events[0].0, "answer");
    let plain = server.get(&format!("/api/rio-kadalis?position={p}")).json();
    assert_eq!(events[0].1, plain);
    assert_eq!(plain["source"], "tablebase");
    // A malformed position is a 400 before any stream, naming the field.
    let bad = server.get("/api/rio-kadalis/analysis?position=1,2");
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(bad.json()["field"], "position");
    // HEAD searches nothing.
    let start = q(&Position::start(Variant::Oware).to_string());
    let began = Instant::now();
    let head = http(
        server.addr,
        "HEAD",
        &format!("/api/oware/analysis?position={start}"),
        &[],
        b"",
    );
    assert_eq!(head.status, 200);
    assert!(began.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_client_that_goes_away_stops_the_search() {
    // One search thread and no queue: while a search runs, another is refused (503).
    let server = server(1, 0, 2_000_000_000, 120);
    let start = q(&Position::start(Variant::Kalah).to_string());
    let mut stream = TcpStream::connect(server.addr).unwrap();
    write!(
        stream,
        "GET /api/kalah/analysis?position={start} HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    while !line.starts_with("event: iteration") {
        line.clear();
        reader.read_line(&mut line).unwrap();
    }
    // The search (two billion nodes, some twenty minutes) is running: another is refused.
    let other = q("4,4,4,4,4,4/4,4,0,5,5,5 S 1-0");
    let ask = || {
        http(
            server.addr,
            "GET",
            &format!("/api/kalah?position={other}&budget=1000"),
            &[],
            b"",
        )
    };
    assert_eq!(ask().status, 503);
    drop(reader);
    drop(stream);
    // Gone: the search stops, and the next one is answered.
    let gone = Instant::now();
    loop {
        let r = ask();
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 503, "{}", r.body);
        assert!(
            gone.elapsed() < Duration::from_secs(10),
            "the search went on after its client left"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
