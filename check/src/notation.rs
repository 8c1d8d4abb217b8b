//! Position strings (docs/rules.md, "Position strings"): `ROWS SIDE [CAPTURED]`, read in two
//! steps (the syntax, then validity against the variant, each failure naming the field) and
//! written in canonical form (`CAPTURED` left out when it is `0-0`).

use thiserror::Error;

use crate::rules::{Pos, NORTH, SOUTH};
use crate::variant::{Spec, Variant};

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not `ROWS SIDE [CAPTURED]`.
    #[error(
        "expected 2 or 3 fields (ROWS SIDE [CAPTURED]) separated by single spaces or \
         underscores, found {found}"
    )]
    Fields {
        /// Fields found.
        found: usize,
    },
    /// A pit count that is not decimal digits.
    #[error("ROWS: pit count `{text}` is not a decimal number")]
    Count {
        /// The count as written.
        text: String,
    },
    /// A side that is neither `S` nor `N`.
    #[error("SIDE `{text}`: expected `S` or `N`")]
    Side {
        /// The side as written.
        text: String,
    },
    /// A `CAPTURED` field that is not `s-n`.
    #[error("CAPTURED `{text}`: expected two decimal numbers `s-n`")]
    Captured {
        /// The field as written.
        text: String,
    },
    /// The wrong number of rows.
    #[error("ROWS: {variant} has {expected} rows, found {found}")]
    Rows {
        /// The variant.
        variant: Variant,
        /// Rows of its board.
        expected: usize,
        /// Rows written.
        found: usize,
    },
    /// A row with the wrong number of pits.
    #[error("ROWS: row {row} of {variant} has {expected} pits, found {found}")]
    Pits {
        /// The variant.
        variant: Variant,
        /// The row, from the top, from 1.
        row: usize,
        /// Pits of its rows.
        expected: usize,
        /// Pits written.
        found: usize,
    },
    /// More seeds than the variant holds.
    #[error("{what}: {found} seeds, but {variant} holds at most {max}")]
    TooManySeeds {
        /// The variant.
        variant: Variant,
        /// Which seeds: the field and what they are.
        what: &'static str,
        /// Seeds found (a count too large for 64 bits is read as the largest).
        found: u64,
        /// The most there can be.
        max: u32,
    },
    /// A closed pit (`x`) in a variant whose pits are never closed.
    #[error("ROWS: `x` (a pit closed with sand) is only in rio-kadalis and rio-kadalis-5, not in {variant}")]
    ClosedPit {
        /// The variant.
        variant: Variant,
    },
    /// A side whose every pit is closed.
    #[error("ROWS: every pit of {side} is closed, but each side keeps at least one open")]
    NoOpenPit {
        /// `South` or `North`.
        side: &'static str,
    },
    /// A board total the rules never leave.
    #[error("ROWS: {found} seeds on the board, but {variant} boards hold a multiple of {step}")]
    Step {
        /// The variant.
        variant: Variant,
        /// Seeds on the board.
        found: u64,
        /// The step of reachable totals.
        step: u32,
    },
}

/// The drawn board, row by row from the top, each row from South's left: the (side, pit number)
/// of every place. Two-row `N P..1 / S 1..P`; four-row `N outer P..1 / N inner P+1..2P /
/// S inner 2P..P+1 / S outer 1..P`.
pub fn drawn_rows(spec: &Spec) -> Vec<Vec<(usize, usize)>> {
    let p = spec.p;
    let north_outer: Vec<(usize, usize)> = (1..=p).rev().map(|k| (NORTH, k)).collect();
    let south_outer: Vec<(usize, usize)> = (1..=p).map(|k| (SOUTH, k)).collect();
    if spec.rows == 2 {
        vec![north_outer, south_outer]
    } else {
        let north_inner: Vec<(usize, usize)> = (p + 1..=2 * p).map(|k| (NORTH, k)).collect();
        let south_inner: Vec<(usize, usize)> = (p + 1..=2 * p).rev().map(|k| (SOUTH, k)).collect();
        vec![north_outer, north_inner, south_inner, south_outer]
    }
}

/// A decimal number of digits only, saturating at `u64::MAX`; `None` if it is not one.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// The fields of a position string: `ROWS SIDE [CAPTURED]`, separated by one space or
/// underscore each.
fn fields(text: &str) -> Result<Vec<&str>, PositionError> {
    let fields: Vec<&str> = text.split([' ', '_']).collect();
    if !(2..=3).contains(&fields.len()) || fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::Fields {
            found: fields.iter().filter(|f| !f.is_empty()).count(),
        });
    }
    Ok(fields)
}

/// Whether a position string has a `CAPTURED` field (its third), whatever else it holds.
pub fn has_captured(text: &str) -> bool {
    fields(text).is_ok_and(|f| f.len() == 3)
}

