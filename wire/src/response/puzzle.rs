//! Puzzles as served (`GET /api/puzzles/next`, `/daily`, `/{id}`) and the verdict on an attempt
//! (`POST /api/puzzles/{id}/attempt`). A puzzle to solve shows no themes (they give the plan
//! away): they come with the solution, by id or once the attempt ends.

use mancala_puzzles::{AttemptResult, AutoMove, RecordedAttempt, StoredPuzzle, Theme};
use serde::Serialize;
use utoipa::ToSchema;

use super::player::PlayerJson;
use crate::words::{CollectionWord, PuzzleSide, SideLetter, ThemeWord, VariantId, PUZZLE_SIDE};

/// A puzzle; its solution and themes only when asked for by id.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Puzzle)]
pub struct PuzzleJson {
    /// The puzzle's id.
    pub id: i64,
    /// The variant id.
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The collection: `starter` (found in the tablebase) or `anuak` (composed beyond it and
    /// proven by exact search).
    #[schema(value_type = CollectionWord)]
    pub collection: &'static str,
    /// The position to solve: South to move, `CAPTURED` set so that the game's result is at
    /// stake.
    pub position: String,
    /// The side to play and win (always `S`).
    #[schema(value_type = PuzzleSide)]
    pub side: &'static str,
    /// South's decisions in the solution: its moves to find (its forced moves are played for it
    /// and not counted).
    #[schema(minimum = 1)]
    pub moves_to_find: usize,
    /// The rating, rounded.
    pub rating: f64,
    /// The rating deviation, rounded.
    pub rating_deviation: f64,
    /// Rated attempts: players' first attempts.
    pub plays: i64,
    /// Theme tags: only from `GET /api/puzzles/{id}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<ThemeWord>)]
    pub themes: Option<Vec<&'static str>>,
    /// The whole solution line, solver first: only from `GET /api/puzzles/{id}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<String>)]
    pub solution: Option<Vec<String>>,
}

impl PuzzleJson {
    /// The JSON of a stored puzzle, with its solution and themes or without.
    pub fn new(p: &StoredPuzzle, with_solution: bool) -> PuzzleJson {
        let puzzle = &p.puzzle;
        PuzzleJson {
            id: p.id,
            variant: puzzle.variant().id(),
            collection: puzzle.collection.as_str(),
            position: puzzle.position.to_string(),
            side: PUZZLE_SIDE,
            moves_to_find: puzzle.moves_to_find(),
            rating: puzzle.rating.rating.round(),
            rating_deviation: puzzle.rating.deviation.round(),
            plays: p.plays,
            themes: with_solution.then(|| themes(p)),
            solution: with_solution.then(|| solution(p)),
        }
    }
}

/// A move played for the player.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AutoMove)]
pub struct AutoMoveJson {
    /// `N` for North's reply, `S` for South's forced move.
    #[schema(value_type = SideLetter)]
    pub side: char,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
}

impl AutoMoveJson {
    fn new(m: &AutoMove) -> AutoMoveJson {
        AutoMoveJson {
            side: m.side.letter(),
            mv: m.mv.clone(),
        }
    }
}

/// The answer to an attempt: how it stands.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AttemptResult)]
pub struct AttemptJson {
    /// Every move kept the win.
    pub correct: bool,
    /// The puzzle is solved.
    pub complete: bool,
    /// The first wrong move's index, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub wrong_move: Option<usize>,
    /// The moves played for the player after its last move: North's replies and South's
    /// forced moves, in order.
    pub auto_played: Vec<AutoMoveJson>,
    /// The same after each of the player's moves.
    pub replies: Vec<Vec<AutoMoveJson>>,
    /// The position after the last move and what was played for the player.
    pub position: String,
    /// For a wrong move: the moves that kept the win there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub winning_moves: Vec<String>,
    /// Once the attempt has ended (solved, failed or given up): the stored solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<String>)]
    pub solution: Option<Vec<String>>,
    /// Once the attempt has ended: the themes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<ThemeWord>)]
    pub themes: Option<Vec<&'static str>>,
    /// Once the attempt has ended: the puzzle's rating, rounded (new if the attempt was rated).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rating: Option<f64>,
    /// Once the attempt has ended: whether it re-rated the puzzle and the player (a player's
    /// first finished attempt at the puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rated: Option<bool>,
    /// Once the attempt has ended, if a player made it: the player's rating and streak.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = PlayerJson)]
    pub player: Option<PlayerJson>,
}

impl AttemptJson {
    /// The answer to an attempt at `p` that stands at `r`; `recorded` once the attempt has
    /// ended and was recorded.
    pub fn new(
        p: &StoredPuzzle,
        r: AttemptResult,
        recorded: Option<RecordedAttempt>,
    ) -> AttemptJson {
        let replies: Vec<Vec<AutoMoveJson>> = r
            .replies
            .iter()
            .map(|ms| ms.iter().map(AutoMoveJson::new).collect())
            .collect();
        AttemptJson {
            correct: r.correct,
            complete: r.complete,
            wrong_move: r.wrong_move,
            auto_played: r
                .replies
                .last()
                .map(|ms| ms.iter().map(AutoMoveJson::new).collect())
                .unwrap_or_default(),
            replies,
            position: r.position.to_string(),
            winning_moves: r.winning_moves,
            solution: recorded.as_ref().map(|_| solution(p)),
            themes: recorded.as_ref().map(|_| themes(p)),
            rating: recorded.as_ref().map(|r| r.puzzle.rating.round()),
            rated: recorded.as_ref().map(|r| r.rated),
            player: recorded.and_then(|r| r.player).map(|p| PlayerJson::new(&p)),
        }
    }
}

/// The solution line as move texts.
fn solution(p: &StoredPuzzle) -> Vec<String> {
    p.puzzle.solution.iter().map(ToString::to_string).collect()
}

/// The theme tags.
fn themes(p: &StoredPuzzle) -> Vec<&'static str> {
    p.puzzle.themes.iter().map(|t| Theme::as_str(*t)).collect()
}
