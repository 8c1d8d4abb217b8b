//! Analysing a game record: for every move, the value before it, the best value available, the
//! value the move kept, what it cost, and a verdict.
//!
//! Verdicts, by the loss (the best move's value minus the played move's, both for the mover):
//!
//! * `best`: nothing lost (the move keeps the position's value).
//! * Score variants (the loss in seeds): 1–2 `inaccuracy`, 3–5 `mistake`, 6 or more `blunder`.
//! * Win/draw/loss variants: draw to loss is a `mistake`.
//! * Always a `blunder` when the move throws away a won game (the result of the whole game for the
//!   mover, counting the seeds captured already, goes from a win to a draw or a loss), and at
//!   least a `mistake` when it turns a drawn game into a lost one.

use std::fmt;

use mancala_solver::{BySide, GameResult, Move, MoveError, Position, Scoring, Value};

use mancala_solver::engine::Budget;

use crate::{EvalError, Evaluation, Evaluator, MoveEval, Source};

/// What a move cost, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Nothing lost.
    Best,
    /// A small loss.
    Inaccuracy,
    /// A real loss, or a drawn game turned into a lost one.
    Mistake,
    /// A big loss, or a won game thrown away.
    Blunder,
}

impl Verdict {
    /// Every verdict, best first.
    pub const ALL: [Verdict; 4] = [
        Verdict::Best,
        Verdict::Inaccuracy,
        Verdict::Mistake,
        Verdict::Blunder,
    ];