/// Reads a position string of `variant`: its syntax, then its validity (docs/rules.md,
/// "Position strings", in the order written there).
pub fn parse(variant: Variant, text: &str) -> Result<Pos, PositionError> {
    let spec = variant.spec();
    let fields = fields(text)?;

    // Syntax: a count, or `x` for a closed pit (`None`).
    let rows: Vec<Vec<Option<u64>>> = fields[0]
        .split('/')
        .map(|row| {
            row.split(',')
                .map(|c| match c {
                    "x" => Ok(None),
                    _ => number(c)
                        .map(Some)
                        .ok_or_else(|| PositionError::Count { text: c.to_owned() }),
                })
                .collect()
        })
        .collect::<Result<_, _>>()?;
    let side = match fields[1] {
        "S" => SOUTH,
        "N" => NORTH,
        other => {
            return Err(PositionError::Side {
                text: other.to_owned(),
            })
        }
    };
    let captured = match fields.get(2) {
        None => [0, 0],
        Some(c) => {
            let bad = || PositionError::Captured {
                text: (*c).to_owned(),
            };
            let (s, n) = c.split_once('-').ok_or_else(bad)?;
            [number(s).ok_or_else(bad)?, number(n).ok_or_else(bad)?]
        }
    };

    // Validity: the rows and their pits.
    let places = drawn_rows(&spec);
    if rows.len() != places.len() {
        return Err(PositionError::Rows {
            variant,
            expected: places.len(),
            found: rows.len(),
        });
    }
    let mut pits = [[0u64; crate::rules::MAX_PITS]; 2];
    let mut closed = [0u16; 2];
    for (r, (row, place_row)) in rows.iter().zip(&places).enumerate() {
        if row.len() != place_row.len() {
            return Err(PositionError::Pits {
                variant,
                row: r + 1,
                expected: place_row.len(),
                found: row.len(),
            });
        }
        for (&c, &(s, k)) in row.iter().zip(place_row) {
            match c {
                Some(c) => pits[s][k - 1] = c,
                None => closed[s] |= 1 << (k - 1),
            }
        }
    }
    // Closed pits: Rio Kadalis's alone, and never a whole side.
    if closed != [0, 0] {
        if !spec.closes_pits() {
            return Err(PositionError::ClosedPit { variant });
        }
        for (s, name) in [(SOUTH, "South"), (NORTH, "North")] {
            if u32::from(closed[s]).count_ones() as usize == spec.p {
                return Err(PositionError::NoOpenPit { side: name });
            }
        }
    }
    let side_seeds = |s: usize| pits[s].iter().fold(0u64, |a, &c| a.saturating_add(c));
    let (south, north) = (side_seeds(SOUTH), side_seeds(NORTH));
    let board = south.saturating_add(north);
    let too_many = |what, found, max| PositionError::TooManySeeds {
        variant,
        what,
        found,
        max,
    };
    // The seeds a side holds, and with what the opponent captured from it (four-row), or the
    // board (two-row).
    if spec.four_rows() {
        let max = spec.max_per_side();
        // Each side's own seeds, then the seeds that can only have come from it: the other
        // side's captures of them, with the other side's seeds.
        for (what, seeds) in [
            ("ROWS (South's rows)", south),
            ("ROWS (North's rows)", north),
            (
                "CAPTURED (South's captures plus North's seeds on the board)",
                north.saturating_add(captured[SOUTH]),
            ),
            (
                "CAPTURED (North's captures plus South's seeds on the board)",
                south.saturating_add(captured[NORTH]),
            ),
        ] {
            if seeds > u64::from(max) {
                return Err(too_many(what, seeds, max));
            }
        }
    } else if board > u64::from(spec.total()) {
        return Err(too_many("ROWS", board, spec.total()));
    }
    let all = board
        .saturating_add(captured[SOUTH])
        .saturating_add(captured[NORTH]);
    if all > u64::from(spec.total()) {
        return Err(too_many("ROWS and CAPTURED together", all, spec.total()));
    }
    if board % u64::from(spec.total_step()) != 0 {
        return Err(PositionError::Step {
            variant,
            found: board,
            step: spec.total_step(),
        });
    }
    // Every count is at most the game's total (at most 98), so it fits a byte.
    let mut pos = Pos {
        side,
        captured: [captured[SOUTH] as u32, captured[NORTH] as u32],
        closed,
        ..Pos::EMPTY
    };
    for s in [SOUTH, NORTH] {
        for (cell, &c) in pos.pits[s].iter_mut().zip(&pits[s]) {
            *cell = c as u8;
        }
    }
    Ok(pos)
}

