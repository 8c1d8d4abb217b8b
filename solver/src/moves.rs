//! Moves as players write them: a pit number of the mover's own numbering, or `pass`.

use std::fmt;

use crate::error::MoveError;
use crate::Variant;

/// One move of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow from the mover's pit with this number (1-based, docs/rules.md#notation).
    Pit(u8),
    /// Pass, where the variant makes a player without a move pass.
    Pass,
}

impl Move {
    /// Reads a move of `variant`: `1..=L` (L = the mover's pit count) written alone, as
    /// [`Move`]'s `Display` writes it (no sign, spaces or leading zeros: `" 1"` and `"01"` are
    /// not moves), or `pass`. Whether it is legal in a position is for
    /// [`crate::Position::play`] to say.
    pub fn parse(variant: Variant, text: &str) -> Result<Move, MoveError> {
        let pits = variant.pits_per_side();
        if text == "pass" {
            return Ok(Move::Pass);
        }
        match text.parse::<usize>() {
            Ok(k) if (1..=pits).contains(&k) && text == k.to_string() => Ok(Move::Pit(k as u8)),
            _ => Err(MoveError::Malformed {
                text: text.to_owned(),
                pits,
            }),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pit(k) => write!(f, "{k}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}
