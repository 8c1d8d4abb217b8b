//! HTTP conventions: bodies must be declared JSON, other sites may read but not write, answers
//! from the tablebase are cacheable, every reading route answers HEAD, and requests too
//! malformed to parse are not logged as the server's errors.

use std::io::{Read, Write};
use std::net::TcpStream;

use mancala_api::routes::ROUTES;

use crate::common::http::{http, Server};
use crate::{small_tablebase, SOLVED, START};

/// A concrete path of each `GET` route of the route table, with a query that it answers.
fn get_paths() -> Vec<String> {
    ROUTES
        .iter()
        .filter(|r| r.method.as_str() == "GET")
        .map(|r| match r.path {
            "/api/{variant}" | "/api/{variant}/mainline" => format!(
                "{}?position={SOLVED}",
                r.path.replace("{variant}", "rio-kadalis")
            ),
            "/api/puzzles/{id}" => "/api/puzzles/1".to_owned(),
            "/api/puzzles/next" => "/api/puzzles/next?variant=rio-kadalis".to_owned(),
            path => path.to_owned(),
        })
        .collect()
}

/// Each `POST` route of the route table with a concrete path and a body it accepts, and the
/// status of its answer to that body.
fn post_routes() -> Vec<(String, &'static [u8], u16)> {
    ROUTES
        .iter()
        .filter(|r| r.method.as_str() == "POST")
        .map(|r| match r.path {
            "/api/{variant}/analyse" => (
                "/api/rio-kadalis/analyse".to_owned(),
                &br#"{"position": "0,0,0,0,0,0/1,3,0,0,0,0 S", "moves": ["2"]}"#[..],
                200,
            ),
            // The first round of a match, one move in.
            "/api/{variant}/match" => (
                "/api/rio-kadalis/match".to_owned(),
                &br#"{"rounds": [["1"]]}"#[..],
                200,
            ),
            // No moves yet: the attempt stands, nothing recorded.
            "/api/puzzles/{id}/attempt" => (
                "/api/puzzles/1/attempt".to_owned(),
                &br#"{"moves": []}"#[..],
                200,
            ),
            "/api/players" => ("/api/players".to_owned(), &b"{}"[..], 201),
            path => panic!("{path}: a POST route this test does not know"),
        })
        .collect()
}

#[test]
fn post_bodies_must_be_declared_as_json() {
    let server = Server::start(small_tablebase(), &[]);
    for (path, body, status) in post_routes() {
        // The types a page on another site may post without asking first, and none at all.
        for sent in [
            Some("text/plain"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
            None,
        ] {
            let headers: Vec<(&str, &str)> = sent.iter().map(|t| ("Content-Type", *t)).collect();
            let r = http(server.addr, "POST", &path, &headers, body);
            let e = r.error(415, Some("content-type"));
            let message = e["error"].as_str().unwrap();
            assert!(message.contains("application/json"), "{path}: {message}");
            match sent {
                Some(t) => assert!(message.contains(t), "{path}: {message}"),
                None => assert!(message.contains("without a Content-Type"), "{message}"),
            }
        }
        for json in ["application/json", "application/json; charset=utf-8"] {
            let r = http(server.addr, "POST", &path, &[("Content-Type", json)], body);
            assert_eq!(r.status, status, "{path} {json}: {}", r.body);
        }
        // Declared JSON but not JSON of the route's body: a 400 naming the body (or the field
        // it does not know), saying what it expected.
        for (bad, field) in [
            (&b"garbage{"[..], "body"),
            (br#"{"unknown": 1}"#, "unknown"),
            (b"[]", "body"),
        ] {
            let r = http(
                server.addr,
                "POST",
                &path,
                &[("Content-Type", "application/json")],
                bad,
            );
            assert_eq!(r.status, 400, "{path}: {}", r.body);
            let e = r.json_error();
            assert!(e["field"] == field || e["field"] == "body", "{path}: {e}");
            let message = e["error"].as_str().unwrap();
            assert!(message.contains("expected"), "{path}: {message}");
        }
    }
}

#[test]
fn other_sites_may_read_but_not_write() {
    let server = Server::start(small_tablebase(), &[]);
    let origin = ("Origin", "https://elsewhere.example");
    // A read from another site is allowed, for every reading route.
    for path in get_paths() {
        let r = http(server.addr, "GET", &path, &[origin], b"");
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some("https://elsewhere.example"),
            "{path}: {r:?}"
        );
        assert_eq!(r.header("access-control-allow-credentials"), None, "{path}");
    }
    let preflight = |path: &str, method: &str| {
        http(
            server.addr,
            "OPTIONS",
            path,
            &[
                origin,
                ("Access-Control-Request-Method", method),
                ("Access-Control-Request-Headers", "content-type"),
            ],
            b"",
        )
    };
    let r = preflight(&format!("/api/rio-kadalis?position={SOLVED}"), "GET");
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://elsewhere.example")
    );
    assert!(r
        .header("access-control-allow-methods")
        .is_some_and(|m| m.contains("GET")));
    // A preflight for a method a reading route does not take is refused, in JSON.
    let r = preflight(&format!("/api/rio-kadalis?position={SOLVED}"), "DELETE");
    assert_eq!(r.status, 400, "{r:?}");
    assert_eq!(r.header("content-type"), Some("application/json"), "{r:?}");
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("method")),
        "{r:?}"
    );
    // A write from another site: the browser asks first (the body is JSON), and is refused.
    for path in ["/api/rio-kadalis/analyse", "/api/puzzles/1/attempt"] {
        let r = preflight(path, "POST");
        assert_eq!(
            r.header("access-control-allow-origin"),
            None,
            "{path}: {r:?}"
        );
        r.error(405, None);
        let r = http(
            server.addr,
            "POST",
            path,
            &[origin, ("Content-Type", "application/json")],
            br#"{"moves": []}"#,
        );
        assert_eq!(
            r.header("access-control-allow-origin"),
            None,
            "{path}: {r:?}"
        );
    }
}