/// The canonical position string of `pos`: single spaces, `CAPTURED` left out when `0-0`.
pub fn write(spec: &Spec, pos: &Pos) -> String {
    let mut s = write_board(spec, pos);
    if pos.captured != [0, 0] {
        s += &format!(" {}-{}", pos.captured[SOUTH], pos.captured[NORTH]);
    }
    s
}

/// The position string of `pos` without its `CAPTURED` field: `ROWS SIDE`.
pub fn write_board(spec: &Spec, pos: &Pos) -> String {
    let rows: Vec<String> = drawn_rows(spec)
        .iter()
        .map(|row| {
            let counts: Vec<String> = row
                .iter()
                .map(|&(side, k)| match pos.is_closed(side, k) {
                    true => "x".to_owned(),
                    false => pos.pits[side][k - 1].to_string(),
                })
                .collect();
            counts.join(",")
        })
        .collect();
    format!(
        "{} {}",
        rows.join("/"),
        if pos.side == SOUTH { "S" } else { "N" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_strings_read_back() {
        for (v, text) in [
            (Variant::RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4 S"),
            (Variant::RioKadalis, "8,1,1,1,7,7/0,8,2,7,2,0 S 0-4"),
            (
                Variant::Hawalis,
                "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S",
            ),
        ] {
            let p = parse(v, text).unwrap();
            assert_eq!(write(&v.spec(), &p), text);
            assert_eq!(parse(v, &text.replace(' ', "_")).unwrap(), p);
        }
        // Rio Kadalis after South's 1 and North's 4: North's pit 1 is the rightmost of the top row.
        let p = parse(Variant::RioKadalis, "8,1,1,1,7,7/0,8,2,7,2,0 N 0-4").unwrap();
        assert_eq!(p.pits[NORTH][0], 7);
        assert_eq!(p.pits[SOUTH][1], 8);
        assert_eq!(p.side, NORTH);
        assert!(has_captured("8,1,1,1,7,7/0,8,2,7,2,0 N 0-4"));
        assert!(!has_captured("8,1,1,1,7,7/0,8,2,7,2,0 N"));
    }

    #[test]
    fn each_failure_names_its_field() {
        let v = Variant::RioKadalis;
        let err = |t: &str| parse(v, t).unwrap_err();
        assert!(matches!(err("4,4"), PositionError::Fields { found: 1 }));
        assert!(matches!(err("4,4  S"), PositionError::Fields { .. }));
        assert!(matches!(err("4,y/4 S"), PositionError::Count { .. }));
        assert!(matches!(err("4/4 W"), PositionError::Side { .. }));
        assert!(matches!(err("4/4 S 1"), PositionError::Captured { .. }));
        assert!(matches!(err("4 S"), PositionError::Rows { found: 1, .. }));
        assert!(matches!(
            err("4,4/4,4,4,4,4,4 S"),
            PositionError::Pits { row: 1, .. }
        ));
        assert!(matches!(
            err("0,0,0,0,0,0/0,0,0,0,0,99999999999999999999999 S"),
            PositionError::TooManySeeds {
                found: u64::MAX,
                ..
            }
        ));
        assert!(matches!(
            err("0,0,0,0,0,0/0,0,0,0,0,4 S 40-5"),
            PositionError::TooManySeeds { max: 48, .. }
        ));
        assert!(matches!(
            err("0,0,0,0,0,0/0,0,0,0,0,3 S"),
            PositionError::Step { step: 4, .. }
        ));
        // Four-row: a side's seeds and what the opponent took from it.
        let h = Variant::Hawalis;
        let side = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,20 S 0-9";
        assert!(matches!(
            parse(h, side).unwrap_err(),
            PositionError::TooManySeeds { max: 28, .. }
        ));
        let fine = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,20 S 0-8";
        assert!(parse(h, fine).is_ok());
    }

    #[test]
    fn closed_pits_read_back_and_are_refused_where_the_rules_have_none() {
        // North's pits 6 and 5 (the top row's left end) and South's pit 1 closed.
        let text = "x,x,4,4,4,4/x,4,4,4,4,4 S";
        let p = parse(Variant::RioKadalis, text).unwrap();
        assert_eq!((p.closed[SOUTH], p.closed[NORTH]), (0b1, 0b11_0000));
        assert!(p.is_closed(NORTH, 6) && p.is_closed(SOUTH, 1) && !p.is_closed(SOUTH, 2));
        assert_eq!(p.board_total(), 36);
        assert_eq!(write(&Variant::RioKadalis.spec(), &p), text);
        assert_eq!(
            parse(
                Variant::Anywoli,
                "x,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S"
            ),
            Err(PositionError::ClosedPit {
                variant: Variant::Anywoli
            })
        );
        assert_eq!(
            parse(Variant::RioKadalis5, "4,4,4,4,4/x,x,x,x,x N"),
            Err(PositionError::NoOpenPit { side: "South" })
        );
    }
}
