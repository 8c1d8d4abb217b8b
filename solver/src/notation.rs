//! Position strings (docs/rules.md#notation): `ROWS SIDE [CAPTURED]`.
//!
//! Text is first read into an unvalidated [`Setup`] (syntax only), then checked against a
//! variant's board and seed limits by [`Setup::validate`], which gives a [`Position`]. Formatting a
//! position gives its canonical string: spaces between fields, and `CAPTURED` left out when it is
//! `0-0` (so the start positions read exactly as docs/rules.md writes them).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::error::{ParseError, ParsePositionError, PositionError};
use crate::position::{Board, Position};
use crate::Side;
use crate::{BySide, Shape, Variant};

/// Which pit is drawn at each place of the board: `layout(v)[row][column]` is the owner and pit
/// number (1-based) at that row (counted from the top) and column (from South's left). The one
/// description of the drawn board that parsing, formatting and drawing all use; built once per
/// variant, since every position string written (one per move of an evaluation) walks it.
pub fn layout(variant: Variant) -> &'static [Vec<(Side, usize)>] {
    static LAYOUTS: OnceLock<Vec<Layout>> = OnceLock::new();
    let all = LAYOUTS.get_or_init(|| Variant::ALL.iter().map(|&v| build_layout(v)).collect());
    let i = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("every variant is in Variant::ALL");
    &all[i]
}

/// The rows of a drawn board, each a list of (owner, pit number).
type Layout = Vec<Vec<(Side, usize)>>;

fn build_layout(variant: Variant) -> Layout {
    let p = variant.pits_per_row();
    // A row of `side`'s pits `first..first + p`, from South's left to right.
    let row = |side: Side, first: usize, reversed: bool| -> Vec<(Side, usize)> {
        let pits = first..first + p;
        if reversed {
            pits.rev().map(|k| (side, k)).collect()
        } else {
            pits.map(|k| (side, k)).collect()
        }
    };
    if variant.rows() == 4 {
        vec![
            row(Side::North, 1, true),
            row(Side::North, p + 1, false),
            row(Side::South, p + 1, true),
            row(Side::South, 1, false),
        ]
    } else {
        vec![row(Side::North, 1, true), row(Side::South, 1, false)]
    }
}

/// A position as written, before it is checked against a variant: rows of seed counts, the side
/// to move and the captured seeds. Reading text into a `Setup` checks only the syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seed counts row by row, top to bottom, each row from South's left to right; `None` for
    /// a closed pit, written `x` (docs/rules.md#rio-kadalis-matches).
    pub rows: Vec<Vec<Option<u32>>>,
    /// The side to move.
    pub side: Side,
    /// Seeds captured by each side.
    pub captured: BySide<u32>,
}

/// Reads a seed count: decimal digits only; values past `u32` saturate, to be reported as too
/// many seeds rather than as bad syntax.
fn parse_count(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<u32>().unwrap_or(u32::MAX))
}

impl FromStr for Setup {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let fields: Vec<&str> = text.trim().split([' ', '_']).collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(ParseError::FieldCount {
                found: fields.len(),
            });
        }
        let mut rows = Vec::new();
        for (r, row_text) in fields[0].split('/').enumerate() {
            let mut row = Vec::new();
            for (c, cell) in row_text.split(',').enumerate() {
                if cell == "x" {
                    row.push(None);
                    continue;
                }
                let count = parse_count(cell).ok_or_else(|| ParseError::BadNumber {
                    row: r + 1,
                    column: c + 1,
                    text: cell.to_owned(),
                })?;
                row.push(Some(count));
            }
            rows.push(row);
        }
        let side = match fields[1] {
            "S" => Side::South,
            "N" => Side::North,
            other => {
                return Err(ParseError::BadSide {
                    text: other.to_owned(),
                })
            }
        };
        let captured = match fields.get(2) {
            None => BySide::default(),
            Some(text) => {
                let bad = || ParseError::BadCaptured {
                    text: (*text).to_owned(),
                };
                let (s, n) = text.split_once('-').ok_or_else(bad)?;
                BySide::new(
                    parse_count(s).ok_or_else(bad)?,
                    parse_count(n).ok_or_else(bad)?,
                )
            }
        };
        Ok(Setup {
            rows,
            side,
            captured,
        })
    }
}

