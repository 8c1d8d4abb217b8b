//! Position strings and moves that must be refused (docs/rules.md#notation): each kind of bad input
//! has its own error variant, and its message names the field that is wrong and what was expected.
//! Also the seed limits and reachable totals of each variant, and the canonical form of a position
//! string.

use mancala_solver::{
    BySide, MoveError, ParseError, ParsePositionError, Position, PositionError, Setup, Variant,
};

use PositionError::{TooManySeeds, UnreachableTotal};
use Variant::{
    AlManqala, Anywoli, BaoLaKiarabu, Hawalis, Kalah, Kalah4, Kalah5, Oware, RioKadalis,
    RioKadalis5,
};

/// The syntax error of a position string that must not be well-formed.
fn syntax_err(v: Variant, text: &str) -> ParseError {
    match Position::parse(v, text) {
        Ok(p) => panic!("{v} `{text}` was accepted as {p}"),
        Err(ParsePositionError::Syntax(e)) => e,
        Err(e) => panic!("{v} `{text}`: expected a syntax error, got {e:?}"),
    }
}

/// Why a well-formed position string is not a position of `v`.
fn invalid_err(v: Variant, text: &str) -> PositionError {
    match Position::parse(v, text) {
        Ok(p) => panic!("{v} `{text}` was accepted as {p}"),
        Err(ParsePositionError::Invalid(e)) => e,
        Err(e) => panic!("{v} `{text}`: expected an invalid position, got {e:?}"),
    }
}

/// The message contains every one of `parts`.
fn assert_says(e: &impl std::fmt::Display, parts: &[&str]) {
    let msg = e.to_string();
    for part in parts {
        assert!(msg.contains(part), "message `{msg}` does not say `{part}`");
    }
}

