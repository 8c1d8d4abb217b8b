//! Evaluating any legal position: from the tablebase where it holds the position, else by the
//! search engine ([`mancala_solver::engine`]), which probes the tablebase at every position it
//! holds (exact leaves) and says which values it proved and which are estimates.

use std::collections::HashSet;
use std::time::Duration;

use mancala_solver::engine::{Budget, Engine, Limit};
use mancala_solver::{Board, Position, Slice, SliceId, Value, Variant};

use crate::{DbError, Evaluation, MoveEval, Tablebase};

/// Where the values of an evaluation come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Source {
    /// The solved slices of the tablebase: every value exact, with its depth.
    Tablebase,
    /// The search engine: values without depths, each exact or an estimate.
    Search(SearchReport),
}

impl Source {
    /// `tablebase` or `search`.
    pub fn word(&self) -> &'static str {
        match self {
            Source::Tablebase => "tablebase",
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
}

/// Transposition table entries for a search of `budget`: about a quarter as many as nodes, from
/// 64 Ki to 4 Mi entries (2 MiB to 128 MiB), so that a small search does not pay for clearing a
/// large table.
fn table_bits(budget: Budget) -> u32 {
    let log2 = 64 - budget.nodes.max(1).leading_zeros();
    log2.saturating_sub(2).clamp(16, 22)
}

/// The tablebase's exact values of a variant, as the search engine's leaves.
type Leaf<'a> = Box<dyn Fn(&Board) -> Option<i8> + Send + 'a>;

/// Evaluates positions of one variant, by the tablebase where it holds them and by search
/// elsewhere, keeping the engine's transposition table from one position to the next (the
/// positions of one game share most of their work).
pub struct Searcher<'a> {
    tb: &'a Tablebase,
    solved: std::sync::Arc<HashSet<SliceId>>,
    engine: Engine<Leaf<'a>>,
}

impl Tablebase {
    /// A searcher for `variant` whose transposition table suits searches of `budget`.
    pub fn searcher(&self, variant: Variant, budget: Budget) -> Result<Searcher<'_>, DbError> {
        let solved: std::sync::Arc<HashSet<SliceId>> =
            std::sync::Arc::new(self.current_slices(variant)?.into_iter().collect());
        let known = std::sync::Arc::clone(&solved);
        let leaf: Leaf<'_> = Box::new(move |b: &Board| {
            if !known.contains(&Slice::of(variant, b).id) {
                return None;
            }
            self.probe_board(variant, b).ok().map(|v| v.score)
        });
        Ok(Searcher {
            tb: self,
            solved,
            engine: Engine::new(variant, table_bits(budget), leaf),
        })
    }

    /// Evaluates any legal position: like [`Tablebase::evaluate`] where the tablebase holds it,
    /// else by a search within `budget` whose leaves are the positions the tablebase holds.
    /// Running out of budget is not an error: the answer is then the estimate of the deepest
    /// iteration the search completed (see [`SearchReport`]).
    pub fn evaluate_any(
        &self,
        position: &Position,
        budget: Budget,
    ) -> Result<(Evaluation, Source), DbError> {
        match self.evaluate(position) {
            Ok(e) => Ok((e, Source::Tablebase)),
            Err(DbError::NotSolved { .. }) => self
                .searcher(position.variant(), budget)?
                .evaluate(position, budget),
            Err(e) => Err(e),
        }
    }
}

impl Searcher<'_> {
    /// Evaluates `position` (of the searcher's variant): from the tablebase when it holds the
    /// position, else by a search within `budget`.
    pub fn evaluate(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<(Evaluation, Source), DbError> {
        let variant = position.variant();
        assert_eq!(
            variant,
            self.engine.variant(),
            "a searcher serves one variant"
        );
        if self
            .solved
            .contains(&Slice::of(variant, &position.relative_board()).id)
        {
            return Ok((self.tb.evaluate(position)?, Source::Tablebase));
        }
        Ok(search_evaluation(&mut self.engine, position, budget))
    }

    /// Forgets what earlier searches stored ([`Engine::clear_table`]): the next answers then
    /// depend on their positions and budgets alone.
    pub fn forget(&mut self) {
        self.engine.clear_table();
    }

    /// Whether the tablebase holds `position`.
    pub fn in_tablebase(&self, position: &Position) -> bool {
        self.solved
            .contains(&Slice::of(position.variant(), &position.relative_board()).id)
    }
}

/// The evaluation of `position` by `engine` (which must be of its variant).
fn search_evaluation<L: Fn(&Board) -> Option<i8>>(
    engine: &mut Engine<L>,
    position: &Position,
    budget: Budget,
) -> (Evaluation, Source) {
    let analysis = engine.analyse(&position.relative_board(), budget);
    let mut found: Vec<_> = analysis.moves.iter().collect();
    // Finer estimates first, so that moves whose rounded scores tie stay in the engine's order.
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
    };
    (
        Evaluation::new(*position, value, moves),
        Source::Search(report),
    )
}
