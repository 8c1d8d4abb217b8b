//! A group solved with its moves on disk, killed (SIGKILL) in the middle of its retrograde,
//! resumes from its last checkpoint and stores exactly the chunks of a solve never interrupted.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::bin::{mancala, run_db, Running};
use crate::common::scratch::tempdir;
use crate::sqlite::{chunk_rows, slice_rows, stored_slices};

/// Rio Kadalis to 16 seeds with every group's moves on disk and a checkpoint after every
/// threshold: slice 16 (13,037,895 positions) takes a few seconds, most of it after the
/// moves pass.
const SOLVE: [&str; 9] = [
    "solve",
    "rio-kadalis",
    "--max-seeds",
    "16",
    "--moves",
    "disk",
    "--checkpoint-every",
    "0",
    "-q",
];

/// The stage named by a group's checkpoint file, if there is one yet.
fn stage(work: &Path) -> Option<String> {
    let text = std::fs::read_to_string(work.join("rio-kadalis-16").join("checkpoint")).ok()?;
    // The stage follows the header, the tags and the moves pass's files.
    text.lines()
        .find(|l| l.starts_with("values") || l.starts_with("depths") || *l == "built")
        .map(str::to_string)
}

#[test]
fn a_group_killed_mid_solve_resumes_from_its_checkpoint_to_the_same_chunks() {
    let dir = tempdir();
    let expected = dir.path().join("expected.db");
    run_db(
        &["solve", "rio-kadalis", "--max-seeds", "16", "-q"],
        &expected,
    )
    .ok();

    let db = dir.path().join("k.db");
    let work = dir.path().join("work");
    let mut child = Running::quiet(
        mancala()
            .args(SOLVE)
            .arg("--db")
            .arg(&db)
            .arg("--work-dir")
            .arg(&work),
    );
    let started = Instant::now();
    let reached = loop {
        if let Some(s) = stage(&work).filter(|s| s.starts_with("values after ")) {
            break s;
        }
        if let Some(status) = child.0.try_wait().unwrap() {
            panic!("the solve ended ({status}) before a threshold's checkpoint was seen");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "stuck");
        std::thread::sleep(Duration::from_millis(1));
    };
    child.0.kill().expect("SIGKILL");
    assert!(!child.0.wait().unwrap().success());
    eprintln!("killed at {reached} after {:?}", started.elapsed());
    let stored: Vec<String> = stored_slices(&db).into_iter().map(|(_, s)| s).collect();
    assert_eq!(stored, ["0", "4", "8", "12"], "slice 16 was not stored");

    // Started again, the group resumes after a threshold of its values pass instead of from its
    // moves (or after the values pass, had the solve saved its values in the instant before
    // the kill).
    let mut again = mancala();
    again
        .args(SOLVE)
        .arg("--db")
        .arg(&db)
        .arg("--work-dir")
        .arg(&work);
    let ran = crate::common::bin::ran(&mut again);
    let said = ran.ok().to_string() + &ran.stderr;
    assert!(
        said.contains("rio-kadalis slice 16: resuming the group's values after threshold")
            || said.contains("rio-kadalis slice 16: resuming the group after its values pass"),
        "{said}"
    );
    assert!(
        !work.exists(),
        "the work directory is removed once the group is stored"
    );

    // Every chunk byte for byte, and every slice row's counts, as the uninterrupted solve.
    let (got, want) = (chunk_rows(&db), chunk_rows(&expected));
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert!(g == w, "chunk {} {} {} differs", w.0, w.1, w.2);
    }
    assert_eq!(slice_rows(&db), slice_rows(&expected));
}
