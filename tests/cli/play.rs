//! `play`: a game record played move by move, each position drawn, and the record stopped at
//! the first move that cannot be played.

use crate::board::{assert_counts, parse_board};
use crate::common::bin::{run, stdout_of};

#[test]
fn play_a_short_record() {
    // Move 1 (South 1): see `moves_json_rio_kadalis_start`: 6,6,1,0,6,6/2,7,1,6,1,6 N.
    // Move 2 (North 4): N4 holds 1: it falls into N5 (6 -> 7, occupied): lift 7, N5 = 0:
    //   N6 -> 7, S1 -> 3, S2 -> 8, S3 -> 2, S4 -> 7, S5 -> 2, S6 -> 7 (last, occupied): lift 7:
    //   N1 -> 7, N2 -> 7, N3 0 -> 1, N4 0 -> 1, N5 0 -> 1, N6 -> 8, S1 3 -> 4 with the last
    //   seed: binikh, North captures S1's 4. South to move.
    // South S1..S6 = 0,8,2,7,2,0; North N1..N6 = 7,7,1,1,1,8 (drawn 8,1,1,1,7,7); 0-4.
    let out = stdout_of(&["play", "rio-kadalis", "1", "4"]);
    for says in [
        "Start  4,4,4,4,4,4/4,4,4,4,4,4 S",
        "Move 1: South plays 1  ->  6,6,1,0,6,6/2,7,1,6,1,6 N",
        "Move 2: North plays 4  ->  8,1,1,1,7,7/0,8,2,7,2,0 S 0-4",
        "(North +4)",
    ] {
        assert!(out.contains(says), "{says}: {out}");
    }
    // The last board drawn is the position after move 2.
    let last = &out[out.find("Move 2:").unwrap()..];
    //                                 S1 S2 S3 S4 S5 S6 N1 N2 N3 N4 N5 N6
    assert_counts(
        &parse_board(last),
        [0, 8, 2, 7, 2, 0, 7, 7, 1, 1, 1, 8],
        last,
    );
    assert!(last.contains("South to move."), "{last}");
    assert!(last.contains("Captured: South 0, North 4."), "{last}");

    // The same record in one argument.
    assert_eq!(stdout_of(&["play", "rio-kadalis", "1 4"]), out);
}

#[test]
fn play_from_a_position_to_the_end() {
    // Anywoli from the binikh position: South's 1 captures and moves again, then passes.
    let out = stdout_of(&[
        "play",
        "anywoli",
        "--from",
        "0,0,0,0,0,0,4,4,0,0,0,0/1,3,0,0,0,0,0,0,0,0,0,0 S",
        "1",
        "pass",
    ]);
    assert!(out.contains("extra turn for South"), "{out}");
    assert!(out.contains("Move 2: South plays pass"), "{out}");
    assert!(out.contains("North to move."), "{out}");
}

#[test]
fn play_stops_after_an_endless_sowing() {
    let position = "0,0,0,0,0,1,0/0,0,1,0,0,1,1/2,0,1,0,1,0,1/1,0,1,0,1,2,0 S";
    let ran = run(&["play", "hawalis", "--from", position, "6", "1"]);
    let stderr = ran.bad_input();
    assert!(
        ran.stdout
            .contains("South's sowing never ends, so South loses"),
        "{ran:?}"
    );
    assert!(stderr.contains("move 2 (`1`)"), "{stderr}");
    assert!(stderr.contains("ended with move 1"), "{stderr}");
}

#[test]
fn play_illegal_move_names_index_and_lists_legal_moves() {
    // After 1 4 (see `play_a_short_record`) South has S1 = 0 and S6 = 0, seeds in S2..S5.
    let ran = run(&["play", "rio-kadalis", "1", "4", "1"]);
    let stderr = ran.bad_input();
    assert!(stderr.starts_with("error: move 3 (`1`"), "{stderr}");
    assert!(stderr.contains("legal moves: 2 3 4 5"), "{stderr}");
    // What came before the bad move was played and drawn.
    assert!(ran.stdout.contains("Move 2: North plays 4"), "{ran:?}");

    // A malformed move: pit 7 does not exist on a board of 6.
    let ran = run(&["play", "rio-kadalis", "1", "7"]);
    let stderr = ran.bad_input();
    assert!(stderr.contains("move 2 (`7`"), "{stderr}");
    assert!(
        stderr.contains("expected a pit number from 1 to 6"),
        "{stderr}"
    );

    let ran = run(&["play", "rio-kadalis", "-3"]);
    assert!(ran.bad_input().contains("move 1 (`-3`"), "{ran:?}");
}
