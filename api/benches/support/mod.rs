//! What the service's benchmarks share: the release binary, run as a user would, and HTTP
//! requests on plain sockets, every failure returned rather than a panic.
#![allow(dead_code)] // Each benchmark uses its part.

use std::fmt::Write as _;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

/// The workspace's root (this file is in `api/benches`).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("api/ has a parent")
        .to_owned()
}

/// The release build of the `mancala` binary, built first when missing.
pub fn release_binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"));
    let bin = target.join("release").join("mancala");
    if !bin.exists() {
        eprintln!(
            "{} is missing: cargo build --release -p mancala",
            bin.display()
        );
        let ok = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-p", "mancala"])
            .current_dir(workspace())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "cargo build --release -p mancala failed");
    }
    bin
}

/// A command running the binary, with no environment that would change what it does.
pub fn mancala(bin: &Path) -> Command {
    let mut c = Command::new(bin);
    c.env_remove("MANCALA_DB")
        .env_remove("RUST_LOG")
        .env("MANCALA_COMPOSE_SECONDS", "0")
        .env("MANCALA_BOOK_MINUTES", "0");
    c
}

/// An HTTP response.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> Option<Value> {
        serde_json::from_str(&self.body).ok()
    }
}

/// One request on a new connection, the whole response read (as tests/common/http.rs does,
/// but every failure returned instead of a panic).
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Response> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    stream.set_write_timeout(Some(Duration::from_secs(10)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        let _ = write!(head, "{k}: {v}\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let bad = |what: &str| std::io::Error::new(ErrorKind::UnexpectedEof, what.to_owned());
    if raw.is_empty() {
        return Err(bad("the connection closed without a response"));
    }
    let text = String::from_utf8(raw).map_err(|_| bad("a response that is not UTF-8"))?;
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| bad("an incomplete response head"))?;
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status line"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        dechunk(body).ok_or_else(|| bad("a truncated chunked body"))?
    } else {
        if let Some(n) = headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.parse::<usize>().ok())
        {
            if body.len() < n && method != "HEAD" {
                return Err(bad("a truncated body"));
            }
        }
        body.to_owned()
    };
    Ok(Response {
        status,
        headers,
        body,
    })
}

/// The body of a chunked transfer, joined; `None` if it is cut short.
fn dechunk(mut s: &str) -> Option<String> {
    let mut out = String::new();
    loop {
        let (size, rest) = s.split_once("\r\n")?;
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            return Some(out);
        }
        out.push_str(rest.get(..n)?);
        s = rest.get(n + 2..)?;
    }
}

/// A position for a URL: spaces as `_`.
pub fn q(position: &str) -> String {
    position.replace(' ', "_")
}
