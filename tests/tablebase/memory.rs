//! `mancala solve --memory LIMIT`: a group that would need more memory than the limit is refused
//! before anything is solved, with its figures and the largest `--max-seeds` that fits.

use crate::common::bin::run_db;
use crate::common::scratch::tempdir;
use crate::counting::binom;
use crate::sqlite::stored_slices;

#[test]
fn a_group_larger_than_the_memory_limit_is_refused_before_anything_is_solved() {
    let dir = tempdir();
    let db = dir.path().join("m.db");
    let ran = run_db(
        &[
            "solve",
            "rio-kadalis",
            "--max-seeds",
            "48",
            "--memory",
            "1GiB",
            "-q",
        ],
        &db,
    );
    let err = ran.fails();
    // Rio Kadalis captures in fours: slices 0, 4, ..., 48. Slice 20 holds C(31, 11) =
    // 84,672,315 positions: 16 bytes each are 1.35 GB alone, over the 1 GiB limit, while slice
    // 16 (C(27, 11) = 13,037,895 positions, 209 MB, with 8 bytes per move at most 6 moves a
    // position, 626 MB more) fits.
    assert_eq!(binom(31, 11), 84_672_315);
    assert!(
        err.contains("rio-kadalis slice 20 (84,672,315 positions"),
        "{err}"
    );
    assert!(
        err.contains("the limit set with --memory is 1.0 GiB"),
        "{err}"
    );
    assert!(err.contains("--max-seeds 16"), "{err}");
    assert!(stored_slices(&db).is_empty(), "nothing was solved: {err}");

    // Within the limit, the same command solves.
    run_db(
        &[
            "solve",
            "rio-kadalis",
            "--max-seeds",
            "8",
            "--memory",
            "1GiB",
            "-q",
        ],
        &db,
    )
    .ok();
    assert_eq!(stored_slices(&db).len(), 3);

    // A limit that is not a size says so.
    let ran = run_db(&["solve", "rio-kadalis", "--memory", "lots"], &db);
    assert!(ran.fails().contains("--memory"), "{ran:?}");
}
