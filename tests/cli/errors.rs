//! Bad input on the command line: exit code 2 and a message naming what is wrong.

use crate::common::bin::run;
use crate::RIO_START;

#[test]
fn bad_positions_exit_2_naming_the_field() {
    // (variant, position, what the message says)
    let cases = [
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4 S", "ROWS: row 2"),
        ("rio-kadalis", "4,4,4,4,4,4 S", "ROWS: expected 2 rows"),
        ("hawalis", RIO_START, "ROWS: expected 4 rows"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 X", "SIDE"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S 1", "CAPTURED"),
        (
            "rio-kadalis",
            "-1,4,4,4,4,4/4,4,4,4,4,4 S",
            "ROWS: row 1, pit 1",
        ),
        (
            "rio-kadalis",
            "x,4,4,4,4,4/4,4,4,4,4,4 S",
            "ROWS: row 1, pit 1",
        ),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,5 S", "ROWS: 49 seeds"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,3 S", "multiple of 4"),
        ("rio-kadalis", "99999999999,4,4,4,4,4/4,4,4,4,4,4 S", "ROWS"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", "CAPTURED"),
        (
            "al-manqala",
            "7,7,7,7,7,7,7/7,7,7,7,7,7,6 S",
            "multiple of 2",
        ),
        (
            "hawalis",
            "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/5,5,5,5,5,5,0 S",
            "South's rows",
        ),
        ("rio-kadalis", "", "position"),
        ("rio-kadalis", "a b c d", "position"),
    ];
    for (variant, position, expected) in cases {
        for command in ["show", "moves"] {
            let ran = run(&[command, variant, position]);
            let stderr = ran.bad_input();
            assert!(
                stderr.contains(expected),
                "{command} {variant} `{position}`: expected `{expected}` in {stderr}"
            );
        }
    }
    let ran = run(&["play", "rio-kadalis", "--from", "4,4 S", "1"]);
    assert!(ran.bad_input().contains("--from: ROWS"), "{ran:?}");
}

#[test]
fn unknown_variant_exits_2_and_lists_the_ids() {
    let ran = run(&["show", "kalah-9", RIO_START]);
    let stderr = ran.bad_input();
    for says in ["kalah-9", "rio-kadalis", "bao-la-kiarabu"] {
        assert!(stderr.contains(says), "{stderr}");
    }
}
