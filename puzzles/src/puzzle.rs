//! The puzzle records: [`Puzzle`], what the generator finds and the database keeps, and
//! [`StoredPuzzle`], a puzzle with what the database adds around it. Both are decoded: the
//! variant, the position, the moves and the themes are typed values, read once from their
//! columns, so nothing downstream parses strings again.

use mancala_solver::{Move, Position, Variant};

use crate::{Collection, Theme};

/// A Glicko-2 rating, of a player or of a puzzle (rated like a player that wins when the player
/// fails).
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
    /// The collection: found in the tablebase, or composed beyond it.
    pub collection: Collection,
}

impl Puzzle {
    /// The puzzle's variant.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// Whether the side to move in `position` has a single legal move (or none): a forced
    /// move, played automatically and never counted as a move to find.
    pub fn is_forced(position: &Position) -> bool {
        position.legal_moves().len() < 2
    }

    /// South's moves to find: its moves along the solution played from a position with at
    /// least two legal moves (its forced moves are played for it, like North's replies). A line
    /// that cannot be replayed (never written by the generator) counts every other move.
    pub fn moves_to_find(&self) -> usize {
        let solver = self.position.side();
        let mut pos = self.position;
        let mut n = 0;
        for &mv in &self.solution {
            n += usize::from(pos.side() == solver && !Puzzle::is_forced(&pos));
            match pos.play(mv) {
                Ok(played) => pos = played.after,
                Err(_) => return self.solution.len().div_ceil(2),
            }
        }
        n
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
    /// Rated attempts: players' first finished attempts.
    pub plays: i64,
    /// Retired: kept for history, never served (it no longer meets the puzzle definition).
    pub retired: bool,
}
