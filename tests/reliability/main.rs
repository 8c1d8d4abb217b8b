//! The service and the tablebase file under the conditions that break services: HTTP requests
//! that never finish or ask for another protocol, posts from other sites, caches, HEAD, a
//! database that cannot be written, files that are not ours, and thousands of generated bad
//! requests. Each test starts `mancala serve` (or runs the binary) as a user would.

#[path = "../common/mod.rs"]
mod common;

mod conventions;
mod files;
mod fuzz;
mod long_heads;
mod read_only;
mod slow_clients;
mod write_failures;

/// The tablebase the tests serve, solved once by the binary: Rio Kadalis up to 8 seeds and
/// Hawalis up to 4 (small, so that copies of it are cheap).
fn small_tablebase() -> &'static std::path::Path {
    common::scratch::tablebase(&[("rio-kadalis", 8), ("hawalis", 4)])
}

/// A Rio Kadalis position in the tablebase (4 seeds on the board), as a URL writes it. These
/// tests are about HTTP; the values themselves are checked by the `api` suite.
const SOLVED: &str = "0,0,0,0,0,0/1,3,0,0,0,0_S";

/// The Rio Kadalis start position, 48 seeds, far beyond the tablebase: answered by search.
const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4_S";

/// A copy of the small tablebase in a fresh directory (for tests that change the file or its
/// permissions), with the directory that holds it.
fn copy_of_tablebase() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = common::scratch::tempdir();
    let db = dir.path().join("copy.db");
    std::fs::copy(small_tablebase(), &db).expect("copy the tablebase");
    (dir, db)
}
