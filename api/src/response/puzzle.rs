//! Puzzles as served (`GET /api/puzzles/next`, `GET /api/puzzles/{id}`) and the verdict on an
//! attempt (`POST /api/puzzles/{id}/attempt`).

use mancala_puzzles::attempt::solver_moves;
use mancala_puzzles::{AttemptResult, PuzzleRating, StoredPuzzle, Theme};
use serde::Serialize;

/// A puzzle; its solution only when asked for by id.
#[derive(Debug, Serialize)]
pub struct PuzzleJson {
    /// The puzzle's id.
    pub id: i64,
    /// The variant id.
    pub variant: &'static str,
    /// The position to solve.
    pub position: String,
    /// The side to play and win (always `S`).
    pub side: &'static str,
    /// How many moves of the solver the solution has.
    pub moves_to_find: usize,
    /// The rating, rounded.
    pub rating: f64,
    /// The rating deviation, rounded.
    pub rating_deviation: f64,
    /// Theme tags.
    pub themes: Vec<&'static str>,
    /// Attempts recorded.
    pub plays: i64,
    /// The whole solution line, solver first (by id only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
}

impl PuzzleJson {
    /// The JSON of a stored puzzle, with its solution or without.
    pub fn new(p: &StoredPuzzle, with_solution: bool) -> PuzzleJson {
        let puzzle = &p.puzzle;
        PuzzleJson {
            id: p.id,
            variant: puzzle.variant().id(),
            position: puzzle.position.to_string(),
            side: "S",
            moves_to_find: solver_moves(puzzle),
            rating: puzzle.rating.rating.round(),
            rating_deviation: puzzle.rating.deviation.round(),
            themes: puzzle.themes.iter().map(|t| Theme::as_str(*t)).collect(),
            plays: p.plays,
            solution: with_solution.then(|| solution(p)),
        }
    }
}

/// The answer to an attempt.
#[derive(Debug, Serialize)]
pub struct AttemptJson {
    /// Every move kept the win.
    pub correct: bool,
    /// The puzzle is solved.
    pub complete: bool,
    /// The first wrong move's index, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong_move: Option<usize>,
    /// The opponent's reply to the last move, if it got one.
    pub reply: Option<String>,
    /// The reply to each move, `null` where there was none (an extra turn, the end).
    pub replies: Vec<Option<String>>,
    /// The position after the last move and reply.
    pub position: String,
    /// For a wrong move: the moves that kept the win there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub winning_moves: Vec<String>,
    /// Once the attempt has ended (solved or failed): the stored solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
    /// Once the attempt has ended: the puzzle's new rating, rounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
}

impl AttemptJson {
    /// The answer to an attempt at `p` that stands at `r`; `new_rating` is the puzzle's rating
    /// once the attempt has ended and was recorded.
    pub fn new(
        p: &StoredPuzzle,
        r: AttemptResult,
        new_rating: Option<PuzzleRating>,
    ) -> AttemptJson {
        AttemptJson {
            correct: r.correct,
            complete: r.complete,
            wrong_move: r.wrong_move,
            reply: r.replies.last().cloned().flatten(),
            replies: r.replies,
            position: r.position.to_string(),
            winning_moves: r.winning_moves,
            solution: new_rating.map(|_| solution(p)),
            rating: new_rating.map(|r| r.rating.round()),
        }
    }
}

/// The solution line as move texts.
fn solution(p: &StoredPuzzle) -> Vec<String> {
    p.puzzle.solution.iter().map(ToString::to_string).collect()
}
