//! `mancala serve` started on a free port, and a minimal HTTP/1.1 client to talk to it as any
//! client would: one request per connection, the raw response parsed here.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

use super::bin::{mancala, Running};

/// A running `mancala serve`, killed when dropped.
pub struct Server {
    /// The `mancala serve` process, to interrupt or wait for.
    pub process: Running,
    /// Where it listens.
    pub addr: SocketAddr,
    /// The file that receives the server's standard error (its log), in the system's temporary
    /// directory (the database's may be read-only), removed when the server is dropped.
    stderr: PathBuf,
    /// Kept open so that the server can still write to it.
    _stdout: BufReader<ChildStdout>,
}

impl Server {
    /// Starts `mancala serve --bind 127.0.0.1:0 --db DB ARGS...`, waits for the address it
    /// prints, then for its background build (tablebase, puzzles) to end, so that the test
    /// sees the database as the build leaves it.
    pub fn start(db: &Path, args: &[&str]) -> Server {
        Server::start_as(mancala(), db, args)
    }

    /// [`Server::start`] with a prepared command that runs the binary (as another user, say).
    pub fn start_as(command: Command, db: &Path, args: &[&str]) -> Server {
        let server = Server::launch(command, db, args);
        server.wait_until_built();
        server
    }

    /// Polls `GET /api/status` until nothing is being built (at most ten minutes).
    pub fn wait_until_built(&self) {
        let started = std::time::Instant::now();
        loop {
            let status = self.get("/api/status");
            assert_eq!(status.status, 200, "{}", status.body);
            if status.json()["building"] == false {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(600),
                "still building after ten minutes: {} {}",
                status.body,
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Starts `mancala serve` as [`Server::start_as`] does, returning as soon as it says where
    /// it listens (its background build may still run).
    pub fn launch(mut command: Command, db: &Path, args: &[&str]) -> Server {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        let stderr =
            std::env::temp_dir().join(format!("mancala-serve-{}-{n}.log", std::process::id()));
        let mut process = Running(
            command
                .args(["serve", "--bind", "127.0.0.1:0", "--db"])
                .arg(db)
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(std::fs::File::create(&stderr).expect("log file"))
                .spawn()
                .expect("mancala serve starts"),
        );
        // From here on the guard kills the server if anything fails.
        let mut stdout = BufReader::new(process.0.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        loop {
            line.clear();
            let n = stdout.read_line(&mut line).expect("read stdout");
            let log = || std::fs::read_to_string(&stderr).unwrap_or_default();
            assert!(n > 0, "serve exited before listening: {}", log());
            if let Some(url) = line.trim().strip_prefix("Listening on http://") {
                return Server {
                    process,
                    addr: url.parse().expect("a socket address"),
                    stderr,
                    _stdout: stdout,
                };
            }
        }
    }

    /// `GET PATH`.
    pub fn get(&self, path: &str) -> Response {
        http(self.addr, "GET", path, &[], b"")
    }

    /// `POST PATH` with a JSON body.
    pub fn post(&self, path: &str, body: &[u8]) -> Response {
        let json = [("Content-Type", "application/json")];
        http(self.addr, "POST", path, &json, body)
    }

    /// Everything the server has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.stderr);
    }
}

/// An HTTP response: status, headers and the body (de-chunked).
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, names and values trimmed, in order.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: String,
}

impl Response {
    /// The body as JSON, which it must be.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    /// A header's value, by case-insensitive name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Asserts that the body is a JSON error, `{"error": MESSAGE, ...}` with a message, sent as
    /// JSON; returns it.
    pub fn json_error(&self) -> Value {
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        let body = self.json();
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
        body
    }

    /// Asserts an error response: the status, a JSON body `{"error": ..., "field": ...}` with
    /// the given field; returns the body.
    pub fn error(&self, status: u16, field: Option<&str>) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        let body = self.json_error();
        match field {
            Some(f) => assert_eq!(body["field"], f, "{body}"),
            None => assert!(body["field"].is_null(), "{body}"),
        }
        body
    }
}

/// Sends one request on a new connection and reads the whole response.
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write request");
    // The server may answer (413) before reading a large body: a failed write is not an error.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read response");
    let text = String::from_utf8(raw).expect("UTF-8 response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Response {
        status,
        headers,
        body,
    }
}

/// The body of a chunked transfer, joined.
fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).expect("chunk size");
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A position for a URL: spaces as `_`.
pub fn q(position: &str) -> String {
    position.replace(' ', "_")
}
