//! Position strings and moves that must be refused (RULES.md §1): each kind of bad input has its
//! own error variant, and its message names the field that is wrong and what was expected. Also
//! the canonical form of a position string.

use mancala_solver::{
    BySide, MoveError, ParseError, ParsePositionError, Position, PositionError, Setup, Variant,
};

use Variant::{AlManqala, Anywoli, BaoLaKiarabu, Hawalis, RioKadalis, RioKadalis5};

fn parse_err(v: Variant, text: &str) -> ParsePositionError {
    match Position::parse(v, text) {
        Ok(p) => panic!("{v} `{text}` was accepted as {p}"),
        Err(e) => e,
    }
}

/// The message contains every one of `parts`.
fn assert_says(e: &impl std::fmt::Display, parts: &[&str]) {
    let msg = e.to_string();
    for part in parts {
        assert!(msg.contains(part), "message `{msg}` does not say `{part}`");
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
        let e = parse_err(RioKadalis, text);
        assert_eq!(
            e,
            ParsePositionError::Syntax(ParseError::FieldCount { found }),
            "`{text}`"
        );
        assert_says(
            &e,
            &[
                "ROWS SIDE [CAPTURED]",
                "2 or 3 fields",
                &format!("found {found}"),
            ],
        );
    }
}

#[test]
fn wrong_row_count() {
    // A two-row string for a four-row variant, and the other way round.
    let e = parse_err(Hawalis, "2,2,2,2,2,2,2/2,2,2,2,2,2,2 S");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::RowCount {
            expected: 4,
            found: 2
        })
    );
    assert_says(&e, &["ROWS", "expected 4 rows", "found 2"]);

    let e = parse_err(RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,4,4,4 S");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::RowCount {
            expected: 2,
            found: 3
        })
    );
    assert_says(&e, &["ROWS", "expected 2 rows", "found 3"]);

    let e = parse_err(AlManqala, "7,7,7,7,7,7,7 S");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::RowCount {
            expected: 2,
            found: 1
        })
    );
}

#[test]
fn wrong_pit_count() {
    let e = parse_err(RioKadalis, "4,4,4,4,4,4/4,4,4,4,4 S");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::PitCount {
            row: 2,
            expected: 6,
            found: 5
        })
    );
    assert_says(&e, &["ROWS", "row 2", "6 pits", "found 5"]);

    // Rio Kadalis on 5 pits has rows of 5.
    let e = parse_err(RioKadalis5, "4,4,4,4,4/4,4,4,4,4,4 S");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::PitCount {
            row: 2,
            expected: 5,
            found: 6
        })
    );

    // Four-row: the third row (South's inner row) is one short.
    let e = parse_err(
        BaoLaKiarabu,
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
    );
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::PitCount {
            row: 3,
            expected: 8,
            found: 7
        })
    );
    assert_says(&e, &["row 3", "8 pits", "found 7"]);
}

#[test]
fn bad_number() {
    for (text, row, column, bad) in [
        ("4,4,-1,4,4,4/4,4,4,4,4,4 S", 1, 3, "-1"),
        ("4,4,4,4,4,4/4,x,4,4,4,4 S", 2, 2, "x"),
        ("4,4,4,4,4,4/4,4,4,4,,4 S", 2, 5, ""),
        ("4,4,4,4,4,+4/4,4,4,4,4,4 S", 1, 6, "+4"),
        ("4,4,4,4,4,4/4,4,4,4,4,4.0 S", 2, 6, "4.0"),
    ] {
        let e = parse_err(RioKadalis, text);
        assert_eq!(
            e,
            ParsePositionError::Syntax(ParseError::BadNumber {
                row,
                column,
                text: bad.to_owned()
            }),
            "`{text}`"
        );
        assert_says(
            &e,
            &[
                "ROWS",
                &format!("row {row}"),
                &format!("pit {column}"),
                &format!("`{bad}`"),
                "whole number 0 or more",
            ],
        );
    }
}

#[test]
fn bad_side() {
    for side in ["W", "s", "n", "South", "SN", "-"] {
        let text = format!("4,4,4,4,4,4/4,4,4,4,4,4 {side}");
        let e = parse_err(RioKadalis, &text);
        assert_eq!(
            e,
            ParsePositionError::Syntax(ParseError::BadSide {
                text: side.to_owned()
            }),
            "`{text}`"
        );
        assert_says(&e, &["SIDE", "`S` or `N`", &format!("`{side}`")]);
    }
}

