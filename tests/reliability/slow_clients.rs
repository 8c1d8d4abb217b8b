//! Clients that do not finish their requests, or ask to switch protocols, get a definite answer
//! in bounded time instead of holding a connection for ever.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::http::Server;
use crate::small_tablebase;

/// Sends `bytes` on a new connection, then reads until the server closes it (at most `wait`);
/// returns what came back and how long it took.
fn send_and_wait(server: &Server, bytes: &[u8], wait: Duration) -> (String, Duration) {
    let mut stream = TcpStream::connect(server.addr).expect("connect");
    stream.set_read_timeout(Some(wait)).unwrap();
    let start = Instant::now();
    stream.write_all(bytes).expect("send");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    (
        String::from_utf8_lossy(&answer).into_owned(),
        start.elapsed(),
    )
}

/// The body of an HTTP answer, as JSON.
fn json_body(answer: &str) -> serde_json::Value {
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {answer}"))
}

#[test]
fn an_upgrade_request_with_a_whole_body_is_answered_at_once() {
    let server = Server::start(small_tablebase(), &[]);
    let body = br#"{"position": "0,0,0,0,0,0/1,3,0,0,0,0 S", "moves": []}"#;
    for upgrade in ["websocket", "h2c"] {
        let head = format!(
            "POST /api/rio-kadalis/analyse HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\n\
             Upgrade: {upgrade}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let request = [head.as_bytes(), body].concat();
        // Before the fix the server never answered: the read timed out after the full wait.
        let (answer, took) = send_and_wait(&server, &request, Duration::from_secs(20));
        assert!(answer.starts_with("HTTP/1.1 400"), "{upgrade}: {answer}");
        assert!(took < Duration::from_secs(10), "{upgrade}: {took:?}");
        let json = json_body(&answer);
        assert_eq!(json["field"], "upgrade", "{json}");
    }
    // A GET asking for a WebSocket gets the same.
    let (answer, _) = send_and_wait(
        &server,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
        Duration::from_secs(20),
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
}

#[test]
fn a_body_shorter_than_its_length_times_out_with_a_408() {
    let server = Server::start(small_tablebase(), &[]);
    let request = b"POST /api/rio-kadalis/analyse HTTP/1.1\r\nHost: x\r\n\
                    Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"posi";
    // The body timeout is 10 s (api::limits::BODY_TIMEOUT).
    let (answer, took) = send_and_wait(&server, request, Duration::from_secs(60));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        took >= Duration::from_secs(9) && took < Duration::from_secs(30),
        "{took:?}"
    );
    assert_eq!(json_body(&answer)["field"], "body");
}

#[test]
fn a_head_that_never_ends_is_cut_off() {
    let server = Server::start(small_tablebase(), &[]);
    // The request head timeout is 5 s (api::limits::HEAD_TIMEOUT); the connection must be
    // closed well before the 60 s this client would wait.
    let (answer, took) = send_and_wait(
        &server,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: 1",
        Duration::from_secs(60),
    );
    assert!(took < Duration::from_secs(20), "{took:?}: {answer}");
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    // An idle connection that sends nothing at all is closed too.
    let (_, took) = send_and_wait(&server, b"", Duration::from_secs(90));
    assert!(took < Duration::from_secs(45), "{took:?}");
    assert_eq!(server.get("/healthz").status, 200);
}
