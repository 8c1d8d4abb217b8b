//! The service started inside the test process, for the tests that need search limits of their
//! own (few threads, a short queue, a small cap) and so cannot use `mancala serve`'s defaults.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::mpsc::channel;

use mancala_api::server::ServeOptions;
use mancala_eval::SearchSettings;

use super::http::{http, Response};

/// A service running on a thread of the test process until the process ends.
pub struct LocalServer {
    /// Where it listens.
    pub addr: SocketAddr,
}

impl LocalServer {
    /// Serves the tablebase `db` on a free port with the search limits `search`.
    pub fn start(db: &Path, search: SearchSettings) -> LocalServer {
        let (bound, addr) = channel();
        let db = db.to_owned();
        std::thread::spawn(move || {
            let options = ServeOptions {
                search,
                ..ServeOptions::default()
            };
            mancala_api::server::run_with("127.0.0.1:0", &db, options, |addrs| {
                let _ = bound.send(addrs[0]);
            })
            .expect("the service runs");
        });
        LocalServer {
            addr: addr.recv().expect("the service listens"),
        }
    }

    /// `GET PATH`.
    pub fn get(&self, path: &str) -> Response {
        http(self.addr, "GET", path, &[], b"")
    }

    /// `POST PATH` with a JSON body.
    pub fn post(&self, path: &str, body: &[u8]) -> Response {
        http(
            self.addr,
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body,
        )
    }
}
