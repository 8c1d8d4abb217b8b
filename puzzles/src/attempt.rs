//! Checking a player's attempt at a puzzle against the tablebase: any move that keeps the win
//! counts, even off the stored line; the opponent answers with the best defence.

use mancala_db::analyse::AnalyseError;
use mancala_db::{Puzzle, Tablebase};
use mancala_solver::{GameResult, Position};

use crate::definition::is_exit;

/// How an attempt stands after the player's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptResult {
    /// Every move played kept the win.
    pub correct: bool,
    /// The puzzle is solved: the last move secured the result (a capture or the end, or as many
    /// moves as the stored solution has).
    pub complete: bool,
    /// The index (0-based) of the first move that threw the win away.
    pub wrong_move: Option<usize>,
    /// The opponent's reply to each of the player's moves checked (none after a wrong or
    /// final move, an extra turn, or when the opponent cannot move).
    pub replies: Vec<Option<String>>,
    /// The position after the last move and reply.
    pub position: Position,
    /// For a wrong move: the moves that kept the win there.
    pub winning_moves: Vec<String>,
}

/// Replays `moves` (the player's moves only) from the puzzle's position, answering each with the
/// opponent's best defence; the attempt is complete at the latest after as many moves as the
/// stored solution has for the player ([`solver_moves`]). It fails as an analysis of the moves
/// would: a move that cannot be read or played (`index` from 0), or the tablebase.
pub fn check_attempt(
    tb: &Tablebase,
    puzzle: &Puzzle,
    moves: &[String],
) -> Result<AttemptResult, AnalyseError> {
    let start = &puzzle.position;
    let solver_moves = solver_moves(puzzle);
    let solver = start.side();
    let mut result = AttemptResult {
        correct: true,
        complete: false,
        wrong_move: None,
        replies: Vec::new(),
        position: *start,
        winning_moves: Vec::new(),
    };
    for (index, text) in moves.iter().enumerate() {
        let pos = result.position;
        let played = pos.play_text(text).map_err(|error| AnalyseError::Move {
            index,
            position: pos,
            error,
        })?;
        let e = tb.evaluate(&pos)?;
        let wins = |m: &mancala_db::MoveEval| m.value.result_in(&pos) == GameResult::Win;
        let chosen = e
            .moves
            .iter()
            .find(|m| m.played.mv == played.mv)
            .expect("a legal move is among the evaluated moves");
        if !wins(chosen) {
            result.correct = false;
            result.wrong_move = Some(index);
            result.winning_moves = e
                .moves
                .iter()
                .filter(|m| wins(m))
                .map(|m| m.played.mv.to_string())
                .collect();
            result.position = played.after;
            result.replies.push(None);
            return Ok(result);
        }
        result.position = played.after;
        result.replies.push(None);
        if is_exit(&played) || index + 1 >= solver_moves {
            result.complete = true;
            return Ok(result);
        }
        // The opponent answers (unless the player moves again).
        if result.position.side() != solver {
            let reply = tb.evaluate(&result.position)?;
            let Some(best) = reply.moves.first() else {
                result.complete = true; // the opponent cannot move: the game is over
                return Ok(result);
            };
            *result.replies.last_mut().expect("pushed above") = Some(best.played.mv.to_string());
            result.position = best.played.after;
            if is_exit(&best.played) {
                result.complete = true; // forced to give way: the player's move secured it
                return Ok(result);
            }
        }
    }
    Ok(result)
}

/// How many of a puzzle's solution moves are the solver's (the side to move at the start): an
/// extra turn gives the solver two moves in a row. A stored line that cannot be replayed (never
/// written by the generator) counts as alternating: every other move.
pub fn solver_moves(puzzle: &Puzzle) -> usize {
    let start = puzzle.position;
    let mut pos = start;
    let mut n = 0;
    for &mv in &puzzle.solution {
        n += usize::from(pos.side() == start.side());
        match pos.play(mv) {
            Ok(played) => pos = played.after,
            Err(_) => return puzzle.solution.len().div_ceil(2),
        }
    }
    n
}
