//! Bad requests: every one is a 4xx with a JSON body naming the field that is wrong, never a
//! server error.

use serde_json::json;

use crate::common::http::{http, Server};
use crate::small_tablebase;

#[test]
fn bad_input_is_a_400_naming_the_field() {
    let server = Server::start(small_tablebase(), &[]);
    // (path, what the message says); the field is always `position`.
    let cases = [
        ("/api/rio-kadalis", "missing"),
        ("/api/rio-kadalis?position=", "ROWS SIDE"),
        ("/api/rio-kadalis?position=1,2_S", "ROWS"),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,4_X",
            "SIDE",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,4_S_1+2",
            "CAPTURED",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,a_S",
            "row 2, pit 6",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,3_S",
            "multiple of 4",
        ),
        ("/api/hawalis/mainline?position=0/0_S", "4 rows"),
        (
            "/api/al-manqala/mainline?position=0,0,0,0,0,0,99/0,0,0,0,0,0,0_S",
            "at most 98",
        ),
    ];
    for (path, says) in cases {
        let body = server.get(path).error(400, Some("position"));
        let msg = body["error"].as_str().unwrap();
        assert!(msg.contains(says), "{path}: {msg}");
    }
}

#[test]
fn garbage_is_never_a_server_error() {
    let server = Server::start(small_tablebase(), &[]);
    let long = "1,".repeat(20_000);
    let paths = [
        "/api/rio-kadalis?position=%00".to_owned(),
        "/api/rio-kadalis?position=%C3%A9%FF".to_owned(),
        "/api/rio-kadalis?position=-1,0,0,0,0,0/0,0,0,0,0,4_S".to_owned(),
        "/api/rio-kadalis?position=99999999999999999999,0,0,0,0,0/0,0,0,0,0,0_S".to_owned(),
        "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,0_S_99999999999-1".to_owned(),
        "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,0__S".to_owned(),
        "/api/rio-kadalis?position=4,4,4,4,4,4/4,4,4,4,4,4_S_0-0_x".to_owned(),
        "/api/rio-kadalis?position=x&position=4,4,4,4,4,4/4,4,4,4,4,4_S".to_owned(),
        "/api/rio-kadalis?position=4,4,4,4,4,4/4,4,4,4,4,4_S&budget=-1".to_owned(),
        "/api/rio-kadalis?%zz".to_owned(),
        format!("/api/rio-kadalis?position={long}"),
        format!("/api/hawalis/mainline?position={long}"),
        "/api/%00?position=1".to_owned(),
        "/api/../etc/passwd".to_owned(),
    ];
    for path in &paths {
        let r = server.get(path);
        assert!(
            (400..500).contains(&r.status),
            "{}: {} {}",
            &path[..path.len().min(80)],
            r.status,
            r.body
        );
        r.json();
    }
    let bodies: [&[u8]; 6] = [
        b"null",
        b"\"moves\"",
        b"{\"moves\": [\"1\", 2, -3]}",
        b"{\"moves\": [1e99]}",
        b"{\"moves\": [\"pass\"], \"position\": \"0,0,0,0,0,0/0,0,0,0,0,4 S\"}",
        &[0xff, 0xfe, 0x00],
    ];
    for body in bodies {
        let r = server.post("/api/rio-kadalis/analyse", body);
        assert!((400..500).contains(&r.status), "{r:?}");
        r.json();
    }
}

#[test]
fn analyse_errors() {
    let server = Server::start(small_tablebase(), &[]);
    let post = |body: &[u8]| server.post("/api/rio-kadalis/analyse", body);
    // An illegal move: its index, the move, the position and the legal moves. South's 2 sows
    // S3..S5 (the last into an empty pit); North then holds N1..N4 = 1 each and no N6.
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": ["2", "6"]}"#)
        .error(400, Some("moves[1]"));
    assert_eq!(body["index"], 1, "{body}");
    assert_eq!(body["move"], "6");
    assert_eq!(body["position"], "0,0,1,1,1,1/1,0,1,1,1,0 N");
    assert_eq!(body["legal"], json!(["1", "2", "3", "4"]));
    let says = |body: &serde_json::Value, what: &str| {
        let msg = body["error"].as_str().unwrap();
        assert!(msg.contains(what), "{body}");
    };
    says(&body, "not legal");
    // A malformed move.
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": ["2", "x"]}"#)
        .error(400, Some("moves[1]"));
    says(&body, "pit number from 1 to 6");
    // A move after the end of the game (North's 4 ends it 4-4).
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": "1 4 2"}"#)
        .error(400, Some("moves[2]"));
    assert_eq!(body["legal"], json!([]));
    // A move of the wrong type.
    post(br#"{"moves": [true]}"#).error(400, Some("moves[0]"));
    post(br#"{"moves": {"a": 1}}"#).error(400, Some("moves"));
    // The body.
    post(b"{not json").error(400, Some("body"));
    post(b"").error(400, Some("body"));
    post(b"[1, 2]").error(400, Some("body"));
    post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S"}"#).error(400, Some("moves"));
    post(br#"{"moves": [], "colour": "red"}"#).error(400, Some("colour"));
    post(br#"{"position": 12, "moves": []}"#).error(400, Some("position"));
    let body = post(br#"{"position": "1,2 S", "moves": []}"#).error(400, Some("position"));
    says(&body, "ROWS");
    // Too large: the body, and the number of moves.
    let big = json!({"moves": vec!["1"; 20_000]}).to_string();
    assert!(big.len() > 64 * 1024);
    post(big.as_bytes()).error(413, Some("body"));
    let many = json!({"moves": vec!["1"; 1001]}).to_string();
    assert!(many.len() < 64 * 1024);
    post(many.as_bytes()).error(413, Some("moves"));
}

#[test]
fn not_found_unknown_variant_and_routes() {
    let server = Server::start(small_tablebase(), &[]);
    // Unknown variant: 404 naming it and the valid ids, on every endpoint.
    for path in [
        "/api/kalah-9?position=1_S",
        "/api/kalah-9/mainline?position=1_S",
    ] {
        let body = server.get(path).error(404, Some("variant"));
        let msg = body["error"].as_str().unwrap();
        assert!(
            msg.contains("kalah-9") && msg.contains("rio-kadalis"),
            "{msg}"
        );
    }
    server
        .post("/api/kalah-9/analyse", br#"{"moves": []}"#)
        .error(404, Some("variant"));
    // Unknown routes and methods: JSON too.
    for path in [
        "/nope",
        "/api",
        "/api/rio-kadalis/nope",
        "/api/rio-kadalis/mainline/x",
    ] {
        let body = server.get(path).error(404, None);
        assert!(body["error"].as_str().unwrap().contains(path), "{body}");
    }
    let r = http(
        server.addr,
        "DELETE",
        "/api/rio-kadalis?position=x",
        &[],
        b"",
    );
    r.error(405, None);
    assert_eq!(r.header("allow"), Some("GET, HEAD"));
    let r = server.get("/api/rio-kadalis/analyse");
    r.error(405, None);
    assert_eq!(r.header("allow"), Some("POST"));
    // `/` is the web page.
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .is_some_and(|t| t.starts_with("text/html")),
        "{page:?}"
    );
}
