//! Checking a player's attempt at a puzzle against the tablebase: any move that keeps the win
//! counts, even off the stored line; the opponent answers with the best defence, and South's
//! forced moves are played for the player, like the replies.

use mancala_eval::analyse::AnalyseError;
use mancala_eval::Evaluator;

use crate::{Collection, Puzzle};
use mancala_solver::{GameResult, Played, Position, Side};

use crate::definition::is_exit;

/// A move played for the player: North's reply, or South's forced move (its only legal move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoMove {
    /// Who played it.
    pub side: Side,
    /// The move.
    pub mv: String,
}

/// How an attempt stands after the player's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptResult {
    /// Every move played kept the win.
    pub correct: bool,
    /// The puzzle is solved: a move secured the result (a capture or the end, or the last of the
    /// stored solution's moves to find).
    pub complete: bool,
    /// The index (0-based) of the first move that threw the win away.
    pub wrong_move: Option<usize>,
    /// The moves played for the player after each of its moves checked, in order: North's
    /// best defence and South's forced moves, until South has a decision or the attempt ends
    /// (none after a wrong or final move).
    pub replies: Vec<Vec<AutoMove>>,
    /// The position after the last move and what was played for the player.
    pub position: Position,
    /// For a wrong move: the moves that kept the win there.
    pub winning_moves: Vec<String>,
}

/// The player's move `index`, `text`, played in `pos`; an error naming it if it cannot be.
fn play_at(pos: &Position, index: usize, text: &str) -> Result<Played, AnalyseError> {
    pos.play_text(text).map_err(|error| AnalyseError::Move {
        index,
        position: *pos,
        error,
    })
}

impl AttemptResult {
    /// Plays `played` (from `pos`) for the player after its last checked move: a reply of
    /// North's or a forced move of South's.
    fn auto_play(&mut self, pos: &Position, played: &Played) {
        self.replies
            .last_mut()
            .expect("a move was checked")
            .push(AutoMove {
                side: pos.side(),
                mv: played.mv.to_string(),
            });
        self.position = played.after;
    }

    /// An attempt not yet begun, at `position`.
    fn at(position: Position) -> AttemptResult {
        AttemptResult {
            correct: true,
            complete: false,
            wrong_move: None,
            replies: Vec::new(),
            position,
            winning_moves: Vec::new(),
        }
    }
}

/// Replays `moves` (the player's moves at its decisions only) from the puzzle's position. After
/// each, North answers with its best defence and South's forced moves are played, until South
/// has a decision again. The attempt is complete when a move (the player's or one played for
/// it) secures the result, or after as many moves as the stored solution has to find
/// ([`Puzzle::moves_to_find`]). It fails as an analysis of the moves would: a move that cannot
/// be read or played (`index` from 0), or the tablebase.
///
/// A composed problem ([`Collection::Anuak`]) lies beyond the tablebase; its proof showed that
/// at each of South's decisions exactly one move keeps the win, so its attempts are checked
/// against the stored line ([`check_against_line`]), which is the same test.
pub fn check_attempt(
    evaluator: &Evaluator,
    puzzle: &Puzzle,
    moves: &[String],
) -> Result<AttemptResult, AnalyseError> {
    if puzzle.collection == Collection::Anuak {
        return check_against_line(puzzle, moves);
    }
    let start = &puzzle.position;
    let to_find = puzzle.moves_to_find();
    let solver = start.side();
    let mut result = AttemptResult::at(*start);
    for (index, text) in moves.iter().enumerate() {
        let pos = result.position;
        let played = play_at(&pos, index, text)?;
        let e = evaluator.exact(&pos)?;
        let wins = |m: &mancala_eval::MoveEval| m.value.result_in(&pos) == GameResult::Win;
        let chosen = e
            .moves
            .iter()
            .find(|m| m.played.mv == played.mv)
            .expect("a legal move is among the evaluated moves");
        result.position = played.after;
        result.replies.push(Vec::new());
        if !wins(chosen) {
            result.correct = false;
            result.wrong_move = Some(index);
            result.winning_moves = e
                .moves
                .iter()
                .filter(|m| wins(m))
                .map(|m| m.played.mv.to_string())
                .collect();
            return Ok(result);
        }
        if is_exit(&played) || index + 1 >= to_find {
            result.complete = true;
            return Ok(result);
        }
        result.complete = play_for_the_player(evaluator, solver, &mut result)?;
        if result.complete {
            return Ok(result);
        }
    }
    Ok(result)
}

/// Checks an attempt against the stored solution: the player's move at each decision must be
/// the line's; North's replies and South's forced moves are the line's. Complete at the line's
/// end.
pub fn check_against_line(
    puzzle: &Puzzle,
    moves: &[String],
) -> Result<AttemptResult, AnalyseError> {
    let line = &puzzle.solution;
    let mut result = AttemptResult::at(puzzle.position);
    let solver = puzzle.position.side();
    let mut step = 0;
    for (index, text) in moves.iter().enumerate() {
        let pos = result.position;
        let played = play_at(&pos, index, text)?;
        let Some(&expected) = line.get(step) else {
            result.complete = true; // moves after the end change nothing
            return Ok(result);
        };
        if played.mv != expected {
            result.correct = false;
            result.wrong_move = Some(index);
            result.winning_moves = vec![expected.to_string()];
            return Ok(result);
        }
        result.position = played.after;
        result.replies.push(Vec::new());
        step += 1;
        // North's replies and South's forced moves, until South has a decision.
        while let Some(&mv) = line.get(step) {
            let pos = result.position;
            if pos.side() == solver && !Puzzle::is_forced(&pos) {
                break;
            }
            let Ok(auto) = pos.play(mv) else { break };
            result.auto_play(&pos, &auto);
            step += 1;
        }
        if step >= line.len() {
            result.complete = true;
            return Ok(result);
        }
    }
    Ok(result)
}

/// Plays North's best defence and South's forced moves from `result.position` until South has
/// a decision (false) or the result is secured (true): a capture or end by either side, or
/// North without a move.
fn play_for_the_player(
    evaluator: &Evaluator,
    solver: Side,
    result: &mut AttemptResult,
) -> Result<bool, AnalyseError> {
    loop {
        let pos = result.position;
        if pos.side() == solver && !Puzzle::is_forced(&pos) {
            return Ok(false);
        }
        let e = evaluator.exact(&pos)?;
        let Some(best) = e.moves.first() else {
            return Ok(true); // no move: the game is over
        };
        result.auto_play(&pos, &best.played);
        if is_exit(&best.played) {
            // North forced to give way, or South's forced move secures it.
            return Ok(true);
        }
    }
}