#[test]
fn bad_captured() {
    for captured in ["3", "3-", "-3", "a-b", "3-4-5", "-1-2", "3+4", "3 -4"] {
        let text = format!("4,4,4,4,4,0/4,4,4,4,4,0 S {captured}");
        let e = match Position::parse(RioKadalis, &text) {
            Err(e) => e,
            Ok(p) => panic!("`{text}` accepted as {p}"),
        };
        if captured.contains(' ') {
            // A space makes a fourth field.
            assert_eq!(
                e,
                ParsePositionError::Syntax(ParseError::FieldCount { found: 4 })
            );
            continue;
        }
        assert_eq!(
            e,
            ParsePositionError::Syntax(ParseError::BadCaptured {
                text: captured.to_owned()
            }),
            "`{text}`"
        );
        assert_says(&e, &["CAPTURED", "`s-n`", &format!("`{captured}`")]);
    }
}

#[test]
fn fields_are_separated_by_one_space() {
    // Two spaces make an empty field.
    assert!(Position::parse(RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4  S").is_err());
    assert!(Position::parse(RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4 S  0-0").is_err());
    // Spaces inside ROWS are not allowed either.
    assert!(Position::parse(RioKadalis, "4,4,4,4,4,4/ 4,4,4,4,4,4 S").is_err());
    assert!(Position::parse(RioKadalis, "4, 4,4,4,4,4/4,4,4,4,4,4 S").is_err());
}

// ---------------------------------------------------------------------------------------------
// Seed limits

#[test]
fn too_many_seeds_on_one_side_of_a_four_row_board() {
    // Hawalis: each side holds at most 28 seeds (its 14 pits of 2 at the start); here South
    // holds 29.
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,3 S",
    );
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds {
                found: 29,
                max: 28,
                ..
            })
        ),
        "{e:?}"
    );
    assert_says(&e, &["South", "29", "at most 28"]);

    // North's rows, 30.
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
    );
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds {
                found: 30,
                max: 28,
                ..
            })
        ),
        "{e:?}"
    );
    assert_says(&e, &["North", "30", "at most 28"]);

    // 56 in all but 30 on one side is still too many for that side.
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,0/2,2,2,2,2,2,2/2,2,2,2,2,2,4 S",
    );
    assert_says(&e, &["South", "30", "at most 28"]);

    // Bao la Kiarabu: 32 a side.
    let e = parse_err(
        BaoLaKiarabu,
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/33,0,0,0,0,0,0,0 S",
    );
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds {
                found: 33,
                max: 32,
                ..
            })
        ),
        "{e:?}"
    );
    assert_says(&e, &["South", "33", "at most 32"]);
    // 32 is fine.
    assert!(Position::parse(
        BaoLaKiarabu,
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,0 S"
    )
    .is_ok());
}

#[test]
fn four_row_captures_come_from_the_other_side() {
    // Hawalis: South's captures are North's seeds, so North's board plus South's CAPTURED is at
    // most 28. North holds 20, South has captured 9: 29.
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S 9-0",
    );
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds {
                found: 29,
                max: 28,
                ..
            })
        ),
        "{e:?}"
    );
    assert_says(&e, &["CAPTURED", "29", "at most 28"]);
    // 8 is fine.
    assert!(Position::parse(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S 8-0"
    )
    .is_ok());
    // North's captures against South's seeds: South 2 + 27 = 29.
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S 0-27",
    );
    assert_says(&e, &["CAPTURED", "29", "at most 28"]);
}

#[test]
fn too_many_seeds_on_a_two_row_board() {
    // Two-row boards: the limit is the game's total (seeds cross sides).
    for (v, text, found, max) in [
        (RioKadalis, "0,0,0,0,0,0/49,0,0,0,0,0 S", 49, 48),
        (RioKadalis5, "4,4,4,4,4/4,4,4,4,8 S", 44, 40),
        (AlManqala, "50,0,0,0,0,0,0/50,0,0,0,0,0,0 S", 100, 98),
        (
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,0/100,0,0,0,0,0,0,0,0,0,0,0 S",
            100,
            96,
        ),
    ] {
        let e = parse_err(v, text);
        assert_eq!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds {
                field: "ROWS",
                found,
                what: "the board holds",
                max
            }),
            "{v} `{text}`"
        );
        assert_says(&e, &["ROWS", &found.to_string(), &format!("at most {max}")]);
    }
    // One side may hold every seed.
    assert!(Position::parse(RioKadalis, "0,0,0,0,0,0/48,0,0,0,0,0 S").is_ok());
    // A huge count is too many seeds, not bad syntax.
    let e = parse_err(RioKadalis, "0,0,0,0,0,0/99999999999999,0,0,0,0,0 S");
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds { .. })
        ),
        "{e:?}"
    );
}

