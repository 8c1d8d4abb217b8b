//! Request lines and heads over the service's limits (README, "HTTP conventions") get a JSON
//! 414 or 431 that names the limit, however far over they are: from just over the limit to far
//! beyond what actix-http itself reads (whose own answers are empty), and the server goes on
//! answering.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use mancala_api::limits::{MAX_HEAD, MAX_REQUEST_LINE};

use crate::common::http::Server;
use crate::{small_tablebase, SOLVED};

/// Sends `request` on a new connection (from a thread of its own, so that a server that stops
/// reading cannot block the test) and reads what comes back until the server closes it.
fn exchange(server: &Server, request: Vec<u8>) -> (u16, serde_json::Value) {
    let stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let sender = std::thread::spawn(move || {
        // The server may close before taking it all: what it answered is what counts.
        let _ = writer.write_all(&request);
    });
    let mut answer = Vec::new();
    let mut reader = stream;
    let _ = reader.read_to_end(&mut answer);
    sender.join().unwrap();
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text:.300}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text:.300}"));
    (status, json)
}

/// A GET of a position followed by `extra` bytes of query, on a connection closed after it.
fn long_query(extra: usize) -> Vec<u8> {
    format!(
        "GET /api/rio-kadalis?position={SOLVED}&pad={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "a".repeat(extra)
    )
    .into_bytes()
}

#[test]
fn long_request_lines_are_a_json_414_and_large_heads_a_json_431() {
    let server = Server::start(small_tablebase(), &[]);
    // From just over the limit to far over what actix reads (a URI of 64 KiB, a head of 128 KiB).
    for extra in [MAX_REQUEST_LINE, 100 * 1024, 2 * 1024 * 1024] {
        let (status, e) = exchange(&server, long_query(extra));
        assert_eq!(status, 414, "{extra} bytes: {e}");
        assert_eq!(e["field"], "request line", "{e}");
        let message = e["error"].as_str().unwrap();
        assert!(message.contains(&MAX_REQUEST_LINE.to_string()), "{message}");
    }
    for header_bytes in [MAX_HEAD, 200 * 1024] {
        let mut request = format!("GET /api/rio-kadalis?position={SOLVED} HTTP/1.1\r\nHost: x\r\n");
        let mut n = 0;
        while request.len() <= header_bytes {
            request.push_str(&format!("X-Filler-{n}: {}\r\n", "b".repeat(100)));
            n += 1;
        }
        request.push_str("\r\n");
        let (status, e) = exchange(&server, request.into_bytes());
        assert_eq!(status, 431, "{header_bytes} bytes: {e}");
        assert_eq!(e["field"], "headers", "{e}");
        assert!(
            e["error"].as_str().unwrap().contains(&MAX_HEAD.to_string()),
            "{e}"
        );
    }
    // Within the limits, the same request is answered; the server is still there.
    let (status, e) = exchange(&server, long_query(MAX_REQUEST_LINE / 2));
    assert_eq!(status, 200, "{e}");
    assert!(e["value"].is_object(), "{e}");
}