/// Each position is accepted.
fn assert_accepted(positions: &[(Variant, &str)]) {
    for &(v, text) in positions {
        if let Err(e) = Position::parse(v, text) {
            panic!("{v} `{text}` refused: {e}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Syntax

#[test]
fn wrong_field_count() {
    for (text, found) in [
        ("4,4,4,4,4,4/4,4,4,4,4,4", 1),
        ("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 x", 4),
        ("4,4,4,4,4,4/4,4,4,4,4,4_S_0-0_x", 4),
    ] {
        let e = syntax_err(RioKadalis, text);
        assert_eq!(e, ParseError::FieldCount { found }, "`{text}`");
        let found = format!("found {found}");
        assert_says(&e, &["ROWS SIDE [CAPTURED]", "2 or 3 fields", &found]);
    }
}

#[test]
fn wrong_row_count() {
    // A two-row string for a four-row variant, and the other way round.
    for (v, text, expected, found) in [
        (Hawalis, "2,2,2,2,2,2,2/2,2,2,2,2,2,2 S", 4, 2),
        (RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,4,4,4 S", 2, 3),
        (AlManqala, "7,7,7,7,7,7,7 S", 2, 1),
    ] {
        let e = invalid_err(v, text);
        assert_eq!(
            e,
            PositionError::RowCount { expected, found },
            "{v} `{text}`"
        );
        let (expected, found) = (
            format!("expected {expected} rows"),
            format!("found {found}"),
        );
        assert_says(&e, &["ROWS", &expected, &found]);
    }
}

#[test]
fn wrong_pit_count() {
    // Rio Kadalis on 5 pits has rows of 5; Bao la Kiarabu's third row (South's inner row) is
    // one short.
    let bao = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S";
    for (v, text, row, expected, found) in [
        (RioKadalis, "4,4,4,4,4,4/4,4,4,4,4 S", 2, 6, 5),
        (RioKadalis5, "4,4,4,4,4/4,4,4,4,4,4 S", 2, 5, 6),
        (RioKadalis5, "4,4,4,4,4,4/4,4,4,4,4,4 S", 1, 5, 6),
        (BaoLaKiarabu, bao, 3, 8, 7),
    ] {
        let e = invalid_err(v, text);
        let pits = PositionError::PitCount {
            row,
            expected,
            found,
        };
        assert_eq!(e, pits, "{v} `{text}`");
        let row = format!("row {row}");
        let (expected, found) = (format!("{expected} pits"), format!("found {found}"));
        assert_says(&e, &["ROWS", &row, &expected, &found]);
    }
}

#[test]
fn bad_number() {
    for (text, row, column, bad) in [
        ("4,4,-1,4,4,4/4,4,4,4,4,4 S", 1, 3, "-1"),
        ("4,4,4,4,4,4/4,X,4,4,4,4 S", 2, 2, "X"),
        ("4,4,4,4,4,4/4,xx,4,4,4,4 S", 2, 2, "xx"),
        ("4,4,4,4,4,4/4,4,4,4,,4 S", 2, 5, ""),
        ("4,4,4,4,4,+4/4,4,4,4,4,4 S", 1, 6, "+4"),
        ("4,4,4,4,4,4/4,4,4,4,4,4.0 S", 2, 6, "4.0"),
    ] {
        let e = syntax_err(RioKadalis, text);
        let expected = ParseError::BadNumber {
            row,
            column,
            text: bad.to_owned(),
        };
        assert_eq!(e, expected, "`{text}`");
        let (row, pit, bad) = (
            format!("row {row}"),
            format!("pit {column}"),
            format!("`{bad}`"),
        );
        assert_says(&e, &["ROWS", &row, &pit, &bad, "whole number 0 or more"]);
    }
}

/// Asserts that Rio Kadalis refuses `text` with exactly `expected`, its message saying every one
/// of `says` and quoting the bad field `bad`.
fn assert_bad_field(text: &str, expected: ParseError, says: &[&str], bad: &str) {
    let e = syntax_err(RioKadalis, text);
    assert_eq!(e, expected, "`{text}`");
    assert_says(&e, says);
    assert_says(&e, &[&format!("`{bad}`")]);
}

#[test]
fn bad_side() {
    for side in ["W", "s", "n", "South", "SN", "-"] {
        let text = format!("4,4,4,4,4,4/4,4,4,4,4,4 {side}");
        let bad_side = ParseError::BadSide {
            text: side.to_owned(),
        };
        assert_bad_field(&text, bad_side, &["SIDE", "`S` or `N`"], side);
    }
}

#[test]
fn bad_captured() {
    for captured in ["3", "3-", "-3", "a-b", "3-4-5", "-1-2", "3+4"] {
        let text = format!("4,4,4,4,4,0/4,4,4,4,4,0 S {captured}");
        let expected = ParseError::BadCaptured {
            text: captured.to_owned(),
        };
        assert_bad_field(&text, expected, &["CAPTURED", "`s-n`"], captured);
    }
    // A space makes a fourth field.
    let e = syntax_err(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 S 3 -4");
    assert_eq!(e, ParseError::FieldCount { found: 4 });
}

#[test]
fn fields_are_separated_by_one_space() {
    // Two spaces make an empty field; spaces inside ROWS are not allowed either.
    for text in [
        "4,4,4,4,4,4/4,4,4,4,4,4  S",
        "4,4,4,4,4,4/4,4,4,4,4,4 S  0-0",
        "4,4,4,4,4,4/ 4,4,4,4,4,4 S",
        "4, 4,4,4,4,4/4,4,4,4,4,4 S",
    ] {
        assert!(Position::parse(RioKadalis, text).is_err(), "`{text}`");
    }
}

// ---------------------------------------------------------------------------------------------
// Seed limits and reachable totals

/// Asserts that each position is refused for holding `found` seeds on a side that may hold at
/// most `max`, the message naming the side (or CAPTURED, where it counts) and both numbers.
fn assert_too_many_for_a_side(cases: &[(Variant, &str, &str, u32, u32)]) {
    for &(v, text, says, found, max) in cases {
        let e = invalid_err(v, text);
        assert!(
            matches!(e, TooManySeeds { found: f, max: m, .. } if (f, m) == (found, max)),
            "{v} `{text}`: {e:?}"
        );
        assert_says(&e, &[says, &found.to_string(), &format!("at most {max}")]);
    }
}

#[test]
fn too_many_seeds_on_one_side_of_a_four_row_board() {
    // Hawalis: each side holds at most 28 seeds (its 14 pits of 2 at the start); here South
    // holds 29, North 30, and South 30 with 56 in all (still too many for that side).
    let south_29 = "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,3 S";
    let north_30 = "2,2,2,2,2,2,2/2,2,2,2,2,2,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S";
    let south_30 = "2,2,2,2,2,2,2/2,2,2,2,2,2,0/2,2,2,2,2,2,2/2,2,2,2,2,2,4 S";
    // Bao la Kiarabu: 32 a side; 33 on South's side, then on North's.
    let bao_south_33 = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/33,0,0,0,0,0,0,0 S";
    let bao_north_33 = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S";
    assert_too_many_for_a_side(&[
        (Hawalis, south_29, "South", 29, 28),
        (Hawalis, north_30, "North", 30, 28),
        (Hawalis, south_30, "South", 30, 28),
        (BaoLaKiarabu, bao_south_33, "South", 33, 32),
        (BaoLaKiarabu, bao_north_33, "North", 33, 32),
    ]);
    // Exactly 32 is fine.
    assert_accepted(&[
        (
            BaoLaKiarabu,
            "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,0 S",
        ),
        (
            BaoLaKiarabu,
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S",
        ),
    ]);
}

#[test]
fn four_row_captures_come_from_the_other_side() {
    // Hawalis: South's captures are North's seeds, so North's board plus South's CAPTURED is at
    // most 28. North holds 20, South has captured 9: 29; with 8 it is fine. North's captures
    // against South's seeds: South 2 + 27 = 29.
    let board = "2,2,2,2,2,2,2/2,2,2,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S";
    let (south_took_9, north_took_27) = (format!("{board} 9-0"), format!("{board} 0-27"));
    assert_too_many_for_a_side(&[
        (Hawalis, &south_took_9, "CAPTURED", 29, 28),
        (Hawalis, &north_took_27, "CAPTURED", 29, 28),
    ]);
    assert_accepted(&[(Hawalis, &format!("{board} 8-0"))]);
}

/// Asserts that each position `(variant, text, found, max)` is refused with exactly
/// `TooManySeeds { field, found, what, max }`, the message naming the field and both numbers.
fn assert_too_many(cases: &[(Variant, &str, u32, u32)], field: &'static str, what: &'static str) {
    for &(v, text, found, max) in cases {
        let e = invalid_err(v, text);
        let expected = TooManySeeds {
            field,
            found,
            what,
            max,
        };
        assert_eq!(e, expected, "{v} `{text}`");
        assert_says(&e, &[field, &found.to_string(), &format!("at most {max}")]);
    }
}

#[test]
fn too_many_seeds_on_a_two_row_board() {
    // Two-row boards: the limit is the game's total (seeds cross sides); Kalah's positions
    // may come from Kalah(P, n) with n up to 6: 72 seeds on 6 pits a row, 60 on 5, 48 on 4.
    let cases = [
        (RioKadalis, "0,0,0,0,0,0/49,0,0,0,0,0 S", 49, 48),
        (RioKadalis5, "4,4,4,4,4/4,4,4,4,8 S", 44, 40),
        (AlManqala, "50,0,0,0,0,0,0/50,0,0,0,0,0,0 S", 100, 98),
        (
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,0/100,0,0,0,0,0,0,0,0,0,0,0 S",
            100,
            96,
        ),
        (Kalah, "6,6,6,6,6,6/6,6,6,6,6,7 S", 73, 72),
    ];
    assert_too_many(&cases, "ROWS", "the board holds");
    // One side may hold every seed.
    assert_accepted(&[
        (RioKadalis, "0,0,0,0,0,0/48,0,0,0,0,0 S"),
        (Kalah, "6,6,6,6,6,6/6,6,6,6,6,6 S"),
        (Kalah5, "6,6,6,6,6/6,6,6,6,6 N"),
    ]);
    let six = Position::parse(Kalah, "6,6,6,6,6,6/6,6,6,6,6,6 S").unwrap();
    assert_eq!(six.seeds_on_board(), 72);
    // A huge count is too many seeds, not bad syntax.
    let e = invalid_err(RioKadalis, "0,0,0,0,0,0/99999999999999,0,0,0,0,0 S");
    assert!(matches!(e, TooManySeeds { .. }), "{e:?}");
}

#[test]
fn board_and_captured_over_the_total() {
    let field = "ROWS and CAPTURED together";
    let cases = [
        // 40 on the board and 4 + 8 captured: 52 > 48.
        (RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 S 4-8", 52, 48),
        (AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 1-1", 100, 98),
        // Kalah from Kalah(P, 6).
        (Kalah, "6,6,6,6,6,6/6,6,6,6,6,6 S 1-0", 73, 72),
        (Kalah5, "6,6,6,6,6/6,6,6,6,6 N 0-1", 61, 60),
        (Kalah4, "0,0,0,0/0,0,0,0 N 25-24", 49, 48),
        (Oware, "4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", 49, 48),
    ];
    assert_too_many(&cases, field, "the game has");
    // Exactly the total is fine.
    assert_accepted(&[(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 S 4-4")]);
    // Four-row: the game's total too (each side's limit holds, the sum does not).
    let e = invalid_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S 0-1",
    );
    assert!(matches!(e, TooManySeeds { .. }), "{e:?}");
    assert_says(&e, &["CAPTURED", "at most 28"]);
}

#[test]
fn unreachable_totals() {
    // Al-manqala captures twos and fours, Anywoli and Rio Kadalis fours: the seeds on the
    // board stay a multiple of 2 or 4 of what the start has.
    assert_accepted(&[
        // Four-row variants accept any total.
        (
            Hawalis,
            "0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
        ),
        // Reachable totals are accepted, whatever was captured.
        (AlManqala, "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S"),
        (AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,5 S 1-1"),
        (RioKadalis5, "1,0,0,0,0/0,0,0,0,3 N"),
        // Kalah and Oware reach any total (Oware captures 3s), odd ones too.
        (Kalah4, "1,0,0,0/0,0,0,2 S 3-1"),
        (Oware, "0,0,0,0,0,1/0,0,0,0,0,2 S 20-25"),
    ]);
    for (v, text, total, step) in [
        (AlManqala, "0,0,0,0,0,0,1/0,0,0,0,0,0,0 S", 1, 2),
        (AlManqala, "0,0,0,0,0,0,0/1,0,0,0,0,0,0 S", 1, 2),
        (AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,6 S", 97, 2),
        (AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,0 S 0-1", 91, 2),
        (
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0,0,0 S",
            2,
            4,
        ),
        (
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,3/0,0,0,0,0,0,0,0,0,0,0,3 N",
            6,
            4,
        ),
        (
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,1/4,0,0,0,0,0,0,0,0,0,0,0 S",
            5,
            4,
        ),
        (
            Anywoli,
            "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,2 S",
            94,
            4,
        ),
        (RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,1 S", 45, 4),
        (RioKadalis, "0,0,0,0,0,1/1,0,0,0,0,0 S", 2, 4),
        (RioKadalis5, "1,0,0,0,0/0,0,0,0,0 N", 1, 4),
        (RioKadalis5, "4,4,4,4,4/4,4,4,4,3 S", 39, 4),
    ] {
        let e = invalid_err(v, text);
        let variant = v.id();
        assert_eq!(
            e,
            UnreachableTotal {
                variant,
                total,
                step
            },
            "{v} `{text}`"
        );
        let (total, step) = (total.to_string(), format!("multiple of {step}"));
        assert_says(&e, &["ROWS", &total, variant, &step]);
    }
}

#[test]
fn unknown_variant() {
    for name in ["kalah-9", "Hawalis", "", "rio"] {
        let e = name.parse::<Variant>().unwrap_err();
        let unknown = ParseError::UnknownVariant {
            name: name.to_owned(),
            expected: Variant::ALL.map(|v| v.id()).join(", "),
        };
        assert_eq!(e, unknown);
        assert_says(&e, &[&format!("`{name}`"), "expected one of"]);
        for v in Variant::ALL {
            assert_says(&e, &[v.id()]);
        }
    }
    for v in Variant::ALL {
        assert_eq!(v.id().parse::<Variant>().unwrap(), v);
    }
}

// ---------------------------------------------------------------------------------------------
// Moves

#[test]
fn malformed_moves() {
    let p = Position::start(RioKadalis);
    for text in [
        "0", "7", "99", "abc", "", "-1", "+1", "1.0", "Pass", " 1", "01x",
    ] {
        let e = p.play_text(text).unwrap_err();
        let malformed = MoveError::Malformed {
            text: text.to_owned(),
            pits: 6,
        };
        assert_eq!(e, malformed, "`{text}`");
        let quoted = format!("`{text}`");
        assert_says(&e, &[&quoted, "pit number from 1 to 6", "`pass`"]);
    }
    // Four-row boards: 1..2P.
    let p = Position::start(Hawalis);
    let e = p.play_text("15").unwrap_err();
    assert_says(&e, &["`15`", "from 1 to 14"]);
    assert!(p.play_text("14").is_ok());
    let e = Position::start(BaoLaKiarabu).play_text("17").unwrap_err();
    let malformed = MoveError::Malformed {
        text: "17".to_owned(),
        pits: 16,
    };
    assert_eq!(e, malformed);
    assert!(Position::start(Anywoli).play_text("12").is_ok());
}

#[test]
fn illegal_moves_list_the_legal_ones() {
    // Rio Kadalis: South's pits 2 and 5 are empty.
    let p = Position::parse(RioKadalis, "4,4,4,4,4,4/4,0,4,4,0,4 S").unwrap();
    let e = p.play_text("2").unwrap_err();
    let legal = ["1", "3", "4", "6"].map(str::to_owned).to_vec();
    let illegal = MoveError::Illegal {
        text: "2".to_owned(),
        legal,
    };
    assert_eq!(e, illegal);
    assert_says(&e, &["`2`", "not legal", "1 3 4 6"]);
    // `pass` is well-formed but illegal when a pit can be played.
    let e = p.play_text("pass").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    assert_says(&e, &["`pass`", "1 3 4 6"]);
    // No legal move at all: the game is over.
    let p = Position::parse(RioKadalis, "0,0,0,0,0,0/4,0,0,0,0,0 N").unwrap();
    let e = p.play_text("1").unwrap_err();
    let none = MoveError::Illegal {
        text: "1".to_owned(),
        legal: vec![],
    };
    assert_eq!(e, none);
    assert_says(&e, &["none", "game is over"]);
}

// ---------------------------------------------------------------------------------------------
// The canonical form

#[test]
fn canonical_form_omits_zero_captures_and_uses_single_spaces() {
    for v in Variant::ALL {
        let start = Position::start(v);
        let text = start.to_string();
        // `ROWS SIDE`: one space, no CAPTURED when it is 0-0.
        assert_eq!(text.matches(' ').count(), 1, "{text}");
        assert!(text.ends_with(" S"), "{text}");
        assert!(!text.contains('_'));
        // Writing 0-0 out reads the same position, and prints without it.
        let with_zero = Position::parse(v, &format!("{text} 0-0")).unwrap();
        assert_eq!(with_zero, start);
        assert_eq!(with_zero.to_string(), text);
    }
    // Non-zero captures are written as `s-n` after a single space.
    let p = Position::parse(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 N 0-8").unwrap();
    assert_eq!(p.to_string(), "4,4,4,4,4,0/4,4,4,4,4,0 N 0-8");
    assert_eq!(p.captured(), BySide::new(0, 8));
    let p = Position::parse(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 N 8-0").unwrap();
    assert_eq!(p.to_string(), "4,4,4,4,4,0/4,4,4,4,4,0 N 8-0");
    // Leading zeros in counts are read as numbers and written without them.
    let p = Position::parse(RioKadalis, "04,4,4,4,4,0/4,4,4,4,4,00 N 08-0").unwrap();
    assert_eq!(p.to_string(), "4,4,4,4,4,0/4,4,4,4,4,0 N 8-0");
}

#[test]
fn underscores_are_accepted_for_spaces() {
    let spaced = Position::parse(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 N 4-4").unwrap();
    for text in [
        "4,4,4,4,4,0/4,4,4,4,4,0_N_4-4",
        "4,4,4,4,4,0/4,4,4,4,4,0_N 4-4",
        "4,4,4,4,4,0/4,4,4,4,4,0 N_4-4",
    ] {
        assert_eq!(Position::parse(RioKadalis, text).unwrap(), spaced, "{text}");
    }
    // And in two-field strings.
    assert_eq!(
        Position::parse(
            Hawalis,
            "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2_S"
        )
        .unwrap(),
        Position::start(Hawalis)
    );
    // The canonical form always uses spaces.
    assert_eq!(spaced.to_string(), "4,4,4,4,4,0/4,4,4,4,4,0 N 4-4");
}

#[test]
fn syntax_is_checked_before_the_variant() {
    // `Setup` reads any shape; only `validate` knows the variant.
    let setup: Setup = "1,2/3,x,5 N 6-7".parse().unwrap();
    // `x`, a closed pit, is syntax too: whether the variant closes pits is for `validate`.
    assert_eq!(
        setup.rows,
        vec![vec![Some(1), Some(2)], vec![Some(3), None, Some(5)]]
    );
    assert_eq!(setup.captured, BySide::new(6, 7));
    assert!(matches!(
        setup.validate(RioKadalis),
        Err(PositionError::PitCount { row: 1, .. })
    ));
    // Position strings of one variant are not accepted by another of a different board.
    let text = Position::start(RioKadalis).to_string();
    assert!(matches!(
        Position::parse(RioKadalis5, &text),
        Err(ParsePositionError::Invalid(PositionError::PitCount { .. }))
    ));
    assert!(matches!(
        Position::parse(Hawalis, &text),
        Err(ParsePositionError::Invalid(PositionError::RowCount { .. }))
    ));
}
