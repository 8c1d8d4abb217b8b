//! Bad input on the command line: exit code 2 and a message naming what is wrong.

use crate::common::bin::run;
use crate::RIO_START;

/// Asserts that `show` and `moves` refuse the position with exit code 2, saying `expected`.
fn refused(variant: &str, position: &str, expected: &str) {
    for command in ["show", "moves"] {
        let ran = run(&[command, variant, position]);
        let stderr = ran.bad_input();
        assert!(
            stderr.contains(expected),
            "{command} {variant} `{position}`: expected `{expected}` in {stderr}"
        );
    }
}

#[test]
fn bad_positions_exit_2_naming_the_field() {
    // (position, what the message says)
    for (position, expected) in [
        ("4,4,4,4,4,4/4,4,4,4,4 S", "ROWS: row 2"),
        ("4,4,4,4,4,4 S", "ROWS: expected 2 rows"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 X", "SIDE"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 S 1", "CAPTURED"),
        ("-1,4,4,4,4,4/4,4,4,4,4,4 S", "ROWS: row 1, pit 1"),
        ("y,4,4,4,4,4/4,4,4,4,4,4 S", "ROWS: row 1, pit 1"),
        ("4,4,4,4,4,4/x,x,x,x,x,x S", "every pit of South is closed"),
        ("4,4,4,4,4,4/4,4,4,4,4,5 S", "ROWS: 49 seeds"),
        ("4,4,4,4,4,4/4,4,4,4,4,3 S", "multiple of 4"),
        ("99999999999,4,4,4,4,4/4,4,4,4,4,4 S", "ROWS"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", "CAPTURED"),
        ("", "position"),
        ("a b c d", "position"),
    ] {
        refused("rio-kadalis", position, expected);
    }
    refused("hawalis", RIO_START, "ROWS: expected 4 rows");
    // Only Rio Kadalis closes pits.
    refused(
        "oware",
        "x,4,4,4,4,4/4,4,4,4,4,4 S",
        "North's pit 6 is closed (`x`), but oware has no closed pits",
    );
    refused(
        "al-manqala",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,6 S",
        "multiple of 2",
    );
    let south_over = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/5,5,5,5,5,5,0 S";
    refused("hawalis", south_over, "South's rows");
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