    /// `best`, `inaccuracy`, `mistake` or `blunder`.
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// The verdict on a move that lost `loss` (seeds, or result steps in win/draw/loss
    /// variants) and took the mover's game result from `before` to `after`.
    pub fn judge(scoring: Scoring, loss: u32, before: GameResult, after: GameResult) -> Verdict {
        if loss == 0 {
            return Verdict::Best;
        }
        if before == GameResult::Win && after != GameResult::Win {
            return Verdict::Blunder;
        }
        let by_loss = match scoring {
            Scoring::Score => match loss {
                1..=2 => Verdict::Inaccuracy,
                3..=5 => Verdict::Mistake,
                _ => Verdict::Blunder,
            },
            Scoring::WinDrawLoss => Verdict::Mistake,
        };
        if before == GameResult::Draw && after == GameResult::Loss {
            by_loss.max(Verdict::Mistake)
        } else {
            by_loss
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The analysis of one move of a record.
#[derive(Clone, Debug)]
pub struct MoveAnalysis {
    /// The move's place in the record, from 0.
    pub index: usize,
    /// The position before the move, with its value and every legal move's.
    pub before: Evaluation,
    /// The move played, with its value for the mover (the value it kept).
    pub played: MoveEval,
    /// The best value the mover had: the value of the first of `before.moves`.
    pub best: Value,
    /// `best - played` in score (seeds; result steps in win/draw/loss variants).
    pub loss: u32,
    /// The game's result for the mover before the move, counting what is captured.
    pub result_before: GameResult,
    /// The game's result for the mover after the move, with perfect play from there.
    pub result_after: GameResult,
    /// The verdict (module documentation).
    pub verdict: Verdict,
    /// The verdict rests on exact values only (the position's value and the move's); otherwise
    /// on a search's estimates.
    pub exact: bool,
}

/// A whole analysed record.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The start position.
    pub start: Position,
    /// Every move, in order.
    pub moves: Vec<MoveAnalysis>,
    /// The position after the last move.
    pub end: Position,
    /// The final totals when the game is over at the end of the record.
    pub game_over: Option<BySide<u32>>,
    /// The first move (its index) from whose position on the tablebase holds every position
    /// of the record; `moves.len()` when it holds only the end, `None` when not even that.
    pub tablebase_from: Option<usize>,
}

/// Why a record cannot be analysed.
#[derive(Debug)]
pub enum AnalyseError {
    /// Move `index` (from 0) is malformed or not legal in `position`.
    Move {
        /// The move's place in the record, from 0.
        index: usize,
        /// The position it was to be played in.
        position: Position,
        /// What is wrong with it (an illegal move lists the legal ones).
        error: MoveError,
    },
    /// The tablebase could not value a position (an unsolved slice, a damaged chunk...).
    Eval(EvalError),
}

impl From<EvalError> for AnalyseError {
    fn from(e: EvalError) -> AnalyseError {
        AnalyseError::Eval(e)
    }
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyseError::Move {
                index,
                position,
                error,
            } => write!(f, "moves[{index}] (in `{position}`): {error}"),
            AnalyseError::Eval(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AnalyseError {}

impl Evaluator {
    /// Plays `moves` (pit numbers or `pass`, as text) from `start` and judges every one: from
    /// the tablebase where it holds the position, else by a search within `budget` for that
    /// position (whose verdict may then rest on estimates). One [`crate::Session`] evaluates
    /// every position of the game.
    pub fn analyse<S: AsRef<str>>(
        &self,
        start: &Position,
        moves: &[S],
        budget: Budget,
    ) -> Result<Analysis, AnalyseError> {
        let variant = start.variant();
        let mut session = self.session(variant);
        let scoring = variant.scoring();
        let mut position = *start;
        let mut over = start.game_over();
        let mut out = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let bad = |error: MoveError| AnalyseError::Move {
                index,
                position,
                error,
            };
            let mv = Move::parse(variant, text).map_err(bad)?;
            if over.is_some() {
                // After a move that ends the game (an endless sowing leaves the board as it
                // was) nothing more can be played.
                return Err(bad(MoveError::Illegal {
                    text: text.to_owned(),
                    legal: Vec::new(),
                }));
            }
            let before = session.evaluate_in_line(&position, budget)?;
            let Some(played) = before.moves.iter().find(|m| m.played.mv == mv).cloned() else {
                return Err(bad(MoveError::Illegal {
                    text: text.to_owned(),
                    legal: position.legal_moves().iter().map(Move::to_string).collect(),
                }));
            };
            let best = before.moves.first().map_or(before.value, |m| m.value);
            let loss = (best.score as i32 - played.value.score as i32).max(0) as u32;
            let result_before = before.result;
            let result_after = played.value.result_in(&position);
            let verdict = Verdict::judge(scoring, loss, result_before, result_after);
            let exact = before.source.is_exact() && played.exact;
            let after = played.played;
            out.push(MoveAnalysis {
                index,
                before,
                played,
                best,
                loss,
                result_before,
                result_after,
                verdict,
                exact,
            });
            position = after.after;
            over = if after.ends_game {
                Some(after.after.captured())
            } else {
                None
            };
        }
        let held = |m: &MoveAnalysis| m.before.source == Source::Tablebase;
        let tablebase_from = if session.holds(&position) || over.is_some() {
            Some(out.iter().rposition(|m| !held(m)).map_or(0, |i| i + 1))
        } else {
            None
        };
        Ok(Analysis {
            start: *start,
            moves: out,
            end: position,
            game_over: over,
            tablebase_from,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::{Draw, Loss, Win};

    #[test]
    fn thresholds() {
        let s = Scoring::Score;
        assert_eq!(Verdict::judge(s, 0, Win, Win), Verdict::Best);
        assert_eq!(Verdict::judge(s, 1, Win, Win), Verdict::Inaccuracy);
        assert_eq!(Verdict::judge(s, 2, Loss, Loss), Verdict::Inaccuracy);
        assert_eq!(Verdict::judge(s, 3, Win, Win), Verdict::Mistake);
        assert_eq!(Verdict::judge(s, 5, Loss, Loss), Verdict::Mistake);
        assert_eq!(Verdict::judge(s, 6, Win, Win), Verdict::Blunder);
        // Throwing away a win is a blunder whatever it costs in seeds.
        assert_eq!(Verdict::judge(s, 1, Win, Draw), Verdict::Blunder);
        assert_eq!(Verdict::judge(s, 2, Win, Loss), Verdict::Blunder);
        // A drawn game lost is at least a mistake.
        assert_eq!(Verdict::judge(s, 1, Draw, Loss), Verdict::Mistake);
        let w = Scoring::WinDrawLoss;
        assert_eq!(Verdict::judge(w, 0, Win, Win), Verdict::Best);
        assert_eq!(Verdict::judge(w, 1, Win, Draw), Verdict::Blunder);
        assert_eq!(Verdict::judge(w, 2, Win, Loss), Verdict::Blunder);
        assert_eq!(Verdict::judge(w, 1, Draw, Loss), Verdict::Mistake);
    }
}
