//! The open files of a solve with its moves on disk: one a bucket of 4 Mi positions, which a
//! group past 2^32 positions holds by the thousand. The solve raises its own limit as far as
//! the hard limit allows, and refuses, before anything is solved, a group that would still not
//! fit, saying how to raise it.

use std::process::Command;

use crate::common::bin::ran;
use crate::common::scratch::tempdir;
use crate::sqlite::stored_slices;

/// `mancala solve al-manqala --max-seeds 4 --moves disk` under open-file limits `soft` and
/// `hard`, set by the shell that starts it.
fn solve_limited(db: &std::path::Path, soft: u32, hard: u32) -> crate::common::bin::Ran {
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -Sn {soft} && ulimit -Hn {hard} && exec \"$@\""
        ))
        .arg("bash")
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(["solve", "al-manqala", "--max-seeds", "4", "--moves", "disk"])
        .arg("--work-dir")
        .arg(db.with_extension("work"))
        .arg("--db")
        .arg(db)
        .arg("-q")
        .env_remove("MANCALA_DB");
    ran(&mut command)
}

#[test]
fn a_solve_on_disk_raises_its_open_files_limit_or_says_how_to() {
    let dir = tempdir();
    let db = dir.path().join("f.db");
    // Every group of Al-manqala to 4 seeds (its totals go by twos: slices 0, 2 and 4, 1,
    // C(15, 2) = 105 and C(17, 4) = 2,380 positions) is one bucket, and the solve keeps 256 files for the rest: 257. A hard limit of 200 cannot hold
    // them. (Rio Kadalis and Oware write no buckets: their moves are un-made.)
    let ran = solve_limited(&db, 100, 200);
    let err = ran.fails();
    assert!(
        err.contains("al-manqala slice 0 needs 257 open files at once with its moves on disk"),
        "{err}"
    );
    assert!(err.contains("this process may open 200"), "{err}");
    assert!(err.contains("ulimit -n 257"), "{err}");
    assert!(stored_slices(&db).is_empty(), "nothing was solved: {err}");
    // Under a hard limit of 4,096, a soft limit of 100 is raised, and the same solve succeeds.
    solve_limited(&db, 100, 4096).ok();
    assert_eq!(stored_slices(&db).len(), 3);
}
