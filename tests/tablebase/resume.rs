//! A solve killed at two moments resumes to the same database as a solve never interrupted.

use std::path::Path;
use std::time::{Duration, Instant};

use mancala_solver::Scoring;

use crate::checks::check_properties;
use crate::common::bin::{mancala, run_db, Running};
use crate::common::eval::eval_json;
use crate::common::scratch::tempdir;
use crate::counting::distributions;
use crate::sqlite::{
    chunk_rows, committed_slices, slice_rows, stored_slices, summary_of_chunks, ChunkRow,
};

/// The solve used for the kill test, and its slices in solving order (al-manqala holds even
/// totals only). The last slice (12 seeds, 5,200,300 positions) takes a few seconds, the
/// others about one in all.
const KILL_SOLVE: [&str; 5] = ["solve", "al-manqala", "--max-seeds", "12", "-q"];
const KILL_ORDER: [&str; 7] = ["0", "2", "4", "6", "8", "10", "12"];

/// Starts the solve, waits until `rows` slices are committed, runs `meanwhile` (while the solve
/// goes on) and waits until `extra` has passed since then, checks that the solve is still
/// running, kills it (SIGKILL) and returns the slices left behind.
fn start_and_kill(
    db: &Path,
    rows: usize,
    extra: Duration,
    meanwhile: impl FnOnce(),
) -> Vec<String> {
    let mut child = Running::quiet(mancala().args(KILL_SOLVE).arg("--db").arg(db));
    let started = Instant::now();
    while committed_slices(db) < rows {
        if let Some(status) = child.0.try_wait().unwrap() {
            panic!("the solve ended ({status}) before {rows} slices were committed");
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the solve is stuck"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let reached = Instant::now();
    meanwhile();
    std::thread::sleep(extra.saturating_sub(reached.elapsed()));
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "the solve finished before it could be killed: the test needs a longer solve"
    );
    child.0.kill().expect("SIGKILL");
    let status = child.0.wait().unwrap();
    assert!(!status.success(), "killed: {status}");
    let left: Vec<String> = stored_slices(db)
        .into_iter()
        .map(|(v, s)| {
            assert_eq!(v, "al-manqala");
            s
        })
        .collect();
    eprintln!(
        "killed after {:?} with slices {left:?} stored",
        started.elapsed()
    );
    left
}

/// Asserts that two lists of chunk rows are the same, naming them without their data.
fn assert_same_chunks(got: &[ChunkRow], expected: &[ChunkRow], what: &str) {
    assert!(
        got == expected,
        "{what} differ: {:?} vs {:?}",
        summary_of_chunks(got),
        summary_of_chunks(expected)
    );
}

/// After a kill: the file opens, `db info` and `db verify` work, and what is stored is a prefix
/// of the solving order whose every slice is whole and identical to the uninterrupted solve's.
fn check_after_kill(db: &Path, reference: &Path, left: &[String]) {
    assert!(!left.is_empty());
    assert!(
        left.len() < KILL_ORDER.len(),
        "the kill came after the end: {left:?}"
    );
    assert_eq!(
        left,
        &KILL_ORDER[..left.len()],
        "whole slices, smallest first"
    );
    let out = run_db(&["db", "verify"], db).ok().to_owned();
    assert!(out.contains("intact"), "{out}");
    run_db(&["db", "info"], db).ok();
    let full = slice_rows(reference);
    let part = slice_rows(db);
    assert_eq!(
        part,
        full[..part.len()].to_vec(),
        "slices stored before the kill"
    );
    let expected: Vec<ChunkRow> = chunk_rows(reference)
        .into_iter()
        .filter(|c| left.contains(&c.1))
        .collect();
    assert_same_chunks(
        &chunk_rows(db),
        &expected,
        "chunks of the slices stored before the kill",
    );
}

#[test]
fn a_killed_solve_resumes_from_the_last_whole_slice_to_the_same_database() {
    let dir = tempdir();
    let reference = dir.path().join("reference.db");
    let killed = dir.path().join("killed.db");

    let ran = run_db(&KILL_SOLVE, &reference);
    ran.ok();
    assert!(
        ran.stderr.contains("solving 7 slices up to 12 seeds"),
        "{ran:?}"
    );
    assert_eq!(
        stored_slices(&reference),
        KILL_ORDER
            .map(|s| ("al-manqala".to_owned(), s.to_owned()))
            .to_vec()
    );
    // Slice sizes: n seeds over 14 pits.
    for row in slice_rows(&reference) {
        let n: u64 = row.1.parse().unwrap();
        assert_eq!(row.3 as u64, distributions(14, n), "{row:?}");
        assert_eq!((row.7 + row.8 + row.9) as u64, row.3 as u64, "{row:?}");
    }

    // Early: as soon as the first slice is committed.
    let left = start_and_kill(&killed, 1, Duration::ZERO, || {});
    check_after_kill(&killed, &reference, &left);

    // Later: a second into the last and largest slice, after slice 10 was stored.
    // Meanwhile, readers are served from the file being written: slice 10 is there already.
    let ten = "0,0,0,0,0,0,3/2,0,0,1,0,0,4 N";
    let left2 = start_and_kill(&killed, 6, Duration::from_secs(1), || {
        let json = eval_json(&killed, "al-manqala", ten);
        check_properties(&json, Scoring::Score);
        assert_eq!(json, eval_json(&reference, "al-manqala", ten));
        run_db(&["db", "info"], &killed).ok();
    });
    assert_eq!(left2, &KILL_ORDER[..6]);
    check_after_kill(&killed, &reference, &left2);

    // Run to completion: it resumes (solving only the missing slice) ...
    let ran = run_db(&KILL_SOLVE, &killed);
    ran.ok();
    assert!(
        ran.stderr.contains("solving 1 slices up to 12 seeds")
            && ran.stderr.contains("6 solved already"),
        "the resumed solve should solve only slice 12: {ran:?}"
    );
    // ... and ends with the same database as the uninterrupted solve.
    assert_eq!(slice_rows(&killed), slice_rows(&reference));
    assert_same_chunks(&chunk_rows(&killed), &chunk_rows(&reference), "chunks");
    let out = run_db(&["db", "verify"], &killed).ok().to_owned();
    assert!(out.contains("all 7 slices intact"), "{out}");
}
