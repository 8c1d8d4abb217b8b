//! Evaluating a position: its value and every legal move's value, best first (RULES.md §2).

use std::cmp::Ordering;

use mancala_solver::{move_value, Played, Position, Value};

use crate::{DbError, Tablebase};

/// One legal move with its value for the mover.
#[derive(Clone, Debug)]
pub struct MoveEval {
    /// The move and the position after it.
    pub played: Played,
    /// What the mover gets by playing it.
    pub value: Value,
    /// Among the best: it keeps the position's value and its depth rule (ahead: the shortest,
    /// behind: the longest).
    pub best: bool,
}

/// A position with its value and every move's, best first.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The position.
    pub position: Position,
    /// Its value for the side to move.
    pub value: Value,
    /// The final totals `[South, North]` when the game is over here.
    pub game_over: Option<[u32; 2]>,
    /// The result for the side to move that the value and the captured seeds imply.
    pub outcome: Ordering,
    /// Every legal move, best first; moves of equal value and depth in pit order.
    pub moves: Vec<MoveEval>,
}

impl Tablebase {
    /// Evaluates `position` and all its moves from the tablebase.
    pub fn evaluate(&self, position: &Position) -> Result<Evaluation, DbError> {
        let variant = position.variant();
        let l = variant.pits_per_side();
        let value = self.probe(position)?;
        let mut moves = position
            .successors()
            .into_iter()
            .map(|played| {
                let child = match played.outcome.child_board(l) {
                    Some(b) => self.probe_board(variant, &b)?,
                    None => Value::ENDLESS,
                };
                let value = move_value(variant, &played.outcome, child);
                Ok(MoveEval {
                    played,
                    value,
                    best: false,
                })
            })
            .collect::<Result<Vec<_>, DbError>>()?;
        moves.sort_by(|a, b| b.value.cmp_for_mover(&a.value));
        if let Some(top) = moves.first().map(|m| m.value) {
            for m in &mut moves {
                m.best = m.value.cmp_for_mover(&top) == Ordering::Equal;
            }
        }
        let side = position.side().index();
        let captured = position.captured();
        Ok(Evaluation {
            position: *position,
            value,
            game_over: position.game_over(),
            outcome: value.outcome(variant.scoring(), captured[side], captured[1 - side]),
            moves,
        })
    }
}
