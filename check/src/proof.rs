//! Checking a certificate of an exact value, `mancala-proof/1` (docs/proofs.md).
//!
//! A certificate claims that a root position is worth exactly `v` to its side to move, and
//! backs the claim with two strategies: for the lower bound, a move for the root's side to move
//! at each of its positions; for the upper bound, a move for the other side. For each bound the
//! checker builds the finite game the file describes (the chooser's moves fixed, the other
//! side's all open, positions of at most `tablebase_max_seeds` seeds valued by the tablebase,
//! finished games by their end) and values it as docs/rules.md values positions, endless play
//! worth 0 ([`game`] says how). The lower bound's game is worth at most the root's true value
//! (one side is held to its strategy) and the upper bound's at least; both equal to `v` prove
//! that `v` is exact.
//!
//! [`check_file`] reads a file and checks it against a tablebase file; [`read`] and [`check`]
//! do the two steps on their own.

mod game;
mod read;

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::rules::{Move, Pos};
use crate::table::{Table, TableError};
use crate::variant::Variant;

/// The format this checker reads.
pub const FORMAT: &str = "mancala-proof/1";

/// The most lines a certificate may have.
pub const MAX_LINES: usize = 50_000_000;

/// Which bound a strategy line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The root's side to move chooses: its game is worth at most the root's value.
    Lower = 0,
    /// The other side chooses: its game is worth at least the root's value.
    Upper = 1,
}

impl fmt::Display for Bound {
    /// `lower` or `upper`, as in the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        })
    }
}

/// The header of a certificate (line 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The variant.
    pub variant: Variant,
    /// The root, without what was captured (which its value does not depend on).
    pub root: Pos,
    /// The root as written.
    pub root_text: String,
    /// The claimed value, for the root's side to move.
    pub value: i32,
    /// Every position with at most this many seeds on the board is a leaf, valued by the
    /// tablebase.
    pub tablebase_max_seeds: u32,
}

/// One bound's strategy: the chooser's move at each of its positions.
#[derive(Clone, Debug, Default)]
pub struct Strategy {
    /// The move at each position (without `CAPTURED`), with the line it is on.
    pub moves: HashMap<Pos, (Move, usize)>,
}

/// A certificate as read, every line checked on its own.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// Line 1.
    pub header: Header,
    /// The lower bound's strategy.
    pub lower: Strategy,
    /// The upper bound's strategy.
    pub upper: Strategy,
    /// Lines in the file, the header included.
    pub lines: usize,
}

/// A certificate that cannot be read, or whose tablebase cannot be opened.
#[derive(Debug, Error)]
pub enum ProofError {
    /// The file cannot be opened.
    #[error("{path}: {cause}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        cause: std::io::Error,
    },
    /// A line that is not what the format says.
    #[error("line {line}: {what}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// Too many lines.
    #[error("more than {limit} lines: too large a certificate to check")]
    TooManyLines {
        /// The limit.
        limit: usize,
    },
    /// The tablebase cannot be opened.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// Why one bound's game cannot be valued.
#[derive(Debug, Error)]
pub enum BoundError {
    /// A leaf the tablebase cannot value.
    #[error("the {bound} bound's game reaches the leaf `{position}`, which the tablebase cannot value: {cause}")]
    Leaf {
        /// The bound.
        bound: Bound,
        /// The leaf.
        position: String,
        /// Why.
        cause: TableError,
    },
    /// The rules did something they never do (a defect of this checker).
    #[error("the {bound} bound's game: a move of `{position}` gained seeds and kept them on the board (a defect of the checker)")]
    Inconsistent {
        /// The bound.
        bound: Bound,
        /// The position.
        position: String,
    },
}

/// What one bound's game is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundValue {
    /// The bound.
    pub bound: Bound,
    /// The game's value for the root's side to move.
    pub value: i32,
    /// Positions of the game that are neither leaves nor finished.
    pub positions: usize,
    /// Leaves reached.
    pub leaves: usize,
    /// The bound's lines for positions the game never reaches.
    pub unreachable_lines: usize,
    /// Positions of the chooser's that the game reaches with no line, each valued at the least
    /// its seeds allow the chooser.
    pub unlined: usize,
    /// The first of them met (breadth first from the root), without `CAPTURED`.
    pub first_unlined: Option<String>,
}

/// What checking a certificate found.
#[derive(Debug)]
pub struct Checked {
    /// The header.
    pub header: Header,
    /// Lines in the file, the header included.
    pub lines: usize,
    /// The lower bound's game.
    pub lower: Result<BoundValue, BoundError>,
    /// The upper bound's game.
    pub upper: Result<BoundValue, BoundError>,
}

impl Checked {
    /// Whether both bounds' games are worth the claimed value: the value is proven exact.
    pub fn accepted(&self) -> bool {
        [&self.lower, &self.upper]
            .iter()
            .all(|b| b.as_ref().is_ok_and(|b| b.value == self.header.value))
    }
}

/// Reads a certificate, checking every line on its own: the header (format, variant, root,
/// value, leaves' size) and each strategy line (its bound, its position without `CAPTURED`,
/// whose side to move is that bound's chooser, a legal move, one line a position and bound).
pub fn read(reader: impl BufRead) -> Result<Certificate, ProofError> {
    read::certificate(reader)
}

/// Values both bounds' games of a certificate, leaves read from `table`.
pub fn check(cert: &Certificate, table: &Table) -> Checked {
    Checked {
        header: cert.header.clone(),
        lines: cert.lines,
        lower: game::value(cert, table, Bound::Lower),
        upper: game::value(cert, table, Bound::Upper),
    }
}

/// Reads the certificate `path` and checks it against the tablebase `db`.
pub fn check_file(path: &Path, db: &Path) -> Result<Checked, ProofError> {
    let file = std::fs::File::open(path).map_err(|cause| ProofError::Io {
        path: path.to_owned(),
        cause,
    })?;
    let cert = read(BufReader::new(file))?;
    // Leaves are probed here and there: a modest cache is plenty.
    let table = Table::open(db, 256 << 20)?;
    Ok(check(&cert, &table))
}
