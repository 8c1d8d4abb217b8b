//! The puzzle records: [`Puzzle`], what the generator finds and the database keeps, and
//! [`StoredPuzzle`], a puzzle with what the database adds around it. Both are decoded: the
//! variant, the position, the moves and the themes are typed values, read once from their
//! columns, so nothing downstream parses strings again.

use mancala_solver::{Move, Position, Variant};

use super::theme::Theme;

/// A Glicko-2 rating: the puzzle is rated like a player that wins when the player fails.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation: how uncertain the rating is.
    pub deviation: f64,
    /// Its volatility: how erratic the results have been.
    pub volatility: f64,
}

/// A puzzle: a position, South to move and winning, with the one line that keeps the win.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The position to solve, `CAPTURED` included so that the whole game's result is at stake;
    /// its variant is the puzzle's.
    pub position: Position,
    /// The whole solution line, solver's first move first.
    pub solution: Vec<Move>,
    /// Theme tags, in the order they were tagged.
    pub themes: Vec<Theme>,
    /// The rating: the initial one from the difficulty, then updated by attempts.
    pub rating: PuzzleRating,
}

impl Puzzle {
    /// The puzzle's variant.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The solution as the database stores it and the CSV export writes it: the moves
    /// separated by spaces.
    pub fn solution_text(&self) -> String {
        spaced(&self.solution)
    }

    /// The themes as the database stores them and the CSV export writes them: the tags
    /// separated by spaces.
    pub fn themes_text(&self) -> String {
        spaced(&self.themes)
    }
}

/// Words separated by spaces.
fn spaced<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// A puzzle as stored: its id and its record of play around the puzzle itself.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredPuzzle {
    /// The puzzle's id.
    pub id: i64,
    /// The puzzle, with its current rating.
    pub puzzle: Puzzle,
    /// Players' votes, -100..100 (0 until votes exist).
    pub popularity: i64,
    /// Attempts recorded.
    pub plays: i64,
}
