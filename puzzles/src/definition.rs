//! What a puzzle is: a position, `CAPTURED` included so the whole game's result
//! is at stake, in which the side to move wins the game with perfect play, and at each of the
//! solver's turns along the solution either it has a single legal move (a forced move, played
//! for the player and not counted as a move to find) or it has a decision: at least two legal
//! moves, at least one of which does not keep the win, and exactly one move keeps the win. The
//! first turn is a decision, so every puzzle has at least one move to find. In score variants that means exactly
//! one move keeps the optimal score, and every other move changes the game's result or loses at
//! least [`MIN_SCORE_GAP`] seeds. The opponent's replies are the best defence (the longest
//! resistance: the tablebase's best move for them). The solution runs until the solver's move
//! that secures the result: the capture or end of the game that the depth counts down to, or the
//! solver's last move before an opponent's forced capture.

use mancala_eval::EvalError;
use mancala_eval::Evaluator;
use mancala_solver::{BySide, GameResult, Played, Position, Scoring, Value};

use crate::rating::{initial_rating, INITIAL_DEVIATION, INITIAL_VOLATILITY};
use crate::tag::themes;
use crate::{Collection, Puzzle, PuzzleRating, Solution};

/// In score variants, every move but the solution must lose at least this many seeds (or the
/// game), so that a near-equal alternative never makes a second solution.
pub const MIN_SCORE_GAP: i32 = 4;

impl Solution {
    /// The puzzle of `position` with this solution in `collection`: its themes and initial
    /// rating worked out from the line.
    pub fn into_puzzle(self, position: Position, collection: Collection) -> Puzzle {
        let themes = themes(&position, &self);
        Puzzle {
            position,
            solution: self.moves(),
            rating: PuzzleRating {
                rating: initial_rating(&self, &themes).round(),
                deviation: INITIAL_DEVIATION,
                volatility: INITIAL_VOLATILITY,
            },
            themes,
            collection,
        }
    }
}

/// A move that captures or ends the game: where the depth counts down to.
pub fn is_exit(p: &Played) -> bool {
    p.captured != BySide::default() || p.ends_game || p.extra_turn
}

/// The solution of `position` if it is a puzzle, else `None`.
pub fn solution_line(
    evaluator: &Evaluator,
    position: &Position,
) -> Result<Option<Solution>, EvalError> {
    let scoring = position.variant().scoring();
    let solver = position.side();
    let first = evaluator.exact(position)?;
    // The solver must be ahead on the board (a value with a depth, so the line is finite) as
    // well as winning the game.
    if first.result != GameResult::Win || first.game_over.is_some() || first.value.score <= 0 {
        return Ok(None);
    }
    let mut pos = *position;
    let mut solution = Solution::default();
    let mut e = first;
    loop {
        let Some(best) = e.moves.first() else {
            return Ok(None); // the game is over before the line secured anything
        };
        if pos.side() == solver {
            if best.value.result_in(&pos) != GameResult::Win {
                return Ok(None);
            }
            let decision = e.moves.len() >= 2;
            if !decision && solution.line.is_empty() {
                return Ok(None); // the first move must be found, not forced
            }
            if decision
                && e.moves
                    .iter()
                    .all(|m| m.value.result_in(&pos) == GameResult::Win)
            {
                return Ok(None); // every move keeps the win: nothing to find
            }
            for m in &e.moves[1..] {
                let wins = m.value.result_in(&pos) == GameResult::Win;
                let unique = match scoring {
                    Scoring::WinDrawLoss => !wins,
                    Scoring::Score => {
                        let gap = best.value.score as i32 - m.value.score as i32;
                        gap > 0 && (!wins || gap >= MIN_SCORE_GAP)
                    }
                };
                if !unique {
                    return Ok(None);
                }
                if solution.line.is_empty() && m.played.captured[solver] > 0 {
                    solution.tempting += 1;
                }
            }
            if decision {
                solution.choices += e.moves.len();
                solution.cycle_save |= e.moves[1..].iter().any(|m| m.value == Value::ENDLESS);
            }
            solution.line.push(best.played);
            solution.by_solver.push(true);
            solution.decisions.push(decision);
            if is_exit(&best.played) {
                return Ok(Some(solution));
            }
        } else {
            if is_exit(&best.played) {
                // The opponent is forced to capture or end the game: the solver's last move
                // secured it.
                return Ok(Some(solution));
            }
            solution.line.push(best.played);
            solution.by_solver.push(false);
            solution.decisions.push(false);
        }
        pos = best.played.after;
        e = evaluator.exact(&pos)?;
    }
}
