//! A second `mancala solve` while a first one runs: on the same work directory (whose moves,
//! predecessor table and checkpoints the first has open, some mapped) or the same database, it
//! is refused before it does anything, naming the first's process, and the first goes on to
//! its normal end.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::bin::{mancala, ran, Running};
use crate::common::scratch::tempdir;
use crate::sqlite::{committed_slices, stored_slices};

/// `mancala solve rio-kadalis --max-seeds 16 --moves disk -q --db DB --work-dir WORK`: slice 16
/// (13,037,895 positions) takes a few seconds, its moves and table on disk.
fn solve(db: &Path, work: &Path) -> std::process::Command {
    let mut command = mancala();
    command
        .args([
            "solve",
            "rio-kadalis",
            "--max-seeds",
            "16",
            "--moves",
            "disk",
            "-q",
            "--db",
        ])
        .arg(db)
        .arg("--work-dir")
        .arg(work);
    command
}

#[test]
fn a_second_solve_on_the_same_work_directory_or_database_is_refused_naming_the_first() {
    let dir = tempdir();
    let (db, work) = (dir.path().join("first.db"), dir.path().join("work"));
    let mut first = Running::quiet(&mut solve(&db, &work));
    let pid = first.0.id();
    // Wait until the first is solving slice 16, its last group, with its moves on disk.
    let started = Instant::now();
    while !work.join("rio-kadalis-16").exists() {
        if let Some(status) = first.0.try_wait().unwrap() {
            panic!("the first solve ended ({status}) before it reached slice 16");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "stuck");
        std::thread::sleep(Duration::from_millis(5));
    }

    // The same work directory, another database.
    let other_db = dir.path().join("second.db");
    let second = ran(&mut solve(&other_db, &work));
    let said = second.fails();
    assert!(
        said.contains(&format!(
            "the work directory {} is in use by another solve (process {pid}); wait for it or \
             stop it",
            work.display()
        )),
        "{said}"
    );
    assert_eq!(committed_slices(&other_db), 0, "{said}");
    // The same database, another work directory.
    let third = ran(&mut solve(&db, &dir.path().join("other-work")));
    let said = third.fails();
    assert!(
        said.contains(&format!(
            "the database {} is in use by another solve (process {pid}); wait for it or stop it",
            db.display()
        )),
        "{said}"
    );
    assert!(!dir.path().join("other-work").exists(), "{said}");
    assert!(
        first.0.try_wait().unwrap().is_none(),
        "the first solve ended before the others were refused: the test proves nothing"
    );

    // The first solve is undisturbed: it ends normally with every slice stored and its work
    // directory and lock files gone.
    let status = first.0.wait().unwrap();
    assert!(status.success(), "{status}");
    let stored: Vec<String> = stored_slices(&db).into_iter().map(|(_, s)| s).collect();
    assert_eq!(stored, ["0", "4", "8", "12", "16"]);
    assert!(
        !work.exists(),
        "the work directory is removed once every group is stored"
    );
    assert!(!dir.path().join("first.db.lock").exists());
    // Once it has ended, the same command on its database finds nothing left to solve.
    let again = ran(&mut solve(&db, &work));
    assert!(
        again.ok().is_empty() && again.stderr.contains("solved already"),
        "{again:?}"
    );
}