#[test]
fn board_and_captured_over_the_total() {
    // 40 on the board and 4 + 8 captured: 52 > 48.
    let e = parse_err(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 S 4-8");
    assert_eq!(
        e,
        ParsePositionError::Invalid(PositionError::TooManySeeds {
            field: "ROWS and CAPTURED together",
            found: 52,
            what: "the game has",
            max: 48
        })
    );
    assert_says(&e, &["ROWS and CAPTURED", "52", "at most 48"]);
    // Exactly 48 is fine.
    assert!(Position::parse(RioKadalis, "4,4,4,4,4,0/4,4,4,4,4,0 S 4-4").is_ok());
    // Al-manqala: 98.
    let e = parse_err(AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 1-1");
    assert_says(&e, &["ROWS and CAPTURED", "100", "at most 98"]);
    // Four-row: the game's total too (each side's limit holds, the sum does not).
    let e = parse_err(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S 0-1",
    );
    assert!(
        matches!(
            e,
            ParsePositionError::Invalid(PositionError::TooManySeeds { .. })
        ),
        "{e:?}"
    );
    assert_says(&e, &["CAPTURED", "at most 28"]);
}

#[test]
fn unreachable_totals() {
    for (v, text, total, step) in [
        (AlManqala, "0,0,0,0,0,0,1/0,0,0,0,0,0,0 S", 1, 2),
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
        (RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,1 S", 45, 4),
        (RioKadalis5, "1,0,0,0,0/0,0,0,0,0 N", 1, 4),
    ] {
        let e = parse_err(v, text);
        assert_eq!(
            e,
            ParsePositionError::Invalid(PositionError::UnreachableTotal {
                variant: v.id(),
                total,
                step
            }),
            "{v} `{text}`"
        );
        assert_says(
            &e,
            &[
                "ROWS",
                &total.to_string(),
                v.id(),
                &format!("multiple of {step}"),
            ],
        );
    }
    // Four-row variants accept any total.
    assert!(Position::parse(
        Hawalis,
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S"
    )
    .is_ok());
    // Reachable totals are accepted.
    assert!(Position::parse(AlManqala, "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S").is_ok());
    assert!(Position::parse(RioKadalis5, "1,0,0,0,0/0,0,0,0,3 N").is_ok());
}

#[test]
fn unknown_variant() {
    for name in ["kalah-9", "Hawalis", "", "rio"] {
        let e = name.parse::<Variant>().unwrap_err();
        assert_eq!(
            e,
            ParseError::UnknownVariant {
                name: name.to_owned()
            }
        );
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
        assert_eq!(
            e,
            MoveError::Malformed {
                text: text.to_owned(),
                pits: 6
            },
            "`{text}`"
        );
        assert_says(
            &e,
            &[&format!("`{text}`"), "pit number from 1 to 6", "`pass`"],
        );
    }
    // Four-row boards: 1..2P.
    let p = Position::start(Hawalis);
    let e = p.play_text("15").unwrap_err();
    assert_says(&e, &["`15`", "from 1 to 14"]);
    assert!(p.play_text("14").is_ok());
    let e = Position::start(BaoLaKiarabu).play_text("17").unwrap_err();
    assert_eq!(
        e,
        MoveError::Malformed {
            text: "17".to_owned(),
            pits: 16
        }
    );
    assert!(Position::start(Anywoli).play_text("12").is_ok());
}

#[test]
fn illegal_moves_list_the_legal_ones() {
    // Rio Kadalis: South's pits 2 and 5 are empty.
    let p = Position::parse(RioKadalis, "4,4,4,4,4,4/4,0,4,4,0,4 S").unwrap();
    let e = p.play_text("2").unwrap_err();
    assert_eq!(
        e,
        MoveError::Illegal {
            text: "2".to_owned(),
            legal: ["1", "3", "4", "6"].map(str::to_owned).to_vec()
        }
    );
    assert_says(&e, &["`2`", "not legal", "1 3 4 6"]);
    // `pass` is well-formed but illegal when a pit can be played.
    let e = p.play_text("pass").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    assert_says(&e, &["`pass`", "1 3 4 6"]);
    // No legal move at all: the game is over.
    let p = Position::parse(RioKadalis, "0,0,0,0,0,0/4,0,0,0,0,0 N").unwrap();
    let e = p.play_text("1").unwrap_err();
    assert_eq!(
        e,
        MoveError::Illegal {
            text: "1".to_owned(),
            legal: vec![]
        }
    );
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
    let setup: Setup = "1,2/3,4,5 N 6-7".parse().unwrap();
    assert_eq!(setup.rows, vec![vec![1, 2], vec![3, 4, 5]]);
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
