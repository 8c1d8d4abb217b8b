//! Writes the database refuses for a reason it names (issue 36): a lock held by another process
//! is a 503 that says so, with `Retry-After`, never "could not be read" or a 500; once the lock
//! is gone, the same request works. (A full disk and a read-only file are named from SQLite's
//! own errors in the store's tests, puzzles/src/store/mod.rs, where the file can be filled.)

use crate::common::http::Server;
use crate::copy_of_tablebase;

#[test]
fn a_write_while_another_process_holds_the_lock_is_a_503_that_says_so() {
    let (_dir, db) = copy_of_tablebase();
    let server = Server::start(&db, &[]);
    assert_eq!(server.post("/api/players", b"{}").status, 201);
    // Another process's write lock, held for longer than the server waits for it (a solve
    // storing a large group, a second server).
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let refused = server.post("/api/players", b"{}");
    let e = refused.error(503, None);
    let message = e["error"].as_str().unwrap();
    assert!(message.contains("locked by another process"), "{message}");
    assert!(!message.contains("could not be read"), "{message}");
    let retry: u64 = refused
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!(retry >= 1, "{retry}");
    // Reading is not held up by it.
    let r = server.get(&format!("/api/rio-kadalis?position={}", crate::SOLVED));
    assert_eq!(r.status, 200, "{}", r.body);
    other.execute_batch("COMMIT").unwrap();
    assert_eq!(server.post("/api/players", b"{}").status, 201);
}
