//! An evaluation: a position's value and every legal move's, best first
//! (docs/rules.md#values-and-depths), with where the values come from ([`Source`]). The
//! tablebase's evaluation of a position it holds is assembled by [`Evaluation::from_tablebase`],
//! the search's by [`Evaluation::from_search`], so that both read the same.

use std::cmp::Ordering;
use std::time::Duration;

use mancala_solver::engine::{Analysis, Limit};
use mancala_solver::{move_value, BySide, GameResult, Played, Position, Value};

use mancala_db::Tablebase;

use crate::{Bounds, EvalError};

/// Where the values of an evaluation come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Source {
    /// The solved slices of the tablebase: every value exact, with its depth.
    Tablebase,
    /// The search engine: values without depths, each exact or an estimate.
    Search(SearchReport),
}

impl Source {
    /// `tablebase`, `book` (a search's answer stored in the opening book) or `search`.
    pub fn word(&self) -> &'static str {
        match self {
            Source::Tablebase => "tablebase",
            Source::Search(r) if r.origin == Origin::Book => "book",
            Source::Search(_) => "search",
        }
    }

    /// Whether the position's value is exact (always, from the tablebase).
    pub fn is_exact(&self) -> bool {
        match self {
            Source::Tablebase => true,
            Source::Search(r) => r.exact,
        }
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchReport {
    /// The position's value is proven: the value a complete tablebase would give.
    pub exact: bool,
    /// Plies of the deepest iteration completed.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The budget's limit that stopped the search before the answer was exact, if one did.
    pub stopped_by: Option<Limit>,
    /// Whether this search ran for this question, or is an earlier one's answer given again
    /// (the figures above are then that search's).
    pub origin: Origin,
}

/// How a searched answer was obtained for the question it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Searched now.
    Searched,
    /// An earlier search's answer, kept by the evaluator in memory or in the file.
    Kept,
    /// The opening book's answer, searched when the book was built (`mancala book build`).
    Book,
}

impl SearchReport {
    /// Whether the answer was given again without searching (kept, or from the book).
    pub fn kept(&self) -> bool {
        self.origin != Origin::Searched
    }
}

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
    /// The value is exact (always, from the tablebase); else a search's estimate.
    pub exact: bool,
    /// What is proven of the value: the value itself both ways when exact; what the search
    /// proved of an estimate.
    pub bounds: Bounds,
}

/// A position with its value and every move's, best first, and where they come from.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The position.
    pub position: Position,
    /// Its value for the side to move.
    pub value: Value,
    /// What is proven of the value: the value itself both ways when exact; what the search
    /// proved of an estimate.
    pub bounds: Bounds,
    /// The final totals when the game is over here.
    pub game_over: Option<BySide<u32>>,
    /// The result of the whole game for the side to move that the value and the captured seeds
    /// imply.
    pub result: GameResult,
    /// Every legal move, best first; moves of equal value and depth in pit order.
    pub moves: Vec<MoveEval>,
    /// Where the values come from: the tablebase, or a search (and what it did).
    pub source: Source,
}

impl Evaluation {
    /// The evaluation of `position`, whose value is `value` with `bounds` proven of it, from its
    /// moves' values: sorts the moves best first (a stable sort, so moves of equal value stay in
    /// pit order), marks those equal to the first as best, and derives the game's end and result.
    /// Every way of valuing the moves (the tablebase, a search) ends here, so they all read the
    /// same.
    fn new(
        position: Position,
        (value, bounds): (Value, Bounds),
        mut moves: Vec<MoveEval>,
        source: Source,
    ) -> Evaluation {
        moves.sort_by(|a, b| b.value.cmp_for_mover(&a.value));
        if let Some(top) = moves.first().map(|m| m.value) {
            for m in &mut moves {
                m.best = m.value.cmp_for_mover(&top) == Ordering::Equal;
            }
        }
        Evaluation {
            position,
            value,
            bounds,
            game_over: position.game_over(),
            result: value.result_in(&position),
            moves,
            source,
        }
    }

    /// The evaluation of `position` from the engine's `analysis` of it.
    pub(crate) fn from_search(position: &Position, analysis: &Analysis) -> Evaluation {
        let mut found: Vec<_> = analysis.moves.iter().collect();
        // Finer estimates first, so that moves whose rounded scores tie stay in the engine's
        // order.
        found.sort_by_key(|m| std::cmp::Reverse(m.value.sixteenths));
        let successors = position.successors();
        let moves = found
            .into_iter()
            .map(|m| {
                let played = *successors
                    .iter()
                    .find(|p| p.mv == m.mv)
                    .expect("the engine and the position list the same moves");
                MoveEval {
                    played,
                    value: Value {
                        score: m.value.score,
                        depth: None,
                    },
                    best: false,
                    exact: m.value.exact,
                    bounds: Bounds::from(m.value),
                }
            })
            .collect();
        let value = match analysis.moves.is_empty() {
            // The game is over here: the value of its end, with its depth of 0.
            true => Value::new(analysis.value.score, 0),
            false => Value {
                score: analysis.value.score,
                depth: None,
            },
        };
        let report = SearchReport {
            exact: analysis.value.exact,
            depth: analysis.depth,
            nodes: analysis.nodes,
            elapsed: analysis.elapsed,
            stopped_by: analysis.stopped_by,
            origin: Origin::Searched,
        };
        let bounds = Bounds::from(analysis.value);
        Evaluation::new(*position, (value, bounds), moves, Source::Search(report))
    }
}

impl Evaluation {
    /// Evaluates `position` and all its moves from the tablebase `tb`, which must hold it (else
    /// [`mancala_db::DbError::NotSolved`]); a position with closed pits from its shape table.
    /// Called by the evaluator only ([`crate::Evaluator::exact`], and where its sessions decide
    /// between the tablebase and a search).
    pub(crate) fn from_tablebase(
        tb: &Tablebase,
        position: &Position,
    ) -> Result<Evaluation, EvalError> {
        let variant = position.variant();
        let l = variant.pits_per_side();
        let shape = position.relative_shape();
        let value = tb.probe_board(variant, shape, &position.relative_board())?;
        let moves = position
            .successors()
            .into_iter()
            .map(|played| {
                let effect = &played.effect;
                let child = match effect.child_board(l) {
                    Some(b) => tb.probe_board(variant, effect.child_shape(shape, l), &b)?,
                    None => Value::ENDLESS,
                };
                let value = move_value(variant, &played.effect, child);
                Ok(MoveEval {
                    value,
                    played,
                    best: false,
                    exact: true,
                    bounds: Bounds::exact(value.score),
                })
            })
            .collect::<Result<Vec<_>, EvalError>>()?;
        let bounds = Bounds::exact(value.score);
        Ok(Evaluation::new(
            *position,
            (value, bounds),
            moves,
            Source::Tablebase,
        ))
    }
}
