//! Processes (here: threads, each with its own connection) that open one new file at the same
//! moment all get an up-to-date tablebase: the migrations take turns, and none fails because
//! another created the tables first.

use std::sync::{Arc, Barrier};

use super::*;

#[test]
fn several_openers_of_a_new_file_never_race() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..25 {
        let path = dir.path().join(format!("new-{round}.db"));
        let openers = 4;
        let barrier = Arc::new(Barrier::new(openers));
        let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..openers)
                .map(|_| {
                    let (barrier, path) = (Arc::clone(&barrier), &path);
                    scope.spawn(move || {
                        barrier.wait();
                        Tablebase::open(path).map(|_| ()).map_err(|e| e.to_string())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for r in results {
            assert_eq!(r, Ok(()), "round {round}");
        }
        // Whole and of the latest schema: a reader opens it.
        Tablebase::open_read_only(&path).unwrap();
    }
}