impl Setup {
    /// Checks the setup against a variant's board and seed limits (docs/rules.md (notation and
    /// variants)).
    pub fn validate(&self, variant: Variant) -> Result<Position, PositionError> {
        let layout = layout(variant);
        if self.rows.len() != layout.len() {
            return Err(PositionError::RowCount {
                expected: layout.len(),
                found: self.rows.len(),
            });
        }
        let l = variant.pits_per_side();
        let mut cells = [0u32; 2 * crate::MAX_PITS_PER_SIDE];
        let mut closed = 0u32;
        for (r, (row, places)) in self.rows.iter().zip(layout).enumerate() {
            if row.len() != places.len() {
                return Err(PositionError::PitCount {
                    row: r + 1,
                    expected: places.len(),
                    found: row.len(),
                });
            }
            for (&count, &(side, pit)) in row.iter().zip(places) {
                let cell = side.index() * l + pit - 1;
                match count {
                    Some(seeds) => cells[cell] = seeds,
                    None => closed |= 1 << cell,
                }
            }
        }
        let shape = validate_shape(variant, Shape::from_bits(closed))?;
        let side_total = |side: Side| -> u64 {
            cells[side.index() * l..(side.index() + 1) * l]
                .iter()
                .map(|&c| c as u64)
                .sum()
        };
        let clamp = |x: u64| x.min(u32::MAX as u64) as u32;
        let (south, north) = (side_total(Side::South), side_total(Side::North));
        let total_seeds = variant.max_seeds() as u64;
        if variant.seeds_stay_on_their_side() {
            let max = variant.max_seeds_per_side() as u64;
            for (seeds, field) in [(south, "South's rows"), (north, "North's rows")] {
                if seeds > max {
                    return Err(PositionError::TooManySeeds {
                        field,
                        found: clamp(seeds),
                        what: "one side holds",
                        max: max as u32,
                    });
                }
            }
            let BySide {
                south: by_south,
                north: by_north,
            } = self.captured.map(u64::from);
            for (sum, field) in [(north + by_south, "North"), (south + by_north, "South")] {
                if sum > max {
                    return Err(PositionError::TooManySeeds {
                        field: if field == "North" {
                            "CAPTURED (South's captures plus North's seeds on the board)"
                        } else {
                            "CAPTURED (North's captures plus South's seeds on the board)"
                        },
                        found: clamp(sum),
                        what: "a side starts with",
                        max: max as u32,
                    });
                }
            }
        } else if south + north > total_seeds {
            return Err(PositionError::TooManySeeds {
                field: "ROWS",
                found: clamp(south + north),
                what: "the board holds",
                max: total_seeds as u32,
            });
        }
        let captured_total = self.captured.south as u64 + self.captured.north as u64;
        if south + north + captured_total > total_seeds {
            return Err(PositionError::TooManySeeds {
                field: "ROWS and CAPTURED together",
                found: clamp(south + north + captured_total),
                what: "the game has",
                max: total_seeds as u32,
            });
        }
        let board_total = (south + north) as u32;
        if !board_total.is_multiple_of(variant.total_step()) {
            return Err(PositionError::UnreachableTotal {
                variant: variant.id(),
                total: board_total,
                step: variant.total_step(),
            });
        }
        let mut board = Board::EMPTY;
        for (b, &c) in board.cells.iter_mut().zip(&cells) {
            *b = c as u8; // every count is at most the per-side maximum, checked above
        }
        Ok(Position {
            variant,
            board,
            shape,
            side: self.side,
            captured: self.captured,
        })
    }
}

/// Checks the closed pits of a board of `variant` (seen from South): only Rio Kadalis closes
/// pits, and each side keeps at least one open (docs/rules.md#rio-kadalis-matches).
fn validate_shape(variant: Variant, shape: Shape) -> Result<Shape, PositionError> {
    let l = variant.pits_per_side();
    if shape.is_open() {
        return Ok(shape);
    }
    let side_name = |cell: usize| if cell < l { "South" } else { "North" };
    if !variant.closes_pits() {
        let cell = shape.bits().trailing_zeros() as usize;
        return Err(PositionError::ClosedPitNotAllowed {
            variant: variant.id(),
            side: side_name(cell),
            pit: cell % l + 1,
        });
    }
    for (first, side) in [(true, "South"), (false, "North")] {
        if shape.open_pits(l, first) == 0 {
            return Err(PositionError::NoOpenPit { side });
        }
    }
    Ok(shape)
}

impl Position {
    /// Reads a position string of `variant` (docs/rules.md#position-strings): syntax first, then
    /// the variant's limits. Each error names the field that is wrong.
    ///
    /// ```
    /// use mancala_solver::{BySide, Position, Side, Variant};
    ///
    /// let p = Position::parse(Variant::RioKadalis, "0,0,0,0,3,1/2,0,0,0,0,2 N 20-16").unwrap();
    /// assert_eq!(p.side(), Side::North);
    /// assert_eq!(p.seeds_on_board(), 8);
    /// assert_eq!(p.captured(), BySide::new(20, 16));
    /// // The top row is North's, written from pit 6 down to pit 1.
    /// assert_eq!(p.pit(Side::North, 1), 1);
    /// assert_eq!(p.pit(Side::North, 2), 3);
    ///
    /// // Six pits a row: a row of three is refused, and the message says where.
    /// let e = Position::parse(Variant::RioKadalis, "4,4,4/4,4,4 S").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "ROWS: row 1 (counting from the top) must have 6 pits separated by `,`, found 3"
    /// );
    /// ```
    pub fn parse(variant: Variant, text: &str) -> Result<Position, ParsePositionError> {
        Ok(text.parse::<Setup>()?.validate(variant)?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, places) in layout(self.variant).iter().enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (c, &(side, pit)) in places.iter().enumerate() {
                if c > 0 {
                    f.write_str(",")?;
                }
                if self.is_closed(side, pit) {
                    f.write_str("x")?;
                } else {
                    write!(f, "{}", self.pit(side, pit))?;
                }
            }
        }
        write!(f, " {}", self.side.letter())?;
        if self.captured != BySide::default() {
            write!(f, " {}-{}", self.captured.south, self.captured.north)?;
        }
        Ok(())
    }
}