#[test]
fn tablebase_answers_are_cacheable_and_searched_ones_are_not() {
    let server = Server::start(small_tablebase(), &[]);
    for path in [
        format!("/api/rio-kadalis?position={SOLVED}"),
        format!("/api/rio-kadalis/mainline?position={SOLVED}"),
    ] {
        let first = server.get(&path);
        assert_eq!(first.status, 200, "{}", first.body);
        let tag = first.header("etag").expect("an ETag").to_owned();
        // The tag names the solver and rules versions (both "1" today).
        assert!(tag.starts_with("\"s1-r1-"), "{tag}");
        assert!(first
            .header("cache-control")
            .is_some_and(|c| c.contains("public") && c.contains("max-age=86400")));
        // The same request gets the same tag; another query another one.
        assert_eq!(server.get(&path).header("etag"), Some(tag.as_str()));
        let other = server.get(&path.replace("1,3", "3,1"));
        assert_ne!(other.header("etag"), Some(tag.as_str()));
        // Sent back, the tag gets a 304 with no body.
        let again = http(server.addr, "GET", &path, &[("If-None-Match", &tag)], b"");
        assert_eq!(again.status, 304, "{again:?}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        let stale = http(
            server.addr,
            "GET",
            &path,
            &[("If-None-Match", "\"s0-r0-x\"")],
            b"",
        );
        assert_eq!(stale.status, 200);
    }
    // A searched answer depends on its budget: no tag, and caches must ask again.
    let searched = server.get(&format!("/api/rio-kadalis?position={START}&budget=2000"));
    assert_eq!(searched.status, 200, "{}", searched.body);
    assert_eq!(searched.json()["source"], "search");
    assert_eq!(searched.header("etag"), None);
    assert_eq!(searched.header("cache-control"), Some("no-cache"));
}

#[test]
fn every_reading_route_answers_head_as_get_without_a_body() {
    let server = Server::start(small_tablebase(), &[]);
    for path in get_paths() {
        let get = server.get(&path);
        let head = http(server.addr, "HEAD", &path, &[], b"");
        assert_eq!(head.status, get.status, "{path}: {head:?}");
        assert!(head.body.is_empty(), "{path}: {head:?}");
        assert_eq!(
            head.header("content-type"),
            get.header("content-type"),
            "{path}"
        );
        if !path.starts_with("/api/puzzles/next") {
            // (`next` picks a puzzle at random: its length differs from one call to the next.)
            assert_eq!(
                head.header("content-length"),
                Some(get.body.len().to_string().as_str()),
                "{path}"
            );
        }
    }
}

#[test]
fn requests_too_malformed_to_parse_are_not_logged_as_errors() {
    let server = Server::start(small_tablebase(), &[]);
    for garbage in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n",
        b"GET /\x01\x02 HTTP/1.1\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    ] {
        let mut stream = TcpStream::connect(server.addr).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        stream.write_all(garbage).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 400"),
            "{answer}"
        );
    }
    assert_eq!(server.get("/healthz").status, 200);
    let log = server.log();
    assert!(!log.contains("ERROR"), "{log}");
}
