//! Errors of the `solver` crate, as shakmaty separates them: [`ParseError`] for text that is not
//! well-formed, [`PositionError`] for a well-formed [`crate::Setup`] that is not a position of the
//! variant, [`ParsePositionError`] for either (what [`crate::Position::parse`] returns), and
//! [`MoveError`] for moves. Each variant names the field that is wrong and what was expected, so
//! that the CLI and the API can pass the message straight to the user.

use thiserror::Error;

/// A position string or variant id that is not well-formed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The variant id is not one of ours.
    #[error("unknown variant `{name}`: expected one of {expected}")]
    UnknownVariant {
        /// What was given.
        name: String,
        /// Every variant id, separated by `, ` (the error is made where the variants are
        /// known, so that this module needs none of them).
        expected: String,
    },
    /// The position does not have 2 or 3 space-separated fields.
    #[error("position: expected `ROWS SIDE [CAPTURED]` (2 or 3 fields separated by a space or `_`), found {found} field(s)")]
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// A pit count is not a non-negative decimal number.
    #[error("ROWS: row {row}, pit {column} (from the left): `{text}` is not a seed count (expected a whole number 0 or more, or `x` for a closed pit)")]
    BadNumber {
        /// 1-based row, counted from the top.
        row: usize,
        /// 1-based column, counted from South's left.
        column: usize,
        /// The text found.
        text: String,
    },
    /// The side to move is neither `S` nor `N`.
    #[error("SIDE: expected `S` or `N`, found `{text}`")]
    BadSide {
        /// The text found.
        text: String,
    },
    /// The CAPTURED field is not `s-n`.
    #[error("CAPTURED: expected `s-n` (seeds captured by South and by North, e.g. `10-6`), found `{text}`")]
    BadCaptured {
        /// The text found.
        text: String,
    },
}

/// A well-formed position that the variant cannot have: the wrong shape of board, more seeds
/// than it holds, or a seed total that its rules never produce.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The ROWS field has the wrong number of `/`-separated rows.
    #[error("ROWS: expected {expected} rows separated by `/`, found {found}")]
    RowCount {
        /// Rows the variant has.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row has the wrong number of pits.
    #[error("ROWS: row {row} (counting from the top) must have {expected} pits separated by `,`, found {found}")]
    PitCount {
        /// 1-based row, counted from the top as drawn.
        row: usize,
        /// Pits in a row of the variant.
        expected: usize,
        /// Pits found.
        found: usize,
    },
    /// More seeds than the variant holds.
    #[error("{field}: {found} seeds, but {what} at most {max}")]
    TooManySeeds {
        /// The field or part of it that is too full (`ROWS`, `South's rows`, `CAPTURED`...).
        field: &'static str,
        /// Seeds found.
        found: u32,
        /// What the limit is about.
        what: &'static str,
        /// The most allowed.
        max: u32,
    },
    /// A closed pit (`x`) in a variant that has none: only Rio Kadalis closes pits, from the
    /// second round of a match on (docs/rules.md#rio-kadalis-matches).
    #[error("ROWS: {side}'s pit {pit} is closed (`x`), but {variant} has no closed pits (only rio-kadalis and rio-kadalis-5 do, from the second round of a match)")]
    ClosedPitNotAllowed {
        /// The variant id.
        variant: &'static str,
        /// The closed pit's owner, `South` or `North`.
        side: &'static str,
        /// Its number in the owner's numbering.
        pit: usize,
    },
    /// Every pit of a side is closed: that player could not open a pit for the round, so the
    /// match was over before it (docs/rules.md#rio-kadalis-matches).
    #[error("ROWS: every pit of {side} is closed (`x`); a side with no open pit has lost the match, so this is not a position of a round")]
    NoOpenPit {
        /// The side, `South` or `North`.
        side: &'static str,
    },
    /// A board total that the rules can never produce.
    #[error("ROWS: {total} seeds on the board cannot occur in {variant}: the total must be a multiple of {step}")]
    UnreachableTotal {
        /// The variant id.
        variant: &'static str,
        /// Seeds on the board.
        total: u32,
        /// The multiple required.
        step: u32,
    },
}

/// Why a position string is not a position of the variant: its syntax, or what it describes.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// The text is not well-formed.
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// The text is well-formed but describes no position of the variant.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// A move that cannot be read, or cannot be played in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a pit number in range nor `pass`.
    #[error(
        "move `{}`: expected a pit number from 1 to {pits}, written alone (no spaces, signs or \
         leading zeros), or `pass`",
        text.escape_debug()
    )]
    Malformed {
        /// The text found.
        text: String,
        /// The mover's pit count.
        pits: usize,
    },
    /// A well-formed move that the rules do not allow here.
    #[error("move `{text}` is not legal here; legal moves: {}", if legal.is_empty() { "none (the game is over)".to_owned() } else { legal.join(" ") })]
    Illegal {
        /// The move as given.
        text: String,
        /// The legal moves, in pit order.
        legal: Vec<String>,
    },
}
