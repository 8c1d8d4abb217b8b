//! `mancala solve --memory LIMIT`: a group that would need more memory than the limit is solved
//! with its moves on disk, or refused before anything is solved when it does not fit that way
//! either, with its figures and the largest `--max-seeds` that fits.

use crate::common::bin::run_db;
use crate::common::scratch::tempdir;
use crate::counting::binom;
use crate::sqlite::stored_slices;

#[test]
fn a_group_larger_than_the_memory_limit_is_refused_before_anything_is_solved() {
    let dir = tempdir();
    let db = dir.path().join("m.db");
    let solve = |memory: &str, moves: &str| {
        let args = [
            "solve",
            "rio-kadalis",
            "--max-seeds",
            "48",
            "--memory",
            memory,
            "--moves",
            moves,
            "-q",
        ];
        run_db(&args, &db).fails().to_string()
    };
    // Rio Kadalis captures in fours: slices 0, 4, ..., 48. Slice 20 holds C(31, 11) =
    // 84,672,315 positions: with its moves in memory, 11 bytes each are 931 MB alone, over a
    // 700 MiB limit (734 MB), while slice 16 (C(27, 11) = 13,037,895 positions: 143 MB, and 16
    // bytes a move at about 1.5 moves a position, 313 MB more) fits.
    assert_eq!(binom(31, 11), 84_672_315);
    let err = solve("700MiB", "memory");
    assert!(
        err.contains("rio-kadalis slice 20 (84,672,315 positions"),
        "{err}"
    );
    assert!(err.contains("with its moves in memory"), "{err}");
    assert!(
        err.contains("the limit set with --memory is 700.0 MiB"),
        "{err}"
    );
    assert!(err.contains("--max-seeds 16"), "{err}");
    // With the moves on disk when they do not fit, slice 20 takes 2.3 bytes a position (195 MB),
    // the mapped table's budget (32 MiB) and 128 MiB of buffers, under 1 GiB; slice 24,
    // C(35, 11) = 417,225,900 positions, takes 0.96 GB at 2.3 bytes each, a budget of 104 MB
    // and those 128 MiB, which does not fit either way.
    assert_eq!(binom(35, 11), 417_225_900);
    let err = solve("1GiB", "auto");
    assert!(
        err.contains("rio-kadalis slice 24 (417,225,900 positions"),
        "{err}"
    );
    assert!(err.contains("with them on disk"), "{err}");
    assert!(
        err.contains("the limit set with --memory is 1.0 GiB"),
        "{err}"
    );
    assert!(err.contains("--max-seeds 20"), "{err}");
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
