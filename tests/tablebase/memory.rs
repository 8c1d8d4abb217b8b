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
    assert_eq!(binom(31, 11), 84_672_315);
    assert_eq!(binom(35, 11), 417_225_900);
    assert_eq!(binom(39, 11), 1_676_056_044);
    // Each refusal names the group, the way it was measured, the limit and what fits.
    let cases = [
        // Rio Kadalis captures in fours: slices 0, 4, ..., 48. Its moves are un-made, so a
        // group in memory holds, besides 64 MiB (67,108,864 bytes) and the smaller slices'
        // values (a byte a position), the retrograde's words (2 bytes a position), bitmaps (a
        // quarter) and level lists (2 numbers of 4 bytes for 1 position in 128), the exits (2)
        // and the values (1): 5.3125 bytes a position. Slice 20, C(31, 11) = 84,672,315
        // positions over slices 0 to 16 (1 + 1,365 + 75,582 + 1,352,078 + 13,037,895 =
        // 14,466,921): 531,397,457 bytes, 506.8 MiB, under a 700 MiB limit; slice 24,
        // C(35, 11) = 417,225,900 positions over 99,139,236: 2,382,760,693 bytes, 2.2 GiB,
        // over it.
        (
            ["700MiB", "memory"],
            [
                "rio-kadalis slice 24 (417,225,900 positions",
                "with its moves in memory",
                "the limit set with --memory is 700.0 MiB",
                "--max-seeds 20",
            ],
        ),
        // With the moves on disk when they do not fit, slice 24 takes the larger of its moves
        // pass (the exits, 2 bytes a position, and the records of its exits into the smaller
        // slices' files, a quarter of a byte: 938,758,275 bytes) and its retrograde (2.3125
        // bytes a position, 964,834,893), with the 64 MiB: 1,031,943,757 bytes, under 1 GiB;
        // slice 28, C(39, 11) = 1,676,056,044 positions, needs 2.3125 bytes each, 3.6 GiB,
        // which does not fit either way.
        (
            ["1GiB", "auto"],
            [
                "rio-kadalis slice 28 (1,676,056,044 positions",
                "with them on disk",
                "the limit set with --memory is 1.0 GiB",
                "--max-seeds 24",
            ],
        ),
    ];
    for ([memory, moves], says) in cases {
        let err = solve(memory, moves);
        for words in says {
            assert!(err.contains(words), "{words:?} not in: {err}");
        }
    }
    assert!(stored_slices(&db).is_empty(), "nothing was solved");

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
